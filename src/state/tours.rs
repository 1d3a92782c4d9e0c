//! Guided tours (issue 20): the tours that ship in `assets/tours/` (checked by the rules when read),
//! and the one being walked through. A step sets its board and position up (exploring where the
//! board explores), selects its piece and plays its move, which then glides along its route;
//! [`StepShown`] tells the views to put on the step's overlays and camera. Next and Back come from
//! the panel's buttons (a click or a tap), the keys N and P, or, in the exhibition's attract loop,
//! by themselves every few paces (`exhibition`).

use crate::state::commands::Command;
use crate::state::game::CurrentGame;
use crate::state::game::GameReplaced;
use crate::state::messages::ActionChosen;
use crate::state::mode::{AppMode, ModeSwitch, PlayMode};
use crate::state::selection::Selection;
use bevy::prelude::*;
use include_dir::{Dir, include_dir};
use surface_chess_rules::tour::Tour;
use surface_chess_rules::{Game, Start};

/// The tours that ship with the game.
static BUILT_IN: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/assets/tours");

/// The tours on offer, in file-name order.
#[derive(Resource, Clone, Debug, Default)]
pub struct Tours(pub Vec<Tour>);

impl Tours {
    /// The tours that ship with the game (each passes its check: a test makes sure).
    pub fn built_in() -> Tours {
        let mut files: Vec<_> =
            BUILT_IN.files().filter(|f| f.path().extension().is_some_and(|e| e == "json")).collect();
        files.sort_by_key(|f| f.path());
        Tours(files.iter().filter_map(|f| f.contents_utf8().and_then(|t| Tour::from_json(t).ok())).collect())
    }
}

/// The walk's systems (a tour's steps are asked for before them).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TourSystems;

/// Where the walk is: which tour and which step, or the list of tours.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Touring {
    /// The tour and step on show.
    pub at: Option<(usize, usize)>,
    /// Whether the list of tours is open (no tour on show).
    pub list: bool,
    /// Whether the tour steps by itself (the exhibition's attract loop).
    pub auto: bool,
}

/// The piece a step selects, once its game has been announced as replaced (which forgets the
/// selection): the game's serial and the cell.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
struct PendingSelection(Option<(u64, surface_chess_rules::Cell)>);

/// What the walk is asked to do.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum TourCommand {
    /// Start the tour at this place in the list, at its first step.
    Open(usize),
    /// Start it stepping by itself, in the exhibition (the exhibition goes on around it).
    Attract(usize),
    /// The next step (after the last: the tour ends).
    Next,
    /// The step before.
    Back,
    /// End the tour.
    Close,
}

/// A step was set up: the views put on its overlays and camera.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct StepShown {
    /// The tour.
    pub tour: usize,
    /// The step.
    pub step: usize,
}

/// The tours and the walk through them.
pub fn plugin(app: &mut App) {
    app.insert_resource(Tours::built_in())
        .init_resource::<Touring>()
        .init_resource::<PendingSelection>()
        .add_message::<TourCommand>()
        .add_message::<StepShown>()
        .add_systems(
            Update,
            (select_when_replaced, keys_and_buttons, walk)
                .chain()
                .in_set(crate::schedule::AppSystems::Input)
                .in_set(TourSystems),
        );
}

/// Selects the step's piece once its game has replaced the one before (the selection is forgotten
/// when a game is replaced, at the start of the next frame).
fn select_when_replaced(
    mut replaced: MessageReader<GameReplaced>,
    mut pending: ResMut<PendingSelection>,
    mut selection: ResMut<Selection>,
) {
    for r in replaced.read() {
        if let Some((serial, cell)) = pending.0
            && serial == r.serial
        {
            selection.selected = Some(cell);
            pending.0 = None;
        }
    }
}

/// The panel's Tours button opens or closes the list; N and P step while a tour is on show.
fn keys_and_buttons(
    mut commands: MessageReader<Command>,
    mut touring: ResMut<Touring>,
    mut orders: MessageWriter<TourCommand>,
) {
    for command in commands.read() {
        match command {
            Command::Tours => touring.list = !touring.list,
            Command::TourNext if touring.at.is_some() => {
                orders.write(TourCommand::Next);
            }
            Command::TourBack if touring.at.is_some() => {
                orders.write(TourCommand::Back);
            }
            _ => {}
        }
    }
}

/// Moves the walk and sets the step up.
#[allow(clippy::too_many_arguments)]
fn walk(
    mut orders: MessageReader<TourCommand>,
    tours: Res<Tours>,
    mut touring: ResMut<Touring>,
    mut current: ResMut<CurrentGame>,
    mut pending: ResMut<PendingSelection>,
    mut play: ResMut<PlayMode>,
    mut mode: ModeSwitch,
    mut chosen: MessageWriter<ActionChosen>,
    mut shown: MessageWriter<StepShown>,
) {
    for &order in orders.read() {
        let wanted = match (order, touring.at) {
            (TourCommand::Open(t) | TourCommand::Attract(t), _) => Some((t, 0)),
            (TourCommand::Next, Some((t, s))) => Some((t, s + 1)),
            (TourCommand::Back, Some((t, s))) => Some((t, s.saturating_sub(1))),
            (TourCommand::Next | TourCommand::Back, None) => None,
            (TourCommand::Close, _) => None,
        };
        let Some((t, s)) = wanted.filter(|&(t, s)| tours.0.get(t).is_some_and(|tour| s < tour.steps.len())) else {
            // Past the last step, or closed: the tour ends and the list is offered again.
            touring.list = !touring.auto;
            touring.at = None;
            touring.auto = false;
            continue;
        };
        let (tour, step) = (&tours.0[t], &tours.0[t].steps[s]);
        let start = Start::Edited { label: format!("tour {}, step {}", tour.id(), s + 1) };
        let game = if step.exploring {
            Game::explore_from(step.position.clone(), start)
        } else {
            Game::from_position(step.position.clone(), start)
        };
        current.replace(game);
        // A tour is offline play at this screen, like a lesson; the attract loop's, the exhibition.
        let auto = match order {
            TourCommand::Attract(_) => true,
            TourCommand::Open(_) => false,
            _ => touring.auto,
        };
        if !auto {
            *play = PlayMode::TwoPlayers;
            mode.set(AppMode::Offline);
        }
        // A step that plays a move shows it gliding along its route (the move ends the selection).
        pending.0 = step.select.filter(|_| step.play.is_none()).map(|cell| (current.serial(), cell));
        if let Some(action) = step.play {
            chosen.write(ActionChosen(action));
        }
        *touring = Touring { at: Some((t, s)), list: false, auto };
        shown.write(StepShown { tour: t, step: s });
    }
}
