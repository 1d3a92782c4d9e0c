use super::{inside, twisted_side};
use crate::complex::{Chart, Complex, Coord};
use crate::frame::{Dir, Frame};

/// The Klein board K 9×18: the Möbius side rule r ↦ 19 − r, and ranks wrapped by translation.
pub fn klein() -> Complex {
    const W: u8 = 9;
    const H: u8 = 18;
    Complex::build(vec![Chart::plain(W, H)], |at, d| {
        if let Some(to) = inside(at, d, W, H) {
            return Some((to, Frame::IDENTITY));
        }
        if let Some(to) = twisted_side(at, d, W, H) {
            return Some((to, Frame::FLIP_VERTICAL));
        }
        let rank = match d {
            Dir::North => 0,
            _ => H - 1,
        };
        Some((Coord { rank, ..at }, Frame::IDENTITY))
    })
    .expect("the Klein board is a valid complex")
}
