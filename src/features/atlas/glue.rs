//! The atlas's geometry, pure: a cell's seam sides with their glued partners and the gluing's
//! orientation, the cone point at a cell's corner with its forbidden approaches, as strokes in
//! each cell's unit square, and the words for them.

use bevy::math::Vec2;
use surface_chess_rules::{Cell, Complex, Dir, Frame, Mesh as Topology, Vector, compass};

/// A glued pair of sides: `side` of `cell` is glued to `partner_side` of `partner`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeamPair {
    /// The cell.
    pub cell: Cell,
    /// Its side on the seam.
    pub side: Dir,
    /// The cell across the seam.
    pub partner: Cell,
    /// The partner's side on the seam.
    pub partner_side: Dir,
    /// The gluing's derivative (directions from `cell`'s chart to `partner`'s).
    pub derivative: Frame,
}

/// The cell's sides that are seams (glued to something other than the in-chart neighbour), each
/// with its partner.
pub fn seam_pairs(complex: &Complex, cell: Cell) -> Vec<SeamPair> {
    Dir::ALL
        .into_iter()
        .filter_map(|side| {
            let g = complex.gluing(cell, side)?;
            complex.crosses_seam(cell, side.vector(), g.to, g.derivative).then(|| SeamPair {
                cell,
                side,
                partner: g.to,
                partner_side: g.derivative.apply_dir(side).opposite(),
                derivative: g.derivative,
            })
        })
        .collect()
}

/// A side of the unit square as a stroke, running along the side's tangent (counter-clockwise
/// for east and north: south to north, west to east).
pub fn side_stroke(side: Dir) -> (Vec2, Vec2) {
    match side {
        Dir::East => (Vec2::new(1.0, 0.0), Vec2::new(1.0, 1.0)),
        Dir::West => (Vec2::new(0.0, 0.0), Vec2::new(0.0, 1.0)),
        Dir::North => (Vec2::new(0.0, 1.0), Vec2::new(1.0, 1.0)),
        Dir::South => (Vec2::new(0.0, 0.0), Vec2::new(1.0, 0.0)),
    }
}

/// The tangent along a side: north along east/west sides, east along north/south ones.
fn tangent(side: Dir) -> Vector {
    match side {
        Dir::East | Dir::West => Vector::new(0, 1),
        Dir::North | Dir::South => Vector::new(1, 0),
    }
}

/// A chevron just inside `side` pointing along `along` (a cardinal chart direction parallel to
/// the side): the strokes of the gluing's arrow in the unit square.
pub fn side_arrow(side: Dir, along: Vector) -> Vec<(Vec2, Vec2)> {
    let inward = -Vec2::new(f32::from(side.vector().x), f32::from(side.vector().y));
    let d = Vec2::new(f32::from(along.x), f32::from(along.y));
    let centre = Vec2::splat(0.5) - inward * 0.5 + inward * 0.15;
    let (apex, back) = (centre + d * 0.15, centre - d * 0.12);
    vec![(back + inward * 0.1, apex), (apex, back - inward * 0.1)]
}

/// The arrows showing how a pair is glued: on the cell's side along its tangent, and on the
/// partner's side along the tangent carried across (reversed where the gluing reverses the edge).
pub fn pair_arrows(pair: &SeamPair) -> [(Cell, Vec<(Vec2, Vec2)>); 2] {
    let t = tangent(pair.side);
    [(pair.cell, side_arrow(pair.side, t)), (pair.partner, side_arrow(pair.partner_side, pair.derivative.apply(t)))]
}

/// The pair in words, e.g. "east of j3 is a7: directions flip vertically".
pub fn describe(complex: &Complex, pair: &SeamPair) -> String {
    let side = compass(pair.side.vector());
    let what = match pair.derivative {
        Frame::IDENTITY => "directions unchanged",
        Frame::FLIP_VERTICAL => "directions flip vertically (up becomes down)",
        Frame::HALF_TURN => "directions turn half round",
        _ => "directions turned",
    };
    let (a, b) = (complex.coord(pair.cell), complex.coord(pair.partner));
    let chart = if a.chart != b.chart { " (the other chart)" } else { "" };
    format!("{side} of {} is {}{chart}: {what}", complex.name(pair.cell), complex.name(pair.partner))
}

/// A cone point: the cells around it, and for each the corner of its unit square at the cone.
#[derive(Clone, Debug, PartialEq)]
pub struct Cone {
    /// The cells around the cone point, each with its corner (unit-square coordinates).
    pub corners: Vec<(Cell, Vec2)>,
}

/// The cone point at a corner of `cell`, if it has one (where other than four cells meet).
pub fn cone_at(complex: &Complex, cell: Cell) -> Option<Cone> {
    let topology = Topology::of(complex);
    let corner = [Vec2::new(0.0, 0.0), Vec2::new(1.0, 0.0), Vec2::new(1.0, 1.0), Vec2::new(0.0, 1.0)];
    let id = topology.corners[cell.index()].iter().copied().find(|&v| topology.links[v as usize].is_cone())?;
    let corners = complex
        .cells()
        .flat_map(|c| {
            let ids = topology.corners[c.index()];
            (0..4).filter(move |&i| ids[i] == id).map(move |i| (c, corner[i]))
        })
        .collect();
    Some(Cone { corners })
}

/// The forbidden approach from a cell to the cone at `corner`: an arrow from the centre towards
/// the corner, crossed out.
pub fn crossed_arrow(corner: Vec2) -> Vec<(Vec2, Vec2)> {
    let centre = Vec2::splat(0.5);
    let d = (corner - centre).normalize();
    let tip = centre + (corner - centre) * 0.8;
    let across = d.perp() * 0.1;
    let mid = centre + (corner - centre) * 0.45;
    let x = (d + d.perp()).normalize() * 0.12;
    let y = (d - d.perp()).normalize() * 0.12;
    vec![
        (centre, tip),
        (tip, tip - d * 0.14 + across),
        (tip, tip - d * 0.14 - across),
        (mid - x, mid + x),
        (mid - y, mid + y),
    ]
}
