//! The flat boards whose edges wrap: the cylinder (east and west glued straight), the torus (both
//! pairs straight) and the real projective plane (both pairs glued reversed).

use super::{inside, twisted_side};
use crate::complex::{Chart, Complex, Coord};
use crate::frame::{Dir, Frame};

/// East of the last file at rank r is the first file at rank r.
fn straight_side(at: Coord, d: Dir, width: u8) -> Option<Coord> {
    let file = match d {
        Dir::East if at.file + 1 == width => 0,
        Dir::West if at.file == 0 => width - 1,
        _ => return None,
    };
    Some(Coord { file, ..at })
}

/// North of the last rank at file f is the first rank at file f.
fn straight_ends(at: Coord, d: Dir, height: u8) -> Option<Coord> {
    let rank = match d {
        Dir::North if at.rank + 1 == height => 0,
        Dir::South if at.rank == 0 => height - 1,
        _ => return None,
    };
    Some(Coord { rank, ..at })
}

/// North of the last rank at file f is the first rank at file `width − 1 − f`.
fn reversed_ends(at: Coord, d: Dir, width: u8, height: u8) -> Option<Coord> {
    straight_ends(at, d, height).map(|to| Coord { file: width - 1 - at.file, ..to })
}

/// A cylinder `width` files around and `height` ranks along: east of the last file is the first,
/// rank kept; the first and last ranks are boundary.
pub fn cylinder(width: u8, height: u8) -> Complex {
    Complex::build(vec![Chart::plain(width, height)], |at, d| {
        inside(at, d, width, height).or_else(|| straight_side(at, d, width)).map(|to| (to, Frame::IDENTITY))
    })
    .expect("a cylinder is a valid complex")
}

/// A flat torus: both pairs of edges glued straight.
pub fn torus(width: u8, height: u8) -> Complex {
    Complex::build(vec![Chart::plain(width, height)], |at, d| {
        inside(at, d, width, height)
            .or_else(|| straight_side(at, d, width))
            .or_else(|| straight_ends(at, d, height))
            .map(|to| (to, Frame::IDENTITY))
    })
    .expect("a torus is a valid complex")
}

/// The real projective plane: both pairs of edges glued reversed (east of the last file at rank r
/// is the first file at rank `height − 1 − r`; north of the last rank at file f is the first rank
/// at file `width − 1 − f`), each seam a reflection.
pub fn projective(width: u8, height: u8) -> Complex {
    Complex::build(vec![Chart::plain(width, height)], |at, d| {
        if let Some(to) = inside(at, d, width, height) {
            return Some((to, Frame::IDENTITY));
        }
        if let Some(to) = twisted_side(at, d, width, height) {
            return Some((to, Frame::FLIP_VERTICAL));
        }
        reversed_ends(at, d, width, height).map(|to| (to, Frame::FLIP_HORIZONTAL))
    })
    .expect("the projective plane is a valid complex")
}
