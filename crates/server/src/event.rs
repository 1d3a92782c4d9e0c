//! What players do in a game ([`Act`]) and the log a game is stored as ([`Event`]). A game is its
//! events replayed in order with the server times they were accepted at, so the database holds
//! only the log and any server rebuilds the same game from it.

use serde::{Deserialize, Serialize};
use surface_chess_online::identity::{InviteCode, Name, Token};
use surface_chess_rules::{Color, Variant};

use crate::clock::{ClockSpec, Millis};
use crate::game::{GameId, NewGame, RefereeError, Seat, ServerGame, Side, SideChoice};

/// What a seated player does in a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "act", rename_all = "snake_case")]
pub enum Act {
    /// Presses Ready.
    Ready,
    /// Plays a move at a ply (see [`ServerGame::play`]).
    Move {
        /// Plies played before the move.
        ply: usize,
        /// The move's text.
        action: String,
    },
    /// Offers a draw.
    OfferDraw,
    /// Accepts the opponent's offer.
    AcceptDraw,
    /// Resigns.
    Resign,
    /// Cancels the game before its first move.
    Abort,
    /// Claims the draw the rules allow now.
    ClaimDraw,
    /// Offers a rematch of the finished game.
    Rematch,
}

/// What an accepted [`Act`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Acted {
    /// A move was played, or (`duplicate`) acknowledged again.
    Moved {
        /// Its ply.
        ply: usize,
        /// Its notation as the rules write it.
        notation: String,
        /// Acknowledged again; nothing changed.
        duplicate: bool,
    },
    /// Anything else; the game may have changed.
    Done,
}

impl Acted {
    /// The event to store for it, by the player on `side` (none for a resent move).
    pub fn event(&self, side: Color, act: &Act) -> Option<Event> {
        let act = match self {
            Acted::Moved { duplicate: true, .. } => return None,
            Acted::Moved { ply, notation, .. } => Act::Move { ply: *ply, action: notation.clone() },
            Acted::Done => act.clone(),
        };
        Some(Event::Acted { side: side.into(), act })
    }
}

impl ServerGame {
    /// A seated player acts at server time `now`.
    ///
    /// # Errors
    /// As [`ServerGame::ready`], [`ServerGame::play`], [`ServerGame::offer_draw`],
    /// [`ServerGame::accept_draw`] and [`ServerGame::resign`].
    pub fn act(&mut self, token: &Token, act: &Act, now: Millis) -> Result<Acted, RefereeError> {
        match act {
            Act::Ready => self.ready(token, now).map(|_| Acted::Done),
            Act::Move { ply, action } => self.play(token, *ply, action, now).map(|p| Acted::Moved {
                ply: p.ply,
                notation: p.notation,
                duplicate: p.duplicate,
            }),
            Act::OfferDraw => self.offer_draw(token, now).map(|()| Acted::Done),
            Act::AcceptDraw => self.accept_draw(token, now).map(|_| Acted::Done),
            Act::Resign => self.resign(token, now).map(|_| Acted::Done),
            Act::Abort => self.abort(token, now).map(|_| Acted::Done),
            Act::ClaimDraw => self.claim_draw(token, now).map(|_| Acted::Done),
            Act::Rematch => self.ask_rematch(token).map(|_| Acted::Done),
        }
    }
}

/// One entry of a game's log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// The game was created (always the first event).
    Created {
        /// The variant's stable name.
        #[serde(with = "surface_chess_online::protocol::variant_name")]
        variant: Variant,
        /// The side the creator asked for.
        asked: SideChoice,
        /// The creator's side, Random resolved.
        side: Side,
        /// The clock.
        clock: ClockSpec,
        /// Open to spectators.
        spectators: bool,
        /// The creator's token digest.
        token: String,
        /// The creator's name.
        name: String,
        /// The invite code's digest.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        invite_digest: Option<String>,
        /// The invite code itself, as logs written before digests held it (read, never written).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        invite: Option<String>,
    },
    /// The friend took the open seat.
    Joined {
        /// Their token digest.
        token: String,
        /// Their name.
        name: String,
    },
    /// A seated player acted.
    Acted {
        /// Who.
        side: Side,
        /// What (a move as the rules wrote it).
        act: Act,
    },
    /// The running side's time ran out.
    TimedOut,
    /// Both players asked for a rematch: it is this game.
    Rematched {
        /// The rematch's number.
        game: GameId,
    },
    /// The service was down from `down_since` until this event's time: the running clock is
    /// credited that time.
    Resumed {
        /// The last instant a server was known to be up (server time).
        down_since: Millis,
    },
}

/// Why a stored log does not replay: the database was changed by hand or is corrupt.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// The log is empty or does not start with `created`.
    #[error("game {0}: its log does not start with its creation")]
    NoCreation(GameId),
    /// An event is not JSON of an event.
    #[error("game {game}, event {seq}: unreadable ({why})")]
    Unreadable {
        /// The game.
        game: GameId,
        /// The event's number.
        seq: u64,
        /// The parser's words.
        why: String,
    },
    /// An event the referee refuses where it stands.
    #[error("game {game}, event {seq}: {why}")]
    Refused {
        /// The game.
        game: GameId,
        /// The event's number.
        seq: u64,
        /// The referee's words.
        why: String,
    },
}

impl Event {
    /// The creation event of a new game.
    pub fn created(g: &ServerGame) -> Event {
        let creator = g.seat(g.creator_side()).expect("a new game has its creator seated");
        let settings = g.settings();
        Event::Created {
            variant: settings.variant,
            asked: settings.side,
            side: g.creator_side().into(),
            clock: settings.clock,
            spectators: settings.spectators,
            token: creator.token.digest().to_owned(),
            name: creator.name.to_string(),
            invite_digest: Some(g.invite_digest().to_owned()),
            invite: None,
        }
    }

    /// The event of a join.
    pub fn joined(seat: &Seat) -> Event {
        Event::Joined { token: seat.token.digest().to_owned(), name: seat.name.to_string() }
    }

    /// The seat an event fills, if any (the lobby's index of who plays where).
    pub fn seated(&self) -> Option<Token> {
        match self {
            Event::Created { token, .. } | Event::Joined { token, .. } => Some(Token::from_digest(token)),
            _ => None,
        }
    }

    /// The event as stored.
    pub fn to_text(&self) -> String {
        serde_json::to_string(self).expect("events serialise")
    }
}

/// Rebuilds a game from its log: `(seq, at, text)` in order of `seq` from 0.
///
/// # Errors
/// A log that is not one the server wrote.
pub fn replay<'a>(
    id: GameId,
    log: impl IntoIterator<Item = (u64, Millis, &'a str)>,
) -> Result<ServerGame, ReplayError> {
    let mut log = log.into_iter();
    let Some((0, _, first)) = log.next() else { return Err(ReplayError::NoCreation(id)) };
    let refused = |seq, why: String| ReplayError::Refused { game: id, seq, why };
    let Event::Created { variant, asked, side, clock, spectators, token, name, invite_digest, invite } =
        read(id, 0, first)?
    else {
        return Err(ReplayError::NoCreation(id));
    };
    let seat = Seat { token: Token::from_digest(&token), name: parse(Name::parse(&name), 0, &refused)? };
    let invite = match (invite_digest, invite) {
        (Some(digest), _) => digest,
        (None, Some(code)) => parse(InviteCode::parse(&code), 0, &refused)?.digest(),
        (None, None) => return Err(refused(0, "a creation without its invite".into())),
    };
    let settings = NewGame { variant, side: asked, clock, spectators };
    let mut game = parse(ServerGame::restore(id, settings, side.into(), seat, invite), 0, &refused)?;
    for (seq, at, text) in log {
        let event = read(id, seq, text)?;
        parse(apply(&mut game, &event, at), seq, &refused)?;
    }
    Ok(game)
}

/// Applies one stored event (not the creation) at the time it was accepted.
///
/// # Errors
/// The referee's refusal: the log does not fit the game.
pub fn apply(game: &mut ServerGame, event: &Event, at: Millis) -> Result<(), String> {
    match event {
        Event::Created { .. } => Err("a second creation".into()),
        Event::Joined { token, name } => {
            let seat = Seat { token: Token::from_digest(token), name: Name::parse(name).map_err(|e| e.to_string())? };
            game.seat_opponent(seat, at).map(drop).map_err(|e| e.to_string())
        }
        Event::Acted { side, act } => {
            let token = game.seat((*side).into()).ok_or("an act from an empty seat")?.token.clone();
            game.act(&token, act, at).map(drop).map_err(|e| e.to_string())
        }
        Event::TimedOut => {
            if game.tick(at) {
                Ok(())
            } else {
                Err("a timeout before the deadline".into())
            }
        }
        Event::Rematched { game: rematch } => game.rematched(*rematch).map_err(|e| e.to_string()),
        Event::Resumed { down_since } => {
            if *down_since > at {
                return Err("an outage that ends before it starts".into());
            }
            game.resume(*down_since, at);
            Ok(())
        }
    }
}

fn read(game: GameId, seq: u64, text: &str) -> Result<Event, ReplayError> {
    serde_json::from_str(text).map_err(|e| ReplayError::Unreadable { game, seq, why: e.to_string() })
}

fn parse<T, E: ToString>(
    r: Result<T, E>,
    seq: u64,
    refused: &impl Fn(u64, String) -> ReplayError,
) -> Result<T, ReplayError> {
    r.map_err(|e| refused(seq, e.to_string()))
}
