//! "What if it were not twisted?" (key W, the Learn tab's button): on a board with a twin (M and
//! the 10 × 9 cylinder, K and the 9 × 18 torus, Endless and the cylinder, the projective plane
//! and the torus: [`surface_chess_rules::VariantSpec::twin`]), the same position on the twin
//! beside it, in the right half of the 3D view and beside the chart, with the selected piece's
//! destinations on both. The cells where they differ are marked on both boards and both views:
//! a ring where the piece gets on that board only, a cross where it gets on the other only.

pub mod chart;
pub mod compared;
pub mod twin;

use crate::scene::board::Embedded;
use crate::scene::camera::SplitView;
use crate::scene::chart::ChartShown;
use crate::scene::flat::FlatMaterial;
use crate::scene::overlay::{push_on_chart, push_on_surface, redraw, spawn_on_both_views};
use crate::state::commands::{Command, View, toggled};
use crate::state::game::Notice;
use crate::state::play::PlayState;
use bevy::prelude::*;
pub use compared::{Compare, CompareShown, Compared, ComparedSystems, DIFFERS, difference_strokes};

/// The difference marks on this board's two views.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum DifferencePart {
    /// On the surface.
    Surface,
    /// On the chart.
    Chart,
}

/// The comparison: the toggle, what it shows and its marks on this board (the twin's views are
/// `twin` and `chart`).
pub fn plugin(app: &mut App) {
    app.init_resource::<Compare>()
        .init_resource::<Compared>()
        .init_resource::<SplitView>()
        .add_systems(Startup, spawn_drawings)
        .add_systems(
            Update,
            (
                toggle_compare.in_set(crate::schedule::AppSystems::Rules),
                (compare.in_set(ComparedSystems), draw_differences).chain().in_set(crate::schedule::AppSystems::Show),
            ),
        );
}

/// The twin's views, for the rendering app: its 3D board in the right half of the 3D view and
/// its chart beside this board's.
pub fn drawing_plugin(app: &mut App) {
    app.add_plugins((twin::plugin, chart::plugin));
}

fn spawn_drawings(
    mut commands: Commands,
    mut materials: ResMut<Assets<FlatMaterial>>,
    mut meshes: ResMut<Assets<Mesh>>,
) {
    let ink = materials.add(FlatMaterial::two_sided(DIFFERS));
    spawn_on_both_views(&mut commands, &mut meshes, ink, (DifferencePart::Surface, DifferencePart::Chart), 0.1);
}

/// The button and key; on a board without a twin the notice says why nothing changes.
fn toggle_compare(
    mut commands: MessageReader<Command>,
    mut compare: ResMut<Compare>,
    play: PlayState,
    mut notice: ResMut<Notice>,
) {
    if toggled(&mut commands, View::Compare) {
        compare.0 = !compare.0;
        if compare.0 && play.variant().spec().twin.is_none() {
            notice.say(format!("{} has no twisted seam to take out: nothing to compare", play.variant()));
        }
    }
}

/// The comparison for the position on show and the selection.
fn compare(compare: Res<Compare>, play: PlayState, mut compared: ResMut<Compared>, mut split: ResMut<SplitView>) {
    if !compare.is_changed() && !play.is_changed() {
        return;
    }
    let wanted = compare_shown(compare.0, &play);
    split.set_if_neq(SplitView(wanted.is_some()));
    compared.set_if_neq(Compared(wanted));
}

/// What the comparison shows for the toggle and the play state.
pub fn compare_shown(on: bool, play: &PlayState) -> Option<CompareShown> {
    if !on || play.setup.is_some() {
        return None;
    }
    let p = play.shown();
    let twin = p.on_twin()?;
    let exploring = play.current.game.is_exploring();
    let moves = play.selection.selected.and_then(|from| Some((from, p.compare(from, exploring)?)));
    Some(CompareShown { twin, moves })
}

fn draw_differences(
    compared: Res<Compared>,
    embedded: Option<Res<Embedded>>,
    chart: Option<Res<ChartShown>>,
    mut drawings: Query<(&DifferencePart, &Mesh3d, &mut Visibility)>,
    mut meshes: ResMut<Assets<Mesh>>,
) {
    let (Some(embedded), Some(chart)) = (embedded, chart) else { return };
    if !compared.is_changed() && !embedded.is_changed() && !chart.is_changed() {
        return;
    }
    let strokes = match &compared.0 {
        Some(CompareShown { moves: Some((_, c)), .. }) => difference_strokes(&c.here, &c.there),
        _ => Vec::new(),
    };
    let complex = &embedded.0.variant.rules().complex;
    for (part, mesh, visibility) in &mut drawings {
        let (mut positions, mut indices) = (Vec::new(), Vec::new());
        match part {
            DifferencePart::Surface => push_on_surface(&embedded.0, &strokes, 0.024, &mut positions, &mut indices),
            DifferencePart::Chart => push_on_chart(&chart.0, complex, &strokes, &mut positions, &mut indices),
        }
        redraw(&mut meshes, mesh, visibility, &positions, indices);
    }
}
