//! Legal moves on the three-level boards: each family's moves along its table, kept when they
//! leave the mover's king safe, with the promotion choices spelled out; Strato's first-move rule
//! and castling's joint transfer on top.

use super::ways::{CHESS3, STRATO};
use crate::action::{Action, ActionKind};
use crate::attacks::KingSafety;
use crate::bits::Bits;
use crate::complex::Cell;
use crate::piece::Role;
use crate::position::Position;
use crate::variant::CastleSide;

impl Position {
    /// Strato's legal actions: ordinary chess on each level by the level's tables (castling
    /// included) under the first-move rule, then castling's joint transfers and the transfers.
    /// Strato's attacks are its levels' tables, so out of check a transfer by a piece they do not
    /// find pinned is kept untested.
    pub(crate) fn strato_actions(&self) -> Vec<Action> {
        let (mut legal, transfers) = self.strato_parts();
        let KingSafety { in_check, pinned, .. } = self.king_safety::<Bits>();
        self.keep_legal(transfers, &mut legal, self.untested(in_check, pinned));
        legal
    }

    /// Strato's actions in two parts: the levels' own (legal), and the transfers still to test.
    fn strato_parts(&self) -> (Vec<Action>, Vec<Action>) {
        let mut transfers = Vec::with_capacity(64);
        let mut legal = Vec::with_capacity(64);
        self.visit_surface(&mut legal);
        self.strato_first_moves(&mut legal);
        for castle in legal.iter().filter_map(|a| match a.kind {
            ActionKind::Castle(side) => Some(side),
            _ => None,
        }) {
            self.castle_transfers(castle, &mut transfers);
        }
        self.walk_ways(&STRATO, true, &mut transfers);
        (legal, transfers)
    }

    /// Chess³'s legal actions: castling on the home level, then the table's moves. Out of check,
    /// a move by a piece that shields nothing (see [`Position::chess3_shields`]) is kept untested.
    pub(crate) fn chess3_actions(&self) -> Vec<Action> {
        let in_check = self.is_check();
        let (mut legal, moves) = self.chess3_parts(in_check);
        let shields = self.chess3_shields(self.king(self.side));
        self.keep_legal(moves, &mut legal, self.untested(in_check, shields));
        legal
    }

    /// Chess³'s actions in two parts, given whether the mover is in check: castling (legal), and
    /// the table's moves still to test.
    fn chess3_parts(&self, in_check: bool) -> (Vec<Action>, Vec<Action>) {
        let mut moves = Vec::with_capacity(64);
        let mut legal = Vec::with_capacity(64);
        self.walk_ways(&CHESS3, false, &mut moves);
        self.visit_castling(&mut legal, in_check);
        (legal, moves)
    }

    /// Which moves need no test on a copy, given whether the mover is in check and the pieces
    /// that may shield its king: out of check, a move that is not the king's, not en passant
    /// (which empties a second cell) and not by one of them. It empties no cell that stands
    /// between the king and an attacker, and a piece it captures is replaced by the capturer.
    fn untested(&self, in_check: bool, shields: Bits) -> impl Fn(Action) -> bool {
        let king = self.king(self.side);
        move |a| {
            !in_check && a.from != king && !shields.contains(a.from) && !matches!(a.kind, ActionKind::EnPassant { .. })
        }
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
    use crate::random_game::random_game;
    use crate::variant::Variant;

    #[test]
    fn the_levels_keep_untested_only_what_testing_keeps() {
        // Along pseudo-random games on both three-level boards (checks and pins included), the
        // legal actions equal those found by testing every move of the tables on a copy.
        for variant in [Variant::Strato, Variant::Chess3] {
            let mut tested = 0;
            for p in (0..40).flat_map(|game| random_game(variant, 3 + game, 120)) {
                let fast = if variant == Variant::Chess3 { p.chess3_actions() } else { p.strato_actions() };
                assert_eq!(fast, tested_on_copies(&p), "{}", p.to_text());
                tested += 1;
            }
            assert!(tested > 2_000, "{variant:?}: {tested} positions");
        }
    }

    /// The legal actions with every lattice move tested on a copy.
    fn tested_on_copies(p: &Position) -> Vec<Action> {
        let (mut legal, moves) =
            if p.variant() == Variant::Chess3 { p.chess3_parts(p.is_check()) } else { p.strato_parts() };
        p.keep_legal(moves, &mut legal, |_| false);
        legal
    }
}
