//! The torus: an 8 × 8 board with both pairs of edges glued straight. It has no agreed start (the
//! back ranks face each other through the seam), so it opens to explore.

use super::{Board, Camp, Exchange, Movement, Opening, TextStyle, VariantSpec};
use crate::surfaces;
use crate::tables::FacingMode;
use crate::variant::PromotionRule;
use crate::variant::Variant;

/// The placement the torus opens with: the armies a rank in from the seam, pieces on ranks 2 and
/// 7, pawns on 3 and 6, so two empty ranks lie between them each way round (the back ranks still
/// face each other through the seam: why the torus has no agreed start).
pub(crate) const TORUS_CAMP: Camp = Camp { chart: 0, rows: &["........", "RNBQKBNR", "PPPPPPPP"] };

/// Promotion on the opponent's home rank (7 for White, 2 for Black).
pub(crate) const WRAPPED_PROMOTION: PromotionRule = PromotionRule::OwnerRank { white: (0, 6), black: (0, 1) };

/// The torus board.
pub(crate) const TORUS: VariantSpec = VariantSpec {
    name: "torus",
    ruleset: crate::RULES_VERSION,
    board: Board::Surface(|| surfaces::torus(8, 8)),
    movement: Movement::Surface,
    camp: TORUS_CAMP,
    exchange: Exchange::FlipRanks,
    facing: FacingMode::Fixed,
    promotion: WRAPPED_PROMOTION,
    castling: None,
    endings: super::endless::ENDLESS.endings,
    opening: Opening::Explore { game: false },
    gluing: "east of h,r is a,r; north of f,8 is f,1",
    twin: Some(Variant::Projective),
    companion: false,
    text: TextStyle::Surface,
};
