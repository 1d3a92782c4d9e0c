//! "What if it were not twisted?" (issue 20, item 2): each twisted board's twin with the same
//! chart and its seams straight, the same position carried across, and where a piece goes on each.

use surface_chess_rules::{Cell, Color, Piece, Position, Role, Setup, Variant};

fn cell(p: &Position, name: &str) -> Cell {
    p.complex().parse_cell(name).unwrap_or_else(|| panic!("no cell {name}"))
}

fn names(p: &Position, cells: impl IntoIterator<Item = Cell>) -> Vec<String> {
    cells.into_iter().map(|c| p.complex().name(c)).collect()
}

/// A position on `v` with the pieces given by cell name, White to move.
fn placed(v: Variant, pieces: &[(&str, Color, Role)]) -> Position {
    let mut setup = Setup::empty(v);
    for &(name, color, role) in pieces {
        let c = v.rules().complex.parse_cell(name).unwrap_or_else(|| panic!("no cell {name}"));
        setup.put(c, Some(Piece::new(color, role)));
    }
    setup.position().unwrap_or_else(|e| panic!("{v}: {e}"))
}

#[test]
fn the_twisted_boards_and_their_twins_pair_off_on_the_same_chart() {
    let pairs = [
        (Variant::Mobius, Variant::WideCylinder),
        (Variant::Klein, Variant::LongTorus),
        (Variant::Endless, Variant::Cylinder),
        (Variant::Projective, Variant::Torus),
    ];
    for v in Variant::ALL {
        let expected = pairs.iter().find_map(|&(a, b)| (a == v).then_some(b).or((b == v).then_some(a)));
        assert_eq!(v.spec().twin, expected, "{v}");
        let Some(t) = expected else { continue };
        let (here, there) = (&v.rules().complex, &t.rules().complex);
        assert_eq!(here.charts(), there.charts(), "{v} and {t} share their chart");
        // One of each pair reverses orientation across a seam, the other never does.
        let twisted = |c: &surface_chess_rules::Complex| {
            c.cells().any(|x| {
                surface_chess_rules::Dir::ALL.iter().any(|&d| c.gluing(x, d).is_some_and(|g| g.derivative.det() < 0))
            })
        };
        assert_ne!(twisted(here), twisted(there), "{v} ↔ {t}");
    }
    assert_eq!(Variant::Sphere.spec().twin, None);
    assert_eq!(Position::new(Variant::Sphere).on_twin(), None, "the sphere has no twist to take out");
    assert_eq!(Position::new(Variant::Genus2).compare(Cell(0), false), None);
}

#[test]
fn the_same_position_stands_on_the_twin() {
    for v in Variant::ALL.into_iter().filter(|v| v.spec().twin.is_some()) {
        let p = Position::new(v);
        let t = p.on_twin().expect("a twin");
        let by_name = |q: &Position| {
            let mut v: Vec<(String, Piece)> = q.pieces().map(|(c, piece)| (q.complex().name(c), piece)).collect();
            v.sort_by(|a, b| a.0.cmp(&b.0));
            v
        };
        assert_eq!(by_name(&p), by_name(&t), "{v}");
        assert_eq!((t.side_to_move(), t.ply(), t.halfmove()), (p.side_to_move(), p.ply(), p.halfmove()));
        assert_eq!(t.on_twin().map(|q| q.to_text()), Some(p.to_text()), "{v}: back again");
    }
}

#[test]
fn a_rook_through_m_s_seam_comes_back_mirrored_and_through_the_cylinder_s_straight() {
    let p = placed(
        Variant::Mobius,
        &[("j2", Color::White, Role::Rook), ("e1", Color::White, Role::King), ("e9", Color::Black, Role::King)],
    );
    let c = p.compare(cell(&p, "j2"), false).expect("M has a twin");
    assert_eq!(c.twin, Variant::WideCylinder);
    // East of j2 is a8 on M (east of j,r is a,10−r): the rank runs on through the mirrored rank
    // 8 and comes back to rank 2. On the cylinder east of j2 is a2: rank 2 closes on itself.
    let only_here = names(&p, c.only_here());
    for far in ["a8", "d8", "i8"] {
        assert!(only_here.contains(&far.to_owned()), "{far}: {only_here:?}");
    }
    assert_eq!(c.only_there().count(), 0, "the cylinder reaches nothing M does not");
    for same in ["a2", "i2", "j1", "j3", "j9"] {
        assert!(c.here.contains(&cell(&p, same)) && c.there.contains(&cell(&p, same)), "{same}");
    }
    assert_eq!(names(&p, c.differing()), only_here);
}

#[test]
fn m_s_opening_checks_through_the_cylinder_s_seam_but_not_through_m_s() {
    // 1. Nh1–j2 Nc8–b6 opens d9's diagonal: d9, c8, b7, a6 and on. On the cylinder it runs
    // straight on through j5, i4, h3, g2 to the king on f1; on M the twist turns it away.
    let mut p = Position::new(Variant::Mobius);
    for text in ["Nh1-j2", "Nc8-b6"] {
        let a = p.parse_action(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        p = p.play(a).expect("legal on M");
    }
    let t = p.on_twin().expect("twin");
    assert!(!p.is_check(), "M: {p:?}");
    assert!(t.is_check(), "cylinder: {t:?}");
    let c = p.compare(cell(&p, "f1"), false).expect("twin");
    assert!(c.there.is_empty() || !c.there.contains(&cell(&p, "g2")), "the king may not stay on the checking line");
}

#[test]
fn klein_s_seam_reverses_ranks_where_the_torus_keeps_them() {
    let p = placed(
        Variant::Klein,
        &[("i5", Color::White, Role::Rook), ("e1", Color::White, Role::King), ("e10", Color::Black, Role::King)],
    );
    let c = p.compare(cell(&p, "i5"), false).expect("K has a twin");
    assert_eq!(c.twin, Variant::LongTorus);
    // East of i5 is a14 on K (19 − 5) and a5 on the torus: K's rank runs through rank 14 first.
    assert!(c.here.contains(&cell(&p, "a14")) && !c.there.contains(&cell(&p, "a14")));
    assert!(c.there.contains(&cell(&p, "a5")) && c.here.contains(&cell(&p, "a5")));
    // The file wraps the same way on both (K's ranks wrap by translation, as the torus's).
    for same in ["i1", "i9", "i18"] {
        assert!(c.here.contains(&cell(&p, same)) && c.there.contains(&cell(&p, same)), "{same}");
    }
}

#[test]
fn the_twisted_board_of_each_pair_reaches_the_mirrored_rank_and_nothing_else_differs_on_a_rank() {
    // A rook on h3: across a reversed side seam its rank runs on through rank 6.
    for (v, twisted) in
        [(Variant::Endless, true), (Variant::Cylinder, false), (Variant::Projective, true), (Variant::Torus, false)]
    {
        let p = placed(
            v,
            &[("h3", Color::White, Role::Rook), ("d2", Color::White, Role::King), ("d7", Color::Black, Role::King)],
        );
        let c = p.compare(cell(&p, "h3"), false).expect("a twin");
        let (mine, theirs) = if twisted { (&c.here, &c.there) } else { (&c.there, &c.here) };
        assert!(mine.contains(&cell(&p, "a6")) && !theirs.contains(&cell(&p, "a6")), "{v}");
        assert!(mine.contains(&cell(&p, "a3")) && theirs.contains(&cell(&p, "a3")), "{v}");
        // The rook's own file and rank agree.
        let at = p.complex().coord(cell(&p, "h3"));
        for d in c.differing() {
            let d = p.complex().coord(d);
            assert!(d.file != at.file && d.rank != at.rank, "{v}: {d:?}");
        }
    }
}

#[test]
fn comparing_from_the_twin_gives_the_same_cells_the_other_way_round() {
    for v in Variant::ALL.into_iter().filter(|v| v.spec().twin.is_some()) {
        let p = Position::new(v);
        let t = p.on_twin().expect("twin");
        for exploring in [false, true] {
            for (from, _) in p.pieces() {
                let here = p.compare(from, exploring).expect("twin");
                let back = t.compare(t.complex().cell_at(p.complex().coord(from)).unwrap(), exploring).expect("back");
                let to_t = |cells: &std::collections::BTreeSet<Cell>| -> Vec<_> {
                    cells.iter().map(|&c| p.complex().coord(c)).collect()
                };
                let from_t = |cells: &std::collections::BTreeSet<Cell>| -> Vec<_> {
                    cells.iter().map(|&c| t.complex().coord(c)).collect()
                };
                assert_eq!(to_t(&here.here), from_t(&back.there), "{v} {}", p.complex().name(from));
                assert_eq!(to_t(&here.there), from_t(&back.here), "{v} {}", p.complex().name(from));
            }
        }
    }
}
