//! How the app lays each board out in space: the drawing side of a variant's description (the
//! rules' `VariantSpec` says what the board is; this says what it looks like). The one place in
//! the app that tells the variants apart.

use surface_chess_rules::Variant;

/// The subdivision of each cell side in the rendered meshes (every board).
pub const SUBDIVISION: usize = 8;

/// A board's shape in space and its home camera distance.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Look {
    /// The embedding.
    pub shape: Shape,
    /// How far the home view stands from the board's centre.
    pub home_radius: f32,
    /// The home view's preferred height (pitch above the horizon, radians) among equally good
    /// ones: low enough on stacked levels that the levels stand apart on the screen.
    pub home_pitch: f32,
}

/// The embeddings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Shape {
    /// A Möbius band round a centre circle of `radius`, `half_width` across (M, Endless).
    Band {
        /// Radius of the centre circle.
        radius: f64,
        /// Half the band's width.
        half_width: f64,
    },
    /// The immersed Klein bottle (`klein.rs`).
    Bottle,
    /// The relaxed double torus (`genus2.rs`).
    DoubleTorus,
    /// The plane (the flat board).
    Plane,
    /// An upright tube, files round it and rank 1 on its top rim (the cylinder).
    Tube {
        /// Its radius.
        radius: f64,
        /// Its length.
        length: f64,
    },
    /// A ring: files round the hole and ranks round the tube, White's camp on top (the 8 × 8
    /// torus); or, `long`, ranks round the hole and files round the tube, the middle file on top
    /// (the 9 × 18 torus, K's ranks running the long way as round the bottle).
    Ring {
        /// From the centre to the tube's core.
        radius: f64,
        /// The tube's radius.
        tube: f64,
        /// Whether the ranks run round the hole.
        long: bool,
    },
    /// A cube blown part of the way up to a sphere (the sphere board), one cell a unit.
    Cube {
        /// 0 a cube, 1 a round sphere.
        inflation: f64,
    },
    /// Boy's surface, an immersion of the projective plane with one triple point.
    Boy {
        /// Its size.
        scale: f64,
    },
    /// Flat levels stacked `spacing` apart (Strato, Chess³).
    Levels {
        /// Distance between levels, in cell sides.
        spacing: f64,
    },
}

impl Shape {
    /// Whether part of the surface lies inside another part, out of sight from anywhere (the
    /// bottle's inner tube inside its body): the wall in front of the cells in play is then cut
    /// away ([`super::sight::Sight::cut_away`]).
    pub const fn cuts_away(self) -> bool {
        matches!(self, Shape::Bottle | Shape::Boy { .. })
    }
}

/// A variant's look.
pub const fn look(variant: Variant) -> Look {
    match variant {
        Variant::Mobius => {
            Look { shape: Shape::Band { radius: 3.2, half_width: 2.3 }, home_radius: 15.5, home_pitch: 0.7 }
        }
        Variant::Endless => {
            Look { shape: Shape::Band { radius: 2.6, half_width: 2.0 }, home_radius: 12.5, home_pitch: 0.7 }
        }
        Variant::Klein => Look { shape: Shape::Bottle, home_radius: 11.5, home_pitch: 0.7 },
        Variant::Genus2 => Look { shape: Shape::DoubleTorus, home_radius: 17.0, home_pitch: 0.7 },
        Variant::Chess => Look { shape: Shape::Plane, home_radius: 13.5, home_pitch: 0.7 },
        Variant::Strato | Variant::Chess3 => {
            Look { shape: Shape::Levels { spacing: 3.0 }, home_radius: 17.0, home_pitch: 0.45 }
        }
        Variant::Cylinder => {
            Look { shape: Shape::Tube { radius: 2.0, length: 6.0 }, home_radius: 14.0, home_pitch: 0.7 }
        }
        Variant::Torus => {
            Look { shape: Shape::Ring { radius: 3.0, tube: 1.6, long: false }, home_radius: 14.0, home_pitch: 0.7 }
        }
        // M's strip glued straight: a tube as long as the 8 × 8 cylinder's, a little wider.
        Variant::WideCylinder => {
            Look { shape: Shape::Tube { radius: 2.4, length: 5.6 }, home_radius: 15.0, home_pitch: 0.7 }
        }
        Variant::LongTorus => {
            Look { shape: Shape::Ring { radius: 4.2, tube: 1.4, long: true }, home_radius: 15.0, home_pitch: 0.7 }
        }
        Variant::Sphere => Look { shape: Shape::Cube { inflation: 0.6 }, home_radius: 11.0, home_pitch: 0.7 },
        Variant::Projective => Look { shape: Shape::Boy { scale: 4.0 }, home_radius: 16.0, home_pitch: 0.7 },
    }
}
