//! The Klein board K on the classic immersed bottle: a body standing on its base, a narrower
//! neck rising from its shoulder, bending over and passing through the body's wall, and inside
//! the body a tube going down and opening into the base.
//!
//! The bottle is a tube of rings around a core curve lying in the x-y plane (y up): each ring an
//! ellipse with semi-axis `a` in the core's plane (along the ring's in-plane normal `n`) and `b`
//! along z. Files run along the bottle (chart `x` ∈ [0, 9] from the base round to the base),
//! ranks around it: rank coordinate `y` is the ring angle `φ = (y − 4.5)π/9`, so ranks wrap after
//! 18. At the base the core has a cusp: the body leaves it upwards and the inner tube arrives
//! downwards, the two joined by a U-shaped profile (a little surface of revolution), and `n` flips
//! sign across it: the point at angle `φ` of the last ring is the point at `π − φ` of the first,
//! which is the rules' side gluing r ↦ 19 − r.
//!
//! Everything is computed here from a few shape constants, deterministically: the core is
//! integrated from its curvature (straight pieces and smooth bends; the one free length closes
//! it), the rings follow the core's direction only while it points between up and down (where
//! the body leans or the neck slants into the wall the rings stay level, a sheared tube), and the
//! files are spaced so that every file's longest cell has the same aspect ratio. Where the rings
//! turn, the ranks are spread on the outside of the turn (a partial conformal correction).

use bevy::math::DVec3;
use std::f64::consts::{FRAC_PI_2, PI, TAU};

/// In-plane and out-of-plane semi-axes of the body (base to shoulder) and of the inner tube
/// (inside the body down to the base). The inner tube is about half the body's width, so the
/// base's U is a broad rounded ring: the cells on both sides of the base seam lie on it, seen
/// together from below (a narrow U would hide them in a slot).
const BODY: (f64, f64) = (1.3171, 1.3729);
const INNER: (f64, f64) = (0.70, 0.73);
/// Depth of the base's U (from the top of the U to its bottom), a third of its width.
const BASE_DEPTH: f64 = 0.30;
/// Semi-axes of the neck: narrow seen from the front, deeper front to back (the rings' extra
/// girth keeps the neck's cells from growing long).
const NECK: (f64, f64) = (0.4186, 0.6831);
/// The core: straight body, the body's lean to the left (turn, length), the straight shoulder
/// above it.
const BODY_LENGTH: f64 = 1.07;
const LEAN: (f64, f64) = (0.2945, 0.5115);
const SHOULDER_LENGTH: f64 = 0.1700;
/// The neck's bend over the top: plateau radius and ramp length; it turns by π plus the lean
/// plus the entry angle.
const NECK_BEND: (f64, f64) = (0.7013, 0.1988);
/// The entry: the angle of the slant through the wall (from the vertical) and the inner bend
/// back to vertical (plateau radius, ramp length).
const ENTRY: f64 = 0.7429;
const INNER_BEND: (f64, f64) = (0.6025, 0.3820);
/// Where the rings narrow from the body to the neck (before and after the shoulder's top) and
/// widen again into the inner tube (from the core's end).
const NARROWING: (f64, f64) = (0.9692, 0.7992);
const WIDENING: (f64, f64) = (2.2688, 0.7887);
/// The fraction of the ring's turn by which the ranks are spread on its outside.
const SPREAD: f64 = 0.0935;
/// Rings level off smoothly over this much turn when the core leans past the vertical.
const LEVEL_SOFTNESS: f64 = 0.2;
/// Samples along the core, and along each half of the base's U.
const CORE_SAMPLES: usize = 2400;
const BASE_SAMPLES: usize = 150;
/// Ring angles sampled when spacing the files, and the rounds of equalising the files.
const RING_SAMPLES: usize = 24;
const EQUALISING_ROUNDS: usize = 8;
/// Presentation: the bottle's largest height and width in space (about the other boards' size).
const SIZE: (f64, f64) = (6.0, 6.0);

/// The smootherstep ramp from 0 (t ≤ 0) to 1 (t ≥ 1).
fn smoother(t: f64) -> f64 {
    let t = t.clamp(0.0, 1.0);
    t * t * t * (t * (6.0 * t - 15.0) + 10.0)
}

/// A piece of the core: straight, or a bend turning by `turn` (positive: to the left) with
/// curvature rising over `ramp`, holding `1/radius`, and falling over `ramp`.
#[derive(Clone, Copy, Debug)]
enum Piece {
    Straight(f64),
    Bend { turn: f64, radius: f64, ramp: f64 },
}

impl Piece {
    fn length(self) -> f64 {
        match self {
            Piece::Straight(length) => length,
            Piece::Bend { turn, radius, ramp } => turn.abs() * radius + ramp,
        }
    }

    /// Curvature at arc length `s` from the piece's start.
    fn curvature(self, s: f64) -> f64 {
        match self {
            Piece::Straight(_) => 0.0,
            Piece::Bend { turn, radius, ramp } => {
                let length = self.length();
                if !(0.0..=length).contains(&s) {
                    return 0.0;
                }
                turn.signum() * smoother(s / ramp).min(smoother((length - s) / ramp)) / radius
            }
        }
    }
}

/// The core from the top of the base's U: body, lean, shoulder, neck bend, the slant through the
/// wall (`slant` long) and the bend back to vertical.
fn pieces(slant: f64) -> [Piece; 6] {
    let (lean, lean_length) = LEAN;
    [
        Piece::Straight(BODY_LENGTH),
        Piece::Bend { turn: lean, radius: 0.6 * lean_length / lean, ramp: 0.4 * lean_length },
        Piece::Straight(SHOULDER_LENGTH),
        Piece::Bend { turn: -(PI + lean + ENTRY), radius: NECK_BEND.0, ramp: NECK_BEND.1 },
        Piece::Straight(slant),
        Piece::Bend { turn: ENTRY, radius: INNER_BEND.0, ramp: INNER_BEND.1.min(0.95 * ENTRY * INNER_BEND.0) },
    ]
}

/// Samples of the core's arc length, direction and position, integrated from the curvature.
struct Core {
    s: Vec<f64>,
    angle: Vec<f64>,
    x: Vec<f64>,
    y: Vec<f64>,
}

fn integrate(pieces: &[Piece], n: usize) -> Core {
    let length: f64 = pieces.iter().map(|p| p.length()).sum();
    let ds = length / n as f64;
    let s: Vec<f64> = (0..=n).map(|i| i as f64 * ds).collect();
    let curvature: Vec<f64> = s
        .iter()
        .map(|&s| {
            let mut start = 0.0;
            let mut k = 0.0;
            for p in pieces {
                k += p.curvature(s - start);
                start += p.length();
            }
            k
        })
        .collect();
    let (mut angle, mut x, mut y) = (vec![FRAC_PI_2], vec![0.0], vec![0.0]);
    for i in 1..=n {
        let a = angle[i - 1] + (curvature[i] + curvature[i - 1]) / 2.0 * ds;
        let mid = (a + angle[i - 1]) / 2.0;
        x.push(x[i - 1] + mid.cos() * ds);
        y.push(y[i - 1] + mid.sin() * ds);
        angle.push(a);
    }
    Core { s, angle, x, y }
}

/// A smooth profile through knots `(arc length, value)` (smootherstep between them).
fn profile(knots: &[(f64, f64)], s: f64) -> f64 {
    let mut value = knots[0].1;
    for pair in knots.windows(2) {
        let ((s0, v0), (s1, v1)) = (pair[0], pair[1]);
        if s >= s0 {
            value = v0 + (v1 - v0) * smoother((s - s0) / (s1 - s0).max(1e-9));
        }
    }
    value
}

/// One sample of the bottle along its length.
#[derive(Clone, Copy, Debug, Default)]
struct Ring {
    /// Centre in the core's plane.
    x: f64,
    y: f64,
    /// Direction of the ring's in-plane normal `n = (sin ν, −cos ν)`; ν = π/2 at the base's start.
    nu: f64,
    /// Semi-axes in the plane and along z.
    a: f64,
    b: f64,
    /// How much the ranks spread (ε in `t = φ + ε sin φ`).
    spread: f64,
}

impl Ring {
    fn lerp(self, other: Ring, t: f64) -> Ring {
        let l = |p: f64, q: f64| p + (q - p) * t;
        Ring {
            x: l(self.x, other.x),
            y: l(self.y, other.y),
            nu: l(self.nu, other.nu),
            a: l(self.a, other.a),
            b: l(self.b, other.b),
            spread: l(self.spread, other.spread),
        }
    }

    /// The point at ring angle `phi` (in the bottle's own frame).
    fn point(self, phi: f64) -> DVec3 {
        let t = phi + self.spread * phi.sin();
        let (c, s) = (t.cos(), t.sin());
        DVec3::new(self.x + self.a * c * self.nu.sin(), self.y - self.a * c * self.nu.cos(), self.b * s)
    }
}

/// The bottle: rings along its length with their file coordinate, and the placement in space.
#[derive(Clone, Debug)]
pub struct Bottle {
    rings: Vec<Ring>,
    /// File coordinate (0..=9) of each ring, increasing.
    files: Vec<f64>,
    /// Placement: the bottle's frame scaled by `scale` about `centre`.
    centre: DVec3,
    scale: f64,
}

impl Bottle {
    /// Builds the bottle (about 10 ms in the test profile).
    pub fn new() -> Bottle {
        let rings = rings();
        let base = file_measure(&rings);
        let mut bottle = Bottle { rings, files: base.clone(), centre: DVec3::ZERO, scale: 1.0 };
        bottle.equalise(&base);
        let (lo, hi) = bottle.bounds();
        bottle.centre = (lo + hi) / 2.0;
        bottle.scale = (SIZE.0 / (hi.y - lo.y)).min(SIZE.1 / (hi.x - lo.x));
        bottle
    }

    /// The point of chart coordinates `(x, y)` (files, ranks) in space.
    pub fn point(&self, x: f64, y: f64) -> DVec3 {
        (self.local(x, y) - self.centre) * self.scale
    }

    fn ring(&self, x: f64) -> Ring {
        let x = x.clamp(0.0, 9.0);
        let i = self.files.partition_point(|&f| f <= x).clamp(1, self.files.len() - 1);
        let (x0, x1) = (self.files[i - 1], self.files[i]);
        let t = if x1 > x0 { (x - x0) / (x1 - x0) } else { 0.0 };
        self.rings[i - 1].lerp(self.rings[i], t.clamp(0.0, 1.0))
    }

    fn local(&self, x: f64, y: f64) -> DVec3 {
        self.ring(x).point((y - 4.5) * PI / 9.0)
    }

    fn bounds(&self) -> (DVec3, DVec3) {
        let mut lo = DVec3::splat(f64::INFINITY);
        let mut hi = DVec3::splat(f64::NEG_INFINITY);
        for ring in &self.rings {
            for j in 0..RING_SAMPLES {
                let p = ring.point(j as f64 * TAU / RING_SAMPLES as f64);
                (lo, hi) = (lo.min(p), hi.max(p));
            }
        }
        (lo, hi)
    }

    /// Respaces the files so that each file's longest cell (at the rendered subdivision) has the
    /// same aspect ratio: a file's length scales with its cells' aspect.
    fn equalise(&mut self, base: &[f64]) {
        let k = super::look::SUBDIVISION;
        let mut knots: Vec<f64> = (0..=9).map(f64::from).collect();
        for _ in 0..EQUALISING_ROUNDS {
            self.files = base.iter().map(|&x| remap(x, &knots)).collect();
            let worst: Vec<f64> = (0..9).map(|file| self.file_aspect(file, k)).collect();
            let mean = worst.iter().sum::<f64>() / 9.0;
            let widths: Vec<f64> = (0..9).map(|f| (knots[f + 1] - knots[f]) * mean / worst[f]).collect();
            let total: f64 = widths.iter().sum();
            let mut at = 0.0;
            for f in 0..9 {
                knots[f] = at;
                at += widths[f] / total * 9.0;
            }
            knots[9] = 9.0;
        }
        self.files = base.iter().map(|&x| remap(x, &knots)).collect();
        // The seam's rings exactly at the chart's edges.
        self.files[0] = 0.0;
        *self.files.last_mut().expect("rings") = 9.0;
    }

    /// The largest aspect ratio (longer over shorter of the mean east-west and north-south
    /// sides, each a polyline of `k` segments) among the cells of one file.
    fn file_aspect(&self, file: usize, k: usize) -> f64 {
        let mut worst: f64 = 0.0;
        for rank in 0..18 {
            let p =
                |i: usize, j: usize| self.local(file as f64 + i as f64 / k as f64, rank as f64 + j as f64 / k as f64);
            let side = |f: &dyn Fn(usize) -> DVec3| (0..k).map(|t| f(t).distance(f(t + 1))).sum::<f64>();
            let east_west = (side(&|t| p(t, 0)) + side(&|t| p(t, k))) / 2.0;
            let north_south = (side(&|t| p(0, t)) + side(&|t| p(k, t))) / 2.0;
            worst = worst.max(east_west.max(north_south) / east_west.min(north_south));
        }
        worst
    }
}

impl Default for Bottle {
    fn default() -> Bottle {
        Bottle::new()
    }
}

/// Piecewise-linear map from the base measure (knots at `knots[f]`) to file coordinates.
fn remap(x: f64, knots: &[f64]) -> f64 {
    let f = knots.partition_point(|&k| k <= x).clamp(1, 9);
    let (k0, k1) = (knots[f - 1], knots[f]);
    (f - 1) as f64 + ((x - k0) / (k1 - k0)).clamp(0.0, 1.0)
}

/// The rings along the bottle: the first half of the base's U, the core, the second half.
fn rings() -> Vec<Ring> {
    // Close the core: the slant's length that brings it back onto the axis (the end's offset is
    // linear in it but for the sampling, whose remainder is spread along the core below).
    let end = |slant: f64| integrate(&pieces(slant), CORE_SAMPLES).x[CORE_SAMPLES];
    let (f0, f1) = (end(0.0), end(1.0));
    let slant = -f0 / (f1 - f0);
    let mut core = integrate(&pieces(slant), CORE_SAMPLES);
    // What round-off leaves of the closure, spread along the core.
    let (length, miss) = (core.s[CORE_SAMPLES], core.x[CORE_SAMPLES]);
    for (x, s) in core.x.iter_mut().zip(&core.s) {
        *x -= miss * s / length;
    }
    // Straight down inside the body to the top of the U.
    let drop = core.y[CORE_SAMPLES];
    assert!(drop > 0.0, "the inner tube ends above the base");
    let ds = length / CORE_SAMPLES as f64;
    let steps = ((drop / ds) as usize).max(2);
    for i in 1..=steps {
        let t = drop * i as f64 / steps as f64;
        core.s.push(length + t);
        core.angle.push(core.angle[CORE_SAMPLES]);
        core.x.push(0.0);
        core.y.push(drop - t);
    }
    let total = length + drop;
    // Ring sizes along the core.
    let top = BODY_LENGTH + LEAN.1 + SHOULDER_LENGTH;
    let knots = |body: f64, neck: f64, inner: f64| {
        let mut k = vec![
            (0.0, body),
            (top - NARROWING.0, body),
            (top + NARROWING.1, neck),
            (total - WIDENING.0, neck),
            (total - WIDENING.1, inner),
        ];
        k.sort_by(|p, q| p.0.total_cmp(&q.0));
        k
    };
    let (a_knots, b_knots) = (knots(BODY.0, NECK.0, INNER.0), knots(BODY.1, NECK.1, INNER.1));
    // Rings level while the core points beyond the vertical (a soft clamp of the angle).
    let excess = |z: f64| {
        let z = z.max(0.0);
        if z < LEVEL_SOFTNESS { z * z / (2.0 * LEVEL_SOFTNESS) } else { z - LEVEL_SOFTNESS / 2.0 }
    };
    let mut rings = Vec::new();
    // The U joins the body's and the inner tube's rings at the base.
    let (middle, half) = ((BODY.0 + INNER.0) / 2.0, (BODY.0 - INNER.0) / 2.0);
    let (middle_b, half_b) = ((BODY.1 + INNER.1) / 2.0, (BODY.1 - INNER.1) / 2.0);
    let base = |phi: f64, nu: f64| Ring {
        x: 0.0,
        y: -BASE_DEPTH * phi.cos(),
        nu,
        a: middle + half * phi.sin(),
        b: middle_b + half_b * phi.sin(),
        spread: 0.0,
    };
    let mut angles = Vec::new();
    for i in 0..=BASE_SAMPLES {
        rings.push(base(FRAC_PI_2 * i as f64 / BASE_SAMPLES as f64, FRAC_PI_2));
        angles.push(FRAC_PI_2);
    }
    for i in 1..core.s.len() {
        let angle = core.angle[i];
        let nu = angle - excess(angle - FRAC_PI_2) + excess(-FRAC_PI_2 - angle);
        let s = core.s[i];
        let (a, b) = (profile(&a_knots, s), profile(&b_knots, s));
        rings.push(Ring { x: core.x[i], y: core.y[i], nu, a, b, spread: 0.0 });
        angles.push(angle);
    }
    for i in 1..=BASE_SAMPLES {
        rings.push(base(-FRAC_PI_2 + FRAC_PI_2 * i as f64 / BASE_SAMPLES as f64, -FRAC_PI_2));
        angles.push(-FRAC_PI_2);
    }
    // The ranks' spread: the ring's turn relative to the core's advance, times the semi-axis.
    let n = rings.len();
    let gradient = |f: &dyn Fn(usize) -> f64, i: usize| match i {
        0 => f(1) - f(0),
        _ if i == n - 1 => f(n - 1) - f(n - 2),
        _ => (f(i + 1) - f(i - 1)) / 2.0,
    };
    let spreads: Vec<f64> = (0..n)
        .map(|i| {
            let dx = gradient(&|j| rings[j].x, i);
            let dy = gradient(&|j| rings[j].y, i);
            let dnu = gradient(&|j| rings[j].nu, i);
            let advance = dx.hypot(dy);
            if advance <= 1e-9 {
                return 0.0;
            }
            let turn = rings[i].a * dnu / (advance * (angles[i] - rings[i].nu).cos()).max(1e-9);
            (SPREAD * turn).clamp(-0.8, 0.8)
        })
        .collect();
    for (ring, spread) in rings.iter_mut().zip(spreads) {
        ring.spread = spread;
    }
    rings
}

/// The base measure of the files: along the bottle, the largest ratio (over the ring) of the
/// distance to the next ring over the rank spacing, summed and scaled to 0..=9.
fn file_measure(rings: &[Ring]) -> Vec<f64> {
    let angles: Vec<f64> = (0..RING_SAMPLES).map(|j| j as f64 * TAU / RING_SAMPLES as f64).collect();
    let points = |ring: &Ring| -> Vec<DVec3> { angles.iter().map(|&phi| ring.point(phi)).collect() };
    let spacing =
        |p: &[DVec3]| -> Vec<f64> { (0..RING_SAMPLES).map(|j| p[j].distance(p[(j + 1) % RING_SAMPLES])).collect() };
    let mut measure = vec![0.0];
    let mut here = points(&rings[0]);
    let mut here_spacing = spacing(&here);
    for ring in &rings[1..] {
        let next = points(ring);
        let next_spacing = spacing(&next);
        let density = (0..RING_SAMPLES)
            .map(|j| here[j].distance(next[j]) / ((here_spacing[j] + next_spacing[j]) / 2.0))
            .fold(0.0, f64::max);
        measure.push(measure.last().copied().unwrap_or(0.0) + density);
        (here, here_spacing) = (next, next_spacing);
    }
    let total = *measure.last().expect("rings");
    measure.iter().map(|m| m / total * 9.0).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_core_closes_on_the_axis_and_the_seam_is_the_rules_gluing() {
        let bottle = Bottle::new();
        for y in 0..=18 {
            let y = f64::from(y) + 0.25;
            let east = bottle.point(9.0, y);
            let west = bottle.point(0.0, 18.0 - y);
            assert!(east.distance(west) < 1e-9, "(9, {y}) ~ (0, {})", 18.0 - y);
        }
        assert!(bottle.files.windows(2).all(|w| w[0] <= w[1]), "files increase along the bottle");
    }
}
