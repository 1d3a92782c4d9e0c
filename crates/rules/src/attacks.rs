//! Attacks: which cells a player attacks, whether the king is in check, and which pieces are
//! pinned to it.

use crate::bits::Bits;
use crate::complex::Cell;
use crate::piece::{Color, Piece, Role};
use crate::position::Position;
use crate::variants::Movement;

/// Whether a slider of this role attacks along direction index `d` (cardinals 0..4, diagonals 4..8).
#[inline]
fn slides(role: Role, d: usize) -> bool {
    match role {
        Role::Queen => true,
        Role::Rook => d < 4,
        Role::Bishop => d >= 4,
        _ => false,
    }
}

/// The side to move's king safety.
#[derive(Clone, Copy, Debug)]
pub(crate) struct KingSafety {
    /// Whether the king is attacked.
    pub in_check: bool,
    /// Where a non-king move must land to meet every check: on each attack line (the checker's
    /// cell, and for a slider the cells between). All cells when not in check.
    pub evasion: Bits,
    /// Pieces that shield the king from an enemy slider: removing one could expose the king;
    /// other non-king moves cannot.
    pub pinned: Bits,
}

impl Position {
    /// Whether `by` attacks `cell`: geometric captures with the current blockers, pinned pieces
    /// included; pawn advances and castling are not attacks.
    pub fn is_attacked(&self, cell: Cell, by: Color) -> bool {
        self.is_attacked_ignoring(cell, by, None)
    }

    /// As [`Position::is_attacked`], with `ignore` treated as empty (a king leaving it).
    pub(crate) fn is_attacked_ignoring(&self, cell: Cell, by: Color, ignore: Option<Cell>) -> bool {
        if self.rules.movement == Movement::Chess3 {
            return self.chess3_attacked(cell, by, ignore);
        }
        self.leaper_attacks(cell, by) || (0..8).any(|d| self.ray_attacker(cell, d, by, ignore))
    }

    /// The cells of `by`'s pieces that attack `cell`, treating `ignore` as empty: knights, kings,
    /// pawns, then the first slider on each ray. The explanation of a check names one of them.
    pub fn attackers(&self, cell: Cell, by: Color, ignore: Option<Cell>) -> Vec<Cell> {
        if self.rules.movement == Movement::Chess3 {
            return self.chess3_attackers(cell, by, ignore);
        }
        let t = &self.rules.tables;
        let is = |c: Cell, role: Role| Piece::unmarked(self.squares[c.index()]) == Piece::new(by, role).code();
        let mut out: Vec<Cell> = t.knight.get(cell.index()).iter().copied().filter(|&c| is(c, Role::Knight)).collect();
        out.extend(t.king.get(cell.index()).iter().copied().filter(|&c| is(c, Role::King)));
        for &(c, facing) in t.pawn_attackers.get(cell.index()) {
            if self.piece_at(c).is_some_and(|p| p.color() == by && p.facing() == Some(facing)) {
                out.push(c);
            }
        }
        for d in 0..8 {
            if let Some(c) = self.first_occupied(t.ray(cell, d), ignore)
                && self.piece_at(c).is_some_and(|p| p.color() == by && slides(p.role(), d))
                && !out.contains(&c)
            {
                out.push(c);
            }
        }
        out
    }

    /// Knight, king and pawn attacks on `cell` by `by` (these ignore blockers).
    #[inline]
    fn leaper_attacks(&self, cell: Cell, by: Color) -> bool {
        let t = &self.rules.tables;
        let is = |c: Cell, piece: Piece| Piece::unmarked(self.squares[c.index()]) == piece.code();
        let knight = Piece::new(by, Role::Knight);
        let king = Piece::new(by, Role::King);
        t.knight.get(cell.index()).iter().any(|&c| is(c, knight))
            || t.king.get(cell.index()).iter().any(|&c| is(c, king))
            || t.pawn_attackers.get(cell.index()).iter().any(|&(c, facing)| {
                Piece::from_code(self.squares[c.index()]).is_some_and(|p| p.color() == by && p.facing() == Some(facing))
            })
    }

    /// Whether the first piece on ray `d` from `cell` is a slider of `by` attacking along it.
    #[inline]
    fn ray_attacker(&self, cell: Cell, d: usize, by: Color, ignore: Option<Cell>) -> bool {
        self.first_occupied(self.rules.tables.ray(cell, d), ignore)
            .and_then(|c| self.piece_at(c))
            .is_some_and(|p| p.color() == by && slides(p.role(), d))
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        self.is_attacked(self.king(self.side), !self.side)
    }

    /// The first occupied cell of a ray, treating `ignore` as empty.
    #[inline]
    pub(crate) fn first_occupied(&self, ray: &[Cell], ignore: Option<Cell>) -> Option<Cell> {
        ray.iter().copied().find(|&c| self.squares[c.index()] != 0 && Some(c) != ignore)
    }

    /// Check, evasions and pins of the side to move, in one pass over the king's neighbourhood.
    pub(crate) fn king_safety(&self) -> KingSafety {
        let me = self.side;
        let them = !me;
        let king = self.king(me);
        let t = &self.rules.tables;
        let mut evasion = Bits::ALL;
        let mut in_check = false;
        let mut checked_by = |line: Bits| {
            in_check = true;
            evasion = evasion.intersection(line);
        };
        let is = |c: Cell, piece: Piece| Piece::unmarked(self.squares[c.index()]) == piece.code();
        for &c in t.knight.get(king.index()) {
            if is(c, Piece::new(them, Role::Knight)) {
                checked_by(Bits::single(c));
            }
        }
        for &(c, facing) in t.pawn_attackers.get(king.index()) {
            if self.piece_at(c).is_some_and(|p| p.color() == them && p.facing() == Some(facing)) {
                checked_by(Bits::single(c));
            }
        }
        let mut pinned = Bits::EMPTY;
        for d in 0..8 {
            let ray = t.ray(king, d);
            let Some(i) = ray.iter().position(|&c| self.squares[c.index()] != 0) else { continue };
            let first = ray[i];
            let Some(p) = self.piece_at(first) else { continue };
            if p.color() == them {
                if slides(p.role(), d) {
                    checked_by(t.ray_prefix(king, d)[i]);
                }
                continue;
            }
            if let Some(behind) = self.first_occupied(&ray[i + 1..], Some(first))
                && let Some(q) = self.piece_at(behind)
                && q.color() == them
                && slides(q.role(), d)
            {
                pinned.insert(first);
            }
        }
        KingSafety { in_check, evasion, pinned }
    }
}
