//! The versioned JSON messages (`docs/PROTOCOL.md`): `surface_chess_online::protocol`,
//! re-exported so that `surface_chess_server::protocol::ClientMessage` (and the rest) keep
//! working, and [`game_state`], a [`ServerGame`]'s state as an identity may see it.

use surface_chess_online::identity::Token;

use crate::clock::Millis;
use crate::game::{Phase, RefereeError, ServerGame, Side};

/// The messages, their states, bounded parsing: `surface_chess_online::protocol`.
pub use surface_chess_online::protocol::*;

/// A game's state as `token` may see it at `now`.
///
/// # Errors
/// [`RefereeError::NotSeated`] when the identity is not seated and the game is not open to
/// spectators.
pub fn game_state(g: &ServerGame, token: &Token, now: Millis) -> Result<GameState, RefereeError> {
    if !g.can_read(token) {
        return Err(RefereeError::NotSeated);
    }
    let you = g.side_of(token);
    let phase = g.phase();
    let clock = g.clock();
    let name = |c| g.seat(c).map(|s| s.name.to_string());
    // Only where the game was created, while it is in memory: the store keeps the digest alone.
    let invite = g.invite().filter(|_| you.is_some() && phase == Phase::WaitingForOpponent).map(|i| i.expose().into());
    let position = g.rules_game().position();
    use surface_chess_rules::Color::{Black, White};
    Ok(GameState {
        game: g.id(),
        variant: g.variant(),
        you: you.map(Side::from),
        invite,
        white: name(White),
        black: name(Black),
        phase,
        position: g.position_text().to_owned(),
        moves: g.moves().to_vec(),
        to_move: position.side_to_move().into(),
        clock: ClockState {
            spec: clock.spec(),
            now,
            white_ms: clock.remaining(White, now),
            black_ms: clock.remaining(Black, now),
            running: clock.running().map(Side::from),
            deadline: clock.deadline(),
            white_ready: clock.is_ready(White),
            black_ready: clock.is_ready(Black),
        },
        draw_offer: g.draw_offer().map(Side::from),
        result: g.result().map(ResultState::from),
        spectators: g.settings().spectators,
        rematch_offer: g.rematch_offer().map(Side::from),
        rematch: g.rematch(),
    })
}
