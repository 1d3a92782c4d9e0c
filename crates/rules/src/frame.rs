//! Chart directions and the frames (elements of the square's symmetry group D4) that transport them.

use std::ops::Mul;

/// A unit displacement in a chart: a cardinal or diagonal direction, `x` east and `y` north.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Vector {
    /// East component, −1, 0 or 1.
    pub x: i8,
    /// North component, −1, 0 or 1.
    pub y: i8,
}

impl Vector {
    /// Builds a vector; both components must be −1, 0 or 1.
    pub const fn new(x: i8, y: i8) -> Vector {
        Vector { x, y }
    }

    /// The opposite direction.
    pub const fn neg(self) -> Vector {
        Vector::new(-self.x, -self.y)
    }

    /// True for the four cardinal directions.
    pub const fn is_cardinal(self) -> bool {
        (self.x == 0) != (self.y == 0)
    }

    /// True for the four diagonal directions.
    pub const fn is_diagonal(self) -> bool {
        self.x != 0 && self.y != 0
    }

    /// The cardinal direction of a cardinal vector.
    pub fn dir(self) -> Option<Dir> {
        Dir::ALL.into_iter().find(|d| d.vector() == self)
    }

    /// Index among the eight directions ([`Vector::ALL`]).
    pub fn index(self) -> usize {
        Vector::ALL.iter().position(|&v| v == self).expect("a unit direction")
    }

    /// The eight directions: four cardinals (N, E, S, W), then four diagonals (NE, SE, SW, NW).
    pub const ALL: [Vector; 8] = [
        Vector::new(0, 1),
        Vector::new(1, 0),
        Vector::new(0, -1),
        Vector::new(-1, 0),
        Vector::new(1, 1),
        Vector::new(1, -1),
        Vector::new(-1, -1),
        Vector::new(-1, 1),
    ];
}

/// A cardinal direction in a chart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Dir {
    /// Increasing ranks.
    North = 0,
    /// Increasing files.
    East = 1,
    /// Decreasing ranks.
    South = 2,
    /// Decreasing files.
    West = 3,
}

impl Dir {
    /// All four, in index order.
    pub const ALL: [Dir; 4] = [Dir::North, Dir::East, Dir::South, Dir::West];

    /// The unit vector of this direction.
    pub const fn vector(self) -> Vector {
        match self {
            Dir::North => Vector::new(0, 1),
            Dir::East => Vector::new(1, 0),
            Dir::South => Vector::new(0, -1),
            Dir::West => Vector::new(-1, 0),
        }
    }

    /// The reverse direction.
    pub const fn opposite(self) -> Dir {
        match self {
            Dir::North => Dir::South,
            Dir::East => Dir::West,
            Dir::South => Dir::North,
            Dir::West => Dir::East,
        }
    }

    /// The two directions perpendicular to this one.
    pub const fn perpendicular(self) -> [Dir; 2] {
        match self {
            Dir::North | Dir::South => [Dir::East, Dir::West],
            Dir::East | Dir::West => [Dir::North, Dir::South],
        }
    }
}

/// An element of D4: a signed permutation matrix acting on chart vectors.
///
/// A gluing's derivative maps directions in the departure chart to directions in the arrival chart;
/// a walker's frame maps its local directions to the chart of the cell it stands on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Frame {
    m: [i8; 4],
}

impl Frame {
    /// The identity.
    pub const IDENTITY: Frame = Frame { m: [1, 0, 0, 1] };
    /// The reflection (dx, dy) ↦ (dx, −dy), derivative of the Möbius and Klein side seams.
    pub const FLIP_VERTICAL: Frame = Frame { m: [1, 0, 0, -1] };
    /// The reflection (dx, dy) ↦ (−dx, dy), derivative of the projective plane's north seam.
    pub const FLIP_HORIZONTAL: Frame = Frame { m: [-1, 0, 0, 1] };
    /// The half turn (dx, dy) ↦ (−dx, −dy).
    pub const HALF_TURN: Frame = Frame { m: [-1, 0, 0, -1] };

    /// All eight elements of D4.
    pub const ALL: [Frame; 8] = [
        Frame { m: [1, 0, 0, 1] },
        Frame { m: [0, -1, 1, 0] },
        Frame { m: [-1, 0, 0, -1] },
        Frame { m: [0, 1, -1, 0] },
        Frame { m: [1, 0, 0, -1] },
        Frame { m: [-1, 0, 0, 1] },
        Frame { m: [0, 1, 1, 0] },
        Frame { m: [0, -1, -1, 0] },
    ];

    /// Applies the frame to a vector.
    pub const fn apply(self, v: Vector) -> Vector {
        let [a, b, c, d] = self.m;
        Vector::new(a * v.x + b * v.y, c * v.x + d * v.y)
    }

    /// Applies the frame to a cardinal direction.
    pub fn apply_dir(self, d: Dir) -> Dir {
        self.apply(d.vector()).dir().expect("D4 maps cardinals to cardinals")
    }

    /// The inverse element (the transpose).
    pub const fn inverse(self) -> Frame {
        let [a, b, c, d] = self.m;
        Frame { m: [a, c, b, d] }
    }

    /// +1 for rotations, −1 for reflections.
    pub const fn det(self) -> i8 {
        let [a, b, c, d] = self.m;
        a * d - b * c
    }
}

impl Mul for Frame {
    type Output = Frame;

    /// `self * rhs` applies `rhs` first, then `self`.
    fn mul(self, rhs: Frame) -> Frame {
        let [a, b, c, d] = self.m;
        let [e, f, g, h] = rhs.m;
        Frame { m: [a * e + b * g, a * f + b * h, c * e + d * g, c * f + d * h] }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn d4_is_a_group_of_eight() {
        for a in Frame::ALL {
            assert_eq!(a * a.inverse(), Frame::IDENTITY);
            for b in Frame::ALL {
                assert!(Frame::ALL.contains(&(a * b)));
            }
        }
        let dets: i32 = Frame::ALL.iter().map(|f| i32::from(f.det())).sum();
        assert_eq!(dets, 0, "four rotations and four reflections");
    }

    #[test]
    fn vertical_flip_reverses_north_only() {
        let f = Frame::FLIP_VERTICAL;
        assert_eq!(f.apply_dir(Dir::North), Dir::South);
        assert_eq!(f.apply_dir(Dir::East), Dir::East);
        assert_eq!(f * f, Frame::IDENTITY);
    }

    #[test]
    fn vector_indices_are_consistent() {
        for (i, v) in Vector::ALL.iter().enumerate() {
            assert_eq!(v.index(), i);
            assert_eq!(v.is_cardinal(), i < 4);
            assert_eq!(v.is_diagonal(), i >= 4);
        }
        for d in Dir::ALL {
            assert_eq!(d.vector().dir(), Some(d));
            assert_eq!(d.opposite().vector(), d.vector().neg());
        }
    }
}
