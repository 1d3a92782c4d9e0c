//! The practice opponent in the app: the rules crate's engine plays the computer's side, or
//! suggests a move (hint), thinking on a background task (the window never waits for it) and
//! reporting the depth reached. A search for a position that is no longer the live one (a move
//! was made, another game started or was loaded) is stopped and its answer dropped.

use crate::state::commands::Command;
use crate::state::exhibition::Pace;
use crate::state::game::{CurrentGame, Notice};
use crate::state::messages::ActionChosen;
use crate::state::mode::{ComputerLevel, Players, Who};
use crate::state::selection::Selection;
use crate::state::tours::Touring;
use crate::state::viewing::Viewing;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use surface_chess_rules::Action;
use surface_chess_rules::engine::{DEFAULT_MOVETIME, Engine, Level};

/// What a search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// The computer's own move.
    Move,
    /// A hint for the player to move, shown on both views.
    Hint,
}

/// A search in progress. Dropping it stops the search.
#[derive(Resource)]
pub struct Thinking {
    /// What the search is for.
    pub purpose: Purpose,
    task: Task<Option<Action>>,
    stop: Arc<AtomicBool>,
    depth: Arc<AtomicU32>,
    /// The game and ply the search started at (a result for another is dropped).
    serial: u64,
    ply: usize,
    /// The app time (seconds) before which the answer is held back: the exhibition's pace.
    not_before: f32,
}

impl Thinking {
    /// The depth completed so far.
    pub fn depth(&self) -> u32 {
        self.depth.load(Ordering::Relaxed)
    }
}

impl Drop for Thinking {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// The computer opponent.
pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (finish_thinking, start_thinking, start_hint).chain().in_set(crate::schedule::AppSystems::Input),
    );
}

/// Whether it is the computer's turn in the live game.
pub fn computer_to_move(current: &CurrentGame, viewing: &Viewing, who: Who) -> bool {
    let game = &current.game;
    viewing.live(game) && !game.is_exploring() && who.computer_plays(game.position().side_to_move())
}

/// Whose turn it is in the game on show, for the systems that decide whether to think.
#[derive(SystemParam)]
struct Turn<'w> {
    current: Res<'w, CurrentGame>,
    viewing: Res<'w, Viewing>,
    players: Players<'w>,
}

impl Turn<'_> {
    /// Whether it is the computer's turn in the live game.
    fn computer_to_move(&self) -> bool {
        computer_to_move(&self.current, &self.viewing, self.players.who())
    }
}

fn start_thinking(
    mut commands: Commands,
    time: Res<Time>,
    pace: Res<Pace>,
    turn: Turn,
    level: Res<ComputerLevel>,
    thinking: Option<Res<Thinking>>,
    touring: Option<Res<Touring>>,
) {
    let (current, players) = (&turn.current, &turn.players);
    // A tour's step is shown, not played on (the exhibition's tours step by themselves).
    if thinking.is_some() || !turn.computer_to_move() || touring.is_some_and(|t| t.at.is_some()) {
        return;
    }
    let mut thinking = search(current, level.0, Purpose::Move);
    if players.who() == Who::Exhibition {
        thinking.not_before = time.elapsed_secs() + pace.0;
    }
    commands.insert_resource(thinking);
}

/// A hint is the strong level's move for the player to move.
fn start_hint(
    mut commands: Commands,
    mut requests: MessageReader<Command>,
    current: Res<CurrentGame>,
    viewing: Res<Viewing>,
    players: Players,
    thinking: Option<Res<Thinking>>,
) {
    if !requests.read().any(|&c| c == Command::Hint)
        || thinking.is_some()
        || !viewing.live(&current.game)
        || current.game.is_exploring()
        || computer_to_move(&current, &viewing, players.who())
    {
        return;
    }
    commands.insert_resource(search(&current, Level::Strong, Purpose::Hint));
}

/// Threads for the opponent's search: every core but one, which stays with drawing the window.
fn search_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().saturating_sub(1).max(1))
}

/// Starts a background search of the live position.
fn search(current: &CurrentGame, level: Level, purpose: Purpose) -> Thinking {
    let game = current.game.clone();
    let ply = game.actions().len();
    let limits = level.limits(DEFAULT_MOVETIME);
    let stop = Arc::new(AtomicBool::new(false));
    let depth = Arc::new(AtomicU32::new(0));
    let (task_stop, task_depth) = (stop.clone(), depth.clone());
    let task = AsyncComputeTaskPool::get().spawn(async move {
        let mut engine = Engine::new(0x5eed ^ ply as u64).threads(search_threads());
        engine.search(&game, &limits, &task_stop, |r| task_depth.store(r.depth, Ordering::Relaxed)).map(|r| r.best)
    });
    Thinking { purpose, task, stop, depth, serial: current.serial(), ply, not_before: 0.0 }
}

fn finish_thinking(
    mut commands: Commands,
    time: Res<Time>,
    turn: Turn,
    thinking: Option<ResMut<Thinking>>,
    mut selection: ResMut<Selection>,
    mut notice: ResMut<Notice>,
    mut chosen: MessageWriter<ActionChosen>,
) {
    let Some(mut thinking) = thinking else { return };
    let (current, viewing) = (&turn.current, &turn.viewing);
    let still_wanted = match thinking.purpose {
        Purpose::Move => turn.computer_to_move(),
        Purpose::Hint => viewing.live(&current.game),
    };
    if thinking.serial != current.serial() || thinking.ply != current.plies() || !still_wanted {
        commands.remove_resource::<Thinking>();
        return;
    }
    if time.elapsed_secs() < thinking.not_before {
        return;
    }
    if let Some(result) = check_ready(&mut thinking.task) {
        commands.remove_resource::<Thinking>();
        match (thinking.purpose, result) {
            (Purpose::Move, Some(action)) => {
                chosen.write(ActionChosen(action));
            }
            (Purpose::Hint, Some(action)) => {
                notice.say(format!("hint: {}", current.game.position().san(action)));
                selection.hint = Some(action);
            }
            (_, None) => {}
        }
    }
}
