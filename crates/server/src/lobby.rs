//! The lobby: an identity's games in four groups (Your turn, Opponent's turn, Waiting to start,
//! Finished).

use surface_chess_online::identity::Token;
use surface_chess_rules::Color;

use crate::game::{Phase, ServerGame};
use crate::protocol::{LobbyEntry, LobbyList, ResultState};

/// Where a game appears in an identity's lobby.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LobbyGroup {
    /// The identity is to move.
    YourTurn,
    /// The opponent is to move.
    OpponentsTurn,
    /// A seat is open or a Ready is missing.
    Waiting,
    /// Over.
    Finished,
}

/// The group of a game for the player on `side`.
pub fn lobby_group(g: &ServerGame, side: Color) -> LobbyGroup {
    match g.phase() {
        Phase::Finished => LobbyGroup::Finished,
        Phase::WaitingForOpponent | Phase::WaitingForReady => LobbyGroup::Waiting,
        Phase::Playing if g.rules_game().position().side_to_move() == side => LobbyGroup::YourTurn,
        Phase::Playing => LobbyGroup::OpponentsTurn,
    }
}

/// Moves as the lobby counts them: pairs of plies, rounded up.
pub fn move_number(plies: usize) -> usize {
    plies.div_ceil(2)
}

/// An identity's games (time already checked) in the lobby's four groups, each by number.
pub fn lobby_list(games: &[ServerGame], token: &Token) -> LobbyList {
    let mut list = LobbyList::default();
    let mut mine: Vec<(&ServerGame, Color)> = games.iter().filter_map(|g| Some((g, g.side_of(token)?))).collect();
    mine.sort_by_key(|(g, _)| g.id());
    for (g, side) in mine {
        let entry = LobbyEntry {
            game: g.id(),
            variant: g.variant(),
            you: side.into(),
            opponent: g.seat(!side).map(|s| s.name.to_string()),
            moves: move_number(g.plies()),
            clock: g.settings().clock,
            result: g.result().map(ResultState::from),
        };
        match lobby_group(g, side) {
            LobbyGroup::YourTurn => list.your_turn.push(entry),
            LobbyGroup::OpponentsTurn => list.opponents_turn.push(entry),
            LobbyGroup::Waiting => list.waiting.push(entry),
            LobbyGroup::Finished => list.finished.push(entry),
        }
    }
    list
}
