//! Ordinary chess on the flat 8 × 8 board.

use super::{Board, Camp, CastlingFiles, Exchange, Movement, Opening, TextStyle, VariantSpec};
use crate::surfaces;
use crate::tables::FacingMode;
use crate::variant::{Claims, Endings, MaterialRule, PromotionRule};

/// The flat board.
pub(crate) const CHESS: VariantSpec = VariantSpec {
    name: "chess",
    ruleset: crate::RULES_VERSION,
    board: Board::Surface(|| surfaces::flat(8, 8)),
    movement: Movement::Surface,
    camp: Camp { chart: 0, rows: &["RNBQKBNR", "PPPPPPPP"] },
    exchange: Exchange::FlipRanks,
    facing: FacingMode::Fixed,
    promotion: PromotionRule::OwnerRank { white: (0, 7), black: (0, 0) },
    castling: Some(CastlingFiles { king: 4, east: (7, 5, 6, 5), west: (0, 3, 2, 3) }),
    endings: Endings {
        repetition_draw: 5,
        halfmove_draw: 150,
        claims: Some(Claims { repetition: 3, halfmoves: 100 }),
        material: MaterialRule::Insufficient,
    },
    opening: Opening::Game,
    gluing: "",
    twin: None,
    companion: false,
    text: TextStyle::Fen,
};
