//! A piece's trails as drawing pieces: for each cell a trail visits, the direction the line
//! enters with and leaves by (in that cell's chart), the seam crossings numbered; then the legs as
//! curves on the surface and segments on the chart. Pure functions, no ECS.

use crate::scene::chart::ChartLayout;
use crate::scene::overlay::on_chart;
use bevy::math::Vec2;
use surface_chess_rules::{Cell, Complex, Trail, TrailEnd, Vector};

/// One cell of a drawn trail.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Leg {
    /// The cell.
    pub cell: Cell,
    /// The direction the line arrives with (`None` in the departure cell).
    pub entry: Option<Vector>,
    /// The direction it leaves by (`None` where it ends).
    pub exit: Option<Vector>,
    /// The number of the seam crossing that entered this cell.
    pub entry_seam: Option<usize>,
    /// The number of the seam crossing that leaves it.
    pub exit_seam: Option<usize>,
    /// The line stops at this cell's side: an unglued edge or a forbidden diagonal.
    pub dead_end: bool,
    /// A pawn's facing flips on entering this cell.
    pub flip: bool,
}

/// The legs of a trail from `from`. Seam crossings are numbered from `*seams + 1` on (the counter
/// runs over all of a piece's trails). `facing_flips`: the board carries pawn facings across
/// seams and the trail is a pawn's.
pub fn legs(complex: &Complex, from: Cell, trail: &Trail, seams: &mut usize, facing_flips: bool) -> Vec<Leg> {
    let blank =
        |cell| Leg { cell, entry: None, exit: None, entry_seam: None, exit_seam: None, dead_end: false, flip: false };
    let mut out = vec![blank(from)];
    for step in &trail.steps {
        let last = out.last_mut().expect("the departure leg");
        last.exit = complex.departure(last.cell, step.cell, step.heading);
        let mut leg = blank(step.cell);
        leg.entry = Some(step.heading);
        if step.seam {
            *seams += 1;
            last.exit_seam = Some(*seams);
            leg.entry_seam = Some(*seams);
        }
        leg.flip = facing_flips && step.heading.y != 0 && step.heading.y.signum() != trail.start.y.signum();
        out.push(leg);
    }
    if let TrailEnd::Edge { heading, .. } | TrailEnd::ForbiddenDiagonal { heading, .. } = trail.end {
        let last = out.last_mut().expect("a leg");
        last.exit = Some(heading);
        last.dead_end = true;
    }
    // A trail that ends in its departure cell (a closed ray) draws nothing there.
    out.retain(|l| l.entry.is_some() || l.exit.is_some());
    out
}

/// The leg's line in the cell's unit square: (entry point, centre) and (centre, exit point).
pub fn leg_segments(leg: &Leg) -> Vec<(Vec2, Vec2)> {
    let centre = Vec2::splat(0.5);
    let v = |d: Vector| Vec2::new(f32::from(d.x), f32::from(d.y)) * 0.5;
    let mut out = Vec::new();
    if let Some(d) = leg.entry {
        out.push((centre - v(d), centre));
    }
    if let Some(d) = leg.exit {
        // A dead end stops short of the side it cannot cross.
        let reach = if leg.dead_end { 0.8 } else { 1.0 };
        out.push((centre, centre + v(d) * reach));
    }
    out
}

/// A small arrow at the cell's centre along the direction carried there, as strokes in the unit
/// square (the direction it arrives with, or leaves by in the departure cell).
pub fn leg_arrow(leg: &Leg) -> Vec<(Vec2, Vec2)> {
    let Some(d) = leg.entry.or(leg.exit) else { return Vec::new() };
    let d = Vec2::new(f32::from(d.x), f32::from(d.y)).normalize();
    let centre = Vec2::splat(0.5) + d * 0.12;
    let (back, across) = (-d * 0.16, d.perp() * 0.12);
    vec![(centre + back + across, centre), (centre, centre + back - across)]
}

/// The strokes marking a dead end (a bar across the line) and a facing flip (a small square).
pub fn leg_marks(leg: &Leg) -> Vec<(Vec2, Vec2)> {
    let mut out = Vec::new();
    if leg.dead_end
        && let Some(d) = leg.exit
    {
        let d2 = Vec2::new(f32::from(d.x), f32::from(d.y));
        let end = Vec2::splat(0.5) + d2 * 0.4;
        let across = d2.normalize().perp() * 0.14;
        out.push((end - across, end + across));
    }
    if leg.flip {
        let c = Vec2::splat(0.5);
        let r = 0.2;
        let corners = [c + Vec2::new(-r, -r), c + Vec2::new(r, -r), c + Vec2::new(r, r), c + Vec2::new(-r, r)];
        for i in 0..4 {
            out.push((corners[i], corners[(i + 1) % 4]));
        }
    }
    out
}

/// Where the chart writes each seam crossing's number: just inside the cell, by the side the line
/// crosses (the same number at both ends of a crossing).
pub fn seam_numbers(layout: &ChartLayout, complex: &Complex, legs: &[Leg]) -> Vec<(usize, Vec2)> {
    let mut out = Vec::new();
    for leg in legs {
        let ends = [
            (leg.entry_seam, leg.entry.map(|d| -d.x), leg.entry.map(|d| -d.y)),
            (leg.exit_seam, leg.exit.map(|d| d.x), leg.exit.map(|d| d.y)),
        ];
        for (number, x, y) in ends {
            if let (Some(number), Some(x), Some(y)) = (number, x, y) {
                let side = Vec2::new(f32::from(x), f32::from(y));
                // Beside the line, a little way in from the side it crosses.
                let at = Vec2::splat(0.5) + side * 0.3 + side.perp() * 0.22;
                out.push((number, on_chart(layout, complex, leg.cell, (at, at)).0));
            }
        }
    }
    out
}
