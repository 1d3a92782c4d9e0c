use super::inside;
use crate::complex::{Chart, Complex};
use crate::frame::Frame;

/// An ordinary flat board: no gluing, boundary all round.
pub fn flat(width: u8, height: u8) -> Complex {
    Complex::build(vec![Chart::plain(width, height)], |at, d| {
        inside(at, d, width, height).map(|to| (to, Frame::IDENTITY))
    })
    .expect("a flat board is a valid complex")
}
