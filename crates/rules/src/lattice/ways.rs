//! The three-level boards' movement as one table (`gg3-movement-tables.md`): each family's ways
//! for each role. A way is a lift (levels crossed first, one cell at a time: Strato's compound
//! moves), displacements `(file, rank, level)` and how they are taken. The generator walks the
//! ways forward from a piece (`walk.rs`), Chess³'s attacks and the lattice's precomputed jumps
//! and lines follow them, and the explanation looks for the way that reaches a target; none
//! restates the geometry.

use super::Delta;
use crate::piece::{Color, Role};
use Motion::{Advance, Capture, Leap, Slide};

/// How far a line runs: to the board's edge.
pub(crate) const LINE: u8 = u8::MAX;

/// How a way's displacements are taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Motion {
    /// One displacement, onto an empty cell or an enemy piece.
    Leap,
    /// The displacement repeated up to `n` times through empty cells, stopping at the first
    /// piece (which it may capture).
    Slide(u8),
    /// A pawn's quiet move: one displacement onto an empty cell, two through an empty middle cell
    /// on its first move.
    Advance {
        /// The two-cell advance leaves an en-passant right.
        passable: bool,
    },
    /// A pawn's capture.
    Capture {
        /// En passant too, onto the cell a passable advance passed.
        en_passant: bool,
    },
}

/// One way of moving.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Way {
    /// Levels crossed first, up or down, one cell at a time, each empty (0: none).
    pub lift: i8,
    /// The displacements after the lift, each taken on its own.
    pub steps: &'static [Delta],
    /// How they are taken.
    pub motion: Motion,
    /// Only a piece that has never moved may take it.
    pub first_only: bool,
    /// The ranks are written for White and mirrored for Black (a pawn's ways).
    pub forward: bool,
}

impl Way {
    /// The displacements for a piece of `color`.
    pub(crate) fn displacements(&self, color: Color) -> impl Iterator<Item = Delta> + '_ {
        let f = if self.forward { color.home_facing().sign() } else { 1 };
        self.steps.iter().map(move |&(df, dr, dl)| (df, dr * f, dl))
    }

    /// Whether displacement `d` of this way changes level.
    pub(crate) fn changes_level(&self, (_, _, dl): Delta) -> bool {
        self.lift != 0 || dl != 0
    }

    /// The way after a lift of `levels`.
    const fn lifted(self, levels: i8) -> Way {
        Way { lift: levels, ..self }
    }

    /// The way for a first move only.
    const fn first(self) -> Way {
        Way { first_only: true, ..self }
    }
}

/// A way with no lift, taken by moved and unmoved pieces alike.
const fn way(steps: &'static [Delta], motion: Motion) -> Way {
    Way { lift: 0, steps, motion, first_only: false, forward: false }
}

/// A pawn's way.
const fn pawn(steps: &'static [Delta], motion: Motion) -> Way {
    Way { forward: true, ..way(steps, motion) }
}

/// A family's movement on the three-level boards.
#[derive(Debug)]
pub(crate) struct Table {
    /// Each role's ways, in [`Role::ALL`] order.
    ways: [&'static [Way]; 6],
    /// Whether a way that changes level may capture (Chess³); in Strato it never does, and
    /// every cell it passes and its destination must be empty.
    pub captures_between_levels: bool,
    /// Strato: a piece's first move must change level (castling excepted, and in check a
    /// same-level capture of a checker or, but for the king, a block).
    pub first_move_changes_level: bool,
    /// Strato: the lifts that may end castling, king and rook moving together.
    pub castle_lifts: &'static [i8],
}

impl Table {
    /// The ways of a role.
    pub(crate) fn ways(&self, role: Role) -> &'static [Way] {
        self.ways[role as usize - 1]
    }

    /// Whether displacement `d` of `way` is a transfer, which never captures.
    pub(crate) fn transfer(&self, way: &Way, d: Delta) -> bool {
        !self.captures_between_levels && way.changes_level(d)
    }
}

/// The planar rook lines, diagonals, knight jumps and king steps.
const PLANAR_AXES: [Delta; 4] = [(1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0)];
const PLANAR_DIAGONALS: [Delta; 4] = [(1, 1, 0), (1, -1, 0), (-1, 1, 0), (-1, -1, 0)];
const PLANAR_KNIGHT: [Delta; 8] =
    [(1, 2, 0), (2, 1, 0), (2, -1, 0), (1, -2, 0), (-1, -2, 0), (-2, -1, 0), (-2, 1, 0), (-1, 2, 0)];
const PLANAR_KING: [Delta; 8] =
    [(1, 0, 0), (1, 1, 0), (0, 1, 0), (-1, 1, 0), (-1, 0, 0), (-1, -1, 0), (0, -1, 0), (1, -1, 0)];

/// Strato's transfer lines: straight up or down, and one file and one rank per level crossed.
const VERTICAL: [Delta; 2] = [(0, 0, 1), (0, 0, -1)];
const SPATIAL_DIAGONALS: [Delta; 8] =
    [(1, 1, 1), (1, -1, 1), (-1, 1, 1), (-1, -1, 1), (1, 1, -1), (1, -1, -1), (-1, 1, -1), (-1, -1, -1)];

/// Strato v1: ordinary chess on each level, and the transfers between levels. A pawn advances
/// with exactly one level up or down (two ranks on its first move); a knight adds one or two
/// levels to its planar L; a rook or queen goes one or two levels straight up or down; a bishop
/// or queen one file and one rank per level crossed; a king one level, adding a planar step on
/// its first move only. Compound moves go vertically first; no purely vertical pawn or knight move.
pub(crate) static STRATO: Table = Table {
    ways: [
        &[
            pawn(&[(0, 1, 0)], Advance { passable: true }),
            pawn(&[(-1, 1, 0), (1, 1, 0)], Capture { en_passant: true }),
            pawn(&[(0, 1, 0)], Advance { passable: false }).lifted(1),
            pawn(&[(0, 1, 0)], Advance { passable: false }).lifted(-1),
        ],
        &[
            way(&PLANAR_KNIGHT, Leap),
            way(&PLANAR_KNIGHT, Leap).lifted(1),
            way(&PLANAR_KNIGHT, Leap).lifted(2),
            way(&PLANAR_KNIGHT, Leap).lifted(-1),
            way(&PLANAR_KNIGHT, Leap).lifted(-2),
        ],
        &[way(&PLANAR_DIAGONALS, Slide(LINE)), way(&SPATIAL_DIAGONALS, Slide(2))],
        &[way(&PLANAR_AXES, Slide(LINE)), way(&VERTICAL, Slide(2))],
        &[
            way(&PLANAR_AXES, Slide(LINE)),
            way(&PLANAR_DIAGONALS, Slide(LINE)),
            way(&VERTICAL, Slide(2)),
            way(&SPATIAL_DIAGONALS, Slide(2)),
        ],
        &[
            way(&PLANAR_KING, Leap),
            way(&[(0, 0, 1)], Leap),
            way(&PLANAR_KING, Leap).lifted(1).first(),
            way(&[(0, 0, -1)], Leap),
            way(&PLANAR_KING, Leap).lifted(-1).first(),
        ],
    ],
    captures_between_levels: false,
    first_move_changes_level: true,
    castle_lifts: &[1, -1],
};

/// Chess³'s lines, grouped so that each slider's are whole rows: the rook's axes, the bishop's
/// planar and three-axis diagonals, and the level/file and level/rank diagonals only the queen
/// adds.
const AXES: [Delta; 6] = [(1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1)];
const DIAGONALS: [Delta; 12] = [
    (1, 1, 0),
    (1, -1, 0),
    (-1, 1, 0),
    (-1, -1, 0),
    (1, 1, 1),
    (1, 1, -1),
    (1, -1, 1),
    (1, -1, -1),
    (-1, 1, 1),
    (-1, 1, -1),
    (-1, -1, 1),
    (-1, -1, -1),
];
const LEVEL_DIAGONALS: [Delta; 8] =
    [(1, 0, 1), (1, 0, -1), (-1, 0, 1), (-1, 0, -1), (0, 1, 1), (0, 1, -1), (0, -1, 1), (0, -1, -1)];

/// Chess³'s knight: every signed permutation of (2, 1, 0).
const KNIGHT: [Delta; 24] = [
    (2, 1, 0),
    (2, 0, 1),
    (0, 2, 1),
    (-2, 1, 0),
    (-2, 0, 1),
    (0, -2, 1),
    (2, -1, 0),
    (2, 0, -1),
    (0, 2, -1),
    (-2, -1, 0),
    (-2, 0, -1),
    (0, -2, -1),
    (1, 2, 0),
    (1, 0, 2),
    (0, 1, 2),
    (-1, 2, 0),
    (-1, 0, 2),
    (0, -1, 2),
    (1, -2, 0),
    (1, 0, -2),
    (0, 1, -2),
    (-1, -2, 0),
    (-1, 0, -2),
    (0, -1, -2),
];

/// Chess³ v1: displacements through the lattice, captures across levels. A pawn moves one rank
/// forward or one level up or down (two along either axis on its first move) and captures one
/// rank forward and one file sideways on its level, or one rank forward with a file change of
/// −1, 0 or +1 on a neighbouring level; the king steps to any of the 26 neighbours.
pub(crate) static CHESS3: Table = Table {
    ways: [
        &[
            pawn(&[(0, 1, 0)], Advance { passable: true }),
            pawn(&VERTICAL, Advance { passable: false }),
            pawn(&[(-1, 1, 0), (1, 1, 0)], Capture { en_passant: true }),
            pawn(
                &[(-1, 1, 1), (0, 1, 1), (1, 1, 1), (-1, 1, -1), (0, 1, -1), (1, 1, -1)],
                Capture { en_passant: false },
            ),
        ],
        &[way(&KNIGHT, Leap)],
        &[way(&DIAGONALS, Slide(LINE))],
        &[way(&AXES, Slide(LINE))],
        &[way(&AXES, Slide(LINE)), way(&DIAGONALS, Slide(LINE)), way(&LEVEL_DIAGONALS, Slide(LINE))],
        &[way(&AXES, Leap), way(&DIAGONALS, Leap), way(&LEVEL_DIAGONALS, Leap)],
    ],
    captures_between_levels: true,
    first_move_changes_level: false,
    castle_lifts: &[],
};
