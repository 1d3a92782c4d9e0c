//! Static exchange evaluation: what a capture wins once both sides have taken back on its
//! destination as long as it pays, least valuable piece first. Attackers are the board's own
//! ([`Position::attackers`]: through seams, cone points and levels), recomputed after each
//! capture so that a slider behind the one that took joins in. Pins are not considered.

use super::eval::value;
use super::order::victim;
use crate::action::{Action, ActionKind};
use crate::attacks::Attackers;
use crate::bits::{Bits, Set};
use crate::complex::Cell;
use crate::piece::{Color, Piece, Role};
use crate::position::Position;
use crate::tables::Width;

/// The king's worth in an exchange: it may take last, but never into a defended cell.
const KING: i32 = 20_000;

/// The most captures followed on one cell.
const MAX_EXCHANGE: usize = 32;

fn worth(role: Role) -> i32 {
    if role == Role::King { KING } else { value(role) }
}

/// The material `a` wins for the side to move, in centipawns, when both sides go on capturing
/// on its destination only while it pays. Not a capture: 0. En passant and promotions count
/// what they take and add, without the exchange.
pub(crate) fn see(p: &Position, a: Action) -> i32 {
    let taken = victim(p, a);
    match plain_mover(p, a).filter(|_| taken > 0) {
        Some(mover) => exchange_on(p, a, taken, mover),
        None => taken + a.promotion().map_or(0, |r| value(r) - value(Role::Pawn)),
    }
}

/// What a quiet action loses on its destination (0 or less), the opponent taking there first
/// and both sides going on while it pays: a piece moved where it hangs loses its worth.
/// Castling, en passant and promotions: 0.
pub(crate) fn see_quiet(p: &Position, a: Action) -> i32 {
    plain_mover(p, a).filter(|_| victim(p, a) == 0).map_or(0, |mover| exchange_on(p, a, 0, mover))
}

/// The piece an action moves, if it is a plain move or capture (no castling, en passant or
/// promotion).
fn plain_mover(p: &Position, a: Action) -> Option<Piece> {
    let plain = matches!(a.kind, ActionKind::Piece | ActionKind::Pawn { promotion: None, .. });
    p.piece_at(a.from).filter(|_| plain)
}

/// The exchange on `a`'s destination after `mover` has gone there taking `taken`.
fn exchange_on(p: &Position, a: Action, taken: i32, mover: Piece) -> i32 {
    // Nothing takes back (the common case): the move wins what it takes, found by one attack
    // test before any exchange is set up.
    if !p.rules.family.is_attacked(p, a.to, !p.side_to_move(), Some(a.from)) {
        return taken;
    }
    let side = !p.side_to_move();
    match (p.rules.family.table_attacks(), p.rules.tables.width) {
        (true, Width::W64) => exchange(taken, mover, side, Sets::<u64>::new(p, a)),
        (true, Width::W128) => exchange(taken, mover, side, Sets::<u128>::new(p, a)),
        (true, Width::W256) => exchange(taken, mover, side, Sets::<Bits>::new(p, a)),
        (false, _) => exchange(taken, mover, side, Played::new(p, a)),
    }
}

/// The exchange on a cell after a first capture that took `taken` with `mover`, `side` to answer.
fn exchange(taken: i32, mover: Piece, mut side: Color, mut takers: impl Takers) -> i32 {
    let mut gains = [0; MAX_EXCHANGE];
    gains[0] = taken;
    let mut on_target = worth(mover.role());
    let mut d = 0;
    while d + 1 < MAX_EXCHANGE {
        let Some((from, piece)) = takers.least(side) else { break };
        d += 1;
        gains[d] = on_target - gains[d - 1];
        // Neither side can do better by going on.
        if (-gains[d - 1]).max(gains[d]) < 0 {
            break;
        }
        on_target = worth(piece.role());
        takers.take(from, piece);
        side = !side;
    }
    while d > 0 {
        gains[d - 1] = -(-gains[d - 1]).max(gains[d]);
        d -= 1;
    }
    gains[0]
}

/// The pieces that may take on the exchange's cell, as the exchange goes.
trait Takers {
    /// The least valuable piece of `side` attacking the cell now (of equals, the one on the lowest cell), if any.
    fn least(&self, side: Color) -> Option<(Cell, Piece)>;
    /// The piece on `from` takes on the cell.
    fn take(&mut self, from: Cell, piece: Piece);
}

/// The least valuable piece on `cells`; of equals, the one on the lowest cell (so that the
/// exchange does not depend on the order in which attackers are found).
fn least_of(cells: impl Iterator<Item = Cell>, board: &Position) -> Option<(Cell, Piece)> {
    cells.filter_map(|c| board.piece_at(c).map(|q| (c, q))).min_by_key(|(c, q)| (worth(q.role()), c.index()))
}

/// Any board: the captures played on a copy, the attackers the family's own.
struct Played {
    board: Position,
    to: Cell,
}

impl Played {
    fn new(p: &Position, a: Action) -> Played {
        let mut takers = Played { board: p.clone(), to: a.to };
        if let Some(mover) = p.piece_at(a.from) {
            takers.take(a.from, mover);
        }
        takers
    }
}

impl Takers for Played {
    fn least(&self, side: Color) -> Option<(Cell, Piece)> {
        least_of(self.board.attackers(self.to, side, None).into_iter(), &self.board)
    }

    fn take(&mut self, from: Cell, piece: Piece) {
        self.board.take(from);
        self.board.take(self.to);
        self.board.put(self.to, piece);
    }
}

/// The boards whose attacks are the tables' walks: the attackers as sets, nothing played (a
/// piece that has taken leaves its cell; the one on the exchange's cell never attacks it).
struct Sets<'a, S> {
    p: &'a Position,
    to: Cell,
    /// The occupied cells, the pieces that have taken gone from theirs.
    occupied: S,
    sides: [Attackers<S>; 2],
}

impl<'a, S: Set> Sets<'a, S> {
    fn new(p: &'a Position, a: Action) -> Sets<'a, S> {
        // The mover stands on the exchange's cell (already occupied after a capture): a ray that
        // wraps around the board through it stops there.
        let mut occupied = p.all_occupied_in::<S>();
        occupied.remove(a.from);
        occupied.insert(a.to);
        Sets { p, to: a.to, occupied, sides: Color::ALL.map(|c| p.attackers_of(c)) }
    }
}

impl<S: Set> Takers for Sets<'_, S> {
    fn least(&self, side: Color) -> Option<(Cell, Piece)> {
        let attacking = self.p.attacking(self.to, &self.sides[side.index()], self.occupied);
        least_of(attacking.intersection(self.occupied).cells(), self.p)
    }

    fn take(&mut self, from: Cell, _: Piece) {
        self.occupied.remove(from);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random_game::random_game;
    use crate::variant::Variant;

    fn see_in(v: Variant, text: &str, action: &str) -> i32 {
        let p = Position::from_text(v, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let a = p.parse_action(action).unwrap_or_else(|e| panic!("{action}: {e}"));
        see(&p, a)
    }

    #[test]
    fn exchanges_on_the_flat_board() {
        let chess = Variant::Chess;
        // A pawn taking an undefended knight wins it; a rook taking a defended pawn loses itself.
        assert_eq!(see_in(chess, "4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", "e4xd5"), 320);
        assert_eq!(see_in(chess, "4k3/8/2p5/3p4/8/8/3R4/4K3 w - - 0 1", "Rd2xd5"), 100 - 500);
        // A knight takes a pawn defended by a pawn; the rook takes back: two pawns for a knight.
        assert_eq!(see_in(chess, "4k3/8/2p5/3p4/8/4N3/8/3RK3 w - - 0 1", "Ne3xd5"), 100 - 320 + 100);
        // A queen's capture backed by a rook x-raying behind it: Qxd5 cxd5 Rxd5 leaves +100-950+100.
        assert_eq!(see_in(chess, "4k3/8/2p5/3p4/8/8/3Q4/3RK3 w - - 0 1", "Qd2xd5"), 100 - 950 + 100);
        // A king takes back only what is not defended: the rook behind the queen keeps it off.
        assert_eq!(see_in(chess, "8/8/2k5/3p4/8/8/3Q4/4K3 w - - 0 1", "Qd2xd5"), 100 - 950);
        assert_eq!(see_in(chess, "8/8/2k5/3p4/8/8/3Q4/3RK3 w - - 0 1", "Qd2xd5"), 100);
        assert_eq!(see_in(chess, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "Ra1–a8"), 0, "not a capture");
    }

    #[test]
    fn a_quiet_move_loses_what_hangs_on_its_destination() {
        let quiet = |v: Variant, text: &str, action: &str| {
            let p = Position::from_text(v, text).unwrap_or_else(|e| panic!("{text}: {e}"));
            see_quiet(&p, p.parse_action(action).unwrap_or_else(|e| panic!("{action}: {e}")))
        };
        let chess = Variant::Chess;
        // The knight goes where a pawn takes it: lost; where nothing attacks it, nothing is lost.
        assert_eq!(quiet(chess, "4k3/8/2p5/8/8/4N3/8/4K3 w - - 0 1", "Ne3–d5"), -320);
        assert_eq!(quiet(chess, "4k3/8/2p5/8/8/4N3/8/4K3 w - - 0 1", "Ne3–f5"), 0);
        // A rook taken by a rook that the other rook takes back: even; by a pawn: lost.
        assert_eq!(quiet(chess, "3rk3/8/8/8/8/8/R7/R3K3 w - - 0 1", "Ra2–a8"), 0);
        assert_eq!(quiet(chess, "3rk3/8/8/8/8/8/8/3RK3 w - - 0 1", "Rd1–d7"), -500);
        assert_eq!(quiet(chess, "3rk3/2p5/8/8/8/8/8/3RK3 w - - 0 1", "Rd1–d6"), -500);
        // A capture is not a quiet move.
        assert_eq!(quiet(chess, "4k3/8/2p5/3p4/8/8/3R4/4K3 w - - 0 1", "Rd2xd5"), 0);
    }

    #[test]
    fn the_sets_exchange_as_the_played_copy_does() {
        // Every plain move along pseudo-random games on the table boards: the exchange found
        // with attacker sets (in the board's own width, and in 256 bits) equals the one played on
        // a copy with the family's attackers, for captures and for quiet moves alike.
        let (mut compared, mut hanging) = (0, 0);
        for variant in Variant::ALL.into_iter().filter(|v| v.rules().family.table_attacks()) {
            for p in random_game(variant, 11, 80) {
                for a in p.legal_actions() {
                    let Some(mover) = plain_mover(&p, a) else { continue };
                    let (taken, side) = (victim(&p, a), !p.side_to_move());
                    let played = exchange(taken, mover, side, Played::new(&p, a));
                    let sets = exchange(taken, mover, side, Sets::<Bits>::new(&p, a));
                    assert_eq!(sets, played, "{variant} {} {a:?}", p.to_text());
                    if taken > 0 {
                        assert_eq!(see(&p, a), played, "{variant} {} {a:?}", p.to_text());
                        compared += 1;
                    } else {
                        assert_eq!(see_quiet(&p, a), played, "{variant} {} {a:?}", p.to_text());
                        hanging += usize::from(played < 0);
                    }
                }
            }
        }
        assert!(compared > 1_000, "{compared} captures compared");
        assert!(hanging > 1_000, "{hanging} quiet moves that hang");
    }

    #[test]
    fn a_defender_through_the_moebius_seam_counts() {
        use crate::piece::{Color, Facing, Piece};
        use crate::setup::Setup;
        // On M the middle rank runs across the twisted seam onto itself: a rook on h5 guards a5
        // through i5, j5 and the seam.
        let v = Variant::Mobius;
        let complex = &v.rules().complex;
        let cell = |name: &str| complex.parse_cell(name).unwrap_or_else(|| panic!("{name}"));
        let position = |rook: bool| {
            let mut setup = Setup::empty(v);
            setup.put(cell("e2"), Some(Piece::new(Color::White, Role::King)));
            setup.put(cell("e8"), Some(Piece::new(Color::Black, Role::King)));
            setup.put(cell("c4"), Some(Piece::new(Color::White, Role::Knight)));
            setup.put(cell("a5"), Some(Piece::pawn(Color::Black, Facing::Down, false)));
            if rook {
                setup.put(cell("h5"), Some(Piece::new(Color::Black, Role::Rook)));
            }
            setup.position().expect("a legal setup")
        };
        let take = |p: &Position| p.parse_action("Nc4xa5").expect("the knight takes");
        let guarded = position(true);
        assert!(guarded.is_attacked(cell("a5"), Color::Black), "the rook sees a5 through the seam");
        assert_eq!(see(&guarded, take(&guarded)), 100 - 320);
        let alone = position(false);
        assert_eq!(see(&alone, take(&alone)), 100);
    }
}
