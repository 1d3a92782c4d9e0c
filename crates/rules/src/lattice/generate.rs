//! Legal moves on the three-level boards: each family's moves, kept when they leave the mover's
//! king safe, with the promotion choices spelled out; Strato's first-move rule on top.

use crate::action::{Action, ActionKind};
use crate::piece::Role;
use crate::position::Position;
use crate::variants::Movement;

impl Position {
    /// All legal actions on a three-level board.
    pub(crate) fn level_actions(&self) -> Vec<Action> {
        let mut pseudo = Vec::with_capacity(64);
        let mut legal = Vec::with_capacity(64);
        match self.rules.spec.movement {
            Movement::Strato => {
                // Ordinary chess on each level (castling included), already legal.
                self.visit_surface(&mut legal);
                self.strato_first_moves(&mut legal);
                for castle in legal.iter().filter_map(|a| match a.kind {
                    ActionKind::Castle(side) => Some(side),
                    _ => None,
                }) {
                    self.strato_castle_transfers(castle, &mut pseudo);
                }
                self.strato_transfers(&mut pseudo);
            }
            Movement::Chess3 => {
                self.chess3_moves(&mut pseudo);
                self.visit_castling(&mut legal, self.is_check());
            }
            Movement::Surface => unreachable!("surfaces use the table generator"),
        }
        for a in pseudo {
            if self.keeps_king_safe(a) {
                self.push_with_promotions(a, &mut legal);
            }
        }
        legal
    }

    /// Strato: a piece's first move must change level, except castling and, in check, a
    /// same-level move that captures a checker or (not the king) blocks. Drops the others.
    fn strato_first_moves(&self, same_level: &mut Vec<Action>) {
        let checkers = self.attackers(self.king(self.side), !self.side, None);
        same_level.retain(|a| {
            let first = self.piece_at(a.from).is_some_and(|p| p.unused());
            let king = self.piece_at(a.from).is_some_and(|p| p.role() == Role::King);
            !first
                || matches!(a.kind, ActionKind::Castle(_))
                || (!checkers.is_empty() && (!king || checkers.contains(&a.to)))
        });
    }

    fn push_with_promotions(&self, a: Action, out: &mut Vec<Action>) {
        match a.facing() {
            Some(facing) if self.rules.promotes(self.side, a.to, facing) => {
                out.extend(Role::PROMOTIONS.map(|role| a.with_promotion(Some(role))));
            }
            _ => out.push(a),
        }
    }
}
