//! The sphere: the surface of a cube, six 4 × 4 faces, three squares at each corner. No agreed
//! start; it opens to explore, White underneath (face VI) and Black on top (face I). Pawns keep
//! their chart's north or south: no direction field on a sphere is continuous (the hairy-ball
//! theorem), so the faces' charts cannot carry one facing across every edge.

use super::{Board, Camp, Exchange, Movement, Opening, TextStyle, VariantSpec};
use crate::surfaces;
use crate::tables::FacingMode;
use crate::variant::PromotionRule;

/// The sphere board.
pub(crate) const SPHERE: VariantSpec = VariantSpec {
    name: "sphere",
    ruleset: crate::RULES_VERSION,
    board: Board::Surface(|| surfaces::cube(4)),
    movement: Movement::Surface,
    camp: Camp { chart: 5, rows: &["RQKN", "PBPP"] },
    exchange: Exchange::FlipRanksPermuteCharts(&[5, 1, 2, 3, 4, 0]),
    facing: FacingMode::Fixed,
    promotion: PromotionRule::OwnerRank { white: (0, 3), black: (5, 0) },
    castling: None,
    endings: super::endless::ENDLESS.endings,
    opening: Opening::Explore { game: false },
    gluing: "faces I–VI of a cube; over an edge onto the next face",
    twin: None,
    companion: false,
    text: TextStyle::Surface,
};
