//! Exhibition mode (`--demo`, the panel's button, or a kiosk left idle): the computer plays both
//! sides at a pace a visitor can follow, across the boards one after another, while the camera
//! slowly orbits, and between two games a guided tour steps by itself (the tours in turn); any
//! click, touch or key hands control back. On boards whose rules never end a
//! game without progress (Strato, Chess³) the computers agree a draw after 150 quiet halfmoves.

use crate::state::commands::Command;
use crate::state::game::{CurrentGame, Notice};
use crate::state::mode::{AppMode, ModeSwitch, PlayMode};
use crate::state::tours::{TourCommand, TourSystems, Touring, Tours};
use bevy::ecs::system::SystemParam;
use bevy::input::touch::Touches;
use bevy::prelude::*;
use surface_chess_rules::engine::engines_agree_draw;
use surface_chess_rules::{Game, Variant};

/// Seconds a finished exhibition game stays on show before the next board.
const PAUSE_SECONDS: f32 = 4.0;

/// The least time between two exhibition moves, in seconds (`--pace`; default 3).
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct Pace(pub f32);

impl Default for Pace {
    fn default() -> Self {
        Pace(3.0)
    }
}

/// The exhibition's systems (hand-back and the next board).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ExhibitionSystems;

/// Exhibition mode.
pub fn plugin(app: &mut App) {
    app.init_resource::<Pace>().add_systems(
        Update,
        (
            (hand_back_control, next_exhibition_game)
                .chain()
                .run_if(in_state(AppMode::Exhibition))
                .in_set(ExhibitionSystems)
                .in_set(crate::schedule::AppSystems::Input),
            start_exhibition.in_set(crate::schedule::AppSystems::Rules),
            step_by_itself.in_set(crate::schedule::AppSystems::Input).before(TourSystems),
        ),
    );
}

/// How long a step of a tour that steps by itself stays on show, in exhibition moves' paces.
pub const STEP_PACES: f32 = 4.0;

/// A tour that steps by itself moves on every few paces.
fn step_by_itself(
    time: Res<Time>,
    pace: Res<Pace>,
    touring: Res<Touring>,
    mut shown_for: Local<f32>,
    mut orders: MessageWriter<TourCommand>,
) {
    if touring.is_changed() || !touring.auto || touring.at.is_none() {
        *shown_for = 0.0;
        return;
    }
    *shown_for += time.delta_secs();
    if *shown_for >= pace.0 * STEP_PACES {
        *shown_for = 0.0;
        orders.write(TourCommand::Next);
    }
}

/// The board after `v` in the exhibition's cycle: the boards with a game to play.
pub fn next_board(v: Variant) -> Variant {
    let games: Vec<Variant> = Variant::ALL.into_iter().filter(|v| v.spec().opening.offers_game()).collect();
    let i = games.iter().position(|&x| x == v).unwrap_or(games.len() - 1);
    games[(i + 1) % games.len()]
}

/// The player's keys, mouse buttons and touches (each may be absent in a headless app).
#[derive(SystemParam)]
pub struct PlayerInput<'w> {
    keys: Option<Res<'w, ButtonInput<KeyCode>>>,
    buttons: Option<Res<'w, ButtonInput<MouseButton>>>,
    touches: Option<Res<'w, Touches>>,
}

impl PlayerInput<'_> {
    /// Whether the player pressed a key, a mouse button or touched the screen this frame.
    pub fn any(&self) -> bool {
        self.keys.as_ref().is_some_and(|k| k.get_just_pressed().next().is_some())
            || self.buttons.as_ref().is_some_and(|b| b.get_just_pressed().next().is_some())
            || self.touches.as_ref().is_some_and(|t| t.iter_just_pressed().next().is_some())
    }
}

/// Any input hands control back: two players at this screen.
fn hand_back_control(
    input: PlayerInput,
    mut play: ResMut<PlayMode>,
    mut next: ResMut<NextState<AppMode>>,
    mut notice: ResMut<Notice>,
    mut touring: ResMut<Touring>,
) {
    if input.any() {
        // A tour on show stays, for the visitor to step through.
        touring.auto = false;
        *play = PlayMode::TwoPlayers;
        NextState::set_if_neq(&mut next, AppMode::Offline);
        notice.say("exhibition stopped: your move");
    }
}

/// The panel's Exhibition button: the exhibition starts, on a new game of the same board if
/// this one is over.
fn start_exhibition(mut commands: MessageReader<Command>, mut mode: ModeSwitch, mut current: ResMut<CurrentGame>) {
    if commands.read().any(|&c| c == Command::Exhibition) {
        mode.set(AppMode::Exhibition);
        if current.game.outcome().is_some() {
            let variant = current.variant();
            current.replace(Game::new(variant));
        }
    }
}

/// The computers agree a draw where the rules would never end the game; a finished game stays
/// on show for a while, then the next tour steps by itself, and after it the next board starts.
#[allow(clippy::too_many_arguments)]
fn next_exhibition_game(
    time: Res<Time>,
    mut current: ResMut<CurrentGame>,
    mut notice: ResMut<Notice>,
    touring: Res<Touring>,
    tours: Res<Tours>,
    mut attract: MessageWriter<TourCommand>,
    mut finished_for: Local<f32>,
    mut interlude: Local<Interlude>,
) {
    if touring.at.is_some() {
        interlude.touring = true;
        return;
    }
    if std::mem::take(&mut interlude.touring) {
        // The tour is over: the next board's game.
        let next = next_board(interlude.board.unwrap_or(Variant::Chess));
        current.replace(Game::new(next));
        notice.say(format!("exhibition: {next}"));
        return;
    }
    if engines_agree_draw(&current.game) && current.game.agree_draw().is_ok() {
        notice.say("exhibition: the computers agree a draw");
    }
    if current.game.outcome().is_none() {
        *finished_for = 0.0;
        return;
    }
    *finished_for += time.delta_secs();
    if *finished_for >= PAUSE_SECONDS {
        *finished_for = 0.0;
        interlude.board = Some(current.variant());
        if tours.0.is_empty() {
            let next = next_board(current.variant());
            current.replace(Game::new(next));
            notice.say(format!("exhibition: {next}"));
        } else {
            attract.write(TourCommand::Attract(interlude.tours % tours.0.len()));
            interlude.tours += 1;
            notice.say("exhibition: a guided tour");
        }
    }
}

/// Between two exhibition games: the board last played, how many tours were shown, and whether
/// one is on show.
#[derive(Default)]
struct Interlude {
    board: Option<Variant>,
    tours: usize,
    touring: bool,
}
