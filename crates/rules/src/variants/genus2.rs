//! G: the genus-two surface, two 9 × 9 charts glued by the seam table, two cone points.

use super::{Board, Camp, Exchange, Movement, Opening, TextStyle, VariantSpec};
use crate::surfaces;
use crate::tables::FacingMode;
use crate::variant::{Endings, MaterialRule, PromotionRule};

/// The genus-two board.
pub(crate) const GENUS2: VariantSpec = VariantSpec {
    name: "genus2",
    ruleset: crate::RULES_VERSION,
    board: Board::Surface(surfaces::genus2),
    movement: Movement::Surface,
    camp: Camp { chart: 0, rows: &[".P.NKN.P.", "..BRQRB..", ".P.PPP.P.", "....P...."] },
    exchange: Exchange::HalfTurnSwapCharts,
    facing: FacingMode::Transported,
    promotion: PromotionRule::OwnerRank { white: (1, 8), black: (0, 0) },
    castling: None,
    endings: Endings { repetition_draw: 5, halfmove_draw: 150, claims: None, material: MaterialRule::BareKings },
    opening: Opening::Game,
    gluing: "charts I, II; red: seams; yellow: cone points",
    twin: None,
    companion: false,
    text: TextStyle::Surface,
};
