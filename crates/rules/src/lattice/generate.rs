//! Legal moves on the three-level boards: each family's moves along its table, kept when they
//! leave the mover's king safe, with the promotion choices spelled out; Strato's first-move rule
//! and castling's joint transfer on top.

use super::ways::{CHESS3, STRATO};
use crate::action::{Action, ActionKind};
use crate::complex::Cell;
use crate::piece::Role;
use crate::position::Position;
use crate::variant::CastleSide;

impl Position {
    /// Strato's legal actions: ordinary chess on each level by the level's tables (castling
    /// included) under the first-move rule, then castling's joint transfers and the transfers.
    pub(crate) fn strato_actions(&self) -> Vec<Action> {
        let mut pseudo = Vec::with_capacity(64);
        let mut legal = Vec::with_capacity(64);
        self.visit_surface(&mut legal);
        self.strato_first_moves(&mut legal);
        for castle in legal.iter().filter_map(|a| match a.kind {
            ActionKind::Castle(side) => Some(side),
            _ => None,
        }) {
            self.castle_transfers(castle, &mut pseudo);
        }
        self.walk_ways(&STRATO, true, &mut pseudo);
        self.keep_legal(pseudo, &mut legal);
        legal
    }

    /// Chess³'s legal actions: castling on the home level, then the table's moves.
    pub(crate) fn chess3_actions(&self) -> Vec<Action> {
        let mut pseudo = Vec::with_capacity(64);
        let mut legal = Vec::with_capacity(64);
        self.walk_ways(&CHESS3, false, &mut pseudo);
        self.visit_castling(&mut legal, self.is_check());
        self.keep_legal(pseudo, &mut legal);
        legal
    }

    /// Appends the actions of `pseudo` that leave the mover's king safe, with their promotion
    /// choices.
    fn keep_legal(&self, pseudo: Vec<Action>, legal: &mut Vec<Action>) {
        for a in pseudo {
            if self.keeps_king_safe(a) {
                self.push_with_promotions(a, legal);
            }
        }
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

    /// Castling followed by the joint transfer of king and rook by one of Strato's castle lifts:
    /// the king's destinations, given that ordinary castling on `side` is legal. Both transfer
    /// destinations must be empty (the final king square's safety is tested with the others).
    fn castle_transfers(&self, side: CastleSide, out: &mut Vec<Action>) {
        let lattice = self.lattice();
        let Some(spec) = self.rules.castle(self.side, side) else { return };
        for &dl in STRATO.castle_lifts {
            let shifted = |c: Cell| lattice.step(c, (0, 0, dl)).filter(|&c| self.piece_at(c).is_none());
            if let (Some(king), Some(_)) = (shifted(spec.king_to), shifted(spec.rook_to)) {
                out.push(Action { from: spec.king_from, to: king, kind: ActionKind::Castle(side) });
            }
        }
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
