//! Strato v1: ordinary chess on each level by the level's tables (so its attacks stay on a level),
//! transfers between levels from its table, and every piece's first move changes level.

use super::Family;
use crate::action::Action;
use crate::complex::Cell;
use crate::explain::{Reason, SURFACE_WORDS};
use crate::lattice::ways::STRATO;
use crate::piece::Piece;
use crate::position::Position;
use crate::route::RouteStep;

/// Strato's movement.
#[derive(Debug)]
pub(crate) struct Strato;

impl Family for Strato {
    fn legal(&self, p: &Position, out: &mut Vec<Action>) {
        out.extend(p.strato_actions());
    }

    fn count_legal(&self, p: &Position) -> u64 {
        p.strato_actions().len() as u64
    }

    fn is_legal(&self, p: &Position, action: Action) -> bool {
        p.strato_actions().contains(&action)
    }

    fn route(&self, p: &Position, a: Action) -> Option<Vec<RouteStep>> {
        p.level_route(&STRATO, a)
    }

    fn why_not(&self, p: &Position, from: Cell, to: Cell, piece: Piece) -> Reason {
        p.level_why_not(&STRATO, from, to, piece)
    }

    fn gives(&self, word: &str) -> bool {
        !SURFACE_WORDS.contains(&word)
    }

    fn capture_way(&self) -> &'static str {
        "goes that way"
    }

    fn marks_first_moves(&self) -> bool {
        true
    }

    fn first_move_changes_level(&self) -> bool {
        STRATO.first_move_changes_level
    }

    fn attacks_stay_on_level(&self) -> bool {
        true
    }
}
