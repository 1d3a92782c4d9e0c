//! The surfaces (Möbius, Klein, genus two, Endless, flat chess): chess moves transported across
//! the complex's seams, generated, attacked and explained by the surfaces' table walks.

use super::Family;
use crate::action::Action;
use crate::complex::Cell;
use crate::explain::{Reason, STRATO_WORDS};
use crate::piece::Piece;
use crate::position::Position;
use crate::route::RouteStep;

/// The surfaces' movement.
#[derive(Debug)]
pub(crate) struct Surfaces;

impl Family for Surfaces {
    fn legal(&self, p: &Position, out: &mut Vec<Action>) {
        p.visit_surface(out);
    }

    fn captures(&self, p: &Position, out: &mut Vec<Action>) {
        p.visit_surface_captures(out);
    }

    fn count_legal(&self, p: &Position) -> u64 {
        p.count_surface()
    }

    fn is_legal(&self, p: &Position, action: Action) -> bool {
        p.table_is_legal(action)
    }

    fn route(&self, p: &Position, a: Action) -> Option<Vec<RouteStep>> {
        p.surface_route(a)
    }

    fn why_not(&self, p: &Position, from: Cell, to: Cell, piece: Piece) -> Reason {
        p.surface_why_not(from, to, piece)
    }

    fn gives(&self, word: &str) -> bool {
        !STRATO_WORDS.contains(&word)
    }

    fn capture_way(&self) -> &'static str {
        "moves diagonally"
    }

    fn marks_first_moves(&self) -> bool {
        false
    }
}
