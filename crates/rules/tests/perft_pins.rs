//! perft pinned from the initial position of every board and from every fixture, each number
//! with an independent reason: ordinary chess's published counts, Endless's 24 first moves from
//! its description, and for the surfaces the reference generator of `reference/` (written again
//! from the rules text), which walks the same trees and compares every node's actions with the
//! library's. The deepest pins were cross-checked by the reference once (the ignored test below
//! repeats that; it takes minutes); the reference re-checks the shallower levels on every run.

mod reference;

use std::path::{Path, PathBuf};
use surface_chess_rules::{Game, Position, Record, Variant, divide, perft};

/// perft from the initial position, depth 1 upwards.
const INITIAL: [(Variant, &[u64]); 11] = [
    (Variant::Mobius, &[25, 630, 18_710, 550_743, 18_852_235]),
    (Variant::Klein, &[42, 1677, 88_228, 4_558_516]),
    (Variant::Genus2, &[27, 668, 24_416, 868_372]),
    (Variant::Endless, &[24, 578, 15_782, 428_679, 13_004_307]),
    // The published counts of ordinary chess.
    (Variant::Chess, &[20, 400, 8902, 197_281]),
    // The three-level boards: 52 and 76 first moves counted by hand in DESIGN.md.
    (Variant::Strato, &[52, 2700, 157_655, 9_167_462]),
    (Variant::Chess3, &[76, 5768, 477_120, 39_299_076]),
    // The boards to explore, from the placement each opens with.
    (Variant::Cylinder, &[20, 392, 9162, 211_036]),
    (Variant::Torus, &[55, 2501, 116_138, 5_340_776]),
    (Variant::Projective, &[53, 2424, 116_834, 5_516_936]),
    (Variant::Sphere, &[60, 2951, 158_420, 8_355_626]),
];

/// How deep the reference re-checks on every run.
const REFERENCE_DEPTH: u32 = 3;

#[test]
fn initial_positions_match_their_pins() {
    for (v, counts) in INITIAL {
        let p = Position::new(v);
        for (depth, &expected) in (1..).zip(counts) {
            assert_eq!(perft(&p, depth), expected, "{v} perft({depth})");
        }
    }
}

#[test]
fn the_published_first_counts_agree() {
    // Ordinary chess: 20 and 400 (the standard tables); Endless: "White starts with 24 legal
    // moves instead of 20: the usual 20, plus four captures across the seam".
    assert_eq!(INITIAL[4].1[..2], [20, 400]);
    assert_eq!(INITIAL[3].1[0], 24);
    assert_eq!((INITIAL[5].1[0], INITIAL[6].1[0]), (52, 76));
    let endless = Position::new(Variant::Endless);
    let captures: Vec<String> =
        endless.legal_actions().into_iter().filter(|&a| endless.is_capture(a)).map(|a| endless.notation(a)).collect();
    assert_eq!(captures.len(), 4, "{captures:?}");
}

#[test]
fn the_reference_generator_agrees_from_every_initial_position() {
    for (v, counts) in INITIAL {
        let p = Position::new(v);
        let leaves = reference::compare_tree(&p, REFERENCE_DEPTH).unwrap_or_else(|e| panic!("{v}: {e}"));
        assert_eq!(leaves, counts[REFERENCE_DEPTH as usize - 1], "{v}");
    }
}

/// The deepest pins, and the fixtures' depth 3, against the reference (minutes):
/// `cargo test -p surface-chess-rules --test perft_pins -- --ignored`.
#[test]
#[ignore = "slow: the reference generator to the deepest pinned depth"]
fn the_reference_generator_agrees_with_the_deepest_pins() {
    for (v, counts) in INITIAL {
        let p = Position::new(v);
        // Chess³'s 39 million leaves take the reference over five minutes: it agreed with the pin
        // once (2026-12-01, 317 s); depth 3, every node compared, runs on every test run.
        let depth = if v == Variant::Chess3 { 3 } else { counts.len() };
        assert_eq!(reference::perft(&p, depth as u32), counts[depth - 1], "{v}");
    }
    for (name, expected) in FIXTURES {
        assert_eq!(reference::perft(&last_open(&replay(name)), 3), expected, "{name}");
    }
}

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures")
}

fn replay(name: &str) -> Game {
    let json = std::fs::read_to_string(fixtures().join(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
    Record::from_json(&json).and_then(|r| r.replay()).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// perft(3) from the last position of each valid fixture that still has actions (the position
/// before the mate for a mated game). The reference compares every node to depth 2 on each run,
/// and agreed to depth 3 (the ignored test).
const FIXTURES: [(&str, u64); 10] = [
    ("chess-fools-mate.json", 17_519),
    ("chess3-cross-level-capture.json", 37_744),
    ("endless-seam-capture.json", 601),
    ("genus2-development.json", 65_436),
    ("genus2-seam-double-step.json", 22_231),
    ("klein-development.json", 201_820),
    ("mobius-castling-setup.json", 1_515),
    ("mobius-development.json", 75_733),
    ("mobius-en-passant-across-seam.json", 29_359),
    ("strato-joint-castling.json", 427_191),
];

/// The last position of a game with a legal action.
fn last_open(game: &Game) -> Position {
    (0..=game.actions().len())
        .rev()
        .filter_map(|ply| game.position_at(ply))
        .find(|p| p.has_legal_action())
        .expect("a position with an action")
        .clone()
}

#[test]
fn every_fixture_is_pinned() {
    let mut names: Vec<String> = std::fs::read_dir(fixtures())
        .expect("fixtures")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".json"))
        .collect();
    names.sort();
    assert_eq!(names, FIXTURES.map(|(n, _)| n.to_owned()), "one pin per valid fixture");
}

#[test]
fn fixtures_match_their_pins_and_the_reference() {
    for (name, expected) in FIXTURES {
        let game = replay(name);
        let p = last_open(&game);
        assert_eq!(perft(&p, 3), expected, "{name}: perft(3) from {}", p.to_text());
        reference::compare_tree(&p, 2).unwrap_or_else(|e| panic!("{name}: {e}"));
        // Every position of the game, one level deep.
        for ply in 0..=game.actions().len() {
            let q = game.position_at(ply).expect("replayed");
            reference::compare_tree(q, 1).unwrap_or_else(|e| panic!("{name} ply {ply}: {e}"));
        }
    }
}

#[test]
fn divide_splits_perft_by_root_action() {
    for v in Variant::ALL {
        let p = Position::new(v);
        assert!(divide(&p, 0).is_empty(), "{v}: depth 0 has no root actions");
        for depth in 1..=3 {
            let parts = divide(&p, depth);
            assert_eq!(parts.len() as u64, perft(&p, 1), "{v} depth {depth}");
            assert_eq!(parts.iter().map(|&(_, n)| n).sum::<u64>(), perft(&p, depth), "{v} depth {depth}");
        }
    }
}
