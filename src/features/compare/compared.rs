//! What the comparison shows: the toggle, the twin's position and where the selected piece goes
//! on each board, and the marks of the cells where they differ.

use crate::scene::overlay::Stroke;
use bevy::prelude::*;
use std::collections::BTreeSet;
use surface_chess_rules::{Cell, Comparison, Position, Variant};

/// The system that works out the comparison (the twin's views are drawn after it).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ComparedSystems;

/// Whether the twin is shown beside the board (where the board has one).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Compare(pub bool);

/// What the comparison shows now: the position on the twin and, with a piece selected, where it
/// goes on each board. `None` while the toggle is off, on a board without a twin, or setting up.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct Compared(pub Option<CompareShown>);

/// The comparison on show.
#[derive(Clone, Debug, PartialEq)]
pub struct CompareShown {
    /// The position on the twin board.
    pub twin: Position,
    /// The selected piece's cell and where it goes on each board.
    pub moves: Option<(Cell, Comparison)>,
}

impl CompareShown {
    /// The twin board.
    pub fn variant(&self) -> Variant {
        self.twin.variant()
    }

    /// The board's cell as the twin names it (the two share their chart).
    pub fn on_twin(&self, cell: Cell) -> Option<Cell> {
        let board = &self.twin.variant().spec().twin?.rules().complex;
        self.twin.complex().cell_at(board.coord(cell))
    }

    /// The selected piece's cell, its destinations on the twin and on the board, all as cells of
    /// the twin.
    pub fn twin_moves(&self) -> Option<(Cell, BTreeSet<Cell>, BTreeSet<Cell>)> {
        let (from, c) = self.moves.as_ref()?;
        let map = |cells: &BTreeSet<Cell>| cells.iter().filter_map(|&x| self.on_twin(x)).collect();
        Some((self.on_twin(*from)?, map(&c.there), map(&c.here)))
    }

    /// Whether the selected piece's move to `cell` (a twin cell) captures on the twin.
    pub fn captures_on_twin(&self, from: Cell, cell: Cell) -> bool {
        let mover = self.twin.piece_at(from).map(|p| p.color());
        self.twin.piece_at(cell).is_some_and(|p| Some(p.color()) != mover)
    }
}

/// The marks' colour.
pub const DIFFERS: Color = Color::srgb(0.0, 0.82, 0.95);

/// The marks for one board: a ring on each cell reached on it only, a cross on each reached on
/// the other only (`mine`, `theirs`: the destinations on this board and the other).
pub fn difference_strokes(mine: &BTreeSet<Cell>, theirs: &BTreeSet<Cell>) -> Vec<Stroke> {
    let stroke = |cell, a: Vec2, b: Vec2| Stroke { cell, line: (a, b), half: 0.035, chart_half: 0.04 };
    let mut out = Vec::new();
    for &cell in mine.difference(theirs) {
        let (lo, hi) = (0.12, 0.88);
        let corners = [Vec2::new(lo, lo), Vec2::new(hi, lo), Vec2::new(hi, hi), Vec2::new(lo, hi)];
        out.extend((0..4).map(|i| stroke(cell, corners[i], corners[(i + 1) % 4])));
    }
    for &cell in theirs.difference(mine) {
        let (lo, hi) = (0.25, 0.75);
        out.push(stroke(cell, Vec2::new(lo, lo), Vec2::new(hi, hi)));
        out.push(stroke(cell, Vec2::new(lo, hi), Vec2::new(hi, lo)));
    }
    out
}
