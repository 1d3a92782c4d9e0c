//! What a server's state does to the game on show, decided without touching it: wait for the
//! player's move to be acknowledged, play the new moves on it (so they are animated), or rebuild
//! it from the server's moves. Any state a server sends is one of these or an error, never a
//! panic: a finished game that goes on, moves that change, moves that do not replay.

use super::replay;
use surface_chess_online::GameState;
use surface_chess_rules::{Action, Game};

/// What to do with the game on show.
#[derive(Clone, Debug)]
pub enum Reconciled {
    /// The player's move is on show and the server has not acknowledged it yet: keep it.
    Waiting,
    /// The server's moves continue the game on show: play these, each with its ply, to reach
    /// `game`.
    Extended {
        /// The new moves and their plies.
        played: Vec<(usize, Action)>,
        /// The game after them, with the server's result.
        game: Game,
    },
    /// Anything else: the server's game replaces the one on show.
    Rebuilt(Game),
}

/// Reconciles the game on show (`local`, with the player's unacknowledged move at ply
/// `pending`) with the server's `state`.
///
/// # Errors
/// The server's moves do not replay (named by number); the game on show stays as it is.
pub fn reconcile(local: &Game, pending: Option<usize>, state: &GameState) -> Result<Reconciled, String> {
    let server = replay::replay(state).map_err(|e| format!("game {}: {e}", state.game))?;
    let shown = local.notations();
    let waiting = pending.is_some_and(|ply| {
        state.result.is_none() && shown.len() == ply + 1 && state.moves.len() == ply && shown[..ply] == state.moves[..]
    });
    if waiting {
        return Ok(Reconciled::Waiting);
    }
    if local.position().variant() != state.variant || !state.moves.starts_with(&shown) {
        return Ok(Reconciled::Rebuilt(server));
    }
    let mut game = local.clone();
    let mut played = Vec::new();
    for text in &state.moves[shown.len()..] {
        let ply = game.actions().len();
        // A game finished on show (a result the server has since taken back) cannot go on.
        let Some(action) = game.position().parse_action(text).ok().filter(|&a| game.play(a).is_ok()) else {
            return Ok(Reconciled::Rebuilt(server));
        };
        played.push((ply, action));
    }
    if game.outcome() != server.outcome() {
        game = server;
    }
    Ok(Reconciled::Extended { played, game })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use surface_chess_online::{ResultState, Side};
    use surface_chess_rules::Variant;

    /// The scholar's mate, as typed.
    const TYPED: [&str; 7] = ["e2-e4", "e7-e5", "Bf1-c4", "Nb8-c6", "Qd1-h5", "Ng8-f6", "Qh5xf7"];

    /// Its first `n` moves as a server writes them (the rules' notation).
    fn line(n: usize) -> Vec<String> {
        let mut game = Game::new(Variant::Chess);
        for text in &TYPED[..n] {
            let action = game.position().parse_action(text).unwrap();
            game.play(action).unwrap();
        }
        game.notations()
    }

    use super::replay::fixture as state;

    fn result(winner: Option<Side>, reason: &str) -> Option<ResultState> {
        Some(ResultState { winner, reason: reason.into() })
    }

    /// Applies a reconciliation as the board does.
    fn apply(shown: &mut Game, pending: Option<usize>, s: &GameState) -> Result<(), String> {
        match reconcile(shown, pending, s)? {
            Reconciled::Waiting => {}
            Reconciled::Extended { game, .. } | Reconciled::Rebuilt(game) => *shown = game,
        }
        Ok(())
    }

    #[test]
    fn a_finished_game_that_goes_on_is_rebuilt_not_a_panic() {
        let mut shown = Game::new(Variant::Chess);
        let moves = line;
        apply(&mut shown, None, &state(Variant::Chess, moves(1), result(Some(Side::Black), "resignation"))).unwrap();
        assert!(shown.outcome().is_some(), "White resigned");
        apply(&mut shown, None, &state(Variant::Chess, moves(3), None)).unwrap();
        assert_eq!(shown.notations(), moves(3));
        assert!(shown.outcome().is_none(), "the server's game, going on");
    }

    #[test]
    fn new_moves_are_played_on_the_game_on_show_and_the_players_move_waits() {
        let mut shown = Game::new(Variant::Chess);
        let e4 = shown.position().parse_action("e2-e4").unwrap();
        shown.play(e4).unwrap();
        let none = state(Variant::Chess, vec![], None);
        assert!(matches!(reconcile(&shown, Some(0), &none), Ok(Reconciled::Waiting)));
        let two = state(Variant::Chess, line(2), None);
        match reconcile(&shown, Some(0), &two).unwrap() {
            Reconciled::Extended { played, game } => {
                assert_eq!(played.len(), 1);
                assert_eq!(played[0].0, 1, "the reply is ply 1");
                assert_eq!(game.notations(), two.moves);
            }
            other => panic!("{other:?}"),
        }
        let bad = state(Variant::Chess, vec!["e2-e5".into()], None);
        assert!(reconcile(&shown, None, &bad).unwrap_err().contains("move 1"), "named by its number");
    }

    /// A hostile server's state: a prefix of the line with garbage spliced in, on either board,
    /// with any result or none.
    fn hostile() -> impl Strategy<Value = GameState> {
        let moves = (0..=TYPED.len(), proptest::option::weighted(0.2, (0..8usize, "[a-z0-9=+#x-]{0,8}")));
        let results = proptest::option::of((
            proptest::option::of(prop_oneof![Just(Side::White), Just(Side::Black)]),
            prop_oneof![
                Just("resignation".to_string()),
                Just("agreement".to_string()),
                Just("checkmate".to_string()),
                Just("timeout".to_string()),
                "[a-z]{0,6}",
            ],
        ));
        let variant = prop_oneof![4 => Just(Variant::Chess), 1 => Just(Variant::Mobius)];
        (moves, results, variant).prop_map(|((n, junk), result, variant)| {
            let mut moves = line(n);
            if let Some((at, text)) = junk {
                moves.insert(at.min(moves.len()), text);
            }
            let result = result.map(|(winner, reason)| ResultState { winner, reason });
            state(variant, moves, result)
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

        /// Any sequence of states, in any order, repeated or contradictory: never a panic; the
        /// game on show is the server's moves after every state that replays, and unchanged after
        /// one that does not.
        #[test]
        fn any_sequence_of_states_is_shown_or_refused(states in proptest::collection::vec(hostile(), 1..12), pending in proptest::option::of(0..6usize)) {
            let mut shown = Game::new(Variant::Chess);
            for s in &states {
                let before = shown.notations();
                match apply(&mut shown, pending, s) {
                    Ok(()) if shown.notations() == before && before.len() == s.moves.len() + 1 => {}
                    Ok(()) => prop_assert_eq!(shown.notations(), s.moves.clone()),
                    Err(_) => prop_assert_eq!(shown.notations(), before),
                }
            }
        }
    }
}
