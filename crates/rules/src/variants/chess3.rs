//! Chess³ v1: three 8 × 8 levels; pieces move by displacements in the lattice.

use super::{Board, Camp, CastlingFiles, Exchange, Movement, Opening, TextStyle, VariantSpec};
use crate::tables::FacingMode;
use crate::variant::{Endings, PromotionRule};

/// White's formation on level 1; Black's is its image on level 3 (both three-level variants).
pub(super) const LEVELS_CAMP: Camp = Camp { chart: 0, rows: &["RNBQKBNR", "PPPPPPPP"] };

/// Ordinary castling files on the home rank of the home level.
pub(super) const LEVELS_CASTLING: CastlingFiles = CastlingFiles { king: 4, east: (7, 5, 6, 5), west: (0, 3, 2, 3) };

/// The Chess³ board and rules (`../shared/spec/peer-gg3-strato-chess3.md`).
pub(crate) const CHESS3: VariantSpec = VariantSpec {
    name: "chess3",
    ruleset: "chess3-v1",
    board: Board::Levels { levels: 3, files: 8, ranks: 8 },
    movement: Movement::Chess3,
    camp: LEVELS_CAMP,
    exchange: Exchange::FlipRanksAndLevels,
    facing: FacingMode::Fixed,
    promotion: PromotionRule::LastForwardRank,
    castling: Some(LEVELS_CASTLING),
    endings: Endings::MATE_ONLY,
    opening: Opening::Game,
    gluing: "levels 1 (α, bottom) to 3 (γ, top)",
    twin: None,
    companion: false,
    text: TextStyle::Levels,
};
