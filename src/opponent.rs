//! The practice opponent in the app: the rules crate's engine plays one side, thinking on a
//! background task (the window never waits for it) and reporting the depth reached.

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
}

impl Default for Opponent {
    fn default() -> Self {
        Opponent { side: None, level: Level::Club }
    }
}

/// A search in progress.
#[derive(Resource)]
pub struct Thinking {
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
        .add_systems(Update, (finish_thinking, start_thinking).chain().in_set(crate::AppSystems::Input));
}

/// Whether it is the computer's turn in the live game.
pub fn computer_to_move(play: &Play, opponent: &Opponent) -> bool {
    play.live() && opponent.side == Some(play.game.position().side_to_move())
}

fn start_thinking(mut commands: Commands, play: Res<Play>, opponent: Res<Opponent>, thinking: Option<Res<Thinking>>) {
    if thinking.is_some() || !computer_to_move(&play, &opponent) {
        return;
    }
    let game = play.game.clone();
    let ply = game.actions().len();
    let limits = opponent.level.limits(DEFAULT_MOVETIME);
    let stop = Arc::new(AtomicBool::new(false));
    let depth = Arc::new(AtomicU32::new(0));
    let (task_stop, task_depth) = (stop.clone(), depth.clone());
    let task = AsyncComputeTaskPool::get().spawn(async move {
        let mut engine = Engine::new(0x5eed ^ ply as u64);
        engine.search(&game, &limits, &task_stop, |r| task_depth.store(r.depth, Ordering::Relaxed)).map(|r| r.best)
    });
    commands.insert_resource(Thinking { task, stop, depth, ply });
}

fn finish_thinking(
    mut commands: Commands,
    play: Res<Play>,
    opponent: Res<Opponent>,
    thinking: Option<ResMut<Thinking>>,
    mut chosen: MessageWriter<ActionChosen>,
) {
    let Some(mut thinking) = thinking else { return };
    let current = thinking.ply == play.game.actions().len() && computer_to_move(&play, &opponent);
    if !current {
        commands.remove_resource::<Thinking>();
        return;
    }
    if let Some(result) = check_ready(&mut thinking.task) {
        commands.remove_resource::<Thinking>();
        if let Some(action) = result {
            chosen.write(ActionChosen(action));
        }
    }
}
