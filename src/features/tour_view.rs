//! A guided tour's step on the views: the overlays it names are put on and the others off (the
//! cell names are only ever put on: a visitor who hid them keeps them hidden), and the 3D view
//! turns to its camera pose about the board's home view.

use crate::features::compare::Compare;
use crate::features::rays::ShowRays;
use crate::features::threats::ShowThreats;
use crate::features::unrolled::Unrolled;
use crate::scene::board::ShowLabels;
use crate::scene::camera::{HomePose, ResetCamera};
use crate::state::mode::AtlasView;
use crate::state::tours::{StepShown, Touring, Tours};
use bevy::prelude::*;
use surface_chess_rules::tour::Overlay;

/// Shows each step's overlays and camera.
pub fn plugin(app: &mut App) {
    app.init_resource::<HomePose>()
        .add_message::<ResetCamera>()
        .add_systems(Update, (show_step, end_pose).chain().in_set(crate::schedule::AppSystems::Rules));
}

/// The overlays' toggles (each may be absent in a headless app).
#[derive(bevy::ecs::system::SystemParam)]
struct Toggles<'w> {
    rays: Option<ResMut<'w, ShowRays>>,
    threats: Option<ResMut<'w, ShowThreats>>,
    unrolled: Option<ResMut<'w, Unrolled>>,
    labels: Option<ResMut<'w, ShowLabels>>,
    compare: Option<ResMut<'w, Compare>>,
    atlas: Option<ResMut<'w, NextState<AtlasView>>>,
}

fn show_step(
    mut steps: MessageReader<StepShown>,
    tours: Res<Tours>,
    mut toggles: Toggles,
    mut pose: ResMut<HomePose>,
    mut reset: MessageWriter<ResetCamera>,
) {
    for shown in steps.read() {
        let Some(step) = tours.0.get(shown.tour).and_then(|t| t.steps.get(shown.step)) else { continue };
        let on = |o: Overlay| step.overlays.contains(&o);
        if let Some(rays) = toggles.rays.as_mut() {
            rays.set_if_neq(ShowRays(on(Overlay::Rays)));
        }
        if let Some(threats) = toggles.threats.as_mut() {
            threats.set_if_neq(ShowThreats(on(Overlay::Threats)));
        }
        if let Some(unrolled) = toggles.unrolled.as_mut() {
            unrolled.set_if_neq(Unrolled(on(Overlay::Unrolled)));
        }
        if let Some(compare) = toggles.compare.as_mut() {
            compare.set_if_neq(Compare(on(Overlay::Compare)));
        }
        if let Some(labels) = toggles.labels.as_mut().filter(|_| on(Overlay::Labels)) {
            labels.set_if_neq(ShowLabels(true));
        }
        if let Some(atlas) = toggles.atlas.as_mut() {
            atlas.set(if on(Overlay::Atlas) { AtlasView::Open } else { AtlasView::Closed });
        }
        pose.set_if_neq(HomePose(step.camera.map(|c| (c.yaw, c.pitch, c.distance))));
        reset.write(ResetCamera);
    }
}

/// When the tour ends the home view is the board's own again.
fn end_pose(touring: Res<Touring>, mut pose: ResMut<HomePose>) {
    if touring.is_changed() && touring.at.is_none() {
        pose.set_if_neq(HomePose(None));
    }
}
