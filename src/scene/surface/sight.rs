//! What a camera sees of the surface: a cell is in sight only if the ray from the eye to its
//! centre meets that cell first, not another part of the surface in front of it (the Klein
//! bottle's body hides its neck; a double torus hides its far side). Each cell is a few triangles
//! of its lattice inside a bounding sphere, so most rays skip most cells. The stacked levels are
//! translucent and hide nothing.

use super::Surface;
use bevy::platform::collections::HashSet;
use bevy::prelude::*;
use surface_chess_rules::Cell;

/// Lattice steps between the triangles' corners (the drawn mesh has `k` per side).
const STEP: usize = 2;
/// The most cells cut away in front of one wanted cell (walls behind walls).
const LAYERS: usize = 6;

/// One cell as an occluder.
#[derive(Clone, Debug)]
struct Occluder {
    cell: Cell,
    centre: Vec3,
    radius: f32,
    triangles: Vec<[Vec3; 3]>,
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
        for o in self.occluders.iter().filter(|o| !cut.contains(&o.cell)) {
            let to = o.centre - eye;
            let along = to.dot(dir);
            if along < -o.radius || to.length_squared() - along * along > o.radius * o.radius {
                continue;
            }
            if best.is_some_and(|(_, t)| along - o.radius > t) {
                continue;
            }
            for tri in &o.triangles {
                if let Some(t) = hit(eye, dir, tri)
                    && best.is_none_or(|(_, b)| t < b)
                {
                    best = Some((o.cell, t));
                }
            }
        }
        best
    }

    /// Whether `point` on `cell` is seen from `eye` while the cells in `cut` are not drawn:
    /// nothing drawn lies in front of it.
    pub fn sees(&self, eye: Vec3, cell: Cell, point: Vec3, cut: &HashSet<Cell>) -> bool {
        self.in_front(eye, cell, point, cut).is_none()
    }

    /// The drawn cell in front of `point` on `cell`, seen from `eye`, if any.
    fn in_front(&self, eye: Vec3, cell: Cell, point: Vec3, cut: &HashSet<Cell>) -> Option<Cell> {
        let to = point - eye;
        let distance = to.length();
        let (hit, t) = self.first_drawn_hit(eye, to / distance, cut)?;
        (hit != cell && t < distance - self.slack).then_some(hit)
    }

    /// The cells to leave undrawn so that each of `wanted` (cell, point) is seen from `eye`:
    /// every cell in front of one of them, layer after layer, unless it is wanted itself.
    pub fn cut_away(&self, eye: Vec3, wanted: &[(Cell, Vec3)]) -> HashSet<Cell> {
        let keep: HashSet<Cell> = wanted.iter().map(|w| w.0).collect();
        let mut cut = HashSet::new();
        for &(cell, point) in wanted {
            for _ in 0..LAYERS {
                match self.in_front(eye, cell, point, &cut) {
                    Some(wall) if !keep.contains(&wall) => {
                        cut.insert(wall);
                    }
                    _ => break,
                }
            }
        }
        cut
    }
}

/// A cell's lattice every [`STEP`] points, as triangles, and the sphere around them.
fn occluder(surface: &Surface, cell: Cell) -> Occluder {
    let k = surface.k;
    let steps: Vec<usize> = (0..=k).step_by(STEP).chain((!k.is_multiple_of(STEP)).then_some(k)).collect();
    let point = |i: usize, j: usize| surface.point(cell, steps[i], steps[j]);
    let n = steps.len() - 1;
    let mut triangles = Vec::with_capacity(n * n * 2);
    for j in 0..n {
        for i in 0..n {
            let [a, b, c, d] = [point(i, j), point(i + 1, j), point(i + 1, j + 1), point(i, j + 1)];
            triangles.push([a, b, c]);
            triangles.push([a, c, d]);
        }
    }
    let centre = surface.centre(cell);
    let radius = triangles.iter().flatten().map(|p| p.distance(centre)).fold(0.0, f32::max) * 1.01;
    Occluder { cell, centre, radius, triangles }
}

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
    if !(0.0..=1.0).contains(&u) {
        return None;
    }
    let q = s.cross(e1);
    let v = dir.dot(q) / det;
    if v < 0.0 || u + v > 1.0 {
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
