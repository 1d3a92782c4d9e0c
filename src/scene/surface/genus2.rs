//! The genus-two board as a smooth double torus, computed from its complex: the measured recipe
//! of the project's embedding notes (implicit peanut tube with a bridge, Joukowski placement,
//! area-weighted relaxation with symmetry averaging). Coordinates are z-up here; the caller turns
//! them y-up. Deterministic: fixed iteration counts, Jacobi updates, no randomness.

use bevy::math::DVec3;
use std::f64::consts::{PI, TAU};
use surface_chess_rules::{Complex, Coord, identified_points};

const D: f64 = 2.05;
const R0: f64 = 2.8;
const KC: f64 = 0.6;
const R: f64 = 1.3;
const RB: f64 = 0.62;
const K: f64 = 0.9;

/// Polynomial smooth minimum.
fn smin(k: f64, a: f64, b: f64) -> f64 {
    let h = (k - (a - b).abs()).max(0.0) / k;
    a.min(b) - k * h * h * h / 6.0
}

/// The peanut core curve g = 0 in the plane z = 0.
fn core_g(x: f64, y: f64) -> f64 {
    smin(KC, (x + D).hypot(y) - R0, (x - D).hypot(y) - R0)
}

fn core_grad(x: f64, y: f64) -> (f64, f64) {
    let e = 1e-6;
    ((core_g(x + e, y) - core_g(x - e, y)) / (2.0 * e), (core_g(x, y + e) - core_g(x, y - e)) / (2.0 * e))
}

/// Half-width of the waist: the root of g(0, y) = 0.
fn waist() -> f64 {
    let (mut lo, mut hi) = (0.0, R0 + D);
    for _ in 0..100 {
        let mid = 0.5 * (lo + hi);
        if core_g(0.0, mid) < 0.0 { lo = mid } else { hi = mid }
    }
    0.5 * (lo + hi)
}

/// The implicit surface: tube around the core, smoothly joined to a bridge along the y axis.
struct Field {
    yc: f64,
}

impl Field {
    fn value(&self, p: DVec3) -> f64 {
        let g = core_g(p.x, p.y);
        let tube = g.hypot(p.z) - R;
        let bridge = (p.x * p.x + p.z * p.z + (p.y.abs() - self.yc).max(0.0).powi(2)).sqrt() - RB;
        smin(K, tube, bridge)
    }

    fn gradient(&self, p: DVec3) -> DVec3 {
        let e = 1e-6;
        let d = |v: DVec3| (self.value(p + v) - self.value(p - v)) / (2.0 * e);
        DVec3::new(d(DVec3::X * e), d(DVec3::Y * e), d(DVec3::Z * e))
    }

    fn newton(&self, mut p: DVec3, steps: usize) -> DVec3 {
        for _ in 0..steps {
            let g = self.gradient(p);
            p -= g * (self.value(p) / g.length_squared().max(1e-12));
        }
        p
    }

    /// The outward unit normal.
    fn normal(&self, p: DVec3) -> DVec3 {
        self.gradient(p).normalize()
    }
}

/// The core curve by arc length.
struct Core {
    s: Vec<f64>,
    psi: Vec<f64>,
    rho: Vec<f64>,
}

impl Core {
    fn new() -> Core {
        let n = 2048;
        let (mut s, mut psi, mut rho) = (Vec::new(), Vec::new(), Vec::new());
        let mut prev: Option<(f64, f64)> = None;
        let mut length = 0.0;
        for t in 0..=n {
            let a = -PI + TAU * f64::from(t) / f64::from(n);
            let mut r = R0 + D;
            for _ in 0..40 {
                r = Core::newton_radius(a, r);
            }
            let point = (r * a.cos(), r * a.sin());
            if let Some(q) = prev {
                length += (point.0 - q.0).hypot(point.1 - q.1);
            }
            prev = Some(point);
            s.push(length);
            psi.push(a);
            rho.push(r);
        }
        Core { s, psi, rho }
    }

    fn newton_radius(a: f64, r: f64) -> f64 {
        let (x, y) = (r * a.cos(), r * a.sin());
        let (gx, gy) = core_grad(x, y);
        let dg = gx * a.cos() + gy * a.sin();
        r - core_g(x, y) / dg
    }

    fn length(&self) -> f64 {
        *self.s.last().expect("table")
    }

    /// Point and unit normal of the core at `u` (fraction of its length, from the −x end, counter-clockwise).
    fn at(&self, u: f64) -> ((f64, f64), (f64, f64)) {
        let target = u.rem_euclid(1.0) * self.length();
        let i = self.s.partition_point(|&x| x < target).clamp(1, self.s.len() - 1);
        let f = (target - self.s[i - 1]) / (self.s[i] - self.s[i - 1]).max(1e-12);
        let a = self.psi[i - 1] + f * (self.psi[i] - self.psi[i - 1]);
        let mut r = self.rho[i - 1] + f * (self.rho[i] - self.rho[i - 1]);
        for _ in 0..3 {
            r = Core::newton_radius(a, r);
        }
        let (x, y) = (r * a.cos(), r * a.sin());
        let (gx, gy) = core_grad(x, y);
        let norm = gx.hypot(gy);
        ((x, y), (gx / norm, gy / norm))
    }

    /// The core point with a Gaussian-averaged normal (it keeps the waist's offset from folding).
    fn smoothed(&self, u: f64) -> ((f64, f64), (f64, f64)) {
        let (c, _) = self.at(u);
        let (mut nx, mut ny) = (0.0, 0.0);
        for step in 0..=8 {
            let j = -2.0 + 0.5 * f64::from(step);
            let w = (-j * j / 2.0).exp();
            let (_, n) = self.at(u + j / self.length());
            nx += w * n.0;
            ny += w * n.1;
        }
        let norm = nx.hypot(ny);
        (c, (nx / norm, ny / norm))
    }
}

/// Complex numbers, just what the Joukowski placement needs.
#[derive(Clone, Copy)]
struct C(f64, f64);

impl C {
    fn add(self, o: C) -> C {
        C(self.0 + o.0, self.1 + o.1)
    }
    fn mul(self, o: C) -> C {
        C(self.0 * o.0 - self.1 * o.1, self.0 * o.1 + self.1 * o.0)
    }
    fn abs(self) -> f64 {
        self.0.hypot(self.1)
    }
    fn arg(self) -> f64 {
        self.1.atan2(self.0)
    }
    fn sqrt(self) -> C {
        let (r, a) = (self.abs().sqrt(), self.arg() / 2.0);
        C(r * a.cos(), r * a.sin())
    }
    fn polar(r: f64, a: f64) -> C {
        C(r * a.cos(), r * a.sin())
    }
    fn inv(self) -> C {
        let d = self.0 * self.0 + self.1 * self.1;
        C(self.0 / d, -self.1 / d)
    }
}

struct Placement {
    core: Core,
}

impl Placement {
    fn tube(&self, x: f64, y: f64) -> DVec3 {
        let theta = PI - TAU * x / 9.0;
        let u = 0.25 + (y - 5.0) / 18.0;
        let ((cx, cy), (nx, ny)) = self.core.smoothed(u);
        DVec3::new(cx, cy, 0.0) + R * (theta.cos() * DVec3::new(nx, ny, 0.0) + theta.sin() * DVec3::Z)
    }

    fn f0(&self, x: f64, y: f64) -> DVec3 {
        let xw = x - 9.0 * (x / 9.0).round_ties_even();
        let xi = C(y - 5.0, xw);
        let zeta = xi.add(xi.add(C(-1.0, 0.0)).sqrt().mul(xi.add(C(1.0, 0.0)).sqrt()));
        if zeta.abs() >= 3.2 {
            return self.tube(xw, y);
        }
        let w = C::polar(3.2, zeta.arg());
        let xi2 = w.add(w.inv());
        let xi2 = C(xi2.0 / 2.0, xi2.1 / 2.0);
        let wall = self.tube(xi2.1, 5.0 + xi2.0);
        let b = zeta.arg() - PI / 2.0;
        let mid = DVec3::new(RB * b.cos(), 0.0, RB * b.sin());
        let t = zeta.abs().ln() / 3.2f64.ln();
        (1.0 - t) * mid + t * wall
    }

    fn f(&self, x: f64, ytot: f64) -> DVec3 {
        let y = (ytot - 0.5).rem_euclid(18.0) + 0.5;
        if y < 9.5 { rz(self.f0(x, y)) } else { self.f0(x, y - 9.0) }
    }
}

fn rz(p: DVec3) -> DVec3 {
    DVec3::new(-p.x, -p.y, p.z)
}
fn ry(p: DVec3) -> DVec3 {
    DVec3::new(-p.x, p.y, -p.z)
}
fn rx(p: DVec3) -> DVec3 {
    DVec3::new(p.x, -p.y, -p.z)
}

/// Flat torus coordinates of a point occurrence (cell, i, j) at subdivision `k`.
fn flat_coords(at: Coord, i: usize, j: usize, k: usize) -> (f64, f64) {
    let s = f64::from(at.chart);
    let x = f64::from(at.file) + i as f64 / k as f64;
    let yt = f64::from(at.rank) + j as f64 / k as f64 + s;
    let xc = f64::from(at.file) + 0.5;
    let yc = f64::from(at.rank) + 0.5 + s;
    let stair = if xc < 4.0 {
        4.0
    } else if xc < 5.0 {
        5.0
    } else {
        6.0
    };
    let off = if yc > stair { 0.0 } else { 9.0 } + 9.0 * s;
    let x = x + 1e-7 * (xc - x);
    let yt = yt + 1e-7 * (yc - yt);
    (x, yt + off)
}

/// Lattice data of the complex subdivided `k` times.
struct Lattice {
    k: usize,
    ids: Vec<Vec<u32>>,
    count: usize,
}

impl Lattice {
    fn new(complex: &Complex, k: usize) -> Lattice {
        let (ids, count) = identified_points(complex, k);
        Lattice { k, ids, count }
    }

    fn id(&self, c: usize, i: usize, j: usize) -> usize {
        self.ids[c][j * (self.k + 1) + i] as usize
    }

    /// The symmetric images of each vertex under ρ, Φ and ρΦ.
    fn symmetries(&self, complex: &Complex) -> [Vec<usize>; 3] {
        let k = self.k;
        let mut maps = [vec![0; self.count], vec![0; self.count], vec![0; self.count]];
        for cell in complex.cells() {
            let at = complex.coord(cell);
            let rho = |a: Coord| Coord {
                chart: 1 - a.chart,
                rank: if a.chart == 0 { (a.rank + 8) % 9 } else { (a.rank + 1) % 9 },
                ..a
            };
            let phi = |a: Coord| Coord { chart: 1 - a.chart, file: 8 - a.file, rank: 8 - a.rank };
            let index = |a: Coord| complex.cell_at(a).expect("on the board").index();
            for j in 0..=k {
                for i in 0..=k {
                    let v = self.id(cell.index(), i, j);
                    maps[0][v] = self.id(index(rho(at)), i, j);
                    maps[1][v] = self.id(index(phi(at)), k - i, k - j);
                    maps[2][v] = self.id(index(phi(rho(at))), k - i, k - j);
                }
            }
        }
        maps
    }
}

/// Vertex positions of the genus-two board at subdivision `k_out` (a power of two, ≥ 4), z-up,
/// with outward unit normals; vertex ids as [`identified_points`] numbers them.
pub fn genus2_vertices(complex: &Complex, k_out: usize) -> (Vec<DVec3>, Vec<DVec3>) {
    let field = Field { yc: waist() };
    let placement = Placement { core: Core::new() };
    // Initial placement at k = 2, mean over occurrences, projected.
    let coarse = Lattice::new(complex, 2);
    let mut sum = vec![(DVec3::ZERO, 0.0); coarse.count];
    for cell in complex.cells() {
        let at = complex.coord(cell);
        for j in 0..=2 {
            for i in 0..=2 {
                let (x, y) = flat_coords(at, i, j, 2);
                let v = coarse.id(cell.index(), i, j);
                sum[v].0 += placement.f(x, y);
                sum[v].1 += 1.0;
            }
        }
    }
    let mut p: Vec<DVec3> = sum.iter().map(|(s, n)| field.newton(*s / *n, 6)).collect();
    relax(complex, &coarse, &field, &mut p, 150);
    let mut lattice = coarse;
    while lattice.k < k_out {
        let (fine, fine_p) = refine(complex, &lattice, &field, &p);
        lattice = fine;
        p = fine_p;
        if lattice.k == 4 {
            relax(complex, &lattice, &field, &mut p, 30);
        }
    }
    let normals = p.iter().map(|&q| field.normal(q)).collect();
    (p, normals)
}

/// Area-cubed-weighted Jacobi relaxation in the tangent plane, projected, symmetrised.
fn relax(complex: &Complex, lattice: &Lattice, field: &Field, p: &mut [DVec3], iterations: usize) {
    let k = lattice.k;
    let sym = lattice.symmetries(complex);
    for _ in 0..iterations {
        let mut acc = vec![(DVec3::ZERO, 0.0); p.len()];
        for cell in complex.cells() {
            for j in 0..k {
                for i in 0..k {
                    let q =
                        [(i, j), (i + 1, j), (i + 1, j + 1), (i, j + 1)].map(|(a, b)| lattice.id(cell.index(), a, b));
                    let [a, b, c, d] = q.map(|v| p[v]);
                    let area = (c - a).cross(d - b).length() / 2.0;
                    let w = area * area * area;
                    let centre = (a + b + c + d) / 4.0;
                    for v in q {
                        acc[v].0 += w * centre;
                        acc[v].1 += w;
                    }
                }
            }
        }
        let moved: Vec<DVec3> = p
            .iter()
            .zip(&acc)
            .map(|(&q, &(s, w))| {
                let target = s / w.max(1e-300);
                let n = field.normal(q);
                let mut d = target - q;
                d -= d.dot(n) * n;
                field.newton(q + 0.5 * d, 1)
            })
            .collect();
        for v in 0..p.len() {
            p[v] = (moved[v] + rz(moved[sym[0][v]]) + ry(moved[sym[1][v]]) + rx(moved[sym[2][v]])) / 4.0;
        }
    }
}

/// Doubles the subdivision: new points are means of the coarse corners around them, projected.
fn refine(complex: &Complex, coarse: &Lattice, field: &Field, p: &[DVec3]) -> (Lattice, Vec<DVec3>) {
    let fine = Lattice::new(complex, coarse.k * 2);
    let mut sum = vec![(DVec3::ZERO, 0.0); fine.count];
    for cell in complex.cells() {
        for j in 0..=fine.k {
            for i in 0..=fine.k {
                let is = [i / 2, i.div_ceil(2)];
                let js = [j / 2, j.div_ceil(2)];
                let mut mean = DVec3::ZERO;
                for a in is {
                    for b in js {
                        mean += p[coarse.id(cell.index(), a, b)];
                    }
                }
                let v = fine.id(cell.index(), i, j);
                sum[v].0 += mean / 4.0;
                sum[v].1 += 1.0;
            }
        }
    }
    let positions = sum.iter().map(|(s, n)| field.newton(*s / *n, 4)).collect();
    (fine, positions)
}
