//! Where the charts lie in the chart view's plane, one unit per cell, centred on the origin,
//! turned half a turn when flipped: as a net where the charts are glued edge to edge without a
//! turn (the sphere's six faces as a cross), otherwise chart after chart from left to right.

use crate::state::stack::level_title;
use bevy::math::Vec2;
use std::collections::VecDeque;
use surface_chess_rules::{Cell, Complex, Coord, Dir, Frame, Mesh as Topology, Variant};

/// The gap between two charts, in cells.
const GAP: f32 = 1.6;

/// The charts' placement for a board.
#[derive(Clone, Debug, PartialEq)]
pub struct ChartLayout {
    /// The board.
    pub variant: Variant,
    /// Black's point of view: everything turned half a turn (text stays upright).
    pub flipped: bool,
    /// The south-west corner of each chart.
    offsets: Vec<Vec2>,
    /// Width and height of all charts together.
    pub size: Vec2,
}

/// An arrow marking a glued edge.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EdgeArrow {
    /// The middle of the edge.
    pub at: Vec2,
    /// The unit direction it points.
    pub dir: Vec2,
    /// Two chevrons (the second pair of glued edges) instead of one.
    pub double: bool,
}

impl EdgeArrow {
    /// The arrow's strokes: one or two chevrons centred on the edge.
    pub fn strokes(&self) -> Vec<(Vec2, Vec2)> {
        let across = self.dir.perp() * 0.22;
        let shifts: &[f32] = if self.double { &[-0.11, 0.11] } else { &[0.0] };
        let mut out = Vec::new();
        for &shift in shifts {
            let centre = self.at + self.dir * shift;
            let apex = centre + self.dir * 0.15;
            let back = centre - self.dir * 0.15;
            out.push((back - across, apex));
            out.push((apex, back + across));
        }
        out
    }
}

impl ChartLayout {
    /// The layout of a board's charts.
    pub fn new(variant: Variant, flipped: bool) -> ChartLayout {
        let complex = &variant.rules().complex;
        let charts = complex.charts();
        let corners = net(complex).unwrap_or_else(|| {
            let mut x = 0.0;
            charts
                .iter()
                .map(|chart| {
                    let at = Vec2::new(x, 0.0);
                    x += f32::from(chart.width) + GAP;
                    at
                })
                .collect()
        });
        let extent = |chart: &surface_chess_rules::Chart| Vec2::new(f32::from(chart.width), f32::from(chart.height));
        let min = corners.iter().fold(Vec2::INFINITY, |m, &c| m.min(c));
        let max = corners.iter().zip(charts).fold(Vec2::NEG_INFINITY, |m, (&c, chart)| m.max(c + extent(chart)));
        let offsets = corners.iter().map(|&c| c - min).collect();
        ChartLayout { variant, flipped, offsets, size: max - min }
    }

    /// A point of chart `chart` given in cell units from its south-west corner.
    pub fn point(&self, chart: u8, x: f32, y: f32) -> Vec2 {
        let p = self.offsets[usize::from(chart)] + Vec2::new(x, y) - self.size / 2.0;
        if self.flipped { -p } else { p }
    }

    fn corner(&self, at: Coord, dx: f32, dy: f32) -> Vec2 {
        self.point(at.chart, f32::from(at.file) + dx, f32::from(at.rank) + dy)
    }

    /// The centre of a cell.
    pub fn centre(&self, cell: Cell) -> Vec2 {
        self.corner(self.variant.rules().complex.coord(cell), 0.5, 0.5)
    }

    /// The two ends of one side of a cell.
    pub fn side(&self, cell: Cell, side: Dir) -> (Vec2, Vec2) {
        let at = self.variant.rules().complex.coord(cell);
        let (a, b) = match side {
            Dir::South => ((0.0, 0.0), (1.0, 0.0)),
            Dir::North => ((0.0, 1.0), (1.0, 1.0)),
            Dir::West => ((0.0, 0.0), (0.0, 1.0)),
            Dir::East => ((1.0, 0.0), (1.0, 1.0)),
        };
        (self.corner(at, a.0, a.1), self.corner(at, b.0, b.1))
    }

    /// The chart corners that are cone points (eight cells around a vertex), each place once.
    pub fn cone_corners(&self) -> Vec<Vec2> {
        let complex = &self.variant.rules().complex;
        let topology = Topology::of(complex);
        let corner = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)];
        let mut out: Vec<Vec2> = Vec::new();
        for cell in complex.cells() {
            for (i, &vertex) in topology.corners[cell.index()].iter().enumerate() {
                if topology.links[vertex as usize].is_cone() {
                    let at = self.corner(complex.coord(cell), corner[i].0, corner[i].1);
                    if !out.iter().any(|p| p.distance(at) < 1e-3) {
                        out.push(at);
                    }
                }
            }
        }
        out
    }

    /// File letters below and rank numbers left of each chart.
    pub fn coordinates(&self) -> Vec<(String, Vec2)> {
        let mut out = Vec::new();
        for (ci, chart) in self.variant.rules().complex.charts().iter().enumerate() {
            let ci = ci as u8;
            for file in 0..chart.width {
                out.push((char::from(b'a' + file).to_string(), self.point(ci, f32::from(file) + 0.5, -0.45)));
            }
            for rank in 0..chart.height {
                out.push(((rank + 1).to_string(), self.point(ci, -0.55, f32::from(rank) + 0.5)));
            }
        }
        out
    }

    /// The chart names above the charts (genus two: I and II; the levels: 1 α, 2 β, 3 γ).
    pub fn titles(&self) -> Vec<(String, Vec2)> {
        let complex = &self.variant.rules().complex;
        complex
            .charts()
            .iter()
            .enumerate()
            .filter_map(|(ci, chart)| {
                let name = level_title(complex, ci as u8).or_else(|| chart.label.map(str::to_string))?;
                Some((name, self.point(ci as u8, f32::from(chart.width) / 2.0, f32::from(chart.height) + 0.55)))
            })
            .collect()
    }

    /// On a single-chart board, an arrow on each glued edge, the same on both edges of a pair when
    /// they are glued the same way round and opposite when the gluing reverses them.
    pub fn edge_arrows(&self) -> Vec<EdgeArrow> {
        let complex = &self.variant.rules().complex;
        let [chart] = complex.charts() else { return Vec::new() };
        let (w, h) = (chart.width, chart.height);
        let turn = if self.flipped { -1.0 } else { 1.0 };
        let mut out = Vec::new();
        let cell = |file, rank| complex.cell_at(Coord { chart: 0, file, rank }).expect("on the chart");
        // East to west: does the bottom cell of the east column land on the bottom of the west one?
        if let Some(g) = complex.gluing(cell(w - 1, 0), Dir::East) {
            let same = complex.coord(g.to).rank == 0;
            let up = Vec2::Y * turn;
            let (wf, hf) = (f32::from(w), f32::from(h));
            out.push(EdgeArrow { at: self.point(0, wf, hf / 2.0), dir: up, double: false });
            out.push(EdgeArrow { at: self.point(0, 0.0, hf / 2.0), dir: if same { up } else { -up }, double: false });
        }
        // North to south, drawn with double chevrons.
        if let Some(g) = complex.gluing(cell(0, h - 1), Dir::North) {
            let same = complex.coord(g.to).file == 0;
            let right = Vec2::X * turn;
            let (wf, hf) = (f32::from(w), f32::from(h));
            out.push(EdgeArrow { at: self.point(0, wf / 2.0, hf), dir: right, double: true });
            out.push(EdgeArrow {
                at: self.point(0, wf / 2.0, 0.0),
                dir: if same { right } else { -right },
                double: true,
            });
        }
        out
    }
}

/// The charts' south-west corners as a net, chart 0 first: a chart glued along an edge to one
/// already placed, without a turn and continuing its files or ranks, goes beside it across that
/// edge. `None` unless that places every chart and no two overlap (genus two, whose charts meet
/// turned, and the unglued levels keep their row).
fn net(complex: &Complex) -> Option<Vec<Vec2>> {
    let charts = complex.charts();
    if charts.len() < 3 {
        return None;
    }
    let mut at: Vec<Option<Vec2>> = vec![None; charts.len()];
    at[0] = Some(Vec2::ZERO);
    let mut queue = VecDeque::from([0u8]);
    while let Some(chart) = queue.pop_front() {
        let origin = at[usize::from(chart)]?;
        for cell in complex.cells().filter(|&c| complex.coord(c).chart == chart) {
            for d in Dir::ALL {
                let Some(g) = complex.gluing(cell, d) else { continue };
                let (here, there) = (complex.coord(cell), complex.coord(g.to));
                if there.chart == chart || at[usize::from(there.chart)].is_some() || g.derivative != Frame::IDENTITY {
                    continue;
                }
                // The cell across sits one step (and a gap) beyond this one.
                let step = d.vector();
                let step = Vec2::new(f32::from(step.x), f32::from(step.y));
                let cell_at = |c: Coord| Vec2::new(f32::from(c.file), f32::from(c.rank));
                at[usize::from(there.chart)] = Some(origin + cell_at(here) + step * (1.0 + GAP) - cell_at(there));
                queue.push_back(there.chart);
            }
        }
    }
    let at: Vec<Vec2> = at.into_iter().collect::<Option<_>>()?;
    let rect = |i: usize| (at[i], at[i] + Vec2::new(f32::from(charts[i].width), f32::from(charts[i].height)));
    let overlap =
        |(a0, a1): (Vec2, Vec2), (b0, b1): (Vec2, Vec2)| a0.x < b1.x && b0.x < a1.x && a0.y < b1.y && b0.y < a1.y;
    let apart = (0..at.len()).all(|i| (0..i).all(|j| !overlap(rect(i), rect(j))));
    apart.then_some(at)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_tile_the_charts_without_overlap() {
        for v in Variant::ALL {
            let layout = ChartLayout::new(v, false);
            let complex = &v.rules().complex;
            let mut centres: Vec<Vec2> = complex.cells().map(|c| layout.centre(c)).collect();
            for c in &centres {
                assert!(c.x.abs() < layout.size.x / 2.0 && c.y.abs() < layout.size.y / 2.0, "{v}: inside");
            }
            centres.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
            centres.dedup_by(|a, b| a.distance(*b) < 0.5);
            assert_eq!(centres.len(), complex.len(), "{v}: one place per cell");
            // Flipping turns the picture half a turn.
            let flipped = ChartLayout::new(v, true);
            for c in complex.cells() {
                assert_eq!(flipped.centre(c), -layout.centre(c));
            }
        }
    }

    #[test]
    fn cone_points_show_on_genus_two_the_sphere_and_the_projective_plane() {
        for v in Variant::ALL {
            let corners = ChartLayout::new(v, false).cone_corners();
            let cones = matches!(v, Variant::Genus2 | Variant::Sphere | Variant::Projective);
            assert_eq!(corners.is_empty(), !cones, "{v}");
        }
        // The projective plane's two corners of two squares each show at two chart corners; the
        // cube's eight corners at three face corners each.
        assert_eq!(ChartLayout::new(Variant::Projective, false).cone_corners().len(), 4);
        assert_eq!(ChartLayout::new(Variant::Sphere, false).cone_corners().len(), 24);
        // Each of the two cone points has eight cells around it; on the charts they show at
        // more than one place, and never more than eight in all per cone point.
        let n = ChartLayout::new(Variant::Genus2, false).cone_corners().len();
        assert!((2..=16).contains(&n), "{n} cone corners");
    }

    #[test]
    fn edge_arrows_show_each_gluing() {
        let dirs = |v: Variant| -> Vec<(Vec2, bool)> {
            ChartLayout::new(v, false).edge_arrows().iter().map(|a| (a.dir, a.double)).collect()
        };
        // Möbius and Endless: east and west glued reversed; north and south are boundary.
        for v in [Variant::Mobius, Variant::Endless] {
            assert_eq!(dirs(v), vec![(Vec2::Y, false), (-Vec2::Y, false)], "{v}");
        }
        // Klein: the sides reversed, the ranks wrap the same way round.
        assert_eq!(dirs(Variant::Klein), vec![(Vec2::Y, false), (-Vec2::Y, false), (Vec2::X, true), (Vec2::X, true)]);
        assert!(dirs(Variant::Chess).is_empty() && dirs(Variant::Genus2).is_empty());
    }

    #[test]
    fn the_sphere_lies_as_a_cross_and_the_others_in_a_row() {
        // Face I above face V, VI below it, and the belt IV, V, II, III (files running on) across.
        let layout = ChartLayout::new(Variant::Sphere, false);
        let corner = |chart: u8| layout.point(chart, 0.0, 0.0);
        let side = 4.0 + GAP;
        let near = |a: Vec2, b: Vec2, what: &str| assert!(a.distance(b) < 1e-4, "{what}: {a} {b}");
        near(corner(0) - corner(4), Vec2::new(0.0, side), "I above V");
        near(corner(4) - corner(5), Vec2::new(0.0, side), "V above VI");
        near(corner(1) - corner(4), Vec2::new(side, 0.0), "II east of V");
        near(corner(4) - corner(3), Vec2::new(side, 0.0), "IV west of V");
        near(corner(3) - corner(2), Vec2::new(side, 0.0), "III west of IV");
        near(layout.size, Vec2::new(4.0 * side - GAP, 3.0 * side - GAP), "size");
        for v in [Variant::Genus2, Variant::Strato, Variant::Chess3] {
            let layout = ChartLayout::new(v, false);
            let charts = v.rules().complex.charts().len() as u8;
            assert!((1..charts).all(|c| layout.point(c, 0.0, 0.0).y == layout.point(0, 0.0, 0.0).y), "{v}: a row");
        }
    }
}
