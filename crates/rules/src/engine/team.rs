//! Lazy SMP: the threads of one search. Every thread searches the same root with its own move
//! ordering, sharing the lockless transposition table, so each finds the others' results there
//! and the main thread reaches further. Helpers start at alternating depths so that they do not
//! walk in step with the main thread. When the main thread is done the helpers stop, and the
//! search's result is that of the thread that completed the deepest iteration (the main thread's
//! on a tie), as in strong engines: a helper is often a ply ahead when the time runs out.

use super::limits::Limits;
use super::result::SearchResult;
use super::search::{RootMove, Search};
use super::tt::Table;
use super::worker::Worker;
use crate::position::Position;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering as Atomic};
use std::time::Instant;

/// What the threads of one search share besides the table.
#[derive(Default)]
pub(crate) struct Team {
    /// Set when the main thread has finished.
    pub done: AtomicBool,
    /// Nodes the helpers have searched so far.
    pub nodes: AtomicU64,
}

/// One search's root, limits and clock, as every thread starts it.
pub(crate) struct Root<'a> {
    pub position: &'a Position,
    pub moves: Vec<RootMove>,
    pub history: Vec<u64>,
    pub limits: &'a Limits,
    pub start: Instant,
}

/// Searches `root` on one thread per worker in `workers` (at least one) as `team`, reporting the
/// main thread's completed iterations; the result is the [`deepest`] thread's and counts every
/// thread's nodes.
pub(crate) fn search(
    team: &Team,
    tt: &Table,
    workers: &mut [Worker],
    root: Root,
    stop: &AtomicBool,
    on_iteration: &mut dyn FnMut(&SearchResult),
) -> SearchResult {
    let (main, helpers) = workers.split_first_mut().expect("at least one thread");
    let Root { position, moves, history, limits, start } = root;
    let (main_result, helper_results) = std::thread::scope(|scope| {
        let running: Vec<_> = helpers
            .iter_mut()
            .enumerate()
            .map(|(i, worker)| {
                let (moves, history) = (moves.clone(), history.clone());
                scope.spawn(move || {
                    let mut search = Search::new(tt, worker, stop, team, true, limits, history, start);
                    search.run(position, moves, limits, 1 + (i as i32 + 1) % 2, &mut |_| {})
                })
            })
            .collect();
        let mut search = Search::new(tt, main, stop, team, false, limits, history, start);
        let result = search.run(position, moves, limits, 1, on_iteration);
        team.done.store(true, Atomic::Relaxed);
        // A helper that panicked passes its panic on, as the scope would.
        let helpers: Vec<_> =
            running.into_iter().map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e))).collect();
        (result, helpers)
    });
    // Every helper has been joined: their nodes are all counted.
    let nodes = main_result.nodes + team.nodes.load(Atomic::Relaxed);
    let elapsed = main_result.elapsed;
    SearchResult { nodes, elapsed, ..deepest(main_result, helper_results) }
}

/// The result of the thread that completed the deepest iteration: the main thread's (`main`)
/// unless a helper went strictly deeper, then the first of the deepest helpers.
fn deepest(main: SearchResult, helpers: impl IntoIterator<Item = SearchResult>) -> SearchResult {
    helpers.into_iter().fold(main, |best, r| if r.depth > best.depth { r } else { best })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;
    use std::time::Duration;

    #[test]
    fn helpers_search_beside_the_main_thread_and_stop_with_it() {
        let position = Position::new(Variant::Mobius);
        let moves: Vec<RootMove> =
            position.legal_actions().into_iter().map(|action| RootMove { action, bonus: 0 }).collect();
        let (tt, mut workers) = (Table::new(16), vec![Worker::new(), Worker::new(), Worker::new()]);
        let limits = Limits::movetime(Duration::from_millis(300));
        let (team, stop, start) = (Team::default(), AtomicBool::new(false), Instant::now());
        let mut depths = Vec::new();
        let root = Root { position: &position, moves: moves.clone(), history: Vec::new(), limits: &limits, start };
        let result = search(&team, &tt, &mut workers, root, &stop, &mut |r| depths.push(r.depth));
        // The scope has joined the helpers: they stopped with the main thread.
        assert!(start.elapsed() < Duration::from_secs(5), "the helpers stopped: {:?}", start.elapsed());
        let helpers = team.nodes.load(Atomic::Relaxed);
        assert!(helpers > 0 && result.nodes > helpers, "the helpers searched, and are counted: {helpers}");
        assert!(moves.iter().any(|m| m.action == result.best), "a root action");
        let reported = depths.len() as u32;
        assert_eq!(depths, (1..=reported).collect::<Vec<_>>(), "the main thread reports every depth");
        assert!(result.depth >= reported, "the result is at least as deep as the main thread: {}", result.depth);
    }

    #[test]
    fn the_result_is_the_deepest_threads_and_the_main_threads_on_a_tie() {
        let legal = Position::new(Variant::Chess).legal_actions();
        let at = |depth: u32, i: usize| SearchResult {
            best: legal[i],
            score: crate::engine::Score::Centipawns(i as i32),
            depth,
            seldepth: depth + 4,
            nodes: 1_000,
            elapsed: Duration::from_millis(500),
            pv: vec![legal[i]],
        };
        assert_eq!(deepest(at(9, 0), [at(9, 1), at(8, 2)]), at(9, 0), "a tie keeps the main thread's");
        assert_eq!(deepest(at(9, 0), [at(9, 1), at(10, 2), at(10, 3)]), at(10, 2), "the first of the deepest");
        assert_eq!(deepest(at(9, 0), []), at(9, 0), "alone, the main thread's");
    }
}
