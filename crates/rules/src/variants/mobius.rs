//! M: the Möbius strip, 10 × 9, its sides glued with the ranks reversed.

use super::{Board, Camp, CastlingFiles, Exchange, Movement, Opening, TextStyle, VariantSpec};
use crate::surfaces;
use crate::tables::FacingMode;
use crate::variant::{Endings, MaterialRule, PromotionRule, Variant};

/// The Möbius board.
pub(crate) const MOBIUS: VariantSpec = VariantSpec {
    name: "mobius",
    ruleset: crate::RULES_VERSION,
    board: Board::Surface(|| surfaces::mobius(10, 9)),
    movement: Movement::Surface,
    camp: Camp { chart: 0, rows: &["PR.BQKBNRP", ".PNPPP.PP."] },
    exchange: Exchange::FlipRanks,
    facing: FacingMode::Transported,
    promotion: PromotionRule::LastForwardRank,
    castling: Some(CastlingFiles { king: 5, east: (8, 6, 7, 6), west: (1, 4, 3, 4) }),
    endings: Endings { repetition_draw: 5, halfmove_draw: 150, claims: None, material: MaterialRule::BareKings },
    opening: Opening::Game,
    gluing: "east of j,r is a,10−r",
    twin: Some(Variant::WideCylinder),
    companion: false,
    text: TextStyle::Surface,
};
