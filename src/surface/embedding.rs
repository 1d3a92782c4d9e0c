//! Closed-form embeddings of the single-chart boards: a chart point `(X, Y)` (files and ranks,
//! in cell units from the chart's south-west corner) to a point in space (Bevy: y up).

use bevy::math::DVec3;
use surface_chess_rules::Variant;

/// Radius of the Möbius strips' centre circle and half their width.
const MOBIUS: (f64, f64) = (3.2, 2.3);
const ENDLESS: (f64, f64) = (2.6, 2.0);

/// Where a chart point lies, for boards with a closed-form embedding (all but genus two).
pub fn chart_point(variant: Variant, x: f64, y: f64) -> DVec3 {
    match variant {
        Variant::Mobius => mobius(x / 10.0, (y - 4.5) / 4.5, MOBIUS),
        Variant::Endless => mobius(x / 8.0, (y - 4.0) / 4.0, ENDLESS),
        Variant::Klein => klein(x, y),
        Variant::Chess | Variant::Genus2 => DVec3::new(x - 4.0, 0.0, 4.0 - y),
    }
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

/// File boundaries in the bottle's parameter `u` (equal-area columns): the neck is file i.
const KLEIN_U: [f64; 10] = [0.0, 0.426, 0.587, 0.712, 0.834, 0.992, 1.234, 1.505, 2.007, std::f64::consts::PI];

/// The classic bottle immersion: files along the bottle (`u`, the reflected direction), ranks
/// around it (`v`). With `v = (Y − 4.5)π/9` the bottle's own seam `(π, v) ~ (0, π − v)` is the
/// rules' side rule r ↦ 19 − r, and ranks wrap after 18.
fn klein(x: f64, y: f64) -> DVec3 {
    let file = (x.floor() as usize).min(8);
    let u = KLEIN_U[file] + (x - file as f64) * (KLEIN_U[file + 1] - KLEIN_U[file]);
    let v = (y - 4.5) * std::f64::consts::PI / 9.0;
    let (cu, su, cv, sv) = (u.cos(), u.sin(), v.cos(), v.sin());
    let c2 = cu * cu;
    let c4 = c2 * c2;
    let c6 = c4 * c2;
    let px = -2.0 / 15.0 * cu * (3.0 * cv - 30.0 * su + 90.0 * c4 * su - 60.0 * c6 * su + 5.0 * cu * cv * su);
    let py = -1.0 / 15.0
        * su
        * (3.0 * cv - 3.0 * c2 * cv - 48.0 * c4 * cv + 48.0 * c6 * cv - 60.0 * su + 5.0 * cu * cv * su
            - 5.0 * c2 * cu * cv * su
            - 80.0 * c4 * cu * cv * su
            + 80.0 * c6 * cu * cv * su);
    let pz = 2.0 / 15.0 * (3.0 + 5.0 * cu * su) * sv;
    // Standing as in the classic picture: the formula's y is up (the seam circle at the bottom),
    // centred and scaled to about the size of the other boards.
    DVec3::new(px - 0.15, py - 2.1, pz) * 1.8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn side_seams_match_the_rules() {
        for y in 0..=9 {
            let y = f64::from(y);
            let east = chart_point(Variant::Mobius, 10.0, y);
            let west = chart_point(Variant::Mobius, 0.0, 9.0 - y);
            assert!(east.distance(west) < 1e-9, "Möbius: (10, {y}) ~ (0, {})", 9.0 - y);
        }
        for y in 0..=18 {
            let y = f64::from(y);
            let east = chart_point(Variant::Klein, 9.0, y);
            let west = chart_point(Variant::Klein, 0.0, 18.0 - y);
            assert!(east.distance(west) < 1e-9, "Klein: (9, {y}) ~ (0, {})", 18.0 - y);
            let wrapped = chart_point(Variant::Klein, 4.3, y + 18.0);
            assert!(wrapped.distance(chart_point(Variant::Klein, 4.3, y)) < 1e-9, "ranks wrap");
        }
    }
}
