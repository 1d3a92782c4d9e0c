//! The rules text's movement facts: setups, pawns, en passant, promotion, castling, rays, knights,
//! and the Endless examples.

use std::collections::BTreeSet;
use surface_chess_rules::{
    ActionKind, CastleSide, Cell, Color, Dir, EndReason, Facing, Frame, Game, GameError, Position, Role, Start,
    Variant, Vector, knight_targets, ray,
};

fn cell(v: Variant, name: &str) -> Cell {
    v.rules().complex.parse_cell(name).unwrap_or_else(|| panic!("{name} on {v}"))
}

fn names(v: Variant, cells: &[Cell]) -> Vec<String> {
    cells.iter().map(|&c| v.rules().complex.name(c)).collect()
}

fn play_line(v: Variant, moves: &[&str]) -> Position {
    let mut p = Position::new(v);
    for m in moves {
        let a = p.parse_action(m).unwrap_or_else(|e| panic!("{v} {m}: {e}"));
        p = p.play(a).expect("legal");
    }
    p
}

/// A position text from piece tokens on named cells (`("f1", "K")`, `("a2", "P+*")`) and the
/// remaining fields (`"w KQ - 0 1"`).
fn setup(v: Variant, pieces: &[(&str, &str)], rest: &str) -> Position {
    let c = &v.rules().complex;
    let mut charts = Vec::new();
    for (ci, chart) in c.charts().iter().enumerate() {
        let mut ranks = Vec::new();
        for rank in (0..chart.height).rev() {
            let mut row = String::new();
            let mut empty = 0;
            for file in 0..chart.width {
                let here = c.cell_at(surface_chess_rules::Coord { chart: ci as u8, file, rank }).unwrap();
                match pieces.iter().find(|(name, _)| cell(v, name) == here) {
                    Some((_, token)) => {
                        if empty > 0 {
                            row += &empty.to_string();
                            empty = 0;
                        }
                        row += token;
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                row += &empty.to_string();
            }
            ranks.push(row);
        }
        charts.push(ranks.join("/"));
    }
    let text = format!("{} {rest}", charts.join("|"));
    Position::from_text(v, &text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn notations(p: &Position) -> BTreeSet<String> {
    p.legal_actions().into_iter().map(|a| p.notation(a)).collect()
}

#[test]
fn each_side_has_the_ordinary_inventory() {
    for v in Variant::ALL {
        let p = Position::new(v);
        for color in Color::ALL {
            let count = |role| p.pieces().filter(|(_, q)| q.color() == color && q.role() == role).count();
            let counts = Role::ALL.map(count);
            // The sphere's 4 × 4 faces hold a small army.
            let expected = if v == Variant::Sphere { [3, 1, 1, 1, 1, 1] } else { [8, 2, 2, 2, 1, 1] };
            assert_eq!(counts, expected, "{v} {color:?}: P N B R Q K");
            for (_, q) in p.pieces().filter(|(_, q)| q.color() == color && q.role() == Role::Pawn) {
                assert_eq!(q.facing(), Some(color.home_facing()), "{v}: initial facing");
                assert!(q.unused(), "{v}: initial double step");
            }
        }
    }
}

#[test]
fn setups_match_the_diagrams() {
    let at = |v: Variant, name: &str| Position::new(v).piece_at(cell(v, name)).map(|p| p.letter());
    for (name, letter) in [("a1", 'P'), ("b1", 'R'), ("d1", 'B'), ("e1", 'Q'), ("f1", 'K'), ("c2", 'N'), ("h1", 'N')] {
        assert_eq!(at(Variant::Mobius, name), Some(letter), "M {name}");
    }
    assert_eq!(at(Variant::Mobius, "f9"), Some('k'));
    assert_eq!(at(Variant::Mobius, "c8"), Some('n'));
    for (name, letter) in [("e4", 'K'), ("e5", 'Q'), ("c5", 'B'), ("h5", 'B'), ("e7", 'P'), ("e15", 'k'), ("e12", 'p')]
    {
        assert_eq!(at(Variant::Klein, name), Some(letter), "K {name}");
    }
    for (name, letter) in [("I:e1", 'K'), ("I:e2", 'Q'), ("I:g2", 'B'), ("I:e4", 'P'), ("II:e9", 'k'), ("II:e8", 'q')] {
        assert_eq!(at(Variant::Genus2, name), Some(letter), "G {name}");
    }
    assert_eq!(at(Variant::Genus2, "II:c8"), Some('b'), "half-turn image of I:g2");
}

#[test]
fn surface_openings_have_no_captures() {
    for v in [Variant::Mobius, Variant::Klein, Variant::Genus2] {
        let p = Position::new(v);
        for side in [p.clone(), p.exchanged()] {
            assert!(side.legal_actions().iter().all(|&a| !side.is_capture(a)), "{v}: every initial route stops short");
        }
    }
}

#[test]
fn genus2_sliders_begin_screened_and_klein_h5_bishop_can_develop() {
    let p = Position::new(Variant::Genus2);
    for name in ["I:c2", "I:d2", "I:e2", "I:f2", "I:g2"] {
        let from = cell(Variant::Genus2, name);
        assert!(p.legal_actions().iter().all(|a| a.from != from), "{name} is screened");
    }
    let k = Position::new(Variant::Klein);
    assert!(k.legal_actions().iter().any(|a| a.from == cell(Variant::Klein, "h5")));
}

/// Single forward steps from a pawn to its promotion target on an otherwise empty board.
fn forward_steps_to_target(v: Variant, from: Cell, color: Color) -> usize {
    let rules = v.rules();
    let (mut at, mut facing) = (from, color.home_facing());
    for steps in 1..100 {
        let (to, t) = rules.complex.step(at, Vector::new(0, facing.sign())).expect("forward exists");
        facing = Facing::from_sign(t.apply(Vector::new(0, facing.sign())).y);
        at = to;
        if rules.promotes(color, at, facing) {
            return steps;
        }
    }
    panic!("no target");
}

#[test]
fn every_initial_pawn_has_forward_access_to_a_target() {
    for (v, lo, hi) in [(Variant::Mobius, 7, 8), (Variant::Klein, 8, 11), (Variant::Genus2, 6, 9)] {
        let p = Position::new(v);
        let steps: Vec<usize> = p
            .pieces()
            .filter(|(_, q)| q.role() == Role::Pawn)
            .map(|(c, q)| forward_steps_to_target(v, c, q.color()))
            .collect();
        assert_eq!(steps.len(), 16);
        assert_eq!((*steps.iter().min().unwrap(), *steps.iter().max().unwrap()), (lo, hi), "{v}");
    }
}

#[test]
fn promotion_targets_per_board() {
    let m = Variant::Mobius.rules();
    for color in Color::ALL {
        assert!(m.promotes(color, cell(Variant::Mobius, "c9"), Facing::Up));
        assert!(!m.promotes(color, cell(Variant::Mobius, "c9"), Facing::Down));
        assert!(m.promotes(color, cell(Variant::Mobius, "c1"), Facing::Down));
    }
    let k = Variant::Klein.rules();
    for facing in [Facing::Up, Facing::Down] {
        assert!(k.promotes(Color::White, cell(Variant::Klein, "a15"), facing));
        assert!(k.promotes(Color::Black, cell(Variant::Klein, "i4"), facing));
        assert!(!k.promotes(Color::White, cell(Variant::Klein, "a4"), facing));
    }
    let g = Variant::Genus2.rules();
    assert!(g.promotes(Color::White, cell(Variant::Genus2, "II:d9"), Facing::Down));
    assert!(!g.promotes(Color::White, cell(Variant::Genus2, "I:d9"), Facing::Up));
    assert!(g.promotes(Color::Black, cell(Variant::Genus2, "I:h1"), Facing::Up));
}

#[test]
fn promotion_is_mandatory_and_has_no_default() {
    // K: a white pawn on e14 facing up reaches rank 15.
    let p = setup(Variant::Klein, &[("a14", "P+"), ("e9", "k"), ("e3", "K")], "w - - 0 1");
    let a14 = cell(Variant::Klein, "a14");
    let from_a14: Vec<_> = p.legal_actions().into_iter().filter(|a| a.from == a14).collect();
    let roles: BTreeSet<_> = from_a14.iter().map(|a| a.promotion()).collect();
    assert_eq!(roles, BTreeSet::from([Some(Role::Queen), Some(Role::Rook), Some(Role::Bishop), Some(Role::Knight)]));
    assert!(p.parse_action("a14–a15").is_err(), "a move without the choice is incomplete");
    let q = p.play(p.parse_action("a14–a15=N").unwrap()).unwrap();
    assert_eq!(q.piece_at(cell(Variant::Klein, "a15")).map(|x| x.letter()), Some('N'));
}

#[test]
fn a_double_step_promotes_only_on_its_destination() {
    // Edited setup granting flags: a15 is White's target on K.
    let through = setup(Variant::Klein, &[("a14", "P+*"), ("e9", "k"), ("e3", "K")], "w - - 0 1");
    let double = through.parse_action("a14–a16").expect("double step crossing rank 15");
    assert!(matches!(double.kind, ActionKind::DoubleStep { promotion: None, .. }));
    let onto = setup(Variant::Klein, &[("a13", "P+*"), ("e9", "k"), ("e3", "K")], "w - - 0 1");
    let promoted = onto.play(onto.parse_action("a13–a15=Q").unwrap()).unwrap();
    assert_eq!(promoted.ep_trace(), None, "a promoting double step leaves no trace");
    let plain = through.play(double).unwrap();
    assert!(plain.ep_trace().is_some());
}

#[test]
fn mobius_en_passant_across_the_seam() {
    let p = play_line(Variant::Mobius, &["e2–e4", "a9–a7"]);
    let trace = p.ep_trace().expect("trace recorded");
    assert_eq!(names(Variant::Mobius, &[trace.source, trace.middle, trace.destination]), ["a9", "a8", "a7"]);
    let ep = p.parse_action("j1xa8").expect("en passant across the seam");
    assert!(matches!(ep.kind, ActionKind::EnPassant { facing: Facing::Down, promotion: None }));
    let q = p.play(ep).unwrap();
    assert_eq!(q.piece_at(cell(Variant::Mobius, "a7")), None, "the recorded pawn is removed from its destination");
    let pawn = q.piece_at(cell(Variant::Mobius, "a8")).expect("capturer lands on the middle");
    assert_eq!((pawn.color(), pawn.facing()), (Color::White, Some(Facing::Down)));
    assert_eq!(q.halfmove(), 0);
    // The right lasts one turn only.
    let later = play_line(Variant::Mobius, &["e2–e4", "a9–a7", "e4–e5", "e8–e7"]);
    assert!(later.parse_action("j1xa8").is_err());
}

#[test]
fn repetition_key_keeps_en_passant_only_when_it_is_legal() {
    let strip = |p: &Position, trace: &str| {
        Position::from_text(Variant::Mobius, &p.to_text().replace(trace, "-")).expect("valid without the trace")
    };
    // After a9–a7 the j1 pawn can take en passant across the seam: the trace is part of the key.
    let with = play_line(Variant::Mobius, &["e2–e4", "a9–a7"]);
    assert_ne!(with.key(), strip(&with, "a9-a8-a7").key());
    // After e8–e6 no white pawn can take on e7: the trace is equivalent to none.
    let without = play_line(Variant::Mobius, &["e2–e3", "e8–e6"]);
    assert_eq!(without.key(), strip(&without, "e8-e7-e6").key());
}

#[test]
fn pawn_facing_is_transported_by_a_diagonal_through_the_seam() {
    // White pawn a2 facing up takes west-forward across the seam: lands on j7 facing down.
    let p = setup(Variant::Mobius, &[("a2", "P+"), ("j7", "r"), ("e6", "k"), ("f1", "K")], "w - - 0 1");
    let a = p.parse_action("a2xj7").expect("capture across the seam");
    assert_eq!(a.facing(), Some(Facing::Down));
    let q = p.play(a).unwrap();
    assert_eq!(q.piece_at(cell(Variant::Mobius, "j7")).and_then(|x| x.facing()), Some(Facing::Down));
}

#[test]
fn castling_on_the_mobius_board() {
    let home = [("b1", "R"), ("f1", "K"), ("i1", "R"), ("e6", "k")];
    let p = setup(Variant::Mobius, &home, "w KQ - 0 1");
    let all = notations(&p);
    assert!(all.contains("O-O") && all.contains("O-O-O"));
    let east = p.play(p.parse_action("O-O").unwrap()).unwrap();
    assert_eq!(east.piece_at(cell(Variant::Mobius, "h1")).map(|x| x.letter()), Some('K'));
    assert_eq!(east.piece_at(cell(Variant::Mobius, "g1")).map(|x| x.letter()), Some('R'));
    let west = p.play(p.parse_action("O-O-O").unwrap()).unwrap();
    assert_eq!(west.piece_at(cell(Variant::Mobius, "d1")).map(|x| x.letter()), Some('K'));
    assert_eq!(west.piece_at(cell(Variant::Mobius, "e1")).map(|x| x.letter()), Some('R'));
    assert!(!east.castling().has(Color::White, CastleSide::West), "moving the king loses both rights");

    let castles = |extra: &[(&str, &str)]| {
        let pieces: Vec<(&str, &str)> = home.iter().chain(extra).copied().collect();
        let p = setup(Variant::Mobius, &pieces, "w KQ - 0 1");
        let n = notations(&p);
        (n.contains("O-O"), n.contains("O-O-O"))
    };
    // Transit cell g1 attacked.
    assert_eq!(castles(&[("g5", "r")]), (false, true));
    // Destination h1 attacked.
    assert_eq!(castles(&[("h5", "r")]), (false, true));
    // Source in check.
    assert_eq!(castles(&[("f5", "r")]), (false, false));
    // Transit attacked by a winding diagonal through the seam (a5–j4–i3–h2–g1); the straight
    // continuation a5–b4–c3–d2–e1 is blocked at c3.
    assert_eq!(castles(&[("a5", "b"), ("c3", "P+")]), (false, true));
    assert_eq!(castles(&[("a5", "b")]), (false, false), "unblocked, the same line also hits e1");
    // Each rook's move uncovers the j1 rook's attack on the king's destination: east directly
    // (j1–i1–h1), west the long way round (j1–a9…j9–a1–b1–c1–d1). Only the final test sees them.
    assert_eq!(castles(&[("j1", "r")]), (false, false));
    assert_eq!(castles(&[("j1", "r"), ("c1", "N")]), (false, false), "c1 blocks the west castle");
    assert_eq!(castles(&[("j1", "r"), ("a1", "P+*")]), (false, true), "a1 blocks the winding line");
    // A piece between king and rook.
    assert_eq!(castles(&[("d1", "N")]), (true, false));
}

#[test]
fn castling_rights_are_lost_for_good() {
    let home = [("b1", "R"), ("f1", "K"), ("i1", "R"), ("e6", "k")];
    let start = setup(Variant::Mobius, &home, "w KQ - 0 1");
    let line =
        |p: &Position, moves: &[&str]| moves.iter().fold(p.clone(), |q, m| q.play(q.parse_action(m).unwrap()).unwrap());
    let back = line(&start, &["Ri1–i2", "Ke6–e7", "Ri2–i1", "Ke7–e6"]);
    assert!(!back.castling().has(Color::White, CastleSide::East), "returning home does not restore");
    assert!(back.castling().has(Color::White, CastleSide::West));
    let king = line(&start, &["Kf1–f2", "Ke6–e7", "Kf2–f1", "Ke7–e6"]);
    assert!(king.castling().is_empty());
    let captured = setup(Variant::Mobius, &[home[0], home[1], home[2], home[3], ("i8", "r")], "b KQ - 0 1");
    let after = line(&captured, &["Ri8xi1"]);
    assert!(!after.castling().has(Color::White, CastleSide::East), "a captured rook's right is gone");
    for v in [Variant::Klein, Variant::Genus2] {
        assert!(Position::new(v).castling().is_empty() && v.rules().castling.is_none(), "{v}: no castling");
    }
}

#[test]
fn pinned_pieces_still_attack() {
    // The white knight d2 is pinned by the bishop b4, yet it still guards e4 against the black king.
    let p = Position::from_text(Variant::Chess, "8/8/8/4k3/1b6/8/3N4/4K3 b - - 0 1").unwrap();
    let n = notations(&p);
    assert!(!n.contains("Ke5–e4"), "e4 is attacked by a pinned knight");
    assert!(n.contains("Ke5–d4"));
}

#[test]
fn rays_stop_at_their_departure_cell_and_merge_equal_routes() {
    let v = Variant::Klein;
    let c = &v.rules().complex;
    let north = ray(c, cell(v, "a1"), Vector::new(0, 1));
    assert_eq!(north.len(), 17, "around the bottle and back to a1, which stops the ray");
    let east = ray(c, cell(v, "a1"), Vector::new(1, 0));
    assert_eq!(names(v, &east[7..10]), ["i1", "a18", "b18"]);
    assert_eq!(east.len(), 17);
    // On an otherwise empty board the rook's destinations are the union of its rays, each once.
    let p = Position::from_text(v, "9/9/9/9/9/9/9/9/9/4k4/9/9/9/9/9/9/9/R3K4 w - - 0 1").unwrap();
    let rook = cell(v, "a1");
    let dests: Vec<Cell> = p.legal_actions().into_iter().filter(|a| a.from == rook).map(|a| a.to).collect();
    let unique: BTreeSet<Cell> = dests.iter().copied().collect();
    assert_eq!(dests.len(), unique.len(), "two rays to one cell are one action");
    assert!(unique.contains(&cell(v, "a18")));
}

#[test]
fn knights_follow_long_short_long() {
    let v = Variant::Genus2;
    let c = &v.rules().complex;
    let word = |from: Cell, w: [Dir; 3]| {
        w.iter().try_fold((from, Frame::IDENTITY), |(at, f), d| c.walk(at, f, d.vector())).map(|(to, _)| to)
    };
    let differs = c.cells().any(|from| {
        Dir::ALL.iter().any(|&l| l.perpendicular().iter().any(|&s| word(from, [l, s, l]) != word(from, [l, l, s])))
    });
    assert!(differs, "L,L,S is not interchangeable with L,S,L on G");
    for v in Variant::ALL {
        let c = &v.rules().complex;
        for from in c.cells() {
            assert!(!knight_targets(c, from).contains(&from), "{v}: never back to the departure cell");
        }
    }
}

#[test]
fn endless_has_twenty_four_first_moves() {
    let p = Position::new(Variant::Endless);
    let n = notations(&p);
    assert_eq!(n.len(), 24);
    for capture in ["Ra1xh8", "Nb1xh7", "Ng1xa7", "Rh1xa8"] {
        assert!(n.contains(capture), "{capture}");
    }
    // Knights keep their colour across the seam: b1 and h7 are both light.
    let v = Variant::Endless;
    let shade = |name: &str| {
        let at = v.rules().complex.coord(cell(v, name));
        (at.file + at.rank) % 2
    };
    assert_eq!(shade("b1"), shade("h7"));
}

#[test]
fn endless_rook_and_bishop_examples() {
    let v = Variant::Endless;
    let c = &v.rules().complex;
    let east = ray(c, cell(v, "h3"), Vector::new(1, 0));
    let expected = ["a6", "b6", "c6", "d6", "e6", "f6", "g6", "h6", "a3", "b3", "c3", "d3", "e3", "f3", "g3"];
    assert_eq!(names(v, &east), expected, "15 squares: all of rank 6 and the rest of rank 3");
    let west = ray(c, cell(v, "h3"), Vector::new(-1, 0));
    let mut reversed: Vec<&str> = expected.to_vec();
    reversed.reverse();
    assert_eq!(names(v, &west), reversed, "sliding left visits the same squares in the opposite order");
    let bishop = ray(c, cell(v, "h3"), Vector::new(1, 1));
    assert_eq!(names(v, &bishop), ["a5", "b4", "c3", "d2", "e1"]);
}

#[test]
fn endless_pawns_keep_their_owner_facing_across_the_seam() {
    // White pawn h6 takes forward-east across the seam onto a2, still facing rank 8.
    let p = Position::from_text(Variant::Endless, "4k3/8/7P/8/8/8/p7/4K3 w - - 0 1").unwrap();
    let a = p.parse_action("h6xa2").expect("diagonal across the seam");
    let q = p.play(a).unwrap();
    let pawn = q.piece_at(cell(Variant::Endless, "a2")).unwrap();
    assert_eq!(pawn.facing(), Some(Facing::Up));
    assert!(!pawn.unused(), "a pawn that arrives on rank 2 has no double step");
    assert!(q.to_text().starts_with("4k3/8/8/8/8/8/P7/"));
}

#[test]
fn endless_and_chess_castle_ordinarily() {
    for v in [Variant::Endless, Variant::Chess] {
        let p = setup(v, &[("a1", "R"), ("e1", "K"), ("h1", "R"), ("e5", "k")], "w KQ - 0 1");
        let n = notations(&p);
        assert!(n.contains("O-O") && n.contains("O-O-O"), "{v}");
        let q = p.play(p.parse_action("O-O-O").unwrap()).unwrap();
        assert_eq!(q.piece_at(cell(v, "c1")).map(|x| x.letter()), Some('K'));
        assert_eq!(q.piece_at(cell(v, "d1")).map(|x| x.letter()), Some('R'));
    }
}

#[test]
fn development_lines_are_legal_and_do_what_the_text_says() {
    // M: the bishops bear on the opposing central pawns along g4–f5–e6 and g6–f5–e4.
    let m = play_line(Variant::Mobius, &["e2–e4", "e8–e6", "Bd1–g4", "Bd9–g6"]);
    assert!(notations(&m).contains("Bg4xe6"));
    let m2 = play_line(Variant::Mobius, &["e2–e4", "e8–e6", "Bd1–g4", "Bd9–g6", "Nc2–d4"]);
    assert!(notations(&m2).contains("Bg6xe4"));
    play_line(Variant::Mobius, &["e2–e4", "e8–e6", "Bd1–g4", "Bd9–g6", "Nc2–d4", "Nc8–d6"]);
    play_line(Variant::Klein, &["e7–e9", "e12–e10", "Nd4–c6", "Nd15–c13", "Bc5–d4", "Bc14–d15"]);
    // G: the leading pawns meet across the I:e5/II:e5 seam and block each other.
    let g = play_line(Variant::Genus2, &["I:e4–I:e5", "II:e6–II:e5"]);
    assert!(g.legal_actions().iter().all(|a| a.from != cell(Variant::Genus2, "I:e5")));
    let black = play_line(Variant::Genus2, &["I:e4–I:e5", "II:e6–II:e5", "NI:d1–I:c3"]);
    let blocked = cell(Variant::Genus2, "II:e5");
    assert!(black.legal_actions().iter().all(|a| a.from != blocked));
    play_line(
        Variant::Genus2,
        &["I:e4–I:e5", "II:e6–II:e5", "NI:d1–I:c3", "NII:f9–II:g7", "BI:c2–I:d1", "BII:g8–II:f9"],
    );
    let double = play_line(Variant::Genus2, &["I:e4–II:e5"]);
    let trace = double.ep_trace().expect("a double step");
    assert_eq!(names(Variant::Genus2, &[trace.middle]), ["I:e5"]);
}

#[test]
fn games_end_in_the_rules_order() {
    // Fool's mate on the flat board: mate.
    let mut g = Game::new(Variant::Chess);
    for m in ["f2–f3", "e7–e5", "g2–g4", "Qd8–h4"] {
        g.play(g.position().parse_action(m).unwrap()).unwrap();
    }
    let o = g.outcome().expect("mate");
    assert_eq!((o.winner, o.reason.name()), (Some(Color::Black), "checkmate"));
    assert!(g.play(g.position().legal_actions().first().copied().unwrap_or(g.actions()[0])).is_err());
    // Bare kings draw at once on the surfaces.
    let p = setup(Variant::Mobius, &[("f1", "K"), ("j2", "r"), ("e6", "k")], "w - - 0 1");
    let mut g = Game::from_position(p, surface_chess_rules::Start::Edited { label: "bare kings test".into() });
    for m in ["Kf1–g1", "Ke6–e7", "Kg1–h1", "Ke7–e6", "Kh1–i1"] {
        assert!(g.outcome().is_none());
        g.play(g.position().parse_action(m).unwrap()).unwrap();
    }
    g.play(g.position().parse_action("Ke6–e7").unwrap()).unwrap();
    g.play(g.position().parse_action("Ki1xj2").unwrap()).unwrap();
    assert_eq!(g.outcome().map(|o| o.reason.name()), Some("bare kings"));
}

#[test]
fn fivefold_repetition_and_the_halfmove_limit_draw() {
    let mut g = Game::new(Variant::Klein);
    let shuffle = ["Nd4–c6", "Nd15–c13", "Nc6–d4", "Nc13–d15"];
    for round in 0..4 {
        for m in shuffle {
            assert!(g.outcome().is_none(), "round {round}");
            g.play(g.position().parse_action(m).unwrap()).unwrap();
        }
    }
    assert_eq!(g.repetitions(), 5);
    assert_eq!(g.outcome().map(|o| o.reason.name()), Some("fivefold repetition"));
    assert!(g.claim_draw().is_err(), "K has no claimable draws");

    let p = Position::from_text(Variant::Genus2, "9/9/9/9/9/9/9/9/4K3R|4k4/9/9/9/9/9/9/9/9 w - - 149 80").unwrap();
    let mut g = Game::from_position(p, surface_chess_rules::Start::Edited { label: "move limit".into() });
    g.play(g.position().parse_action("RI:i1–I:i2").unwrap()).unwrap();
    assert_eq!(g.outcome().map(|o| o.reason.name()), Some("150 halfmoves"));
}

#[test]
fn claimable_draws_exist_on_endless_and_chess_only() {
    let mut g = Game::new(Variant::Endless);
    let knights = ["Ng1–f3", "Ng8–f6", "Nf3–g1", "Nf6–g8"];
    for m in knights {
        g.play(g.position().parse_action(m).unwrap()).unwrap();
    }
    // Twice is not enough.
    assert_eq!((g.repetitions(), g.claimable()), (2, None));
    assert_eq!(g.clone().claim_draw(), Err(GameError::NoClaim));
    for m in knights {
        g.play(g.position().parse_action(m).unwrap()).unwrap();
    }
    assert_eq!(g.repetitions(), 3);
    assert!(g.outcome().is_none());
    assert_eq!(g.claimable(), Some(EndReason::ThreefoldClaim));
    assert_eq!(g.claim_draw().map(|r| r.name()), Ok("threefold repetition claimed"));
    assert_eq!(g.claim_draw(), Err(GameError::Over(g.outcome().expect("claimed"))));
    // Fifty moves: from the hundredth halfmove on.
    let fifty = |halfmove: u32| {
        let text = format!("4k3/8/8/8/8/8/8/R3K3 w - - {halfmove} 80");
        Game::from_position(Position::from_text(Variant::Chess, &text).unwrap(), Start::Edited { label: "50".into() })
    };
    assert_eq!(fifty(99).claimable(), None);
    assert_eq!(fifty(100).claimable(), Some(EndReason::FiftyMoveClaim));
    // The surfaces have no claims, however often a position recurs.
    let mut m = Game::new(Variant::Mobius);
    for _ in 0..2 {
        for a in ["Nc2–d4", "Nc8–d6", "Nd4–c2", "Nd6–c8"] {
            m.play(m.position().parse_action(a).unwrap()).unwrap();
        }
    }
    assert_eq!((m.repetitions(), m.claimable()), (3, None));
    assert_eq!(m.claim_draw(), Err(GameError::NoClaim));
    let p = Position::from_text(Variant::Chess, "4k3/8/8/8/8/8/8/4KB2 w - - 0 1").unwrap();
    let g = Game::from_position(p, surface_chess_rules::Start::Edited { label: "K+B v K".into() });
    assert_eq!(g.outcome().map(|o| o.reason.name()), Some("insufficient material"));
}

#[test]
fn stalemate_is_a_draw() {
    let p = Position::from_text(Variant::Chess, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    let g = Game::from_position(p, surface_chess_rules::Start::Edited { label: "stalemate".into() });
    let o = g.outcome().expect("no legal action");
    assert_eq!((o.winner, o.reason.name()), (None, "stalemate"));
}

#[test]
fn no_pawn_has_two_routes_to_one_cell_on_these_boards() {
    // So the facing arrow of the notation never appears on M, K or G: each pawn route of one pawn
    // ends on its own cell (forward, double step and both diagonals, every cell and facing).
    for v in [Variant::Mobius, Variant::Klein, Variant::Genus2] {
        let c = &v.rules().complex;
        for from in c.cells() {
            for f in [1i8, -1] {
                let ahead = Vector::new(0, f);
                let forward = c.step(from, ahead);
                let double = forward.and_then(|(m, t)| c.step(m, t.apply(ahead))).map(|(d, _)| d);
                let mut ends: Vec<Cell> = [-1i8, 1]
                    .iter()
                    .filter_map(|&x| c.diagonal(from, Vector::new(x, f)).map(|(d, _)| d))
                    .chain(forward.map(|(d, _)| d))
                    .chain(double)
                    .collect();
                let n = ends.len();
                ends.sort();
                ends.dedup();
                assert_eq!(ends.len(), n, "{v} {}", c.name(from));
            }
        }
    }
}

#[test]
fn a_whole_game_maps_under_player_exchange() {
    let mut g = Game::new(Variant::Mobius);
    for m in ["e2–e4", "a9–a7", "j1xa8", "e8–e6"] {
        g.play(g.position().parse_action(m).unwrap()).unwrap();
    }
    let phi = g.exchanged();
    assert_eq!(phi.position(), &g.position().exchanged());
    assert_eq!(phi.exchanged().position(), g.position());
    let rules = Variant::Mobius.rules();
    for (a, b) in g.actions().iter().zip(phi.actions()) {
        assert_eq!(a.exchanged(rules), *b);
    }
}

#[test]
fn checkmate_takes_precedence_over_the_move_limit() {
    // Ra1–a8 is quiet (the 150th halfmove) and mates: the mate decides.
    let p = Position::from_text(Variant::Chess, "7k/6pp/8/8/8/8/8/R5K1 w - - 149 100").unwrap();
    let mut g = Game::from_position(p, surface_chess_rules::Start::Edited { label: "move limit mate".into() });
    g.play(g.position().parse_action("Ra1–a8").unwrap()).unwrap();
    assert_eq!(g.position().halfmove(), 150);
    assert_eq!(g.outcome().map(|o| o.reason.name()), Some("checkmate"));
}

#[test]
fn an_en_passant_that_would_expose_the_king_is_no_part_of_the_key() {
    // After c7–c5 the b5 pawn could take en passant, but both pawns would leave rank 5 and the
    // rook on h5 would attack the king on a5: the trace is equivalent to none.
    let p = Position::from_text(Variant::Chess, "4k3/2p5/8/KP5r/8/8/8/8 b - - 0 1").unwrap();
    let q = p.play(p.parse_action("c7–c5").unwrap()).unwrap();
    assert!(q.ep_trace().is_some());
    assert!(q.parse_action("b5xc6").is_err(), "illegal: it exposes the king");
    let stripped = Position::from_text(Variant::Chess, &q.to_text().replace(" c6 ", " - ")).unwrap();
    assert_eq!(q.key(), stripped.key());
}

#[test]
fn positions_differ_when_any_state_field_differs() {
    let chess = |text: &str| Position::from_text(Variant::Chess, text).unwrap();
    let base = chess("r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 3 20");
    assert_eq!(base, chess("r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 3 20"));
    for other in [
        "r3k2r/8/8/3pP3/8/8/7P/R3K2R w KQkq d6 3 20",
        "r3k2r/8/8/3pP3/8/8/8/R3K2R w Qkq d6 3 20",
        "r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq - 3 20",
        "r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 4 20",
        "r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 3 21",
    ] {
        assert_ne!(base, chess(other), "{other}");
    }
    // The side to move, and the board: the same text on the two 8×8 boards.
    assert_ne!(chess("4k3/8/8/8/8/8/8/4K3 w - - 0 1"), chess("4k3/8/8/8/8/8/8/4K3 b - - 0 1"));
    let endless = Position::from_text(Variant::Endless, "4k3/8/8/8/8/8/8/4K3 w - - 0 0").unwrap();
    let flat = Position::from_text(Variant::Chess, "4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    assert_eq!((endless.pieces().count(), endless.ply()), (flat.pieces().count(), flat.ply()));
    assert_ne!(endless, flat);
}

#[test]
fn insufficient_material_on_the_flat_board() {
    // Pieces besides the kings (e1 and e8): who can never mate.
    for (pieces, dead) in [
        ("", true),
        ("N on b1", true),
        ("B on c1", true),
        ("b on c8", true),
        ("B on c1 and b on f8: one shade", true),
        ("B on c1 and B on a3: one shade", true),
        ("B on c1 and b on c8: two shades", false),
        ("N on b1 and n on b8", false),
        ("B on c1 and n on b8", false),
        ("P on a2", false),
        ("R on a1", false),
        ("q on d8", false),
    ] {
        let mut board = [['.'; 8]; 8];
        board[0][4] = 'K';
        board[7][4] = 'k';
        for part in pieces.split(" and ").filter(|p| !p.is_empty()) {
            let mut words = part.split(' ');
            let letter = words.next().and_then(|w| w.chars().next()).unwrap();
            let square = words.nth(1).unwrap().as_bytes();
            board[usize::from(square[1] - b'1')][usize::from(square[0] - b'a')] = letter;
        }
        let ranks: Vec<String> = board
            .iter()
            .rev()
            .map(|rank| {
                let mut text = String::new();
                let mut empty = 0;
                for &ch in rank {
                    if ch == '.' {
                        empty += 1;
                        continue;
                    }
                    if empty > 0 {
                        text.push_str(&empty.to_string());
                        empty = 0;
                    }
                    text.push(ch);
                }
                if empty > 0 {
                    text.push_str(&empty.to_string());
                }
                text
            })
            .collect();
        let text = format!("{} w - - 0 40", ranks.join("/"));
        let p = Position::from_text(Variant::Chess, &text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(p.insufficient_material(), dead, "{pieces}: {text}");
        // Only ordinary chess draws on it.
        let outcome = Game::from_position(p, Start::Edited { label: pieces.into() }).outcome();
        let expected = match (dead, pieces.is_empty()) {
            (_, true) => Some(EndReason::BareKings),
            (true, false) => Some(EndReason::InsufficientMaterial),
            (false, _) => None,
        };
        assert_eq!(outcome.map(|o| o.reason), expected, "{pieces}");
        let Ok(endless) = Position::from_text(Variant::Endless, &text.replace(" 0 40", " 0 78")) else {
            // Across Endless's seam a1 is next to h8: that rook checks the king on e8.
            assert_eq!(pieces, "R on a1");
            continue;
        };
        let outcome = Game::from_position(endless, Start::Edited { label: pieces.into() }).outcome();
        assert_eq!(outcome.map(|o| o.reason), pieces.is_empty().then_some(EndReason::BareKings), "{pieces}");
    }
}

#[test]
fn two_pawns_reaching_one_cell_with_opposite_facings_need_no_arrow() {
    // b4 takes a5 straight on, facing up; j4 takes a5 through the twist, arriving facing down.
    let p = setup(Variant::Mobius, &[("b4", "P+"), ("j4", "P+"), ("a5", "r"), ("e8", "k"), ("f1", "K")], "w - - 0 1");
    let onto: Vec<(String, Option<Facing>)> = p
        .legal_actions()
        .into_iter()
        .filter(|a| a.to == cell(Variant::Mobius, "a5"))
        .map(|a| (p.notation(a), a.facing()))
        .collect();
    // The departure cells tell them apart: the facing arrow is for one pawn's two routes only.
    assert_eq!(onto, [("b4xa5".to_owned(), Some(Facing::Up)), ("j4xa5".to_owned(), Some(Facing::Down))].to_vec(),);
}

#[test]
fn a_facing_in_the_text_must_be_the_arrival_facing() {
    let p = Position::new(Variant::Mobius);
    for text in ["e2–e3↑", "e2-e3^", "e2–e3"] {
        let a = p.parse_action(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!((p.notation(a).as_str(), a.facing()), ("e2–e3", Some(Facing::Up)), "{text}");
    }
    for text in ["e2–e3↓", "e2-e3v"] {
        assert_eq!(p.parse_action(text), Err(surface_chess_rules::ParseActionError::Illegal(text.into())));
    }
    // Debug output names the board and the position text.
    assert_eq!(format!("{p:?}"), format!("Position(mobius {})", p.to_text()));
}
