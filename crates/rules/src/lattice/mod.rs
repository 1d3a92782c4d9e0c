//! The three-level boards as a lattice: each cell's (file, rank, level), steps by displacements,
//! the rays along every unit displacement, and Chess³'s lines, jumps and pawn attacks
//! precomputed from its table ([`ways`]). The cells are those of the levels' complex; only moves
//! that leave a level, and Chess³'s whole geometry, are computed here.

mod chess3;
mod explain;
mod generate;
mod walk;
pub(crate) mod ways;

use crate::complex::{Cell, Complex};
use crate::piece::{Color, Role};
use crate::position::Position;
use crate::variants::Board;
use ways::{CHESS3, Motion};

/// A displacement `(file, rank, level)`.
pub(crate) type Delta = (i8, i8, i8);

/// The rays' slots per cell: one per unit displacement, each coordinate −1, 0 or +1.
const SLOTS: usize = 27;

/// The slot of a unit displacement.
#[inline]
fn slot((df, dr, dl): Delta) -> usize {
    debug_assert!(df.abs() <= 1 && dr.abs() <= 1 && dl.abs() <= 1, "a unit displacement");
    ((df + 1) * 9 + (dr + 1) * 3 + (dl + 1)) as usize
}

/// A stacked board's geometry.
#[derive(Clone, Debug)]
pub(crate) struct Lattice {
    files: i8,
    ranks: i8,
    levels: i8,
    /// `(file, rank, level)` of each cell, level from 0.
    at: Vec<Delta>,
    /// Per `cell * SLOTS + slot`, the ray from the cell along each unit displacement.
    rays: Vec<Vec<Cell>>,
    /// Chess³'s lines, as slots: the queen's, which hold every slider's.
    lines: Vec<usize>,
    /// Per Chess³ line, the roles that slide along it, a bit per role (`1 << role`).
    sliders: Vec<u8>,
    /// Chess³ knight jumps.
    knight: Vec<Vec<Cell>>,
    /// Chess³ king steps (the 26 neighbours).
    king: Vec<Vec<Cell>>,
    /// Per colour and cell, the cells from which a Chess³ pawn of that colour attacks it.
    pawn_attackers: [Vec<Vec<Cell>>; 2],
}

/// The displacements of a Chess³ role's ways whose motion `pick` takes.
fn chess3_steps(role: Role, pick: fn(Motion) -> bool) -> impl Iterator<Item = Delta> {
    CHESS3.ways(role).iter().filter(move |w| pick(w.motion)).flat_map(|w| w.steps.iter().copied())
}

/// A Chess³ pawn's capture displacements.
pub(crate) fn pawn_captures(color: Color) -> impl Iterator<Item = Delta> {
    let captures = CHESS3.ways(Role::Pawn).iter().filter(|w| matches!(w.motion, Motion::Capture { .. }));
    captures.flat_map(move |w| w.displacements(color))
}

/// Whether a motion slides.
fn slide(m: Motion) -> bool {
    matches!(m, Motion::Slide(_))
}

/// Whether a motion leaps.
fn leap(m: Motion) -> bool {
    m == Motion::Leap
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
        let lines: Vec<Delta> = chess3_steps(Role::Queen, slide).collect();
        let slides_along = |d: Delta, r: Role| chess3_steps(r, slide).any(|e| e == d);
        let sliders = lines
            .iter()
            .map(|&d| Role::ALL.into_iter().filter(|&r| slides_along(d, r)).fold(0, |m, r| m | (1 << r as u8)))
            .collect();
        let mut lattice = Lattice {
            files: files as i8,
            ranks: ranks as i8,
            levels: levels as i8,
            at,
            rays: Vec::new(),
            lines: lines.into_iter().map(slot).collect(),
            sliders,
            knight: Vec::new(),
            king: Vec::new(),
            pawn_attackers: [Vec::new(), Vec::new()],
        };
        let units = (0..SLOTS as i8).map(|s| (s / 9 - 1, s / 3 % 3 - 1, s % 3 - 1));
        for c in complex.cells() {
            for d in units.clone() {
                let ray = match d {
                    (0, 0, 0) => Vec::new(),
                    _ => std::iter::successors(lattice.step(c, d), |&n| lattice.step(n, d)).collect(),
                };
                lattice.rays.push(ray);
            }
            let leaps = |role| chess3_steps(role, leap).filter_map(|d| lattice.step(c, d)).collect();
            let (knight, king) = (leaps(Role::Knight), leaps(Role::King));
            lattice.knight.push(knight);
            lattice.king.push(king);
            for color in Color::ALL {
                let from = pawn_captures(color).filter_map(|(df, dr, dl)| lattice.step(c, (-df, -dr, -dl))).collect();
                lattice.pawn_attackers[color.index()].push(from);
            }
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

    /// The cell `levels` levels up (or down) from `c`, if every cell on the way (itself
    /// included) passes `pass`; `c` itself for none.
    #[inline]
    pub(crate) fn lift(&self, c: Cell, levels: i8, pass: impl Fn(Cell) -> bool) -> Option<Cell> {
        let mut at = c;
        for _ in 0..levels.unsigned_abs() {
            at = self.step(at, (0, 0, levels.signum())).filter(|&n| pass(n))?;
        }
        Some(at)
    }

    /// The cells from `c` along unit displacement `d`, to the board's edge.
    #[inline]
    pub(crate) fn ray(&self, c: Cell, d: Delta) -> &[Cell] {
        &self.rays[c.index() * SLOTS + slot(d)]
    }

    /// The number of Chess³ lines.
    #[inline]
    pub(crate) fn lines(&self) -> usize {
        self.lines.len()
    }

    /// The ray from `c` along Chess³ line `d`.
    #[inline]
    pub(crate) fn line(&self, c: Cell, d: usize) -> &[Cell] {
        &self.rays[c.index() * SLOTS + self.lines[d]]
    }

    /// Whether a Chess³ piece of `role` slides along line `d`.
    #[inline]
    pub(crate) fn slides(&self, role: Role, d: usize) -> bool {
        self.sliders[d] & (1 << role as u8) != 0
    }

    /// Chess³ knight destinations.
    pub(crate) fn knight(&self, c: Cell) -> &[Cell] {
        &self.knight[c.index()]
    }

    /// Chess³ king destinations.
    pub(crate) fn king(&self, c: Cell) -> &[Cell] {
        &self.king[c.index()]
    }

    /// The cells from which a Chess³ pawn of `color` attacks `c`.
    pub(crate) fn pawn_attackers(&self, color: Color, c: Cell) -> &[Cell] {
        &self.pawn_attackers[color.index()][c.index()]
    }
}

impl Position {
    /// The lattice of a three-level board.
    fn lattice(&self) -> &'static Lattice {
        self.rules.lattice.as_ref().expect("a three-level board")
    }
}

#[cfg(test)]
mod tests {
    use super::{Delta, chess3_steps, slide, slot};
    use crate::Variant;
    use crate::piece::Role;

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

    /// The queen's lines, which the attack scan follows, hold every Chess³ slider's.
    #[test]
    fn the_queens_lines_hold_every_sliders() {
        let lattice = Variant::Chess3.rules().lattice.as_ref().unwrap();
        assert_eq!(lattice.lines(), 26);
        for role in Role::ALL {
            let lines: Vec<Delta> = chess3_steps(role, slide).collect();
            assert!(lines.iter().all(|&d| lattice.lines.contains(&slot(d))), "{role:?}");
            let along = (0..lattice.lines()).filter(|&d| lattice.slides(role, d)).count();
            assert_eq!(along, lines.len(), "{role:?}");
        }
    }
}
