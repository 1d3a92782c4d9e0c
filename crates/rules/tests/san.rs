//! gg³ algebraic notation on the three-level boards (`strato`, `chess3`): every statement and
//! example of the rules page's "Algebraic move notation" section and of the movement tables'
//! "Notation examples", each arising from a legal move of a real position, and the round trip
//! `san` → `parse_san` over every legal move of random games.
//!
//! Fixtures follow the peer's convention (White king 1h1, Black king 3h8, White to move, listed
//! pieces moved unless marked `*`), castling fixtures put the king on 1e1 and rooks on 1a1/1h1.

use surface_chess_rules::{Action, ActionKind, CastleSide, ParseActionError, Position, Role, Variant};

const STRATO: Variant = Variant::Strato;
const CHESS3: Variant = Variant::Chess3;

/// A position from a piece list: `K1h1 k3h8 P2e7 r3a8*` (letter, cell, `*` when never moved),
/// `side` `w` or `b`, the castling letters derived from the never-moved kings and rooks.
fn position(variant: Variant, side: char, pieces: &str) -> Position {
    position_with_ep(variant, side, pieces, "-")
}

fn position_with_ep(variant: Variant, side: char, pieces: &str, ep: &str) -> Position {
    let mut grid = vec![vec![vec![String::new(); 8]; 8]; 3];
    for token in pieces.split_whitespace() {
        let b = token.as_bytes();
        let (level, file, rank) = (usize::from(b[1] - b'1'), usize::from(b[2] - b'a'), usize::from(b[3] - b'1'));
        grid[level][rank][file] = format!("{}{}", token[..1].to_owned(), &token[4..]);
    }
    let at = |level: usize, cell: &str| {
        let b = cell.as_bytes();
        grid[level][usize::from(b[1] - b'1')][usize::from(b[0] - b'a')].clone()
    };
    let mut castling = String::new();
    for (letter, level, king, rook) in
        [('K', 0, "e1", "h1"), ('Q', 0, "e1", "a1"), ('k', 2, "e8", "h8"), ('q', 2, "e8", "a8")]
    {
        let (k, r) = if letter.is_uppercase() { ("K*", "R*") } else { ("k*", "r*") };
        if at(level, king) == k && at(level, rook) == r {
            castling.push(letter);
        }
    }
    if castling.is_empty() {
        castling.push('-');
    }
    let levels: Vec<String> = grid
        .iter()
        .map(|ranks| {
            let rows: Vec<String> = ranks
                .iter()
                .rev()
                .map(|row| {
                    let (mut out, mut empty) = (String::new(), 0);
                    for cell in row {
                        if cell.is_empty() {
                            empty += 1;
                        } else {
                            if empty > 0 {
                                out.push_str(&empty.to_string());
                                empty = 0;
                            }
                            out.push_str(cell);
                        }
                    }
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                    }
                    out
                })
                .collect();
            rows.join("/")
        })
        .collect();
    let text = format!("{} {side} {castling} {ep} 0 0", levels.join("|"));
    Position::from_text(variant, &text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The one legal action from `from` to `to` (with this promotion, if any).
fn action(p: &Position, from: &str, to: &str, promotion: Option<Role>) -> Action {
    let (f, t) = (p.complex().parse_cell(from).unwrap(), p.complex().parse_cell(to).unwrap());
    let found: Vec<Action> =
        p.legal_actions().into_iter().filter(|a| a.from == f && a.to == t && a.promotion() == promotion).collect();
    assert_eq!(found.len(), 1, "{from}-{to} {promotion:?} in {}: {found:?}", p.to_text());
    found[0]
}

/// Asserts the notation of the legal move `from`-`to` and that it reads back to the same action.
fn assert_san(p: &Position, from: &str, to: &str, promotion: Option<Role>, expected: &str) -> Action {
    let a = action(p, from, to, promotion);
    assert_eq!(p.san(a), expected, "{from}-{to} in {}", p.to_text());
    assert_eq!(p.parse_san(expected), Ok(a), "{expected} in {}", p.to_text());
    a
}

fn play(p: &Position, from: &str, to: &str) -> Position {
    p.play(action(p, from, to, None)).unwrap()
}

// --- The examples of the movement tables ("Notation examples"). ---

#[test]
fn a_pawn_to_e3_on_the_middle_level_is_e3_beta() {
    // Strato's first pawn move changes level: 1e2 → 2e3.
    let p = Position::new(STRATO);
    assert_san(&p, "1e2", "2e3", None, "e3β");
    // The stored cell 2e4 displays as e4β.
    assert_san(&p, "1e2", "2e4", None, "e4β");
}

#[test]
fn a_knight_to_f3_on_the_bottom_level_is_nf3_alpha() {
    assert_san(&Position::new(CHESS3), "1g1", "1f3", None, "Nf3α");
    assert_san(&Position::new(CHESS3), "1g1", "3f1", None, "Nf1γ");
    assert_san(&Position::new(STRATO), "1g1", "2f3", None, "Nf3β");
}

#[test]
fn a_bishop_capturing_on_e5_on_the_top_level_with_check_is_bxe5_gamma_plus() {
    // In Chess³ a bishop captures on its own level; from e5 it sees h8 along the diagonal.
    let p = position(CHESS3, 'w', "K1h1 k3h8 B3c3 n3e5");
    assert_san(&p, "3c3", "3e5", None, "Bxe5γ+");
    let p = position(STRATO, 'w', "K1h1 k3h8 B3c3 n3e5");
    assert_san(&p, "3c3", "3e5", None, "Bxe5γ+");
}

#[test]
fn promotion_follows_the_destination_level_e8_gamma_q() {
    // The black bishop on 3g8 keeps rank 8 closed, so no promotion gives check.
    for (variant, from) in [(CHESS3, "3e7"), (STRATO, "2e7")] {
        let p = position(variant, 'w', &format!("K1h1 k3h8 b3g8 P{from}"));
        assert_san(&p, from, "3e8", Some(Role::Queen), "e8γ=Q");
        assert_san(&p, from, "3e8", Some(Role::Rook), "e8γ=R");
        assert_san(&p, from, "3e8", Some(Role::Bishop), "e8γ=B");
        assert_san(&p, from, "3e8", Some(Role::Knight), "e8γ=N");
    }
}

#[test]
fn a_pawn_capture_on_d8_promoting_to_a_knight_is_exd8_beta_n() {
    for variant in [CHESS3, STRATO] {
        let p = position(variant, 'w', "K1h1 k3h8 P2e7 r2d8");
        assert_san(&p, "2e7", "2d8", Some(Role::Knight), "exd8β=N");
        assert_san(&p, "2e7", "2d8", Some(Role::Queen), "exd8β=Q");
    }
    // Chess³: the same capture from a neighbouring level keeps the file too.
    let p = position(CHESS3, 'w', "K1h1 k3h8 P1e7 r2d8");
    assert_san(&p, "1e7", "2d8", Some(Role::Knight), "exd8β=N");
}

#[test]
fn strato_castling_with_the_joint_transfer_is_o_o_beta() {
    let p = position(STRATO, 'w', "K1e1* R1h1* R1a1* k3h8");
    assert_san(&p, "1e1", "1g1", None, "O-Oα");
    let a = assert_san(&p, "1e1", "2g1", None, "O-Oβ");
    assert_eq!(a.kind, ActionKind::Castle(CastleSide::East));
    assert_san(&p, "1e1", "1c1", None, "O-O-Oα");
    assert_san(&p, "1e1", "2c1", None, "O-O-Oβ");
    // Black castles from the top level, staying or transferring down.
    let p = position(STRATO, 'b', "K1h1 k3e8* r3h8* r3a8*");
    assert_san(&p, "3e8", "3g8", None, "O-Oγ");
    assert_san(&p, "3e8", "2g8", None, "O-Oβ");
    assert_san(&p, "3e8", "3c8", None, "O-O-Oγ");
    assert_san(&p, "3e8", "2c8", None, "O-O-Oβ");
}

#[test]
fn chess3_castling_stays_on_its_level() {
    let p = position(CHESS3, 'w', "K1e1* R1h1* R1a1* k3h8");
    assert_san(&p, "1e1", "1g1", None, "O-Oα");
    assert_san(&p, "1e1", "1c1", None, "O-O-Oα");
    let castles = p.legal_actions().into_iter().filter(|a| matches!(a.kind, ActionKind::Castle(_))).count();
    assert_eq!(castles, 2);
}

// --- Disambiguation: file, rank, file+rank, level, file+level, rank+level, file+rank+level. ---

#[test]
fn two_knights_on_different_files_are_told_apart_by_file_nbd2_alpha() {
    for variant in [CHESS3, STRATO] {
        let p = position(variant, 'w', "K1h1 k3h8 N1b1 N1f3");
        assert_san(&p, "1b1", "1d2", None, "Nbd2α");
        assert_san(&p, "1f3", "1d2", None, "Nfd2α");
        // A destination only one of them reaches needs nothing.
        assert_san(&p, "1b1", "1a3", None, "Na3α");
    }
}

#[test]
fn two_knights_on_one_file_are_told_apart_by_rank_n1d2_alpha() {
    for variant in [CHESS3, STRATO] {
        let p = position(variant, 'w', "K1h1 k3h8 N1b1 N1b3");
        assert_san(&p, "1b1", "1d2", None, "N1d2α");
        assert_san(&p, "1b3", "1d2", None, "N3d2α");
    }
}

#[test]
fn file_and_rank_when_neither_alone_distinguishes_nb1d2_alpha() {
    for variant in [CHESS3, STRATO] {
        let p = position(variant, 'w', "K1h1 k3h8 N1b1 N1b3 N1f1");
        assert_san(&p, "1b1", "1d2", None, "Nb1d2α");
        assert_san(&p, "1b3", "1d2", None, "N3d2α");
        assert_san(&p, "1f1", "1d2", None, "Nfd2α");
    }
}

#[test]
fn the_level_alone_when_file_and_rank_agree_n_alpha_c3_beta() {
    // Chess³: (0, 2, ±1) from c1 on the bottom and the top level.
    let p = position(CHESS3, 'w', "K1h1 k3h8 N1c1 N3c1");
    assert_san(&p, "1c1", "2c3", None, "Nαc3β");
    assert_san(&p, "3c1", "2c3", None, "Nγc3β");
    // Strato: an L from b1 plus one level, up or down.
    let p = position(STRATO, 'w', "K1h1 k3h8 N1b1 N3b1");
    assert_san(&p, "1b1", "2c3", None, "Nαc3β");
    assert_san(&p, "3b1", "2c3", None, "Nγc3β");
}

#[test]
fn file_and_rank_come_before_the_level() {
    // 1b1 shares its file with 3b3 and its rank with 3f1; file+rank and the level would both
    // tell it apart, and file+rank comes first.
    let p = position(STRATO, 'w', "K1h1 k3h8 N1b1 N3b3 N3f1");
    assert_san(&p, "1b1", "2d2", None, "Nb1d2β");
    assert_san(&p, "3b3", "2d2", None, "N3d2β");
    assert_san(&p, "3f1", "2d2", None, "Nfd2β");
}

#[test]
fn file_and_level_n_b_alpha_d2_beta() {
    // 1b1 shares file and rank with 3b1 and its level with 1f3; file+level and rank+level would
    // both tell it apart, and file+level comes first.
    let p = position(STRATO, 'w', "K1h1 k3h8 N1b1 N3b1 N1f3");
    assert_san(&p, "1b1", "2d2", None, "Nbαd2β");
    assert_san(&p, "3b1", "2d2", None, "Nγd2β");
    assert_san(&p, "1f3", "2d2", None, "Nfd2β");
    let p = position(STRATO, 'w', "K1h1 k3h8 N1b1 N3b1 N1f1");
    assert_san(&p, "1b1", "2d2", None, "Nbαd2β");
    assert_san(&p, "3b1", "2d2", None, "Nγd2β");
    assert_san(&p, "1f1", "2d2", None, "Nfd2β");
    let p = position(CHESS3, 'w', "K1h1 k3h8 N1b2 N3b2 N1f2");
    assert_san(&p, "1b2", "2d2", None, "Nbαd2β");
    assert_san(&p, "3b2", "2d2", None, "Nγd2β");
    assert_san(&p, "1f2", "2d2", None, "Nfd2β");
}

#[test]
fn rank_and_level_before_the_whole_origin() {
    let p = position(STRATO, 'w', "K1h1 k3h8 N1b1 N1b3 N3b1");
    assert_san(&p, "1b1", "2d2", None, "N1αd2β");
    assert_san(&p, "1b3", "2d2", None, "N3d2β");
    assert_san(&p, "3b1", "2d2", None, "Nγd2β");
}

#[test]
fn the_whole_origin_when_nothing_shorter_distinguishes() {
    let p = position(STRATO, 'w', "K1h1 k3h8 N1b1 N1b3 N1f1 N3b1");
    assert_san(&p, "1b1", "2d2", None, "Nb1αd2β");
    assert_san(&p, "1b3", "2d2", None, "N3d2β");
    assert_san(&p, "1f1", "2d2", None, "Nfd2β");
    assert_san(&p, "3b1", "2d2", None, "Nγd2β");
}

#[test]
fn a_pinned_rival_does_not_force_a_qualifier() {
    for variant in [CHESS3, STRATO] {
        // The rook on 1e1 pins the knight on 1f1 to the king on 1h1.
        let pinned = position(variant, 'w', "K1h1 k3h8 N1b1 N1f1 r1e1");
        assert_san(&pinned, "1b1", "1d2", None, "Nd2α");
        // The same knights unpinned need the file.
        let free = position(variant, 'w', "K1h1 k3h8 N1b1 N1f1 r1e2");
        assert_san(&free, "1b1", "1d2", None, "Nbd2α");
        assert_san(&free, "1f1", "1d2", None, "Nfd2α");
    }
}

#[test]
fn other_piece_types_are_no_rivals() {
    // A knight and a bishop both reach 1d2: pieces of another type never qualify.
    let p = position(CHESS3, 'w', "K1h1 k3h8 N1b1 B1c1");
    assert_san(&p, "1b1", "1d2", None, "Nd2α");
    assert_san(&p, "1c1", "1d2", None, "Bd2α");
}

// --- Pawns. ---

#[test]
fn quiet_pawns_from_two_levels_are_alpha_e4_beta_and_gamma_e4_beta() {
    // Chess³: one level up from 1e4, one level down from 3e4.
    let p = position(CHESS3, 'w', "K1h1 k3h8 P1e4 P3e4");
    assert_san(&p, "1e4", "2e4", None, "αe4β");
    assert_san(&p, "3e4", "2e4", None, "γe4β");
    // With a third pawn stepping forward on the middle level, the rank tells it apart.
    let p = position(CHESS3, 'w', "K1h1 k3h8 P1e4 P3e4 P2e3");
    assert_san(&p, "1e4", "2e4", None, "αe4β");
    assert_san(&p, "3e4", "2e4", None, "γe4β");
    assert_san(&p, "2e3", "2e4", None, "3e4β");
    // Strato: forward plus one level, from below and from above.
    let p = position(STRATO, 'w', "K1h1 k3h8 P1e3 P3e3");
    assert_san(&p, "1e3", "2e4", None, "αe4β");
    assert_san(&p, "3e3", "2e4", None, "γe4β");
    // A lone pawn needs nothing.
    assert_san(&position(STRATO, 'w', "K1h1 k3h8 P1e3"), "1e3", "2e4", None, "e4β");
}

#[test]
fn quiet_pawns_on_one_level_are_told_apart_by_rank_then_rank_and_level() {
    // Strato: the double step 1e2 → 2e4 and the single step 1e3 → 2e4 (the pawn on 1e3 does not
    // block: the vertical part comes first).
    let p = position(STRATO, 'w', "K1h1 k3h8 P1e2* P1e3");
    assert_san(&p, "1e2", "2e4", None, "2e4β");
    assert_san(&p, "1e3", "2e4", None, "3e4β");
    assert_san(&p, "1e2", "2e3", None, "e3β");
    let p = position(STRATO, 'w', "K1h1 k3h8 P1e2* P1e3 P3e3");
    assert_san(&p, "1e2", "2e4", None, "2e4β");
    assert_san(&p, "1e3", "2e4", None, "3αe4β");
    assert_san(&p, "3e3", "2e4", None, "γe4β");
}

#[test]
fn pawn_captures_always_show_the_origin_file() {
    // Chess³: 1e4 takes on 2e5, a capture that keeps the file while changing level.
    let p = position(CHESS3, 'w', "K1h1 k3h8 P1e4 n2e5");
    assert_san(&p, "1e4", "2e5", None, "exe5β");
    // Same level, one file sideways.
    let p = position(STRATO, 'w', "K1h1 k3h8 P2d4 n2e5");
    assert_san(&p, "2d4", "2e5", None, "dxe5β");
}

#[test]
fn pawn_captures_from_two_levels_add_the_level_e_alpha_x_e5_beta() {
    let p = position(CHESS3, 'w', "K1h1 k3h8 P1e4 P3e4 P2d4 n2e5");
    assert_san(&p, "1e4", "2e5", None, "eαxe5β");
    assert_san(&p, "3e4", "2e5", None, "eγxe5β");
    assert_san(&p, "2d4", "2e5", None, "dxe5β");
}

#[test]
fn en_passant_is_written_as_a_capture() {
    // Chess³: Black's same-level double step 3e7 → 3e5, then 3d5 takes en passant on 3e6.
    let p = position(CHESS3, 'b', "K1h1 k3h8 p3e7* P3d5");
    let p = play(&p, "3e7", "3e5");
    let a = assert_san(&p, "3d5", "3e6", None, "dxe6γ");
    assert!(matches!(a.kind, ActionKind::EnPassant { .. }));
}

#[test]
fn strato_en_passant_after_a_double_step_that_blocks_check() {
    // Strato: a never-moved pawn may stay on its level only to resolve check; here Black's
    // double step 3e7 → 3e5 blocks the bishop on 3c3, and taking it en passant uncovers the check.
    let p = position(STRATO, 'b', "K1h1 k3h8 B3c3 p3e7* P3d5");
    assert!(p.is_check());
    let p = play(&p, "3e7", "3e5");
    let a = assert_san(&p, "3d5", "3e6", None, "dxe6γ+");
    assert!(matches!(a.kind, ActionKind::EnPassant { .. }));
}

#[test]
fn a_quiet_pawn_beside_an_en_passant_capture_to_the_same_cell_needs_no_qualifier() {
    // Both pawns legally reach 3d6, but the `x` already tells the capture from the quiet move (as
    // in standard algebraic notation, where a push and an en-passant capture to one square are
    // `d6` and `exd6`): rivals are moves of the same kind.
    let p = position(CHESS3, 'b', "K1h1 k3h8 p3d7* P3e5 P2d6");
    let p = play(&p, "3d7", "3d5");
    assert_san(&p, "3e5", "3d6", None, "exd6γ");
    assert_san(&p, "2d6", "3d6", None, "d6γ");
}

// --- Check, mate and stalemate signs. ---

#[test]
fn checkmate_appends_a_hash_and_check_a_plus() {
    // Back-rank mate on the top level; the rook on 2h1 covers the king's transfer to 2h8.
    let p = position(STRATO, 'w', "K1h1 k3h8 p3g7 p3h7 R3a1 R2h1");
    assert_san(&p, "3a1", "3a8", None, "Ra8γ#");
    let mate = play(&p, "3a1", "3a8");
    assert!(mate.is_check() && !mate.has_legal_action());
    // Without it the king escapes to 2h8: only check.
    let p = position(STRATO, 'w', "K1h1 k3h8 p3g7 p3h7 R3a1");
    assert_san(&p, "3a1", "3a8", None, "Ra8γ+");
    // A check sign given where there is none is refused; a missing one is accepted.
    let p = position(STRATO, 'w', "K1h1 k3h8 p3g7 p3h7 R3a1 R2h1");
    let a = action(&p, "3a1", "3a8", None);
    assert_eq!(p.parse_san("Ra8γ"), Ok(a));
    assert!(matches!(p.parse_san("Ra8γ+"), Err(ParseActionError::Illegal(_))));
    assert!(p.parse_san("Ra7γ+").is_err());
    assert_eq!(p.parse_san("Ra7γ"), Ok(action(&p, "3a1", "3a7", None)));
}

#[test]
fn stalemate_adds_no_sign() {
    let p = position(STRATO, 'w', "K1h1 k3h8 Q3d3 R2h1");
    assert_san(&p, "3d3", "3g6", None, "Qg6γ");
    let stalemate = play(&p, "3d3", "3g6");
    assert!(!stalemate.is_check() && !stalemate.has_legal_action());
}

// --- Reading. ---

#[test]
fn parse_san_refuses_what_san_does_not_write() {
    let p = position(CHESS3, 'w', "K1h1 k3h8 N1b1 N1f3 P2e7 r2d8 P1e4 n2e5");
    // Under-qualified: ambiguous, naming the choices.
    match p.parse_san("Nd2α") {
        Err(ParseActionError::Ambiguous(_, mut choices)) => {
            choices.sort();
            assert_eq!(choices, ["Nbd2α", "Nfd2α"]);
        }
        other => panic!("{other:?}"),
    }
    // Over-qualified, or a pawn capture without its file: not the notation.
    assert!(matches!(p.parse_san("Nb1d2α"), Err(ParseActionError::Illegal(_))));
    assert!(matches!(p.parse_san("Nαa3α"), Err(ParseActionError::Illegal(_))));
    assert!(matches!(p.parse_san("xe5β"), Err(ParseActionError::Illegal(_))));
    assert_eq!(p.parse_san("exe5β"), Ok(action(&p, "1e4", "2e5", None)));
    // A promotion names its piece.
    assert!(matches!(p.parse_san("exd8β"), Err(ParseActionError::MissingPromotion(_))));
    assert!(matches!(p.parse_san("exd8β=K"), Err(ParseActionError::Malformed(_))));
    // Technical coordinates, a missing level, an unknown level or cell.
    for text in ["1b1-1d2", "Nd2", "Nd2δ", "O-O", "N", "", "e4β=", "Nbd2α++"] {
        assert!(matches!(p.parse_san(text), Err(ParseActionError::Malformed(_))), "{text}");
    }
    assert!(matches!(p.parse_san("Nd9α"), Err(ParseActionError::UnknownCell(_))));
    assert!(matches!(p.parse_san("Ni2α"), Err(ParseActionError::UnknownCell(_))));
    // Castling that is not legal here.
    assert!(matches!(p.parse_san("O-Oα"), Err(ParseActionError::Illegal(_))));
}

#[test]
fn other_boards_keep_the_long_notation() {
    for variant in [Variant::Chess, Variant::Mobius] {
        let p = Position::new(variant);
        for a in p.legal_actions() {
            assert_eq!(p.san(a), p.notation(a));
            assert_eq!(p.parse_san(&p.san(a)), Ok(a));
        }
    }
}

// --- Round trip over random games. ---

/// xorshift64*: a fixed, dependency-free sequence.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n
    }
}

/// Every legal move of every position of `plies` random plies: its notation is unique in the
/// position, reads back to it with and without the check sign, and every notation has a level.
fn round_trip(variant: Variant, seed: u64, plies: usize) -> usize {
    let mut rng = Rng(seed);
    let mut p = Position::new(variant);
    let mut checked = 0;
    for _ in 0..plies {
        let legal = p.legal_actions();
        if legal.is_empty() {
            p = Position::new(variant);
            continue;
        }
        let mut seen = std::collections::HashSet::new();
        for &a in &legal {
            let s = p.san(a);
            assert!(seen.insert(s.clone()), "{s} twice in {}", p.to_text());
            assert!(s.contains(['α', 'β', 'γ']), "{s}");
            assert_eq!(p.parse_san(&s), Ok(a), "{s} in {}", p.to_text());
            let bare = s.trim_end_matches(['+', '#']);
            assert_eq!(p.parse_san(bare), Ok(a), "{bare} in {}", p.to_text());
            checked += 1;
        }
        // Prefer captures now and then, so that the board thins out and pieces meet.
        let captures: Vec<Action> = legal.iter().copied().filter(|&a| p.is_capture(a)).collect();
        let a = if !captures.is_empty() && rng.below(2) == 0 {
            captures[rng.below(captures.len())]
        } else {
            legal[rng.below(legal.len())]
        };
        p = p.play(a).unwrap();
    }
    checked
}

#[test]
fn strato_random_games_round_trip_every_legal_move() {
    let checked: usize = [1, 2, 3].into_iter().map(|seed| round_trip(STRATO, seed, 150)).sum();
    assert!(checked > 10_000, "{checked}");
}

#[test]
fn chess3_random_games_round_trip_every_legal_move() {
    let checked: usize = [1, 2, 3].into_iter().map(|seed| round_trip(CHESS3, seed, 150)).sum();
    assert!(checked > 10_000, "{checked}");
}
