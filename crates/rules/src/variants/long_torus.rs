//! The 9 × 18 torus: K with its twist taken out (both pairs of edges glued straight), the board
//! beside K in "what if it were not twisted?". K's placement and rules, so the same position
//! stands on both.

use super::{Board, Opening, VariantSpec};
use crate::surfaces;
use crate::variant::Variant;

/// The 9 × 18 torus.
pub(crate) const LONG_TORUS: VariantSpec = VariantSpec {
    name: "torus-9x18",
    board: Board::Surface(|| surfaces::torus(9, 18)),
    opening: Opening::Explore { game: false },
    gluing: "east of i,r is a,r; ranks wrap",
    twin: Some(Variant::Klein),
    companion: true,
    ..super::klein::KLEIN
};
