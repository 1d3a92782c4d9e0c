//! "What if it were not twisted?": a position carried to its board's twin (the same chart with
//! the twisted gluings made straight, or back: [`crate::VariantSpec::twin`]), and where the
//! piece on a cell can go on each board.

use crate::complex::Cell;
use crate::position::Position;
use crate::variant::Variant;
use std::collections::BTreeSet;

/// Where one piece can go on a board and on its twin, in the same position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comparison {
    /// The twin board.
    pub twin: Variant,
    /// The destinations on this board.
    pub here: BTreeSet<Cell>,
    /// The destinations on the twin (cells named as on this board: the two share their chart).
    pub there: BTreeSet<Cell>,
}

impl Comparison {
    /// Cells the piece reaches here and not on the twin.
    pub fn only_here(&self) -> impl Iterator<Item = Cell> + '_ {
        self.here.difference(&self.there).copied()
    }

    /// Cells the piece reaches on the twin and not here.
    pub fn only_there(&self) -> impl Iterator<Item = Cell> + '_ {
        self.there.difference(&self.here).copied()
    }

    /// Cells where the two boards differ (reached on one and not the other).
    pub fn differing(&self) -> impl Iterator<Item = Cell> + '_ {
        self.here.symmetric_difference(&self.there).copied()
    }
}

impl Position {
    /// The same position on the board's twin: the same pieces on the same chart cells, the same
    /// side to move, castling rights and counters (no en-passant trace: the step it records may
    /// not exist there). `None` for a board without a twin.
    pub fn on_twin(&self) -> Option<Position> {
        let twin = self.variant().spec().twin?;
        let rules = twin.rules();
        let (here, there) = (self.complex(), &rules.complex);
        let placement: Vec<_> = self.pieces().filter_map(|(c, p)| Some((there.cell_at(here.coord(c))?, p))).collect();
        let castling = if rules.castling.is_some() { self.castling } else { crate::CastlingRights::NONE };
        Some(Position::from_parts(rules, &placement, self.side, castling, None, self.halfmove, self.ply))
    }

    /// Where the piece on `from` can go: its legal moves when its side is to move in a game,
    /// else (exploring, or the other side's piece) its moves by the board's geometry alone.
    pub fn destinations(&self, from: Cell, exploring: bool) -> BTreeSet<Cell> {
        let Some(piece) = self.piece_at(from) else { return BTreeSet::new() };
        if exploring || piece.color() != self.side {
            self.explore_actions(from).into_iter().map(|a| a.to).collect()
        } else {
            self.legal_actions().into_iter().filter(|a| a.from == from).map(|a| a.to).collect()
        }
    }

    /// The piece on `from`'s destinations here and on the twin board ([`Position::destinations`]
    /// on each), cells named as on this board. `None` without a twin.
    pub fn compare(&self, from: Cell, exploring: bool) -> Option<Comparison> {
        let twin = self.on_twin()?;
        let (here, there) = (self.complex(), twin.complex());
        let back = |c: Cell| here.cell_at(there.coord(c));
        let moved = there.cell_at(here.coord(from))?;
        Some(Comparison {
            twin: twin.variant(),
            here: self.destinations(from, exploring),
            there: twin.destinations(moved, exploring).into_iter().filter_map(back).collect(),
        })
    }
}
