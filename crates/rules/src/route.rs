//! The route an action takes over the board, step by step, with the steps that cross a seam: for
//! animation and for marking seam crossings (↪) in move lists.

use crate::action::{Action, ActionKind};
use crate::complex::{Cell, Complex};
use crate::frame::{Dir, Frame, Vector};
use crate::piece::Role;
use crate::position::Position;

/// One step of a route: the cell entered, whether the step crossed a seam (a chart edge or a
/// glued edge that is not the ordinary in-chart neighbour) and the direction carried on arrival.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RouteStep {
    /// The cell entered.
    pub cell: Cell,
    /// Whether entering it crossed a seam.
    pub seam: bool,
    /// The direction of travel on arrival, in the entered cell's chart (transported across seams).
    pub heading: Vector,
}

impl Complex {
    /// Whether the unit step from `from` by chart vector `v`, arriving at `to` with `derivative`,
    /// crosses a seam: it is not the plain in-chart neighbour.
    pub fn crosses_seam(&self, from: Cell, v: Vector, to: Cell, derivative: Frame) -> bool {
        let (a, b) = (self.coord(from), self.coord(to));
        let plain = a.chart == b.chart
            && i16::from(a.file) + i16::from(v.x) == i16::from(b.file)
            && i16::from(a.rank) + i16::from(v.y) == i16::from(b.rank);
        derivative != Frame::IDENTITY || !plain
    }

    /// The chart direction at `at` of the unit step that enters `to` with `heading` (the direction
    /// a route leaves `at` by, given how it arrives): `None` if no step does.
    pub fn departure(&self, at: Cell, to: Cell, heading: Vector) -> Option<Vector> {
        Vector::ALL.into_iter().find(|&v| self.unit_step(at, v).is_some_and(|(c, t)| c == to && t.apply(v) == heading))
    }

    /// Walks local steps from `from` (frame identity), recording each cell and seam crossing.
    fn trace(&self, from: Cell, steps: &[Vector]) -> Option<Vec<RouteStep>> {
        let (mut at, mut frame) = (from, Frame::IDENTITY);
        let mut out = Vec::with_capacity(steps.len());
        for &local in steps {
            let chart = frame.apply(local);
            let (to, derivative) = self.unit_step(at, chart)?;
            let heading = derivative.apply(chart);
            out.push(RouteStep { cell: to, seam: self.crosses_seam(at, chart, to, derivative), heading });
            (at, frame) = (to, derivative * frame);
        }
        Some(out)
    }
}

impl Position {
    /// The route of a legal action: every cell the moving piece passes, ending on its
    /// destination (the king's, for castling). Among several routes to one final state the
    /// shortest is shown; on the three-level boards the lattice's way, which crosses no seam.
    /// `None` if the action is not geometrically possible here.
    pub fn route(&self, a: Action) -> Option<Vec<RouteStep>> {
        self.rules.family.route(self, a)
    }

    /// The frame the mover is carried through along [`Position::route`]: the product of the
    /// gluings' derivatives, taking directions at its departure cell (in that chart) to directions
    /// at its arrival cell. Its determinant is −1 when the route crosses an odd number of reversing
    /// seams (the piece arrives mirrored). `None` where no route of unit steps makes the action.
    pub fn carried(&self, a: Action) -> Option<Frame> {
        let complex = self.complex();
        let mut at = a.from;
        let mut frame = Frame::IDENTITY;
        for step in self.route(a)? {
            let v = complex.departure(at, step.cell, step.heading)?;
            let (_, derivative) = complex.unit_step(at, v)?;
            frame = derivative * frame;
            at = step.cell;
        }
        Some(frame)
    }

    /// [`Position::route`] on a surface: the shortest of the walks that end on the destination.
    pub(crate) fn surface_route(&self, a: Action) -> Option<Vec<RouteStep>> {
        let complex = self.complex();
        let piece = self.piece_at(a.from)?;
        let ends_right = |r: &Vec<RouteStep>| r.last().map(|s| s.cell) == Some(a.to);
        let candidates: Vec<Vec<RouteStep>> = match (a.kind, piece.role()) {
            (ActionKind::Castle(side), _) => {
                let spec = self.rules().castle(piece.color(), side)?;
                let heading = match side {
                    crate::variant::CastleSide::East => Vector::new(1, 0),
                    crate::variant::CastleSide::West => Vector::new(-1, 0),
                };
                let step = |cell: Cell| RouteStep { cell, seam: false, heading };
                vec![vec![step(spec.king_transit), step(spec.king_to)]]
            }
            (ActionKind::Piece, Role::Knight) => Dir::ALL
                .iter()
                .flat_map(|&l| l.perpendicular().map(|s| [l.vector(), s.vector(), l.vector()]))
                .filter_map(|word| complex.trace(a.from, &word))
                .collect(),
            (ActionKind::Piece, role) => {
                let dirs = match role {
                    Role::Rook => &Vector::ALL[..4],
                    Role::Bishop => &Vector::ALL[4..],
                    _ => &Vector::ALL[..],
                };
                let limit = if role == Role::King { 1 } else { complex.len() * 8 };
                dirs.iter().filter_map(|&v| self.slide_route(a.from, v, a.to, limit)).collect()
            }
            (_, _) => {
                let facing = piece.facing()?;
                let f = facing.sign();
                let words: Vec<Vec<Vector>> = match a.kind {
                    ActionKind::DoubleStep { .. } => vec![vec![Vector::new(0, f), Vector::new(0, f)]],
                    ActionKind::Pawn { .. } if self.piece_at(a.to).is_none() => vec![vec![Vector::new(0, f)]],
                    _ => vec![vec![Vector::new(-1, f)], vec![Vector::new(1, f)]],
                };
                // Pawn diagonals are taken in the chart of the departure cell (facing fixed or not).
                words.iter().filter_map(|w| self.pawn_route(a.from, w)).collect()
            }
        };
        candidates.into_iter().filter(ends_right).min_by_key(Vec::len)
    }

    /// A pawn's steps in chart directions from `from`, the forward direction transported only
    /// where the variant transports facing (Endless and chess keep the owner's).
    fn pawn_route(&self, from: Cell, word: &[Vector]) -> Option<Vec<RouteStep>> {
        let complex = self.complex();
        if self.rules().facing_mode == crate::tables::FacingMode::Transported {
            return complex.trace(from, word);
        }
        let mut at = from;
        let mut out = Vec::new();
        for &v in word {
            let (to, derivative) = complex.unit_step(at, v)?;
            let seam = complex.crosses_seam(at, v, to, derivative);
            out.push(RouteStep { cell: to, seam, heading: derivative.apply(v) });
            at = to;
        }
        Some(out)
    }

    /// A ray from `from` in chart direction `v` up to `to`, through empty cells only.
    fn slide_route(&self, from: Cell, v: Vector, to: Cell, limit: usize) -> Option<Vec<RouteStep>> {
        let complex = self.complex();
        let (mut at, mut dir) = (from, v);
        let mut out = Vec::new();
        while out.len() < limit {
            let (next, derivative) = complex.unit_step(at, dir)?;
            if next == from {
                return None;
            }
            let seam = complex.crosses_seam(at, dir, next, derivative);
            out.push(RouteStep { cell: next, seam, heading: derivative.apply(dir) });
            if next == to {
                return Some(out);
            }
            if self.piece_at(next).is_some() {
                return None;
            }
            (at, dir) = (next, derivative.apply(dir));
        }
        None
    }

    /// Whether the action's route crosses a seam (the ↪ mark of move lists).
    pub fn crosses_seam(&self, a: Action) -> bool {
        self.route(a).is_some_and(|r| r.iter().any(|s| s.seam))
    }
}
