//! Each variant described once, as data: its board, camp, player exchange, pawn facings,
//! promotion, castling, endings and position-text style. [`crate::VariantRules`] is built from a
//! description, and nothing else in the crate asks which variant it is.

mod chess;
mod endless;
mod genus2;
mod klein;
mod mobius;

pub(crate) use chess::CHESS;
pub(crate) use endless::ENDLESS;
pub(crate) use genus2::GENUS2;
pub(crate) use klein::KLEIN;
pub(crate) use mobius::MOBIUS;

use crate::complex::Complex;
use crate::tables::FacingMode;
use crate::variant::{Endings, PromotionRule};

/// A variant as data.
#[derive(Debug)]
pub struct VariantSpec {
    /// The stable name used in records and on the command line.
    pub name: &'static str,
    /// The board, built from its gluing rules.
    pub board: fn() -> Complex,
    /// White's initial rows; Black's are their image under the player exchange.
    pub camp: Camp,
    /// The player exchange Φ.
    pub exchange: Exchange,
    /// Whether pawns carry their facing across seams.
    pub facing: FacingMode,
    /// Where pawns promote.
    pub promotion: PromotionRule,
    /// Castling, if the variant castles.
    pub castling: Option<CastlingFiles>,
    /// Draw rules.
    pub endings: Endings,
    /// How its position text is written.
    pub text: TextStyle,
    /// The gluing in a few words, for the chart's caption ("" when nothing is glued).
    pub gluing: &'static str,
}

/// The rows of White's initial placement on one chart, from rank 1 up, one character per file
/// (`.` empty; `PNBRQK`).
#[derive(Clone, Copy, Debug)]
pub struct Camp {
    /// The chart.
    pub chart: u8,
    /// The rows.
    pub rows: &'static [&'static str],
}

/// The player exchange Φ.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exchange {
    /// (x, y) ↦ (x, H−1−y) on the one chart; directions flip vertically.
    FlipRanks,
    /// (s, x, y) ↦ (1−s, W−1−x, H−1−y): the charts swap and turn half round (genus two).
    HalfTurnSwapCharts,
}

/// Castling on the home ranks (White's rank 1, Black's top rank), as file indices.
#[derive(Clone, Copy, Debug)]
pub struct CastlingFiles {
    /// The king's file.
    pub king: u8,
    /// East: rook from, rook to, king to, king's transit.
    pub east: (u8, u8, u8, u8),
    /// West: rook from, rook to, king to, king's transit.
    pub west: (u8, u8, u8, u8),
}

/// How a variant's position text is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextStyle {
    /// Standard FEN (ordinary chess): pawns without facing marks, the en-passant middle square,
    /// the fullmove number.
    Fen,
    /// The surfaces' text: pawn facings and double-step marks, en-passant traces, the ply.
    Surface,
}
