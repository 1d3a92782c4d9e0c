//! Explanations and routes on the three-level boards, from the family's table. A piece's ways
//! reach a cell in at most one way (on an empty board, moved or unmoved: a pawn's quiet moves and
//! its captures, the lines and the jumps never share a displacement); the explanation finds it by
//! walking the ways on an empty board. That way is judged against the position in the order of
//! the rules, the most specific reason first: Strato's first-move rule, no capture on a transfer,
//! a way that only a first move may take, the mover's own piece on the target, the first piece in
//! the way, a pawn's capture onto an empty cell, and last the king's safety. Castling targets get
//! the castling tests (Strato's joint transfer two more); a target no way reaches is
//! `not-a-move`. The surfaces' edges, cone points and pawn facings do not exist here.

use super::ways::{Motion, Table};
use super::{Delta, Lattice};
use crate::action::{Action, ActionKind};
use crate::complex::Cell;
use crate::explain::{Best, CastlingTest, Reason};
use crate::frame::Vector;
use crate::piece::{Color, Piece, Role};
use crate::position::Position;
use crate::route::RouteStep;
use crate::variant::{CastleSide, CastleSpec};

/// The way a piece's movement reaches a cell on an empty board.
#[derive(Clone, Debug)]
struct Found {
    /// The cells passed before the target, in order, each of which must be empty: the lift's,
    /// then the displacement's.
    path: Vec<Cell>,
    /// How the way's displacements are taken.
    motion: Motion,
    /// The displacement taken twice (a pawn's double advance).
    twice: bool,
    /// Strato: the way changes level, so it never captures.
    transfer: bool,
    /// Only a piece that has never moved may take it: a pawn's double advance, a Strato king's
    /// step in the plane added to its transfer.
    first_only: bool,
}

/// The displacement from `from` to `to`.
fn delta(lattice: &Lattice, from: Cell, to: Cell) -> Delta {
    let ((f0, r0, l0), (f1, r1, l1)) = (lattice.at(from), lattice.at(to));
    (f1 - f0, r1 - r0, l1 - l0)
}

/// Every cell `table`'s ways of `role` reach from `from` on an empty board, with the way, in the
/// table's order.
fn reaches(table: &Table, lattice: &Lattice, from: Cell, role: Role, color: Color) -> Vec<(Cell, Found)> {
    let mut out = Vec::new();
    for way in table.ways(role) {
        let lift: Option<Vec<Cell>> =
            (1..=way.lift.abs()).map(|k| lattice.step(from, (0, 0, k * way.lift.signum()))).collect();
        let Some(lift) = lift else { continue };
        let start = lift.last().copied().unwrap_or(from);
        let times = match way.motion {
            Motion::Leap | Motion::Capture { .. } => 1,
            Motion::Advance { .. } => 2,
            Motion::Slide(n) => n,
        };
        for d in way.displacements(color) {
            let mut path = lift.clone();
            let mut at = start;
            for k in 0..times {
                let Some(next) = lattice.step(at, d) else { break };
                let twice = k == 1 && matches!(way.motion, Motion::Advance { .. });
                let (motion, transfer, first_only) = (way.motion, table.transfer(way, d), way.first_only || twice);
                out.push((next, Found { path: path.clone(), motion, twice, transfer, first_only }));
                path.push(next);
                at = next;
            }
        }
    }
    out
}

impl Position {
    /// The way `piece` on `from` reaches `to` on an empty board of a three-level variant, as moved
    /// or unmoved.
    fn level_way(&self, table: &Table, from: Cell, to: Cell, piece: Piece) -> Option<Found> {
        let lattice = self.rules.lattice.as_ref()?;
        let mut ways = reaches(table, lattice, from, piece.role(), piece.color()).into_iter();
        ways.find(|(c, _)| *c == to).map(|(_, way)| way)
    }

    /// The most specific reason the side to move's `piece` on `from` cannot go to `to` on a
    /// three-level board.
    pub(crate) fn level_why_not(&self, table: &Table, from: Cell, to: Cell, piece: Piece) -> Reason {
        self.level_judgement(table, from, to, piece).0.unwrap_or(Reason::NotAMove)
    }

    /// The explanation's judgement of `piece` on `from` going to `to`: the most specific reason
    /// against it, and whether a way or a castling there passes every test.
    fn level_judgement(&self, table: &Table, from: Cell, to: Cell, piece: Piece) -> (Option<Reason>, bool) {
        let mut best = Best::default();
        let mut passes = false;
        if piece.role() == Role::King {
            passes |= self.level_castling(table, from, to, piece.color(), &mut best);
        }
        if let Some(way) = self.level_way(table, from, to, piece) {
            match self.judge_way(table, from, to, piece, &way) {
                Some(reason) => best.offer(reason),
                None => passes = true,
            }
        }
        (best.0, passes)
    }

    /// The castling tests, when `to` is where a king on `from` castles: ordinary castling, or
    /// (Strato) castling followed by the joint transfer by one of the castle lifts. Whether one
    /// passes them all.
    fn level_castling(&self, table: &Table, from: Cell, to: Cell, color: Color, best: &mut Best) -> bool {
        let Some(lattice) = self.rules.lattice.as_ref() else { return false };
        let mut passes = false;
        for side in CastleSide::ALL {
            let Some(spec) = self.rules.castle(color, side) else { continue };
            if spec.king_from != from {
                continue;
            }
            let failure = if to == spec.king_to {
                self.castling_failure(side, spec)
            } else if table.castle_lifts.iter().any(|&dl| lattice.step(spec.king_to, (0, 0, dl)) == Some(to)) {
                self.joint_transfer_failure(side, spec, to)
            } else {
                continue;
            };
            passes |= failure.is_none();
            best.offer(Reason::Castling(failure.unwrap_or(CastlingTest::NoRight)));
        }
        passes
    }

    /// Strato's castling with the joint transfer of king and rook to `to`'s level: ordinary
    /// castling's tests, then both transfer destinations empty, then the final king square safe;
    /// the first that fails.
    fn joint_transfer_failure(&self, side: CastleSide, spec: &CastleSpec, to: Cell) -> Option<CastlingTest> {
        if let Some(failed) = self.castling_failure(side, spec) {
            return Some(failed);
        }
        let rook_to = self.rules.castled_rook(spec, to);
        if let Some(c) = [to, rook_to].into_iter().find(|&c| self.piece_at(c).is_some()) {
            return Some(CastlingTest::Occupied(c));
        }
        let me = self.side_to_move();
        let mut next = self.clone();
        next.play_unchecked(Action { from: spec.king_from, to, kind: ActionKind::Castle(side) });
        next.attackers(next.king(me), !me, None).first().map(|&a| CastlingTest::Final(a))
    }

    /// Judges the way `piece` on `from` reaches `to` against this position: the first rule it
    /// breaks, or the attacker of the king it would leave in check; `None` if it passes.
    fn judge_way(&self, table: &Table, from: Cell, to: Cell, piece: Piece, way: &Found) -> Option<Reason> {
        let me = piece.color();
        let occupant = self.piece_at(to);
        if table.first_move_changes_level && piece.unused() && !way.transfer {
            // The first move must change level, except (in check) capturing a checker, or for a
            // piece other than the king any same-level move (only a capture or a block can be legal).
            let checkers = self.attackers(self.king(me), !me, None);
            let excepted = !checkers.is_empty() && (piece.role() != Role::King || checkers.contains(&to));
            if !excepted {
                return Some(Reason::MustChangeLevel);
            }
        }
        if way.transfer && occupant.is_some_and(|q| q.color() != me) {
            return Some(Reason::NoCaptureOnTransfer(to));
        }
        if way.first_only && !piece.unused() {
            return Some(if piece.role() == Role::Pawn { Reason::DoubleStepUsed } else { Reason::FirstMoveOnly });
        }
        let quiet = matches!(way.motion, Motion::Advance { .. });
        if !quiet && occupant.is_some_and(|q| q.color() == me) {
            return Some(Reason::OwnPiece(to));
        }
        // A pawn's quiet move needs its target empty too.
        let blocker = way.path.iter().copied().chain(quiet.then_some(to)).find(|&c| self.piece_at(c).is_some());
        if let Some(c) = blocker {
            return Some(Reason::Blocked(c));
        }
        if occupant.is_some_and(|q| q.role() == Role::King) {
            return Some(Reason::Blocked(to));
        }
        let facing = me.home_facing();
        let kind = match way.motion {
            Motion::Leap | Motion::Slide(_) => ActionKind::Piece,
            Motion::Advance { passable: true } if way.twice => ActionKind::DoubleStep { facing, promotion: None },
            Motion::Advance { .. } => ActionKind::Pawn { facing, promotion: None },
            Motion::Capture { .. } if occupant.is_some() => ActionKind::Pawn { facing, promotion: None },
            Motion::Capture { en_passant } => {
                let passed = self.ep_trace().is_some_and(|t| t.owner != me && t.middle == to);
                if !passed || !en_passant {
                    return Some(Reason::NoCapture);
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
        next.attackers(next.king(me), !me, None).first().map(|&attacker| Reason::LeavesKingInCheck(attacker))
    }

    /// The route of an action on a three-level board: the cells passed, ending on the
    /// destination. A line passes the cells along it; Strato's compound moves pass their vertical
    /// cells first, then the planar ones; a knight goes straight to its destination; castling
    /// passes the king's transit and castled cells, then (Strato's joint transfer) the cell one
    /// level up or down. Levels are not seams; the heading is the step's direction in the plane
    /// (none for a vertical step).
    pub(crate) fn level_route(&self, table: &Table, a: Action) -> Option<Vec<RouteStep>> {
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
            _ => self.level_way(table, a.from, a.to, piece)?.path.into_iter().chain([a.to]).collect(),
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
    use super::super::ways::{CHESS3, STRATO, Table};
    use super::reaches;
    use crate::piece::{Color, Role};
    use crate::{Position, Variant};

    const FAMILIES: [(Variant, &Table); 2] = [(Variant::Strato, &STRATO), (Variant::Chess3, &CHESS3)];

    /// Every legal action of the openings has a route ending on its destination, with no seam.
    #[test]
    fn opening_moves_have_routes_without_seams() {
        for (v, table) in FAMILIES {
            let p = Position::new(v);
            let legal = p.legal_actions();
            for a in &legal {
                let route = p.level_route(table, *a).unwrap_or_else(|| panic!("{v}: {a:?} has a route"));
                assert_eq!(route.last().map(|s| s.cell), Some(a.to));
                assert!(route.iter().all(|s| !s.seam));
            }
        }
    }

    /// On an empty board a piece's ways reach each cell in at most one way, from every cell, moved
    /// or unmoved, for either colour.
    #[test]
    fn the_ways_reach_each_cell_once() {
        for (v, table) in FAMILIES {
            let rules = v.rules();
            let lattice = rules.lattice.as_ref().unwrap();
            for from in rules.complex.cells() {
                for (role, color) in Role::ALL.into_iter().flat_map(|r| Color::ALL.map(|c| (r, c))) {
                    let mut targets: Vec<_> =
                        reaches(table, lattice, from, role, color).into_iter().map(|(c, _)| c).collect();
                    let n = targets.len();
                    targets.sort();
                    targets.dedup();
                    assert_eq!(targets.len(), n, "{v}: {role:?} of {color:?} on {}", rules.complex.name(from));
                    assert!(!targets.contains(&from));
                }
            }
        }
    }

    /// Along played games of both three-level boards (captures preferred now and then), for every
    /// piece of the side to move and every cell: the explanation finds a way or castling that
    /// passes every test exactly when the generator has a legal action there.
    #[test]
    fn the_explanation_judges_legal_exactly_what_the_generator_generates() {
        let mut seed = 0x5eed_u64;
        let mut next = move || {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            (seed >> 33) as usize
        };
        for (v, table) in FAMILIES {
            for game in 0..4 {
                let mut p = Position::new(v);
                for ply in 0..60 {
                    let legal = p.legal_actions();
                    if ply % 3 == 0 {
                        for from in p.occupied(p.side_to_move()).iter() {
                            let piece = p.piece_at(from).unwrap();
                            for to in p.complex().cells().filter(|&to| to != from) {
                                let generated = legal.iter().any(|a| a.from == from && a.to == to);
                                let (reason, explained) = p.level_judgement(table, from, to, piece);
                                let (f, t) = (p.complex().name(from), p.complex().name(to));
                                assert_eq!(
                                    explained,
                                    generated,
                                    "{v} game {game} ply {ply}: {f}–{t} in {} ({reason:?})",
                                    p.to_text()
                                );
                            }
                        }
                    }
                    if legal.is_empty() {
                        break;
                    }
                    let captures: Vec<_> = legal.iter().filter(|a| p.is_capture(**a)).collect();
                    let r = next();
                    let a = if !captures.is_empty() && r % 2 == 0 {
                        *captures[r % captures.len()]
                    } else {
                        legal[r % legal.len()]
                    };
                    p = p.play(a).unwrap();
                }
            }
        }
    }
}
