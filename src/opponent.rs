//! The practice opponent in the app: the rules crate's engine plays one side, or suggests a move
//! (hint), thinking on a background task (the window never waits for it) and reporting the depth
//! reached.

use crate::play::{ActionChosen, Play};
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use surface_chess_rules::engine::{DEFAULT_MOVETIME, Engine, Level};
use surface_chess_rules::{Action, Color as Side};

/// Who the computer plays, and how strongly. `side: None` is a game between two people.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Opponent {
    /// The side the computer plays.
    pub side: Option<Side>,
    /// Its level.
    pub level: Level,
    /// Exhibition: the computer plays both sides, game after game, across the boards.
    pub exhibition: bool,
}

impl Default for Opponent {
    fn default() -> Self {
        Opponent { side: None, level: Level::Club, exhibition: false }
    }
}

/// What a search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// The computer's own move.
    Move,
    /// A hint for the player to move, shown on both views.
    Hint,
}

/// Ask for a hint (the panel's button).
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct HintRequested;

/// A search in progress.
#[derive(Resource)]
pub struct Thinking {
    /// What the search is for.
    pub purpose: Purpose,
    task: Task<Option<Action>>,
    stop: Arc<AtomicBool>,
    depth: Arc<AtomicU32>,
    /// The ply the search started at (a result for another ply is dropped).
    ply: usize,
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
    app.init_resource::<Opponent>()
        .add_message::<HintRequested>()
        .add_systems(Update, (finish_thinking, start_thinking, start_hint).chain().in_set(crate::AppSystems::Input));
}

/// Whether it is the computer's turn in the live game.
pub fn computer_to_move(play: &Play, opponent: &Opponent) -> bool {
    play.live() && (opponent.exhibition || opponent.side == Some(play.game.position().side_to_move()))
}

fn start_thinking(mut commands: Commands, play: Res<Play>, opponent: Res<Opponent>, thinking: Option<Res<Thinking>>) {
    if thinking.is_some() || !computer_to_move(&play, &opponent) {
        return;
    }
    commands.insert_resource(search(&play, opponent.level, Purpose::Move));
}

/// A hint is the strongest level's move for the player to move.
fn start_hint(
    mut commands: Commands,
    mut requests: MessageReader<HintRequested>,
    play: Res<Play>,
    opponent: Res<Opponent>,
    thinking: Option<Res<Thinking>>,
) {
    if requests.read().count() == 0 || thinking.is_some() || !play.live() || computer_to_move(&play, &opponent) {
        return;
    }
    commands.insert_resource(search(&play, Level::Strong, Purpose::Hint));
}

/// Starts a background search of the live position.
fn search(play: &Play, level: Level, purpose: Purpose) -> Thinking {
    let game = play.game.clone();
    let ply = game.actions().len();
    let limits = level.limits(DEFAULT_MOVETIME);
    let stop = Arc::new(AtomicBool::new(false));
    let depth = Arc::new(AtomicU32::new(0));
    let (task_stop, task_depth) = (stop.clone(), depth.clone());
    let task = AsyncComputeTaskPool::get().spawn(async move {
        let mut engine = Engine::new(0x5eed ^ ply as u64);
        engine.search(&game, &limits, &task_stop, |r| task_depth.store(r.depth, Ordering::Relaxed)).map(|r| r.best)
    });
    Thinking { purpose, task, stop, depth, ply }
}

fn finish_thinking(
    mut commands: Commands,
    mut play: ResMut<Play>,
    opponent: Res<Opponent>,
    thinking: Option<ResMut<Thinking>>,
    mut chosen: MessageWriter<ActionChosen>,
) {
    let Some(mut thinking) = thinking else { return };
    let still_wanted = match thinking.purpose {
        Purpose::Move => computer_to_move(&play, &opponent),
        Purpose::Hint => play.live(),
    };
    if thinking.ply != play.game.actions().len() || !still_wanted {
        commands.remove_resource::<Thinking>();
        return;
    }
    if let Some(result) = check_ready(&mut thinking.task) {
        commands.remove_resource::<Thinking>();
        match (thinking.purpose, result) {
            (Purpose::Move, Some(action)) => {
                chosen.write(ActionChosen(action));
            }
            (Purpose::Hint, Some(action)) => {
                play.note = format!("hint: {}", play.game.position().notation(action));
                play.hint = Some(action);
            }
            (_, None) => {}
        }
    }
}
