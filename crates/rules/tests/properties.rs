//! Property tests of the rules on random positions of every variant: move generation and play
//! commute with the player exchange Φ, positions round-trip through text, notation round-trips,
//! perft agrees with counting, random games end exactly as the rules say and round-trip through
//! JSON records, and a game taken back equals the game replayed to that ply.
//!
//! Random positions come from random legal games (0..120 plies) from a variant's initial position.
//! Every test runs from a fixed seed, so a run is reproducible; failures are not persisted.

use proptest::prelude::*;
use proptest::test_runner::RngSeed;
use std::collections::HashSet;
use surface_chess_rules::{
    Action, ActionKind, CastleSide, Color, EndReason, Game, GameError, Outcome, Position, Record, Role, Start, Variant,
    automatic_ending, perft,
};

/// A fixed-seed configuration with `cases` cases and no failure files.
fn config(cases: u32, seed: u64) -> ProptestConfig {
    ProptestConfig {
        cases,
        rng_seed: RngSeed::Fixed(seed),
        failure_persistence: None,
        max_shrink_iters: 512,
        ..ProptestConfig::default()
    }
}

fn variant() -> impl Strategy<Value = Variant> {
    prop::sample::select(Variant::ALL.to_vec())
}

/// A random position: `len` random legal plies from the initial position, each choosing
/// `legal[choice % legal.len()]`, stopping early if the game has no legal action. Choices with
/// their top bit set pick among the captures instead, when there are any, so that sparse
/// boards with long seam-crossing rays, promotions and bare kings are well represented.
fn random_position(variant: Variant, len: usize, choices: &[u32]) -> Position {
    let mut p = Position::new(variant);
    for &choice in choices.iter().take(len) {
        let legal = p.legal_actions();
        if legal.is_empty() {
            break;
        }
        let captures: Vec<Action> = legal.iter().copied().filter(|&a| p.is_capture(a)).collect();
        let pool = if choice >> 31 == 1 && !captures.is_empty() { &captures } else { &legal };
        let a = pool[(choice & 0x7fff_ffff) as usize % pool.len()];
        p = p.play(a).unwrap_or_else(|e| panic!("{p:?}: generated action refused: {e}"));
    }
    p
}

/// The strategy of random positions (shrinking shortens the game and lowers the choices).
fn position() -> impl Strategy<Value = Position> {
    (variant(), 0usize..120, prop::collection::vec(any::<u32>(), 120))
        .prop_map(|(v, len, choices)| random_position(v, len, &choices))
}

/// Φ on actions: cells by the variant's exchange, pawn facings reversed, promotion and castle
/// side kept.
fn phi(p: &Position, a: Action) -> Action {
    let rules = p.rules();
    let kind = match a.kind {
        ActionKind::Piece => ActionKind::Piece,
        ActionKind::Pawn { facing, promotion } => ActionKind::Pawn { facing: facing.reversed(), promotion },
        ActionKind::DoubleStep { facing, promotion } => ActionKind::DoubleStep { facing: facing.reversed(), promotion },
        ActionKind::EnPassant { facing, promotion } => ActionKind::EnPassant { facing: facing.reversed(), promotion },
        ActionKind::Castle(side) => ActionKind::Castle(side),
    };
    Action { from: rules.exchange(a.from), to: rules.exchange(a.to), kind }
}

/// Φ on outcomes: the winner exchanged, the reason kept.
fn phi_outcome(o: Option<Outcome>) -> Option<Outcome> {
    o.map(|o| Outcome { winner: o.winner.map(|c| !c), reason: o.reason })
}

/// State invariants every position made by the crate keeps.
fn check_invariants(p: &Position) -> Result<(), TestCaseError> {
    let mover = !p.side_to_move();
    prop_assert!(!p.is_attacked(p.king(mover), p.side_to_move()), "{p:?}: the player who just moved is in check");
    let mut kings = [0; 2];
    for (cell, piece) in p.pieces() {
        let color = piece.color();
        prop_assert!(p.occupied(color).contains(cell), "{p:?}: occupancy");
        prop_assert!(!p.occupied(!color).contains(cell), "{p:?}: occupancy");
        if piece.role() == Role::King {
            kings[color.index()] += 1;
            prop_assert_eq!(p.king(color), cell);
        }
        if let Some(facing) = piece.facing() {
            prop_assert!(
                !p.rules().promotes(color, cell, facing),
                "{:?}: a pawn stands on its promotion target {}",
                p,
                p.complex().name(cell)
            );
        }
    }
    prop_assert_eq!(kings, [1, 1], "{:?}: one king each", p);
    for color in Color::ALL {
        prop_assert_eq!(p.occupied(color).len() as usize, p.pieces().filter(|(_, q)| q.color() == color).count());
    }
    if let Some(t) = p.ep_trace() {
        prop_assert_eq!(t.owner, mover);
        prop_assert!(p.piece_at(t.middle).is_none(), "{p:?}: ep middle occupied");
        let pawn = p.piece_at(t.destination);
        prop_assert!(
            pawn.is_some_and(|q| q.color() == mover && q.facing() == Some(t.facing) && !q.unused()),
            "{p:?}: ep trace without its pawn"
        );
    }
    for side in CastleSide::ALL {
        for color in Color::ALL {
            if p.castling().has(color, side) {
                let spec = p.rules().castle(color, side);
                prop_assert!(spec.is_some(), "{p:?}: castling right on a variant without");
                let spec = spec.expect("checked");
                prop_assert_eq!(p.king(color), spec.king_from);
                prop_assert_eq!(p.piece_at(spec.rook_from).map(|q| (q.color(), q.role())), Some((color, Role::Rook)));
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(config(512, 0x5eed_0001))]

    /// a. Move generation commutes with Φ; Φ is an involution; check and counts agree.
    #[test]
    fn movegen_commutes_with_exchange(p in position()) {
        let q = p.exchanged();
        prop_assert_eq!(&q.exchanged(), &p, "Φ∘Φ = id");
        prop_assert_eq!(q.side_to_move(), !p.side_to_move());
        prop_assert_eq!((q.halfmove(), q.ply()), (p.halfmove(), p.ply()));
        let image: HashSet<Action> = p.legal_actions().into_iter().map(|a| phi(&p, a)).collect();
        let theirs: HashSet<Action> = q.legal_actions().into_iter().collect();
        if image != theirs {
            let missing: Vec<String> = image.difference(&theirs).map(|a| format!("{a:?}")).collect();
            let extra: Vec<String> = theirs.difference(&image).map(|a| format!("{a:?}")).collect();
            prop_assert!(
                false,
                "{:?}\nΦ image {:?}\nmissing from Φ(p): {:?}\nextra in Φ(p): {:?}",
                p, q, missing, extra
            );
        }
        for a in p.legal_actions() {
            prop_assert_eq!(a.exchanged(p.rules()), phi(&p, a), "Action::exchanged");
        }
        prop_assert_eq!(q.count_legal(), p.count_legal());
        prop_assert_eq!(q.is_check(), p.is_check());
        for count in [1, 4, 5] {
            prop_assert_eq!(
                automatic_ending(&q, count),
                phi_outcome(automatic_ending(&p, count)),
                "automatic ending after {} occurrences", count
            );
        }
    }

    /// b. Every legal action plays; the result round-trips through text, flips the side to move,
    /// advances the ply, leaves the mover's king safe and keeps the state invariants.
    #[test]
    fn play_round_trips_and_is_consistent(p in position()) {
        check_invariants(&p)?;
        let text = p.to_text();
        let parsed = Position::from_text(p.variant(), &text);
        prop_assert_eq!(parsed.as_ref(), Ok(&p), "{}", text);
        let mover = p.side_to_move();
        let legal = p.legal_actions();
        let set: HashSet<Action> = legal.iter().copied().collect();
        prop_assert_eq!(set.len(), legal.len(), "{:?}: duplicate legal actions", p);
        for &a in &legal {
            prop_assert!(p.is_legal(a), "{:?}: {:?} generated but not is_legal", p, a);
            let next = p.play(a);
            prop_assert!(next.is_ok(), "{:?}: {:?} refused", p, a);
            let next = next.expect("checked");
            let mut unchecked = p.clone();
            unchecked.play_unchecked(a);
            prop_assert_eq!(&unchecked, &next);
            prop_assert_eq!(next.side_to_move(), !mover);
            prop_assert_eq!(next.ply(), p.ply() + 1);
            prop_assert!(
                !next.is_attacked(next.king(mover), !mover),
                "{:?}: {} leaves the king attacked", p, p.notation(a)
            );
            check_invariants(&next)?;
            let text = next.to_text();
            let back = Position::from_text(p.variant(), &text);
            prop_assert_eq!(back.as_ref(), Ok(&next), "{:?} then {:?}: {}", p, a, text);
            // The halfmove clock resets on a pawn move or a capture, else counts on.
            let resets = p.piece_at(a.from).is_some_and(|q| q.role() == Role::Pawn)
                || p.is_capture(a);
            let expected = if resets { 0 } else { p.halfmove() + 1 };
            prop_assert_eq!(next.halfmove(), expected, "{:?}: {:?}", p, a);
        }
        // Actions not generated are refused: the same moves with another kind or facing.
        for &a in &legal {
            let variants = [
                Action { kind: ActionKind::Piece, ..a },
                Action { to: a.from, ..a },
                match a.kind {
                    ActionKind::Pawn { facing, promotion } => Action {
                        kind: ActionKind::Pawn { facing: facing.reversed(), promotion },
                        ..a
                    },
                    ActionKind::DoubleStep { facing, promotion } => Action {
                        kind: ActionKind::Pawn { facing, promotion },
                        ..a
                    },
                    ActionKind::EnPassant { facing, promotion } => Action {
                        kind: ActionKind::Pawn { facing, promotion },
                        ..a
                    },
                    ActionKind::Piece => Action {
                        kind: ActionKind::Castle(CastleSide::East),
                        ..a
                    },
                    ActionKind::Castle(_) => Action { kind: ActionKind::Piece, ..a },
                },
            ];
            for b in variants {
                if !set.contains(&b) {
                    prop_assert!(!p.is_legal(b), "{:?}: {:?} is_legal but not generated", p, b);
                    prop_assert!(p.play(b).is_err(), "{:?}: {:?} played but not generated", p, b);
                }
            }
        }
    }

    /// c. The notation of every legal action parses back to it.
    #[test]
    fn notation_round_trips(p in position()) {
        for a in p.legal_actions() {
            let text = p.notation(a);
            prop_assert!(!text.is_empty());
            prop_assert_eq!(p.parse_action(&text), Ok(a), "{:?}: '{}'", p, text);
        }
    }

    /// d. Playing commutes with Φ: Φ(p·a) = Φ(p)·Φ(a).
    #[test]
    fn play_commutes_with_exchange(p in position()) {
        let q = p.exchanged();
        for a in p.legal_actions() {
            let left = p.play(a).map(|n| n.exchanged());
            let right = q.play(phi(&p, a));
            prop_assert!(right.is_ok(), "{:?}: Φ({:?}) refused in Φ(p) = {:?}", p, a, q);
            prop_assert_eq!(left, right, "{:?}: {:?}", p, a);
        }
    }

    /// e. perft(2) is the sum of the successors' counts, counting matches listing, and listing
    /// the captures matches filtering the list.
    #[test]
    fn perft_is_consistent(p in position()) {
        let legal = p.legal_actions();
        check_captures(&p, &legal)?;
        prop_assert_eq!(p.count_legal(), legal.len() as u64);
        prop_assert_eq!(p.has_legal_action(), !legal.is_empty());
        prop_assert_eq!(perft(&p, 1), legal.len() as u64);
        let mut sum = 0;
        for &a in &legal {
            let next = p.play(a).expect("legal");
            let next_legal = next.legal_actions();
            check_captures(&next, &next_legal)?;
            let listed = next_legal.len() as u64;
            prop_assert_eq!(next.count_legal(), listed, "{:?}", next);
            sum += listed;
        }
        prop_assert_eq!(perft(&p, 2), sum, "{:?}", p);
        prop_assert_eq!(perft(&p.exchanged(), 2), sum, "{:?}: Φ twin", p);
    }
}

/// The captures listed alone are the legal actions that capture or promote, each once.
fn check_captures(p: &Position, legal: &[Action]) -> Result<(), TestCaseError> {
    let mut listed = Vec::new();
    p.legal_captures_into(&mut listed);
    let set: HashSet<Action> = listed.iter().copied().collect();
    prop_assert_eq!(set.len(), listed.len(), "{:?}: a capture listed twice", p);
    let wanted: HashSet<Action> =
        legal.iter().copied().filter(|&a| p.is_capture(a) || a.promotion().is_some()).collect();
    prop_assert_eq!(set, wanted, "{:?}", p);
    Ok(())
}

/// Chooses the next action of a random game from its legal actions. By the choice's low bits:
/// any action; a capture if there is one (so that games thin out and reach their endings); or
/// the reverse of the mover's previous action if legal (so that positions repeat).
fn choose(game: &Game, legal: &[Action], choice: u32) -> Action {
    let p = game.position();
    let index = (choice >> 2) as usize;
    match choice & 3 {
        1 | 2 => {
            let captures: Vec<Action> = legal.iter().copied().filter(|&a| p.is_capture(a)).collect();
            if !captures.is_empty() {
                return captures[index % captures.len()];
            }
        }
        3 => {
            let played = game.actions();
            if let Some(&previous) = played.len().checked_sub(2).and_then(|i| played.get(i)) {
                let back = Action { from: previous.to, to: previous.from, kind: ActionKind::Piece };
                if legal.contains(&back) {
                    return back;
                }
            }
        }
        _ => {}
    }
    legal[index % legal.len()]
}

/// Checks that a finished game's outcome is what the rules decide from its final position.
fn check_outcome(game: &Game, o: Outcome) -> Result<(), TestCaseError> {
    let p = game.position();
    let legal = p.legal_actions();
    match o.reason {
        EndReason::Checkmate => {
            prop_assert!(legal.is_empty() && p.is_check(), "{p:?}: not mate");
            prop_assert_eq!(o.winner, Some(!p.side_to_move()));
        }
        EndReason::Stalemate => {
            prop_assert!(legal.is_empty() && !p.is_check(), "{p:?}: not stalemate");
            prop_assert_eq!(o.winner, None);
        }
        EndReason::BareKings => {
            prop_assert!(!legal.is_empty(), "{p:?}: mate or stalemate takes precedence");
            prop_assert_eq!(p.pieces().count(), 2, "{:?}: not bare kings", p);
            prop_assert_eq!(o.winner, None);
        }
        EndReason::InsufficientMaterial => {
            prop_assert_eq!(p.variant(), Variant::Chess);
            prop_assert!(!legal.is_empty(), "{p:?}: mate or stalemate takes precedence");
            prop_assert!(
                p.pieces().all(|(_, q)| matches!(q.role(), Role::King | Role::Knight | Role::Bishop)),
                "{p:?}: mating material"
            );
            prop_assert_eq!(o.winner, None);
        }
        EndReason::FivefoldRepetition => {
            prop_assert!(!legal.is_empty());
            prop_assert!(p.pieces().count() > 2);
            prop_assert!(game.repetitions() >= 5, "{p:?}: {} repetitions", game.repetitions());
            prop_assert_eq!(o.winner, None);
        }
        EndReason::MoveLimit => {
            prop_assert!(!legal.is_empty());
            prop_assert!(game.repetitions() < 5);
            prop_assert!(p.halfmove() >= 150, "{p:?}: halfmove {}", p.halfmove());
            prop_assert_eq!(o.winner, None);
        }
        other => prop_assert!(false, "{p:?}: {other:?} is never automatic"),
    }
    Ok(())
}

proptest! {
    #![proptest_config(config(256, 0x5eed_0002))]

    /// f. Random games never panic and end exactly by the rules; finished games refuse further
    /// play; every game round-trips through its JSON record.
    #[test]
    fn random_games_end_by_the_rules(
        v in variant(),
        choices in prop::collection::vec(any::<u32>(), 400),
    ) {
        let mut game = Game::new(v);
        for &choice in &choices {
            if game.outcome().is_some() {
                break;
            }
            let p = game.position().clone();
            let legal = p.legal_actions();
            prop_assert!(!legal.is_empty(), "{:?}: no legal action but no result", p);
            let endings = v.rules().endings;
            prop_assert!(p.halfmove() < endings.halfmove_draw && game.repetitions() < endings.repetition_draw, "{:?}", p);
            let a = choose(&game, &legal, choice);
            let played = game.play(a);
            prop_assert!(played.is_ok(), "{:?}: {:?}: {:?}", p, a, played);
            prop_assert_eq!(game.position().ply(), p.ply() + 1);
        }
        if let Some(o) = game.outcome() {
            check_outcome(&game, o)?;
            let p = game.position().clone();
            let any = p.legal_actions().first().copied().unwrap_or(Action {
                from: p.king(p.side_to_move()),
                to: p.king(p.side_to_move()),
                kind: ActionKind::Piece,
            });
            prop_assert_eq!(game.play(any), Err(GameError::Over(o)));
            prop_assert_eq!(game.agree_draw(), Err(GameError::Over(o)));
            prop_assert_eq!(game.resign(Color::White), Err(GameError::Over(o)));
            prop_assert_eq!(game.outcome(), Some(o));
            prop_assert_eq!(game.position(), &p);
        }
        let record = Record::of(&game);
        let json = record.to_json();
        let loaded = Record::from_json(&json);
        prop_assert_eq!(loaded.as_ref(), Ok(&record), "{}", json);
        let replayed = loaded.expect("checked").replay();
        prop_assert!(replayed.is_ok(), "{}: {:?}", json, replayed.err());
        let replayed = replayed.expect("checked");
        prop_assert_eq!(replayed.position().to_text(), game.position().to_text());
        prop_assert_eq!(replayed.position(), game.position());
        prop_assert_eq!(replayed.outcome(), game.outcome());
        prop_assert_eq!(replayed.actions(), game.actions());
        prop_assert_eq!(replayed.repetitions(), game.repetitions());
    }

    /// g. Taking a game back to ply k leaves it as if only its first k actions had been played:
    /// the same position, actions, repetition count and outcome, a declared ending taken back
    /// with the moves, and the same continuation playable again.
    #[test]
    fn taking_back_equals_replaying_the_first_plies(
        v in variant(),
        choices in prop::collection::vec(any::<u32>(), 120),
        keep in any::<prop::sample::Index>(),
        resign in any::<bool>(),
    ) {
        let mut game = Game::new(v);
        for &choice in &choices {
            if game.outcome().is_some() {
                break;
            }
            let legal = game.position().legal_actions();
            let a = choose(&game, &legal, choice);
            game.play(a).expect("a legal action plays");
        }
        if resign && game.outcome().is_none() {
            game.resign(Color::Black).expect("not over");
        }
        let all = game.actions().to_vec();
        let k = keep.index(all.len() + 1);
        let mut replayed = Game::new(v);
        for &a in &all[..k] {
            replayed.play(a).expect("replays");
        }
        game.take_back_to(k);
        prop_assert_eq!(game.actions(), replayed.actions());
        prop_assert_eq!(game.position(), replayed.position());
        prop_assert_eq!(game.repetitions(), replayed.repetitions());
        prop_assert_eq!(game.outcome(), replayed.outcome());
        for &a in &all[k..] {
            prop_assert_eq!(game.play(a), replayed.play(a));
            prop_assert_eq!(game.repetitions(), replayed.repetitions());
            prop_assert_eq!(game.outcome(), replayed.outcome());
        }
    }

    /// Φ applied to a whole game: the exchanged game from the exchanged start, with every action
    /// exchanged in its original order, visits the exchanged positions and ends the same way with
    /// the winner exchanged.
    #[test]
    fn games_commute_with_exchange(
        v in variant(),
        choices in prop::collection::vec(any::<u32>(), 300),
    ) {
        let mut game = Game::new(v);
        let start = Position::new(v).exchanged();
        let mut twin = Game::from_position(start, Start::Edited {
            label: "player exchange of the initial position".into(),
        });
        for &choice in &choices {
            if game.outcome().is_some() {
                break;
            }
            let p = game.position().clone();
            let a = choose(&game, &p.legal_actions(), choice);
            game.play(a).expect("legal");
            let played = twin.play(phi(&p, a));
            prop_assert!(played.is_ok(), "{:?}: Φ({:?}): {:?}", p, a, played);
            prop_assert_eq!(twin.position(), &game.position().exchanged());
            prop_assert_eq!(twin.repetitions(), game.repetitions());
            prop_assert_eq!(twin.outcome(), phi_outcome(game.outcome()), "{:?}", game.position());
        }
        // The library's image of the whole game is the same game.
        let image = game.exchanged();
        prop_assert_eq!(image.initial(), twin.initial());
        prop_assert_eq!(image.actions(), twin.actions());
        prop_assert_eq!(image.position(), twin.position());
        prop_assert_eq!(image.outcome(), twin.outcome());
        prop_assert_eq!(image.repetitions(), twin.repetitions());
        // A resignation is exchanged too.
        if game.outcome().is_none() {
            let mut resigned = game.clone();
            resigned.resign(Color::Black).expect("in progress");
            prop_assert_eq!(resigned.exchanged().outcome(), phi_outcome(resigned.outcome()));
        }
    }
}

/// A small deterministic generator for the census below (no proptest: a fixed sample).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u32 {
        self.0 = self.0.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 32) as u32
    }
}

/// A fixed sample of random games reaches every automatic ending, each checked as in property f,
/// so that those checks are not vacuous.
#[test]
fn random_games_reach_every_automatic_ending() {
    let mut rng = Lcg(0x5eed_0003);
    let mut seen = HashSet::new();
    for v in Variant::ALL {
        for _ in 0..64 {
            let mut game = Game::new(v);
            for _ in 0..400 {
                if game.outcome().is_some() {
                    break;
                }
                let legal = game.position().legal_actions();
                let a = choose(&game, &legal, rng.next());
                game.play(a).expect("legal");
            }
            if let Some(o) = game.outcome() {
                check_outcome(&game, o).unwrap_or_else(|e| panic!("{v}: {e}"));
                seen.insert(o.reason);
            }
        }
    }
    for reason in [
        EndReason::Checkmate,
        EndReason::Stalemate,
        EndReason::BareKings,
        EndReason::InsufficientMaterial,
        EndReason::FivefoldRepetition,
        EndReason::MoveLimit,
    ] {
        assert!(seen.contains(&reason), "no sample game ended by {reason:?}");
    }
}

/// Knights shuffling out and back repeat the initial position: its fifth occurrence (the
/// initial position counts once) draws at ply 16 on every variant that has the rule, and not
/// before (the three-level variants have none: `strato.rs`).
#[test]
fn knight_shuffle_draws_by_fivefold_repetition() {
    // Boards that open as a game (the torus's start has knights checking through the seam).
    let games = Variant::ALL.into_iter().filter(|v| v.spec().opening.offers_game());
    for v in games.filter(|v| v.rules().endings.repetition_draw == 5) {
        let mut game = Game::new(v);
        let mut out = [None, None];
        for ply in 0..16 {
            assert_eq!(game.outcome(), None, "{v}: ended before ply {ply}");
            let p = game.position().clone();
            let me = p.side_to_move().index();
            let a = match out[me].take() {
                Some(back) => back,
                None => {
                    let a = p
                        .legal_actions()
                        .into_iter()
                        .find(|a| p.piece_at(a.from).map(|q| q.role()) == Some(Role::Knight) && !p.is_capture(*a))
                        .unwrap_or_else(|| panic!("{v}: no knight move in {p:?}"));
                    out[me] = Some(Action { from: a.to, to: a.from, kind: ActionKind::Piece });
                    a
                }
            };
            game.play(a).unwrap_or_else(|e| panic!("{v}: ply {}: {e}", ply + 1));
            let expected = 1 + (ply + 1) / 4;
            if (ply + 1) % 4 == 0 {
                assert_eq!(game.position().key(), Position::new(v).key());
                assert_eq!(game.repetitions(), expected, "{v}: after ply {}", ply + 1);
            }
        }
        assert_eq!(game.outcome(), Some(Outcome { winner: None, reason: EndReason::FivefoldRepetition }), "{v}");
        assert_eq!(game.repetitions(), 5);
        let record = Record::of(&game);
        let replayed =
            Record::from_json(&record.to_json()).and_then(|r| r.replay()).unwrap_or_else(|e| panic!("{v}: {e}"));
        assert_eq!(replayed.outcome(), game.outcome());
    }
}

/// The exchanged image of a one-move game is a game like any other: its own record replays. Its
/// start is not the variant's initial position (Black is to move), so it cannot be recorded as
/// `Start::Initial`. (Standard FEN, the `chess` text, cannot hold Black to move at an even ply.)
#[test]
fn exchanged_game_records_replay() {
    for v in [Variant::Mobius, Variant::Klein, Variant::Genus2, Variant::Endless] {
        let mut game = Game::new(v);
        let first = game.position().legal_actions()[0];
        game.play(first).expect("legal");
        let image = game.exchanged();
        assert_eq!(image.initial(), &Position::new(v).exchanged());
        assert!(
            image.start() != &Start::Initial || image.initial() == &Position::new(v),
            "{v}: the exchanged game claims the initial position as its start"
        );
        let record = Record::of(&image);
        let replayed = record.replay().unwrap_or_else(|e| panic!("{v}: {e}\n{}", record.to_json()));
        assert_eq!(replayed.position().to_text(), image.position().to_text());
    }
}

/// A game from an edited start that is the exchanged initial position (Black to move at ply 0,
/// as Φ keeps the counters) is recorded and replays; its start round-trips through text with its
/// ply.
#[test]
fn exchanged_start_records_replay() {
    // Standard FEN (the `chess` text) cannot hold Black to move at an even ply; the others can.
    for v in [Variant::Mobius, Variant::Klein, Variant::Genus2, Variant::Endless] {
        let start = Position::new(v).exchanged();
        assert_eq!((start.side_to_move(), start.ply()), (Color::Black, 0));
        let back = Position::from_text(v, &start.to_text()).expect("valid text");
        assert_eq!(back.ply(), start.ply(), "{v}: {}", start.to_text());
        let mut game = Game::from_position(start, Start::Edited { label: "player exchange".into() });
        let first = game.position().legal_actions()[0];
        game.play(first).expect("legal");
        let record = Record::of(&game);
        record.replay().unwrap_or_else(|e| panic!("{v}: {e}\n{}", record.to_json()));
    }
}
