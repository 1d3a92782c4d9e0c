//! The rules of Surface Chess as data: cell complexes, transport, moves, legality, endings,
//! records, notation and perft, a search engine to play against ([`engine`]) and lessons checked by
//! the rules ([`lesson`]). No Bevy, no I/O beyond serde.
//!
//! Cargo feature `clap` (on by default): builds the `surfchess` command line and makes
//! [`Variant`] a `clap::ValueEnum`. Without it (`default-features = false`) the library has no
//! command-line dependency.
#![deny(missing_docs)]

mod action;
mod attacks;
mod bits;
mod compare;
mod complex;
mod crossing;
mod diagram;
mod explain;
mod explore;
mod family;
mod frame;
mod game;
mod lattice;
mod mesh;
mod movegen;
mod notation;
mod perft;
mod piece;
mod position;
mod quote;
#[cfg(test)]
mod random_game;
mod record;
mod route;
mod san;
mod setup;
mod tables;
mod text;
mod threats;
mod trail;
mod variant;
mod variants;

pub mod engine;
pub mod lesson;
pub mod surfaces;
pub mod tour;
pub mod uci;

pub use action::{Action, ActionKind};
pub use bits::Bits;
pub use compare::Comparison;
pub use complex::{Cell, Chart, Complex, ComplexError, Coord, Gluing};
pub use crossing::Crossing;
pub use explain::{CastlingTest, Explanation, LegalMove, Reason, Verdict, compass, direction_words};
pub use frame::{Dir, Frame, Vector};
pub use game::{
    EndReason, Game, GameError, Outcome, PositionKey, Start, automatic_ending, material_draw, move_limit_reached,
};
pub use lesson::{LESSON_FORMAT, Lesson, LessonError, LessonFile, TASK_KINDS, Task, TaskFile};
pub use mesh::{Corner, Link, Mesh, identified_points};
pub use notation::ParseActionError;
pub use perft::{divide, perft};
pub use piece::{Color, Facing, Piece, Role};
pub use position::{CastlingRights, EpTrace, IllegalAction, MAX_CELLS, Position};
pub use quote::{Escaped, QUOTE_LIMIT, Quoted};
pub use record::{FinalRecord, Record, RecordError, ResultRecord, SetupRecord};
pub use route::RouteStep;
pub use san::level_letter;
pub use setup::Setup;
pub use tables::{FacingMode, king_targets, knight_targets, ray};
pub use text::{Field, MAX_COUNTER, ParsePositionError};
pub use threats::Threat;
pub use trail::{Trail, TrailEnd, TrailKind};
pub use variant::{
    CastleSide, CastleSpec, Claims, Endings, MaterialRule, PromotionRule, RULES_VERSION, UnknownVariant, Variant,
    VariantRules,
};
pub use variants::{Board, Camp, CastlingFiles, Exchange, Movement, Opening, TextStyle, VariantSpec};
