//! Legal move generation: pieces by table walks, pawns by their routes, castling by the spec's
//! explicit safety tests. Destinations are sets, so several routes to one final state are one action.

use crate::action::{Action, ActionKind};
use crate::attacks::KingSafety;
use crate::bits::Bits;
use crate::complex::Cell;
use crate::piece::{Facing, Role};
use crate::position::Position;
use crate::variant::CastleSide;
use crate::variants::Movement;

/// Receives generated legal actions.
pub(crate) trait Visitor {
    /// True for visitors that only count: they accept [`Visitor::count`].
    const COUNTS: bool = false;
    /// Adds `n` legal actions without naming them (only called when `COUNTS`).
    fn count(&mut self, _n: u64) {}
    /// All of `dests` are legal destinations of the non-pawn piece on `from`.
    fn piece_moves(&mut self, from: Cell, dests: Bits);
    /// One legal action.
    fn action(&mut self, action: Action);
}

impl Visitor for Vec<Action> {
    fn piece_moves(&mut self, from: Cell, dests: Bits) {
        self.extend(dests.iter().map(|to| Action { from, to, kind: ActionKind::Piece }));
    }
    fn action(&mut self, action: Action) {
        self.push(action);
    }
}

/// What generation needs to know once per position.
struct Generation {
    /// The side to move is in check.
    in_check: bool,
    /// Where non-king moves must land (see [`KingSafety::evasion`]).
    evasion: Bits,
    /// Pieces whose moves are tested (they shield the king from a slider).
    pinned: Bits,
    /// Cells no piece may move to: own pieces and the enemy king.
    blocked: Bits,
}

/// Counts actions without listing them.
pub(crate) struct Counter(pub u64);

impl Visitor for Counter {
    const COUNTS: bool = true;
    fn count(&mut self, n: u64) {
        self.0 += n;
    }
    fn piece_moves(&mut self, _: Cell, dests: Bits) {
        self.0 += u64::from(dests.len());
    }
    fn action(&mut self, _: Action) {
        self.0 += 1;
    }
}

impl Position {
    /// All legal actions.
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut out = Vec::with_capacity(64);
        self.legal_actions_into(&mut out);
        out
    }

    /// Appends all legal actions to `out` (reuse the buffer to avoid allocation).
    pub fn legal_actions_into(&self, out: &mut Vec<Action>) {
        self.visit_legal(out);
    }

    /// The number of legal actions.
    pub fn count_legal(&self) -> u64 {
        let mut counter = Counter(0);
        self.visit_legal(&mut counter);
        counter.0
    }

    /// Whether the player to move has any legal action.
    pub fn has_legal_action(&self) -> bool {
        // Counting is cheap enough; positions with actions usually have many.
        self.count_legal() > 0
    }

    /// Whether an action is legal here.
    pub fn is_legal(&self, action: Action) -> bool {
        if self.rules.movement != Movement::Surface {
            return self.level_actions().contains(&action);
        }
        let mut all = Vec::new();
        if self.piece_at(action.from).is_some_and(|p| p.color() == self.side) {
            self.visit_piece(action.from, &mut all, &self.generation());
        }
        if let ActionKind::Castle(_) = action.kind {
            self.visit_castling(&mut all, self.is_check());
        }
        all.contains(&action)
    }

    /// Whether the action (pseudo-legal) leaves the mover's own king safe.
    pub(crate) fn keeps_king_safe(&self, action: Action) -> bool {
        let mut next = self.clone();
        next.play_unchecked(action);
        !next.is_attacked(next.king(self.side), !self.side)
    }

    fn generation(&self) -> Generation {
        let KingSafety { in_check, evasion, pinned } = self.king_safety();
        let mut blocked = self.occupied[self.side.index()];
        blocked.insert(self.king(!self.side));
        Generation { in_check, evasion, pinned, blocked }
    }

    pub(crate) fn visit_legal(&self, v: &mut impl Visitor) {
        if self.rules.movement == Movement::Surface {
            self.visit_surface(v);
        } else {
            self.level_actions().into_iter().for_each(|a| v.action(a));
        }
    }

    /// Legal actions by the surfaces' tables (on the three-level boards: the moves within a level).
    pub(crate) fn visit_surface(&self, v: &mut impl Visitor) {
        let g = self.generation();
        for from in self.occupied[self.side.index()].iter() {
            self.visit_piece(from, v, &g);
        }
        self.visit_castling(v, g.in_check);
    }

    /// Legal actions of the side to move's piece on `from`.
    fn visit_piece<V: Visitor>(&self, from: Cell, v: &mut V, g: &Generation) {
        let Some(piece) = self.piece_at(from) else { return };
        let t = &self.rules.tables;
        let free = !g.pinned.contains(from);
        let dests = match piece.role() {
            Role::Pawn => {
                let evasion = if free { Some(g.evasion) } else { None };
                return self.visit_pawn(from, piece.facing().unwrap_or(Facing::Up), v, evasion);
            }
            Role::King => return self.visit_king(from, t.king_set[from.index()].without(g.blocked), v),
            Role::Knight => t.knight_set[from.index()],
            role => {
                let dirs = match role {
                    Role::Rook => 0..4,
                    Role::Bishop => 4..8,
                    _ => 0..8,
                };
                if V::COUNTS && free && !g.in_check && t.disjoint_rays.contains(from) {
                    return v.count(self.count_slides(from, dirs));
                }
                self.slides(from, dirs)
            }
        };
        let dests = dests.without(g.blocked);
        if free {
            let dests = if g.in_check { dests.intersection(g.evasion) } else { dests };
            v.piece_moves(from, dests);
        } else {
            for to in dests.iter() {
                let action = Action { from, to, kind: ActionKind::Piece };
                if self.keeps_king_safe(action) {
                    v.action(action);
                }
            }
        }
    }

    /// A slider's reach along the given rays: each ray up to and including its first occupied cell.
    pub(crate) fn slides(&self, from: Cell, dirs: std::ops::Range<usize>) -> Bits {
        let t = &self.rules.tables;
        let mut dests = Bits::EMPTY;
        for d in dirs {
            let ray = t.ray(from, d);
            let reach = ray.iter().position(|&c| self.squares[c.index()] != 0).map_or(ray.len(), |i| i + 1);
            if reach > 0 {
                dests = dests.union(t.ray_prefix(from, d)[reach - 1]);
            }
        }
        dests
    }

    /// The number of a free slider's destinations where its rays are disjoint.
    fn count_slides(&self, from: Cell, dirs: std::ops::Range<usize>) -> u64 {
        let mut n = 0;
        for d in dirs {
            let ray = self.rules.tables.ray(from, d);
            n += match ray.iter().position(|&c| self.squares[c.index()] != 0) {
                None => ray.len(),
                Some(i) => i + usize::from(self.capturable(ray[i])),
            };
        }
        n as u64
    }

    /// King steps to cells the opponent does not attack once the king has left `from`.
    fn visit_king(&self, from: Cell, dests: Bits, v: &mut impl Visitor) {
        for to in dests.iter() {
            if !self.is_attacked_ignoring(to, !self.side, Some(from)) {
                v.action(Action { from, to, kind: ActionKind::Piece });
            }
        }
    }

    /// Whether the side to move may capture on `c`: an enemy piece other than the king.
    #[inline]
    fn capturable(&self, c: Cell) -> bool {
        self.piece_at(c).is_some_and(|p| p.color() != self.side && p.role() != Role::King)
    }

    /// A pawn's actions. `evasion` is where a non-pinned pawn's move must land (all cells out of
    /// check); a pinned pawn (`None`) and en passant (two cells change) are tested in full.
    fn visit_pawn<V: Visitor>(&self, from: Cell, facing: Facing, v: &mut V, evasion: Option<Bits>) {
        let routes = self.rules.tables.pawn(from, facing);
        let empty = |c: Cell| self.squares[c.index()] == 0;
        let mut emit = |action: Action, arrival: Facing, en_passant: bool| {
            let legal = match evasion {
                Some(cells) if !en_passant => cells.contains(action.to),
                _ => self.keeps_king_safe(action),
            };
            if !legal {
                return;
            }
            if !self.rules.promotes(self.side, action.to, arrival) {
                v.action(action);
            } else if V::COUNTS {
                v.count(Role::PROMOTIONS.len() as u64);
            } else {
                for role in Role::PROMOTIONS {
                    v.action(action.with_promotion(Some(role)));
                }
            }
        };
        if let Some((to, f)) = routes.forward
            && empty(to)
        {
            emit(Action { from, to, kind: ActionKind::Pawn { facing: f, promotion: None } }, f, false);
            if let Some((_, to2, f2)) = routes.double
                && empty(to2)
                && self.piece_at(from).is_some_and(|p| p.unused())
            {
                emit(Action { from, to: to2, kind: ActionKind::DoubleStep { facing: f2, promotion: None } }, f2, false);
            }
        }
        for (to, f) in routes.diagonals.into_iter().flatten() {
            if self.capturable(to) {
                emit(Action { from, to, kind: ActionKind::Pawn { facing: f, promotion: None } }, f, false);
            } else if empty(to) && self.ep.is_some_and(|t| t.owner != self.side && t.middle == to) {
                emit(Action { from, to, kind: ActionKind::EnPassant { facing: f, promotion: None } }, f, true);
            }
        }
    }

    pub(crate) fn visit_castling(&self, v: &mut impl Visitor, in_check: bool) {
        let me = self.side;
        for side in CastleSide::ALL {
            if !self.castling.has(me, side) {
                continue;
            }
            let Some(spec) = self.rules.castle(me, side) else {
                continue;
            };
            if self.king(me) != spec.king_from || spec.between.iter().any(|&c| self.squares[c.index()] != 0) {
                continue;
            }
            // The source, then the transit and landing cells with the source vacated and the rook
            // at home, then (below) the king's actual final cell.
            let king_on = |cell: Cell| self.is_attacked_ignoring(cell, !me, Some(spec.king_from));
            if in_check || king_on(spec.king_transit) || king_on(spec.king_to) {
                continue;
            }
            let action = Action { from: spec.king_from, to: spec.king_to, kind: ActionKind::Castle(side) };
            if self.keeps_king_safe(action) {
                v.action(action);
            }
        }
    }
}
