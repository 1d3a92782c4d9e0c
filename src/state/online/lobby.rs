//! The games heard of from the server and the lobby: each game's last state, the lobby's groups,
//! when to ask for them again, and which game the next answer opens.

use bevy::prelude::*;
use std::collections::{BTreeMap, BTreeSet};
use surface_chess_online::{GameId, GameState, LobbyList, Phase, Side};

/// A game's last state from the server, and when it arrived (app seconds).
#[derive(Clone, Debug, PartialEq)]
pub struct Known {
    /// The state.
    pub state: GameState,
    /// When it arrived.
    pub at: f64,
}

/// What the next state or error answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Expect {
    /// A game was created: its first state opens it.
    Created,
    /// A seat was asked for: the joined game's first state opens it.
    Joined,
    /// This game was asked for: its state opens it.
    Open(GameId),
}

/// Every game heard of, the lobby, and the request waiting for its game.
#[derive(Resource, Default)]
pub struct Lobby {
    /// Every game heard of, by number.
    pub games: BTreeMap<GameId, Known>,
    /// The lobby's groups, once received.
    pub list: Option<LobbyList>,
    pub(super) expect: Option<Expect>,
    /// A lobby request is on its way.
    pub(super) asked: bool,
    /// A game changed groups (or the connection is new): the lobby is asked for again.
    pub(super) stale: bool,
    /// Games whose invite was printed.
    printed: BTreeSet<GameId>,
    /// The server the games are from.
    from: Option<String>,
}

impl Lobby {
    /// The games are those of `server`: when the connection goes to another server, everything
    /// heard of the last one is forgotten (games of two servers share numbers), the request on
    /// its way to the new one excepted. Returns whether the server changed.
    pub(super) fn follow(&mut self, server: Option<&str>) -> bool {
        if server.is_none() || self.from.as_deref() == server {
            return false;
        }
        let expect = self.expect.take();
        let first = self.from.is_none();
        *self = Lobby { expect, from: server.map(str::to_owned), stale: true, ..Lobby::default() };
        !first
    }

    /// Keeps a game's new state; returns whether it opens the game asked for.
    pub(super) fn heard(&mut self, state: GameState, now: f64) -> bool {
        let id = state.game;
        let place = lobby_place(&state);
        let before = self.games.insert(id, Known { state, at: now });
        if before.as_ref().is_none_or(|k| lobby_place(&k.state) != place) {
            self.stale = true;
        }
        let invited = self.games[&id].state.invite.is_some();
        let opens = match self.expect {
            Some(Expect::Created) => before.is_none() && invited,
            Some(Expect::Joined) => before.is_none(),
            Some(Expect::Open(game)) => game == id,
            None => false,
        };
        if opens {
            self.expect = None;
        }
        opens
    }

    /// The invite of game `id` the first time it is asked for (printed once for the terminal).
    pub(super) fn invite_to_print(&mut self, id: GameId) -> Option<String> {
        let invite = self.games.get(&id)?.state.invite.as_ref()?.expose().to_owned();
        self.printed.insert(id).then_some(invite)
    }
}

/// Where a game stands in the lobby: a change moves it to another group.
fn lobby_place(state: &GameState) -> (Phase, Side, bool) {
    (state.phase, state.to_move, state.result.is_some())
}
