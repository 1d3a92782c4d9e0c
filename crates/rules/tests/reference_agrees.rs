//! The library's legal actions equal the reference generator's (`reference/`, written again
//! from the rules text) on positions no fixture reaches: random games of every board (en passant,
//! promotions, castling, seams), crowded setups (pins and checks everywhere) and sparse setups of
//! the three-level boards (castling and its joint transfer).

mod crowded;
mod reference;

use proptest::prelude::*;
use surface_chess_rules::{Position, Variant};

fn config(cases: u32, seed: u64) -> ProptestConfig {
    ProptestConfig {
        cases,
        failure_persistence: None,
        rng_seed: proptest::test_runner::RngSeed::Fixed(seed),
        ..ProptestConfig::default()
    }
}

/// The position after `choices` pick legal actions one by one (fewer if the game ends).
fn random_game(variant: Variant, choices: &[usize]) -> Position {
    let mut p = Position::new(variant);
    for &choice in choices {
        let legal = p.legal_actions();
        if legal.is_empty() {
            break;
        }
        p.play_unchecked(legal[choice % legal.len()]);
    }
    p
}

proptest! {
    #![proptest_config(config(80, 0x00c0_ffee))]

    /// Random games: every node two plies deep from a position up to 120 plies in.
    #[test]
    fn random_games(
        variant in prop::sample::select(Variant::ALL.to_vec()),
        choices in prop::collection::vec(any::<usize>(), 0..120),
    ) {
        let p = random_game(variant, &choices);
        if let Err(e) = reference::compare_tree(&p, 2) {
            prop_assert!(false, "{}", e);
        }
    }

    /// Sparse three-level setups, kings and rooks often unmoved at home: castling, Strato's joint
    /// transfer and the first-move rule with a few blockers and attackers.
    #[test]
    fn sparse_level_setups(
        variant in prop::sample::select(vec![Variant::Strato, Variant::Chess3]),
        seed in any::<u64>(),
        percent in 3usize..20,
    ) {
        let p = crowded::crowded(variant, seed, percent);
        if let Err(e) = reference::compare_tree(&p, 2) {
            prop_assert!(false, "{}", e);
        }
    }

    /// Crowded setups: every node one ply deep.
    #[test]
    fn crowded_setups(
        variant in prop::sample::select(Variant::ALL.to_vec()),
        seed in any::<u64>(),
        percent in 20usize..90,
    ) {
        let p = crowded::crowded(variant, seed, percent);
        if let Err(e) = reference::compare_tree(&p, 1) {
            prop_assert!(false, "{}", e);
        }
    }
}
