//! The view toggles show their state: a toggle that is on has a lit border and a filled square
//! before its label (off: an empty one), on the panel's buttons from the command table.

use crate::features::compare::Compare;
use crate::features::follow::FollowGame;
use crate::features::levels::LevelView;
use crate::features::rays::ShowRays;
use crate::features::threats::ShowThreats;
use crate::features::unrolled::Unrolled;
use crate::scene::board::ShowLabels;
use crate::scene::chart::Flipped;
use crate::scene::facing::BoardSide;
use crate::state::commands::View;
use crate::state::mode::AtlasView;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

/// The border of a toggle that is on.
pub const ON: Color = Color::srgb(0.95, 0.80, 0.25);
/// The border of one that is off (a button's own).
pub const OFF: Color = crate::ui::button::BORDER;

/// A button that turns this view on and off.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Toggles(pub View);

/// The on/off square at the left of a toggle's label.
#[derive(Component)]
pub struct ToggleMark;

/// Makes `button` the toggle of `view`, its mark before its label.
pub fn make_toggle(commands: &mut Commands, button: Entity, view: View) {
    let mark = commands
        .spawn((
            Node { width: px(9), height: px(9), margin: UiRect::right(px(6)), border: UiRect::all(px(1)), ..default() },
            BorderColor::all(OFF),
            BackgroundColor(Color::NONE),
            ToggleMark,
            Pickable::IGNORE,
        ))
        .id();
    commands.entity(button).insert(Toggles(view)).insert_children(0, &[mark]);
}

/// Whether each view is on (each may be absent in a headless app).
#[derive(SystemParam)]
pub struct ToggleStates<'w> {
    flipped: Option<Res<'w, Flipped>>,
    side: Option<Res<'w, BoardSide>>,
    labels: Option<Res<'w, ShowLabels>>,
    atlas: Option<Res<'w, State<AtlasView>>>,
    rays: Option<Res<'w, ShowRays>>,
    threats: Option<Res<'w, ShowThreats>>,
    unrolled: Option<Res<'w, Unrolled>>,
    compare: Option<Res<'w, Compare>>,
    levels: Option<Res<'w, LevelView>>,
    follow: Option<Res<'w, FollowGame>>,
}

impl ToggleStates<'_> {
    /// Whether `view` is on.
    pub fn on(&self, view: View) -> bool {
        match view {
            View::FlipChart => self.flipped.as_ref().is_some_and(|f| f.0),
            View::FlipBoard => self.side.as_ref().is_some_and(|s| s.flipped),
            View::Labels => self.labels.as_ref().is_some_and(|l| l.0),
            View::Atlas => self.atlas.as_ref().is_some_and(|a| *a.get() == AtlasView::Open),
            View::Rays => self.rays.as_ref().is_some_and(|r| r.0),
            View::Threats => self.threats.as_ref().is_some_and(|t| t.0),
            View::Unrolled => self.unrolled.as_ref().is_some_and(|u| u.0),
            View::Compare => self.compare.as_ref().is_some_and(|c| c.0),
            View::OneLevel => self.levels.as_ref().is_some_and(|l| l.one),
            View::Follow => self.follow.as_ref().is_some_and(|f| f.0),
        }
    }
}

/// Lights the border and fills the mark of every toggle that is on.
pub fn show_toggles(
    states: ToggleStates,
    mut buttons: Query<(&Toggles, &mut BorderColor, &Children), Without<ToggleMark>>,
    mut marks: Query<(&mut BackgroundColor, &mut BorderColor), With<ToggleMark>>,
) {
    for (&Toggles(view), mut border, children) in &mut buttons {
        let on = states.on(view);
        let edge = if on { ON } else { OFF };
        border.set_if_neq(BorderColor::all(edge));
        for &child in children {
            if let Ok((mut fill, mut mark_edge)) = marks.get_mut(child) {
                fill.set_if_neq(BackgroundColor(if on { ON } else { Color::NONE }));
                mark_edge.set_if_neq(BorderColor::all(edge));
            }
        }
    }
}
