//! Iterative-deepening principal-variation search, on one thread of a [`super::team`]: negamax
//! alpha-beta with aspiration windows, a shared transposition table, null-move pruning, logarithmic
//! late-move reductions (of quiet moves, checks included, and of losing captures; at the root on
//! some boards), razoring on some boards, futility,
//! late-move, history and exchange pruning near the horizon (harder where the side to move's
//! evaluation is falling; margins in the board's own scale of values), internal iterative
//! reduction, check extensions (on some boards only of checks that leave few replies) and
//! singular extensions, static evaluations corrected by what searches found in positions with the
//! same pawns, moves picked best first as they are needed, and quiescence on captures
//! that do not lose material and on promotions (cut by the table's bounds where the main search
//! left one); a node's table move is tried before its other moves are ranked. Repetitions (of
//! the game or of the search path), the rules' material draws and the move limit score as draws;
//! mates score by their distance.
//!
//! Every part of the search can be stopped: the clock, the stop flag and the node budget are looked
//! at every [`POLL`] nodes from the first iteration on, and quiescence is bounded in depth, so a
//! search on the most crowded position ends within a few milliseconds of its limit with the best
//! action found so far (at worst the first action in move order).

use super::aspiration::Window;
use super::correction::Correction;
use super::eval_cache::EvalCache;
use super::limits::Limits;
use super::order::{HISTORY_MAX, MAX_PLY, Moved, Ordering, losing, pick, ranked, victim};
use super::result::SearchResult;
use super::score::{INFINITY, MATE, MATE_BOUND, Score};
use super::see::{see, see_quiet};
use super::selectivity::Selectivity;
use super::team::Team;
use super::tt::{Bound, Table};
use super::weights::Weights;
use super::worker::Worker;
use super::zobrist::{hash, hash_after};
use crate::action::Action;
use crate::game::{material_draw, move_limit_reached};
use crate::piece::Role;
use crate::position::Position;
use std::sync::atomic::{AtomicBool, Ordering as Atomic};
use std::time::Instant;

/// A root action and the random bonus added to its score.
#[derive(Clone, Copy)]
pub(crate) struct RootMove {
    pub action: Action,
    pub bonus: i32,
}

// The margins below are in centipawns of the base weights; the search multiplies them by the
// board's [`Weights::scale`], so that a board whose fitted values are twice the base ones prunes
// at the same advantage.

/// The half-width of the first aspiration window.
const WINDOW: i32 = 40;
/// Past this half-width a failing aspiration window opens fully on the side it failed.
const WIDEST: i32 = 600;
/// Quiescence skips captures that cannot lift the score to alpha even with this margin.
const DELTA: i32 = 200;
/// Reverse futility's margin a ply (half of it less where the evaluation is rising).
const REVERSE_FUTILITY: i32 = 100;
/// Futility's margin a ply.
const FUTILITY: i32 = 150;
/// Razoring's margin a ply, within [`RAZORING_DEPTH`] plies of the horizon.
const RAZORING: i32 = 300;
const RAZORING_DEPTH: i32 = 3;
/// Root actions searched before late quiet ones are reduced (where the board reduces them).
const ROOT_UNREDUCED: usize = 3;
/// The null move reduces one ply more for each of these above beta (up to three).
const NULL_MARGIN: i32 = 200;
/// Nodes between looks at the clock and the stop flag: a node of a crowded surface position costs
/// tens of microseconds, one of a crowded Chess³ position up to a millisecond (hundreds of moves,
/// each tested on a copy), so this keeps the overrun to a few milliseconds; reading the clock
/// costs far less than a node.
const POLL: u64 = 4;
/// Quiescence plies in which a side in check tries every evasion (so that mates just beyond the
/// horizon are seen); deeper, a check is answered by captures only, like any other position.
const QUIESCENCE_EVASIONS: u32 = 1;
/// The deepest quiescence: beyond it the static evaluation stands.
const QUIESCENCE_DEPTH: u32 = 8;

/// The least depth at which a table move is tested for a singular extension.
const SINGULAR_DEPTH: i32 = 6;

/// Quiet moves are pruned by their history within this many plies of the horizon, when their
/// key is below [`HISTORY_PRUNING`] times the plies left.
const HISTORY_PRUNING_DEPTH: i32 = 3;
const HISTORY_PRUNING: i32 = HISTORY_MAX / 4;
/// Losing captures are pruned within this many plies of the horizon, when their exchange loses
/// more than [`SEE_PRUNING`] centipawns times the plies left.
const SEE_PRUNING_DEPTH: i32 = 4;
const SEE_PRUNING: i32 = 100;

/// Quiet moves are pruned by their exchange within this many plies of the horizon, when they
/// lose more than [`QUIET_SEE_PRUNING`] centipawns times the square of the plies left.
const QUIET_SEE_PRUNING_DEPTH: i32 = 4;
const QUIET_SEE_PRUNING: i32 = 30;

/// Nodes a helper thread counts before adding them to its team's count.
const FLUSH: u64 = 1024;

/// One search in progress, on one thread.
pub(crate) struct Search<'a> {
    tt: &'a Table,
    order: &'a mut Ordering,
    stop: &'a AtomicBool,
    team: &'a Team,
    /// A helper thread (lazy SMP): it stops when the main thread is done and reports nothing.
    helper: bool,
    start: Instant,
    deadline: Option<Instant>,
    max_nodes: u64,
    nodes: u64,
    seldepth: usize,
    /// Set once the search must unwind: scores computed after it are meaningless.
    aborted: bool,
    /// The depth of the iteration in progress.
    iteration: i32,
    /// Hashes of the game's earlier positions, then of the search path down to the current node.
    path: Vec<u64>,
    lists: Vec<Vec<Action>>,
    /// Whether a ply's buffer already holds the current node's legal actions (generated to count
    /// a check's replies).
    listed: Vec<bool>,
    ranks: Vec<Vec<(i32, Action)>>,
    /// The quiet actions searched so far at each ply.
    tried: Vec<Vec<Action>>,
    pv: Vec<Vec<Action>>,
    /// The static evaluation at each ply of the current line (`-INFINITY` in check).
    evals: Vec<i32>,
    /// The move that led to each ply of the current line (none at the root and after a null move).
    moved: Vec<Option<Moved>>,
    /// The action a singular-extension search leaves out at each ply.
    excluded: Vec<Option<Action>>,
    /// Static evaluations of positions met before.
    statics: &'a mut EvalCache,
    /// What the static evaluation has missed, by pawn structure.
    correction: &'a mut Correction,
    /// The board's scale of evaluation, in percent of the base weights' ([`Weights::scale`]).
    scale: i32,
    /// The board's checks extended and late-move reductions.
    selectivity: Selectivity,
}

impl<'a> Search<'a> {
    /// A search started at `start` (its time limit counts from there) from a root whose earlier
    /// game positions hash to `history` (oldest first); the main thread of its `team` unless
    /// `helper`.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        tt: &'a Table,
        worker: &'a mut Worker,
        stop: &'a AtomicBool,
        team: &'a Team,
        helper: bool,
        limits: &Limits,
        history: Vec<u64>,
        start: Instant,
    ) -> Search<'a> {
        let Worker { order, statics, correction } = worker;
        Search {
            tt,
            order,
            stop,
            team,
            helper,
            start,
            deadline: limits.movetime.map(|t| start + t),
            max_nodes: limits.nodes.unwrap_or(u64::MAX),
            nodes: 0,
            seldepth: 0,
            aborted: false,
            iteration: 0,
            path: history,
            lists: vec![Vec::new(); MAX_PLY],
            listed: vec![false; MAX_PLY],
            ranks: vec![Vec::new(); MAX_PLY],
            tried: vec![Vec::new(); MAX_PLY],
            pv: vec![Vec::new(); MAX_PLY],
            evals: vec![-INFINITY; MAX_PLY],
            moved: vec![None; MAX_PLY],
            excluded: vec![None; MAX_PLY],
            statics,
            correction,
            scale: 100,
            selectivity: Selectivity::COMMON,
        }
    }

    /// `p`'s static evaluation `raw` with its correction where the board uses it, short of the
    /// mate scores, and the correction's slot (0 where the board uses none).
    fn corrected(&self, p: &Position, raw: i32) -> (i32, usize) {
        if !self.selectivity.corrected {
            return (raw, 0);
        }
        let slot = Correction::slot(p);
        ((raw + self.correction.get(slot)).clamp(-MATE_BOUND + 1, MATE_BOUND - 1), slot)
    }

    /// A margin in centipawns of the base weights, in the board's evaluation units.
    fn margin(&self, centipawns: i32) -> i32 {
        centipawns * self.scale / 100
    }

    /// Iterative deepening over the root actions (at least one) from depth `first`, reporting
    /// each completed iteration. Stopped during an iteration, it keeps the best root action that
    /// iteration completed if it is the first, else the previous iteration's (which is searched
    /// first); stopped before any, the first root action in move order.
    pub fn run(
        &mut self,
        root: &Position,
        mut moves: Vec<RootMove>,
        limits: &Limits,
        first: i32,
        on_iteration: &mut dyn FnMut(&SearchResult),
    ) -> SearchResult {
        self.scale = Weights::of(root.variant()).scale();
        self.selectivity = Selectivity::of(root.variant());
        let root_hash = hash(root);
        self.path.push(root_hash);
        let tt_move = self.tt.probe(root_hash, 0).and_then(|e| e.action);
        moves.sort_by_key(|m| std::cmp::Reverse(self.order.rank(root, m.action, tt_move, 0, [None; 2])));
        let max_depth = limits.depth.map_or(MAX_PLY / 2, |d| (d as usize).min(MAX_PLY / 2)) as i32;
        let noisy = moves.iter().any(|m| m.bonus != 0);
        let mut result = self.report(moves[0].action, 0, 0, Vec::new());
        let mut score = 0;
        for depth in first..=max_depth {
            self.iteration = depth;
            let Some((value, pv)) = self.aspirate(root, &mut moves, depth, score, noisy) else { break };
            score = value;
            let completed = !self.aborted;
            result = self.report(moves[0].action, score, if completed { depth } else { depth - 1 }, pv);
            if !completed {
                break;
            }
            on_iteration(&result);
            let forced = moves.len() == 1 && limits.depth.is_none();
            let mate_seen = score.abs() > MATE_BOUND && MATE - score.abs() <= depth;
            if forced || mate_seen {
                break;
            }
        }
        if self.helper {
            self.team.nodes.fetch_add(self.nodes % FLUSH, Atomic::Relaxed);
        }
        SearchResult { nodes: self.nodes, elapsed: self.start.elapsed(), seldepth: self.seldepth as u32, ..result }
    }

    fn report(&self, best: Action, score: i32, depth: i32, pv: Vec<Action>) -> SearchResult {
        SearchResult {
            best,
            score: Score::from_internal(score),
            depth: depth.max(0) as u32,
            seldepth: self.seldepth as u32,
            nodes: self.nodes + self.team.nodes.load(Atomic::Relaxed),
            elapsed: self.start.elapsed(),
            pv: if pv.is_empty() { vec![best] } else { pv },
        }
    }

    /// One iteration in a window around the previous score, widened on the side the value falls
    /// out of until it holds it ([`Window`]). `None` if it was aborted before any root action
    /// completed.
    fn aspirate(
        &mut self,
        root: &Position,
        moves: &mut [RootMove],
        depth: i32,
        previous: i32,
        noisy: bool,
    ) -> Option<(i32, Vec<Action>)> {
        if depth < 4 || noisy || previous.abs() >= MATE_BOUND {
            return self.root(root, moves, depth, -INFINITY, INFINITY);
        }
        let mut window = Window::around(previous, self.margin(WINDOW), self.margin(WIDEST));
        loop {
            let found = self.root(root, moves, depth, window.alpha, window.beta)?;
            if self.aborted || window.holds(found.0) {
                return Some(found);
            }
            window = window.widened(found.0);
        }
    }

    /// Searches every root action in a window; the best moves to the front. Returns its score and
    /// line, or `None` if aborted before the first action completed.
    fn root(
        &mut self,
        root: &Position,
        moves: &mut [RootMove],
        depth: i32,
        alpha: i32,
        beta: i32,
    ) -> Option<(i32, Vec<Action>)> {
        let mut best: Option<(usize, i32, Vec<Action>)> = None;
        for (i, &RootMove { action, bonus }) in moves.iter().enumerate() {
            let floor = best.as_ref().map_or(alpha, |b| b.1.max(alpha));
            self.moved[1] = Moved::of(root, action);
            let mut next = root.clone();
            next.play_unchecked(action);
            let check = next.is_check();
            let h = hash(&next);
            self.path.push(h);
            // The child is searched for its own value; the root adds the bonus.
            let (lo, hi) = (floor - bonus, beta - bonus);
            let v = if i == 0 {
                -self.negamax(&next, h, check, depth - 1, -hi, -lo, 1, true)
            } else {
                // Late quiet root actions that do not check are reduced where the board says so
                // (as in a PV node, a ply less than elsewhere), and searched again in full if
                // they reach the floor.
                let quiet = !root.is_capture(action) && action.promotion().is_none();
                let r = if self.selectivity.root_reduced && i >= ROOT_UNREDUCED && quiet && !check && depth >= 3 {
                    (self.selectivity.reduction(depth, i) - 1).clamp(0, depth - 2)
                } else {
                    0
                };
                self.later(&next, h, check, depth - 1, r, lo, hi, 1)
            };
            self.path.pop();
            if self.aborted {
                break;
            }
            // A bonus never makes or unmakes a mate.
            let v = if v.abs() > MATE_BOUND { v } else { v + bonus };
            // A later action replaces the first only by raising the floor: below it, scores are
            // upper bounds and do not compare.
            if best.is_none() || v > floor {
                let mut line = vec![action];
                line.extend_from_slice(&self.pv[1]);
                best = Some((i, v, line));
                if v >= beta {
                    break;
                }
            }
        }
        let (i, v, line) = best?;
        moves[..=i].rotate_right(1);
        Some((v, line))
    }

    /// Counts a node and looks at the limits now and then.
    #[inline]
    fn enter(&mut self, ply: usize) {
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        self.pv[ply].clear();
        if self.nodes >= self.max_nodes
            || (self.nodes.is_multiple_of(POLL)
                && (self.stop.load(Atomic::Relaxed)
                    || (self.helper && self.team.done.load(Atomic::Relaxed))
                    || self.deadline.is_some_and(|d| Instant::now() >= d)))
        {
            self.aborted = true;
        }
        if self.helper && self.nodes.is_multiple_of(FLUSH) {
            self.team.nodes.fetch_add(FLUSH, Atomic::Relaxed);
        }
    }

    /// Whether the current node (the last hash on the path) repeats an earlier position since the
    /// last pawn move or capture, of the game or of the search.
    fn repeated(&self, halfmove: u32) -> bool {
        let n = self.path.len();
        let h = self.path[n - 1];
        let back = (halfmove as usize).min(n - 1);
        (2..=back).step_by(2).any(|k| self.path[n - 1 - k] == h)
    }

    /// Draws below the root: a repetition, the rules' material draw, or their move limit unless the
    /// player to move is mated (mate comes first in the rules' order).
    fn drawn(&self, p: &Position, in_check: bool) -> bool {
        self.repeated(p.halfmove())
            || material_draw(p).is_some()
            || (move_limit_reached(p) && !(in_check && p.count_legal() == 0))
    }

    /// The legal actions at `ply` (only the captures and promotions unless `quiet`), in the
    /// ply's reused buffer.
    fn take_list(&mut self, p: &Position, ply: usize, quiet: bool) -> Vec<Action> {
        let mut list = std::mem::take(&mut self.lists[ply]);
        if std::mem::take(&mut self.listed[ply]) && quiet {
            return list;
        }
        list.clear();
        if quiet {
            p.legal_actions_into(&mut list);
        } else {
            p.legal_captures_into(&mut list);
        }
        list
    }

    /// Whether the board extends the check at `ply`: every check, or one that leaves few replies.
    /// Those are counted on the node's legal actions, which then stay in the ply's buffer.
    fn extends_check(&mut self, p: &Position, ply: usize) -> bool {
        let Some(most) = self.selectivity.check_replies else { return true };
        let list = self.take_list(p, ply, true);
        let few = list.len() as u64 <= most;
        self.lists[ply] = list;
        self.listed[ply] = true;
        few
    }

    /// The alpha-beta search of a node `ply` plies below the root with `depth` plies left.
    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        p: &Position,
        h: u64,
        in_check: bool,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        null_ok: bool,
    ) -> i32 {
        self.pv[ply].clear();
        self.listed[ply] = false;
        if self.drawn(p, in_check) {
            return 0;
        }
        // Check extension, up to twice the iteration's depth (beyond, a chain of checks, common
        // on crowded boards, is left to quiescence), of the checks the board extends.
        if in_check && ply <= 2 * self.iteration as usize && self.extends_check(p, ply) {
            depth += 1;
        }
        if depth <= 0 {
            return self.quiesce(p, h, in_check, alpha, beta, ply, 0);
        }
        self.enter(ply);
        if self.aborted {
            return 0;
        }
        if ply >= MAX_PLY - 1 {
            return self.statics.evaluate(p, h);
        }
        // Mate-distance pruning: no line from here beats a mate already found nearer the root.
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let pv_node = beta - alpha > 1;
        // A search that leaves an action out neither reads nor writes the table: its value is
        // not the node's.
        let excluded = self.excluded[ply];
        let entry = if excluded.is_some() { None } else { self.tt.probe(h, ply) };
        if let Some(e) = entry
            && !pv_node
            && i32::from(e.depth) >= depth
            && p.halfmove() < 100
            && e.settles(alpha, beta)
        {
            return e.score;
        }
        let tt_move = entry.and_then(|e| e.action);
        // Internal iterative reduction: a node the table knows no move for is searched a ply
        // shallower (its move order is a guess; the next iteration finds it with a move).
        if tt_move.is_none() && excluded.is_none() && depth >= 4 {
            depth -= 1;
        }
        let (eval, raw, slot) = if in_check {
            (-INFINITY, -INFINITY, 0)
        } else {
            let raw = self.statics.evaluate(p, h);
            let (eval, slot) = self.corrected(p, raw);
            (eval, raw, slot)
        };
        self.evals[ply] = eval;
        // Whether the evaluation rose since this side's previous move (unknown counts as rising):
        // falling positions are pruned harder.
        let improving = ply < 2 || eval > self.evals[ply - 2];
        if !pv_node && !in_check && beta.abs() < MATE_BOUND {
            // Reverse futility: far above beta near the horizon, a quiet move will not fall below.
            if depth <= 6 && eval - self.margin(REVERSE_FUTILITY) * (2 * depth - i32::from(improving)) / 2 >= beta {
                return eval;
            }
            // Razoring, where the board uses it: far below alpha near the horizon, a node whose
            // captures do not reach alpha either is settled by them.
            if self.selectivity.razoring && depth <= RAZORING_DEPTH && eval + self.margin(RAZORING) * depth <= alpha {
                let v = self.quiesce(p, h, false, alpha, alpha + 1, ply, 0);
                self.pv[ply].clear();
                if self.aborted {
                    return 0;
                }
                if v <= alpha {
                    return v;
                }
            }
            if null_ok && depth >= 3 && eval >= beta && has_pieces(p) {
                let next = pass(p);
                let nh = hash(&next);
                self.path.push(nh);
                let r = 3 + depth / 3 + ((eval - beta) / self.margin(NULL_MARGIN)).min(3);
                self.moved[ply + 1] = None;
                let v = -self.negamax(&next, nh, false, depth - 1 - r, -beta, -beta + 1, ply + 1, false);
                self.path.pop();
                if self.aborted {
                    return 0;
                }
                if v >= beta {
                    return v.min(MATE_BOUND);
                }
            }
        }
        // Singular extension: a table move that alone holds the table's score (the others, searched
        // to half the depth, all fall a margin below it) is searched a ply deeper; if another also
        // reaches beta, the node is cut without its search.
        let mut singular = 0;
        if let (Some(e), Some(m)) = (entry, tt_move)
            && ply > 0
            && ply <= 2 * self.iteration as usize
            && depth >= SINGULAR_DEPTH
            && i32::from(e.depth) >= depth - 3
            && e.bound != Bound::Upper
            && e.score.abs() < MATE_BOUND
        {
            let singular_beta = e.score - 2 * depth;
            self.excluded[ply] = Some(m);
            let v = self.negamax(p, h, in_check, (depth - 1) / 2, singular_beta - 1, singular_beta, ply, false);
            self.excluded[ply] = None;
            self.pv[ply].clear();
            if self.aborted {
                return 0;
            }
            if v < singular_beta {
                singular = 1;
            } else if singular_beta >= beta {
                return singular_beta;
            }
        }
        let list = self.take_list(p, ply, true);
        if list.is_empty() {
            self.lists[ply] = list;
            return if in_check { -MATE + ply as i32 } else { 0 };
        }
        let mut moves = std::mem::take(&mut self.ranks[ply]);
        let previous = [self.moved[ply], ply.checked_sub(1).and_then(|up| self.moved[up])];
        // A legal table move is tried before the others are ranked: it often cuts the node alone.
        let staged = tt_move.filter(|m| list.contains(m));
        let first = staged.as_slice();
        ranked(if first.is_empty() { &list } else { first }, &mut moves, |a| {
            self.order.rank(p, a, tt_move, ply, previous)
        });
        let original_alpha = alpha;
        let (mut best, mut best_move) = (-INFINITY, None);
        let mut tried = std::mem::take(&mut self.tried[ply]);
        tried.clear();
        for searched in 0..list.len() {
            if searched == 1
                && let Some(m) = staged
            {
                let order = &*self.order;
                moves.extend(list.iter().filter(|&&a| a != m).map(|&a| (order.rank(p, a, tt_move, ply, previous), a)));
            }
            let (key, a) = pick(p, &mut moves, searched);
            if Some(a) == excluded {
                continue;
            }
            let quiet = !p.is_capture(a) && a.promotion().is_none();
            // Near the horizon, late actions that do not check are pruned, when an earlier one
            // was searched and not found mated. An action is played only when it is searched or
            // may check.
            let late = !in_check && !pv_node && searched > 0 && best > -MATE_BOUND;
            let pruned = late
                && if quiet {
                    // Futility: a quiet move cannot lift a hopeless static score.
                    (depth <= 3 && eval + self.margin(FUTILITY) * depth <= alpha)
                    // Late moves, ordered after the promising ones, are not tried (half as many
                    // where the evaluation is falling).
                    || (depth <= 5 && searched as i32 >= (3 + depth * depth * 2) / (2 - i32::from(improving)))
                    // Nor one whose history is bad enough.
                    || (depth <= HISTORY_PRUNING_DEPTH && key < -HISTORY_PRUNING * depth)
                    // Nor one that moves a piece where it hangs, by more than a margin growing
                    // with the plies left.
                    || (depth <= QUIET_SEE_PRUNING_DEPTH && see_quiet(p, a) < -QUIET_SEE_PRUNING * depth * depth)
                } else {
                    // Nor a capture whose exchange loses more than a margin a ply.
                    depth <= SEE_PRUNING_DEPTH && losing(key) && see(p, a) < -SEE_PRUNING * depth
                };
            let may_check = p.may_check(a);
            if pruned && !may_check {
                continue;
            }
            let mut next = p.clone();
            next.play_unchecked(a);
            let check = may_check && next.is_check();
            if pruned && !check {
                continue;
            }
            self.moved[ply + 1] = Moved::of(p, a);
            let nh = hash_after(p, h, a, &next);
            self.tt.prefetch(nh);
            self.path.push(nh);
            let v = if searched == 0 {
                // The first action is the table's move whenever there is one.
                let extension = if Some(a) == tt_move { singular } else { 0 };
                -self.negamax(&next, nh, check, depth - 1 + extension, -beta, -alpha, ply + 1, true)
            } else {
                // Late quiet moves are reduced (checks by a ply less), and so are captures that
                // lose material by static exchange; in check, only where the board says so.
                let reducible = (!in_check || self.selectivity.evasions_reduced) && (quiet || (!check && losing(key)));
                let r = if reducible && depth >= 3 && searched >= 2 + usize::from(pv_node) {
                    let history = if quiet { history_shift(key) } else { 0 };
                    let r = self.selectivity.reduction(depth, searched) - i32::from(pv_node) - history
                        + i32::from(!improving)
                        - i32::from(check);
                    r.clamp(0, depth - 2)
                } else {
                    0
                };
                self.later(&next, nh, check, depth - 1, r, alpha, beta, ply + 1)
            };
            self.path.pop();
            if self.aborted {
                break;
            }
            if v > best {
                best = v;
                best_move = Some(a);
                if v > alpha {
                    alpha = v;
                    self.raise_pv(ply, a);
                    if v >= beta {
                        if quiet {
                            self.order.reward(p, a, &tried, depth, ply, previous);
                        }
                        break;
                    }
                }
            }
            if quiet {
                tried.push(a);
            }
        }
        self.tried[ply] = tried;
        self.ranks[ply] = moves;
        self.lists[ply] = list;
        if self.aborted {
            return 0;
        }
        if excluded.is_some() {
            return best;
        }
        let bound = match best {
            v if v >= beta => Bound::Lower,
            v if v > original_alpha => Bound::Exact,
            _ => Bound::Upper,
        };
        // A quiet result that the static evaluation missed teaches the correction of its pawns.
        if self.selectivity.corrected
            && !in_check
            && best.abs() < MATE_BOUND
            && best_move.is_none_or(|m| !p.is_capture(m) && m.promotion().is_none())
            && !(bound == Bound::Lower && best <= eval)
            && !(bound == Bound::Upper && best >= eval)
        {
            self.correction.learn(slot, best - raw, depth);
        }
        self.tt.store(h, best_move, best, depth, bound, ply);
        best
    }

    /// The value of a child searched after the first, with `depth` plies left in full and `r` of
    /// them taken off: in a null window at alpha, reduced, then at the full depth if it rose above
    /// alpha while reduced, then in the full window if it lands inside it.
    #[allow(clippy::too_many_arguments)]
    fn later(
        &mut self,
        next: &Position,
        h: u64,
        check: bool,
        depth: i32,
        r: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        let mut v = -self.negamax(next, h, check, depth - r, -alpha - 1, -alpha, ply, true);
        if v > alpha && r > 0 && !self.aborted {
            v = -self.negamax(next, h, check, depth, -alpha - 1, -alpha, ply, true);
        }
        if v > alpha && v < beta && !self.aborted {
            v = -self.negamax(next, h, check, depth, -beta, -alpha, ply, true);
        }
        v
    }

    /// The line from `ply`: `a`, then the line found below it.
    fn raise_pv(&mut self, ply: usize, a: Action) {
        let (here, below) = self.pv.split_at_mut(ply + 1);
        let line = &mut here[ply];
        line.clear();
        line.push(a);
        line.extend_from_slice(&below[0]);
    }

    /// Quiescence, `depth` plies below the horizon: captures and queen promotions until the
    /// position is quiet, standing pat on the static evaluation. In check during the first
    /// [`QUIESCENCE_EVASIONS`] plies every evasion is tried; below [`QUIESCENCE_DEPTH`] the
    /// evaluation stands.
    #[allow(clippy::too_many_arguments)]
    fn quiesce(
        &mut self,
        p: &Position,
        h: u64,
        in_check: bool,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        depth: u32,
    ) -> i32 {
        // Below its first ply, the buffer holds no actions of this node.
        if depth > 0 {
            self.listed[ply] = false;
        }
        self.enter(ply);
        if self.aborted || material_draw(p).is_some() {
            return 0;
        }
        if ply >= MAX_PLY - 1 || depth >= QUIESCENCE_DEPTH {
            return self.statics.evaluate(p, h);
        }
        // A bound the main search left for this position settles it here too.
        if beta - alpha == 1
            && p.halfmove() < 100
            && let Some(e) = self.tt.probe(h, ply)
            && e.settles(alpha, beta)
        {
            return e.score;
        }
        // Past the first plies a check is answered like any position: stand pat, then captures.
        let evasions = in_check && depth < QUIESCENCE_EVASIONS;
        let stand = if evasions {
            -MATE + ply as i32
        } else {
            let raw = self.statics.evaluate(p, h);
            self.corrected(p, raw).0
        };
        // Out of check, standing pat needs no moves: a cut here skips the generation. A
        // stalemate is left to the main search, as standing pat always does.
        if !in_check && stand >= beta {
            return stand;
        }
        // Only captures and queen promotions are tried, so only they are generated and ranked.
        let mut list = self.take_list(p, ply, evasions);
        if list.is_empty() && in_check && (evasions || !p.has_legal_action()) {
            self.lists[ply] = list;
            return -MATE + ply as i32;
        }
        if stand >= beta {
            self.lists[ply] = list;
            return stand;
        }
        alpha = alpha.max(stand);
        if !evasions {
            list.retain(|&a| a.promotion().is_none_or(|r| r == Role::Queen));
        }
        let mut moves = std::mem::take(&mut self.ranks[ply]);
        let order = &*self.order;
        ranked(&list, &mut moves, |a| order.rank(p, a, None, ply, [None; 2]));
        self.lists[ply] = list;
        let mut best = stand;
        for i in 0..moves.len() {
            let (key, a) = pick(p, &mut moves, i);
            // A capture that cannot lift the score to alpha, or that loses material by static
            // exchange (ranked so), is not tried.
            if !evasions
                && a.promotion().is_none()
                && (stand + self.margin(victim(p, a) + DELTA) <= alpha || losing(key))
            {
                continue;
            }
            let mut next = p.clone();
            next.play_unchecked(a);
            let next_hash = hash_after(p, h, a, &next);
            self.tt.prefetch(next_hash);
            let check = p.may_check(a) && next.is_check();
            let v = -self.quiesce(&next, next_hash, check, -beta, -alpha, ply + 1, depth + 1);
            if self.aborted {
                break;
            }
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    self.raise_pv(ply, a);
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        self.ranks[ply] = moves;
        if self.aborted { 0 } else { best }
    }
}

/// Plies a quiet action's history takes off its reduction: up to two for the best, up to two
/// more for the worst (killers' keys are above any history and count as the best).
fn history_shift(key: i32) -> i32 {
    (key / (HISTORY_MAX / 2)).clamp(-2, 2)
}

/// Whether the player to move has a piece other than pawns and the king (null moves are unsafe
/// in pawn endings, where zugzwang is common).
fn has_pieces(p: &Position) -> bool {
    p.occupied(p.side_to_move())
        .iter()
        .any(|c| p.piece_at(c).is_some_and(|q| !matches!(q.role(), Role::Pawn | Role::King)))
}

/// The position with the turn passed: no en-passant trace, and the halfmove counter restarted so
/// that no repetition is found across the pass.
fn pass(p: &Position) -> Position {
    let mut next = p.clone();
    next.side = !next.side;
    next.ep = None;
    next.halfmove = 0;
    next
}
