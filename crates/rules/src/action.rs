//! Actions: one value per distinct final state a player can choose.

use crate::complex::Cell;
use crate::piece::{Facing, Role};
use crate::variant::{CastleSide, VariantRules};

/// A legal move's identity. Two routes that produce the same final state are one action; the
/// same destination with another pawn facing or promotion piece is another action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Action {
    /// The moving piece's cell (the king's, for castling).
    pub from: Cell,
    /// The destination (the king's, for castling).
    pub to: Cell,
    /// What kind of action.
    pub kind: ActionKind,
}

/// The kinds of action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ActionKind {
    /// A knight, bishop, rook, queen or king moves or captures.
    Piece,
    /// A pawn's single step or diagonal capture, arriving with `facing`, promoting if required.
    Pawn {
        /// Facing on arrival.
        facing: Facing,
        /// The new piece, on the promotion target.
        promotion: Option<Role>,
    },
    /// A pawn's initial two-step advance.
    DoubleStep {
        /// Facing on arrival.
        facing: Facing,
        /// The new piece, if the destination is a promotion target.
        promotion: Option<Role>,
    },
    /// En passant: the pawn lands on the recorded middle cell and removes the recorded pawn.
    EnPassant {
        /// Facing on arrival.
        facing: Facing,
        /// The new piece, if the landing cell is a promotion target.
        promotion: Option<Role>,
    },
    /// Castling on the Möbius board (or in ordinary chess).
    Castle(CastleSide),
}

impl Action {
    /// The promotion piece, if any.
    pub const fn promotion(self) -> Option<Role> {
        match self.kind {
            ActionKind::Pawn { promotion, .. }
            | ActionKind::DoubleStep { promotion, .. }
            | ActionKind::EnPassant { promotion, .. } => promotion,
            _ => None,
        }
    }

    /// A pawn's facing on arrival, if a pawn moves.
    pub const fn facing(self) -> Option<Facing> {
        match self.kind {
            ActionKind::Pawn { facing, .. }
            | ActionKind::DoubleStep { facing, .. }
            | ActionKind::EnPassant { facing, .. } => Some(facing),
            _ => None,
        }
    }

    /// The player-exchange image Φ(a): cells mapped by Φ, pawn facing reversed, promotion piece and
    /// castling side (east stays east) kept.
    pub fn exchanged(self, rules: &VariantRules) -> Action {
        let kind = match self.kind {
            ActionKind::Pawn { facing, promotion } => ActionKind::Pawn { facing: facing.reversed(), promotion },
            ActionKind::DoubleStep { facing, promotion } => {
                ActionKind::DoubleStep { facing: facing.reversed(), promotion }
            }
            ActionKind::EnPassant { facing, promotion } => {
                ActionKind::EnPassant { facing: facing.reversed(), promotion }
            }
            other => other,
        };
        Action { from: rules.exchange(self.from), to: rules.exchange(self.to), kind }
    }

    /// The same action with another promotion choice (pawn actions only).
    pub(crate) const fn with_promotion(self, promotion: Option<Role>) -> Action {
        let kind = match self.kind {
            ActionKind::Pawn { facing, .. } => ActionKind::Pawn { facing, promotion },
            ActionKind::DoubleStep { facing, .. } => ActionKind::DoubleStep { facing, promotion },
            ActionKind::EnPassant { facing, .. } => ActionKind::EnPassant { facing, promotion },
            other => other,
        };
        Action { kind, ..self }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_are_small() {
        assert!(std::mem::size_of::<Action>() <= 6);
    }
}
