//! The practice opponent in the app: the rules crate's engine plays the computer's side, or
//! suggests a move (hint), thinking on a background task (the window never waits for it) and
//! reporting the depth reached. A search for a position that is no longer the live one (a move
//! was made, another game started or was loaded) is stopped and its answer dropped. One engine
//! serves a game from move to move, as in matches and under UCI: what it learned searching one
//! move (its table, its histories) speeds up the next.

use crate::state::commands::Command;
use crate::state::exhibition::Pace;
use crate::state::game::{CurrentGame, Notice};
use crate::state::messages::{ActionChosen, PlaySystems};
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
    task: Task<(Engine, Option<Action>)>,
    /// The searches the engine had completed before this one.
    searches: u32,
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

/// The engine between two searches of one game (none while one runs, or before the first).
#[derive(Resource, Default)]
pub struct KeptEngine(Option<Kept>);

/// An engine and what it has searched.
struct Kept {
    /// The game ([`CurrentGame::serial`]).
    serial: u64,
    /// The searches it has completed in that game.
    searches: u32,
    engine: Engine,
}

impl KeptEngine {
    /// The game whose searches the kept engine has made and how many it has completed, if any.
    pub fn searched(&self) -> Option<(u64, u32)> {
        self.0.as_ref().map(|k| (k.serial, k.searches))
    }

    /// The engine for a search of `current`, with its searches so far: the kept one if it has
    /// searched this game, else a new one.
    fn take_for(&mut self, current: &CurrentGame) -> (Engine, u32) {
        match self.0.take() {
            Some(Kept { serial, searches, engine }) if serial == current.serial() => (engine, searches),
            _ => (Engine::new(0x5eed ^ current.serial()).threads(search_threads()), 0),
        }
    }
}

/// The computer opponent.
pub fn plugin(app: &mut App) {
    // The computer starts thinking once the rules have played the frame's moves (its own
    // included): before, it would start on the position its chosen move is about to leave.
    app.init_resource::<KeptEngine>()
        .add_systems(Update, (finish_thinking, start_hint).chain().in_set(crate::schedule::AppSystems::Input))
        .add_systems(Update, start_thinking.after(PlaySystems).in_set(crate::schedule::AppSystems::Rules));
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

/// The search in progress, if any, and the engine kept between searches.
#[derive(SystemParam)]
struct Mind<'w> {
    thinking: Option<ResMut<'w, Thinking>>,
    kept: ResMut<'w, KeptEngine>,
}

fn start_thinking(
    mut commands: Commands,
    time: Res<Time>,
    pace: Res<Pace>,
    turn: Turn,
    level: Res<ComputerLevel>,
    touring: Option<Res<Touring>>,
    mut mind: Mind,
) {
    let (current, players) = (&turn.current, &turn.players);
    // A tour's step is shown, not played on (the exhibition's tours step by themselves).
    if mind.thinking.is_some() || !turn.computer_to_move() || touring.is_some_and(|t| t.at.is_some()) {
        return;
    }
    let mut thinking = search(current, level.0, Purpose::Move, mind.kept.take_for(current));
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
    mut mind: Mind,
) {
    if !requests.read().any(|&c| c == Command::Hint)
        || mind.thinking.is_some()
        || !viewing.live(&current.game)
        || current.game.is_exploring()
        || computer_to_move(&current, &viewing, players.who())
    {
        return;
    }
    commands.insert_resource(search(&current, Level::Strong, Purpose::Hint, mind.kept.take_for(&current)));
}

/// Threads for the opponent's search: every core but one, which stays with drawing the window.
fn search_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().saturating_sub(1).max(1))
}

/// Starts a background search of the live position by `engine`, which the task hands back.
fn search(current: &CurrentGame, level: Level, purpose: Purpose, (mut engine, searches): (Engine, u32)) -> Thinking {
    let game = current.game.clone();
    let ply = game.actions().len();
    let limits = level.limits(DEFAULT_MOVETIME);
    let stop = Arc::new(AtomicBool::new(false));
    let depth = Arc::new(AtomicU32::new(0));
    let (task_stop, task_depth) = (stop.clone(), depth.clone());
    let task = AsyncComputeTaskPool::get().spawn(async move {
        let found = engine.search(&game, &limits, &task_stop, |r| task_depth.store(r.depth, Ordering::Relaxed));
        (engine, found.map(|r| r.best))
    });
    Thinking { purpose, task, searches, stop, depth, serial: current.serial(), ply, not_before: 0.0 }
}

fn finish_thinking(
    mut commands: Commands,
    time: Res<Time>,
    turn: Turn,
    mind: Mind,
    mut selection: ResMut<Selection>,
    mut notice: ResMut<Notice>,
    mut chosen: MessageWriter<ActionChosen>,
) {
    let Mind { thinking, mut kept } = mind;
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
    if let Some((engine, result)) = check_ready(&mut thinking.task) {
        commands.remove_resource::<Thinking>();
        kept.0 = Some(Kept { serial: thinking.serial, searches: thinking.searches + 1, engine });
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
