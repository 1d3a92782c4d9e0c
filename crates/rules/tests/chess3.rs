//! Chess³ v1: every rule and example of `peer-gg3-strato-chess3.md` and `gg3-movement-tables.md`
//! on real positions (fixture convention: White king 1h1, Black king 3h8, White to move, pieces
//! moved unless marked `*`).

mod levels;

use levels::{action, after, can, dests, fixture, fixture_to_move, line, names};
use surface_chess_rules::{ActionKind, CastleSide, Color, EndReason, Game, Outcome, Position, Record, Start, Variant};

const V: Variant = Variant::Chess3;

#[test]
fn the_opening_is_the_strato_formation_without_a_forced_level_change() {
    let start = Position::new(V);
    assert_eq!(start.to_text(), Position::new(Variant::Strato).to_text());
    assert_eq!(start.legal_actions().len(), 76);
    // Forward or vertical, one or two through an empty middle cell.
    assert_eq!(dests(&start, "1e2"), names("1e3 1e4 2e2 3e2"));
    assert_eq!(dests(&start, "1b1"), names("1a3 1c3 2b3 2d1 3a1 3b2 3c1"));
}

#[test]
fn rooks_move_along_exactly_one_axis() {
    let d = dests(&fixture(V, "R2d4"), "2d4");
    assert_eq!(d.len(), 7 + 7 + 2, "{d:?}");
    assert!(d.contains(&"1d4".into()) && d.contains(&"3d4".into()) && !d.contains(&"3e4".into()));
}

#[test]
fn bishops_move_on_planar_and_three_axis_diagonals() {
    let d = dests(&fixture(V, "B2d4"), "2d4");
    assert_eq!(d.len(), 13 + 8, "{d:?}");
    for c in ["1c3", "1c5", "1e3", "1e5", "3c3", "3c5", "3e3", "3e5", "2a1", "2h8", "2a7", "2g1"] {
        assert!(d.contains(&c.to_string()), "{c}");
    }
    // Not the level/file or level/rank diagonals, not the rook's lines.
    for c in ["1c4", "3e4", "1d3", "3d5", "1d4", "2d5"] {
        assert!(!d.contains(&c.to_string()), "{c}");
    }
    // The spatial line 1c1 → 2d2 → 3e3.
    let p = fixture(V, "B1c1");
    assert!(can(&p, "1c1", "2d2") && can(&p, "1c1", "3e3"));
}

#[test]
fn queens_move_equally_on_any_set_of_axes() {
    let d = dests(&fixture(V, "Q2d4"), "2d4");
    assert_eq!(d.len(), 16 + 21 + 8, "{d:?}");
    for c in ["1c4", "1e4", "3c4", "3e4", "1d3", "1d5", "3d3", "3d5"] {
        assert!(d.contains(&c.to_string()), "{c}");
    }
}

#[test]
fn knights_jump_by_signed_permutations_of_2_1_0_and_kings_step_to_any_neighbour() {
    let knight = dests(&fixture(V, "N2d4 P2d5 P2e4 P3d4 P1d4"), "2d4");
    assert_eq!(knight.len(), 16, "jumps over blockers: {knight:?}");
    for c in ["2b3", "2f5", "1b4", "3f4", "1d2", "3d6"] {
        assert!(knight.contains(&c.to_string()), "{c}");
    }
    assert_eq!(dests(&fixture(V, "K2d4"), "2d4").len(), 26);
}

#[test]
fn sliders_stop_at_the_first_piece_and_capture_across_levels() {
    let p = fixture(V, "R2d4 p2d6 P2f4 n3d4 B1d4");
    let d = dests(&p, "2d4");
    assert!(can(&p, "2d4", "2d6") && !can(&p, "2d4", "2d7"));
    assert!(can(&p, "2d4", "2e4") && !can(&p, "2d4", "2f4") && !can(&p, "2d4", "2g4"));
    assert!(can(&p, "2d4", "3d4"), "a capture on another level: {d:?}");
    assert!(!can(&p, "2d4", "1d4"));
    let q = fixture(V, "Q1d1 n3f3");
    assert!(can(&q, "1d1", "3f3"), "a three-axis capture");
    // Checks come from other levels too: the queen's level/rank diagonal 3e3 → 2e2 → 1e1.
    assert!(fixture(V, "K1e1 q3e3").is_check());
    assert!(!fixture(V, "K1e1 q3e3 P2e2").is_check());
}

#[test]
fn unmoved_pieces_attack_like_any_other() {
    // The unmoved knight on 3g8 guards 2g6 (one level, two ranks) and 3f6.
    let p = fixture(V, "K2g5 n*3g8 k3a8");
    assert!(!can(&p, "2g5", "2g6") && !can(&p, "2g5", "3f6") && can(&p, "2g5", "2f6"));
}

#[test]
fn pawns_move_forward_or_vertically_never_both() {
    assert_eq!(dests(&fixture(V, "P2e4"), "2e4"), names("1e4 2e5 3e4"));
    assert_eq!(dests(&fixture(V, "P*1e2"), "1e2"), names("1e3 1e4 2e2 3e2"));
    // Two along either axis only through an empty middle cell.
    assert_eq!(dests(&fixture(V, "P*1e2 N2e2"), "1e2"), names("1e3 1e4"));
    assert_eq!(dests(&fixture(V, "P*1e2 N1e3"), "1e2"), names("2e2 3e2"));
    // Black pawns go down the ranks.
    let b = fixture_to_move(V, "p*3d7", Color::Black);
    assert_eq!(dests(&b, "3d7"), names("1d7 2d7 3d5 3d6"));
}

#[test]
fn a_vertical_pawn_move_consumes_the_first_move_even_if_it_returns() {
    let p = line(V, "1e2-2e2 3a7-3a6 2e2-1e2 3a6-3a5");
    assert_eq!(dests(&p, "1e2"), names("1e3 2e2"));
    assert!(p.to_text().starts_with("8/8/8/8/8/8/P*P*P*P*PP*P*P*/"), "{}", p.to_text());
}

#[test]
fn pawns_capture_to_eight_cells_clipped_by_the_edges() {
    let targets = "2d5 2f5 1d5 1e5 1f5 3d5 3e5 3f5";
    let enemies: String = targets.split(' ').map(|c| format!("n{c} ")).collect();
    let p = fixture(V, &format!("P2e4 {enemies}"));
    assert_eq!(dests(&p, "2e4"), names(&format!("{targets} 1e4 2e5 3e4")));
    // The forward cells on other levels are captures only, and an own piece is never taken.
    assert_eq!(dests(&fixture(V, "P2e4 N1e5 n2e5"), "2e4"), names("1e4 3e4"));
    // At the a-file on the bottom level three remain.
    let edge = fixture(V, "P1a4 n1b5 n2a5 n2b5 n1a5");
    assert_eq!(dests(&edge, "1a4"), names("1b5 2a4 2a5 2b5"));
}

#[test]
fn castling_on_the_home_level_only_with_attacks_from_every_level() {
    let p = fixture(V, "K*1e1 R*1h1");
    assert_eq!(action(&p, "1e1-1g1").kind, ActionKind::Castle(CastleSide::East));
    assert!(!can(&p, "1e1", "2g1"), "no interlevel castling");
    let after_castle = after(&p, "1e1-1g1");
    assert!(after_castle.piece_at(after_castle.complex().parse_cell("1f1").unwrap()).is_some());
    // The transit and destination squares may not be attacked, from any level.
    let castles = |extra: &str| {
        let p = fixture(V, &format!("K*1e1 R*1h1 {extra}"));
        p.legal_actions().into_iter().any(|a| matches!(a.kind, ActionKind::Castle(_)))
    };
    assert!(castles("r2h1"));
    assert!(!castles("r2f1"), "transit 1f1 attacked from level 2");
    assert!(!castles("r3g1"), "destination 1g1 attacked from level 3");
    assert!(!castles("b2d2"), "the king's start attacked from level 2");
    assert!(!castles("N1g1"), "path not clear");
}

#[test]
fn en_passant_only_on_the_level_of_a_two_rank_advance() {
    let p = fixture(V, "P*1e2 p1d4 p2d4");
    let q = after(&p, "1e2-1e4");
    assert!(q.to_text().contains(" 1e3 "), "{}", q.to_text());
    let ep = action(&q, "1d4-1e3");
    assert!(matches!(ep.kind, ActionKind::EnPassant { .. }));
    let r = q.play(ep).unwrap();
    assert!(r.piece_at(r.complex().parse_cell("1e4").unwrap()).is_none());
    // The pawn on the neighbouring level has no en-passant capture.
    assert!(!can(&q, "2d4", "1e3"));
    // A vertical double move leaves no right.
    assert_eq!(after(&p, "1e2-3e2").ep_trace(), None);
}

#[test]
fn promotion_on_any_level() {
    let p = fixture(V, "P2e7");
    let e7: Vec<_> = p.legal_actions().into_iter().filter(|a| p.complex().name(a.from) == "2e7").collect();
    assert_eq!(e7.len(), 4 + 2, "2e8 with four choices, 1e7 and 3e7 quietly");
    let q = after(&p, "2e7-2e8=N");
    assert_eq!(q.piece_at(q.complex().parse_cell("2e8").unwrap()).map(|p| p.letter()), Some('N'));
    assert!(can(&fixture(V, "P1e7"), "1e7", "1e8"));
}

#[test]
fn mate_and_stalemate_search_all_three_levels() {
    // A back-rank mate on level 1 is escaped upward...
    let escape = fixture(V, "K1h1 r1a1 r1b2");
    assert!(escape.is_check() && escape.has_legal_action());
    // ...unless level 2 is covered too: the rooks on level 2 guard 2g1, 2g2, 2h1, 2h2.
    let mate = fixture(V, "K1h1 r1a1 r1b2 r2a1 r2b2");
    let game = Game::from_position(mate, Start::Edited { label: "test".into() });
    assert_eq!(game.outcome(), Some(Outcome { winner: Some(Color::Black), reason: EndReason::Checkmate }));
    let free = fixture_to_move(V, "k3a8 Q3b6", Color::Black);
    assert!(free.has_legal_action());
    let stale = fixture_to_move(V, "k3a8 Q2b6 R2h8 R1b8", Color::Black);
    assert!(!stale.is_check());
    let game = Game::from_position(stale, Start::Edited { label: "test".into() });
    assert_eq!(
        game.outcome(),
        Some(Outcome { winner: None, reason: EndReason::Stalemate }),
        "{}",
        game.position().to_text()
    );
}

#[test]
fn records_keep_the_ruleset() {
    let mut game = Game::new(V);
    for m in ["1e2-1e4", "3e7-2e7", "1d1-3f3"] {
        let a = game.position().parse_action(m).unwrap();
        game.play(a).unwrap();
    }
    let record = Record::of(&game);
    assert_eq!(record.ruleset, "chess3-v1");
    assert_eq!(record.actions, ["1e2-1e4", "3e7-2e7", "1d1-3f3"]);
    assert_eq!(record.replay().unwrap().position(), game.position());
}
