//! The cylinder: an 8 × 8 board whose east and west edges are glued straight. Ordinary chess on
//! it is an established variant, so it offers that game as well as exploring.

use super::{Board, Exchange, Movement, Opening, TextStyle, VariantSpec};
use crate::surfaces;
use crate::tables::FacingMode;
use crate::variant::Variant;

/// The cylinder board.
pub(crate) const CYLINDER: VariantSpec = VariantSpec {
    name: "cylinder",
    ruleset: crate::RULES_VERSION,
    board: Board::Surface(|| surfaces::cylinder(8, 8)),
    movement: Movement::Surface,
    camp: super::chess::CHESS.camp,
    exchange: Exchange::FlipRanks,
    facing: FacingMode::Fixed,
    promotion: super::chess::CHESS.promotion,
    castling: super::chess::CHESS.castling,
    endings: super::endless::ENDLESS.endings,
    opening: Opening::Explore { game: true },
    gluing: "east of h,r is a,r",
    twin: Some(Variant::Endless),
    companion: false,
    text: TextStyle::Surface,
};
