//! Movement families: the operations the surfaces' table walks, Strato and Chess³ each do their
//! own way (legal moves, attacks, the evaluation's reach, routes, explanations and the rule facts
//! the rest reads), behind one trait. [`of`] is the one place that asks which family a variant's
//! [`Movement`] is; [`crate::VariantRules`] keeps the answer.

mod chess3;
mod strato;
mod surface;

use crate::action::Action;
use crate::bits::Bits;
use crate::complex::Cell;
use crate::explain::Reason;
use crate::piece::{Color, Piece};
use crate::position::Position;
use crate::route::RouteStep;
use crate::variants::Movement;
use std::fmt;

/// What a movement family does its own way.
pub(crate) trait Family: fmt::Debug + Sync {
    /// Appends the legal actions of the side to move to `out`.
    fn legal(&self, p: &Position, out: &mut Vec<Action>);

    /// Appends the legal actions of the side to move that capture or promote to `out` (by
    /// default, the legal actions filtered).
    fn captures(&self, p: &Position, out: &mut Vec<Action>) {
        let mut all = Vec::new();
        self.legal(p, &mut all);
        out.extend(all.into_iter().filter(|&a| p.is_capture(a) || a.promotion().is_some()));
    }

    /// The number of legal actions.
    fn count_legal(&self, p: &Position) -> u64;

    /// Whether an action is legal.
    fn is_legal(&self, p: &Position, action: Action) -> bool;

    /// Whether `by` attacks `cell`, treating `ignore` as empty (by default, the tables' walks).
    fn is_attacked(&self, p: &Position, cell: Cell, by: Color, ignore: Option<Cell>) -> bool {
        p.table_attacked(cell, by, ignore)
    }

    /// The cells of `by`'s pieces that attack `cell`, treating `ignore` as empty: knights, kings,
    /// pawns, then the first slider on each line (by default, the tables' walks).
    fn attackers(&self, p: &Position, cell: Cell, by: Color, ignore: Option<Cell>) -> Vec<Cell> {
        p.table_attackers(cell, by, ignore)
    }

    /// Whether attacks are the surfaces' table walks, so that castling's safety can be tested on
    /// the tables without playing the move.
    fn table_attacks(&self) -> bool {
        true
    }

    /// The cells a piece on `c` attacks with the current blockers (the evaluation's mobility and
    /// king zone; by default, the tables' walks).
    fn reach(&self, p: &Position, c: Cell, piece: Piece) -> Bits {
        p.table_reach(c, piece)
    }

    /// The route of an action, `None` if it is not geometrically possible.
    fn route(&self, p: &Position, a: Action) -> Option<Vec<RouteStep>>;

    /// The most specific reason the side to move's `piece` on `from` cannot go to `to` (another
    /// cell).
    fn why_not(&self, p: &Position, from: Cell, to: Cell, piece: Piece) -> Reason;

    /// Whether its explanations can give the reason `word` ([`Reason::word`]).
    fn gives(&self, word: &str) -> bool;

    /// How a pawn goes where it goes only to capture, in words.
    fn capture_way(&self) -> &'static str;

    /// Whether every piece starts marked as never moved (Strato's first moves, castling).
    fn marks_first_moves(&self) -> bool;

    /// Whether a piece's first move must change level (Strato).
    fn first_move_changes_level(&self) -> bool {
        false
    }

    /// Whether pieces attack only on their own level (Strato).
    fn attacks_stay_on_level(&self) -> bool {
        false
    }
}

/// The family of a movement: the one place that asks which it is.
pub(crate) fn of(movement: Movement) -> &'static dyn Family {
    match movement {
        Movement::Surface => &surface::Surfaces,
        Movement::Strato => &strato::Strato,
        Movement::Chess3 => &chess3::Chess3,
    }
}
