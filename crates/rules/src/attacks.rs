//! Attacks: which cells a player attacks, whether the king is in check, and which pieces are
//! pinned to it.

use crate::action::{Action, ActionKind};
use crate::bits::{Bits, Set};
use crate::complex::Cell;
use crate::piece::{Color, Facing, Piece, Role};
use crate::position::Position;
use crate::tables::Width;

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

/// The side to move's king safety, in a set width.
#[derive(Clone, Copy, Debug)]
pub(crate) struct KingSafety<S> {
    /// Whether the king is attacked.
    pub in_check: bool,
    /// Where a non-king move must land to meet every check: on each attack line (the checker's
    /// cell, and for a slider the cells between). All cells when not in check.
    pub evasion: S,
    /// Pieces that shield the king from an enemy slider: removing one could expose the king;
    /// other non-king moves cannot.
    pub pinned: S,
}

/// One player's pieces by how they attack, in a set width.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Attackers<S> {
    /// Their knights.
    pub knights: S,
    /// Their pawns by facing (up, down).
    pub pawns: [S; 2],
    /// Their sliders along cardinal rays (rooks, queens) and along diagonals (bishops, queens).
    pub sliders: [S; 2],
    /// Their king's cell.
    pub king: Cell,
}

impl Position {
    /// Whether `by` attacks `cell`: geometric captures with the current blockers, pinned pieces
    /// included; pawn advances and castling are not attacks.
    pub fn is_attacked(&self, cell: Cell, by: Color) -> bool {
        self.is_attacked_ignoring(cell, by, None)
    }

    /// As [`Position::is_attacked`], with `ignore` treated as empty (a king leaving it).
    pub(crate) fn is_attacked_ignoring(&self, cell: Cell, by: Color, ignore: Option<Cell>) -> bool {
        self.rules.family.is_attacked(self, cell, by, ignore)
    }

    /// [`Position::is_attacked_ignoring`] by the surfaces' tables.
    #[inline]
    pub(crate) fn table_attacked(&self, cell: Cell, by: Color, ignore: Option<Cell>) -> bool {
        match self.rules.tables.width {
            Width::W64 => self.attacked_ignoring::<u64>(cell, by, ignore),
            Width::W128 => self.attacked_ignoring::<u128>(cell, by, ignore),
            Width::W256 => self.attacked_ignoring::<Bits>(cell, by, ignore),
        }
    }

    fn attacked_ignoring<S: Set>(&self, cell: Cell, by: Color, ignore: Option<Cell>) -> bool {
        let mut occupied = self.all_occupied_in::<S>();
        if let Some(c) = ignore {
            occupied.remove(c);
        }
        self.attacked_by(cell, &self.attackers_of(by), occupied)
    }

    /// The cells occupied by either colour, in a set width.
    #[inline]
    pub(crate) fn all_occupied_in<S: Set>(&self) -> S {
        S::of(&self.occupied[0]).union(S::of(&self.occupied[1]))
    }

    /// `by`'s pieces by how they attack.
    #[inline]
    pub(crate) fn attackers_of<S: Set>(&self, by: Color) -> Attackers<S> {
        let own = S::of(&self.occupied[by.index()]);
        Attackers {
            knights: S::of(&self.knights).intersection(own),
            pawns: self.pawns.each_ref().map(|p| S::of(p).intersection(own)),
            sliders: [S::of(&self.sliders[0]).intersection(own), S::of(&self.sliders[1]).intersection(own)],
            king: self.king(by),
        }
    }

    /// Whether `a`'s pieces attack `cell` with the cells of `occupied` blocking the sliders (the
    /// surfaces' tables; `a`'s own cells are taken from the position).
    #[inline]
    pub(crate) fn attacked_by<S: Set>(&self, cell: Cell, a: &Attackers<S>, occupied: S) -> bool {
        let t = &self.rules.tables;
        S::of(&t.knight_set[cell.index()]).intersects(a.knights)
            || S::of(&t.king_set[cell.index()]).contains(a.king)
            || (0..2).any(|f| S::of(&t.pawn_attacker_sets[cell.index()][f]).intersects(a.pawns[f]))
            || (0..2).any(|kind| self.line_attack(cell, kind, a.sliders[kind], occupied))
    }

    /// The cells of `a`'s pieces that attack `cell` with the cells of `occupied` blocking the
    /// sliders (the surfaces' tables): [`Position::attacked_by`]'s pieces, all of them.
    pub(crate) fn attacking<S: Set>(&self, cell: Cell, a: &Attackers<S>, occupied: S) -> S {
        let t = &self.rules.tables;
        let mut found = S::of(&t.knight_set[cell.index()]).intersection(a.knights);
        if S::of(&t.king_set[cell.index()]).contains(a.king) {
            found.insert(a.king);
        }
        for (kind, sliders) in a.sliders.into_iter().enumerate() {
            found = found.union(S::of(&t.pawn_attacker_sets[cell.index()][kind]).intersection(a.pawns[kind]));
            if S::of(&t.lines[cell.index()][kind]).intersects(sliders) {
                found = found.union(t.slides(cell, kind * 4..kind * 4 + 4, occupied).intersection(sliders));
            }
        }
        found
    }

    /// Whether one of `sliders` attacks `cell` along one of the rays of a kind (0: the cardinal
    /// rays 0..4, 1: the diagonal rays 4..8) with `occupied` blocking. Only rays holding one of
    /// them are followed.
    #[inline]
    fn line_attack<S: Set>(&self, cell: Cell, kind: usize, sliders: S, occupied: S) -> bool {
        let t = &self.rules.tables;
        if !S::of(&t.lines[cell.index()][kind]).intersects(sliders) {
            return false;
        }
        (kind * 4..kind * 4 + 4).any(|d| {
            S::of(&t.ray_set[cell.index() * 8 + d]).intersects(sliders)
                && t.first_on_ray(cell, d, occupied).is_some_and(|c| sliders.contains(c))
        })
    }

    /// The cells of `by`'s pieces that attack `cell`, treating `ignore` as empty: knights, kings,
    /// pawns, then the first slider on each ray. The explanation of a check names one of them.
    pub fn attackers(&self, cell: Cell, by: Color, ignore: Option<Cell>) -> Vec<Cell> {
        self.rules.family.attackers(self, cell, by, ignore)
    }

    /// [`Position::attackers`] by the surfaces' tables.
    pub(crate) fn table_attackers(&self, cell: Cell, by: Color, ignore: Option<Cell>) -> Vec<Cell> {
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

    /// The cells a piece on `c` attacks with the current blockers, along the tables' rays and
    /// jumps (seams included).
    pub(crate) fn table_reach(&self, c: Cell, piece: Piece) -> Bits {
        match self.rules.tables.width {
            Width::W64 => self.table_reach_in::<u64>(c, piece, self.all_occupied_in()).bits(),
            Width::W128 => self.table_reach_in::<u128>(c, piece, self.all_occupied_in()).bits(),
            Width::W256 => self.table_reach_in::<Bits>(c, piece, self.all_occupied_in()),
        }
    }

    /// [`Position::table_reach`] in a set width, given the occupied cells.
    #[inline]
    pub(crate) fn table_reach_in<S: Set>(&self, c: Cell, piece: Piece, occupied: S) -> S {
        let t = &self.rules.tables;
        match piece.role() {
            Role::Pawn => t.pawn(c, piece.facing().unwrap_or(Facing::Up)).diagonals.into_iter().flatten().fold(
                S::EMPTY,
                |mut set, (to, _)| {
                    set.insert(to);
                    set
                },
            ),
            Role::King => S::of(&t.king_set[c.index()]),
            Role::Knight => S::of(&t.knight_set[c.index()]),
            Role::Bishop => self.slides_in(c, 4..8, occupied),
            Role::Rook => self.slides_in(c, 0..4, occupied),
            Role::Queen => self.slides_in(c, 0..8, occupied),
        }
    }

    /// The cells `color`'s pawns attack, by the tables' routes: those on regular cells (see
    /// [`crate::tables::PawnShifts`]) by shifting sets, the others one by one.
    #[inline]
    pub(crate) fn table_pawn_attacks_in<S: Set>(&self, color: Color) -> S {
        let t = &self.rules.tables;
        let own = S::of(&self.occupied[color.index()]);
        let mut attacks = S::EMPTY;
        for facing in [Facing::Up, Facing::Down] {
            let shifts = &t.pawn_shifts[facing.index()];
            let pawns = own.intersection(S::of(&self.pawns[facing.index()]));
            let regular = pawns.intersection(S::of(&shifts.regular));
            for diagonal in &shifts.diagonals {
                attacks = attacks.union(regular.intersection(S::of(&diagonal.cells)).shifted(diagonal.offset));
            }
            for c in pawns.without(regular).cells() {
                for (to, _) in t.pawn(c, facing).diagonals.into_iter().flatten() {
                    attacks.insert(to);
                }
            }
        }
        attacks
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        self.is_attacked(self.king(self.side), !self.side)
    }

    /// Whether `a`, a legal action of the side to move, may leave the opponent in check: false
    /// only when it certainly does not, without playing it. Neither the cell it leaves nor the one
    /// it reaches lies where it could open or make an attack on the enemy king: the vacated cell is
    /// on no line of the king holding a slider of the mover's, and the piece as it arrives could
    /// not attack the king from its destination. Castling, en passant (which empty a second
    /// cell) and families with their own attacks always may.
    pub(crate) fn may_check(&self, a: Action) -> bool {
        if !self.rules.family.table_attacks() {
            return true;
        }
        let t = &self.rules.tables;
        let king = self.king(!self.side).index();
        let own = &self.occupied[self.side.index()];
        let lines = &t.lines[king];
        let opened = |kind: usize| {
            lines[kind].contains(a.from) && !lines[kind].intersection(self.sliders[kind]).intersection(*own).is_empty()
        };
        if opened(0) || opened(1) {
            return true;
        }
        let role = match a.kind {
            ActionKind::Castle(_) | ActionKind::EnPassant { .. } => return true,
            ActionKind::Piece => match self.piece_at(a.from) {
                Some(piece) => piece.role(),
                None => return true,
            },
            ActionKind::Pawn { facing, promotion } | ActionKind::DoubleStep { facing, promotion } => match promotion {
                Some(role) => role,
                None => return t.pawn_attacker_sets[king][facing.index()].contains(a.to),
            },
        };
        match role {
            Role::King => t.king_set[king].contains(a.to),
            Role::Knight => t.knight_set[king].contains(a.to),
            Role::Rook => lines[0].contains(a.to),
            Role::Bishop => lines[1].contains(a.to),
            Role::Queen => lines[0].contains(a.to) || lines[1].contains(a.to),
            Role::Pawn => true,
        }
    }

    /// The first occupied cell of a ray, treating `ignore` as empty.
    #[inline]
    pub(crate) fn first_occupied(&self, ray: &[Cell], ignore: Option<Cell>) -> Option<Cell> {
        ray.iter().copied().find(|&c| self.squares[c.index()] != 0 && Some(c) != ignore)
    }

    /// Check, evasions and pins of the side to move, in one pass over the king's neighbourhood.
    pub(crate) fn king_safety<S: Set>(&self) -> KingSafety<S> {
        let me = self.side;
        let them = self.attackers_of::<S>(!me);
        let king = self.king(me);
        let t = &self.rules.tables;
        let mut evasion = S::ALL;
        let mut in_check = false;
        let mut checked_by = |line: S| {
            in_check = true;
            evasion = evasion.intersection(line);
        };
        for c in S::of(&t.knight_set[king.index()]).intersection(them.knights).cells() {
            checked_by(S::of(&Bits::single(c)));
        }
        for (f, pawns) in them.pawns.into_iter().enumerate() {
            for c in S::of(&t.pawn_attacker_sets[king.index()][f]).intersection(pawns).cells() {
                checked_by(S::of(&Bits::single(c)));
            }
        }
        let mut pinned = S::EMPTY;
        let occupied = self.all_occupied_in::<S>();
        let own = S::of(&self.occupied[me.index()]);
        // Only rays holding an enemy slider of their kind can check or pin.
        for (kind, sliders) in them.sliders.into_iter().enumerate() {
            if !S::of(&t.lines[king.index()][kind]).intersects(sliders) {
                continue;
            }
            for d in kind * 4..kind * 4 + 4 {
                if !S::of(&t.ray_set[king.index() * 8 + d]).intersects(sliders) {
                    continue;
                }
                let (line, Some(first)) = t.reach(king, d, occupied) else { continue };
                if !own.contains(first) {
                    if sliders.contains(first) {
                        checked_by(line);
                    }
                    continue;
                }
                let mut behind = occupied;
                behind.remove(first);
                if t.first_on_ray(king, d, behind).is_some_and(|c| sliders.contains(c)) {
                    pinned.insert(first);
                }
            }
        }
        KingSafety { in_check, evasion, pinned }
    }
}

#[cfg(test)]
mod tests {
    use crate::position::Position;
    use crate::random_game::random_game;
    use crate::variant::Variant;

    #[test]
    fn an_action_ruled_out_of_checking_never_checks() {
        // Every legal action along pseudo-random games on every board: one that `may_check` rules
        // out leaves the opponent out of check. On the table boards it rules out many (a quarter
        // even on the projective plane, whose lines cover most cells).
        for variant in Variant::ALL {
            let (mut checks, mut ruled_out, mut actions) = (0, 0, 0);
            for p in (0..4).flat_map(|game| random_game(variant, 5 + game, 60)) {
                for a in p.legal_actions() {
                    let mut next = p.clone();
                    next.play_unchecked(a);
                    let check = next.is_check();
                    checks += usize::from(check);
                    actions += 1;
                    if !p.may_check(a) {
                        ruled_out += 1;
                        assert!(!check, "{variant} {} {a:?} checks", p.to_text());
                    }
                }
            }
            assert!(checks > 0, "{variant}: no check met");
            if variant.rules().family.table_attacks() {
                assert!(ruled_out * 4 > actions, "{variant}: {ruled_out} of {actions} ruled out");
            } else {
                assert_eq!(ruled_out, 0, "{variant}: its own attacks are not the tables'");
            }
        }
    }

    #[test]
    fn a_discovered_check_may_check() {
        // The knight leaves the bishop's long diagonal to the king, checking from b2, a cell the
        // knight itself could never attack the king from; the king's step opens no line.
        let p = Position::from_text(Variant::Chess, "7k/8/8/8/8/2N5/1B6/4K3 w - - 0 1").expect("a position");
        let discovering = p.parse_action("Nc3–a4").expect("legal");
        assert!(p.may_check(discovering));
        let mut next = p.clone();
        next.play_unchecked(discovering);
        assert!(next.is_check());
        assert!(!p.may_check(p.parse_action("Ke1–f1").expect("legal")));
    }
}
