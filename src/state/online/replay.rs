//! A server state as a rules game: the moves replayed from the variant's initial position, and
//! the results the rules know (resignation, agreement) recorded on it. A loss on time has no
//! rules reason; the panel shows the server's result beside the game.

use surface_chess_online::{GameState, ResultState};
use surface_chess_rules::{Color, Game};

/// The game a state describes.
///
/// # Errors
/// A move the rules refuse, named by its number (the server and the app disagree on the rules).
pub fn replay(state: &GameState) -> Result<Game, String> {
    let mut game = Game::new(state.variant);
    for (ply, text) in state.moves.iter().enumerate() {
        let action = game.position().parse_action(text).map_err(|e| format!("move {}: {e}", ply + 1))?;
        game.play(action).map_err(|e| format!("move {} ({text}): {e}", ply + 1))?;
    }
    if let Some(result) = &state.result {
        record_result(&mut game, result);
    }
    Ok(game)
}

/// Records a resignation or an agreed draw on a game still going on (other results are the
/// rules' own, or a timeout).
pub fn record_result(game: &mut Game, result: &ResultState) {
    if game.outcome().is_some() {
        return;
    }
    let _ = match (result.winner, result.reason.as_str()) {
        (Some(winner), "resignation") => game.resign(!Color::from(winner)),
        (None, "agreement") => game.agree_draw(),
        _ => Ok(()),
    };
}

/// A server's state of a game on `variant` with these moves and result (tests' fixture).
#[cfg(test)]
pub(super) fn fixture(
    variant: surface_chess_rules::Variant,
    moves: Vec<String>,
    result: Option<ResultState>,
) -> GameState {
    use surface_chess_online::{ClockSpec, ClockState, Phase, Side};
    GameState {
        game: 1,
        variant,
        you: Some(Side::White),
        invite: None,
        white: Some("a".into()),
        black: Some("b".into()),
        phase: if result.is_some() { Phase::Finished } else { Phase::Playing },
        position: String::new(),
        moves,
        to_move: Side::White,
        clock: ClockState {
            spec: ClockSpec::DEFAULT,
            now: 0,
            white_ms: 0,
            black_ms: 0,
            running: None,
            deadline: None,
            white_ready: true,
            black_ready: true,
        },
        draw_offer: None,
        result,
        spectators: false,
        rematch_offer: None,
        rematch: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use surface_chess_online::Side;
    use surface_chess_rules::{EndReason, Variant};

    fn state(moves: &[&str], result: Option<ResultState>) -> GameState {
        fixture(Variant::Chess, moves.iter().map(|m| m.to_string()).collect(), result)
    }

    #[test]
    fn moves_and_results_become_the_rules_game() {
        let game = replay(&state(&["f2-f3", "e7-e5", "g2-g4", "Qd8-h4"], None)).unwrap();
        let outcome = game.outcome().expect("fool's mate");
        assert_eq!((outcome.winner, outcome.reason), (Some(Color::Black), EndReason::Checkmate));
        let resigned = ResultState { winner: Some(Side::Black), reason: "resignation".into() };
        let game = replay(&state(&["e2-e4"], Some(resigned))).unwrap();
        assert_eq!(game.outcome().map(|o| (o.winner, o.reason)), Some((Some(Color::Black), EndReason::Resignation)));
        let agreed = ResultState { winner: None, reason: "agreement".into() };
        assert_eq!(replay(&state(&[], Some(agreed))).unwrap().outcome().map(|o| o.reason), Some(EndReason::Agreement));
        let timeout = ResultState { winner: Some(Side::White), reason: "timeout".into() };
        assert_eq!(replay(&state(&["e2-e4"], Some(timeout))).unwrap().outcome(), None, "no rules reason for time");
    }

    #[test]
    fn a_move_the_rules_refuse_is_named() {
        let e = replay(&state(&["e2-e4", "e2-e4"], None)).unwrap_err();
        assert!(e.starts_with("move 2"), "{e}");
    }
}
