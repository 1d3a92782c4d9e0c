//! The development of a piece's trails: the cells each trail enters laid flat one after another as
//! the gluings join them (each cell's square placed against the side, or the corner, the trail
//! crosses), one strip per trail, every strip turned so that it leaves its start to the right and
//! the strips stacked one under another. The unrolled view shows the boards with cone points this
//! way (genus two, the sphere, the projective plane), where no tiling of neighbouring copies lies
//! flat around them. Pure geometry, no ECS.

use super::tiles::{frame_matrix, vector};
use crate::features::rays::legs::Leg;
use crate::features::rays::piece_legs;
use crate::scene::glyphs::{ASCENT, text_width};
use bevy::math::{Mat2, Vec2};
use surface_chess_rules::{Cell, Complex, Position, Trail, Variant};

/// The gap between two strips, in cells.
const GAP: f32 = 0.5;

/// The gap between two columns of strips, in cells.
const COLUMN_GAP: f32 = 1.0;

/// The chart view's width over its height, which the columns of strips are chosen to fill.
const VIEW_ASPECT: f32 = 440.0 / 380.0;

/// The height of a cell's name under it.
pub const LABEL_HEIGHT: f32 = 0.3;

/// The width of a cell's name as the view writes it.
pub fn name_width(name: &str) -> f32 {
    text_width(name) * LABEL_HEIGHT / ASCENT
}

/// How many strips to put in each column (in order, the last column taking the rest) so that the
/// whole fills a view of the given aspect best: the count whose layout needs the least zoom.
pub fn columns(extents: &[Vec2], aspect: f32) -> usize {
    let n = extents.len().max(1);
    (1..=n.min(4))
        .map(|k| n.div_ceil(k))
        .min_by(|&a, &b| cost(extents, a, aspect).total_cmp(&cost(extents, b, aspect)))
        .unwrap_or(n)
}

/// The size of the view (in cells, the larger of width over aspect and height) that a layout with
/// `per_column` strips to a column needs.
fn cost(extents: &[Vec2], per_column: usize, aspect: f32) -> f32 {
    let (mut width, mut height) = (0.0f32, 0.0f32);
    for column in extents.chunks(per_column.max(1)) {
        width += column.iter().map(|e| e.x).fold(0.0, f32::max) + COLUMN_GAP;
        height = height.max(column.iter().map(|e| e.y + GAP).sum());
    }
    (width / aspect).max(height)
}

/// One cell of a strip.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Placed {
    /// The cell.
    pub cell: Cell,
    /// Its centre in the plane.
    pub centre: Vec2,
    /// Its chart's directions in the plane (a rotation, or a rotation and a mirror).
    pub linear: Mat2,
    /// Where its name is written.
    pub label: Vec2,
}

impl Placed {
    /// A point of the cell's unit square (0..1 each way) in the plane.
    pub fn point(&self, p: Vec2) -> Vec2 {
        self.centre + self.linear * (p - Vec2::splat(0.5))
    }

    /// The angle the cell's square is turned by (its chart's east in the plane).
    pub fn angle(&self) -> f32 {
        let x = self.linear.x_axis;
        x.y.atan2(x.x)
    }

    /// Whether a point of the plane lies on the cell.
    fn covers(&self, p: Vec2) -> bool {
        let local = self.linear.inverse() * (p - self.centre);
        local.x.abs() < 0.5 && local.y.abs() < 0.5
    }

    /// How far the cell reaches up and down from its centre.
    fn half_height(&self) -> f32 {
        let (a, b) = (self.linear * Vec2::new(0.5, 0.5), self.linear * Vec2::new(0.5, -0.5));
        a.y.abs().max(b.y.abs())
    }
}

/// One trail laid flat.
#[derive(Clone, Debug, PartialEq)]
pub struct Strip {
    /// The cells, the departure cell first.
    pub cells: Vec<Placed>,
    /// The trail's legs as the rays draw them, one per cell.
    pub legs: Vec<Leg>,
}

/// All trails of a piece laid flat.
#[derive(Clone, Debug, PartialEq)]
pub struct Development {
    /// The board.
    pub variant: Variant,
    /// The piece's cell.
    pub from: Cell,
    /// One strip per trail that leaves the cell.
    pub strips: Vec<Strip>,
    /// The lower left and upper right corners of everything drawn.
    pub bounds: (Vec2, Vec2),
}

/// A trail of the piece on `from` developed into the plane: each cell entered with its centre and
/// its chart's directions, the departure cell first at the origin unturned. Each step places the
/// next cell one unit step (along or across a corner) beyond the last in the direction the step
/// leaves by, its chart turned back by the inverse of the gluing's derivative.
pub fn develop(complex: &Complex, from: Cell, trail: &Trail) -> Vec<(Cell, Vec2, Mat2)> {
    let (mut at, mut centre, mut linear) = (from, Vec2::ZERO, Mat2::IDENTITY);
    let mut out = vec![(at, centre, linear)];
    for step in &trail.steps {
        let Some(v) = complex.departure(at, step.cell, step.heading) else { break };
        let Some((to, derivative)) = complex.unit_step(at, v) else { break };
        centre += linear * vector(v);
        linear *= frame_matrix(derivative.inverse());
        at = to;
        out.push((at, centre, linear));
    }
    out
}

impl Development {
    /// The trails of the piece on `from` in position `p`, developed, each strip leaving its start
    /// to the right, the strips stacked in as many columns as suit the chart view's shape.
    pub fn new(p: &Position, from: Cell) -> Development {
        let complex = p.complex();
        let trails = p.trails(from);
        let legs = piece_legs(p, from);
        // Each strip with its extent (names included) around its start at the origin.
        let mut laid: Vec<(Strip, Vec2, Vec2)> = Vec::new();
        for (trail, legs) in trails.iter().zip(legs) {
            let developed = develop(complex, from, trail);
            // A trail that draws nothing (a closed ray with no cell) is left out.
            if legs.len() != developed.len() {
                continue;
            }
            // Turn the strip so that it leaves its start to the right.
            let turn = Mat2::from_angle(-vector(trail.start).to_angle());
            let mut cells: Vec<Placed> = developed
                .iter()
                .map(|&(cell, centre, linear)| Placed {
                    cell,
                    centre: turn * centre,
                    linear: turn * linear,
                    label: Vec2::ZERO,
                })
                .collect();
            // The names under and over the cells in turn (a name is wider than a cell), each on
            // the other side where another cell of the strip lies there.
            for i in 0..cells.len() {
                let c = cells[i];
                let reach = c.half_height() + LABEL_HEIGHT * 0.5 + 0.08;
                let sides = if i % 2 == 0 { [-reach, reach] } else { [reach, -reach] };
                let free = |at: Vec2| !cells.iter().enumerate().any(|(j, o)| j != i && o.covers(at));
                let at = sides.map(|dy| c.centre + Vec2::Y * dy);
                cells[i].label = if free(at[0]) { at[0] } else { at[1] };
            }
            let (mut lo, mut hi) = (Vec2::splat(f32::MAX), Vec2::splat(f32::MIN));
            for c in &cells {
                for corner in [Vec2::new(0.0, 0.0), Vec2::new(1.0, 0.0), Vec2::new(1.0, 1.0), Vec2::new(0.0, 1.0)] {
                    let p = c.point(corner);
                    (lo, hi) = (lo.min(p), hi.max(p));
                }
                let name = Vec2::new(name_width(&complex.name(c.cell)) / 2.0, LABEL_HEIGHT * 0.5) + 0.04;
                (lo, hi) = (lo.min(c.label - name), hi.max(c.label + name));
            }
            laid.push((Strip { cells, legs }, lo, hi));
        }
        let extents: Vec<Vec2> = laid.iter().map(|(_, lo, hi)| *hi - *lo).collect();
        let per_column = columns(&extents, VIEW_ASPECT);
        let mut strips = Vec::new();
        let (mut lo, mut hi) = (Vec2::splat(f32::MAX), Vec2::splat(f32::MIN));
        let mut left = 0.0;
        for column in laid.chunks(per_column.max(1)) {
            // The starts one above another, the column's widest reach to the left clear of the
            // column before.
            let x = left - column.iter().map(|(_, l, _)| l.x).fold(f32::MAX, f32::min);
            let mut top = 0.0;
            let mut right = left;
            for (strip, s_lo, s_hi) in column {
                let shift = Vec2::new(x, top - s_hi.y);
                let mut strip = strip.clone();
                for c in &mut strip.cells {
                    c.centre += shift;
                    c.label += shift;
                }
                (lo, hi) = (lo.min(*s_lo + shift), hi.max(*s_hi + shift));
                right = f32::max(right, s_hi.x + shift.x);
                top = s_lo.y + shift.y - GAP;
                strips.push(strip);
            }
            left = right + COLUMN_GAP;
        }
        if strips.is_empty() {
            (lo, hi) = (Vec2::splat(-0.5), Vec2::splat(0.5));
        }
        Development { variant: p.variant(), from, strips, bounds: (lo, hi) }
    }

    /// What the view should frame: the centre and the extent.
    pub fn frame(&self) -> (Vec2, Vec2) {
        // Room at the top for the note the panel writes over the chart view.
        let (lo, hi) = self.bounds;
        ((lo + hi) / 2.0 + Vec2::Y * 0.5, hi - lo + Vec2::new(1.0, 2.0))
    }
}
