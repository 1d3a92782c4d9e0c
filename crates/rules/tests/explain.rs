//! Explanations: every reason on every board where it can occur, the two cone points of genus
//! two, checks through a seam on M, K and G, and the reasons' invariants along played games (on
//! the three-level boards against the movement tables of `gg3-movement-tables.md`, written out
//! here afresh; their reasons on real positions are in `explain_levels.rs`).

use surface_chess_rules::{
    Action, ActionKind, Cell, Color, Facing, Link, Mesh, Movement, Piece, Position, Reason, Role, Setup, Variant,
    Vector, Verdict, king_targets, knight_targets, ray,
};

/// A position from a list like `"Kf1 ke9 Rb1 P+e2 p-*a9"`: the letter (upper case White), for pawns
/// the facing `+`/`-` and `*` for an unused double step, then the cell.
fn place(v: Variant, pieces: &str, side: Color, castling: &str) -> Position {
    let complex = &v.rules().complex;
    let mut setup = Setup::empty(v);
    for token in pieces.split_whitespace() {
        let mut chars = token.chars();
        let letter = chars.next().unwrap();
        let color = if letter.is_ascii_uppercase() { Color::White } else { Color::Black };
        let role = Role::from_letter(letter).unwrap();
        let mut rest = chars.as_str();
        let piece = if role == Role::Pawn {
            let facing = if rest.starts_with('-') { Facing::Down } else { Facing::Up };
            rest = rest.trim_start_matches(['+', '-']);
            let unused = rest.starts_with('*');
            Piece::pawn(color, facing, unused)
        } else {
            Piece::new(color, role)
        };
        let cell = complex.parse_cell(rest.trim_start_matches('*')).unwrap_or_else(|| panic!("{token}"));
        setup.put(cell, Some(piece));
    }
    setup.side = side;
    let mut text = setup.to_text();
    if !castling.is_empty() {
        let mut fields: Vec<&str> = text.split(' ').collect();
        fields[2] = castling;
        text = fields.join(" ");
    }
    Position::from_text(v, &text).unwrap_or_else(|e| panic!("{pieces}: {e}"))
}

/// The first line `surfchess explain` would print.
fn explain(p: &Position, from: &str, to: &str) -> String {
    let c = |n: &str| p.complex().parse_cell(n).unwrap_or_else(|| panic!("{n}"));
    p.explain(c(from), c(to)).lines(p).join("\n")
}

fn white(v: Variant, pieces: &str) -> Position {
    place(v, pieces, Color::White, "")
}

#[test]
fn empty_square_and_not_your_turn_on_every_board() {
    for v in Variant::ALL {
        let p = Position::new(v);
        let complex = p.complex();
        let empty = complex.cells().find(|&c| p.piece_at(c).is_none()).unwrap();
        let black = complex.cells().find(|&c| p.piece_at(c).is_some_and(|q| q.color() == Color::Black)).unwrap();
        let any = complex.name(complex.cells().next().unwrap());
        assert_eq!(explain(&p, &complex.name(empty), &any), "illegal empty-square", "{v}");
        assert_eq!(explain(&p, &complex.name(black), &any), "illegal not-your-turn", "{v}");
    }
}

#[test]
fn moebius_reasons() {
    let v = Variant::Mobius;
    let start = Position::new(v);
    assert_eq!(explain(&start, "c2", "c3"), "illegal not-a-move");
    assert_eq!(explain(&start, "b1", "b4"), "illegal blocked b2");
    assert_eq!(explain(&start, "b1", "a1"), "illegal own-piece a1");
    assert_eq!(explain(&start, "f1", "h1"), "illegal castling occupied g1");
    assert_eq!(explain(&start, "e2", "d3"), "illegal no-capture");
    assert_eq!(explain(&start, "e2", "e4"), "legal e2–e4 route e2 e3 e4 facing up");
    // A rook leaves the west edge and comes back on the east with the rank reversed.
    let p = white(v, "Kf1 kf9 Ra4");
    assert_eq!(explain(&p, "a4", "i6"), "legal Ra4–i6 route a4 j6 i6 seams a4>j6");
    // A knight whose jump runs off the unglued top edge.
    let p = white(v, "Kf1 kf5 Ne8");
    assert_eq!(explain(&p, "e8", "f1"), "illegal edge f9 north");
    // A pinned knight through the seam: a4 west is j6, and the rook on i6 attacks along it.
    let p = white(v, "Ka4 kf9 Nj6 ri6");
    assert_eq!(explain(&p, "j6", "h5"), "illegal leaves-king-in-check i6");
    // The king may not step into a check through the seam either.
    let p = white(v, "Kb5 kf9 ri5");
    assert_eq!(explain(&p, "b5", "a5"), "illegal leaves-king-in-check i5");
    // Pawns: facing, a used double step, a piece in front.
    let p = white(v, "Kf1 kf9 P-e5 P+c3 P+*g2 Bg3");
    assert_eq!(explain(&p, "e5", "e6"), "illegal pawn-facing");
    assert_eq!(explain(&p, "e5", "e4"), "legal e5–e4 route e5 e4 facing down");
    assert_eq!(explain(&p, "c3", "c5"), "illegal double-step-used");
    assert_eq!(explain(&p, "g2", "g3"), "illegal blocked g3");
    assert_eq!(explain(&p, "g2", "g4"), "illegal blocked g3");
}

#[test]
fn moebius_castling_tests_in_order() {
    let v = Variant::Mobius;
    let castle = |extra: &str, rights: &str| {
        let p = place(v, &format!("Kf1 Rb1 Ri1 kd6 {extra}"), Color::White, rights);
        explain(&p, "f1", "h1")
    };
    assert_eq!(castle("", "K"), "legal O-O route f1 g1 h1");
    assert_eq!(castle("", "Q"), "illegal castling no-right");
    assert_eq!(castle("Ng1", "K"), "illegal castling occupied g1");
    assert_eq!(castle("rf5", "K"), "illegal castling in-check f5");
    assert_eq!(castle("rg5", "K"), "illegal castling transit g1 g5");
    assert_eq!(castle("rh5", "K"), "illegal castling landing h1 h5");
    // Only once the rook has left i1 does the rook on j1 see the king on h1.
    assert_eq!(castle("rj1", "K"), "illegal castling final j1");
}

#[test]
fn moebius_en_passant_through_the_seam_flips_the_pawn() {
    // The spec's example: after a9–a7, the pawn on j1 captures j1–a8 and arrives facing down.
    let p = place(Variant::Mobius, "Kf1 kf9 P+j1 p-*a9", Color::Black, "");
    let p = p.play(p.parse_action("a9–a7").unwrap()).unwrap();
    assert_eq!(explain(&p, "j1", "a8"), "legal j1xa8 route j1 a8 seams j1>a8 facing down");
}

#[test]
fn klein_reasons() {
    let v = Variant::Klein;
    let start = Position::new(v);
    assert_eq!(explain(&start, "d4", "d5"), "illegal not-a-move");
    assert_eq!(explain(&start, "d5", "d8"), "illegal blocked d6");
    assert_eq!(explain(&start, "e5", "e4"), "illegal own-piece e4");
    assert_eq!(explain(&start, "e6", "d7"), "illegal no-capture");
    // The ranks wrap: a rook leaves rank 18 and comes back on rank 1.
    let p = white(v, "Ke4 ke12 Rb17");
    assert_eq!(explain(&p, "b17", "b2"), "legal Rb17–b2 route b17 b18 b1 b2 seams b18>b1");
    // A pinned knight through the side seam: a4 west is i15.
    let p = white(v, "Ka4 ke12 Ni15 rh15");
    assert_eq!(explain(&p, "i15", "g14"), "illegal leaves-king-in-check h15");
    let p = white(v, "Ke4 ke12 P-c8 P+g8");
    assert_eq!(explain(&p, "c8", "c9"), "illegal pawn-facing");
    assert_eq!(explain(&p, "g8", "g10"), "illegal double-step-used");
}

#[test]
fn genus_two_reasons() {
    let v = Variant::Genus2;
    let start = Position::new(v);
    assert_eq!(explain(&start, "I:d1", "I:d2"), "illegal not-a-move");
    assert_eq!(explain(&start, "I:d2", "I:d4"), "illegal blocked I:d3");
    assert_eq!(explain(&start, "I:e2", "I:e1"), "illegal own-piece I:e1");
    assert_eq!(explain(&start, "I:e3", "I:d4"), "illegal no-capture");
    assert_eq!(explain(&start, "I:e4", "II:e5"), "legal I:e4–II:e5 route I:e4 I:e5 II:e5 seams I:e5>II:e5 facing up");
    // A pinned knight through the staircase seam: north of I:e5 is II:e5.
    let p = white(v, "KI:e4 kII:a9 NI:e5 rII:e6");
    assert_eq!(explain(&p, "I:e5", "I:d3"), "illegal leaves-king-in-check II:e6");
    let p = white(v, "KI:e1 kII:e9 P-I:c6");
    assert_eq!(explain(&p, "I:c6", "I:c7"), "illegal pawn-facing");
}

/// The cells around each eight-cornered vertex of genus two.
fn cone_points() -> Vec<Vec<String>> {
    let complex = &Variant::Genus2.rules().complex;
    let mesh = Mesh::of(complex);
    let cones: Vec<u32> = (0..mesh.vertices as u32).filter(|&id| mesh.links[id as usize] == Link::Circle(8)).collect();
    cones
        .iter()
        .map(|&id| complex.cells().filter(|c| mesh.corners[c.index()].contains(&id)).map(|c| complex.name(c)).collect())
        .collect()
}

#[test]
fn a_forbidden_diagonal_at_each_cone_point() {
    let v = Variant::Genus2;
    let complex = &v.rules().complex;
    let cones = cone_points();
    assert_eq!(cones.len(), 2, "genus two has two cone points");
    let mut forbidden = 0;
    for cone in &cones {
        assert_eq!(cone.len(), 8, "eight cells around a cone point: {cone:?}");
        for name in cone {
            let cell = complex.parse_cell(name).unwrap();
            for d in Vector::ALL[4..].iter().copied() {
                // The diagonal from this cell that points at the cone vertex.
                let Some(text) = forbidden_case(v, cell, d, cone) else { continue };
                forbidden += 1;
                let mut words = text.split(' ');
                assert_eq!(words.next(), Some("illegal"), "{name}: {text}");
                assert_eq!(words.next(), Some("forbidden-diagonal"), "{name}: {text}");
                let mut vertex: Vec<&str> = words.collect();
                vertex.sort();
                let mut expected: Vec<&str> = cone.iter().map(String::as_str).collect();
                expected.sort();
                assert_eq!(vertex, expected, "the culprit is the cone point's eight cells");
            }
        }
    }
    assert_eq!(forbidden, 16, "the sixteen approaches to the two cone points are forbidden");
}

/// For a king on `cell` (kings elsewhere), the explanation of the diagonal `d` if that diagonal
/// is missing: the king asks to go where one order of the step would take it.
fn forbidden_case(v: Variant, cell: surface_chess_rules::Cell, d: Vector, cone: &[String]) -> Option<String> {
    let complex = &v.rules().complex;
    if complex.unit_step(cell, d).is_some() {
        return None;
    }
    let order = |a: Vector, b: Vector| {
        let (c1, t1) = complex.step(cell, a)?;
        complex.step(c1, t1.apply(b)).map(|(c, _)| c)
    };
    let target = order(Vector::new(d.x, 0), Vector::new(0, d.y))?;
    let kings = ["I:a1", "II:i9", "I:i1", "II:a9"]
        .iter()
        .filter(|k| !cone.contains(&k.to_string()) && **k != complex.name(cell) && **k != complex.name(target))
        .take(2)
        .collect::<Vec<_>>();
    let p = place(v, &format!("K{} k{}", complex.name(cell), kings[0]), Color::White, "");
    Some(explain(&p, &complex.name(cell), &complex.name(target)))
}

#[test]
fn the_king_and_pawns_meet_the_cone_point_too() {
    let v = Variant::Genus2;
    let cones = cone_points();
    let complex = &v.rules().complex;
    let name = &cones[0][0];
    let cell = complex.parse_cell(name).unwrap();
    let d = Vector::ALL[4..].iter().copied().find(|&d| complex.unit_step(cell, d).is_none()).unwrap();
    let (c1, t1) = complex.step(cell, Vector::new(d.x, 0)).unwrap();
    let target = complex.name(complex.step(c1, t1.apply(Vector::new(0, d.y))).unwrap().0);
    let p = white(v, &format!("K{name} kI:a1"));
    assert!(explain(&p, name, &target).starts_with("illegal forbidden-diagonal"), "king {name} to {target}");
    // A pawn facing that way, with an enemy piece to capture where one order would take it.
    let sign = if d.y > 0 { "+" } else { "-" };
    let p = white(v, &format!("KI:a1 kII:i9 P{sign}{name} n{target}"));
    assert!(explain(&p, name, &target).starts_with("illegal forbidden-diagonal"), "pawn {name} to {target}");
}

#[test]
fn endless_and_chess_reasons() {
    let e = Position::new(Variant::Endless);
    assert_eq!(explain(&e, "a1", "h8"), "legal Ra1xh8 route a1 h8 seams a1>h8");
    assert_eq!(explain(&e, "d1", "e1"), "illegal own-piece e1");
    assert_eq!(explain(&e, "e2", "d3"), "illegal no-capture");
    assert_eq!(explain(&e, "e2", "e5"), "illegal not-a-move");
    assert_eq!(explain(&e, "d1", "d4"), "illegal blocked d2");
    let p = white(Variant::Endless, "Ke1 ke5 Ne7 P+c4");
    assert_eq!(explain(&p, "e7", "f1"), "illegal edge f8 north");
    assert_eq!(explain(&p, "c4", "c3"), "illegal pawn-facing");
    assert_eq!(explain(&p, "c4", "c6"), "illegal double-step-used");
    // A check through the seam: a4 west is h5.
    let p = white(Variant::Endless, "Ka4 ke8 Nh5 rg5");
    assert_eq!(explain(&p, "h5", "f4"), "illegal leaves-king-in-check g5");

    let c = Position::new(Variant::Chess);
    assert_eq!(explain(&c, "e2", "f3"), "illegal no-capture");
    assert_eq!(explain(&c, "e2", "e2"), "illegal not-a-move");
    assert_eq!(explain(&c, "b1", "b3"), "illegal not-a-move");
    assert_eq!(explain(&c, "a1", "a8"), "illegal blocked a2");
    assert_eq!(explain(&c, "e1", "g1"), "illegal castling occupied f1");
    assert_eq!(explain(&c, "g1", "e2"), "illegal own-piece e2");
    let p = white(Variant::Chess, "Ke1 ke8 Na1 Bc1 Pd2 re5 P+h3");
    assert_eq!(explain(&p, "a1", "g2"), "illegal edge a1 west");
    assert!(explain(&p, "c1", "h4").starts_with("illegal edge "), "a bishop leaving the board");
    assert_eq!(explain(&p, "c1", "e3"), "illegal blocked d2");
    assert_eq!(explain(&p, "e1", "e2"), "illegal leaves-king-in-check e5");
    assert_eq!(explain(&p, "h3", "h2"), "illegal pawn-facing");
    assert_eq!(explain(&p, "h3", "h5"), "illegal double-step-used");
}

#[test]
fn boards_without_edges_never_say_edge_and_only_genus_two_has_forbidden_diagonals() {
    for v in Variant::ALL {
        let mut p = Position::new(v);
        let mut seen = std::collections::BTreeSet::new();
        for ply in 0..24 {
            for from in p.occupied(p.side_to_move()).iter() {
                for to in p.complex().cells() {
                    if let Verdict::Illegal(r) = p.explain(from, to).verdict {
                        seen.insert(r.word());
                    }
                }
            }
            let actions = p.legal_actions();
            let Some(&a) = actions.get(ply * 11 % actions.len().max(1)) else { break };
            p = p.play(a).unwrap();
        }
        let has_boundary = p
            .complex()
            .cells()
            .any(|c| surface_chess_rules::Dir::ALL.iter().any(|&d| p.complex().gluing(c, d).is_none()));
        // The three levels' edges are the board's end, not a seam a newcomer might imagine.
        let surface = v.rules().movement == Movement::Surface;
        assert_eq!(seen.contains("edge"), has_boundary && surface, "{v}: {seen:?}");
        // Only where squares meet at a point other than four at a time (genus two's cone points,
        // the cube's corners) can the two orders of a diagonal disagree.
        assert!(!seen.contains("forbidden-diagonal") || matches!(v, Variant::Genus2 | Variant::Sphere), "{v}");
        assert!(surface || !seen.contains("pawn-facing"), "{v}: {seen:?}");
        for word in ["must-change-level", "no-capture-on-transfer", "first-move-only"] {
            assert!(!seen.contains(word) || v.rules().movement == Movement::Strato, "{v}: {word}");
        }
        assert!(
            !seen.contains("castling")
                || v.rules().castle(Color::White, surface_chess_rules::CastleSide::East).is_some(),
            "{v}"
        );
    }
}

/// Along played games on every board: a legal verdict is exactly a legal action, and every
/// reason is consistent with the position and with the movement tables.
#[test]
fn reasons_agree_with_the_position_and_the_tables() {
    for v in Variant::ALL {
        let complex = &v.rules().complex;
        let mut p = Position::new(v);
        for ply in 0..30 {
            let me = p.side_to_move();
            let legal = p.legal_actions();
            for from in p.occupied(me).iter() {
                let piece = p.piece_at(from).unwrap();
                for to in complex.cells() {
                    let e = p.explain(from, to);
                    let has_action = legal.iter().any(|a| a.from == from && a.to == to);
                    let here =
                        format!("{v} ply {ply}: {} to {} in {}", complex.name(from), complex.name(to), p.to_text());
                    match e.verdict {
                        Verdict::Legal(moves) => {
                            assert!(has_action, "{here}");
                            for m in moves {
                                assert_eq!(m.route.last().map(|s| s.cell), Some(to), "{here}");
                                if v.rules().movement != Movement::Surface {
                                    // Nothing jumps over a piece between levels: the cells passed are empty.
                                    let passed = &m.route[..m.route.len() - 1];
                                    assert!(passed.iter().all(|s| p.piece_at(s.cell).is_none() && !s.seam), "{here}");
                                }
                            }
                        }
                        Verdict::Illegal(reason) => {
                            assert!(!has_action, "{here}: {reason:?}");
                            assert!(Reason::words_on(v).contains(&reason.word()), "{here}: {reason:?}");
                            check_reason(&p, piece, from, to, &reason, &format!("{here}: {reason:?}"));
                        }
                    }
                }
            }
            let Some(&a) = legal.get(ply * 13 % legal.len().max(1)) else { break };
            p = p.play(a).unwrap();
        }
    }
}

fn check_reason(
    p: &Position,
    piece: Piece,
    from: surface_chess_rules::Cell,
    to: surface_chess_rules::Cell,
    reason: &Reason,
    here: &str,
) {
    if p.rules().movement != Movement::Surface {
        return check_level_reason(p, piece, from, to, reason, here);
    }
    let complex = p.complex();
    let reach: Vec<surface_chess_rules::Cell> = match piece.role() {
        Role::King => king_targets(complex, from),
        Role::Knight => knight_targets(complex, from),
        Role::Pawn => return,
        role => {
            let dirs = match role {
                Role::Rook => &Vector::ALL[..4],
                Role::Bishop => &Vector::ALL[4..],
                _ => &Vector::ALL[..],
            };
            dirs.iter().flat_map(|&d| ray(complex, from, d)).collect()
        }
    };
    match *reason {
        Reason::NotAMove | Reason::Edge { .. } | Reason::ForbiddenDiagonal { .. } => {
            assert!(!reach.contains(&to), "{here}: {reason:?} but the tables reach it");
        }
        Reason::Blocked(c) => {
            assert!(reach.contains(&to), "{here}: blocked but unreachable");
            assert!(p.piece_at(c).is_some() && c != from && c != to, "{here}: blocker {c:?}");
        }
        Reason::OwnPiece(c) => {
            assert_eq!(c, to, "{here}");
            assert_eq!(p.piece_at(to).map(|q| q.color()), Some(piece.color()), "{here}");
        }
        Reason::LeavesKingInCheck(a) => {
            assert!(reach.contains(&to), "{here}");
            assert_eq!(p.piece_at(a).map(|q| q.color()), Some(!piece.color()), "{here}: attacker");
        }
        Reason::Castling(_) => assert_eq!(piece.role(), Role::King, "{here}"),
        _ => panic!("{here}: {reason:?} is a pawn's reason"),
    }
}

/// One way a piece reaches a cell of a three-level board on an empty board, as moved or unmoved.
#[derive(Clone, Debug)]
struct LevelWay {
    to: Cell,
    /// The cells passed before `to`, each of which must be empty.
    path: Vec<Cell>,
    /// A pawn's quiet move (its target must be empty).
    quiet: bool,
    /// A pawn's capture (its target must hold an enemy piece, or be the en-passant cell).
    capture: bool,
    /// Strato: the way changes level.
    transfer: bool,
    /// Only for a piece that never moved.
    first_only: bool,
}

/// Every way of `piece` from `from` on an empty three-level board, enumerated from the tables:
/// Strato's same-level chess and transfers (vertical cells first), Chess³'s displacements.
fn level_ways(p: &Position, piece: Piece, from: Cell) -> Vec<LevelWay> {
    let complex = p.complex();
    let at = |c: Cell| {
        let co = complex.coord(c);
        (co.file as i8, co.rank as i8, co.chart as i8)
    };
    let cell = |(f, r, l): (i8, i8, i8)| {
        let inside = (0..8).contains(&f) && (0..8).contains(&r) && (0..3).contains(&l);
        inside.then(|| complex.parse_cell(&format!("{}{}{}", l + 1, (b'a' + f as u8) as char, r + 1)).unwrap())
    };
    let (f0, r0, l0) = at(from);
    let go = |(df, dr, dl): (i8, i8, i8)| cell((f0 + df, r0 + dr, l0 + dl));
    let fw = piece.color().home_facing().sign();
    let mut out = Vec::new();
    let mut way = |to: Option<Cell>, path: Vec<Option<Cell>>, (quiet, capture, transfer, first_only)| {
        if let (Some(to), Some(path)) = (to, path.into_iter().collect::<Option<Vec<Cell>>>()) {
            out.push(LevelWay { to, path, quiet, capture, transfer, first_only });
        }
    };
    const MOVE: (bool, bool, bool, bool) = (false, false, false, false);
    let units: Vec<(i8, i8, i8)> = (-1..=1)
        .flat_map(|a| (-1..=1).flat_map(move |b| (-1..=1).map(move |c| (a, b, c))))
        .filter(|&d| d != (0, 0, 0))
        .collect();
    let lines = |role: Role, strato: bool| {
        units.iter().copied().filter(move |&(a, b, c)| {
            let axes = [a, b, c].iter().filter(|&&x| x != 0).count();
            let rook = axes == 1 && (!strato || c == 0);
            let bishop = a != 0 && b != 0 && (!strato || c == 0 || axes == 3);
            let strato_rook = strato && axes == 1 && c != 0;
            match role {
                Role::Rook => rook || strato_rook,
                Role::Bishop => bishop,
                _ => rook || strato_rook || bishop || (!strato && axes == 2),
            }
        })
    };
    let strato = p.rules().movement == Movement::Strato;
    let jumps: Vec<(i8, i8)> =
        [(1, 2), (2, 1)].into_iter().flat_map(|(a, b)| [(a, b), (-a, b), (a, -b), (-a, -b)]).collect();
    match piece.role() {
        Role::Rook | Role::Bishop | Role::Queen => {
            for (a, b, c) in lines(piece.role(), strato) {
                // Strato's transfers run one or two levels (all there are); in the plane, rays.
                for k in 1..8 {
                    let path = (1..k).map(|j| go((a * j, b * j, c * j))).collect();
                    let transfer = strato && c != 0;
                    way(go((a * k, b * k, c * k)), path, (false, false, transfer, false));
                }
            }
        }
        Role::Knight if strato => {
            for (x, y) in &jumps {
                way(go((*x, *y, 0)), vec![], MOVE);
                for dl in [1, 2, -1, -2] {
                    let vertical = (1..=i8::abs(dl)).map(|k| go((0, 0, k * dl.signum()))).collect();
                    way(go((*x, *y, dl)), vertical, (false, false, true, false));
                }
            }
        }
        Role::Knight => {
            for (x, y) in &jumps {
                for d in [(*x, *y, 0), (*x, 0, *y), (0, *x, *y)] {
                    way(go(d), vec![], MOVE);
                }
            }
        }
        Role::King => {
            for &(a, b, c) in &units {
                if c == 0 || !strato {
                    way(go((a, b, c)), vec![], MOVE);
                } else if (a, b) == (0, 0) {
                    way(go((0, 0, c)), vec![], (false, false, true, false));
                    for &(x, y, _) in units.iter().filter(|u| u.2 == 0) {
                        way(go((x, y, c)), vec![go((0, 0, c))], (false, false, true, true));
                    }
                }
            }
        }
        Role::Pawn if strato => {
            way(go((0, fw, 0)), vec![], (true, false, false, false));
            way(go((0, 2 * fw, 0)), vec![go((0, fw, 0))], (true, false, false, true));
            for x in [-1, 1] {
                way(go((x, fw, 0)), vec![], (false, true, false, false));
            }
            for dl in [-1, 1] {
                way(go((0, fw, dl)), vec![go((0, 0, dl))], (true, false, true, false));
                way(go((0, 2 * fw, dl)), vec![go((0, 0, dl)), go((0, fw, dl))], (true, false, true, true));
            }
        }
        Role::Pawn => {
            for d in [(0, fw, 0), (0, 0, 1), (0, 0, -1)] {
                way(go(d), vec![], (true, false, false, false));
                way(go((2 * d.0, 2 * d.1, 2 * d.2)), vec![go(d)], (true, false, false, true));
            }
            for d in
                [(-1, fw, 0), (1, fw, 0), (-1, fw, 1), (0, fw, 1), (1, fw, 1), (-1, fw, -1), (0, fw, -1), (1, fw, -1)]
            {
                way(go(d), vec![], (false, true, false, false));
            }
        }
    }
    out
}

/// A reason on a three-level board against the tables and the position.
fn check_level_reason(p: &Position, piece: Piece, from: Cell, to: Cell, reason: &Reason, here: &str) {
    let rules = p.rules();
    let me = piece.color();
    let strato = rules.movement == Movement::Strato;
    let ways: Vec<LevelWay> = level_ways(p, piece, from).into_iter().filter(|w| w.to == to).collect();
    assert!(ways.len() <= 1, "{here}: one way at most: {ways:?}");
    let way = ways.first();
    let complex = p.complex();
    let level = |c: Cell| complex.coord(c).chart;
    let castles = piece.role() == Role::King
        && surface_chess_rules::CastleSide::ALL.into_iter().any(|side| {
            rules.castle(me, side).is_some_and(|spec| {
                let shifted = |c: Cell| {
                    complex.coord(c).file == complex.coord(spec.king_to).file
                        && complex.coord(c).rank == complex.coord(spec.king_to).rank
                        && level(c).abs_diff(level(spec.king_to)) == 1
                };
                spec.king_from == from && (to == spec.king_to || (strato && shifted(to)))
            })
        });
    let occupant = p.piece_at(to);
    let checkers = p.attackers(p.king(me), !me, None);
    match *reason {
        Reason::NotAMove => {
            assert!(way.is_none() && !castles, "{here}: the tables reach it: {way:?}");
            return;
        }
        Reason::Castling(_) => {
            assert!(piece.role() == Role::King && castles, "{here}");
            return;
        }
        _ => {}
    }
    let way = way.unwrap_or_else(|| panic!("{here}: no way reaches it"));
    match *reason {
        Reason::MustChangeLevel => {
            assert!(strato && piece.unused() && level(from) == level(to) && !way.transfer, "{here}");
            // Not the exception: in check, a piece other than the king may capture or block, the
            // king capture a checker.
            assert!(checkers.is_empty() || (piece.role() == Role::King && !checkers.contains(&to)), "{here}");
        }
        Reason::NoCaptureOnTransfer(c) => {
            assert!(strato && way.transfer && level(from) != level(to) && c == to, "{here}");
            assert_eq!(occupant.map(|q| q.color()), Some(!me), "{here}");
        }
        Reason::FirstMoveOnly => {
            assert!(strato && piece.role() == Role::King && way.first_only && !piece.unused(), "{here}");
        }
        Reason::DoubleStepUsed => {
            assert!(piece.role() == Role::Pawn && way.first_only && !piece.unused(), "{here}");
        }
        Reason::OwnPiece(c) => {
            assert!(c == to && !way.quiet, "{here}");
            assert_eq!(occupant.map(|q| q.color()), Some(me), "{here}");
        }
        Reason::Blocked(c) => {
            let first = way.path.iter().copied().find(|&c| p.piece_at(c).is_some());
            let king = occupant.is_some_and(|q| q.role() == Role::King);
            let target = (way.quiet || king).then_some(to).filter(|_| occupant.is_some());
            assert_eq!(Some(c), first.or(target), "{here}: the first piece in the way");
        }
        Reason::NoCapture => {
            assert!(way.capture && occupant.is_none(), "{here}");
            let passed = p.ep_trace().is_some_and(|t| t.owner != me && t.middle == to);
            assert!(!passed || level(from) != level(to), "{here}: en passant");
        }
        Reason::LeavesKingInCheck(a) => {
            // Otherwise possible: the way is clear, the target takes no own piece, and the move
            // played leaves the king attacked by `a`.
            assert!(way.path.iter().all(|&c| p.piece_at(c).is_none()), "{here}");
            assert!(occupant.is_none_or(|q| q.color() != me && !way.quiet && !way.transfer), "{here}");
            assert!(!way.first_only || piece.unused(), "{here}");
            let first_move_rule = strato && piece.unused() && !way.transfer;
            let excepted = !checkers.is_empty() && (piece.role() != Role::King || checkers.contains(&to));
            assert!(!first_move_rule || excepted, "{here}: the first move must change level");
            let facing = me.home_facing();
            let promotion = rules.promotes(me, to, facing).then_some(Role::Queen);
            let kind = match piece.role() {
                Role::Pawn if way.capture && occupant.is_none() => ActionKind::EnPassant { facing, promotion },
                Role::Pawn if way.first_only && !way.transfer && level(from) == level(to) => {
                    ActionKind::DoubleStep { facing, promotion }
                }
                Role::Pawn => ActionKind::Pawn { facing, promotion },
                _ => ActionKind::Piece,
            };
            let mut next = p.clone();
            next.play_unchecked(Action { from, to, kind });
            assert!(next.attackers(next.king(me), !me, None).contains(&a), "{here}: {a:?} attacks the king after");
        }
        _ => panic!("{here}: {reason:?} does not occur on three levels"),
    }
}

#[test]
fn crossings_tell_what_the_seam_did() {
    let story = |p: &Position, m: &str| p.crossing_story(p.parse_action(m).unwrap());
    let p = white(Variant::Mobius, "Kf1 kf9 Bj3");
    assert_eq!(
        story(&p, "Bj3–b5"),
        [
            "The bishop left j3 across the east edge and re-entered on a6 moving down-right; the seam turned up into down."
        ]
    );
    let p = white(Variant::Klein, "Ke4 ke12 Rb17");
    assert_eq!(story(&p, "Rb17–b2"), ["The rook left b18 across the north edge and re-entered on b1 moving up."]);
    let g = Position::new(Variant::Genus2);
    assert_eq!(story(&g, "I:e4–II:e5"), ["The pawn crossed the seam from I:e5 to II:e5, moving up."]);
    assert!(story(&g, "I:e4–I:e5").is_empty(), "no seam, no story");
}
