//! The real projective plane: an 8 × 8 board with both pairs of edges glued reversed. No agreed
//! start; it opens to explore. Pawns carry their facing, which the side seam reverses. It opens
//! with the torus's rows, the king and queen moved so that neither queen checks through the
//! seam, which sends file d to file e.

use super::{Board, Camp, Exchange, Movement, Opening, TextStyle, VariantSpec};
use crate::surfaces;
use crate::tables::FacingMode;
use crate::variant::Variant;

/// The projective board.
pub(crate) const PROJECTIVE: VariantSpec = VariantSpec {
    name: "projective",
    ruleset: crate::RULES_VERSION,
    board: Board::Surface(|| surfaces::projective(8, 8)),
    movement: Movement::Surface,
    camp: Camp { chart: 0, rows: &["........", "RNQKBBNR", "PPPPPPPP"] },
    exchange: Exchange::FlipRanks,
    facing: FacingMode::Transported,
    promotion: super::torus::WRAPPED_PROMOTION,
    castling: None,
    endings: super::endless::ENDLESS.endings,
    opening: Opening::Explore { game: false },
    gluing: "east of h,r is a,9−r; north of f,8 is the mirrored file on 1",
    twin: Some(Variant::Torus),
    companion: false,
    text: TextStyle::Surface,
};
