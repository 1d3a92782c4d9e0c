use super::inside;
use crate::complex::{Chart, Complex};
use crate::frame::Frame;

/// The digits that label levels, bottom first.
const LEVELS: [&str; 9] = ["1", "2", "3", "4", "5", "6", "7", "8", "9"];

/// Flat boards stacked as levels 1 (bottom) to `levels`: one unglued chart per level, labelled by
/// its digit, so that cells read `2e4`. Moves between levels come from the lattice, not from gluing.
pub fn levels(levels: u8, width: u8, height: u8) -> Complex {
    let charts =
        LEVELS[..usize::from(levels)].iter().map(|&label| Chart { label: Some(label), width, height }).collect();
    Complex::build(charts, |at, d| inside(at, d, width, height).map(|to| (to, Frame::IDENTITY)))
        .expect("stacked flat boards are a valid complex")
}
