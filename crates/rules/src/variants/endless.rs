//! Endless: ordinary chess on an 8 × 8 Möbius strip; pawns keep their owner's facing.

use super::{Board, Exchange, Movement, Opening, TextStyle, VariantSpec};
use crate::surfaces;
use crate::tables::FacingMode;
use crate::variant::{Claims, Endings, MaterialRule, PromotionRule, Variant};

/// The Endless board.
pub(crate) const ENDLESS: VariantSpec = VariantSpec {
    name: "endless",
    ruleset: crate::RULES_VERSION,
    board: Board::Surface(|| surfaces::mobius(8, 8)),
    movement: Movement::Surface,
    camp: super::chess::CHESS.camp,
    exchange: Exchange::FlipRanks,
    facing: FacingMode::Fixed,
    promotion: PromotionRule::OwnerRank { white: (0, 7), black: (0, 0) },
    castling: super::chess::CHESS.castling,
    endings: Endings {
        repetition_draw: 5,
        halfmove_draw: 150,
        claims: Some(Claims { repetition: 3, halfmoves: 100 }),
        material: MaterialRule::BareKings,
    },
    opening: Opening::Game,
    gluing: "east of h,r is a,9−r",
    twin: Some(Variant::Cylinder),
    companion: false,
    text: TextStyle::Surface,
};
