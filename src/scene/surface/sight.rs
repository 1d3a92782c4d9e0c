//! What a camera sees of the surface: a cell is in sight only if the ray from the eye to its
//! centre meets that cell first, not another part of the surface in front of it (the Klein
//! bottle's body hides its neck; a double torus hides its far side). The triangles are the drawn
//! patches' own, so a ray meets what a click meets; each cell and each block of its triangles
//! lies in a ball, so most rays skip most of them. The stacked levels are translucent and hide
//! nothing.

use super::Surface;
use bevy::platform::collections::HashSet;
use bevy::prelude::*;
use surface_chess_rules::Cell;

/// Quads per side of one occluder: a cell of the drawn mesh (`k` quads per side, triangulated as
/// drawn, so the rays meet what the picking meets) is cut into blocks this size, each in its own
/// bounding sphere, so that a ray tests the triangles of few blocks.
const BLOCK: usize = 4;
/// The most cells cut away in front of one wanted cell (walls behind walls).
const LAYERS: usize = 6;

/// A ball around some triangles.
#[derive(Clone, Debug)]
struct Ball {
    centre: Vec3,
    radius: f32,
}

impl Ball {
    /// The ball around `points`.
    fn around<'a>(points: impl Iterator<Item = &'a Vec3> + Clone) -> Ball {
        let (sum, n) = points.clone().fold((Vec3::ZERO, 0.0), |(s, n), p| (s + *p, n + 1.0));
        let centre = sum / n;
        Ball { centre, radius: points.map(|p| p.distance(centre)).fold(0.0, f32::max) * 1.01 }
    }

    /// How far along the ray from `eye` along `dir` (unit) the ball's centre lies, if the ray
    /// passes through the ball.
    fn along(&self, eye: Vec3, dir: Vec3) -> Option<f32> {
        let to = self.centre - eye;
        let along = to.dot(dir);
        (along >= -self.radius && to.length_squared() - along * along <= self.radius * self.radius).then_some(along)
    }
}

/// One cell as an occluder: its ball, and its triangles in blocks, each in a ball of its own.
#[derive(Clone, Debug)]
struct Occluder {
    cell: Cell,
    ball: Ball,
    blocks: Vec<(Ball, Vec<[Vec3; 3]>)>,
}

/// The surface as rays meet it.
#[derive(Clone, Debug)]
pub struct Sight {
    occluders: Vec<Occluder>,
    /// A hit closer to the target than this counts as reaching it (in world units).
    slack: f32,
}

impl Sight {
    /// The occluders of `surface` (none on stacked levels, which are drawn translucent).
    pub fn new(surface: &Surface) -> Sight {
        let complex = &surface.variant.rules().complex;
        let occluders =
            if surface.stacked() { Vec::new() } else { complex.cells().map(|cell| occluder(surface, cell)).collect() };
        Sight { occluders, slack: surface.cell_size() * 0.05 }
    }

    /// The nearest cell a ray from `eye` along `dir` (unit) meets, and how far along.
    pub fn first_hit(&self, eye: Vec3, dir: Vec3) -> Option<(Cell, f32)> {
        self.first_drawn_hit(eye, dir, &HashSet::new())
    }

    /// The nearest cell not in `cut` (cells not drawn) that a ray from `eye` along `dir` (unit)
    /// meets, and how far along.
    pub fn first_drawn_hit(&self, eye: Vec3, dir: Vec3, cut: &HashSet<Cell>) -> Option<(Cell, f32)> {
        let mut best: Option<(Cell, f32)> = None;
        // Nothing in a ball starting beyond the best hit so far can be nearer.
        let beyond =
            |best: Option<(Cell, f32)>, ball: &Ball, along: f32| best.is_some_and(|(_, t)| along - ball.radius > t);
        for o in self.occluders.iter().filter(|o| !cut.contains(&o.cell)) {
            match o.ball.along(eye, dir) {
                Some(along) if !beyond(best, &o.ball, along) => {}
                _ => continue,
            }
            for (ball, triangles) in &o.blocks {
                match ball.along(eye, dir) {
                    Some(along) if !beyond(best, ball, along) => {}
                    _ => continue,
                }
                for tri in triangles {
                    if let Some(t) = hit(eye, dir, tri)
                        && best.is_none_or(|(_, b)| t < b)
                    {
                        best = Some((o.cell, t));
                    }
                }
            }
        }
        best
    }

    /// Whether `point` on `cell` is seen from `eye` while the cells in `cut` are not drawn: the
    /// ray towards it meets `cell` first. A ray that grazes the cell's edge and goes on past it
    /// does not see it, whatever lies behind.
    pub fn sees(&self, eye: Vec3, cell: Cell, point: Vec3, cut: &HashSet<Cell>) -> bool {
        if self.occluders.is_empty() {
            return true;
        }
        let to = point - eye;
        self.first_drawn_hit(eye, to / to.length(), cut).is_some_and(|(hit, _)| hit == cell)
    }

    /// The cells a ray from `eye` along `dir` (unit) meets nearer than `distance`, each with its
    /// nearest hit, nearest first.
    fn all_hits(&self, eye: Vec3, dir: Vec3, distance: f32) -> Vec<(Cell, f32)> {
        let mut hits: Vec<(Cell, f32)> = self
            .occluders
            .iter()
            .filter(|o| o.ball.along(eye, dir).is_some_and(|along| along - o.ball.radius < distance))
            .filter_map(|o| {
                let t = o
                    .blocks
                    .iter()
                    .filter(|(ball, _)| ball.along(eye, dir).is_some_and(|along| along - ball.radius < distance))
                    .flat_map(|(_, triangles)| triangles.iter().filter_map(|tri| hit(eye, dir, tri)))
                    .fold(f32::INFINITY, f32::min);
                (t < distance).then_some((o.cell, t))
            })
            .collect();
        hits.sort_by(|a, b| a.1.total_cmp(&b.1));
        hits
    }

    /// The cells to leave undrawn so that each of `wanted` (cell, point) is seen from `eye`:
    /// every cell in front of one of them, layer after layer (at most [`LAYERS`]), up to a
    /// wanted cell.
    pub fn cut_away(&self, eye: Vec3, wanted: &[(Cell, Vec3)]) -> HashSet<Cell> {
        let keep: HashSet<Cell> = wanted.iter().map(|w| w.0).collect();
        let mut cut = HashSet::new();
        for &(_, point) in wanted {
            let to = point - eye;
            let distance = to.length();
            let walls = self.all_hits(eye, to / distance, distance - self.slack);
            for (wall, _) in walls.into_iter().take(LAYERS) {
                if keep.contains(&wall) {
                    break;
                }
                cut.insert(wall);
            }
        }
        cut
    }
}

/// A cell's triangles, as the cell's patch is drawn, in blocks of [`BLOCK`] × [`BLOCK`] quads.
fn occluder(surface: &Surface, cell: Cell) -> Occluder {
    let k = surface.k;
    let starts = || (0..k).step_by(BLOCK);
    let mut blocks = Vec::new();
    for j0 in starts() {
        for i0 in starts() {
            let mut triangles = Vec::new();
            for j in j0..(j0 + BLOCK).min(k) {
                for i in i0..(i0 + BLOCK).min(k) {
                    let [a, b, c, d] =
                        [(i, j), (i + 1, j), (i + 1, j + 1), (i, j + 1)].map(|(i, j)| surface.point(cell, i, j));
                    triangles.push([a, b, c]);
                    triangles.push([a, c, d]);
                }
            }
            blocks.push((Ball::around(triangles.iter().flatten()), triangles));
        }
    }
    let ball = Ball::around(blocks.iter().flat_map(|(_, t)| t.iter().flatten()));
    Occluder { cell, ball, blocks }
}

/// How far outside a triangle's edges a ray still meets it (barycentric): a ray aimed at a
/// lattice point, where several triangles meet, must not slip between them.
const EDGE: f32 = 1e-4;

/// Where a ray meets a triangle (Möller–Trumbore), either face, ahead of the eye.
fn hit(eye: Vec3, dir: Vec3, [a, b, c]: &[Vec3; 3]) -> Option<f32> {
    let (e1, e2) = (*b - *a, *c - *a);
    let p = dir.cross(e2);
    let det = e1.dot(p);
    if det.abs() < 1e-9 {
        return None;
    }
    let s = eye - *a;
    let u = s.dot(p) / det;
    if !(-EDGE..=1.0 + EDGE).contains(&u) {
        return None;
    }
    let q = s.cross(e1);
    let v = dir.dot(q) / det;
    if v < -EDGE || u + v > 1.0 + EDGE {
        return None;
    }
    let t = e2.dot(q) / det;
    (t > 1e-6).then_some(t)
}

#[cfg(test)]
mod tests {
    use super::*;
    use surface_chess_rules::Variant;

    #[test]
    fn a_cell_is_seen_from_above_it_and_not_through_the_body() {
        let surface = Surface::new(Variant::Genus2);
        let sight = Sight::new(&surface);
        let complex = &Variant::Genus2.rules().complex;
        let mut hidden = 0;
        for cell in complex.cells() {
            let (centre, n) = (surface.centre(cell), surface.centre_normal(cell));
            let eye = centre + n * surface.cell_size() * 0.5;
            assert!(
                sight.sees(eye, cell, centre, &HashSet::new()),
                "{}: seen from just outside it",
                complex.name(cell)
            );
            // From the far side of the surface the cell is behind the body (or faces away).
            if !sight.sees(centre - n * 40.0, cell, centre, &HashSet::new()) {
                hidden += 1;
            }
        }
        assert!(hidden > complex.len() / 2, "the far side hides most cells: {hidden}");
    }

    #[test]
    fn a_ray_that_passes_a_cell_by_does_not_see_it() {
        let surface = Surface::new(Variant::Chess);
        let sight = Sight::new(&surface);
        let cell = Variant::Chess.rules().complex.parse_cell("e4").unwrap();
        let centre = surface.centre(cell);
        let up = surface.centre_normal(cell);
        assert!(sight.sees(centre + up * 5.0, cell, centre, &HashSet::new()), "from above");
        // Aimed over the cell, parallel to the board: nothing is in front, yet nothing is met.
        let above = centre + up * 0.5;
        let eye = above - Vec3::X * 20.0;
        assert!(!sight.sees(eye, cell, above, &HashSet::new()), "a ray over the board sees no cell");
    }

    #[test]
    fn stacked_levels_hide_nothing() {
        let surface = Surface::new(Variant::Strato);
        let sight = Sight::new(&surface);
        assert_eq!(sight.first_hit(Vec3::Y * 50.0, -Vec3::Y), None);
    }

    #[test]
    fn cutting_away_the_walls_in_front_brings_the_klein_camp_into_sight() {
        let surface = Surface::new(Variant::Klein);
        let sight = Sight::new(&surface);
        let start = surface_chess_rules::Position::new(Variant::Klein);
        let white: Vec<(Cell, Vec3)> = start
            .pieces()
            .filter(|(_, p)| p.color() == surface_chess_rules::Color::White)
            .map(|(c, _)| (c, surface.centre(c)))
            .collect();
        let eye = Vec3::new(0.0, 4.0, 12.0);
        let hidden = |cut: &HashSet<Cell>| white.iter().filter(|&&(c, p)| !sight.sees(eye, c, p, cut)).count();
        let before = hidden(&HashSet::new());
        assert!(before > 0, "part of White's camp is behind the bottle's wall");
        let cut = sight.cut_away(eye, &white);
        assert!(!cut.is_empty() && white.iter().all(|(c, _)| !cut.contains(c)), "walls only");
        assert!(hidden(&cut) < before, "{} of {before} still hidden", hidden(&cut));
    }
}
