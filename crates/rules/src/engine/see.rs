//! Static exchange evaluation: what a capture wins once both sides have taken back on its
//! destination as long as it pays, least valuable piece first. Attackers are the board's own
//! ([`Position::attackers`]: through seams, cone points and levels), recomputed after each
//! capture so that a slider behind the one that took joins in. Pins are not considered.

use super::eval::value;
use super::order::victim;
use crate::action::{Action, ActionKind};
use crate::piece::Role;
use crate::position::Position;

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
    let plain = matches!(a.kind, ActionKind::Piece | ActionKind::Pawn { promotion: None, .. });
    let Some(mover) = p.piece_at(a.from).filter(|_| plain && taken > 0) else {
        return taken + a.promotion().map_or(0, |r| value(r) - value(Role::Pawn));
    };
    // Nothing takes back (the common case): the capture wins what it takes, without a copy.
    if !p.rules.family.is_attacked(p, a.to, !p.side_to_move(), Some(a.from)) {
        return taken;
    }
    let mut board = p.clone();
    let mut gains = [0; MAX_EXCHANGE];
    gains[0] = taken;
    let mut on_target = worth(mover.role());
    board.take(a.from);
    board.take(a.to);
    board.put(a.to, mover);
    let mut side = !p.side_to_move();
    let mut d = 0;
    while d + 1 < MAX_EXCHANGE {
        let attackers = board.attackers(a.to, side, None);
        let least =
            attackers.iter().filter_map(|&c| board.piece_at(c).map(|q| (c, q))).min_by_key(|(_, q)| worth(q.role()));
        let Some((from, piece)) = least else { break };
        d += 1;
        gains[d] = on_target - gains[d - 1];
        // Neither side can do better by going on.
        if (-gains[d - 1]).max(gains[d]) < 0 {
            break;
        }
        on_target = worth(piece.role());
        board.take(from);
        board.take(a.to);
        board.put(a.to, piece);
        side = !side;
    }
    while d > 0 {
        gains[d - 1] = -(-gains[d - 1]).max(gains[d]);
        d -= 1;
    }
    gains[0]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;

    fn exchange(v: Variant, text: &str, action: &str) -> i32 {
        let p = Position::from_text(v, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let a = p.parse_action(action).unwrap_or_else(|e| panic!("{action}: {e}"));
        see(&p, a)
    }

    #[test]
    fn exchanges_on_the_flat_board() {
        let chess = Variant::Chess;
        // A pawn taking an undefended knight wins it; a rook taking a defended pawn loses itself.
        assert_eq!(exchange(chess, "4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", "e4xd5"), 320);
        assert_eq!(exchange(chess, "4k3/8/2p5/3p4/8/8/3R4/4K3 w - - 0 1", "Rd2xd5"), 100 - 500);
        // A knight takes a pawn defended by a pawn; the rook takes back: two pawns for a knight.
        assert_eq!(exchange(chess, "4k3/8/2p5/3p4/8/4N3/8/3RK3 w - - 0 1", "Ne3xd5"), 100 - 320 + 100);
        // A queen's capture backed by a rook x-raying behind it: Qxd5 cxd5 Rxd5 leaves +100-950+100.
        assert_eq!(exchange(chess, "4k3/8/2p5/3p4/8/8/3Q4/3RK3 w - - 0 1", "Qd2xd5"), 100 - 950 + 100);
        // A king takes back only what is not defended: the rook behind the queen keeps it off.
        assert_eq!(exchange(chess, "8/8/2k5/3p4/8/8/3Q4/4K3 w - - 0 1", "Qd2xd5"), 100 - 950);
        assert_eq!(exchange(chess, "8/8/2k5/3p4/8/8/3Q4/3RK3 w - - 0 1", "Qd2xd5"), 100);
        assert_eq!(exchange(chess, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "Ra1–a8"), 0, "not a capture");
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
