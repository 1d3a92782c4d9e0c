//! Chess³ v1: moves from its table through the lattice, attacks across levels.

use super::Family;
use crate::action::Action;
use crate::bits::Bits;
use crate::complex::Cell;
use crate::explain::{Reason, STRATO_WORDS, SURFACE_WORDS};
use crate::lattice::ways::CHESS3;
use crate::piece::{Color, Piece};
use crate::position::Position;
use crate::route::RouteStep;

/// Chess³'s movement.
#[derive(Debug)]
pub(crate) struct Chess3;

impl Family for Chess3 {
    fn legal(&self, p: &Position, out: &mut Vec<Action>) {
        out.extend(p.chess3_actions());
    }

    fn count_legal(&self, p: &Position) -> u64 {
        p.chess3_actions().len() as u64
    }

    fn is_legal(&self, p: &Position, action: Action) -> bool {
        p.chess3_actions().contains(&action)
    }

    fn is_attacked(&self, p: &Position, cell: Cell, by: Color, ignore: Option<Cell>) -> bool {
        p.chess3_attacked(cell, by, ignore)
    }

    fn attackers(&self, p: &Position, cell: Cell, by: Color, ignore: Option<Cell>) -> Vec<Cell> {
        p.chess3_attackers(cell, by, ignore)
    }

    fn table_attacks(&self) -> bool {
        false
    }

    fn reach(&self, p: &Position, c: Cell, piece: Piece) -> Bits {
        p.chess3_reach(c, piece)
    }

    fn route(&self, p: &Position, a: Action) -> Option<Vec<RouteStep>> {
        p.level_route(&CHESS3, a)
    }

    fn why_not(&self, p: &Position, from: Cell, to: Cell, piece: Piece) -> Reason {
        p.level_why_not(&CHESS3, from, to, piece)
    }

    fn gives(&self, word: &str) -> bool {
        !SURFACE_WORDS.contains(&word) && !STRATO_WORDS.contains(&word)
    }

    fn capture_way(&self) -> &'static str {
        "goes that way"
    }

    fn marks_first_moves(&self) -> bool {
        true
    }
}
