//! Strato v1: three 8 × 8 levels; ordinary chess on each, transfers between them.

use super::{Board, Exchange, Movement, Opening, TextStyle, VariantSpec};
use crate::tables::FacingMode;
use crate::variant::{Endings, PromotionRule};

/// The Strato board and rules (`../shared/spec/peer-gg3-strato-chess3.md`).
pub(crate) const STRATO: VariantSpec = VariantSpec {
    name: "strato",
    ruleset: "strato-v1",
    board: Board::Levels { levels: 3, files: 8, ranks: 8 },
    movement: Movement::Strato,
    camp: super::chess3::LEVELS_CAMP,
    exchange: Exchange::FlipRanksAndLevels,
    facing: FacingMode::Fixed,
    promotion: PromotionRule::LastForwardRank,
    castling: Some(super::chess3::LEVELS_CASTLING),
    endings: Endings::MATE_ONLY,
    opening: Opening::Game,
    gluing: "levels 1 (α, bottom) to 3 (γ, top)",
    twin: None,
    companion: false,
    text: TextStyle::Levels,
};
