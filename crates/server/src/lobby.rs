//! The server's games in memory: a registry by number and by invite code, the lobby query for an
//! identity, and [`Lobby::handle`], which answers one client message (the network layer to come
//! sends the replies and broadcasts the changed game's state to its other readers).

use std::collections::HashMap;

use rand::CryptoRng;
use surface_chess_rules::Color;

use crate::clock::Millis;
use crate::game::{GameId, NewGame, Phase, RefereeError, Seat, ServerGame};
use crate::identity::{InviteCode, Name, Token};
use crate::protocol::{
    ClientMessage, LobbyEntry, LobbyList, PROTOCOL_VERSION, ResultState, ServerMessage, game_state, parse_client,
};

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

/// A connection's identity, once it said Hello.
#[derive(Clone, Debug, Default)]
pub struct Session {
    identity: Option<(Token, Name)>,
}

impl Session {
    /// A connection that has not said Hello.
    pub fn new() -> Session {
        Session::default()
    }

    /// The identity token, after Hello.
    pub fn token(&self) -> Option<&Token> {
        self.identity.as_ref().map(|(t, _)| t)
    }
}

/// What [`Lobby::handle`] produced: replies to the sender, and the game whose state changed (its
/// other readers should get its new [`crate::protocol::GameState`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Handled {
    /// Messages for the sender, in order.
    pub replies: Vec<ServerMessage>,
    /// The game changed by this message, if any.
    pub changed: Option<GameId>,
}

/// All games, by number and by invite code.
#[derive(Clone, Debug, Default)]
pub struct Lobby {
    games: HashMap<GameId, ServerGame>,
    invites: HashMap<InviteCode, GameId>,
    next_id: GameId,
}

impl Lobby {
    /// No games.
    pub fn new() -> Lobby {
        Lobby { games: HashMap::new(), invites: HashMap::new(), next_id: 1 }
    }

    /// Number of games.
    pub fn len(&self) -> usize {
        self.games.len()
    }

    /// Whether there are no games.
    pub fn is_empty(&self) -> bool {
        self.games.is_empty()
    }

    /// A game by number.
    pub fn game(&self, id: GameId) -> Option<&ServerGame> {
        self.games.get(&id)
    }

    /// A game by number, to act on.
    ///
    /// # Errors
    /// [`RefereeError::UnknownGame`].
    pub fn game_mut(&mut self, id: GameId) -> Result<&mut ServerGame, RefereeError> {
        self.games.get_mut(&id).ok_or(RefereeError::UnknownGame(id))
    }

    /// Creates a game with its creator seated; returns its number.
    ///
    /// # Errors
    /// A clock outside the contract.
    pub fn create(
        &mut self,
        settings: NewGame,
        creator: Seat,
        rng: &mut (impl CryptoRng + ?Sized),
    ) -> Result<GameId, RefereeError> {
        let id = self.next_id;
        let mut game = ServerGame::create(id, settings, creator.clone(), rng)?;
        while self.invites.contains_key(game.invite()) {
            game = ServerGame::create(id, settings, creator.clone(), rng)?;
        }
        self.next_id += 1;
        self.invites.insert(game.invite().clone(), id);
        self.games.insert(id, game);
        Ok(id)
    }

    /// Takes the open seat of the game with this invite (or answers a seated identity's rejoin).
    ///
    /// # Errors
    /// No game with this code, or its seats are taken.
    pub fn join(&mut self, invite: &InviteCode, seat: Seat, now: Millis) -> Result<(GameId, Color), RefereeError> {
        let id = *self.invites.get(invite).ok_or(RefereeError::BadInvite)?;
        let side = self.game_mut(id)?.join(invite, seat, now)?;
        Ok((id, side))
    }

    /// Ends every game whose running clock has passed its deadline; returns their numbers.
    pub fn tick(&mut self, now: Millis) -> Vec<GameId> {
        let mut ended: Vec<GameId> = self.games.values_mut().filter_map(|g| g.tick(now).then_some(g.id())).collect();
        ended.sort_unstable();
        ended
    }

    /// An identity's games in the lobby's four groups (time checked first).
    pub fn list(&mut self, token: &Token, now: Millis) -> LobbyList {
        let mut list = LobbyList::default();
        let mut mine: Vec<&mut ServerGame> = self.games.values_mut().filter(|g| g.side_of(token).is_some()).collect();
        mine.sort_by_key(|g| g.id());
        for g in mine {
            g.tick(now);
            let Some(side) = g.side_of(token) else { continue };
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

    /// Answers one client message (its text as received) at server time `now`. Never panics:
    /// bad input and refused requests are answered with [`ServerMessage::Error`] and change
    /// nothing.
    pub fn handle(
        &mut self,
        session: &mut Session,
        text: &str,
        now: Millis,
        rng: &mut (impl CryptoRng + ?Sized),
    ) -> Handled {
        let message = match parse_client(text) {
            Ok(m) => m,
            Err(e) => return Handled { replies: vec![(&e).into()], changed: None },
        };
        match self.dispatch(session, message, now, rng) {
            Ok(handled) => handled,
            Err(e) => Handled { replies: vec![(&e).into()], changed: None },
        }
    }

    fn dispatch(
        &mut self,
        session: &mut Session,
        message: ClientMessage,
        now: Millis,
        rng: &mut (impl CryptoRng + ?Sized),
    ) -> Result<Handled, RefereeError> {
        if let ClientMessage::Hello { version, token, name } = &message {
            if *version != PROTOCOL_VERSION {
                let text = format!("this server speaks protocol {PROTOCOL_VERSION}, not {version}");
                return Ok(reply(ServerMessage::error("version", text)));
            }
            let token = Token::parse(token)?;
            let name = Name::parse(name)?;
            let welcome = ServerMessage::Welcome { version: PROTOCOL_VERSION, name: name.to_string() };
            session.identity = Some((token, name));
            return Ok(reply(welcome));
        }
        let Some((token, name)) = session.identity.clone() else {
            return Ok(reply(ServerMessage::error("hello_first", "say Hello (version, token, name) first")));
        };
        let seat = || Seat { token: token.clone(), name: name.clone() };
        let state = |lobby: &Lobby, id| -> Result<ServerMessage, RefereeError> {
            let g = lobby.game(id).ok_or(RefereeError::UnknownGame(id))?;
            Ok(ServerMessage::GameState(game_state(g, &token, now)?))
        };
        let changed = |lobby: &Lobby, id| -> Result<Handled, RefereeError> {
            Ok(Handled { replies: vec![state(lobby, id)?], changed: Some(id) })
        };
        match message {
            // Answered above; kept total so that no message can panic here.
            ClientMessage::Hello { .. } => Ok(reply(ServerMessage::error("hello_first", "say Hello once"))),
            ClientMessage::CreateGame { variant, side, clock, spectators } => {
                let id = self.create(NewGame { variant, side, clock, spectators }, seat(), rng)?;
                changed(self, id)
            }
            ClientMessage::JoinGame { invite } => {
                let invite = InviteCode::parse(&invite)?;
                let (id, _) = self.join(&invite, seat(), now)?;
                changed(self, id)
            }
            ClientMessage::Ready { game } => {
                self.seated_game(game, &token)?.ready(&token, now)?;
                changed(self, game)
            }
            ClientMessage::Move { game, ply, action } => {
                let played = self.seated_game(game, &token)?.play(&token, ply, &action, now)?;
                let ack = ServerMessage::MoveAccepted {
                    game,
                    ply: played.ply,
                    action: played.notation,
                    duplicate: played.duplicate,
                };
                let changed = (!played.duplicate).then_some(game);
                Ok(Handled { replies: vec![ack, state(self, game)?], changed })
            }
            ClientMessage::OfferDraw { game } => {
                self.seated_game(game, &token)?.offer_draw(&token, now)?;
                changed(self, game)
            }
            ClientMessage::AcceptDraw { game } => {
                self.seated_game(game, &token)?.accept_draw(&token, now)?;
                changed(self, game)
            }
            ClientMessage::Resign { game } => {
                self.seated_game(game, &token)?.resign(&token, now)?;
                changed(self, game)
            }
            ClientMessage::GetGame { game } => {
                let ended = self.game_mut(game)?.tick(now);
                Ok(Handled { replies: vec![state(self, game)?], changed: ended.then_some(game) })
            }
            ClientMessage::Lobby => Ok(reply(ServerMessage::Lobby(self.list(&token, now)))),
        }
    }

    /// A game the identity may act in; an unreadable game is reported as not seated.
    fn seated_game(&mut self, id: GameId, token: &Token) -> Result<&mut ServerGame, RefereeError> {
        let g = self.game_mut(id)?;
        if g.side_of(token).is_none() {
            return Err(RefereeError::NotSeated);
        }
        Ok(g)
    }
}

fn reply(message: ServerMessage) -> Handled {
    Handled { replies: vec![message], changed: None }
}
