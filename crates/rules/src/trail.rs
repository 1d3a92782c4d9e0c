//! Trails: a piece's movement walked over the board step by step, with the direction carried at
//! every cell and how each walk ends (a piece, an unglued edge, a forbidden diagonal, its own
//! start). The explanations and the rays the app draws both read them.

use crate::complex::{Cell, Complex};
use crate::frame::{Dir, Frame, Vector};
use crate::piece::{Facing, Piece, Role};
use crate::position::Position;
use crate::route::RouteStep;
use crate::tables::FacingMode;

/// One walk of a piece's movement: a ray, a king step, a knight's jump, a pawn's advance or one
/// of its diagonals.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trail {
    /// What kind of walk it is.
    pub kind: TrailKind,
    /// The direction it leaves its departure cell by, in that cell's chart.
    pub start: Vector,
    /// The cells entered, in order, with seam crossings and the direction carried. A jump lists
    /// the cells its edge word passes; only the last is its destination.
    pub steps: Vec<RouteStep>,
    /// Why the walk stopped.
    pub end: TrailEnd,
}

/// The kinds of walk.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TrailKind {
    /// A rook's, bishop's or queen's ray: every cell is a destination up to the first piece.
    Slide,
    /// A king's single step.
    Step,
    /// A knight's jump: the edge word long, short, long; only its last cell is a destination.
    Jump,
    /// A pawn's advance: one step, or two on its first move.
    Advance,
    /// A pawn's forward diagonal: a capture (or en passant) only.
    Diagonal,
}

/// Why a walk stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TrailEnd {
    /// It ran its full length (a step, a jump, an advance, a ray that met nothing).
    Complete,
    /// It stopped on the first occupied cell (its last step).
    Piece(Cell),
    /// Its next step runs off an unglued edge of `at`, heading `heading` (chart of `at`).
    Edge {
        /// The last cell before the edge (the departure cell if there was no step).
        at: Cell,
        /// The direction that leaves the board.
        heading: Vector,
    },
    /// Its next step is a diagonal whose two orders disagree (a cone vertex on genus two).
    ForbiddenDiagonal {
        /// The cell the diagonal would leave.
        at: Cell,
        /// The diagonal direction, in the chart of `at`.
        heading: Vector,
        /// The cells the horizontal-first and the vertical-first orders reach.
        orders: [Cell; 2],
    },
    /// A ray came back to its departure cell or to a cell in a direction it already had.
    Closed,
}

/// How a walk is driven.
#[derive(Clone, Copy, Debug)]
struct Walk<'a> {
    complex: &'a Complex,
    /// Whether the derivative turns the remaining directions (false: a pawn of Endless or chess).
    transport: bool,
    /// Whether the walk is a ray, which stops on returning to its start or repeating a state.
    ray: bool,
}

impl Walk<'_> {
    /// Walks local directions from `from`, stopping after the first cell that `occupied` holds.
    fn run(self, from: Cell, word: impl IntoIterator<Item = Vector>, occupied: impl Fn(Cell) -> bool) -> Trail {
        let (mut at, mut frame) = (from, Frame::IDENTITY);
        let mut steps: Vec<RouteStep> = Vec::new();
        let mut word = word.into_iter().peekable();
        let start = word.peek().copied().unwrap_or(Vector::new(0, 0));
        let trail = |steps: Vec<RouteStep>, end: TrailEnd| Trail { kind: TrailKind::Slide, start, steps, end };
        for local in word {
            let chart = frame.apply(local);
            let Some((to, derivative)) = self.complex.unit_step(at, chart) else {
                return trail(steps, self.complex.dead_end(at, chart));
            };
            let heading = derivative.apply(chart);
            if self.ray && (to == from || steps.iter().any(|s| s.cell == to && s.heading == heading)) {
                return trail(steps, TrailEnd::Closed);
            }
            steps.push(RouteStep { cell: to, seam: self.complex.crosses_seam(at, chart, to, derivative), heading });
            if occupied(to) {
                return trail(steps, TrailEnd::Piece(to));
            }
            at = to;
            if self.transport {
                frame = derivative * frame;
            }
        }
        let end = if !self.ray && steps.last().is_some_and(|s| s.cell == from) {
            TrailEnd::Closed
        } else {
            TrailEnd::Complete
        };
        trail(steps, end)
    }
}

impl Complex {
    /// Why a unit step from `at` in chart direction `v` does not exist: a diagonal whose two orders
    /// both exist but disagree is forbidden; anything else runs off an unglued edge.
    pub(crate) fn dead_end(&self, at: Cell, v: Vector) -> TrailEnd {
        if v.is_diagonal() {
            let (h, u) = (Vector::new(v.x, 0), Vector::new(0, v.y));
            let order = |a: Vector, b: Vector| {
                let (c1, t1) = self.step(at, a)?;
                self.step(c1, t1.apply(b)).map(|(c2, _)| c2)
            };
            if let (Some(first), Some(second)) = (order(h, u), order(u, h)) {
                return TrailEnd::ForbiddenDiagonal { at, heading: v, orders: [first, second] };
            }
        }
        TrailEnd::Edge { at, heading: v }
    }

    /// The same charts with every unglued edge glued to the chart's opposite edge by translation:
    /// the board a player who expects wrapping imagines. Used to tell "runs off an edge" from
    /// "never reaches".
    pub(crate) fn wrapped(&self) -> Complex {
        Complex::build(self.charts().to_vec(), |at, d| {
            let here = self.cell_at(at).expect("a cell of this complex");
            if let Some(g) = self.gluing(here, d) {
                return Some((self.coord(g.to), g.derivative));
            }
            let chart = &self.charts()[usize::from(at.chart)];
            let (w, h) = (i16::from(chart.width), i16::from(chart.height));
            let v = d.vector();
            let file = (i16::from(at.file) + i16::from(v.x)).rem_euclid(w) as u8;
            let rank = (i16::from(at.rank) + i16::from(v.y)).rem_euclid(h) as u8;
            Some((crate::complex::Coord { chart: at.chart, file, rank }, Frame::IDENTITY))
        })
        .unwrap_or_else(|_| self.clone())
    }
}

/// The walks of a piece standing on `from` with `facing` (pawns), over `complex`, each stopping at
/// the first cell `occupied` holds. `unused` gives a pawn its double step.
pub(crate) fn trails(
    complex: &Complex,
    mode: FacingMode,
    from: Cell,
    piece: Piece,
    facing: Facing,
    occupied: impl Fn(Cell) -> bool + Copy,
) -> Vec<Trail> {
    let ray = Walk { complex, transport: true, ray: true };
    let word = Walk { complex, transport: true, ray: false };
    let tagged = |kind: TrailKind, t: Trail| Trail { kind, ..t };
    let limit = complex.len() * 8;
    match piece.role() {
        Role::Knight => Dir::ALL
            .iter()
            .flat_map(|&l| l.perpendicular().map(|s| [l.vector(), s.vector(), l.vector()]))
            .map(|w| tagged(TrailKind::Jump, word.run(from, w, |_| false)))
            .collect(),
        Role::Pawn => {
            let f = facing.sign();
            let pawn = Walk { complex, transport: mode == FacingMode::Transported, ray: false };
            let steps = if piece.unused() { 2 } else { 1 };
            let mut out = vec![tagged(TrailKind::Advance, pawn.run(from, vec![Vector::new(0, f); steps], occupied))];
            for x in [-1, 1] {
                out.push(tagged(TrailKind::Diagonal, pawn.run(from, [Vector::new(x, f)], occupied)));
            }
            out
        }
        role => {
            let (dirs, kind, n) = match role {
                Role::Rook => (&Vector::ALL[..4], TrailKind::Slide, limit),
                Role::Bishop => (&Vector::ALL[4..], TrailKind::Slide, limit),
                Role::Queen => (&Vector::ALL[..], TrailKind::Slide, limit),
                _ => (&Vector::ALL[..], TrailKind::Step, 1),
            };
            dirs.iter().map(|&v| tagged(kind, ray.run(from, std::iter::repeat_n(v, n), occupied))).collect()
        }
    }
}

impl Trail {
    /// The cells of the walk that are destinations if free or capturable: every cell of a ray or
    /// advance, the last of a finished step, jump or diagonal.
    pub fn destinations(&self) -> &[RouteStep] {
        match (self.kind, &self.end) {
            (TrailKind::Slide | TrailKind::Advance, _) => &self.steps,
            (_, TrailEnd::Complete | TrailEnd::Piece(_)) => self.steps.last().map_or(&[], std::slice::from_ref),
            _ => &[],
        }
    }
}

impl Position {
    /// The walks of the piece on `from` over this board, each up to the first piece it meets:
    /// what the app draws as the piece's rays. Empty for an empty cell.
    pub fn trails(&self, from: Cell) -> Vec<Trail> {
        let Some(piece) = self.piece_at(from) else { return Vec::new() };
        let facing = piece.facing().unwrap_or(Facing::Up);
        trails(self.complex(), self.rules().facing_mode, from, piece, facing, |c| self.piece_at(c).is_some())
    }

    /// The ray of the rook, bishop or queen on `from` that leaves in chart direction `direction`,
    /// up to the first piece it meets (its last step is then that piece's cell): one of
    /// [`Position::trails`]. `None` if `from` holds no slider that moves that way.
    pub fn ray_trail(&self, from: Cell, direction: Vector) -> Option<Trail> {
        let role = self.piece_at(from)?.role();
        let moves = match role {
            Role::Rook => direction.is_cardinal(),
            Role::Bishop => direction.is_diagonal(),
            Role::Queen => direction.is_cardinal() || direction.is_diagonal(),
            _ => false,
        };
        if !moves {
            return None;
        }
        let complex = self.complex();
        let walk = Walk { complex, transport: true, ray: true };
        let trail = walk.run(from, std::iter::repeat_n(direction, complex.len() * 8), |c| self.piece_at(c).is_some());
        Some(Trail { kind: TrailKind::Slide, ..trail })
    }
}

#[cfg(test)]
mod tests {
    use crate::{Position, Role, Variant, Vector};

    #[test]
    fn a_ray_trail_is_the_trail_in_that_direction() {
        for v in Variant::ALL {
            let p = Position::new(v);
            for (cell, piece) in p.pieces() {
                let all = p.trails(cell);
                let dirs: &[Vector] = match piece.role() {
                    Role::Rook => &Vector::ALL[..4],
                    Role::Bishop => &Vector::ALL[4..],
                    Role::Queen => &Vector::ALL,
                    _ => &[],
                };
                for (i, &d) in dirs.iter().enumerate() {
                    assert_eq!(p.ray_trail(cell, d).as_ref(), Some(&all[i]), "{v} {}", p.complex().name(cell));
                }
                if dirs.len() < 8 {
                    let other = Vector::ALL.iter().find(|d| !dirs.contains(d)).unwrap();
                    assert_eq!(p.ray_trail(cell, *other), None);
                }
            }
        }
    }
}
