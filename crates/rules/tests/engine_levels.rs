//! The engine on the three-level boards: mates in one through each variant's own geometry (a
//! Strato back-rank mate the king cannot escape by transfer, a Chess³ mate from another level),
//! legal searches from random positions, an evaluation that knows Strato's first-move rule and
//! levels and is symmetric under the player exchange, and engines agreeing a draw where the rules
//! never end a game that makes no progress.

mod levels;

use levels::{fixture, fixture_to_move};
use std::sync::atomic::AtomicBool;
use surface_chess_rules::engine::{
    ENGINES_AGREE_AFTER, Engine, Level, Limits, Score, engines_agree_draw, evaluate, play_game,
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
    let mut game = Game::from_position(fixture(Variant::Strato, ""), Start::Edited { label: "kings".into() });
    let shuffle = ["1h1-1g1", "3h8-3g8", "1g1-1h1", "3g8-3h8"];
    for i in 0..ENGINES_AGREE_AFTER as usize {
        assert!(!engines_agree_draw(&game), "ply {i}");
        let a = game.position().parse_action(shuffle[i % 4]).unwrap();
        game.play(a).unwrap();
    }
    assert!(engines_agree_draw(&game));
    assert_eq!(game.outcome(), None, "the rules alone do not end it");
    // Where the rules have a move-count draw, they end the game themselves.
    assert!(!engines_agree_draw(&Game::new(Variant::Chess)));
    // Two engines finish their games.
    for v in [Variant::Strato, Variant::Chess3] {
        let game = play_game(v, Level::Random, Level::Random, std::time::Duration::from_millis(1), 3);
        assert!(game.outcome().is_some(), "{v}");
    }
}
