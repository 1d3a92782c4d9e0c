//! The 10 × 9 cylinder: M with its twist taken out (east and west glued straight), the board
//! beside M in "what if it were not twisted?". M's placement and rules, so the same position
//! stands on both.

use super::{Board, Opening, VariantSpec};
use crate::surfaces;
use crate::variant::Variant;

/// The 10 × 9 cylinder.
pub(crate) const WIDE_CYLINDER: VariantSpec = VariantSpec {
    name: "cylinder-10x9",
    board: Board::Surface(|| surfaces::cylinder(10, 9)),
    opening: Opening::Explore { game: false },
    gluing: "east of j,r is a,r",
    twin: Some(Variant::Mobius),
    companion: true,
    ..super::mobius::MOBIUS
};
