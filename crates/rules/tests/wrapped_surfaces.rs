//! The boards to explore (issue 20), as complexes: the cylinder, the torus, the projective plane
//! and the cube's sphere, with their mesh statistics (V, E, F, χ, orientability, vertex links) and
//! the movement facts that tell them apart.

use std::collections::HashMap;
use surface_chess_rules::surfaces::{cube, cylinder, projective, torus};
use surface_chess_rules::{Complex, Link, Mesh, Vector};

fn census(mesh: &Mesh) -> HashMap<Link, usize> {
    let mut census = HashMap::new();
    for &l in &mesh.links {
        *census.entry(l).or_default() += 1;
    }
    census
}

fn counts(m: &Mesh) -> (usize, usize, usize, i64) {
    (m.vertices, m.edges, m.faces, m.euler_characteristic())
}

#[test]
fn the_cylinder_is_an_annulus() {
    let m = Mesh::of(&cylinder(8, 8));
    assert_eq!(counts(&m), (72, 136, 64, 0));
    assert!(m.orientable);
    assert_eq!((m.boundary_components, m.boundary_edges), (2, 16), "two rims of 8 edges");
    assert_eq!(census(&m), HashMap::from([(Link::Circle(4), 56), (Link::Interval(2), 16)]));
}

#[test]
fn the_torus_is_flat_and_closed() {
    let m = Mesh::of(&torus(8, 8));
    assert_eq!(counts(&m), (64, 128, 64, 0));
    assert!(m.orientable);
    assert_eq!((m.boundary_components, m.boundary_edges), (0, 0));
    assert_eq!(census(&m), HashMap::from([(Link::Circle(4), 64)]));
}

#[test]
fn the_projective_plane_has_two_corners_of_two_squares() {
    let m = Mesh::of(&projective(8, 8));
    assert_eq!(counts(&m), (65, 128, 64, 1));
    assert!(!m.orientable);
    assert_eq!((m.boundary_components, m.boundary_edges), (0, 0));
    // The square's four corners meet in two points, each with two squares (half the flat angle):
    // Gauss–Bonnet, 2 × π = 2π χ.
    assert_eq!(census(&m), HashMap::from([(Link::Circle(4), 63), (Link::Circle(2), 2)]));
}

#[test]
fn the_cube_is_a_sphere_with_eight_corners_of_three_squares() {
    let m = Mesh::of(&cube(4));
    assert_eq!(counts(&m), (98, 192, 96, 2));
    assert!(m.orientable);
    assert_eq!((m.boundary_components, m.boundary_edges), (0, 0));
    // Eight corners, each a quarter turn short: 8 × π/2 = 4π = 2π χ.
    assert_eq!(census(&m), HashMap::from([(Link::Circle(4), 90), (Link::Circle(3), 8)]));
}

/// The cells a straight walk from `from` visits (unit steps in direction `v`, carried through
/// seams) until it comes back or stops.
fn lap(complex: &Complex, from: &str, v: Vector) -> Vec<String> {
    let start = complex.parse_cell(from).unwrap();
    let mut at = (start, surface_chess_rules::Frame::IDENTITY);
    let mut seen = vec![];
    for _ in 0..complex.len() {
        let Some(next) = complex.walk(at.0, at.1, v) else { break };
        if next.0 == start {
            return seen;
        }
        seen.push(complex.name(next.0));
        at = next;
    }
    panic!("no lap from {from}: {seen:?}");
}

#[test]
fn straight_lines_close_up() {
    let east = Vector::new(1, 0);
    let north = Vector::new(0, 1);
    // On the torus a file and a rank are loops of eight cells.
    assert_eq!(lap(&torus(8, 8), "c3", east).len(), 7);
    assert_eq!(lap(&torus(8, 8), "c3", north).len(), 7);
    // On the projective plane a line closes after going round twice (through the seam and back
    // on the reversed rank): rank 3 and rank 6 together.
    let line = lap(&projective(8, 8), "c3", east);
    assert_eq!(line.len(), 15, "{line:?}");
    assert!(line.contains(&"a6".to_owned()) && line.contains(&"h3".to_owned()), "{line:?}");
    // On the cube a belt around four faces is sixteen cells.
    let belt = lap(&cube(4), "I:b2", east);
    assert_eq!(belt.len(), 15, "{belt:?}");
}

/// The glued pairs of neighbours whose chart colours ((file + rank) mod 2) are the same: the
/// chart's checkerboard does not extend across them, so a bishop that crosses there changes
/// colour.
fn same_coloured_neighbours(complex: &Complex) -> usize {
    let colour = |c| {
        let at = complex.coord(c);
        (at.file + at.rank) % 2
    };
    complex
        .cells()
        .flat_map(|c| surface_chess_rules::Dir::ALL.map(|d| (c, complex.gluing(c, d))))
        .filter(|(c, g)| g.is_some_and(|g| colour(g.to) == colour(*c)))
        .count()
}

#[test]
fn a_bishop_keeps_its_colour_on_the_torus_but_not_on_the_projective_plane() {
    assert_eq!(same_coloured_neighbours(&torus(8, 8)), 0);
    assert_eq!(same_coloured_neighbours(&cylinder(8, 8)), 0);
    // Both reversed seams join cells of one colour (e.g. h3 and a6): 8 + 8 edges, each seen from
    // both sides.
    assert_eq!(same_coloured_neighbours(&projective(8, 8)), 32);
}

#[test]
fn a_diagonal_through_a_corner_is_refused_where_the_two_orders_disagree() {
    let (sw, ne) = (Vector::new(-1, -1), Vector::new(1, 1));
    let diagonal = |complex: &Complex, from: &str, v| {
        complex.diagonal(complex.parse_cell(from).unwrap(), v).map(|(to, _)| complex.name(to))
    };
    // The cube: at a corner three squares meet; west-then-south and south-then-west end on
    // different faces, so the diagonal into the corner does not exist (as at genus two's cone
    // points, with too little angle rather than too much).
    let sphere = cube(4);
    assert_eq!(diagonal(&sphere, "I:a1", sw), None);
    assert_eq!(diagonal(&sphere, "I:a1", ne).as_deref(), Some("I:b2"));
    // Over an edge but away from the corners, both orders agree.
    assert!(diagonal(&sphere, "I:b1", sw).is_some_and(|to| !to.starts_with("I:")));
    // The projective plane: at a corner of two squares (a1 and h8) both orders agree, and the
    // diagonal into the corner comes back to a1 itself (two squares round, the one "across" the
    // corner is the square it left): a step to nowhere, which a variant on this board must not
    // offer as a move. h3 to a5 across the side seam is a plain diagonal.
    let plane = projective(8, 8);
    assert_eq!(diagonal(&plane, "a1", sw).as_deref(), Some("a1"));
    assert_eq!(diagonal(&plane, "h3", ne).as_deref(), Some("a5"));
    // The torus has no corner: a1 south-west is h8.
    assert_eq!(diagonal(&torus(8, 8), "a1", sw).as_deref(), Some("h8"));
}
