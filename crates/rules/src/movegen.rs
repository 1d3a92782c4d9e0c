//! Legal move generation: pieces by table walks, pawns by their routes, castling by the spec's
//! explicit safety tests. Destinations are sets, so several routes to one final state are one action.

use crate::action::{Action, ActionKind};
use crate::bits::Bits;
use crate::complex::Cell;
use crate::piece::{Facing, Role};
use crate::position::Position;
use crate::variant::CastleSide;

/// Receives generated legal actions.
pub(crate) trait Visitor {
    /// All of `dests` are legal destinations of the non-pawn piece on `from`.
    fn piece_moves(&mut self, from: Cell, dests: Bits);
    /// One legal action.
    fn action(&mut self, action: Action);
}

impl Visitor for Vec<Action> {
    fn piece_moves(&mut self, from: Cell, dests: Bits) {
        self.extend(dests.iter().map(|to| Action {
            from,
            to,
            kind: ActionKind::Piece,
        }));
    }
    fn action(&mut self, action: Action) {
        self.push(action);
    }
}

/// Counts actions without listing them.
pub(crate) struct Counter(pub u64);

impl Visitor for Counter {
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
        let mut all = Vec::new();
        self.visit_piece(action.from, &mut all, self.is_check(), self.pinned());
        if let ActionKind::Castle(_) = action.kind {
            self.visit_castling(&mut all);
        }
        all.contains(&action)
    }

    /// Whether the action (pseudo-legal) leaves the mover's own king safe.
    pub(crate) fn keeps_king_safe(&self, action: Action) -> bool {
        let mut next = self.clone();
        next.play_unchecked(action);
        !next.is_attacked(next.king(self.side), !self.side)
    }

    pub(crate) fn visit_legal(&self, v: &mut impl Visitor) {
        let in_check = self.is_check();
        let pinned = if in_check { Bits::EMPTY } else { self.pinned() };
        for from in self.occupied[self.side.index()].iter() {
            self.visit_piece(from, v, in_check, pinned);
        }
        if !in_check {
            self.visit_castling(v);
        }
    }

    fn visit_piece(&self, from: Cell, v: &mut impl Visitor, in_check: bool, pinned: Bits) {
        let Some(piece) = self.piece_at(from) else {
            return;
        };
        if piece.color() != self.side {
            return;
        }
        let t = &self.rules.tables;
        let mut dests = Bits::EMPTY;
        match piece.role() {
            Role::Pawn => {
                return self.visit_pawn(
                    from,
                    piece.facing().unwrap_or(Facing::Up),
                    v,
                    in_check,
                    pinned,
                );
            }
            Role::Knight => dests = t.knight.get(from.index()).iter().copied().collect(),
            Role::King => dests = t.king.get(from.index()).iter().copied().collect(),
            role => {
                let dirs = match role {
                    Role::Rook => 0..4,
                    Role::Bishop => 4..8,
                    _ => 0..8,
                };
                for d in dirs {
                    for &c in t.ray(from, d) {
                        dests.insert(c);
                        if self.squares[c.index()] != 0 {
                            break;
                        }
                    }
                }
            }
        }
        let mut blocked = self.occupied[self.side.index()];
        blocked.insert(self.king(!self.side));
        let dests = dests.without(blocked);
        if piece.role() != Role::King && !in_check && !pinned.contains(from) {
            v.piece_moves(from, dests);
        } else {
            for to in dests.iter() {
                let action = Action {
                    from,
                    to,
                    kind: ActionKind::Piece,
                };
                if self.keeps_king_safe(action) {
                    v.action(action);
                }
            }
        }
    }

    fn visit_pawn(
        &self,
        from: Cell,
        facing: Facing,
        v: &mut impl Visitor,
        in_check: bool,
        pinned: Bits,
    ) {
        let me = self.side;
        let routes = self.rules.tables.pawn(from, facing);
        let unused = self.piece_at(from).is_some_and(|p| p.unused());
        let empty = |c: Cell| self.squares[c.index()] == 0;
        // At most: forward, double, two diagonals (capture or en passant).
        let mut found: [Option<Action>; 4] = [None; 4];
        let mut n = 0;
        let mut add = |a: Action| {
            if !found[..n].contains(&Some(a)) {
                found[n] = Some(a);
                n += 1;
            }
        };
        if let Some((to, f)) = routes.forward
            && empty(to)
        {
            add(Action {
                from,
                to,
                kind: ActionKind::Pawn {
                    facing: f,
                    promotion: None,
                },
            });
            if unused
                && let Some((_, to2, f2)) = routes.double
                && empty(to2)
            {
                add(Action {
                    from,
                    to: to2,
                    kind: ActionKind::DoubleStep {
                        facing: f2,
                        promotion: None,
                    },
                });
            }
        }
        for (to, f) in routes.diagonals.into_iter().flatten() {
            match self.piece_at(to) {
                Some(p) if p.color() != me && p.role() != Role::King => add(Action {
                    from,
                    to,
                    kind: ActionKind::Pawn {
                        facing: f,
                        promotion: None,
                    },
                }),
                None if self.ep.is_some_and(|t| t.owner != me && t.middle == to) => add(Action {
                    from,
                    to,
                    kind: ActionKind::EnPassant {
                        facing: f,
                        promotion: None,
                    },
                }),
                _ => {}
            }
        }
        let check_each = in_check || pinned.contains(from);
        for action in found[..n].iter().flatten().copied() {
            let ep = matches!(action.kind, ActionKind::EnPassant { .. });
            if (check_each || ep) && !self.keeps_king_safe(action) {
                continue;
            }
            let arrival = action.facing().unwrap_or(facing);
            if self.rules.promotes(me, action.to, arrival) {
                for role in Role::PROMOTIONS {
                    v.action(action.with_promotion(Some(role)));
                }
            } else {
                v.action(action);
            }
        }
    }

    fn visit_castling(&self, v: &mut impl Visitor) {
        let me = self.side;
        for side in CastleSide::ALL {
            if !self.castling.has(me, side) {
                continue;
            }
            let Some(spec) = self.rules.castle(me, side) else {
                continue;
            };
            if self.king(me) != spec.king_from
                || spec.between.iter().any(|&c| self.squares[c.index()] != 0)
            {
                continue;
            }
            if self.is_attacked(spec.king_from, !me) {
                continue;
            }
            let king_on = |cell: Cell| {
                let mut p = self.clone();
                if let Some(king) = p.take(spec.king_from) {
                    p.put(cell, king);
                }
                p.is_attacked(cell, !me)
            };
            if king_on(spec.king_transit) || king_on(spec.king_to) {
                continue;
            }
            let action = Action {
                from: spec.king_from,
                to: spec.king_to,
                kind: ActionKind::Castle(side),
            };
            if self.keeps_king_safe(action) {
                v.action(action);
            }
        }
    }
}
