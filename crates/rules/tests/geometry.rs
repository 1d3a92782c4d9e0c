//! The rules text's geometry facts, checked on the complexes built from the gluing rules.

use std::collections::{BTreeSet, HashMap};
use surface_chess_rules::{
    Cell, Chart, Complex, Coord, Corner, Dir, Frame, Link, Mesh, Position, Variant, Vector, identified_points,
    king_targets, ray,
};

fn complex(v: Variant) -> &'static Complex {
    &v.rules().complex
}

fn cell(v: Variant, name: &str) -> Cell {
    complex(v).parse_cell(name).unwrap_or_else(|| panic!("{name} on {v}"))
}

fn link_census(mesh: &Mesh) -> HashMap<Link, usize> {
    let mut census = HashMap::new();
    for &l in &mesh.links {
        *census.entry(l).or_default() += 1;
    }
    census
}

#[test]
fn mobius_mesh_counts() {
    let m = Mesh::of(complex(Variant::Mobius));
    assert_eq!((m.faces, m.edges, m.vertices), (90, 190, 100));
    let links = link_census(&m);
    assert_eq!(links.get(&Link::Circle(4)), Some(&80), "80 circles");
    assert_eq!(links.get(&Link::Interval(2)), Some(&20), "20 intervals");
    assert_eq!(links.len(), 2);
    assert_eq!((m.boundary_components, m.boundary_edges), (1, 20), "one boundary component of 20 edges");
    assert!(!m.orientable);
    assert_eq!(m.euler_characteristic(), 0);
}

#[test]
fn klein_mesh_counts() {
    let m = Mesh::of(complex(Variant::Klein));
    assert_eq!((m.faces, m.edges, m.vertices), (162, 324, 162));
    assert_eq!(link_census(&m), HashMap::from([(Link::Circle(4), 162)]));
    assert_eq!((m.boundary_components, m.boundary_edges), (0, 0));
    assert!(!m.orientable);
    assert_eq!(m.euler_characteristic(), 0);
}

#[test]
fn genus2_mesh_counts() {
    let m = Mesh::of(complex(Variant::Genus2));
    assert_eq!((m.faces, m.edges, m.vertices), (162, 324, 160));
    assert_eq!(link_census(&m), HashMap::from([(Link::Circle(4), 158), (Link::Circle(8), 2)]));
    assert_eq!((m.boundary_components, m.boundary_edges), (0, 0));
    assert!(m.orientable);
    assert_eq!(m.euler_characteristic(), -2);
}

#[test]
fn endless_and_flat_meshes() {
    let e = Mesh::of(complex(Variant::Endless));
    assert_eq!((e.faces, e.edges, e.vertices, e.euler_characteristic()), (64, 136, 72, 0));
    assert!(!e.orientable);
    assert_eq!((e.boundary_components, e.boundary_edges), (1, 16));
    let f = Mesh::of(complex(Variant::Chess));
    assert_eq!((f.faces, f.edges, f.vertices, f.euler_characteristic()), (64, 144, 81, 1));
    assert!(f.orientable);
}

/// The cells with a corner at each of G's two eight-corner vertices.
fn cone_cells() -> Vec<BTreeSet<String>> {
    let c = complex(Variant::Genus2);
    let m = Mesh::of(c);
    let cones: Vec<usize> = (0..m.vertices).filter(|&v| m.links[v] == Link::Circle(8)).collect();
    cones
        .iter()
        .map(|&v| {
            c.cells().filter(|cell| m.corners[cell.index()].contains(&(v as u32))).map(|cell| c.name(cell)).collect()
        })
        .collect()
}

#[test]
fn genus2_cone_points_have_eight_cells_each() {
    let set = |names: &[&str]| names.iter().map(|s| s.to_string()).collect::<BTreeSet<_>>();
    let expected = [
        set(&["I:a5", "I:i5", "I:i4", "I:a4", "II:a4", "II:i4", "II:i3", "II:a3"]),
        set(&["I:i6", "I:a6", "I:a7", "I:i7", "II:i5", "II:a5", "II:a6", "II:i6"]),
    ];
    let mut cones = cone_cells();
    cones.sort();
    let mut expected = expected.to_vec();
    expected.sort();
    assert_eq!(cones, expected);
}

/// The two cone points are two cell edges apart, by two paths: a loop of four edges through both,
/// the short loop round G's bridge that no single view sees three quarters of (DESIGN.md).
#[test]
fn genus2_cone_points_lie_on_a_loop_of_four_edges() {
    let m = Mesh::of(complex(Variant::Genus2));
    let cones: Vec<u32> = (0..m.vertices).filter(|&v| m.links[v] == Link::Circle(8)).map(|v| v as u32).collect();
    let neighbours = |v: u32| -> BTreeSet<u32> {
        m.corners
            .iter()
            .flat_map(|q| (0..4).filter(move |&i| q[i] == v).flat_map(move |i| [q[(i + 1) % 4], q[(i + 3) % 4]]))
            .collect()
    };
    let (a, b) = (neighbours(cones[0]), neighbours(cones[1]));
    assert!(!a.contains(&cones[1]), "no edge joins the cone points");
    assert_eq!(a.intersection(&b).count(), 2, "two vertices next to both cone points");
}

/// Diagonals where both orders exist but disagree: the forbidden approaches.
fn forbidden_diagonals(c: &Complex) -> Vec<(Cell, Vector)> {
    let mut out = Vec::new();
    for cell in c.cells() {
        for v in &Vector::ALL[4..] {
            let both_exist =
                |a: Vector, b: Vector| c.step(cell, a).and_then(|(c1, t)| c.step(c1, t.apply(b))).is_some();
            let (h, u) = (Vector::new(v.x, 0), Vector::new(0, v.y));
            if both_exist(h, u) && both_exist(u, h) && c.diagonal(cell, *v).is_none() {
                out.push((cell, *v));
            }
        }
    }
    out
}

#[test]
fn genus2_has_exactly_sixteen_forbidden_diagonals_all_at_cones() {
    let c = complex(Variant::Genus2);
    let m = Mesh::of(c);
    let forbidden = forbidden_diagonals(c);
    assert_eq!(forbidden.len(), 16);
    for (cell, v) in forbidden {
        let corner = match (v.x, v.y) {
            (1, 1) => Corner::NorthEast,
            (1, -1) => Corner::SouthEast,
            (-1, -1) => Corner::SouthWest,
            _ => Corner::NorthWest,
        };
        let vertex = m.corners[cell.index()][corner as usize] as usize;
        assert_eq!(m.links[vertex], Link::Circle(8), "{} {v:?} points at a cone", c.name(cell));
    }
    // Other boards have no such approaches (diagonals fail only at a boundary).
    for v in [Variant::Mobius, Variant::Klein, Variant::Endless, Variant::Chess] {
        assert!(forbidden_diagonals(complex(v)).is_empty(), "{v}");
    }
}

#[test]
fn genus2_staircase_bend_is_not_forbidden() {
    let c = complex(Variant::Genus2);
    let (to, t) = c.diagonal(cell(Variant::Genus2, "I:d4"), Vector::new(1, 1)).expect("I:d4 north-east exists");
    assert_eq!(c.name(to), "I:e5");
    assert_eq!(t, Frame::IDENTITY);
}

#[test]
fn genus2_seam_table_and_inverses() {
    let v = Variant::Genus2;
    let c = complex(v);
    let step = |from: &str, d: Dir| c.name(c.gluing(cell(v, from), d).expect("glued").to);
    for (from, to) in [
        ("I:a4", "II:a4"),
        ("I:d4", "II:d4"),
        ("II:a3", "I:a5"),
        ("II:d3", "I:d5"),
        ("I:e5", "II:e5"),
        ("II:e4", "I:e6"),
        ("I:f6", "II:f6"),
        ("I:i6", "II:i6"),
        ("II:f5", "I:f7"),
        ("II:i5", "I:i7"),
    ] {
        assert_eq!(step(from, Dir::North), to, "north from {from}");
        assert_eq!(step(to, Dir::South), from, "south from {to}");
    }
    for (from, to) in [("I:d5", "II:e4"), ("II:d4", "I:e5"), ("I:e6", "II:f5"), ("II:e5", "I:f6")] {
        assert_eq!(step(from, Dir::East), to, "east from {from}");
        assert_eq!(step(to, Dir::West), from, "west from {to}");
    }
    // Elsewhere each chart wraps on all four edges.
    assert_eq!(step("I:a9", Dir::North), "I:a1");
    assert_eq!(step("II:i2", Dir::East), "II:a2");
    assert_eq!(step("I:a1", Dir::West), "I:i1");
    for cell in c.cells() {
        for d in Dir::ALL {
            assert_eq!(c.gluing(cell, d).expect("closed surface").derivative, Frame::IDENTITY);
        }
    }
}

#[test]
fn mobius_and_klein_side_seams_reverse_ranks() {
    let m = complex(Variant::Mobius);
    for r in 1..=9 {
        let g = m.gluing(cell(Variant::Mobius, &format!("j{r}")), Dir::East).expect("glued");
        assert_eq!(m.name(g.to), format!("a{}", 10 - r));
        assert_eq!(g.derivative, Frame::FLIP_VERTICAL);
    }
    assert!(m.gluing(cell(Variant::Mobius, "e9"), Dir::North).is_none(), "top edge unglued");
    let k = complex(Variant::Klein);
    for r in 1..=18 {
        let g = k.gluing(cell(Variant::Klein, &format!("i{r}")), Dir::East).expect("glued");
        assert_eq!(k.name(g.to), format!("a{}", 19 - r));
        assert_eq!(g.derivative, Frame::FLIP_VERTICAL);
    }
    let g = k.gluing(cell(Variant::Klein, "c18"), Dir::North).expect("ranks wrap");
    assert_eq!((k.name(g.to), g.derivative), ("c1".to_string(), Frame::IDENTITY));
    // A corner step: reflection first, then the rank wrap.
    let (to, t) = k.diagonal(cell(Variant::Klein, "i18"), Vector::new(1, 1)).expect("corner diagonal");
    assert_eq!((k.name(to), t), ("a18".to_string(), Frame::FLIP_VERTICAL));
}

fn shade(c: &Complex, cell: Cell) -> u8 {
    let at = c.coord(cell);
    (at.file + at.rank) % 2
}

#[test]
fn mobius_and_klein_colour_classes_are_consistent_and_kept_by_bishops() {
    for v in [Variant::Mobius, Variant::Klein] {
        let c = complex(v);
        let chart = &c.charts()[0];
        assert_eq!((chart.width + chart.height) % 2, 1, "{v}: W+H odd");
        for cell in c.cells() {
            for d in Dir::ALL {
                if let Some(g) = c.gluing(cell, d) {
                    assert_ne!(shade(c, cell), shade(c, g.to), "{v}: {} {d:?}", c.name(cell));
                }
            }
            for v8 in &Vector::ALL[4..] {
                for to in ray(c, cell, *v8) {
                    assert_eq!(shade(c, cell), shade(c, to), "{v}: bishop keeps colour");
                }
            }
        }
    }
    assert_eq!(complex(Variant::Klein).charts()[0].height % 2, 0, "K: H even");
    let m = complex(Variant::Mobius);
    assert_ne!(shade(m, cell(Variant::Mobius, "d1")), shade(m, cell(Variant::Mobius, "g1")));
    let k = complex(Variant::Klein);
    assert_ne!(shade(k, cell(Variant::Klein, "c5")), shade(k, cell(Variant::Klein, "h5")));
}

#[test]
fn endless_seam_joins_squares_of_one_colour() {
    // W+H is even on the 8×8 strip, so crossing the seam keeps the colour (a1 next to h8).
    let c = complex(Variant::Endless);
    let g = c.gluing(cell(Variant::Endless, "a1"), Dir::West).expect("glued");
    assert_eq!(c.name(g.to), "h8");
    assert_eq!(shade(c, cell(Variant::Endless, "a1")), shade(c, g.to));
}

#[test]
fn genus2_has_no_global_checkerboard() {
    let c = complex(Variant::Genus2);
    let mut colour: Vec<Option<bool>> = vec![None; c.len()];
    colour[0] = Some(false);
    let mut stack = vec![Cell(0)];
    let mut odd_cycle = false;
    while let Some(x) = stack.pop() {
        for d in Dir::ALL {
            let y = c.gluing(x, d).expect("closed").to;
            let want = !colour[x.index()].expect("coloured");
            match colour[y.index()] {
                None => {
                    colour[y.index()] = Some(want);
                    stack.push(y);
                }
                Some(have) if have != want => odd_cycle = true,
                _ => {}
            }
        }
    }
    assert!(odd_cycle, "an odd wrapping cycle forbids an alternating colouring");
}

/// Components of the graph "one bishop move on an empty board".
fn bishop_components(c: &Complex) -> Vec<usize> {
    let mut comp = vec![usize::MAX; c.len()];
    let mut sizes = Vec::new();
    for start in c.cells() {
        if comp[start.index()] != usize::MAX {
            continue;
        }
        let id = sizes.len();
        sizes.push(0);
        comp[start.index()] = id;
        let mut stack = vec![start];
        while let Some(x) = stack.pop() {
            sizes[id] += 1;
            for v in &Vector::ALL[4..] {
                for y in ray(c, x, *v) {
                    if comp[y.index()] == usize::MAX {
                        comp[y.index()] = id;
                        stack.push(y);
                    }
                }
            }
        }
    }
    sizes
}

#[test]
fn klein_bishop_reach_on_the_empty_board() {
    let c = complex(Variant::Klein);
    let mut census: HashMap<usize, usize> = HashMap::new();
    for cell in c.cells() {
        let dests: BTreeSet<Cell> = Vector::ALL[4..].iter().flat_map(|v| ray(c, cell, *v)).collect();
        *census.entry(dests.len()).or_default() += 1;
    }
    assert_eq!(census, HashMap::from([(31, 144), (16, 18)]));
    assert_eq!(bishop_components(c), vec![81, 81]);
}

#[test]
fn genus2_bishops_connect_the_whole_board() {
    assert_eq!(bishop_components(complex(Variant::Genus2)), vec![162]);
}

#[test]
fn player_exchange_is_an_involution_commuting_with_every_edge() {
    for v in Variant::ALL {
        let rules = v.rules();
        let c = &rules.complex;
        let phi = rules.exchange_frame;
        for cell in c.cells() {
            assert_eq!(rules.exchange(rules.exchange(cell)), cell, "{v}: Φ involutive");
            for d in Dir::ALL {
                let image = c.gluing(rules.exchange(cell), phi.apply_dir(d));
                let expected = c.gluing(cell, d).map(|g| (rules.exchange(g.to), phi * g.derivative * phi.inverse()));
                assert_eq!(
                    image.map(|g| (g.to, g.derivative)),
                    expected,
                    "{v}: Φ commutes with {} {d:?}",
                    c.name(cell)
                );
            }
        }
    }
}

#[test]
fn kings_step_to_eight_neighbours_except_at_cones_and_edges() {
    let c = complex(Variant::Genus2);
    let counts: Vec<usize> = c.cells().map(|cell| king_targets(c, cell).len()).collect();
    assert_eq!(counts.iter().filter(|&&n| n == 8).count(), 162 - 16, "each forbidden approach costs its cell one step");
    assert!(counts.iter().all(|&n| n >= 7));
}

#[test]
fn the_initial_positions_are_player_exchange_images() {
    for v in Variant::ALL {
        let p = Position::new(v);
        assert_eq!(p.exchanged().to_text().replace(" b ", " w "), p.to_text(), "{v}");
    }
}

#[test]
fn identified_points_refine_the_mesh() {
    // Subdividing k times keeps the topology: V − E + F is unchanged.
    for v in Variant::ALL {
        let c = complex(v);
        let m = Mesh::of(c);
        for k in [2usize, 4] {
            let (_, vertices) = identified_points(c, k);
            let faces = c.len() * k * k;
            let edges = (c.len() * 4 * k * k - m.boundary_edges * k) / 2 + m.boundary_edges * k;
            assert_eq!(vertices as i64 - edges as i64 + faces as i64, m.euler_characteristic(), "{v} k={k}");
        }
    }
}

/// A gluing rule that walks within one chart, east and west wrapping round (a cylinder).
fn cylinder(width: u8, height: u8) -> impl Fn(Coord, Dir) -> Option<(Coord, Frame)> {
    move |at, d| {
        let v = d.vector();
        let rank = i16::from(at.rank) + i16::from(v.y);
        let file = (i16::from(at.file) + i16::from(v.x)).rem_euclid(i16::from(width));
        (0..i16::from(height))
            .contains(&rank)
            .then_some((Coord { chart: 0, file: file as u8, rank: rank as u8 }, Frame::IDENTITY))
    }
}

#[test]
fn complexes_are_checked_when_built() {
    // Up to 255 cells (a cell is a byte).
    let largest = Complex::build(vec![Chart::plain(15, 17)], cylinder(15, 17)).expect("255 cells");
    assert_eq!((largest.len(), largest.is_empty()), (255, false));
    let none = Complex::build(vec![Chart::plain(0, 0)], cylinder(1, 1)).expect("no cells");
    assert_eq!((none.len(), none.is_empty()), (0, true));
    assert_eq!(
        largest.step(largest.cell_at(Coord { chart: 0, file: 14, rank: 0 }).unwrap(), Vector::new(1, 0)).map(|s| s.0),
        largest.cell_at(Coord { chart: 0, file: 0, rank: 0 })
    );
    let err = Complex::build(vec![Chart::plain(16, 16)], cylinder(16, 16)).expect_err("256 cells");
    assert_eq!(err.to_string(), "inconsistent cell complex: 256 cells is more than 255");
    // A step off the charts.
    let off = |at: Coord, d: Dir| (d == Dir::North).then_some((Coord { rank: at.rank + 1, ..at }, Frame::IDENTITY));
    let err = Complex::build(vec![Chart::plain(2, 2)], off).expect_err("off the charts");
    assert!(err.to_string().contains("North leads off the charts"), "{err}");
    // A one-way gluing: east wraps round, west stops at the edge.
    let one_way = |at: Coord, d: Dir| match d {
        Dir::West if at.file == 0 => None,
        _ => cylinder(3, 1)(at, d),
    };
    let err = Complex::build(vec![Chart::plain(3, 1)], one_way).expect_err("one way");
    assert!(err.to_string().contains("c1 East reaches a1 but the way back does not return"), "{err}");
}

#[test]
fn cell_names_parse_only_as_written() {
    let k = complex(Variant::Klein);
    assert_eq!(k.parse_cell("i18").map(|c| k.name(c)).as_deref(), Some("i18"));
    for bad in ["a01", "a0", "a", "a1x", "A1", "j1", "i19", "I:a1", "", "a+1", "a 1"] {
        assert_eq!(k.parse_cell(bad), None, "{bad:?}");
    }
    let g = complex(Variant::Genus2);
    assert_eq!(g.parse_cell("II:e5").map(|c| g.name(c)).as_deref(), Some("II:e5"));
    for bad in ["e5", "III:e5", "II:e05", "II:", ":e5"] {
        assert_eq!(g.parse_cell(bad), None, "{bad:?}");
    }
}

/// "M10×9 and K9×18 admit the alternating cell coloring parity(file + rank)" (W+H odd, and H even
/// on K); the flat board too; Endless (8 + 8 even) and genus two (odd wrapping cycles) do not:
/// there some step keeps the parity, so bishops can change colour. The three-level boards are flat
/// levels, each coloured like the flat board.
#[test]
fn parity_is_a_colouring_exactly_on_m_k_the_flat_and_the_wrapped_boards() {
    use surface_chess_rules::{Dir, Variant};
    for v in Variant::ALL {
        let complex = &v.rules().complex;
        let parity = |c| {
            let at = complex.coord(c);
            (at.file + at.rank) % 2
        };
        let alternates = complex
            .cells()
            .all(|c| Dir::ALL.iter().all(|&d| complex.gluing(c, d).is_none_or(|g| parity(g.to) != parity(c))));
        // The cylinders and the 8 × 8 torus glue even widths straight (the 9 × 18 torus glues file a
        // to file i, one colour); the projective plane's reversed seams
        // join cells of one colour, and three squares round a cube's corner are an odd cycle.
        let expected = matches!(
            v,
            Variant::Mobius
                | Variant::Klein
                | Variant::Chess
                | Variant::Strato
                | Variant::Chess3
                | Variant::Cylinder
                | Variant::Torus
                | Variant::WideCylinder
        );
        assert_eq!(alternates, expected, "{v}");
    }
}
