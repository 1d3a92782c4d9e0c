//! Move ordering: the transposition-table move, then captures that do not lose material (by
//! static exchange) and promotions by most valuable victim / least valuable attacker, then the
//! killers of the ply, then quiet moves by history (of the move itself, and of the move after the
//! opponent's last move and after one's own before it), then captures that lose material.

use super::eval::value;
use super::see::see;
use crate::action::{Action, ActionKind};
use crate::piece::Role;
use crate::position::{MAX_CELLS, Position};

/// The deepest ply the search reaches.
pub(crate) const MAX_PLY: usize = 128;

const TT_MOVE: i32 = 4_000_000;
const GOOD: i32 = 2_000_000;
const KILLER: [i32; 2] = [1_500_000, 1_400_000];
const LOSING: i32 = -1_500_000;
const UNDER_PROMOTION: i32 = -2_000_000;
pub(crate) const HISTORY_MAX: i32 = 1_000_000;

/// Piece kinds the follow-up history tells apart (a role, by [`Role`]'s number less one).
const ROLES: usize = 6;

/// A move as the follow-up history knows it: the moving piece's role and its destination.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Moved(u16);

impl Moved {
    /// The action `a` about to be played in `p`.
    pub fn of(p: &Position, a: Action) -> Option<Moved> {
        let role = p.piece_at(a.from)?.role() as usize - 1;
        Some(Moved((role * p.complex().len() + a.to.index()) as u16))
    }
}

/// Killer moves per ply and the history of quiet moves that caused cutoffs. The histories are
/// indexed by the board's own cell count, so a small board uses (and ages) the start of each
/// table only.
pub(crate) struct Ordering {
    killers: Vec<[Option<Action>; 2]>,
    /// The cell count of the board of the last search, whose entries the tables hold.
    cells: usize,
    /// Per side to move, departure and destination.
    history: Vec<i32>,
    /// Per earlier move (the opponent's last, then one's own before it) and this move, each as
    /// [`Moved`]: how well this move follows that one (the continuation history of strong
    /// engines, two plies deep).
    follow: [Vec<i32>; 2],
}

/// The two moves before a node that its quiet moves' follow-up histories are keyed by: the
/// opponent's last move, then the side to move's own move before it.
pub(crate) type Previous = [Option<Moved>; 2];

impl Ordering {
    /// Empty killers and history.
    pub fn new() -> Ordering {
        Ordering {
            killers: vec![[None; 2]; MAX_PLY],
            cells: 0,
            history: vec![0; 2 * MAX_CELLS * MAX_CELLS],
            follow: [vec![0; (ROLES * MAX_CELLS).pow(2)], vec![0; (ROLES * MAX_CELLS).pow(2)]],
        }
    }

    /// Forgets the killers and fades the histories, between searches, before a search on a board
    /// of `cells` cells (another board's histories are forgotten).
    pub fn age(&mut self, cells: usize) {
        self.killers.fill([None; 2]);
        let used = |n: usize| (2 * n * n, (ROLES * n).pow(2));
        let (history, follow) = used(self.cells);
        let [first, second] = &mut self.follow;
        let tables = self.history[..history].iter_mut().chain(&mut first[..follow]).chain(&mut second[..follow]);
        if cells == self.cells {
            tables.for_each(|h| *h /= 8);
        } else {
            tables.for_each(|h| *h = 0);
            self.cells = cells;
        }
    }

    fn slot(p: &Position, a: Action) -> usize {
        let n = p.complex().len();
        (p.side_to_move().index() * n + a.from.index()) * n + a.to.index()
    }

    /// The follow-up histories' entries of `this` move after the `previous` ones (none where
    /// either is unknown) on `p`'s board.
    fn follow_slots(p: &Position, this: Option<Moved>, previous: Previous) -> [Option<usize>; 2] {
        let n = p.complex().len();
        previous.map(|m| Some(usize::from(m?.0) * ROLES * n + usize::from(this?.0)))
    }

    /// The ordering key of an action after the `previous` moves: higher first. A quiet action's
    /// key is the mean of its three histories, within ±[`HISTORY_MAX`].
    pub fn rank(&self, p: &Position, a: Action, tt: Option<Action>, ply: usize, previous: Previous) -> i32 {
        if Some(a) == tt {
            return TT_MOVE;
        }
        match a.promotion() {
            Some(Role::Queen) => return GOOD + value(Role::Queen) + victim(p, a),
            Some(_) => return UNDER_PROMOTION,
            None => {}
        }
        if p.is_capture(a) {
            // Ranked good for now: [`pick`] moves it among the losing captures if its static
            // exchange loses, once it is the best left (most nodes are cut before that).
            return GOOD + 16 * victim(p, a) - p.piece_at(a.from).map_or(0, |q| value(q.role())) / 16;
        }
        match self.killers[ply].iter().position(|&k| k == Some(a)) {
            Some(i) => KILLER[i],
            None => {
                let [f0, f1] = Ordering::follow_slots(p, Moved::of(p, a), previous);
                let follow = |k: usize, slot: Option<usize>| slot.map_or(0, |i| self.follow[k][i]);
                (self.history[Ordering::slot(p, a)] + follow(0, f0) + follow(1, f1)) / 3
            }
        }
    }

    /// Rewards a quiet action that refuted the opponent at `ply` with `depth` left after the
    /// `previous` moves, and blames the quiet actions `tried` before it.
    pub fn reward(&mut self, p: &Position, a: Action, tried: &[Action], depth: i32, ply: usize, previous: Previous) {
        let killers = &mut self.killers[ply];
        if killers[0] != Some(a) {
            killers[1] = killers[0];
            killers[0] = Some(a);
        }
        let bonus = (depth * depth * 16).min(HISTORY_MAX / 4);
        self.update(p, a, bonus, previous);
        for &b in tried {
            self.update(p, b, -bonus, previous);
        }
    }

    /// Moves an action's history entries towards ±[`HISTORY_MAX`] by `bonus`, less as they near it.
    fn update(&mut self, p: &Position, a: Action, bonus: i32, previous: Previous) {
        let nudge =
            |h: &mut i32| *h += bonus - (i64::from(*h) * i64::from(bonus.abs()) / i64::from(HISTORY_MAX)) as i32;
        nudge(&mut self.history[Ordering::slot(p, a)]);
        for (k, slot) in Ordering::follow_slots(p, Moved::of(p, a), previous).into_iter().enumerate() {
            if let Some(i) = slot {
                nudge(&mut self.follow[k][i]);
            }
        }
    }
}

/// The value of what an action captures (0 for none).
pub(crate) fn victim(p: &Position, a: Action) -> i32 {
    match a.kind {
        ActionKind::EnPassant { .. } => value(Role::Pawn),
        ActionKind::Castle(_) => 0,
        _ => p.piece_at(a.to).map_or(0, |q| value(q.role())),
    }
}

/// Whether an ordering key is that of a capture that loses material (its most valuable victim /
/// least valuable attacker term is less than 16 queens).
pub(crate) fn losing(key: i32) -> bool {
    (LOSING..LOSING + 16 * 2 * value(Role::Queen)).contains(&key)
}

/// Whether a capture loses material by static exchange (only a more valuable piece taking a less
/// valuable one can).
pub(crate) fn loses_material(p: &Position, a: Action) -> bool {
    let attacker = p.piece_at(a.from).map_or(0, |q| value(q.role()));
    attacker > victim(p, a) && see(p, a) < 0
}

/// Fills `out` with `actions` and their keys, in generation order: [`pick`] takes them best first.
pub(crate) fn ranked(actions: &[Action], out: &mut Vec<(i32, Action)>, key: impl Fn(Action) -> i32) {
    out.clear();
    out.extend(actions.iter().map(|&a| (key(a), a)));
}

/// Picks after which the rest of a list is sorted at once: a node that has not been cut by then
/// usually tries every move, and selecting each would scan the rest again.
const PICKS_BEFORE_SORTING: usize = 3;

/// Moves the best of `moves[i..]` (the first of equals) to `i`, the others keeping their order,
/// and returns it: a stable sort done as the search goes, since a cutoff usually comes after a
/// move or two. A capture ranked good that loses material by static exchange is ranked losing,
/// where it stands, when it comes up as the best: the order is the one an exchange computed for
/// every capture in [`Ordering::rank`] would give, for a fraction of the exchanges. Called with
/// `i` = 0, 1, 2, … in turn: at [`PICKS_BEFORE_SORTING`] the rest is settled and sorted in that
/// same order, and later picks take the next move.
#[inline]
pub(crate) fn pick(p: &Position, moves: &mut [(i32, Action)], i: usize) -> (i32, Action) {
    if i > PICKS_BEFORE_SORTING {
        return moves[i];
    }
    if i == PICKS_BEFORE_SORTING {
        for (key, a) in &mut moves[i..] {
            *key = settled(p, *key, *a).unwrap_or(*key);
        }
        moves[i..].sort_by_key(|&(key, _)| std::cmp::Reverse(key));
        return moves[i];
    }
    loop {
        let mut best = i;
        for j in i + 1..moves.len() {
            if moves[j].0 > moves[best].0 {
                best = j;
            }
        }
        let (key, a) = moves[best];
        if let Some(losing) = settled(p, key, a) {
            moves[best].0 = losing;
            continue;
        }
        moves[i..=best].rotate_right(1);
        return moves[i];
    }
}

/// The key among the losing captures of a capture ranked good whose static exchange loses
/// material; `None` for any other action. Between the killers and the table move only captures
/// and queen promotions rank.
fn settled(p: &Position, key: i32, a: Action) -> Option<i32> {
    ((GOOD..TT_MOVE).contains(&key) && a.promotion().is_none() && loses_material(p, a)).then(|| key - GOOD + LOSING)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;

    #[test]
    fn captures_that_lose_material_come_after_the_quiet_moves() {
        // The rook may take a pawn guarded by a pawn (losing), the knight an unguarded pawn.
        let p = Position::from_text(Variant::Chess, "4k3/8/2p5/3p4/7p/5N2/3R4/4K3 w - - 0 1").expect("a position");
        let (mut order, mut moves) = (Ordering::new(), Vec::new());
        order.reward(&p, p.parse_action("Ke1–f1").expect("legal"), &[], 4, 0, [None; 2]);
        ranked(&p.legal_actions(), &mut moves, |a| order.rank(&p, a, None, 0, [None; 2]));
        for i in 0..moves.len() {
            pick(&p, &mut moves, i);
        }
        assert!(moves.is_sorted_by_key(|&(key, _)| std::cmp::Reverse(key)), "picked best first");
        assert_eq!(moves, ranked_eagerly(&p, &order));
        let at = |text: &str| {
            let a = p.parse_action(text).expect("legal");
            moves.iter().position(|&(_, b)| b == a).expect("ranked")
        };
        assert_eq!(at("Nf3xh4"), 0, "the winning capture first");
        assert_eq!(at("Ke1–f1"), 1, "then the killer");
        assert_eq!(at("Rd2xd5"), moves.len() - 1, "the losing capture last");
        let losers: Vec<Action> = moves.iter().filter(|(k, _)| losing(*k)).map(|&(_, a)| a).collect();
        assert_eq!(losers, [p.parse_action("Rd2xd5").expect("legal")]);
    }

    /// The legal actions sorted by the key that [`Ordering::rank`] would give with every
    /// capture's exchange computed, equals in the order of generation.
    fn ranked_eagerly(p: &Position, order: &Ordering) -> Vec<(i32, Action)> {
        let mut keyed = Vec::new();
        ranked(&p.legal_actions(), &mut keyed, |a| {
            let key = order.rank(p, a, None, 0, [None; 2]);
            let losing = p.is_capture(a) && a.promotion().is_none() && loses_material(p, a);
            if losing { key - GOOD + LOSING } else { key }
        });
        keyed.sort_by_key(|&(key, _)| std::cmp::Reverse(key));
        keyed
    }

    #[test]
    fn picking_settles_exchanges_as_ranking_them_all_would() {
        // Positions with many captures, and how many of them lose material at least (in the
        // last, with equal keys: each rook may take a guarded pawn, and so may the queen).
        let positions = [
            ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 1),
            ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 0),
            ("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 0),
            ("4k3/8/p1p1p3/1p1p4/8/8/8/1R1RK2Q w - - 0 1", 3),
        ];
        for (text, least) in positions {
            let p = Position::from_text(Variant::Chess, text).expect("a position");
            let (order, mut moves) = (Ordering::new(), Vec::new());
            ranked(&p.legal_actions(), &mut moves, |a| order.rank(&p, a, None, 0, [None; 2]));
            for i in 0..moves.len() {
                pick(&p, &mut moves, i);
            }
            assert_eq!(moves, ranked_eagerly(&p, &order), "{text}");
            assert!(moves.iter().filter(|(k, _)| losing(*k)).count() >= least, "{text}");
        }
    }

    #[test]
    fn a_reply_that_refuted_a_move_ranks_first_after_that_move_only() {
        let p = Position::from_text(Variant::Chess, "4k3/8/8/8/8/5N2/3R4/4K3 w - - 0 1").expect("a position");
        let before = Position::from_text(Variant::Chess, "3k4/8/8/8/8/5N2/3R4/4K3 b - - 0 1").expect("a position");
        let previous = Moved::of(&before, before.parse_action("Kd8–e8").expect("legal"));
        let reply = p.parse_action("Rd2–d7").expect("legal");
        let mut order = Ordering::new();
        // Rewarded at another ply, so that no killer ranks it.
        order.reward(&p, reply, &[], 6, 5, [previous, None]);
        let best = |previous: Option<Moved>| {
            let mut moves = Vec::new();
            ranked(&p.legal_actions(), &mut moves, |a| order.rank(&p, a, None, 0, [previous, None]));
            pick(&p, &mut moves, 0)
        };
        assert_eq!(best(previous).1, reply);
        let rank = |previous: Option<Moved>| order.rank(&p, reply, None, 0, [previous, None]);
        assert!(rank(None) < rank(previous));
        let other = Moved::of(&before, before.parse_action("Kd8–c8").expect("legal"));
        assert_ne!(previous, other);
        assert!(rank(other) < rank(previous));
    }

    #[test]
    fn ageing_fades_this_boards_histories_and_forgets_another_boards() {
        let p = Position::new(Variant::Chess);
        let (cells, other) = (p.complex().len(), Variant::Mobius.rules().complex.len());
        let a = p.parse_action("Ng1–f3").expect("legal");
        let previous = Moved::of(&p, p.parse_action("e2–e4").expect("legal"));
        let mut order = Ordering::new();
        order.age(cells);
        order.reward(&p, a, &[], 8, 5, [previous, None]);
        let rank = |order: &Ordering| order.rank(&p, a, None, 0, [previous, None]);
        let learnt = rank(&order);
        assert!(learnt > 0);
        order.age(cells);
        let faded = rank(&order);
        assert!(0 < faded && faded <= learnt / 8 + 1, "{learnt} then {faded}");
        order.age(other);
        assert_eq!(rank(&order), 0, "another board's search forgets this one's histories");
    }
}
