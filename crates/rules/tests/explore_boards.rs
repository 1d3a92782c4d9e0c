//! The boards to explore as variants (issue 20): how each opens, the facts of its start and of
//! its geometry that a player meets, and explore mode's free moves.

use surface_chess_rules::{Action, ActionKind, Color, Facing, Opening, Position, Role, Variant, perft};

fn cell(p: &Position, name: &str) -> surface_chess_rules::Cell {
    p.complex().parse_cell(name).unwrap_or_else(|| panic!("no cell {name}"))
}

/// The explore actions from `from` to `to`.
fn explore_to(p: &Position, from: &str, to: &str) -> Vec<Action> {
    let (from, to) = (cell(p, from), cell(p, to));
    p.explore_actions(from).into_iter().filter(|a| a.to == to).collect()
}

#[test]
fn the_new_boards_open_to_explore_and_only_the_cylinder_offers_its_game() {
    for v in Variant::ALL {
        let opening = v.spec().opening;
        let new = matches!(
            v,
            Variant::Cylinder
                | Variant::Torus
                | Variant::Projective
                | Variant::Sphere
                | Variant::WideCylinder
                | Variant::LongTorus
        );
        assert_eq!(opening.explores(), new, "{v}");
        assert_eq!(opening.offers_game(), !new || v == Variant::Cylinder, "{v}");
    }
    assert_eq!(Variant::Cylinder.spec().opening, Opening::Explore { game: true });
    for name in ["cylinder", "torus", "projective", "sphere", "cylinder-10x9", "torus-9x18"] {
        assert_eq!(name.parse::<Variant>().map(|v| v.name()), Ok(name));
    }
}

#[test]
fn on_the_cylinder_a_queen_pins_through_the_seam() {
    // Cylinder chess: after 1.c3 the queen's diagonal d1–c2–b3–a4 wraps to h5–g6–f7–e8, so the
    // f7 pawn is pinned and Black has 18 answers, not 20 (perft 2 is 392, not 400).
    let p = Position::new(Variant::Cylinder);
    let c3 = p.parse_action("c2–c3").unwrap();
    let q = p.play(c3).unwrap();
    let moves: Vec<String> = q.legal_actions().into_iter().map(|a| q.notation(a)).collect();
    assert_eq!(moves.len(), 18, "{moves:?}");
    assert!(!moves.iter().any(|m| m.starts_with("f7")), "{moves:?}");
    assert_eq!(perft(&p, 2), 392);
}

#[test]
fn on_the_torus_the_back_ranks_face_each_other_through_the_seam() {
    let p = Position::new(Variant::Torus);
    assert!(!p.is_check());
    // d2–d1–d8–d7: the queens attack each other across the seam at the start, and so do the
    // rooks: why the torus has no agreed start.
    for target in ["d7", "a7", "h7"] {
        assert!(p.is_attacked(cell(&p, target), Color::White), "{target}");
    }
    assert!(p.legal_actions().iter().any(|&a| p.notation(a) == "Qd2xd7"));
}

#[test]
fn on_the_projective_plane_the_file_reverses_through_the_seam() {
    let p = Position::new(Variant::Projective);
    // The rows are chosen so that no king is attacked at the start: the seam sends file d to e.
    assert!(!p.is_check());
    assert!(!p.exchanged().is_check());
    // The queen on c2 looks south through the seam onto the f-file: c1, then f8, and takes the
    // bishop on f7.
    let queen = explore_to(&p, "c2", "f7");
    assert_eq!(queen.len(), 1);
    assert_eq!(p.notation(queen[0]), "Qc2xf7");
    // Diagonally through the corner of d1: d8 (both orders of the step agree), then c7.
    let route = p.route(explore_to(&p, "c2", "c7")[0]).expect("a route");
    let cells: Vec<String> = route.iter().map(|s| p.complex().name(s.cell)).collect();
    assert_eq!(cells, ["d1", "d8", "c7"]);
    assert_eq!(route.iter().map(|s| s.seam).collect::<Vec<_>>(), [false, true, false]);
}

#[test]
fn on_the_sphere_white_climbs_from_the_bottom_face_to_promote_on_the_top() {
    let rules = Variant::Sphere.rules();
    let p = Position::new(Variant::Sphere);
    // The player exchange mirrors the cube top to bottom: VI:a1 (White's rook) ↔ I:a4.
    assert_eq!(p.complex().name(rules.exchange(cell(&p, "VI:a1"))), "I:a4");
    assert_eq!(p.piece_at(cell(&p, "I:a4")).map(|q| (q.color(), q.role())), Some((Color::Black, Role::Rook)));
    // A lone White pawn's road north: across the bottom face, up side face V, onto the top.
    let text = "3k/4/4/4|4/4/4/4|4/4/4/4|4/4/4/4|4/4/4/4|4/4/P3/3K w - - 0 1";
    let mut q = Position::from_text(Variant::Sphere, text).unwrap();
    let mut road = vec![];
    let mut at = cell(&q, "VI:a2");
    while !road.iter().any(|r: &String| r.starts_with("I:")) {
        let step = q
            .explore_actions(at)
            .into_iter()
            .find(|a| matches!(a.kind, ActionKind::Pawn { .. }))
            .unwrap_or_else(|| panic!("no step from {}", q.complex().name(at)));
        road.push(q.complex().name(step.to));
        q = q.explore(step).unwrap();
        at = step.to;
    }
    assert_eq!(road, ["VI:a3", "VI:a4", "V:a1", "V:a2", "V:a3", "V:a4", "I:a1"]);
    assert!(rules.promotes(Color::White, cell(&q, "I:a4"), Facing::Up));
    assert!(!rules.promotes(Color::White, cell(&q, "I:a3"), Facing::Up));
}

#[test]
fn explore_mode_moves_any_piece_and_ignores_check() {
    let p = Position::new(Variant::Torus);
    assert_eq!(p.side_to_move(), Color::White);
    // Black moves first.
    let [knight] = explore_to(&p, "g7", "f5")[..] else { panic!("Ng7–f5") };
    let q = p.explore(knight).unwrap();
    assert_eq!(q.side_to_move(), Color::White);
    // A king may walk into an attack in explore mode, and move out of turn; in a game it may not.
    let proj = Position::from_text(Variant::Projective, "8/8/8/8/8/4k3/8/R3K3 w - - 0 1").unwrap();
    let king = cell(&proj, "e3");
    let attacked: Vec<Action> =
        proj.explore_actions(king).into_iter().filter(|a| proj.is_attacked(a.to, Color::White)).collect();
    assert!(!attacked.is_empty(), "the black king may step into the rook's rank");
    assert!(proj.legal_actions().iter().all(|a| a.from != king), "not Black's turn in a game");
    // An explore action that the piece cannot make is refused; kings are never captured.
    let wrong = Action { from: cell(&p, "a2"), to: cell(&p, "a5"), kind: ActionKind::Piece };
    assert!(p.explore(wrong).is_err());
    let kings = [p.king(Color::White), p.king(Color::Black)];
    for (from, _) in p.pieces() {
        assert!(p.explore_actions(from).iter().all(|a| !kings.contains(&a.to)));
    }
    // Castling and en passant are not part of explore mode.
    let cyl = Position::new(Variant::Cylinder);
    assert!(cyl.pieces().all(|(c, _)| cyl.explore_actions(c).iter().all(|a| !matches!(a.kind, ActionKind::Castle(_)))));
}

#[test]
fn exploring_is_a_history_that_saves_and_replays() {
    use surface_chess_rules::{Game, GameError, Record, RecordError};
    assert!(Game::opening(Variant::Torus).is_exploring() && Game::opening(Variant::Cylinder).is_exploring());
    assert!(!Game::opening(Variant::Mobius).is_exploring());
    let mut game = Game::opening(Variant::Projective);
    let p = game.position().clone();
    // Black first, then Black again, then a White king into the rook's file: none of it legal in
    // a game, all of it explore moves.
    let moves = [("g7", "f5"), ("f5", "d4"), ("d2", "d1")];
    for (from, to) in moves {
        let q = game.position().clone();
        let a = q.explore_actions(cell(&q, from)).into_iter().find(|a| a.to == cell(&q, to)).expect("an explore move");
        game.play(a).unwrap_or_else(|e| panic!("{from}–{to}: {e}"));
    }
    assert_eq!(game.notations(), ["Ng7–f5", "Nf5–d4", "Kd2–d1"]);
    assert_eq!(game.outcome(), None);
    assert_eq!(game.clone().resign(Color::White), Err(GameError::Exploring));
    assert_eq!(game.clone().agree_draw(), Err(GameError::Exploring));
    // Saved and loaded, the record replays to the same history.
    let json = Record::of(&game).to_json();
    assert!(json.contains("\"explore\": true"), "{json}");
    let again = Record::from_json(&json).and_then(|r| r.replay()).expect("replays");
    assert!(again.is_exploring());
    assert_eq!(again.position(), game.position());
    assert_eq!(again.position_at(0), Some(&p));
    // The same moves are not a game: without the flag the record is refused at its first ply.
    let as_game = json.replace("\"explore\": true,", "");
    let err = Record::from_json(&as_game).and_then(|r| r.replay()).expect_err("not a game");
    assert!(matches!(err, RecordError::Action { ply: 1, .. }), "{err}");
    // An explore record has no result.
    let with_result =
        json.replace("\"result\": null", "\"result\": {\"winner\": \"white\", \"reason\": \"resignation\"}");
    let err = Record::from_json(&with_result).and_then(|r| r.replay()).expect_err("no result");
    assert!(matches!(err, RecordError::Field { field: "result", .. }), "{err}");
    // Taking back keeps exploring.
    game.take_back_to(1);
    assert_eq!((game.actions().len(), game.outcome(), game.is_exploring()), (1, None, true));
}

#[test]
fn a_piece_carried_across_a_reversing_seam_arrives_mirrored() {
    use surface_chess_rules::Frame;
    let carried = |v: Variant, text: &str, from: &str, to: &str| {
        let p = Position::from_text(v, text).unwrap();
        let a = p.explore_actions(cell(&p, from)).into_iter().find(|a| a.to == cell(&p, to)).expect("a move");
        p.carried(a).expect("a route")
    };
    // Endless: the knight on g1 jumps h1, then across the twisted seam: mirrored (ranks reversed).
    let endless = "4k3/8/8/8/8/8/8/4K1N1 w - - 0 0";
    assert_eq!(carried(Variant::Endless, endless, "g1", "f3"), Frame::IDENTITY);
    let over = carried(Variant::Endless, endless, "g1", "a7");
    assert_eq!((over, over.det()), (Frame::FLIP_VERTICAL, -1));
    // The torus and the cylinder glue straight: never mirrored.
    assert_eq!(carried(Variant::Torus, "8/8/8/8/4k3/8/8/K5N1 w - - 0 0", "g1", "a2"), Frame::IDENTITY);
    assert_eq!(carried(Variant::Cylinder, "4k3/8/8/8/8/8/8/K5N1 w - - 0 0", "g1", "a2"), Frame::IDENTITY);
    // The projective plane: across the side seam the ranks reverse, across the end seam the files.
    let plane = "8/8/8/4k3/8/8/8/K5N1 w - - 0 0";
    assert_eq!(carried(Variant::Projective, plane, "g1", "a7"), Frame::FLIP_VERTICAL);
    assert_eq!(carried(Variant::Projective, plane, "g1", "c7"), Frame::FLIP_HORIZONTAL);
    // g1–h1 by a8: across the side seam and back, mirrored twice, so not at all.
    assert_eq!(carried(Variant::Projective, plane, "g1", "h1").det(), 1);
    // The sphere turns a piece over an edge but never mirrors it: the sphere is orientable.
    let p = Position::new(Variant::Sphere);
    for (from, _) in p.pieces() {
        for a in p.explore_actions(from) {
            assert_eq!(p.carried(a).map(|f| f.det()), Some(1), "{}", p.explore_notation(a));
        }
    }
}

#[test]
fn threats_come_with_their_routes_through_the_seams() {
    // The torus's start: White to move; Black's queen attacks White's through d8–d1, its rooks
    // White's rooks through a8–a1 and h8–h1; nothing attacks the White king.
    let p = Position::new(Variant::Torus);
    let name = |c| p.complex().name(c);
    let threats: Vec<(String, String, Vec<String>)> = p
        .threats()
        .into_iter()
        .map(|t| (name(t.attacker), name(t.target), t.trail.steps.iter().map(|s| name(s.cell)).collect()))
        .collect();
    for (attacker, target, route) in [("d7", "d2", ["d8", "d1", "d2"]), ("a7", "a2", ["a8", "a1", "a2"])] {
        let route: Vec<String> = route.iter().map(|s| s.to_string()).collect();
        assert!(threats.contains(&(attacker.into(), target.into(), route)), "{attacker}→{target}: {threats:?}");
    }
    assert!(threats.iter().all(|(_, target, _)| target != "e2"), "the king is safe: {threats:?}");
    // Every threat is a real attack, and ends on its target with a seam crossed on the torus's
    // wrapped files.
    for t in p.threats() {
        assert!(p.attackers(t.target, Color::Black, None).contains(&t.attacker));
        assert_eq!(t.trail.steps.last().map(|s| s.cell), Some(t.target));
    }
    // A check comes first, its route through the seam: the knight on d7 jumps to e9, which is e1.
    let check = Position::from_text(Variant::Torus, "8/3n4/8/8/8/8/P7/4K2k w - - 0 0").unwrap();
    assert!(check.is_check());
    let first = &check.threats()[0];
    assert_eq!((name_in(&check, first.attacker), name_in(&check, first.target)), ("d7".into(), "e1".into()));
    assert!(first.trail.steps.iter().any(|s| s.seam), "{:?}", first.trail);
}

fn name_in(p: &Position, c: surface_chess_rules::Cell) -> String {
    p.complex().name(c)
}
