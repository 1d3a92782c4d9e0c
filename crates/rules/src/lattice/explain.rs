//! Explanations and routes on the three-level boards. A piece's movement reaches a cell in at most
//! one way through the lattice (on an empty board, moved or unmoved: a pawn's quiet moves and its
//! captures, the lines and the jumps never share a displacement). That way is judged against the
//! position in the order of the rules, the most specific reason first: Strato's first-move rule,
//! no capture on a transfer, a way that only a first move may take, the mover's own piece on the
//! target, the first piece in the way, a pawn's capture onto an empty cell, and last the king's
//! safety. Castling targets get the castling tests (Strato's joint transfer two more); a target
//! no way reaches is `not-a-move`. The surfaces' edges, cone points and pawn facings do not exist
//! here.

use super::{Delta, Lattice};
use crate::action::{Action, ActionKind};
use crate::complex::Cell;
use crate::explain::{Best, CastlingTest, Reason};
use crate::frame::Vector;
use crate::piece::{Color, Piece, Role};
use crate::position::Position;
use crate::route::RouteStep;
use crate::variant::{CastleSide, CastleSpec};
use crate::variants::Movement;

/// How a way reaches its target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reach {
    /// A move or capture of any piece but a pawn.
    Piece,
    /// A pawn's quiet move, onto an empty cell only; `rank_double` for the same-level two-rank
    /// advance (the only move that leaves an en-passant right).
    Advance {
        /// The same-level two-rank advance.
        rank_double: bool,
    },
    /// A pawn's capture displacement.
    Capture,
}

/// The way a piece's movement reaches a cell on an empty board.
#[derive(Clone, Debug)]
struct Way {
    /// The cells passed before the target, in order, each of which must be empty; for Strato's
    /// compound moves the vertical cells come first.
    path: Vec<Cell>,
    /// Move, quiet pawn move or pawn capture.
    reach: Reach,
    /// Strato: the way changes level, so it never captures.
    transfer: bool,
    /// Only a piece that has never moved may take it: a pawn's double advance, a Strato king's
    /// step in the plane added to its transfer.
    first_only: bool,
}

impl Way {
    fn new(path: Vec<Cell>, reach: Reach) -> Way {
        Way { path, reach, transfer: false, first_only: false }
    }
}

/// Whether a planar displacement (absolute values) is a knight's jump.
fn jump(af: i8, ar: i8) -> bool {
    matches!((af, ar), (1, 2) | (2, 1))
}

/// The displacement from `from` to `to`.
fn delta(lattice: &Lattice, from: Cell, to: Cell) -> Delta {
    let ((f0, r0, l0), (f1, r1, l1)) = (lattice.at(from), lattice.at(to));
    (f1 - f0, r1 - r0, l1 - l0)
}

/// A straight line from `from` by `d`: the cells strictly between.
fn between(lattice: &Lattice, from: Cell, (df, dr, dl): Delta) -> Vec<Cell> {
    let n = df.abs().max(dr.abs()).max(dl.abs());
    let unit = (df.signum(), dr.signum(), dl.signum());
    (1..n).filter_map(|k| lattice.step(from, (unit.0 * k, unit.1 * k, unit.2 * k))).collect()
}

/// Strato v1: ordinary chess on a level, or a transfer (vertical part first).
fn strato_way(lattice: &Lattice, from: Cell, to: Cell, role: Role, color: Color) -> Option<Way> {
    let d @ (df, dr, dl) = delta(lattice, from, to);
    let (af, ar, al) = (df.abs(), dr.abs(), dl.abs());
    let fw = color.home_facing().sign();
    let line = |ok: bool| ok.then(|| Way { transfer: dl != 0, ..Way::new(between(lattice, from, d), Reach::Piece) });
    if dl == 0 {
        return match role {
            Role::Pawn if df == 0 && dr == fw => Some(Way::new(vec![], Reach::Advance { rank_double: false })),
            Role::Pawn if df == 0 && dr == 2 * fw => Some(Way {
                first_only: true,
                ..Way::new(between(lattice, from, d), Reach::Advance { rank_double: true })
            }),
            Role::Pawn => (af == 1 && dr == fw).then(|| Way::new(vec![], Reach::Capture)),
            Role::Knight => jump(af, ar).then(|| Way::new(vec![], Reach::Piece)),
            Role::King => (af.max(ar) == 1).then(|| Way::new(vec![], Reach::Piece)),
            Role::Rook => line(af == 0 || ar == 0),
            Role::Bishop => line(af == ar),
            Role::Queen => line(af == 0 || ar == 0 || af == ar),
        };
    }
    // The vertical cells above (or below) `from`, up to `levels` of them.
    let vertical = |levels: i8| (1..=levels).filter_map(|k| lattice.step(from, (0, 0, k * dl.signum()))).collect();
    let transfer = |path: Vec<Cell>, reach: Reach, first_only: bool| Way { path, reach, transfer: true, first_only };
    match role {
        Role::Pawn if al == 1 && df == 0 && (dr == fw || dr == 2 * fw) => {
            let mut path: Vec<Cell> = vertical(1);
            if dr == 2 * fw {
                path.push(lattice.step(from, (0, fw, dl))?);
            }
            Some(transfer(path, Reach::Advance { rank_double: false }, dr == 2 * fw))
        }
        Role::Knight if jump(af, ar) => Some(transfer(vertical(al), Reach::Piece, false)),
        Role::King if al == 1 && af.max(ar) <= 1 => {
            let planar = af.max(ar) == 1;
            Some(transfer(if planar { vertical(1) } else { vec![] }, Reach::Piece, planar))
        }
        Role::Rook | Role::Queen if af == 0 && ar == 0 => line(true),
        Role::Bishop | Role::Queen if af == al && ar == al => line(true),
        _ => None,
    }
}

/// Chess³ v1: displacements `(file, rank, level)`.
fn chess3_way(lattice: &Lattice, from: Cell, to: Cell, role: Role, color: Color) -> Option<Way> {
    let d @ (df, dr, dl) = delta(lattice, from, to);
    let (af, ar, al) = (df.abs(), dr.abs(), dl.abs());
    let n = af.max(ar).max(al);
    let fw = color.home_facing().sign();
    let line = |ok: bool| ok.then(|| Way::new(between(lattice, from, d), Reach::Piece));
    // The number of axes the displacement moves along, and whether they all move equally.
    let axes = [af, ar, al].into_iter().filter(|&a| a > 0).count();
    let equal = [af, ar, al].into_iter().all(|a| a == 0 || a == n);
    match role {
        Role::Pawn => {
            // Quiet: one rank forward or one level, two along either axis on a first move.
            let forward = df == 0 && dl == 0 && (dr == fw || dr == 2 * fw);
            let vertical = df == 0 && dr == 0 && al <= 2;
            if forward || vertical {
                let double = n == 2;
                let reach = Reach::Advance { rank_double: double && forward };
                return Some(Way { first_only: double, ..Way::new(between(lattice, from, d), reach) });
            }
            let capture = dr == fw && ((dl == 0 && af == 1) || (al == 1 && af <= 1));
            capture.then(|| Way::new(vec![], Reach::Capture))
        }
        Role::Knight => {
            let mut abs = [af, ar, al];
            abs.sort_unstable();
            (abs == [0, 1, 2]).then(|| Way::new(vec![], Reach::Piece))
        }
        Role::King => (n == 1).then(|| Way::new(vec![], Reach::Piece)),
        Role::Rook => line(axes == 1),
        Role::Bishop => line(af == ar && (dl == 0 || al == af)),
        Role::Queen => line(equal),
    }
}

impl Position {
    /// The way `piece` on `from` reaches `to` on an empty board of a three-level variant, as moved
    /// or unmoved.
    fn level_way(&self, from: Cell, to: Cell, piece: Piece) -> Option<Way> {
        let lattice = self.rules.lattice.as_ref()?;
        if from == to {
            return None;
        }
        match self.rules.movement {
            Movement::Strato => strato_way(lattice, from, to, piece.role(), piece.color()),
            Movement::Chess3 => chess3_way(lattice, from, to, piece.role(), piece.color()),
            Movement::Surface => None,
        }
    }

    /// The most specific reason the side to move's `piece` on `from` cannot go to `to` on a
    /// three-level board.
    pub(crate) fn level_why_not(&self, from: Cell, to: Cell, piece: Piece) -> Reason {
        let mut best = Best::default();
        if piece.role() == Role::King {
            self.level_castling(from, to, piece.color(), &mut best);
        }
        if let Some(way) = self.level_way(from, to, piece) {
            self.judge_way(from, to, piece, &way, &mut best);
        }
        best.0.unwrap_or(Reason::NotAMove)
    }

    /// The castling tests, when `to` is where a king on `from` castles: ordinary castling, or
    /// (Strato) castling followed by the joint transfer one level up or down.
    fn level_castling(&self, from: Cell, to: Cell, color: Color, best: &mut Best) {
        let Some(lattice) = self.rules.lattice.as_ref() else { return };
        for side in CastleSide::ALL {
            let Some(spec) = self.rules.castle(color, side) else { continue };
            if spec.king_from != from {
                continue;
            }
            if to == spec.king_to {
                best.offer(Reason::Castling(self.castling_test(side, spec)));
            } else if self.rules.movement == Movement::Strato
                && [1, -1].into_iter().any(|dl| lattice.step(spec.king_to, (0, 0, dl)) == Some(to))
            {
                best.offer(Reason::Castling(self.joint_transfer_test(side, spec, to)));
            }
        }
    }

    /// Strato's castling with the joint transfer of king and rook to `to`'s level: ordinary
    /// castling's tests, then both transfer destinations empty, then the final king square safe.
    fn joint_transfer_test(&self, side: CastleSide, spec: &CastleSpec, to: Cell) -> CastlingTest {
        if let Some(failed) = self.castling_failure(side, spec) {
            return failed;
        }
        let rook_to = self.rules.castled_rook(spec, to);
        if let Some(c) = [to, rook_to].into_iter().find(|&c| self.piece_at(c).is_some()) {
            return CastlingTest::Occupied(c);
        }
        let me = self.side_to_move();
        let mut next = self.clone();
        next.play_unchecked(Action { from: spec.king_from, to, kind: ActionKind::Castle(side) });
        next.attackers(next.king(me), !me, None).first().map_or(CastlingTest::NoRight, |&a| CastlingTest::Final(a))
    }

    /// Judges the way `piece` on `from` reaches `to` against this position: the first rule it
    /// breaks, or the attacker of the king it would leave in check.
    fn judge_way(&self, from: Cell, to: Cell, piece: Piece, way: &Way, best: &mut Best) {
        let me = piece.color();
        let occupant = self.piece_at(to);
        if self.rules.movement == Movement::Strato && piece.unused() && !way.transfer {
            // The first move must change level, except (in check) capturing a checker, or for a
            // piece other than the king any same-level move (only a capture or a block can be legal).
            let checkers = self.attackers(self.king(me), !me, None);
            let excepted = !checkers.is_empty() && (piece.role() != Role::King || checkers.contains(&to));
            if !excepted {
                return best.offer(Reason::MustChangeLevel);
            }
        }
        if way.transfer && occupant.is_some_and(|q| q.color() != me) {
            return best.offer(Reason::NoCaptureOnTransfer(to));
        }
        if way.first_only && !piece.unused() {
            return best.offer(if piece.role() == Role::Pawn { Reason::DoubleStepUsed } else { Reason::FirstMoveOnly });
        }
        let quiet = matches!(way.reach, Reach::Advance { .. });
        if !quiet && occupant.is_some_and(|q| q.color() == me) {
            return best.offer(Reason::OwnPiece(to));
        }
        // A pawn's quiet move needs its target empty too.
        let blocker = way.path.iter().copied().chain(quiet.then_some(to)).find(|&c| self.piece_at(c).is_some());
        if let Some(c) = blocker {
            return best.offer(Reason::Blocked(c));
        }
        if occupant.is_some_and(|q| q.role() == Role::King) {
            return best.offer(Reason::Blocked(to));
        }
        let facing = me.home_facing();
        let kind = match way.reach {
            Reach::Piece => ActionKind::Piece,
            Reach::Advance { rank_double: true } => ActionKind::DoubleStep { facing, promotion: None },
            Reach::Advance { .. } => ActionKind::Pawn { facing, promotion: None },
            Reach::Capture if occupant.is_some() => ActionKind::Pawn { facing, promotion: None },
            Reach::Capture => {
                let level = |c: Cell| self.rules.lattice.as_ref().map(|l| l.level(c));
                let passed = self.ep_trace().is_some_and(|t| t.owner != me && t.middle == to);
                if !passed || level(from) != level(to) {
                    return best.offer(Reason::NoCapture);
                }
                ActionKind::EnPassant { facing, promotion: None }
            }
        };
        let mut action = Action { from, to, kind };
        if self.rules.promotes(me, to, facing) && action.facing().is_some() {
            action = action.with_promotion(Some(Role::Queen));
        }
        let mut next = self.clone();
        next.play_unchecked(action);
        if let Some(&attacker) = next.attackers(next.king(me), !me, None).first() {
            best.offer(Reason::LeavesKingInCheck(attacker));
        }
    }

    /// The route of an action on a three-level board: the cells passed, ending on the
    /// destination. A line passes the cells along it; Strato's compound moves pass their vertical
    /// cells first, then the planar ones; a knight goes straight to its destination; castling
    /// passes the king's transit and castled cells, then (Strato's joint transfer) the cell one
    /// level up or down. Levels are not seams; the heading is the step's direction in the plane
    /// (none for a vertical step).
    pub(crate) fn level_route(&self, a: Action) -> Option<Vec<RouteStep>> {
        let lattice = self.rules.lattice.as_ref()?;
        let piece = self.piece_at(a.from)?;
        let cells: Vec<Cell> = match a.kind {
            ActionKind::Castle(side) => {
                let spec = self.rules.castle(piece.color(), side)?;
                let mut cells = vec![spec.king_transit, spec.king_to];
                if a.to != spec.king_to {
                    cells.push(a.to);
                }
                cells
            }
            _ => self.level_way(a.from, a.to, piece)?.path.into_iter().chain([a.to]).collect(),
        };
        let mut at = a.from;
        let steps = cells.into_iter().map(|cell| {
            let (df, dr, _) = delta(lattice, at, cell);
            at = cell;
            RouteStep { cell, seam: false, heading: Vector::new(df.signum(), dr.signum()) }
        });
        Some(steps.collect())
    }
}

#[cfg(test)]
mod tests {
    use crate::{Position, Variant};

    /// Every legal action of the openings has a route ending on its destination, with no seam.
    #[test]
    fn opening_moves_have_routes_without_seams() {
        for v in [Variant::Strato, Variant::Chess3] {
            let p = Position::new(v);
            let legal = p.legal_actions();
            for a in &legal {
                let route = p.level_route(*a).unwrap_or_else(|| panic!("{v}: {a:?} has a route"));
                assert_eq!(route.last().map(|s| s.cell), Some(a.to));
                assert!(route.iter().all(|s| !s.seam));
            }
        }
    }
}
