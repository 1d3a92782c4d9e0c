//! The sphere as the surface of a cube: six `n × n` faces, each a chart. A step off a face's edge
//! goes over the cube's edge onto the face it meets, the direction of travel turning down that
//! face; at each of the eight corners three squares meet.

use crate::complex::{Chart, Complex, Coord};
use crate::frame::{Frame, Vector};

/// A vector of three integers.
type V3 = [i32; 3];

fn add(a: V3, b: V3) -> V3 {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

fn scale(k: i32, a: V3) -> V3 {
    a.map(|x| k * x)
}

fn dot(a: V3, b: V3) -> i32 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

const X: V3 = [1, 0, 0];
const Y: V3 = [0, 1, 0];
const Z: V3 = [0, 0, 1];

fn neg(a: V3) -> V3 {
    scale(-1, a)
}

/// Each face's outward normal and its chart's file and rank axes (files × ranks = normal, so
/// every chart is oriented alike, seen from outside): I on top (+z); II, III, IV, V a belt round the
/// sides, files running east from one face to the next and ranks up; VI underneath. The mirror in
/// the middle plane (z ↦ −z) swaps I and VI and keeps each side face, and in every chart it keeps
/// the file and reverses the rank: the sphere's player exchange.
const FACES: [(V3, V3, V3); 6] = [
    ([0, 0, 1], X, Y),
    ([1, 0, 0], Y, Z),
    ([0, 1, 0], [-1, 0, 0], Z),
    ([-1, 0, 0], [0, -1, 0], Z),
    ([0, -1, 0], X, Z),
    ([0, 0, -1], X, [0, -1, 0]),
];

/// The face labels, in [`FACES`] order: roman numerals like genus two's charts (letters would
/// read as pieces).
const LABELS: [&str; 6] = ["I", "II", "III", "IV", "V", "VI"];

/// Face `chart`'s outward normal and its file and rank axes, as unit vectors of the cube's space
/// (z up): where a drawing puts the face.
pub fn cube_face(chart: u8) -> Option<[[i32; 3]; 3]> {
    FACES.get(usize::from(chart)).map(|&(normal, u, v)| [normal, u, v])
}

/// The surface of a cube with `n × n` cells on each face.
pub fn cube(n: u8) -> Complex {
    let n = i32::from(n);
    let face = |normal: V3| FACES.iter().position(|f| f.0 == normal).expect("every axis direction is a face") as u8;
    // Cell centres in doubled coordinates: the cube spans −n..n on each axis.
    let centre = |f: usize, file: i32, rank: i32| {
        let (normal, u, v) = FACES[f];
        add(add(scale(n, normal), scale(2 * file + 1 - n, u)), scale(2 * rank + 1 - n, v))
    };
    let charts = LABELS.iter().map(|&l| Chart { label: Some(l), width: n as u8, height: n as u8 }).collect();
    Complex::build(charts, |at, d| {
        let f = usize::from(at.chart);
        let (normal, u, v) = FACES[f];
        let step = d.vector();
        let along = add(scale(i32::from(step.x), u), scale(i32::from(step.y), v));
        let (file, rank) = (i32::from(at.file) + i32::from(step.x), i32::from(at.rank) + i32::from(step.y));
        if (0..n).contains(&file) && (0..n).contains(&rank) {
            return Some((Coord { chart: at.chart, file: file as u8, rank: rank as u8 }, Frame::IDENTITY));
        }
        // Over the edge: half a cell to it, half a cell down the next face.
        let here = centre(f, i32::from(at.file), i32::from(at.rank));
        let there = add(add(here, along), neg(normal));
        let g = face(along);
        let (_, gu, gv) = FACES[usize::from(g)];
        let to =
            Coord { chart: g, file: ((dot(there, gu) + n - 1) / 2) as u8, rank: ((dot(there, gv) + n - 1) / 2) as u8 };
        // A tangent vector along the edge is kept; the direction of travel turns down the face.
        let carry = |t: V3| {
            if t == along {
                neg(normal)
            } else if t == neg(along) {
                normal
            } else {
                t
            }
        };
        let image = |t: V3| Vector::new(dot(carry(t), gu) as i8, dot(carry(t), gv) as i8);
        let (ex, ey) = (image(u), image(v));
        let frame =
            Frame::ALL.into_iter().find(|fr| fr.apply(Vector::new(1, 0)) == ex && fr.apply(Vector::new(0, 1)) == ey);
        Some((to, frame.expect("the turn over an edge is in D4")))
    })
    .expect("the cube is a valid complex")
}
