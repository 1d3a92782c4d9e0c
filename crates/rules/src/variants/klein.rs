//! K: the Klein bottle, 9 × 18, sides glued with the ranks reversed, ranks wrapping.

use super::{Board, Camp, Exchange, Movement, Opening, TextStyle, VariantSpec};
use crate::surfaces;
use crate::tables::FacingMode;
use crate::variant::{Endings, MaterialRule, PromotionRule, Variant};

/// The Klein board.
pub(crate) const KLEIN: VariantSpec = VariantSpec {
    name: "klein",
    ruleset: crate::RULES_VERSION,
    board: Board::Surface(surfaces::klein),
    movement: Movement::Surface,
    camp: Camp { chart: 0, rows: &["", "", "", ".P.NKN.P.", "..BRQR.B.", ".P.PPP.P.", "....P...."] },
    exchange: Exchange::FlipRanks,
    facing: FacingMode::Transported,
    promotion: PromotionRule::OwnerRank { white: (0, 14), black: (0, 3) },
    castling: None,
    endings: Endings { repetition_draw: 5, halfmove_draw: 150, claims: None, material: MaterialRule::BareKings },
    opening: Opening::Game,
    gluing: "east of i,r is a,19−r; ranks wrap",
    twin: Some(Variant::LongTorus),
    companion: false,
    text: TextStyle::Surface,
};
