//! The three-level boards as a lattice: each cell's (file, rank, level), steps by displacements,
//! and the Chess³ movement tables. The cells are those of the levels' complex; only moves that
//! leave a level, and Chess³'s whole geometry, are computed here.

mod chess3;
mod explain;
mod generate;
mod strato;

use crate::complex::{Cell, Complex};
use crate::variants::Board;

/// A displacement `(file, rank, level)`.
pub(crate) type Delta = (i8, i8, i8);

/// Chess³'s 26 line directions, grouped so that each slider's directions are one range: the rook's
/// axes, then the bishop's planar and three-axis diagonals, then the queen's level/file and
/// level/rank diagonals.
pub(crate) const LINES: [Delta; 26] = [
    (1, 0, 0),
    (-1, 0, 0),
    (0, 1, 0),
    (0, -1, 0),
    (0, 0, 1),
    (0, 0, -1),
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
    (1, 0, 1),
    (1, 0, -1),
    (-1, 0, 1),
    (-1, 0, -1),
    (0, 1, 1),
    (0, 1, -1),
    (0, -1, 1),
    (0, -1, -1),
];

/// The rook's, bishop's and queen's ranges of [`LINES`].
pub(crate) const ROOK_LINES: std::ops::Range<usize> = 0..6;
pub(crate) const BISHOP_LINES: std::ops::Range<usize> = 6..18;
pub(crate) const QUEEN_LINES: std::ops::Range<usize> = 0..26;

/// A stacked board's geometry.
#[derive(Clone, Debug)]
pub(crate) struct Lattice {
    files: i8,
    ranks: i8,
    levels: i8,
    /// `(file, rank, level)` of each cell, level from 0.
    at: Vec<Delta>,
    /// Chess³ rays per `cell * 26 + line`.
    rays: Vec<Vec<Cell>>,
    /// Chess³ knight jumps (signed permutations of (2, 1, 0)).
    knight: Vec<Vec<Cell>>,
    /// Chess³ king steps (the 26 neighbours).
    king: Vec<Vec<Cell>>,
}

impl Lattice {
    /// The lattice of a stacked board; `None` for a surface.
    pub(crate) fn of(board: Board, complex: &Complex) -> Option<Lattice> {
        let Board::Levels { levels, files, ranks } = board else { return None };
        let at = complex
            .cells()
            .map(|c| {
                let co = complex.coord(c);
                (co.file as i8, co.rank as i8, co.chart as i8)
            })
            .collect();
        let mut lattice = Lattice {
            files: files as i8,
            ranks: ranks as i8,
            levels: levels as i8,
            at,
            rays: Vec::new(),
            knight: Vec::new(),
            king: Vec::new(),
        };
        let mut knight_jumps = Vec::new();
        for (a, b) in [(2, 1), (1, 2)] {
            for (x, y) in [(a, b), (-a, b), (a, -b), (-a, -b)] {
                knight_jumps.extend([(x, y, 0), (x, 0, y), (0, x, y)]);
            }
        }
        for c in complex.cells() {
            for &d in &LINES {
                let ray = std::iter::successors(lattice.step(c, d), |&n| lattice.step(n, d)).collect();
                lattice.rays.push(ray);
            }
            lattice.knight.push(knight_jumps.iter().filter_map(|&d| lattice.step(c, d)).collect());
            lattice.king.push(LINES.iter().filter_map(|&d| lattice.step(c, d)).collect());
        }
        Some(lattice)
    }

    /// A cell's `(file, rank, level)`, level from 0.
    #[inline]
    pub(crate) fn at(&self, c: Cell) -> Delta {
        self.at[c.index()]
    }

    /// A cell's level, from 0 (bottom).
    #[inline]
    pub(crate) fn level(&self, c: Cell) -> i8 {
        self.at[c.index()].2
    }

    /// The cell at `(file, rank, level)`, if on the board.
    pub(crate) fn cell(&self, (file, rank, level): Delta) -> Option<Cell> {
        let inside =
            (0..self.files).contains(&file) && (0..self.ranks).contains(&rank) && (0..self.levels).contains(&level);
        inside.then(|| {
            Cell(((level as usize * self.ranks as usize + rank as usize) * self.files as usize + file as usize) as u8)
        })
    }

    /// The cell displaced from `c` by `d`, if on the board.
    #[inline]
    pub(crate) fn step(&self, c: Cell, (df, dr, dl): Delta) -> Option<Cell> {
        let (f, r, l) = self.at(c);
        self.cell((f + df, r + dr, l + dl))
    }

    /// The Chess³ ray from `c` along line `d` of [`LINES`].
    #[inline]
    pub(crate) fn ray(&self, c: Cell, d: usize) -> &[Cell] {
        &self.rays[c.index() * LINES.len() + d]
    }

    /// Chess³ knight destinations.
    pub(crate) fn knight(&self, c: Cell) -> &[Cell] {
        &self.knight[c.index()]
    }

    /// Chess³ king destinations.
    pub(crate) fn king(&self, c: Cell) -> &[Cell] {
        &self.king[c.index()]
    }
}

#[cfg(test)]
mod tests {
    use crate::Variant;

    #[test]
    fn cells_are_the_levels_cells() {
        let rules = Variant::Chess3.rules();
        let lattice = rules.lattice.as_ref().unwrap();
        for c in rules.complex.cells() {
            assert_eq!(lattice.cell(lattice.at(c)), Some(c));
            let (f, r, l) = lattice.at(c);
            let name = format!("{}{}{}", l + 1, (b'a' + f as u8) as char, r + 1);
            assert_eq!(rules.complex.name(c), name);
        }
    }

    #[test]
    fn chess3_tables_count_the_lattice_neighbours() {
        let rules = Variant::Chess3.rules();
        let lattice = rules.lattice.as_ref().unwrap();
        let centre = rules.complex.parse_cell("2d4").unwrap();
        assert_eq!(lattice.king(centre).len(), 26);
        // Eight planar jumps, eight with one level and two squares; two levels would leave the board.
        assert_eq!(lattice.knight(centre).len(), 16);
        assert_eq!(lattice.knight(rules.complex.parse_cell("1d4").unwrap()).len(), 16);
        let corner = rules.complex.parse_cell("1a1").unwrap();
        assert_eq!(lattice.king(corner).len(), 7);
    }
}
