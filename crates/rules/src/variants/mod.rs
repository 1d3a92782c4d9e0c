//! Each variant described once, as data: its ruleset, board (a surface or stacked levels),
//! movement family, camp, player exchange, pawn facings, promotion, castling, endings and
//! position-text style. [`crate::VariantRules`] is built from a
//! description, and nothing else in the crate asks which variant it is.

mod chess;
mod chess3;
mod cylinder;
mod endless;
mod genus2;
mod klein;
mod long_torus;
mod mobius;
mod projective;
mod sphere;
mod strato;
mod torus;
mod wide_cylinder;

pub(crate) use chess::CHESS;
pub(crate) use chess3::CHESS3;
pub(crate) use cylinder::CYLINDER;
pub(crate) use endless::ENDLESS;
pub(crate) use genus2::GENUS2;
pub(crate) use klein::KLEIN;
pub(crate) use long_torus::LONG_TORUS;
pub(crate) use mobius::MOBIUS;
pub(crate) use projective::PROJECTIVE;
pub(crate) use sphere::SPHERE;
pub(crate) use strato::STRATO;
pub(crate) use torus::TORUS;
pub(crate) use wide_cylinder::WIDE_CYLINDER;

use crate::complex::Complex;
use crate::tables::FacingMode;
use crate::variant::{Endings, PromotionRule, Variant};

/// A variant as data.
#[derive(Debug)]
pub struct VariantSpec {
    /// The stable name used in records and on the command line.
    pub name: &'static str,
    /// The rules and their version, kept in every record (`surface-rules-0.1`, `strato-v1` …).
    pub ruleset: &'static str,
    /// The board.
    pub board: Board,
    /// How pieces move.
    pub movement: Movement,
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
    /// Whether it opens as a game or to explore.
    pub opening: Opening,
    /// How its position text is written.
    pub text: TextStyle,
    /// The gluing in a few words, for the chart's caption ("" when nothing is glued).
    pub gluing: &'static str,
    /// The board beside it in "what if it were not twisted?": the same chart with each twisted
    /// gluing made straight (M ↔ the 10 × 9 cylinder), or back.
    pub twin: Option<Variant>,
    /// Made to stand beside its twin rather than to be picked from the list of boards (the
    /// untwisted M and K): reached by the comparison or by name.
    pub companion: bool,
}

/// A board: a surface built from its gluing rules, or flat levels stacked in space.
#[derive(Clone, Copy, Debug)]
pub enum Board {
    /// A cell complex from its gluing rules.
    Surface(fn() -> Complex),
    /// `levels` flat boards of `files` × `ranks` stacked as a lattice; its cells are the levels'
    /// cells (a complex of unglued charts), its moves between levels the movement's own.
    Levels {
        /// Number of levels (1 = bottom).
        levels: u8,
        /// Files per level.
        files: u8,
        /// Ranks per level.
        ranks: u8,
    },
}

impl Board {
    /// The board's cells as a complex.
    pub fn complex(self) -> Complex {
        match self {
            Board::Surface(build) => build(),
            Board::Levels { levels, files, ranks } => crate::surfaces::levels(levels, files, ranks),
        }
    }
}

/// The movement family.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Movement {
    /// Chess moves transported across the complex's seams (the surfaces, Endless, flat chess).
    Surface,
    /// Strato v1: ordinary chess on each level, transfers between levels that never capture, and
    /// every piece's first move must change level.
    Strato,
    /// Chess³ v1: pieces move by displacements in the lattice and capture across levels.
    Chess3,
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

/// How a board opens: as a game from its agreed start, or to explore (pieces placed and moved
/// freely, no turn or check rules unless asked) where no start is agreed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opening {
    /// A game from the initial placement.
    Game,
    /// Exploring; with `game`, its initial placement is also an established game's start.
    Explore {
        /// Whether the game from the initial placement is offered too.
        game: bool,
    },
}

impl Opening {
    /// Whether the board opens to explore.
    pub const fn explores(self) -> bool {
        matches!(self, Opening::Explore { .. })
    }

    /// Whether a game from the initial placement is offered.
    pub const fn offers_game(self) -> bool {
        matches!(self, Opening::Game | Opening::Explore { game: true })
    }
}

/// The player exchange Φ.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exchange {
    /// (x, y) ↦ (x, H−1−y) on the one chart; directions flip vertically.
    FlipRanks,
    /// (s, x, y) ↦ (1−s, W−1−x, H−1−y): the charts swap and turn half round (genus two).
    HalfTurnSwapCharts,
    /// (level, x, y) ↦ (L+1−level, x, H−1−y): ranks and levels reversed (the three-level boards).
    FlipRanksAndLevels,
    /// (c, x, y) ↦ (σ(c), x, H−1−y): ranks reversed and the charts permuted by σ (the sphere's
    /// mirror, which swaps its top and bottom faces and keeps the sides).
    FlipRanksPermuteCharts(&'static [u8]),
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
    /// The three-level boards: levels from 1 up separated by `|`, `*` after every piece that has
    /// never moved, the en-passant square with its level (`2e3`), the ply.
    Levels,
}
