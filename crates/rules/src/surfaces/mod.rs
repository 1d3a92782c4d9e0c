//! The boards' cell complexes, built from their gluing rules (and the stacked levels of the
//! three-level variants, whose charts are not glued).

mod cube;
mod flat;
mod genus2;
mod klein;
mod levels;
mod mobius;
mod wrapped;

pub use cube::{cube, cube_face};
pub use flat::flat;
pub use genus2::genus2;
pub use klein::klein;
pub use levels::levels;
pub use mobius::mobius;
pub use wrapped::{cylinder, projective, torus};

use crate::complex::Coord;
use crate::frame::Dir;

/// The in-chart neighbour, or `None` off the chart's edge.
fn inside(at: Coord, d: Dir, width: u8, height: u8) -> Option<Coord> {
    let v = d.vector();
    let file = i16::from(at.file) + i16::from(v.x);
    let rank = i16::from(at.rank) + i16::from(v.y);
    ((0..i16::from(width)).contains(&file) && (0..i16::from(height)).contains(&rank)).then_some(Coord {
        chart: at.chart,
        file: file as u8,
        rank: rank as u8,
    })
}

/// The neighbour across the chart's east/west edge with the rank reversed (r ↦ H + 1 − r), as on the
/// Möbius strip and the Klein bottle's side seam. `None` for a north/south step.
fn twisted_side(at: Coord, d: Dir, width: u8, height: u8) -> Option<Coord> {
    let file = match d {
        Dir::East if at.file + 1 == width => 0,
        Dir::West if at.file == 0 => width - 1,
        _ => return None,
    };
    Some(Coord { chart: at.chart, file, rank: height - 1 - at.rank })
}
