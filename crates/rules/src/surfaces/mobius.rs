use super::{inside, twisted_side};
use crate::complex::{Chart, Complex};
use crate::frame::Frame;

/// A Möbius strip `width` files around and `height` ranks across: east of the last file at rank r
/// lies the first file at rank `height + 1 − r`, derivative (dx, dy) ↦ (dx, −dy). Top and bottom
/// ranks are boundary. M is `mobius(10, 9)`, Endless is `mobius(8, 8)`.
pub fn mobius(width: u8, height: u8) -> Complex {
    Complex::build(vec![Chart::plain(width, height)], |at, d| {
        inside(at, d, width, height)
            .map(|to| (to, Frame::IDENTITY))
            .or_else(|| twisted_side(at, d, width, height).map(|to| (to, Frame::FLIP_VERTICAL)))
    })
    .expect("a Möbius strip is a valid complex")
}
