//! Explanations on the three-level boards: each reason on a real Strato and Chess³ position (the
//! documents' fixture convention: White king 1h1, Black king 3h8, White to move, pieces moved
//! unless marked `*`), the routes of level moves, and the words and sentences of the reasons that
//! only Strato gives.

mod levels;

use levels::{fixture, fixture_to_move};
use surface_chess_rules::{Color, Position, Reason, Variant, Verdict};

const S: Variant = Variant::Strato;
const C: Variant = Variant::Chess3;

/// The lines `surfchess explain` prints, joined.
fn explain(p: &Position, from: &str, to: &str) -> String {
    let c = |n: &str| p.complex().parse_cell(n).unwrap_or_else(|| panic!("{n}"));
    p.explain(c(from), c(to)).lines(p).join("\n")
}

/// The explanation of `from`–`to` on the fixture `pieces`.
fn why(v: Variant, pieces: &str, from: &str, to: &str) -> String {
    explain(&fixture(v, pieces), from, to)
}

/// The reason itself.
fn reason(p: &Position, from: &str, to: &str) -> Reason {
    let c = |n: &str| p.complex().parse_cell(n).unwrap();
    match p.explain(c(from), c(to)).verdict {
        Verdict::Illegal(r) => r,
        Verdict::Legal(moves) => panic!("{from}–{to} is legal: {moves:?}"),
    }
}

/// The sentence the app shows.
fn sentence(p: &Position, from: &str, to: &str) -> String {
    let c = |n: &str| p.complex().parse_cell(n).unwrap();
    p.explain(c(from), c(to)).sentence(p)
}

#[test]
fn strato_an_unmoved_piece_must_change_level() {
    // The opening: every same-level first move, even onto an own piece.
    let start = Position::new(S);
    assert_eq!(explain(&start, "1e2", "1e3"), "illegal must-change-level");
    assert_eq!(explain(&start, "1e2", "1e4"), "illegal must-change-level");
    assert_eq!(explain(&start, "1b1", "1c3"), "illegal must-change-level");
    assert_eq!(explain(&start, "1b1", "1d2"), "illegal must-change-level");
    assert_eq!(explain(&start, "1b1", "2c3"), "legal 1b1-2c3 route 1b1 2b1 2c3");
    // A quiet first king move that escapes the check on its level is no exception...
    let p = fixture(S, "K*1e1 r1e2");
    assert!(p.is_check());
    assert_eq!(explain(&p, "1e1", "1d1"), "illegal must-change-level");
    assert_eq!(explain(&p, "1e1", "1f2"), "illegal must-change-level");
    // ...capturing the checker is.
    assert_eq!(explain(&p, "1e1", "1e2"), "legal 1e1-1e2 route 1e1 1e2");
    // Another piece that is not checking is no exception either.
    let p = fixture(S, "K*1e1 r1e5 n1d1");
    assert_eq!(explain(&p, "1e1", "1d1"), "illegal must-change-level");
    // In check, an unmoved piece other than the king may block on its level; a move that does
    // not meet the check leaves the king attacked.
    let p = fixture(S, "K1h3 r1a3 P*1e2 N*1b1");
    assert_eq!(explain(&p, "1e2", "1e3"), "legal 1e2-1e3 route 1e2 1e3 facing up");
    assert_eq!(explain(&p, "1b1", "1a3"), "legal 1b1-1a3 route 1b1 1a3");
    assert_eq!(explain(&p, "1b1", "1d2"), "illegal leaves-king-in-check 1a3");
    // Without the check the same first moves must change level.
    let calm = fixture(S, "P*1e2 N*1b1 r1c3");
    assert_eq!(explain(&calm, "1b1", "1c3"), "illegal must-change-level");
    assert_eq!(explain(&calm, "1e2", "1e3"), "illegal must-change-level");
    // A moved piece stays on its level freely.
    assert_eq!(why(S, "N1d4", "1d4", "1e6"), "legal 1d4-1e6 route 1d4 1e6");
    let words = sentence(&start, "1e2", "1e3");
    assert!(words.contains("has not moved yet") && words.contains("must change level"), "{words}");
}

#[test]
fn strato_a_transfer_never_captures() {
    let p = fixture(S, "N1d4 b2e6 b1e6");
    assert_eq!(explain(&p, "1d4", "2e6"), "illegal no-capture-on-transfer 2e6");
    assert_eq!(reason(&p, "1d4", "2e6").culprits(), [p.complex().parse_cell("2e6").unwrap()]);
    assert!(explain(&p, "1d4", "1e6").starts_with("legal 1d4-1e6"), "the same-level capture is ordinary");
    assert_eq!(why(S, "B1c1 n3e3", "1c1", "3e3"), "illegal no-capture-on-transfer 3e3");
    assert_eq!(why(S, "R1a4 n3a4", "1a4", "3a4"), "illegal no-capture-on-transfer 3a4");
    assert_eq!(why(S, "P2e4 n3e5", "2e4", "3e5"), "illegal no-capture-on-transfer 3e5");
    assert_eq!(why(S, "K2e4 n3e4", "2e4", "3e4"), "illegal no-capture-on-transfer 3e4");
    let words = sentence(&p, "1d4", "2e6");
    assert!(words.contains("never captures") && words.contains("black bishop"), "{words}");
}

#[test]
fn strato_the_kings_planar_step_is_for_its_first_move_only() {
    let p = fixture(S, "K2e4");
    assert_eq!(explain(&p, "2e4", "3f5"), "illegal first-move-only");
    assert_eq!(explain(&p, "2e4", "1d3"), "illegal first-move-only");
    assert_eq!(explain(&p, "2e4", "3e4"), "legal 2e4-3e4 route 2e4 3e4");
    assert_eq!(explain(&p, "2e4", "3e6"), "illegal not-a-move");
    assert_eq!(why(S, "K*1e1", "1e1", "2f2"), "legal 1e1-2f2 route 1e1 2e1 2f2");
    assert!(sentence(&p, "2e4", "3f5").contains("first move"));
    // Pawns: the double advance is a first move's too, on the level or with the transfer.
    assert_eq!(why(S, "P2e4", "2e4", "3e6"), "illegal double-step-used");
    assert_eq!(why(S, "P2e4", "2e4", "2e6"), "illegal double-step-used");
    assert_eq!(why(S, "P*1e2", "1e2", "2e4"), "legal 1e2-2e4 route 1e2 2e2 2e3 2e4 facing up");
}

#[test]
fn strato_blocked_names_the_first_piece_vertical_cells_first() {
    assert_eq!(why(S, "R1a4 P2a4", "1a4", "3a4"), "illegal blocked 2a4");
    assert_eq!(why(S, "B1c1 P2d2", "1c1", "3e3"), "illegal blocked 2d2");
    // Compound moves: the vertical cell before the planar ones.
    assert_eq!(why(S, "K*1e1 N2e1", "1e1", "2f2"), "illegal blocked 2e1");
    assert_eq!(why(S, "N1d4 P2d4", "1d4", "3e6"), "illegal blocked 2d4");
    assert_eq!(why(S, "N1d4 P3d4", "1d4", "3e6"), "illegal blocked 3d4");
    assert_eq!(why(S, "P2e4 N1e4", "2e4", "1e5"), "illegal blocked 1e4");
    assert_eq!(why(S, "P*1e2 n2e3", "1e2", "2e4"), "illegal blocked 2e3");
    assert_eq!(why(S, "P*1e2 n2e2", "1e2", "2e4"), "illegal blocked 2e2");
    // A pawn's quiet move onto a piece on its own level.
    assert_eq!(why(S, "P2e4 n2e5", "2e4", "2e5"), "illegal blocked 2e5");
    // Knights jump in the plane.
    assert_eq!(why(S, "N1d4 P2d5 P2e5", "1d4", "2e6"), "legal 1d4-2e6 route 1d4 2d4 2e6");
    // An own piece on the target is named even with a piece in the way.
    assert_eq!(why(S, "R1a4 P2a4 N3a4", "1a4", "3a4"), "illegal own-piece 3a4");
}

#[test]
fn strato_pawns_capture_only_on_their_level() {
    let p = fixture(S, "P2e4");
    assert_eq!(explain(&p, "2e4", "2d5"), "illegal no-capture");
    assert_eq!(explain(&p, "2e4", "1d5"), "illegal not-a-move");
    assert_eq!(explain(&p, "2e4", "3e4"), "illegal not-a-move", "no purely vertical pawn move");
    assert_eq!(why(S, "P2e4 n2d5", "2e4", "2d5"), "legal 2e4-2d5 route 2e4 2d5 facing up");
}

#[test]
fn strato_not_a_move_and_pinned_pieces() {
    assert_eq!(why(S, "R1a4", "1a4", "2b5"), "illegal not-a-move");
    assert_eq!(why(S, "R1a4", "1a4", "2a5"), "illegal not-a-move");
    assert_eq!(why(S, "N1d4", "1d4", "2d4"), "illegal not-a-move", "no purely vertical knight move");
    assert_eq!(why(S, "B1c1", "1c1", "3f4"), "illegal not-a-move", "no planar continuation");
    assert_eq!(why(S, "B1c1", "1c1", "3c3"), "illegal not-a-move");
    assert_eq!(why(S, "R1a4", "1a4", "1a4"), "illegal not-a-move");
    // The bishop on 1e2 shields the king from the rook on 1e8: on its level or away from it.
    let p = fixture(S, "K1e1 B1e2 r1e8");
    assert_eq!(explain(&p, "1e2", "2f3"), "illegal leaves-king-in-check 1e8");
    assert_eq!(explain(&p, "1e2", "1d3"), "illegal leaves-king-in-check 1e8");
    // Attacks stay on their level: the king may step under a queen on the level above.
    let p = fixture(S, "K1e4 q2d4 r1a5");
    assert_eq!(explain(&p, "1e4", "1d4"), "legal 1e4-1d4 route 1e4 1d4");
    assert_eq!(explain(&p, "1e4", "1e5"), "illegal leaves-king-in-check 1a5");
}

#[test]
fn strato_castling_and_its_joint_transfer() {
    let castle = |extra: &str, to: &str| why(S, &format!("K*1e1 R*1h1 {extra}"), "1e1", to);
    assert_eq!(castle("", "1g1"), "legal 1e1-1g1 route 1e1 1f1 1g1");
    assert_eq!(castle("", "2g1"), "legal 1e1-2g1 route 1e1 1f1 1g1 2g1");
    // Both transfer destinations must be empty, the king's first.
    assert_eq!(castle("N2f1", "2g1"), "illegal castling occupied 2f1");
    assert_eq!(castle("N2g1", "2g1"), "illegal castling occupied 2g1");
    assert_eq!(castle("N2g1 N2f1", "2g1"), "illegal castling occupied 2g1");
    assert_eq!(castle("N2f1", "1g1"), "legal 1e1-1g1 route 1e1 1f1 1g1");
    // The ordinary castling's tests come first.
    assert_eq!(castle("N1g1 N2f1", "2g1"), "illegal castling occupied 1g1");
    assert_eq!(castle("r1e5", "2g1"), "illegal castling in-check 1e5");
    assert_eq!(castle("r1f5", "2g1"), "illegal castling transit 1f1 1f5");
    assert_eq!(castle("r1g5", "2g1"), "illegal castling landing 1g1 1g5");
    // The final king square: a rook on level 2 guards 2g1 only.
    assert_eq!(castle("r2g5", "2g1"), "illegal castling final 2g5");
    assert_eq!(castle("r2g5", "1g1"), "legal 1e1-1g1 route 1e1 1f1 1g1");
    // No right without both unmoved pieces.
    assert_eq!(why(S, "K*1e1 R1h1", "1e1", "2g1"), "illegal castling no-right");
    // Black castles on level 3 and transfers down only.
    let b = fixture_to_move(S, "k*3e8 r*3h8 K1h1", Color::Black);
    assert_eq!(explain(&b, "3e8", "2g8"), "legal 3e8-2g8 route 3e8 3f8 3g8 2g8");
    assert_eq!(explain(&b, "3e8", "3g8"), "legal 3e8-3g8 route 3e8 3f8 3g8");
    let b = fixture_to_move(S, "k*3e8 r*3h8 K1h1 N2f8", Color::Black);
    assert_eq!(explain(&b, "3e8", "2g8"), "illegal castling occupied 2f8");
}

#[test]
fn strato_routes_pass_the_vertical_cells_first() {
    assert_eq!(why(S, "N1d4", "1d4", "3e6"), "legal 1d4-3e6 route 1d4 2d4 3d4 3e6");
    assert_eq!(why(S, "R1a4", "1a4", "3a4"), "legal 1a4-3a4 route 1a4 2a4 3a4");
    assert_eq!(why(S, "B1c1", "1c1", "3e3"), "legal 1c1-3e3 route 1c1 2d2 3e3");
    assert_eq!(why(S, "P2e4", "2e4", "3e5"), "legal 2e4-3e5 route 2e4 3e4 3e5 facing up");
    let p = fixture(S, "N1d4");
    let a = p.parse_action("1d4-3e6").unwrap();
    let route = p.route(a).unwrap();
    assert!(route.iter().all(|s| !s.seam), "levels are not seams");
    assert!(!p.crosses_seam(a) && p.crossings(a).is_empty());
}

#[test]
fn chess3_pawns_capture_forward_and_move_forward_or_vertically() {
    let p = fixture(C, "P2e4");
    // The capture displacements onto empty cells.
    assert_eq!(explain(&p, "2e4", "2d5"), "illegal no-capture");
    assert_eq!(explain(&p, "2e4", "1e5"), "illegal no-capture");
    assert_eq!(explain(&p, "2e4", "3f5"), "illegal no-capture");
    // Forward and vertical together, backwards, sideways, three ranks: never.
    assert_eq!(explain(&p, "2e4", "2e7"), "illegal not-a-move");
    assert_eq!(explain(&p, "2e4", "1e3"), "illegal not-a-move");
    assert_eq!(explain(&p, "2e4", "1d4"), "illegal not-a-move");
    assert_eq!(explain(&p, "2e4", "2f4"), "illegal not-a-move");
    // Two ranks: the first move's double advance, used.
    assert_eq!(explain(&p, "2e4", "2e6"), "illegal double-step-used");
    assert_eq!(why(C, "P1e3", "1e3", "3e3"), "illegal double-step-used");
    assert_eq!(explain(&p, "2e4", "3e4"), "legal 2e4-3e4 route 2e4 3e4 facing up");
    assert!(sentence(&p, "2e4", "1e5").contains("only to capture"));
    // The quiet moves need empty cells, the middle one first.
    assert_eq!(why(C, "P*1e2 N2e2", "1e2", "3e2"), "illegal blocked 2e2");
    assert_eq!(why(C, "P*1e2 N1e3", "1e2", "1e4"), "illegal blocked 1e3");
    assert_eq!(why(C, "P2e4 n2e5", "2e4", "2e5"), "illegal blocked 2e5");
    assert_eq!(why(C, "P2e4 n3e4", "2e4", "3e4"), "illegal blocked 3e4");
    assert_eq!(why(C, "P*1e2", "1e2", "3e2"), "legal 1e2-3e2 route 1e2 2e2 3e2 facing up");
    // An own piece is never taken.
    assert_eq!(why(C, "P2e4 N1e5", "2e4", "1e5"), "illegal own-piece 1e5");
    assert_eq!(why(C, "P2e4 n1e5", "2e4", "1e5"), "legal 2e4-1e5 route 2e4 1e5 facing up");
    // En passant only on the level of the two-rank advance: from the next level the passed cell
    // is an empty capture target.
    let p = fixture(C, "P*1e2 p1d4 p2d4");
    let q = p.play(p.parse_action("1e2-1e4").unwrap()).unwrap();
    assert_eq!(explain(&q, "1d4", "1e3"), "legal 1d4-1e3 route 1d4 1e3 facing down");
    assert_eq!(explain(&q, "2d4", "1e3"), "illegal no-capture");
}

#[test]
fn chess3_lines_jumps_and_steps() {
    assert_eq!(why(C, "R2d4", "2d4", "3e5"), "illegal not-a-move");
    assert_eq!(why(C, "R2d4", "2d4", "3e4"), "illegal not-a-move");
    assert_eq!(why(C, "B2d4", "2d4", "3e4"), "illegal not-a-move", "the level/file diagonal is the queen's");
    assert_eq!(why(C, "B2d4", "2d4", "1e4"), "illegal not-a-move");
    assert_eq!(why(C, "N2d4", "2d4", "3e5"), "illegal not-a-move");
    assert_eq!(why(C, "K2d4", "2d4", "2d6"), "illegal not-a-move");
    assert_eq!(why(C, "Q1d1", "1d1", "3f2"), "illegal not-a-move");
    // Sliders stop at the first piece; they capture it across levels, never an own one.
    assert_eq!(why(C, "Q1d1 P2e2", "1d1", "3f3"), "illegal blocked 2e2");
    assert_eq!(why(C, "B1c1 n2d2", "1c1", "3e3"), "illegal blocked 2d2");
    assert_eq!(why(C, "R2d4 N3d4", "2d4", "3d4"), "illegal own-piece 3d4");
    assert_eq!(why(C, "R2d4 n3d4", "2d4", "3d4"), "legal 2d4-3d4 route 2d4 3d4");
    assert_eq!(why(C, "Q1d1", "1d1", "3f3"), "legal 1d1-3f3 route 1d1 2e2 3f3");
    // Knights jump straight to their destination.
    assert_eq!(why(C, "N2d4 P2d5 P3d4", "2d4", "3d6"), "legal 2d4-3d6 route 2d4 3d6");
    // Kings step to any neighbouring cube, and a moved king has no Strato rule.
    assert_eq!(why(C, "K2e4", "2e4", "3f5"), "legal 2e4-3f5 route 2e4 3f5");
    assert_eq!(why(C, "K*1e1", "1e1", "1e2"), "legal 1e1-1e2 route 1e1 1e2");
}

#[test]
fn chess3_pins_and_checks_cross_levels() {
    // The queen on 3e1 pins the rook on 2e1 along the level axis.
    let p = fixture(C, "K1e1 R2e1 q3e1");
    assert_eq!(explain(&p, "2e1", "2e5"), "illegal leaves-king-in-check 3e1");
    assert_eq!(explain(&p, "2e1", "3e1"), "legal 2e1-3e1 route 2e1 3e1");
    // The king may not step into an attack from another level.
    let p = fixture(C, "K1e1 r3d2");
    assert_eq!(explain(&p, "1e1", "1d2"), "illegal leaves-king-in-check 3d2");
    assert_eq!(explain(&p, "1e1", "2e2"), "legal 1e1-2e2 route 1e1 2e2");
    // A pinned pawn.
    let p = fixture(C, "K1e1 P2e2 q3e3");
    assert_eq!(explain(&p, "2e2", "2e3"), "illegal leaves-king-in-check 3e3");
}

#[test]
fn chess3_castles_on_the_home_level_only() {
    let castle = |extra: &str, to: &str| why(C, &format!("K*1e1 R*1h1 {extra}"), "1e1", to);
    assert_eq!(castle("", "1g1"), "legal 1e1-1g1 route 1e1 1f1 1g1");
    assert_eq!(castle("", "2g1"), "illegal not-a-move", "no interlevel castling");
    assert_eq!(castle("N1g1", "1g1"), "illegal castling occupied 1g1");
    assert_eq!(castle("b2d2", "1g1"), "illegal castling in-check 2d2");
    assert_eq!(castle("r2f1", "1g1"), "illegal castling transit 1f1 2f1");
    assert_eq!(castle("r3g1", "1g1"), "illegal castling landing 1g1 3g1");
    assert_eq!(why(C, "K*1e1 R1h1", "1e1", "1g1"), "illegal castling no-right");
}

#[test]
fn the_new_words_are_reason_words_and_chess3_never_says_them() {
    for word in ["must-change-level", "no-capture-on-transfer", "first-move-only"] {
        assert!(Reason::WORDS.contains(&word), "{word}");
    }
    // Chess³'s opening, every piece to every cell.
    let p = Position::new(C);
    for from in p.occupied(Color::White).iter() {
        for to in p.complex().cells() {
            if let Verdict::Illegal(r) = p.explain(from, to).verdict {
                assert!(
                    !["must-change-level", "no-capture-on-transfer", "first-move-only"].contains(&r.word()),
                    "{r:?}"
                );
            }
        }
    }
}
