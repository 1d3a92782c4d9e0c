//! Closed-form embeddings: a chart point `(X, Y)` (files and ranks, in cell units from the chart's
//! south-west corner) to a point in space (Bevy: y up): the single-chart boards, and the stacked
//! levels (one horizontal plane per chart).

use super::klein::Bottle;
use super::look::{Shape, look};
use bevy::math::DVec3;
use std::sync::OnceLock;
use surface_chess_rules::Variant;

/// Where a point of chart `chart` lies, for boards with a closed-form embedding (all but genus
/// two, which is laid in the plane here).
pub fn chart_point(variant: Variant, chart: u8, x: f64, y: f64) -> DVec3 {
    let charts = variant.rules().complex.charts();
    let (w, h) = (f64::from(charts[usize::from(chart)].width), f64::from(charts[usize::from(chart)].height));
    match look(variant).shape {
        Shape::Band { radius, half_width } => mobius(x / w, (y - h / 2.0) / (h / 2.0), (radius, half_width)),
        Shape::Bottle => klein(x, y),
        Shape::Levels { spacing } => DVec3::new(x - w / 2.0, level_height(charts.len(), chart, spacing), h / 2.0 - y),
        Shape::Plane | Shape::DoubleTorus => DVec3::new(x - w / 2.0, 0.0, h / 2.0 - y),
        Shape::Tube { radius, length } => tube(x / w, y / h, radius, length),
        Shape::Ring { radius, tube, long: false } => ring(x / w, y / h, radius, tube, 0.25),
        // Files run the other way round the tube, so that the outside stays the outside.
        Shape::Ring { radius, tube, long: true } => ring(y / h, 1.0 - x / w, radius, tube, 0.5),
        Shape::Cube { inflation } => cube(chart, x / w, y / h, w, inflation),
        Shape::Boy { scale } => boy(2.0 * x / w - 1.0, 2.0 * y / h - 1.0) * scale,
    }
}

/// The upright tube: `t` ∈ [0, 1) round, `s` ∈ [0, 1] from the top rim down.
fn tube(t: f64, s: f64, radius: f64, length: f64) -> DVec3 {
    let u = std::f64::consts::TAU * t;
    DVec3::new(radius * u.cos(), radius * u.sin(), length * (0.5 - s))
}

/// The ring: `t` ∈ [0, 1) round the hole, `s` ∈ [0, 1) round the tube, `top` of the way round
/// on top (a quarter: between ranks 2 and 3, White's camp on the 8 × 8 torus).
fn ring(t: f64, s: f64, radius: f64, tube: f64, top: f64) -> DVec3 {
    let (u, v) = (std::f64::consts::TAU * t, std::f64::consts::FRAC_PI_2 + std::f64::consts::TAU * (s - top));
    let r = radius + tube * v.cos();
    DVec3::new(r * u.cos(), r * u.sin(), tube * v.sin())
}

/// Face `chart` of the cube, `(t, s)` ∈ [0, 1]² across it, `n` cells a side, blown up by
/// `inflation` towards the sphere through its corners.
fn cube(chart: u8, t: f64, s: f64, n: f64, inflation: f64) -> DVec3 {
    let [normal, u, v] = surface_chess_rules::surfaces::cube_face(chart)
        .unwrap_or([[0, 0, 1], [1, 0, 0], [0, 1, 0]])
        .map(|a| DVec3::new(f64::from(a[0]), f64::from(a[1]), f64::from(a[2])));
    let p = (normal + u * (2.0 * t - 1.0) + v * (2.0 * s - 1.0)) * (n / 2.0);
    p.lerp(p.normalize() * (n / 2.0) * 3f64.sqrt(), inflation)
}

/// Boy's surface (Bryant and Kusner's parametrisation) at the point `(a, b)` of the square
/// [−1, 1]²: the square is drawn radially onto the disk, whose opposite boundary points the
/// parametrisation identifies, as the rules glue opposite edges reversed. The radius is raised
/// to the power 0.8, which evens the cells' areas without folding a cell (0.7 folds two).
fn boy(a: f64, b: f64) -> DVec3 {
    let length = a.hypot(b);
    if length == 0.0 {
        return boy_disk(0.0, 0.0);
    }
    let radius = a.abs().max(b.abs()).powf(0.8);
    // Turned a twelfth of a turn, so that no self-intersection runs through a camp.
    let (sin, cos) = (std::f64::consts::PI / 6.0).sin_cos();
    let (x, y) = (a / length * radius, b / length * radius);
    boy_disk(x * cos - y * sin, x * sin + y * cos)
}

/// Bryant and Kusner's Boy's surface at the point `x + iy` of the closed unit disk.
fn boy_disk(x: f64, y: f64) -> DVec3 {
    // Complex arithmetic on pairs.
    let mul = |(a, b): (f64, f64), (c, d): (f64, f64)| (a * c - b * d, a * d + b * c);
    let div = |(a, b): (f64, f64), (c, d): (f64, f64)| {
        let n = c * c + d * d;
        ((a * c + b * d) / n, (b * c - a * d) / n)
    };
    let w = (x, y);
    let w2 = mul(w, w);
    let w3 = mul(w2, w);
    let w4 = mul(w2, w2);
    let w6 = mul(w3, w3);
    let denominator = (w6.0 + 5f64.sqrt() * w3.0 - 1.0, w6.1 + 5f64.sqrt() * w3.1);
    let g1 = -1.5 * div(mul(w, (1.0 - w4.0, -w4.1)), denominator).1;
    let g2 = -1.5 * div(mul(w, (1.0 + w4.0, w4.1)), denominator).0;
    let g3 = div((1.0 + w6.0, w6.1), denominator).1 - 0.5;
    let g = g1 * g1 + g2 * g2 + g3 * g3;
    DVec3::new(g1, g2, g3) / g
}

/// The height of level `chart` of `count` levels stacked `spacing` apart, the middle at 0: the
/// bottom level first (chart 0 is level 1). Rank 1 lies towards White, who sits on the near side
/// of the home view; the files run left to right from there.
pub fn level_height(count: usize, chart: u8, spacing: f64) -> f64 {
    (f64::from(chart) - (count as f64 - 1.0) / 2.0) * spacing
}

/// The Möbius band: `t` ∈ [0, 1) around, `s` ∈ [−1, 1] across. One turn later the band comes
/// back with `s` reversed, which is the rules' rank reversal r ↦ H + 1 − r.
///
/// The band turns on edge across the seam (files a and j) and lies flat across the middle files,
/// where both camps start: seen from outside, White's first rank is the near edge.
fn mobius(t: f64, s: f64, (radius, half_width): (f64, f64)) -> DVec3 {
    let u = std::f64::consts::TAU * t;
    let v = s * half_width;
    let tilt = u / 2.0 + std::f64::consts::FRAC_PI_2;
    let r = radius + v * tilt.cos();
    DVec3::new(r * u.cos(), v * tilt.sin(), r * u.sin())
}

/// The Klein bottle, built once for the chart points asked one at a time (`Surface::new` builds
/// its own).
fn klein(x: f64, y: f64) -> DVec3 {
    static BOTTLE: OnceLock<Bottle> = OnceLock::new();
    BOTTLE.get_or_init(Bottle::new).point(x, y)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn side_seams_match_the_rules() {
        for y in 0..=9 {
            let y = f64::from(y);
            let east = chart_point(Variant::Mobius, 0, 10.0, y);
            let west = chart_point(Variant::Mobius, 0, 0.0, 9.0 - y);
            assert!(east.distance(west) < 1e-9, "Möbius: (10, {y}) ~ (0, {})", 9.0 - y);
        }
        for y in 0..=18 {
            let y = f64::from(y);
            let east = chart_point(Variant::Klein, 0, 9.0, y);
            let west = chart_point(Variant::Klein, 0, 0.0, 18.0 - y);
            assert!(east.distance(west) < 1e-9, "Klein: (9, {y}) ~ (0, {})", 18.0 - y);
            let wrapped = chart_point(Variant::Klein, 0, 4.3, y + 18.0);
            assert!(wrapped.distance(chart_point(Variant::Klein, 0, 4.3, y)) < 1e-9, "ranks wrap");
        }
    }
}
