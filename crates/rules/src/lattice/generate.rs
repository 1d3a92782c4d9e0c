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
        self.keep_legal(pseudo, &mut legal, |_| false);
        legal
    }

    /// Chess³'s legal actions: castling on the home level, then the table's moves. Out of check,
    /// a move by a piece that shields nothing (see [`Position::chess3_shields`]) is kept untested.
    pub(crate) fn chess3_actions(&self) -> Vec<Action> {
        let mut pseudo = Vec::with_capacity(64);
        let mut legal = Vec::with_capacity(64);
        self.walk_ways(&CHESS3, false, &mut pseudo);
        let in_check = self.is_check();
        self.visit_castling(&mut legal, in_check);
        let king = self.king(self.side);
        let shields = self.chess3_shields(king);
        let safe = |a: Action| {
            !in_check && a.from != king && !shields.contains(a.from) && !matches!(a.kind, ActionKind::EnPassant { .. })
        };
        self.keep_legal(pseudo, &mut legal, safe);
        legal
    }

    /// Appends the actions of `pseudo` that are `safe` or leave the mover's king safe, with their
    /// promotion choices.
    fn keep_legal(&self, pseudo: Vec<Action>, legal: &mut Vec<Action>, safe: impl Fn(Action) -> bool) {
        for a in pseudo {
            if safe(a) || self.keeps_king_safe(a) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;

    #[test]
    fn chess3_keeps_untested_only_what_testing_keeps() {
        // Along pseudo-random games (a 64-bit linear congruential choice, checks and pins
        // included), the legal actions equal those found by testing every pseudo-legal move.
        let mut seed = 3_u64;
        let mut tested = 0;
        for _ in 0..40 {
            let mut p = Position::new(Variant::Chess3);
            for _ in 0..120 {
                let mut pseudo = Vec::new();
                let mut slow = Vec::new();
                p.walk_ways(&CHESS3, false, &mut pseudo);
                p.visit_castling(&mut slow, p.is_check());
                p.keep_legal(pseudo, &mut slow, |_| false);
                let fast = p.chess3_actions();
                assert_eq!(fast, slow, "{}", p.to_text());
                tested += 1;
                if fast.is_empty() {
                    break;
                }
                seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                p.play_unchecked(fast[(seed >> 33) as usize % fast.len()]);
            }
        }
        assert!(tested > 2_000, "{tested} positions");
    }
}
