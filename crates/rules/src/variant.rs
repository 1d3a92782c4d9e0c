//! The variants: their stable names, and the rules built from each one's description
//! ([`crate::variants`]): complex, movement tables, setup, promotion, castling, pawn-facing mode,
//! endings and player exchange.

use crate::bits::Bits;
use crate::complex::{Cell, Complex, Coord};
use crate::family::{self, Family};
use crate::frame::Frame;
use crate::lattice::Lattice;
use crate::piece::{Color, Facing, Piece, Role};
use crate::position::CastlingRights;
use crate::quote::Quoted;
use crate::tables::{FacingMode, Tables};
use crate::variants::{self, CastlingFiles, Exchange, Movement, VariantSpec};
use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

/// The version string of the surfaces' rules (M, K, G, Endless and flat chess); the three-level
/// variants have their own ([`VariantSpec::ruleset`]).
pub const RULES_VERSION: &str = "surface-rules-0.1";

/// A playable variant.
///
/// With the `clap` feature (on by default) it is a `clap::ValueEnum` whose values are the stable
/// [`Variant::name`]s, so a command line can take it as it is. The feature is optional so that a
/// program using only the rules need not build clap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum Variant {
    /// The twisted strip M 10×9.
    Mobius,
    /// The immersed Klein bottle K 9×18.
    Klein,
    /// The two-holed surface G, charts I and II.
    #[cfg_attr(feature = "clap", value(name = "genus2"))]
    Genus2,
    /// Ordinary chess on an 8×8 Möbius strip.
    Endless,
    /// Ordinary chess on a flat 8×8 board.
    Chess,
    /// Strato v1: three levels, transfers between them, every first move changes level.
    Strato,
    /// Chess³ v1: three levels, moves and captures through the lattice.
    #[cfg_attr(feature = "clap", value(name = "chess3"))]
    Chess3,
    /// The 8×8 cylinder (east and west glued straight), to explore or play.
    Cylinder,
    /// The 8×8 flat torus, to explore.
    Torus,
    /// The 8×8 real projective plane, to explore.
    Projective,
    /// The sphere as a cube's surface, six 4×4 faces, to explore.
    Sphere,
    /// The 10×9 cylinder: M untwisted, with M's placement.
    #[cfg_attr(feature = "clap", value(name = "cylinder-10x9"))]
    WideCylinder,
    /// The 9×18 torus: K untwisted, with K's placement.
    #[cfg_attr(feature = "clap", value(name = "torus-9x18"))]
    LongTorus,
}

impl Variant {
    /// All variants.
    pub const ALL: [Variant; 13] = [
        Variant::Mobius,
        Variant::Klein,
        Variant::Genus2,
        Variant::Endless,
        Variant::Chess,
        Variant::Strato,
        Variant::Chess3,
        Variant::Cylinder,
        Variant::Torus,
        Variant::Projective,
        Variant::Sphere,
        Variant::WideCylinder,
        Variant::LongTorus,
    ];

    /// The variant's description: everything that makes it this variant.
    pub const fn spec(self) -> &'static VariantSpec {
        SPECS[self as usize]
    }

    /// The stable name used in records and on the command line.
    pub const fn name(self) -> &'static str {
        self.spec().name
    }

    /// The variant's rules and tables, computed on first use.
    pub fn rules(self) -> &'static VariantRules {
        static CELLS: [OnceLock<VariantRules>; Variant::ALL.len()] = [const { OnceLock::new() }; Variant::ALL.len()];
        CELLS[self as usize].get_or_init(|| VariantRules::build(self))
    }
}

/// The descriptions, in [`Variant::ALL`] order.
const SPECS: [&VariantSpec; Variant::ALL.len()] = [
    &variants::MOBIUS,
    &variants::KLEIN,
    &variants::GENUS2,
    &variants::ENDLESS,
    &variants::CHESS,
    &variants::STRATO,
    &variants::CHESS3,
    &variants::CYLINDER,
    &variants::TORUS,
    &variants::PROJECTIVE,
    &variants::SPHERE,
    &variants::WIDE_CYLINDER,
    &variants::LONG_TORUS,
];

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An unknown variant name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown variant {} (expected one of: {})", Quoted(.0), Variant::ALL.map(Variant::name).join(", "))]
pub struct UnknownVariant(pub String);

impl FromStr for Variant {
    type Err = UnknownVariant;
    fn from_str(s: &str) -> Result<Variant, UnknownVariant> {
        Variant::ALL.into_iter().find(|v| v.name() == s).ok_or_else(|| UnknownVariant(s.to_owned()))
    }
}

/// Castling towards increasing files (east) or decreasing files (west).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CastleSide {
    /// King and rook on the east side (king side in ordinary chess).
    East = 0,
    /// West side (queen side in ordinary chess).
    West = 1,
}

impl CastleSide {
    /// Both sides.
    pub const ALL: [CastleSide; 2] = [CastleSide::East, CastleSide::West];
}

/// The cells of one castling move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CastleSpec {
    /// The named original king's home cell.
    pub king_from: Cell,
    /// The king's one-step transit cell.
    pub king_transit: Cell,
    /// The king's destination.
    pub king_to: Cell,
    /// The named original rook's home cell.
    pub rook_from: Cell,
    /// The rook's destination.
    pub rook_to: Cell,
    /// Cells strictly between king and rook on the home rank: all must be empty.
    pub between: Bits,
}

/// How a variant decides draws beyond mate and stalemate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Endings {
    /// Occurrences of a position key that draw automatically (`u32::MAX`: never).
    pub repetition_draw: u32,
    /// Consecutive halfmoves without pawn move or capture that draw automatically (`u32::MAX`:
    /// never).
    pub halfmove_draw: u32,
    /// Draws a player may claim, if the variant has them.
    pub claims: Option<Claims>,
    /// Which material draws at once.
    pub material: MaterialRule,
}

impl Endings {
    /// Only mate and stalemate end a game by the rules (the three-level variants: no repetition,
    /// move-count or material draws).
    pub const MATE_ONLY: Endings =
        Endings { repetition_draw: u32::MAX, halfmove_draw: u32::MAX, claims: None, material: MaterialRule::Never };
}

/// Claimable draws (Endless and ordinary chess).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Claims {
    /// Occurrences of a key that allow a claim.
    pub repetition: u32,
    /// Halfmoves that allow a claim.
    pub halfmoves: u32,
}

/// Which material ends the game as a draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MaterialRule {
    /// Only the two bare kings (the surfaces and Endless).
    BareKings,
    /// The usual insufficient material of ordinary chess.
    Insufficient,
    /// No material draw, not even bare kings.
    Never,
}

/// Where a pawn promotes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PromotionRule {
    /// On the last rank in its facing direction (M): the top rank facing up, the bottom facing down.
    LastForwardRank,
    /// On a fixed owner-marked rank of one chart, whatever the facing.
    OwnerRank {
        /// White's chart and rank index.
        white: (u8, u8),
        /// Black's chart and rank index.
        black: (u8, u8),
    },
}

/// Everything that makes a variant: all static, shared by every position.
#[derive(Debug)]
pub struct VariantRules {
    /// Which variant.
    pub variant: Variant,
    /// Its description.
    pub spec: &'static VariantSpec,
    /// The cell complex.
    pub complex: Complex,
    /// How pieces move.
    pub movement: Movement,
    /// Whether pawn facing is transported.
    pub facing_mode: FacingMode,
    /// Where pawns promote.
    pub promotion_rule: PromotionRule,
    /// Castling cells by colour and side, if the variant castles.
    pub castling: Option<[[CastleSpec; 2]; 2]>,
    /// Draw rules.
    pub endings: Endings,
    /// The initial placement.
    pub setup: Vec<(Cell, Piece)>,
    /// The player exchange Φ on cells.
    pub exchange_cells: Vec<Cell>,
    /// Φ's action on local directions.
    pub exchange_frame: Frame,
    pub(crate) tables: Tables,
    pub(crate) promotes: [[Bits; 2]; 2],
    /// Per cell, the castling rights lost when a move starts or ends there (a rook's home).
    pub(crate) rook_rights: Vec<CastlingRights>,
    /// The lattice of a three-level board.
    pub(crate) lattice: Option<Lattice>,
    /// The movement family's operations ([`family::of`] the movement).
    pub(crate) family: &'static dyn Family,
}

impl VariantRules {
    fn build(variant: Variant) -> VariantRules {
        let spec = variant.spec();
        let family = family::of(spec.movement);
        let complex = spec.board.complex();
        let (exchange_cells, exchange_frame) = exchange_map(&complex, spec.exchange);
        let setup = camp_setup(&complex, spec, family.marks_first_moves(), &exchange_cells);
        let castling = spec.castling.map(|c| castle_specs(&complex, c, &exchange_cells));
        let promotes = promotion_cells(&complex, spec.promotion);
        let tables = Tables::new(&complex, spec.facing);
        let mut rook_rights = vec![CastlingRights::NONE; complex.len()];
        for (color, sides) in Color::ALL.into_iter().zip(castling.iter().flatten()) {
            for (side, castle) in CastleSide::ALL.into_iter().zip(sides) {
                let rights = &mut rook_rights[castle.rook_from.index()];
                *rights = rights.with(color, side, true);
            }
        }
        let lattice = Lattice::of(spec.board, &complex);
        VariantRules {
            variant,
            spec,
            complex,
            movement: spec.movement,
            facing_mode: spec.facing,
            promotion_rule: spec.promotion,
            castling,
            endings: spec.endings,
            setup,
            exchange_cells,
            exchange_frame,
            tables,
            promotes,
            rook_rights,
            lattice,
            family,
        }
    }

    /// Whether a pawn of `color` arriving on `cell` with `facing` must promote.
    #[inline]
    pub fn promotes(&self, color: Color, cell: Cell, facing: Facing) -> bool {
        self.promotes[color.index()][facing.index()].contains(cell)
    }

    /// The castling cells for a colour and side, if the variant castles.
    pub fn castle(&self, color: Color, side: CastleSide) -> Option<&CastleSpec> {
        self.castling.as_ref().map(|c| &c[color.index()][side as usize])
    }

    /// Where the rook of `spec` ends when the king castles to `king_to`: its castled cell, on the
    /// king's level after Strato's joint transfer.
    pub fn castled_rook(&self, spec: &CastleSpec, king_to: Cell) -> Cell {
        match &self.lattice {
            Some(lattice) if king_to != spec.king_to => {
                let (file, rank, _) = lattice.at(spec.rook_to);
                lattice.cell((file, rank, lattice.level(king_to))).unwrap_or(spec.rook_to)
            }
            _ => spec.rook_to,
        }
    }

    /// Φ applied to a cell.
    pub fn exchange(&self, c: Cell) -> Cell {
        self.exchange_cells[c.index()]
    }
}

/// Φ on cells and directions.
fn exchange_map(complex: &Complex, exchange: Exchange) -> (Vec<Cell>, Frame) {
    let charts = complex.charts();
    let frame = match exchange {
        Exchange::HalfTurnSwapCharts => Frame::HALF_TURN,
        Exchange::FlipRanks | Exchange::FlipRanksAndLevels | Exchange::FlipRanksPermuteCharts(_) => {
            Frame::FLIP_VERTICAL
        }
    };
    let cells = complex
        .cells()
        .map(|c| {
            let at = complex.coord(c);
            let chart = &charts[usize::from(at.chart)];
            let top = charts.len() as u8 - 1;
            let image = match exchange {
                Exchange::HalfTurnSwapCharts => {
                    Coord { chart: 1 - at.chart, file: chart.width - 1 - at.file, rank: chart.height - 1 - at.rank }
                }
                Exchange::FlipRanks => Coord { rank: chart.height - 1 - at.rank, ..at },
                Exchange::FlipRanksAndLevels => Coord { chart: top - at.chart, rank: chart.height - 1 - at.rank, ..at },
                Exchange::FlipRanksPermuteCharts(charts) => {
                    Coord { chart: charts[usize::from(at.chart)], rank: chart.height - 1 - at.rank, ..at }
                }
            };
            complex.cell_at(image).expect("Φ maps cells to cells")
        })
        .collect();
    (cells, frame)
}

/// The initial placement: the camp and its image under Φ; with `marked` (the three-level
/// boards) every piece starts marked as never moved (Strato's first move, castling).
fn camp_setup(complex: &Complex, spec: &VariantSpec, marked: bool, exchange: &[Cell]) -> Vec<(Cell, Piece)> {
    let camp = &spec.camp;
    let mut setup = Vec::new();
    for (rank, row) in camp.rows.iter().enumerate() {
        for (file, ch) in row.chars().enumerate() {
            let Some(role) = Role::from_letter(ch) else {
                continue;
            };
            let at = Coord { chart: camp.chart, file: file as u8, rank: rank as u8 };
            let cell = complex.cell_at(at).expect("camp inside the chart");
            for color in Color::ALL {
                let piece = match role {
                    Role::Pawn => Piece::pawn(color, color.home_facing(), true),
                    _ => Piece::new(color, role).with_unused(marked),
                };
                let at = if color == Color::White { cell } else { exchange[cell.index()] };
                setup.push((at, piece));
            }
        }
    }
    setup.sort_by_key(|&(c, _)| c);
    setup
}

/// Castling cells on White's rank 1 of the first chart, and their images under Φ for Black.
fn castle_specs(
    complex: &Complex,
    CastlingFiles { king, east, west }: CastlingFiles,
    exchange: &[Cell],
) -> [[CastleSpec; 2]; 2] {
    let spec = |color: Color, (rook_from, rook_to, king_to, transit): (u8, u8, u8, u8)| {
        let cell = |file: u8| {
            let white = complex.cell_at(Coord { chart: 0, file, rank: 0 }).expect("home rank cell");
            if color == Color::White { white } else { exchange[white.index()] }
        };
        let (lo, hi) = (king.min(rook_from), king.max(rook_from));
        CastleSpec {
            king_from: cell(king),
            king_transit: cell(transit),
            king_to: cell(king_to),
            rook_from: cell(rook_from),
            rook_to: cell(rook_to),
            between: (lo + 1..hi).map(cell).collect(),
        }
    };
    [[spec(Color::White, east), spec(Color::White, west)], [spec(Color::Black, east), spec(Color::Black, west)]]
}

fn promotion_cells(complex: &Complex, rule: PromotionRule) -> [[Bits; 2]; 2] {
    let mut out = [[Bits::EMPTY; 2]; 2];
    for c in complex.cells() {
        let at = complex.coord(c);
        let top = complex.charts()[usize::from(at.chart)].height - 1;
        for color in Color::ALL {
            for facing in [Facing::Up, Facing::Down] {
                let yes = match rule {
                    PromotionRule::LastForwardRank => match facing {
                        Facing::Up => at.rank == top,
                        Facing::Down => at.rank == 0,
                    },
                    PromotionRule::OwnerRank { white, black } => {
                        let (chart, rank) = if color == Color::White { white } else { black };
                        (at.chart, at.rank) == (chart, rank)
                    }
                };
                if yes {
                    out[color.index()][facing.index()].insert(c);
                }
            }
        }
    }
    out
}
