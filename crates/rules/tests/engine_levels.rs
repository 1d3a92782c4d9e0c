//! The engine on the three-level boards: mates in one through each variant's own geometry (a
//! Strato back-rank mate the king cannot escape by transfer, a Chess³ mate from another level),
//! legal searches from random positions, an evaluation that knows Strato's first-move rule and
//! levels and is symmetric under the player exchange, and engines agreeing a draw where the rules
//! never end a game that makes no progress.

mod levels;

use levels::{fixture, fixture_to_move};
use std::sync::atomic::AtomicBool;
use surface_chess_rules::engine::{
    ENGINES_AGREE_AFTER, ENGINES_AGREE_REPETITIONS, Engine, Level, Limits, Score, engines_agree_draw, evaluate,
    play_game,
};
use surface_chess_rules::{Color, EndReason, Game, Outcome, Position, Start, Variant};

fn search(p: &Position, depth: u32) -> (String, Score) {
    let found = Engine::new(0).search_position(p, &[], &Limits::depth(depth), &AtomicBool::new(false), |_| {}).unwrap();
    (p.notation(found.best), found.score)
}

#[test]
fn mates_in_one_through_each_geometry() {
    // Strato: the rook closes rank 1; the king's only transfer cell, 2h1, is taken.
    let strato = fixture_to_move(Variant::Strato, "K1h1 r1a8 r1b2 B2h1", Color::Black);
    assert_eq!(search(&strato, 3), ("1a8-1a1".to_owned(), Score::Mate(1)));
    // Chess³: the queen on level 3 mates the king on level 1 along the level/rank diagonal.
    let chess3 = fixture(Variant::Chess3, "K1a1 q3c4 r2h2 r1h2 k3h8");
    let chess3 = Position::from_text(Variant::Chess3, &chess3.to_text().replace(" w ", " b ")).unwrap();
    let (best, score) = search(&chess3, 3);
    assert_eq!(score, Score::Mate(1), "{best}");
    let mut game = Game::from_position(chess3.clone(), Start::Edited { label: "test".into() });
    game.play(chess3.parse_action(&best).unwrap()).unwrap();
    assert_eq!(game.outcome(), Some(Outcome { winner: Some(Color::Black), reason: EndReason::Checkmate }));
}

#[test]
fn searches_from_random_positions_return_legal_moves() {
    for v in [Variant::Strato, Variant::Chess3] {
        let mut p = Position::new(v);
        for ply in 0..30 {
            let legal = p.legal_actions();
            if legal.is_empty() {
                break;
            }
            let (best, _) = search(&p, 2);
            assert!(p.parse_action(&best).is_ok(), "{v} ply {ply}: {best}");
            p = p.play(legal[(ply * 7) % legal.len()]).unwrap();
        }
    }
}

#[test]
fn the_evaluation_knows_strato_development_and_levels() {
    // The same knight, unmoved on its home cell or moved there: the unmoved one must still spend a
    // move changing level.
    let unmoved = fixture(Variant::Strato, "N*1b1 n3b8");
    let moved = fixture(Variant::Strato, "N1b1 n3b8");
    assert!(evaluate(&moved) > evaluate(&unmoved));
    // A rook on the enemy king's level (the only level where it can attack the king) is worth more.
    let near = fixture(Variant::Strato, "R3a1");
    let far = fixture(Variant::Strato, "R2a1");
    assert!(evaluate(&near) > evaluate(&far));
    for v in [Variant::Strato, Variant::Chess3] {
        let mut p = Position::new(v);
        for ply in 0..40 {
            assert_eq!(evaluate(&p), evaluate(&p.exchanged()), "{v} ply {ply}: {}", p.to_text());
            let legal = p.legal_actions();
            if legal.is_empty() {
                break;
            }
            p = p.play(legal[(ply * 5) % legal.len()]).unwrap();
        }
    }
}

#[test]
fn engines_agree_a_draw_where_the_rules_never_end_the_game() {
    // The kings walk without repeating a position: the agreement comes at the 150th halfmove.
    let kings = fixture(Variant::Strato, "");
    let mut fields: Vec<String> = kings.to_text().split(' ').map(str::to_owned).collect();
    fields[4] = (ENGINES_AGREE_AFTER - 4).to_string();
    let kings = Position::from_text(Variant::Strato, &fields.join(" ")).unwrap();
    let mut game = Game::from_position(kings, Start::Edited { label: "kings".into() });
    for (i, text) in ["1h1-1g1", "3h8-3g8", "1g1-1f1", "3g8-3f8"].into_iter().enumerate() {
        assert!(!engines_agree_draw(&game), "ply {i}");
        game.play(game.position().parse_action(text).unwrap()).unwrap();
    }
    assert!(engines_agree_draw(&game));
    assert_eq!(game.repetitions(), 1);
    assert_eq!(game.outcome(), None, "the rules alone do not end it");
    // Chess³ pawns stepping up a level and back down restart the halfmove count at every step
    // (a shuffle that once kept a match game going for half an hour): the third occurrence of a
    // position ends it.
    let pawns = fixture(Variant::Chess3, "P2c3 p2c6");
    let mut game = Game::from_position(pawns, Start::Edited { label: "pawns".into() });
    let shuffle = ["2c3-3c3", "2c6-3c6", "3c3-2c3", "3c6-2c6"];
    let mut plies = 0;
    while !engines_agree_draw(&game) {
        assert!(plies < 12, "no agreement after {plies} plies");
        game.play(game.position().parse_action(shuffle[plies % 4]).unwrap()).unwrap();
        plies += 1;
    }
    assert_eq!(game.repetitions(), ENGINES_AGREE_REPETITIONS);
    assert!(game.position().halfmove() < 4, "pawn moves: {}", game.position().halfmove());
    assert_eq!(game.outcome(), None);
    // Where the rules have a move-count draw, they end the game themselves.
    assert!(!engines_agree_draw(&Game::new(Variant::Chess)));
    // Two engines finish their games.
    for v in [Variant::Strato, Variant::Chess3] {
        let game = play_game(v, Level::Random, Level::Random, std::time::Duration::from_millis(1), 3);
        assert!(game.outcome().is_some(), "{v}");
    }
}
