use crate::complex::{Chart, Complex, Coord};
use crate::frame::{Dir, Frame};

const I: u8 = 0;
const II: u8 = 1;

/// `(chart, file, rank)` from zero.
type Square = (u8, u8, u8);

/// The seam table of the rules: north transitions (from, to), one per cell.
fn north_seams() -> Vec<(Square, Square)> {
    let mut seams = Vec::new();
    for file in 0..4 {
        seams.push(((I, file, 3), (II, file, 3)));
        seams.push(((II, file, 2), (I, file, 4)));
    }
    seams.push(((I, 4, 4), (II, 4, 4)));
    seams.push(((II, 4, 3), (I, 4, 5)));
    for file in 5..9 {
        seams.push(((I, file, 5), (II, file, 5)));
        seams.push(((II, file, 4), (I, file, 6)));
    }
    seams
}

/// The seam table of the rules: east transitions (from, to).
const EAST_SEAMS: [(Square, Square); 4] =
    [((I, 3, 4), (II, 4, 3)), ((II, 3, 3), (I, 4, 4)), ((I, 4, 5), (II, 5, 4)), ((II, 4, 4), (I, 5, 5))];

/// The genus-two board G: charts I and II, each 9×9 and wrapping on all four edges, with the seam
/// table's north/east transitions and their south/west inverses replacing the ordinary ones. All
/// derivatives are the identity.
pub fn genus2() -> Complex {
    const N: u8 = 9;
    let north = north_seams();
    let seam = |at: Coord, d: Dir| -> Option<Square> {
        let here = (at.chart, at.file, at.rank);
        let table: &[(Square, Square)] = match d {
            Dir::North | Dir::South => &north,
            Dir::East | Dir::West => &EAST_SEAMS,
        };
        let forward = matches!(d, Dir::North | Dir::East);
        table.iter().find_map(|&(from, to)| match forward {
            true => (from == here).then_some(to),
            false => (to == here).then_some(from),
        })
    };
    let charts =
        vec![Chart { label: Some("I"), width: N, height: N }, Chart { label: Some("II"), width: N, height: N }];
    Complex::build(charts, |at, d| {
        let to = match seam(at, d) {
            Some((chart, file, rank)) => Coord { chart, file, rank },
            None => {
                let v = d.vector();
                let wrap = |x: u8, dx: i8| ((i16::from(x) + i16::from(dx)).rem_euclid(i16::from(N))) as u8;
                Coord { chart: at.chart, file: wrap(at.file, v.x), rank: wrap(at.rank, v.y) }
            }
        };
        Some((to, Frame::IDENTITY))
    })
    .expect("the genus-two board is a valid complex")
}
