//! The unrolled chart of a single-chart board: the chart and its neighbouring copies as the
//! gluings place them in the plane (pieces of the universal cover). Each copy is the chart under
//! an affine map — a translation, with a vertical mirror where a side seam reverses the ranks — so
//! a cell's neighbour across a seam is drawn right beside it and every ray is a straight line.
//! Pure geometry, no ECS.

use bevy::math::{IVec2, Mat2, Vec2};
use surface_chess_rules::{Cell, Complex, Coord, Dir, Frame, Mesh as Topology, Trail, Variant, Vector};

/// One copy of the chart: chart coordinates (cell units from the chart's south-west corner) map
/// to `linear · p + shift` in the unrolled chart's coordinates, where the original copy is the
/// identity.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tile {
    /// Where the copy lies: (0, 0) the original, (1, 0) east of it, (0, 1) north, …
    pub index: IVec2,
    /// The linear part: the identity, or a mirror for the copies across a reversing seam.
    pub linear: Mat2,
    /// The translation.
    pub shift: Vec2,
}

impl Tile {
    /// The original chart.
    pub const ORIGINAL: Tile = Tile { index: IVec2::ZERO, linear: Mat2::IDENTITY, shift: Vec2::ZERO };

    /// A point of the chart in the unrolled chart's coordinates.
    pub fn apply(&self, p: Vec2) -> Vec2 {
        self.linear * p + self.shift
    }

    /// This copy followed by `inner`: the map `p ↦ self(inner(p))`.
    fn compose(&self, inner: &Tile) -> Tile {
        Tile { index: self.index, linear: self.linear * inner.linear, shift: self.apply(inner.shift) }
    }

    /// Whether the copy is mirrored (its ranks reversed).
    pub fn mirrored(&self) -> bool {
        self.linear.determinant() < 0.0
    }

    /// Whether two maps agree (up to rounding).
    fn same_map(&self, other: &Tile) -> bool {
        self.linear.abs_diff_eq(other.linear, 1e-4) && self.shift.abs_diff_eq(other.shift, 1e-4)
    }
}

/// A frame as a matrix.
pub fn frame_matrix(f: Frame) -> Mat2 {
    let x = f.apply(Vector::new(1, 0));
    let y = f.apply(Vector::new(0, 1));
    Mat2::from_cols(vector(x), vector(y))
}

/// A chart vector as a plane vector.
pub fn vector(v: Vector) -> Vec2 {
    Vec2::new(f32::from(v.x), f32::from(v.y))
}

/// The cell's centre in its chart (cell units).
fn chart_centre(at: Coord) -> Vec2 {
    Vec2::new(f32::from(at.file) + 0.5, f32::from(at.rank) + 0.5)
}

/// Where a copy lies: the offset of its chart's middle from the original's, in charts.
fn index_of(tile: &Tile, size: Vec2) -> IVec2 {
    ((tile.apply(size / 2.0) - size / 2.0) / size).round().as_ivec2()
}

/// The chart and its neighbouring copies for a single-chart board.
#[derive(Clone, Debug, PartialEq)]
pub struct Tiling {
    /// The board.
    pub variant: Variant,
    /// Black's point of view: the picture turned half a turn, as the chart view does.
    pub flipped: bool,
    /// The copies, the original first.
    pub tiles: Vec<Tile>,
    /// The chart's width and height in cells.
    pub size: Vec2,
}

impl Tiling {
    /// The copies around the chart of a single-chart board without cone points: across every
    /// glued edge of the chart the copy the gluing places there, and the copies next to those, as
    /// far as one copy in each direction — on Möbius, Endless and the cylinder a copy on each
    /// side (mirrored on the twisted two), on the Klein bottle and the torus a three-by-three
    /// block, on the flat board the chart alone. `None` where no flat tiling exists: several
    /// charts (genus two, the sphere) or cone points (the projective plane's corners, where the
    /// copies reached east-then-north and north-then-east would disagree).
    pub fn new(variant: Variant, flipped: bool) -> Option<Tiling> {
        let complex = &variant.rules().complex;
        let [chart] = complex.charts() else { return None };
        if Topology::of(complex).links.iter().any(|l| l.is_cone()) {
            return None;
        }
        let size = Vec2::new(f32::from(chart.width), f32::from(chart.height));
        // The copy across each glued edge of the chart, seen from the original.
        let mut across: Vec<Tile> = Vec::new();
        for d in Dir::ALL {
            let v = d.vector();
            // A cell on that edge: its neighbour across the edge fixes the copy.
            let file = if v.x > 0 { chart.width - 1 } else { 0 };
            let rank = if v.y > 0 { chart.height - 1 } else { 0 };
            let at = Coord { chart: 0, file, rank };
            let cell = complex.cell_at(at).expect("on the chart");
            if let Some(g) = complex.gluing(cell, d) {
                // The neighbour's centre lands one step beyond the cell, its chart turned back by
                // the inverse of the gluing's derivative.
                let linear = frame_matrix(g.derivative.inverse());
                let target = chart_centre(at) + vector(v);
                let shift = target - linear * chart_centre(complex.coord(g.to));
                across.push(Tile { index: IVec2::new(i32::from(v.x), i32::from(v.y)), linear, shift });
            }
        }
        let mut tiles = vec![Tile::ORIGINAL];
        let mut next = 0;
        while next < tiles.len() {
            let tile = tiles[next];
            next += 1;
            for step in &across {
                // In a mirrored copy the chart's north edge is the copy's south side: where the
                // next copy lies follows from the composed map, not from the step's index.
                let mut next = tile.compose(step);
                next.index = index_of(&next, size);
                if next.index.x.abs() > 1 || next.index.y.abs() > 1 || tiles.iter().any(|t| t.index == next.index) {
                    continue;
                }
                tiles.push(next);
            }
        }
        Some(Tiling { variant, flipped, tiles, size })
    }

    /// The original copy.
    pub fn original(&self) -> &Tile {
        &self.tiles[0]
    }

    /// The copy at `index`, if it is drawn.
    pub fn tile(&self, index: IVec2) -> Option<&Tile> {
        self.tiles.iter().find(|t| t.index == index)
    }

    /// A point of the unrolled chart (cell units) in the view's plane: the original chart centred
    /// on the origin, turned half a turn when flipped (as [`crate::scene::chart::ChartLayout`] places it).
    pub fn view(&self, q: Vec2) -> Vec2 {
        let p = q - self.size / 2.0;
        if self.flipped { -p } else { p }
    }

    /// A point of a cell's unit square (0..1 each way) in copy `tile`, in the view's plane.
    pub fn point(&self, tile: &Tile, cell: Cell, p: Vec2) -> Vec2 {
        let at = self.variant.rules().complex.coord(cell);
        self.view(tile.apply(Vec2::new(f32::from(at.file), f32::from(at.rank)) + p))
    }

    /// A cell's centre in copy `tile`.
    pub fn centre(&self, tile: &Tile, cell: Cell) -> Vec2 {
        self.point(tile, cell, Vec2::splat(0.5))
    }

    /// A chart direction in copy `tile` as a direction in the view's plane.
    pub fn direction(&self, tile: &Tile, v: Vec2) -> Vec2 {
        let d = tile.linear * v;
        if self.flipped { -d } else { d }
    }

    /// The two ends of one side of a cell in copy `tile`.
    pub fn side(&self, tile: &Tile, cell: Cell, side: Dir) -> (Vec2, Vec2) {
        let (a, b) = match side {
            Dir::South => ((0.0, 0.0), (1.0, 0.0)),
            Dir::North => ((0.0, 1.0), (1.0, 1.0)),
            Dir::West => ((0.0, 0.0), (0.0, 1.0)),
            Dir::East => ((1.0, 0.0), (1.0, 1.0)),
        };
        (self.point(tile, cell, Vec2::new(a.0, a.1)), self.point(tile, cell, Vec2::new(b.0, b.1)))
    }

    /// The four corners of copy `tile` in the view's plane, in order round it.
    pub fn outline(&self, tile: &Tile) -> [Vec2; 4] {
        let (w, h) = (self.size.x, self.size.y);
        [Vec2::ZERO, Vec2::new(w, 0.0), Vec2::new(w, h), Vec2::new(0.0, h)].map(|p| self.view(tile.apply(p)))
    }

    /// Where the neighbour of `cell` (drawn in copy `tile`) across its side `side` is drawn next to
    /// it: the copy holding it and the neighbour (`None` at an unglued edge, or when that copy is
    /// not drawn).
    pub fn neighbour(&self, tile: &Tile, cell: Cell, side: Dir) -> Option<(Tile, Cell)> {
        let complex = &self.variant.rules().complex;
        let g = complex.gluing(cell, side)?;
        let placed = self.place_step(tile, complex, cell, side.vector(), g.to, g.derivative);
        let found = self.tiles.iter().find(|t| t.same_map(&placed))?;
        Some((*found, g.to))
    }

    /// The copy (as a map, drawn or not) in which `to`, reached from `cell` in copy `tile` by the
    /// unit step `v` with derivative `derivative`, lies next to it.
    fn place_step(&self, tile: &Tile, complex: &Complex, cell: Cell, v: Vector, to: Cell, derivative: Frame) -> Tile {
        let linear = tile.linear * frame_matrix(derivative.inverse());
        let target = tile.apply(chart_centre(complex.coord(cell)) + vector(v));
        let shift = target - linear * chart_centre(complex.coord(to));
        let mut tile = Tile { index: IVec2::ZERO, linear, shift };
        tile.index = index_of(&tile, self.size);
        tile
    }

    /// A trail of the piece on `from` lifted into the unrolled plane, copy by copy, continuing
    /// past the drawn copies: the centre of every cell it enters (in the view's plane) and the copy
    /// it lies in, the departure cell first (in the original copy). On every board a slider's ray
    /// is a straight line here.
    pub fn lift(&self, from: Cell, trail: &Trail) -> Vec<(Tile, Cell, Vec2)> {
        let complex = &self.variant.rules().complex;
        let mut tile = *self.original();
        let mut at = from;
        let mut out = vec![(tile, at, self.centre(&tile, at))];
        for step in &trail.steps {
            let Some(v) = complex.departure(at, step.cell, step.heading) else { break };
            let Some((to, derivative)) = complex.unit_step(at, v) else { break };
            tile = self.place_step(&tile, complex, at, v, to, derivative);
            at = to;
            out.push((tile, at, self.centre(&tile, at)));
        }
        out
    }

    /// What the view should frame: the centre and the extent (the original copy with a part of
    /// each neighbouring copy around it).
    pub fn frame(&self) -> (Vec2, Vec2) {
        let spans = |axis: fn(IVec2) -> i32| self.tiles.iter().any(|t| axis(t.index) != 0);
        let width = if spans(|i| i.x) { self.size.x * 1.5 } else { self.size.x + 2.0 };
        let height = if spans(|i| i.y) { self.size.y * 1.3 } else { self.size.y + 1.5 };
        (Vec2::ZERO, Vec2::new(width, height))
    }

    /// A pawn facing `up` (towards higher ranks) as it shows in copy `tile`: upwards on the screen
    /// or not (mirrored copies and the flipped view turn it round).
    pub fn shows_up(&self, tile: &Tile, up: bool) -> bool {
        let d = self.direction(tile, Vec2::Y);
        (d.y > 0.0) == up
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn copies_per_board() {
        let count = |v| Tiling::new(v, false).map(|t| t.tiles.len());
        assert_eq!(count(Variant::Mobius), Some(3));
        assert_eq!(count(Variant::Endless), Some(3));
        assert_eq!(count(Variant::Klein), Some(9));
        assert_eq!(count(Variant::Chess), Some(1));
        assert_eq!(count(Variant::Genus2), None);
        assert_eq!(count(Variant::Cylinder), Some(3));
        assert_eq!(count(Variant::Torus), Some(9));
        assert_eq!(count(Variant::Projective), None);
        assert_eq!(count(Variant::Sphere), None);
    }

    #[test]
    fn each_copy_lies_where_its_index_says() {
        for v in [Variant::Mobius, Variant::Klein, Variant::Endless, Variant::Chess, Variant::Cylinder, Variant::Torus]
        {
            let tiling = Tiling::new(v, false).unwrap();
            for t in &tiling.tiles {
                let middle = t.apply(tiling.size / 2.0) - tiling.size / 2.0;
                assert!(middle.abs_diff_eq(t.index.as_vec2() * tiling.size, 1e-4), "{v}: {t:?}");
            }
        }
    }

    #[test]
    fn copies_do_not_overlap() {
        for v in [Variant::Mobius, Variant::Klein, Variant::Endless, Variant::Chess, Variant::Cylinder, Variant::Torus]
        {
            let tiling = Tiling::new(v, false).unwrap();
            let complex = &v.rules().complex;
            let mut centres: Vec<Vec2> =
                tiling.tiles.iter().flat_map(|t| complex.cells().map(|c| tiling.centre(t, c))).collect();
            let n = centres.len();
            centres.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
            centres.dedup_by(|a, b| a.distance(*b) < 0.5);
            assert_eq!(centres.len(), n, "{v}");
        }
    }
}
