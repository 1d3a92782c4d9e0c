//! The movement table walked forward: the moves of the side to move along its pieces' ways. A
//! lift passes empty cells only; a transfer (Strato's change of level) lands on an empty cell
//! only; any other way lands on an empty cell or an enemy piece but the king, slides stopping
//! at the first piece. Pawns advance onto empty cells and capture onto enemy pieces, or en
//! passant where the way allows it.

use super::ways::{Motion, Table};
use crate::action::{Action, ActionKind};
use crate::complex::Cell;
use crate::piece::Role;
use crate::position::Position;

impl Position {
    /// The moves of the side to move along `table`'s ways, king safety and promotion choices
    /// aside; with `between_levels`, only the displacements that change level.
    pub(super) fn walk_ways(&self, table: &Table, between_levels: bool, out: &mut Vec<Action>) {
        let lattice = self.lattice();
        let me = self.side;
        let facing = me.home_facing();
        let empty = |c: &Cell| self.squares[c.index()] == 0;
        let enemy = |c: &Cell| self.piece_at(*c).is_some_and(|p| p.color() != me && p.role() != Role::King);
        for from in self.occupied[me.index()].iter() {
            let Some(piece) = self.piece_at(from) else { continue };
            for way in table.ways(piece.role()) {
                let planar = || way.lift == 0 && way.steps.iter().all(|&(_, _, dl)| dl == 0);
                if (way.first_only && !piece.unused()) || (between_levels && planar()) {
                    continue;
                }
                let Some(start) = lattice.lift(from, way.lift, |c| empty(&c)) else { continue };
                for d in way.displacements(me) {
                    if between_levels && !way.changes_level(d) {
                        continue;
                    }
                    let transfer = table.transfer(way, d);
                    let lands = |c: &Cell| empty(c) || (!transfer && enemy(c));
                    let mut push = |to, kind| out.push(Action { from, to, kind });
                    let pawn = ActionKind::Pawn { facing, promotion: None };
                    match way.motion {
                        Motion::Leap => {
                            if let Some(to) = lattice.step(start, d).filter(lands) {
                                push(to, ActionKind::Piece);
                            }
                        }
                        Motion::Slide(n) => {
                            for &to in lattice.ray(start, d).iter().take(n.into()) {
                                if lands(&to) {
                                    push(to, ActionKind::Piece);
                                }
                                if !empty(&to) {
                                    break;
                                }
                            }
                        }
                        Motion::Advance { passable } => {
                            let Some(one) = lattice.step(start, d).filter(empty) else { continue };
                            push(one, pawn);
                            if piece.unused()
                                && let Some(two) = lattice.step(one, d).filter(empty)
                            {
                                let double = ActionKind::DoubleStep { facing, promotion: None };
                                push(two, if passable { double } else { pawn });
                            }
                        }
                        Motion::Capture { en_passant } => {
                            let Some(to) = lattice.step(start, d) else { continue };
                            if enemy(&to) {
                                push(to, pawn);
                            } else if en_passant
                                && empty(&to)
                                && self.ep.is_some_and(|t| t.owner != me && t.middle == to)
                            {
                                push(to, ActionKind::EnPassant { facing, promotion: None });
                            }
                        }
                    }
                }
            }
        }
    }
}
