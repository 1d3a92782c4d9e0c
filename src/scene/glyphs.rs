//! A small stroke font for text drawn as geometry (cell names on the surface, the chart's
//! coordinates and piece letters): the file letters a–j, the digits, `I` and `V` (the charts'
//! roman numerals), the piece letters
//! K Q R B N P, the facing arrows ↑ ↓ and the levels' letters α β γ, as polylines on a grid 4 units wide with the baseline
//! at 0, capitals and digits 6 units high and descenders to −2. Strokes become thin quads, as
//! sharp as the mesh they lie on, with no texture or font rasteriser involved.

use bevy::asset::RenderAssetUsages;
use bevy::math::{Vec2, Vec3};
use bevy::mesh::{Indices, Mesh};
use bevy::render::render_resource::PrimitiveTopology;

/// One stroke: points joined in order.
pub type Stroke = &'static [(f32, f32)];

/// Width of a glyph's box; the advance adds a gap of 1.6 units.
pub const WIDTH: f32 = 4.0;
/// Horizontal distance from one glyph to the next.
pub const ADVANCE: f32 = 5.6;
/// Lowest and highest y a glyph reaches.
pub const DESCENT: f32 = -2.0;
pub const ASCENT: f32 = 6.0;

/// The full-height oval of 0 and Q.
const OVAL: Stroke =
    &[(1.0, 0.0), (3.0, 0.0), (4.0, 1.0), (4.0, 5.0), (3.0, 6.0), (1.0, 6.0), (0.0, 5.0), (0.0, 1.0), (1.0, 0.0)];

/// The loop of P, R and B.
const LOOP: Stroke = &[(0.0, 0.0), (0.0, 6.0), (3.0, 6.0), (4.0, 5.0), (4.0, 4.0), (3.0, 3.0), (0.0, 3.0)];

const BOWL: Stroke = &[(4.0, 3.0), (3.0, 4.0), (1.0, 4.0), (0.0, 3.0), (0.0, 1.0), (1.0, 0.0), (3.0, 0.0), (4.0, 1.0)];

/// The strokes of a character, or `None` if the font lacks it.
pub fn strokes(c: char) -> Option<&'static [Stroke]> {
    Some(match c {
        'a' => &[BOWL, &[(4.0, 4.0), (4.0, 0.0)]],
        'b' => &[
            &[(0.0, 6.0), (0.0, 0.0)],
            &[(0.0, 3.0), (1.0, 4.0), (3.0, 4.0), (4.0, 3.0), (4.0, 1.0), (3.0, 0.0), (1.0, 0.0), (0.0, 1.0)],
        ],
        'c' => &[BOWL],
        'd' => &[BOWL, &[(4.0, 6.0), (4.0, 0.0)]],
        'e' => &[&[
            (0.0, 2.0),
            (4.0, 2.0),
            (4.0, 3.0),
            (3.0, 4.0),
            (1.0, 4.0),
            (0.0, 3.0),
            (0.0, 1.0),
            (1.0, 0.0),
            (3.5, 0.0),
        ]],
        'f' => &[&[(3.5, 6.0), (2.5, 6.0), (1.5, 5.0), (1.5, 0.0)], &[(0.0, 4.0), (3.0, 4.0)]],
        'g' => &[BOWL, &[(4.0, 4.0), (4.0, -1.0), (3.0, -2.0), (1.0, -2.0), (0.0, -1.0)]],
        'h' => &[&[(0.0, 6.0), (0.0, 0.0)], &[(0.0, 3.0), (1.0, 4.0), (3.0, 4.0), (4.0, 3.0), (4.0, 0.0)]],
        'i' => &[&[(2.0, 4.0), (2.0, 0.0)], &[(2.0, 5.3), (2.0, 6.0)]],
        'j' => &[&[(2.5, 4.0), (2.5, -1.0), (1.5, -2.0), (0.5, -2.0)], &[(2.5, 5.3), (2.5, 6.0)]],
        'K' => &[&[(0.0, 0.0), (0.0, 6.0)], &[(4.0, 6.0), (0.0, 2.5)], &[(1.3, 3.6), (4.0, 0.0)]],
        'Q' => &[OVAL, &[(2.4, 1.6), (4.0, -0.6)]],
        'R' => &[LOOP, &[(2.0, 3.0), (4.0, 0.0)]],
        'B' => &[LOOP, &[(3.0, 3.0), (4.0, 2.0), (4.0, 1.0), (3.0, 0.0), (0.0, 0.0)]],
        'N' => &[&[(0.0, 0.0), (0.0, 6.0), (4.0, 0.0), (4.0, 6.0)]],
        'P' => &[LOOP],
        '↑' => &[&[(2.0, 0.0), (2.0, 6.0)], &[(0.4, 4.4), (2.0, 6.0), (3.6, 4.4)]],
        '↓' => &[&[(2.0, 6.0), (2.0, 0.0)], &[(0.4, 1.6), (2.0, 0.0), (3.6, 1.6)]],
        'I' => &[&[(2.0, 0.0), (2.0, 6.0)], &[(1.0, 0.0), (3.0, 0.0)], &[(1.0, 6.0), (3.0, 6.0)]],
        'V' => &[&[(0.0, 6.0), (2.0, 0.0), (4.0, 6.0)]],
        'α' => &[&[
            (4.0, 4.0),
            (3.0, 1.0),
            (2.0, 0.0),
            (1.0, 0.0),
            (0.0, 1.0),
            (0.0, 3.0),
            (1.0, 4.0),
            (2.0, 4.0),
            (3.0, 3.0),
            (4.0, 0.0),
        ]],
        'β' => &[
            &[(0.0, -2.0), (0.0, 5.0), (1.0, 6.0), (3.0, 6.0), (4.0, 5.0), (4.0, 4.0), (3.0, 3.0), (1.5, 3.0)],
            &[(3.0, 3.0), (4.0, 2.0), (4.0, 1.0), (3.0, 0.0), (1.0, 0.0), (0.0, 1.0)],
        ],
        'γ' => {
            &[&[(0.0, 4.0), (2.0, 0.5), (4.0, 4.0)], &[(2.0, 0.5), (2.6, -1.0), (2.0, -2.0), (1.4, -1.0), (2.0, 0.5)]]
        }
        '0' => &[OVAL],
        '1' => &[&[(1.0, 5.0), (2.0, 6.0), (2.0, 0.0)], &[(1.0, 0.0), (3.0, 0.0)]],
        '2' => &[&[(0.0, 5.0), (1.0, 6.0), (3.0, 6.0), (4.0, 5.0), (4.0, 4.0), (0.0, 0.0), (4.0, 0.0)]],
        '3' => &[
            &[(0.0, 5.0), (1.0, 6.0), (3.0, 6.0), (4.0, 5.0), (4.0, 4.0), (3.0, 3.0), (1.5, 3.0)],
            &[(3.0, 3.0), (4.0, 2.0), (4.0, 1.0), (3.0, 0.0), (1.0, 0.0), (0.0, 1.0)],
        ],
        '4' => &[&[(3.0, 0.0), (3.0, 6.0), (0.0, 2.0), (4.0, 2.0)]],
        '5' => &[&[
            (4.0, 6.0),
            (0.0, 6.0),
            (0.0, 3.5),
            (3.0, 3.5),
            (4.0, 2.5),
            (4.0, 1.0),
            (3.0, 0.0),
            (1.0, 0.0),
            (0.0, 1.0),
        ]],
        '6' => &[&[
            (3.5, 6.0),
            (2.0, 6.0),
            (0.0, 4.0),
            (0.0, 1.0),
            (1.0, 0.0),
            (3.0, 0.0),
            (4.0, 1.0),
            (4.0, 2.5),
            (3.0, 3.5),
            (1.0, 3.5),
            (0.0, 2.5),
        ]],
        '7' => &[&[(0.0, 6.0), (4.0, 6.0), (1.5, 0.0)]],
        '8' => &[&[
            (1.0, 3.0),
            (0.0, 4.0),
            (0.0, 5.0),
            (1.0, 6.0),
            (3.0, 6.0),
            (4.0, 5.0),
            (4.0, 4.0),
            (3.0, 3.0),
            (1.0, 3.0),
            (0.0, 2.0),
            (0.0, 1.0),
            (1.0, 0.0),
            (3.0, 0.0),
            (4.0, 1.0),
            (4.0, 2.0),
            (3.0, 3.0),
        ]],
        '9' => &[&[
            (0.5, 0.0),
            (2.0, 0.0),
            (4.0, 2.0),
            (4.0, 5.0),
            (3.0, 6.0),
            (1.0, 6.0),
            (0.0, 5.0),
            (0.0, 3.5),
            (1.0, 2.5),
            (3.0, 2.5),
            (4.0, 3.5),
        ]],
        _ => return None,
    })
}

/// The stroke segments of a line of text in font units, glyph after glyph from x = 0 (characters
/// the font lacks leave a gap).
pub fn text_segments(text: &str) -> Vec<(Vec2, Vec2)> {
    let mut out = Vec::new();
    for (n, c) in text.chars().enumerate() {
        let pen = n as f32 * ADVANCE;
        for stroke in strokes(c).unwrap_or_default() {
            for pair in stroke.windows(2) {
                let at = |(x, y): (f32, f32)| Vec2::new(pen + x, y);
                out.push((at(pair[0]), at(pair[1])));
            }
        }
    }
    out
}

/// The width of a line of text in font units.
pub fn text_width(text: &str) -> f32 {
    let n = text.chars().count() as f32;
    if n == 0.0 { 0.0 } else { (n - 1.0) * ADVANCE + WIDTH }
}

/// A segment from `a` to `b` as a quad `2·half` wide facing along `normal`, with square caps so
/// that the segments of a polyline join without gaps; counter-clockwise seen from `normal`.
pub fn push_stroke(a: Vec3, b: Vec3, normal: Vec3, half: f32, positions: &mut Vec<Vec3>, indices: &mut Vec<u32>) {
    let along = (b - a).normalize_or_zero();
    let across = normal.cross(along).normalize_or_zero() * half;
    let (a, b) = (a - along * half, b + along * half);
    let base = positions.len() as u32;
    positions.extend([a - across, b - across, b + across, a + across]);
    indices.extend([base, base + 1, base + 2, base, base + 2, base + 3]);
}

/// A triangle mesh from stroke quads.
pub fn stroke_mesh(positions: &[Vec3], indices: Vec<u32>) -> Mesh {
    Mesh::new(PrimitiveTopology::TriangleList, RenderAssetUsages::default())
        .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions.iter().map(|p| p.to_array()).collect::<Vec<_>>())
        .with_inserted_indices(Indices::U32(indices))
}

/// A line of text in the xy plane facing +z, `height` tall from baseline to cap height, centred
/// on the origin.
pub fn flat_text_mesh(text: &str, height: f32) -> Mesh {
    let (mut positions, mut indices) = (Vec::new(), Vec::new());
    push_flat_text(text, Vec2::ZERO, height, &mut positions, &mut indices);
    stroke_mesh(&positions, indices)
}

/// Adds a line of text in the xy plane facing +z, `height` tall, centred on `at`.
pub fn push_flat_text(text: &str, at: Vec2, height: f32, positions: &mut Vec<Vec3>, indices: &mut Vec<u32>) {
    let scale = height / ASCENT;
    let centre = Vec2::new(text_width(text), ASCENT) / 2.0;
    for (a, b) in text_segments(text) {
        let place = |p: Vec2| (at + (p - centre) * scale).extend(0.0);
        push_stroke(place(a), place(b), Vec3::Z, 0.5 * STROKE * scale, positions, indices);
    }
}

/// Stroke width in font units.
pub const STROKE: f32 = 0.85;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glyphs_stay_in_their_box() {
        for c in "abcdefghijIV0123456789KQRBNP↑↓αβγ".chars() {
            let strokes = strokes(c).unwrap_or_else(|| panic!("no glyph for {c}"));
            for stroke in strokes {
                assert!(stroke.len() >= 2, "{c}: a stroke needs two points");
                for &(x, y) in *stroke {
                    assert!((0.0..=WIDTH).contains(&x) && (DESCENT..=ASCENT).contains(&y), "{c}: ({x}, {y})");
                }
            }
        }
        assert!(strokes('z').is_none());
    }

    #[test]
    fn every_cell_name_and_chart_label_has_its_glyphs() {
        for v in surface_chess_rules::Variant::ALL {
            let complex = &v.rules().complex;
            let names = complex.cells().map(|c| complex.name(c));
            let labels = complex.charts().iter().filter_map(|chart| chart.label.map(str::to_string));
            for text in names.chain(labels) {
                assert!(text.chars().all(|c| c == ':' || strokes(c).is_some()), "{v}: {text}");
            }
        }
    }
}

#[cfg(test)]
mod text_tests {
    use super::*;

    #[test]
    fn text_runs_left_to_right_and_centres() {
        let segments = text_segments("a1");
        assert!(segments.iter().any(|(a, _)| a.x >= ADVANCE), "the second glyph starts one advance on");
        assert_eq!(text_width("a1"), ADVANCE + WIDTH);
        let mesh = flat_text_mesh("K", 1.0);
        let positions = mesh.attribute(Mesh::ATTRIBUTE_POSITION).and_then(|a| a.as_float3()).unwrap();
        let (lo, hi) = positions.iter().fold((f32::MAX, f32::MIN), |(lo, hi), p| (lo.min(p[0]), hi.max(p[0])));
        assert!((lo + hi).abs() < 1e-4, "centred: {lo} .. {hi}");
        assert!(positions.iter().all(|p| p[2] == 0.0));
    }
}
