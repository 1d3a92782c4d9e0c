//! Strato v1: every rule and example of `peer-gg3-strato-chess3.md` and `gg3-movement-tables.md`
//! on real positions (fixture convention: White king 1h1, Black king 3h8, White to move, pieces
//! moved unless marked `*`).

mod levels;

use levels::{action, after, can, dests, fixture, fixture_to_move, line, names};
use surface_chess_rules::{ActionKind, Color, EndReason, Game, Outcome, Position, Record, Start, Variant};

const V: Variant = Variant::Strato;

#[test]
fn the_opening_puts_white_on_level_1_and_black_on_level_3() {
    let start = Position::new(V);
    assert_eq!(
        start.to_text(),
        "8/8/8/8/8/8/P*P*P*P*P*P*P*P*/R*N*B*Q*K*B*N*R*|8/8/8/8/8/8/8/8|r*n*b*q*k*b*n*r*/p*p*p*p*p*p*p*p*/8/8/8/8/8/8 w KQkq - 0 0"
    );
    assert_eq!(start.side_to_move(), Color::White);
    assert_eq!(start.pieces().count(), 32);
}

#[test]
fn every_first_move_changes_level() {
    let start = Position::new(V);
    let complex = start.complex();
    let moves = start.legal_actions();
    assert_eq!(moves.len(), 52);
    for a in moves {
        assert_ne!(complex.coord(a.from).chart, complex.coord(a.to).chart, "{}", start.notation(a));
    }
    // A moved piece may stay on its level.
    let p = fixture(V, "N1d4");
    assert!(can(&p, "1d4", "1e6"));
    let p = fixture(V, "P*1e2");
    assert_eq!(dests(&p, "1e2"), names("2e3 2e4"));
}

#[test]
fn pawns_advance_with_exactly_one_level_change_vertical_part_first() {
    // Moved pawn on the middle level: forward on its level, or forward plus one level; never purely vertical.
    assert_eq!(dests(&fixture(V, "P2e4"), "2e4"), names("1e5 2e5 3e5"));
    // The first advance may be two ranks with a clear path, but still one level only.
    assert_eq!(dests(&fixture(V, "P*1e2"), "1e2"), names("2e3 2e4"));
    assert_eq!(dests(&fixture(V, "P*1e2 n2e4"), "1e2"), names("2e3"));
    assert_eq!(dests(&fixture(V, "P*1e2 n2e3"), "1e2"), names(""));
    // The vertical segment comes first: its cell must be empty.
    assert_eq!(dests(&fixture(V, "P*1e2 N2e2"), "1e2"), names(""));
    assert_eq!(dests(&fixture(V, "P2e4 N1e4"), "2e4"), names("2e5 3e5"));
    // A transfer never captures: an enemy piece ahead on the other level stops it.
    assert_eq!(dests(&fixture(V, "P2e4 n3e5"), "2e4"), names("1e5 2e5"));
}

#[test]
fn knights_add_one_or_two_levels_to_a_planar_l_and_jump_in_the_plane() {
    let p = fixture(V, "N1d4");
    let d = dests(&p, "1d4");
    assert_eq!(d.len(), 24, "{d:?}");
    for level in ['1', '2', '3'] {
        for sq in ["b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5"] {
            assert!(d.contains(&format!("{level}{sq}")), "{level}{sq}");
        }
    }
    // No purely vertical knight move.
    assert!(!can(&p, "1d4", "2d4") && !can(&p, "1d4", "3d4"));
    // The vertical path must be empty: 2d4 occupied cuts both levels above.
    let blocked = dests(&fixture(V, "N1d4 P2d4"), "1d4");
    assert!(blocked.iter().all(|c| c.starts_with('1')), "{blocked:?}");
    // Only the top cell matters for the second level's jumps; planar blockers are jumped.
    let walled = fixture(V, "N1d4 P3d4");
    assert!(dests(&walled, "1d4").iter().all(|c| !c.starts_with('3')));
    assert!(can(&walled, "1d4", "2e6"));
    let crowded = fixture(V, "N1d4 P3c4 P3d5 P3e4 P3d3 P3c5 P3e5");
    assert!(can(&crowded, "1d4", "3e6"));
    // A transfer never captures; the same-level capture is ordinary.
    let p = fixture(V, "N1d4 b2e6 b1e6");
    assert!(!can(&p, "1d4", "2e6") && can(&p, "1d4", "1e6"));
}

#[test]
fn bishops_cross_one_file_and_rank_per_level_in_one_straight_line() {
    let p = fixture(V, "B1c1");
    assert_eq!(dests(&p, "1c1"), names("1a3 1b2 1d2 1e3 1f4 1g5 1h6 2b2 2d2 3a3 3e3"));
    // The spatial line 1c1 → 2d2 → 3e3: the middle cell must be empty; no bend, no planar continuation.
    assert_eq!(dests(&fixture(V, "B1c1 P2d2"), "1c1"), names("1a3 1b2 1d2 1e3 1f4 1g5 1h6 2b2 3a3"));
    assert!(!can(&p, "1c1", "3f4") && !can(&p, "1c1", "3c3"));
    // No capture on a transfer.
    assert!(!can(&fixture(V, "B1c1 n3e3"), "1c1", "3e3"));
}

#[test]
fn rooks_and_queens_transfer_along_their_lines() {
    // The vertical rook line 1a4 → 2a4 → 3a4, the intermediate cell clear.
    let rook = fixture(V, "R1a4");
    assert!(can(&rook, "1a4", "2a4") && can(&rook, "1a4", "3a4"));
    assert!(!can(&fixture(V, "R1a4 P2a4"), "1a4", "3a4"));
    assert!(!can(&fixture(V, "R1a4 n3a4"), "1a4", "3a4"));
    assert!(!can(&rook, "1a4", "2b5") && !can(&rook, "1a4", "2a5"));
    // The queen: the rook's or the bishop's transfer.
    let queen = dests(&fixture(V, "Q2d4"), "2d4");
    let other_levels: Vec<&String> = queen.iter().filter(|c| !c.starts_with('2')).collect();
    assert_eq!(other_levels, names("1c3 1c5 1d4 1e3 1e5 3c3 3c5 3d4 3e3 3e5").iter().collect::<Vec<_>>());
}

#[test]
fn kings_change_one_level_and_only_the_first_move_adds_a_planar_step() {
    let moved = fixture(V, "K2e4");
    let d = dests(&moved, "2e4");
    assert_eq!(d.iter().filter(|c| !c.starts_with('2')).collect::<Vec<_>>(), ["1e4", "3e4"]);
    assert_eq!(d.len(), 10);
    let first = fixture(V, "K*1e1");
    assert_eq!(dests(&first, "1e1"), names("2d1 2d2 2e1 2e2 2f1 2f2"));
    // Vertical part first: an occupied 2e1 forbids every transfer.
    assert_eq!(dests(&fixture(V, "K*1e1 N2e1"), "1e1"), names(""));
}

#[test]
fn in_check_a_first_move_may_capture_or_block_on_its_level() {
    // The rook on 1a3 checks along rank 3: the unmoved pawn blocks, the unmoved knight blocks or
    // captures; their transfers do not meet the check.
    let p = fixture(V, "K1h3 r1a3 P*1e2 N*1b1");
    assert!(p.is_check());
    assert_eq!(dests(&p, "1e2"), names("1e3"));
    assert_eq!(dests(&p, "1b1"), names("1a3 1c3"));
    // Without the check the same first moves must change level.
    let calm = fixture(V, "P*1e2 N*1b1 r1c3");
    assert!(!can(&calm, "1b1", "1c3") && !can(&calm, "1b1", "1a3") && !can(&calm, "1e2", "1e3"));
}

#[test]
fn a_first_king_move_in_check_may_capture_the_checker_but_not_escape_quietly() {
    // Capturing the checker on the same level is the exception; the quiet escapes 1d1 and 1f1 are not.
    let p = fixture(V, "K*1e1 r1e2");
    assert_eq!(dests(&p, "1e1"), names("1e2 2d1 2d2 2e1 2e2 2f1 2f2"));
    // Capturing another piece that is not checking is no exception either.
    let p = fixture(V, "K*1e1 r1e5 n1d1");
    assert!(p.is_check());
    assert_eq!(dests(&p, "1e1"), names("2d1 2d2 2e1 2e2 2f1 2f2"));
}

#[test]
fn attacks_stay_on_their_level() {
    // A queen right above the king does not check it; one on the same level does.
    assert!(!fixture(V, "q2h2").is_check());
    assert!(fixture(V, "q1h2").is_check());
    // Kings on neighbouring levels are not adjacent.
    let p = fixture(V, "K1e4 k2e4");
    assert!(can(&p, "1e4", "1e5") && can(&p, "1e4", "1d3"));
    // A transfer does not attack: the rook on 2a1 could move to 1a1 but does not guard it.
    let p = fixture(V, "K1b1 r2a1");
    assert!(can(&p, "1b1", "1a1"));
    // No move may leave the own king attacked: the pinned bishop keeps to the pin line.
    let p = fixture(V, "K1e1 B1e2 r1e8");
    assert!(dests(&p, "1e2").is_empty());
}

#[test]
fn first_move_flags_are_ignored_for_threats() {
    // The unmoved knight on 3g8 still guards 3f6 and 3h6 (the reference generator found this).
    let p = fixture(V, "K3g5 n*3g8 k3a8");
    assert!(!can(&p, "3g5", "3f6") && !can(&p, "3g5", "3h6") && can(&p, "3g5", "3g6"));
    assert!(fixture_to_move(V, "K1a1 k*3e8 N3d6", Color::Black).is_check());
}

#[test]
fn castling_then_an_optional_joint_transfer() {
    let p = fixture(V, "K*1e1 R*1h1 R*1a1");
    assert!(can(&p, "1e1", "1g1") && can(&p, "1e1", "2g1") && can(&p, "1e1", "1c1") && can(&p, "1e1", "2c1"));
    let castle = action(&p, "1e1-2g1");
    assert_eq!(castle.kind, ActionKind::Castle(surface_chess_rules::CastleSide::East));
    let q = p.play(castle).unwrap();
    let at = |name: &str| q.piece_at(q.complex().parse_cell(name).unwrap()).map(|p| p.letter());
    assert_eq!((at("2g1"), at("2f1"), at("1h1"), at("1e1")), (Some('K'), Some('R'), None, None));
    assert!(!q.castling().has(Color::White, surface_chess_rules::CastleSide::East));
    assert_eq!(q.to_text(), "8/8/8/8/8/8/8/R*7|8/8/8/8/8/8/8/5RK1|7k/8/8/8/8/8/8/8 b - - 1 11");
    let plain = after(&p, "1e1-1g1");
    let at = |name: &str| plain.piece_at(plain.complex().parse_cell(name).unwrap()).map(|p| p.letter());
    assert_eq!((at("1g1"), at("1f1")), (Some('K'), Some('R')));
    // Black castles on level 3 and can only transfer down.
    let b = fixture_to_move(V, "k*3e8 r*3h8 K1h1", Color::Black);
    assert_eq!(dests(&b, "3e8").iter().filter(|c| c.ends_with("g8")).collect::<Vec<_>>(), ["2g8", "3g8"]);
}

#[test]
fn castling_tests_every_stage() {
    let with = |extra: &str| fixture(V, &format!("K*1e1 R*1h1 {extra}"));
    let castles =
        |p: &Position| names(&dests(p, "1e1").into_iter().filter(|c| c.ends_with("g1")).collect::<Vec<_>>().join(" "));
    assert_eq!(castles(&with("")), names("1g1 2g1"));
    // Both transfer destinations must be empty.
    assert_eq!(castles(&with("N2f1")), names("1g1"));
    assert_eq!(castles(&with("N2g1")), names("1g1"));
    // The squares between king and rook must be empty.
    assert_eq!(castles(&with("N1g1")), names(""));
    // Starting, transit and castled squares on the original level must be safe.
    assert_eq!(castles(&with("r1e5")), names(""));
    assert_eq!(castles(&with("r1f5")), names(""));
    assert_eq!(castles(&with("r1g5")), names(""));
    // The final king square must be safe: a rook on level 2 guards 2g1 only.
    assert_eq!(castles(&with("r2g5")), names("1g1"));
    // Both pieces original and unmoved: a moved rook (no `*`) gives no right.
    assert_eq!(castles(&fixture(V, "K*1e1 R1h1")), names(""));
}

#[test]
fn moving_king_or_rook_even_by_transfer_ends_the_right() {
    let p = fixture_to_move(V, "K*1e1 R*1h1 k3a8", Color::White);
    let p = after(&p, "1h1-2h1");
    let p = after(&p, "3a8-3a7");
    let p = after(&p, "2h1-1h1");
    assert!(!p.castling().has(Color::White, surface_chess_rules::CastleSide::East));
    assert!(!can(&after(&p, "3a7-3a8"), "1e1", "1g1"));
}

#[test]
fn promotion_on_any_level_to_a_moved_piece() {
    let p = fixture(V, "P2e7");
    let e7: Vec<_> = p.legal_actions().into_iter().filter(|a| p.complex().name(a.from) == "2e7").collect();
    assert_eq!(e7.len(), 12, "2e8, 1e8 and 3e8, each with four choices");
    for to in ["1e8", "2e8", "3e8"] {
        for piece in ['Q', 'R', 'B', 'N'] {
            let q = after(&p, &format!("2e7-{to}={piece}"));
            let promoted = q.piece_at(q.complex().parse_cell(to).unwrap()).unwrap();
            assert_eq!(promoted.letter(), piece);
            assert!(!promoted.unused(), "promoted pieces count as moved");
        }
    }
}

#[test]
fn en_passant_only_after_a_same_level_double_step() {
    // The only same-level double step left to a Strato pawn is a first move that blocks a check:
    // the bishop on 3a2 checks along a2–g8 and 3d7–3d5 blocks it.
    let p = fixture_to_move(V, "k3g8 B3a2 P3e5 p*3d7", Color::Black);
    assert!(p.is_check());
    assert_eq!(dests(&p, "3d7"), names("3d5"));
    let q = after(&p, "3d7-3d5");
    assert!(q.to_text().contains(" 3d6 "), "{}", q.to_text());
    let ep = action(&q, "3e5-3d6");
    assert!(matches!(ep.kind, ActionKind::EnPassant { .. }));
    let r = q.play(ep).unwrap();
    assert!(r.piece_at(r.complex().parse_cell("3d5").unwrap()).is_none());
    // A transfer never creates an en-passant right.
    let t = line(V, "1e2-2e4");
    assert_eq!(t.ep_trace(), None);
}

#[test]
fn mate_and_stalemate_search_all_three_levels() {
    // A back-rank mate on level 1 is escaped by the king's transfer...
    let escape = fixture(V, "K1h1 r1a1 r1b2");
    assert!(escape.is_check() && escape.has_legal_action());
    assert_eq!(dests(&escape, "1h1"), names("2h1"));
    // ...unless the cell above is taken.
    let mate = fixture(V, "K1h1 r1a1 r1b2 B2h1");
    let game = Game::from_position(mate, Start::Edited { label: "test".into() });
    assert_eq!(game.outcome(), Some(Outcome { winner: Some(Color::Black), reason: EndReason::Checkmate }));
    // Stalemated on level 3 only when the transfer is blocked too.
    let free = fixture_to_move(V, "k3a8 Q3b6", Color::Black);
    assert_eq!(dests(&free, "3a8"), names("2a8"));
    let stale = fixture_to_move(V, "k3a8 Q3b6 B2a8", Color::Black);
    let game = Game::from_position(stale, Start::Edited { label: "test".into() });
    assert_eq!(game.outcome(), Some(Outcome { winner: None, reason: EndReason::Stalemate }));
}

#[test]
fn no_repetition_move_count_or_material_draws() {
    let p = fixture(V, "");
    let mut game = Game::from_position(p, Start::Edited { label: "bare kings".into() });
    assert_eq!(game.outcome(), None, "bare kings play on");
    for i in 0..200 {
        let text = ["1h1-1g1", "3h8-3g8", "1g1-1h1", "3g8-3h8"][i % 4];
        let a = game.position().parse_action(text).unwrap();
        game.play(a).unwrap();
        assert_eq!(game.outcome(), None, "ply {i}");
    }
    assert!(game.position().halfmove() >= 200);
    assert!(game.agree_draw().is_ok());
}

#[test]
fn records_keep_the_ruleset_and_technical_coordinates() {
    let mut game = Game::new(V);
    for m in ["1e2-2e4", "3d7-2d5", "1g1-2f3"] {
        let a = game.position().parse_action(m).unwrap();
        game.play(a).unwrap();
    }
    let record = Record::of(&game);
    assert_eq!(record.ruleset, "strato-v1");
    assert_eq!(record.actions, ["1e2-2e4", "3d7-2d5", "1g1-2f3"]);
    assert_eq!(record.replay().unwrap().position(), game.position());
    let mut wrong = record.clone();
    wrong.ruleset = "surface-rules-0.1".into();
    let err = wrong.replay().unwrap_err().to_string();
    assert!(err.contains("ruleset") && err.contains("strato-v1"), "{err}");
}
