//! A practice opponent for every variant: an alpha-beta search over the rules' own legal actions
//! with a geometry-aware evaluation, and playing levels from random to strongest.
//!
//! A search on a background thread, reporting each completed depth and stoppable at any time:
//!
//! ```
//! use std::sync::atomic::{AtomicBool, Ordering};
//! use std::sync::{Arc, mpsc};
//! use std::time::Duration;
//! use surface_chess_rules::engine::{Engine, Level};
//! use surface_chess_rules::{Game, Variant};
//!
//! let game = Game::new(Variant::Mobius);
//! let mut engine = Engine::new(1); // one per game: it learns from move to move
//! let limits = Level::Strongest.limits(Duration::from_millis(100));
//! let stop = Arc::new(AtomicBool::new(false)); // `stop.store(true, …)` ends the search early
//! let (progress, depths) = mpsc::channel();
//! let (flag, position) = (Arc::clone(&stop), game.clone());
//! let worker = std::thread::spawn(move || {
//!     let found = engine.search(&position, &limits, &flag, |info| progress.send(info.depth).unwrap_or(()));
//!     (engine, found)
//! });
//! let (_engine, found) = worker.join().unwrap();
//! let found = found.expect("the game is not over");
//! assert!(depths.try_iter().count() >= 1);
//! assert!(game.position().legal_actions().contains(&found.best));
//! println!("{} ({})", game.position().notation(found.best), found.score);
//! # stop.store(true, Ordering::Relaxed);
//! ```
//!
//! A search is deterministic for a given seed, position, history and depth or node limit, when
//! started from a fresh engine (or after [`Engine::clear`]); time limits and the stop flag depend
//! on the clock.

mod aspiration;
mod clock;
mod correction;
mod elo;
mod eval;
mod eval_cache;
mod level;
mod limits;
mod openings;
mod order;
mod pawn_spans;
mod progress;
mod result;
pub(crate) mod rng;
mod score;
mod search;
mod see;
mod selectivity;
mod selfplay;
mod team;
mod tt;
mod tune;
mod weights;
mod worker;
mod zobrist;

pub use clock::{Clock, OVERHEAD, fixed_share, share};
pub use elo::Elo;
pub use eval::{evaluate, evaluate_with};
pub use level::{DEFAULT_MOVETIME, Level, UnknownLevel};
pub use limits::Limits;
pub use openings::{BALANCED, MATCH_JUDGE_NODES, QUICK_JUDGE, balanced_opening};
pub use progress::promotion_distance;
pub use result::SearchResult;
pub use score::Score;
pub use selfplay::{
    Builtin, ENGINES_AGREE_AFTER, ENGINES_AGREE_REPETITIONS, Forfeit, Player, Tally, engines_agree_draw, game_seed,
    play_between, play_from, play_game,
};
pub use tune::{Sample, Tuned, error, fit_scale, samples, tune};
pub use weights::Weights;
pub use zobrist::hash;

use crate::action::Action;
use crate::game::Game;
use crate::position::Position;
use rng::Rng;
use score::MAX_NOISE;
use search::RootMove;
use std::sync::atomic::AtomicBool;
use std::time::Instant;
use team::{Root, Team};
use tt::Table;
use worker::Worker;

/// Transposition-table slots: 2^20 of 24 bytes.
const TABLE_BITS: u32 = 20;

/// A search engine for any variant. It keeps its transposition table and move-ordering history
/// between searches (they speed up the next move of the same game) and its random stream.
pub struct Engine {
    tt: Table,
    /// What each search thread keeps between searches.
    workers: Vec<Worker>,
    rng: Rng,
    seed: u64,
}

impl Engine {
    /// A new engine whose random choices (at levels with randomness) follow `seed`, searching on
    /// one thread.
    pub fn new(seed: u64) -> Engine {
        Engine::with_table(seed, TABLE_BITS)
    }

    /// A new engine whose transposition table takes at most `megabytes` MiB (the UCI `Hash`
    /// option), at least 1024 slots.
    pub fn with_hash(seed: u64, megabytes: usize) -> Engine {
        let slots = (megabytes << 20) / tt::SLOT_BYTES;
        Engine::with_table(seed, slots.max(1024).ilog2().min(32))
    }

    fn with_table(seed: u64, bits: u32) -> Engine {
        Engine { tt: Table::new(bits), workers: vec![Worker::new()], rng: Rng::new(seed), seed }
    }

    /// The engine searching on `threads` threads (the UCI `Threads` option, at least one) when a
    /// search is limited by time or runs until stopped (lazy SMP: the threads share the table).
    /// Searches limited by depth or nodes stay on one thread, so that they stay deterministic.
    pub fn threads(mut self, threads: usize) -> Engine {
        self.workers.resize_with(threads.max(1), Worker::new);
        self
    }

    /// The number of threads a timed search uses.
    pub fn thread_count(&self) -> usize {
        self.workers.len()
    }

    /// Forgets everything learned and restarts the random stream: the engine behaves as new.
    pub fn clear(&mut self) {
        self.tt.clear();
        self.workers.iter_mut().for_each(|w| *w = Worker::new());
        self.rng = Rng::new(self.seed);
    }

    /// Searches the game's current position, counting its earlier positions for repetition.
    /// Calls `on_iteration` after each completed iteration. Returns `None` if the game is over.
    pub fn search(
        &mut self,
        game: &Game,
        limits: &Limits,
        stop: &AtomicBool,
        on_iteration: impl FnMut(&SearchResult),
    ) -> Option<SearchResult> {
        if game.outcome().is_some() {
            return None;
        }
        let earlier = (0..game.actions().len()).filter_map(|ply| game.position_at(ply));
        self.search_position(game.position(), earlier, limits, stop, on_iteration)
    }

    /// Searches a position reached through `earlier` positions (oldest first, the position itself
    /// excluded): a repetition of any of them scores as a draw. Returns `None` if the position has
    /// no legal action. It does not ask whether the rules have already ended the game (material,
    /// repetition, move limit): [`Engine::search`] does.
    ///
    /// The time limit counts from the call and is kept on any position: the search returns within
    /// a few milliseconds of it with the best action found so far, at worst the first legal action
    /// in its move order. So do the node limit and the stop flag.
    pub fn search_position<'h>(
        &mut self,
        position: &Position,
        earlier: impl IntoIterator<Item = &'h Position>,
        limits: &Limits,
        stop: &AtomicBool,
        mut on_iteration: impl FnMut(&SearchResult),
    ) -> Option<SearchResult> {
        let start = Instant::now();
        let legal = position.legal_actions();
        if legal.is_empty() {
            return None;
        }
        if limits.depth == Some(0) {
            let best = legal[self.rng.below(legal.len() as u64) as usize];
            let elapsed = start.elapsed();
            let score = Score::Centipawns(0);
            return Some(SearchResult { best, score, depth: 0, seldepth: 0, nodes: 0, elapsed, pv: vec![best] });
        }
        let earlier: Vec<&Position> = earlier.into_iter().collect();
        // Only positions since the last pawn move or capture can repeat.
        let recent = earlier.len().saturating_sub(position.halfmove() as usize);
        let history = earlier[recent..].iter().map(|p| hash(p)).collect();
        let noise = u64::from(limits.noise.min(MAX_NOISE));
        let blind = u64::from(limits.blind.min(100));
        // Without blindness nothing is drawn, so the random stream stays the root randomness's.
        let mut seen: Vec<Action> = legal
            .iter()
            .copied()
            .filter(|&a| blind == 0 || !position.is_capture(a) || self.rng.below(100) >= blind)
            .collect();
        if seen.is_empty() {
            seen = legal;
        }
        let moves = seen
            .into_iter()
            .map(|action| RootMove { action, bonus: if noise > 0 { self.rng.below(noise + 1) as i32 } else { 0 } })
            .collect();
        let cells = position.complex().len();
        self.workers.iter_mut().for_each(|w| w.order.age(cells));
        let threads = if limits.depth.is_some() || limits.nodes.is_some() { 1 } else { self.workers.len() };
        let root = Root { position, moves, history, limits, start };
        Some(team::search(&Team::default(), &self.tt, &mut self.workers[..threads], root, stop, &mut on_iteration))
    }
}

impl Default for Engine {
    /// An engine with seed 0.
    fn default() -> Engine {
        Engine::new(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hash_option_sizes_the_table_within_its_megabytes() {
        for mb in [1, 24, 100, 1024] {
            let bytes = Engine::with_hash(0, mb).tt.bytes();
            assert!(bytes <= mb << 20 && bytes * 2 > mb << 20, "{mb} MiB: {bytes} bytes");
        }
    }
}
