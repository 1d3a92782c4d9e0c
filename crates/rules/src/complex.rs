//! Square cell complexes: cells in labelled charts and the gluings of their edges.

use crate::frame::{Dir, Frame, Vector};

/// A playing cell of a board: an index into its complex.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(pub u8);

impl Cell {
    /// The cell's index, for tables.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// Where an edge of a cell leads: the neighbouring cell and the derivative of the identification.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Gluing {
    /// The cell across the edge.
    pub to: Cell,
    /// Maps directions in the departure cell's chart to directions in the arrival cell's chart.
    pub derivative: Frame,
}

/// One rectangular coordinate chart of a complex.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chart {
    /// `Some("I")` for labelled charts (genus two), `None` for single-chart boards.
    pub label: Option<&'static str>,
    /// Number of files (a, b, …).
    pub width: u8,
    /// Number of ranks (1, 2, …).
    pub height: u8,
}

/// Chart coordinates of a cell: chart index, file index and rank index, all from zero.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Coord {
    /// Index of the chart.
    pub chart: u8,
    /// File index (0 = a).
    pub file: u8,
    /// Rank index (0 = rank 1).
    pub rank: u8,
}

/// A square cell complex: charts of cells, and for every cell and cardinal edge either a gluing or a
/// boundary. The mesh, the movement tables and the drawings are all derived from this.
#[derive(Clone, Debug)]
pub struct Complex {
    charts: Vec<Chart>,
    coords: Vec<Coord>,
    glue: Vec<[Option<Gluing>; 4]>,
}

/// Why a gluing rule does not define a complex.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("inconsistent cell complex: {0}")]
pub struct ComplexError(pub String);

impl Complex {
    /// Builds a complex from charts and a rule giving, for a cell and a direction, the coordinates of
    /// the neighbour and the derivative, or `None` at a boundary. Checks that every gluing is undone
    /// by the reverse step.
    pub fn build(
        charts: Vec<Chart>,
        rule: impl Fn(Coord, Dir) -> Option<(Coord, Frame)>,
    ) -> Result<Complex, ComplexError> {
        let mut coords = Vec::new();
        for (chart, c) in charts.iter().enumerate() {
            for rank in 0..c.height {
                for file in 0..c.width {
                    coords.push(Coord { chart: chart as u8, file, rank });
                }
            }
        }
        if coords.len() > usize::from(u8::MAX) {
            return Err(ComplexError(format!("{} cells is more than 255", coords.len())));
        }
        let mut complex = Complex { charts, coords, glue: Vec::new() };
        let mut glue = Vec::with_capacity(complex.coords.len());
        for &coord in &complex.coords {
            let mut edges = [None; 4];
            for d in Dir::ALL {
                if let Some((to, derivative)) = rule(coord, d) {
                    let to = complex
                        .cell_at(to)
                        .ok_or_else(|| ComplexError(format!("{coord:?} {d:?} leads off the charts")))?;
                    edges[d as usize] = Some(Gluing { to, derivative });
                }
            }
            glue.push(edges);
        }
        complex.glue = glue;
        complex.check_reversible()?;
        Ok(complex)
    }

    fn check_reversible(&self) -> Result<(), ComplexError> {
        for c in self.cells() {
            for d in Dir::ALL {
                let Some(g) = self.gluing(c, d) else { continue };
                let back = g.derivative.apply_dir(d).opposite();
                let expected = Gluing { to: c, derivative: g.derivative.inverse() };
                if self.gluing(g.to, back) != Some(expected) {
                    return Err(ComplexError(format!(
                        "{} {d:?} reaches {} but the way back does not return",
                        self.name(c),
                        self.name(g.to)
                    )));
                }
            }
        }
        Ok(())
    }

    /// The charts, in order.
    pub fn charts(&self) -> &[Chart] {
        &self.charts
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        self.coords.len()
    }

    /// True for a complex without cells.
    pub fn is_empty(&self) -> bool {
        self.coords.is_empty()
    }

    /// All cells in index order (chart by chart, rank by rank, file by file).
    pub fn cells(&self) -> impl Iterator<Item = Cell> + use<> {
        (0..self.coords.len() as u8).map(Cell)
    }

    /// Chart coordinates of a cell.
    pub fn coord(&self, c: Cell) -> Coord {
        self.coords[c.index()]
    }

    /// The cell at chart coordinates, if they are on a chart.
    pub fn cell_at(&self, at: Coord) -> Option<Cell> {
        let chart = self.charts.get(usize::from(at.chart))?;
        if at.file >= chart.width || at.rank >= chart.height {
            return None;
        }
        let before: usize =
            self.charts[..usize::from(at.chart)].iter().map(|c| usize::from(c.width) * usize::from(c.height)).sum();
        Some(Cell((before + usize::from(at.rank) * usize::from(chart.width) + usize::from(at.file)) as u8))
    }

    /// The gluing across an edge of a cell, or `None` at a boundary.
    pub fn gluing(&self, c: Cell, d: Dir) -> Option<Gluing> {
        self.glue[c.index()][d as usize]
    }

    /// A chart step by a cardinal vector: the cell reached and the derivative.
    pub fn step(&self, c: Cell, v: Vector) -> Option<(Cell, Frame)> {
        let g = self.gluing(c, v.dir()?)?;
        Some((g.to, g.derivative))
    }

    /// A chart diagonal step by the two-order rule: both orders must exist and agree in cell and
    /// transport; the result is that cell and the total derivative.
    pub fn diagonal(&self, c: Cell, v: Vector) -> Option<(Cell, Frame)> {
        let (h, u) = (Vector::new(v.x, 0), Vector::new(0, v.y));
        let first = self.two_steps(c, h, u)?;
        let second = self.two_steps(c, u, h)?;
        (first == second).then_some(first)
    }

    fn two_steps(&self, c: Cell, a: Vector, b: Vector) -> Option<(Cell, Frame)> {
        let (c1, t1) = self.step(c, a)?;
        let (c2, t2) = self.step(c1, t1.apply(b))?;
        Some((c2, t2 * t1))
    }

    /// One step in any of the eight chart directions (cardinal, or diagonal by the two-order rule).
    pub fn unit_step(&self, c: Cell, v: Vector) -> Option<(Cell, Frame)> {
        if v.is_cardinal() { self.step(c, v) } else { self.diagonal(c, v) }
    }

    /// A step of a walker standing on `c` with `frame` (local → chart) in a local direction.
    pub fn walk(&self, c: Cell, frame: Frame, local: Vector) -> Option<(Cell, Frame)> {
        let (to, derivative) = self.unit_step(c, frame.apply(local))?;
        Some((to, derivative * frame))
    }

    /// The cell's name: file letter and rank number, prefixed by `I:` or `II:` on labelled charts
    /// and by the level's digit on levels (`2e4`).
    pub fn name(&self, c: Cell) -> String {
        let at = self.coord(c);
        let square = format!("{}{}", char::from(b'a' + at.file), u32::from(at.rank) + 1);
        match self.charts[usize::from(at.chart)].label {
            Some(label) if is_level(label) => format!("{label}{square}"),
            Some(label) => format!("{label}:{square}"),
            None => square,
        }
    }

    /// Parses a cell name as written by [`Complex::name`].
    pub fn parse_cell(&self, text: &str) -> Option<Cell> {
        let level = text.get(..1).filter(|l| is_level(l) && self.charts.iter().any(|c| c.label == Some(*l)));
        let (chart, square) = match text.split_once(':') {
            _ if level.is_some() => (self.charts.iter().position(|c| c.label == level)?, &text[1..]),
            Some((label, square)) => {
                let chart = self.charts.iter().position(|c| c.label == Some(label))?;
                (chart, square)
            }
            None if self.charts.len() == 1 && self.charts[0].label.is_none() => (0, text),
            None => return None,
        };
        let mut chars = square.chars();
        let file = chars.next()?;
        if !file.is_ascii_lowercase() {
            return None;
        }
        let digits = chars.as_str();
        if digits.is_empty() || digits.starts_with('0') || !digits.chars().all(|ch| ch.is_ascii_digit()) {
            return None;
        }
        let rank: u8 = digits.parse().ok()?;
        self.cell_at(Coord { chart: chart as u8, file: file as u8 - b'a', rank: rank.checked_sub(1)? })
    }
}

impl Chart {
    /// An unlabelled chart.
    pub const fn plain(width: u8, height: u8) -> Chart {
        Chart { label: None, width, height }
    }

    /// Whether the chart is a level of a stacked board (its label is the level's digit).
    pub fn is_level(&self) -> bool {
        self.label.is_some_and(is_level)
    }
}

/// Level labels are one digit, written before the square without a colon.
fn is_level(label: &str) -> bool {
    label.len() == 1 && label.as_bytes()[0].is_ascii_digit()
}
