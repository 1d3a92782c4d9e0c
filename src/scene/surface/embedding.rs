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
    }
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
