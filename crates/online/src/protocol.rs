//! The versioned JSON messages between clients and the server (documented in
//! `docs/PROTOCOL.md`). Every message is an object whose `"type"` names it. Parsing is bounded
//! ([`MAX_MESSAGE_BYTES`]) and never panics: bad input becomes a [`ProtocolError`] naming what is
//! wrong, which the server answers with [`ServerMessage::Error`].

use serde::{Deserialize, Serialize};
use surface_chess_rules::Variant;

use crate::clock::{ClockSpec, Millis};
use crate::game::{GameId, GameResult, Phase, RefereeError, Side, SideChoice};

/// A secret in a message (an identity secret, an invite code): sent as a plain JSON string,
/// hidden from `Debug` output so that logging a message never leaks one.
#[derive(Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Secret(String);

impl Secret {
    /// The secret's text (for the server's checks and the players it is meant for, never logs).
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl From<String> for Secret {
    fn from(text: String) -> Secret {
        Secret(text)
    }
}

impl From<&str> for Secret {
    fn from(text: &str) -> Secret {
        Secret(text.to_owned())
    }
}

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Secret(…)")
    }
}

/// The protocol's version; a client says which it speaks in [`ClientMessage::Hello`].
pub const PROTOCOL_VERSION: u32 = 1;
/// The largest message accepted, in bytes of UTF-8.
pub const MAX_MESSAGE_BYTES: usize = 16 * 1024;
/// The longest error message sent back (characters).
const MAX_ERROR_CHARS: usize = 200;

/// A message from a client.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum ClientMessage {
    /// The first message: the protocol version, the identity token kept on the client's machine
    /// and the guest name for seats filled from now on.
    Hello {
        /// [`PROTOCOL_VERSION`].
        version: u32,
        /// The identity token (22–64 characters of `A-Z a-z 0-9 - _`).
        token: Secret,
        /// The guest name (trimmed, 1–32 characters, plain text).
        name: String,
    },
    /// Creates a game and takes the creator's seat.
    CreateGame {
        /// The variant's stable name (`"mobius"`, `"chess"`, `"chess3"`, …).
        #[serde(with = "variant_name")]
        variant: Variant,
        /// `"white"`, `"black"` or `"random"`.
        side: SideChoice,
        /// The clock (default 30 minutes).
        #[serde(default)]
        clock: ClockSpec,
        /// Whether anyone may watch (default: only the players).
        #[serde(default)]
        spectators: bool,
    },
    /// Takes the open seat of the game with this invite code.
    JoinGame {
        /// The invite code.
        invite: Secret,
    },
    /// Presses Ready (rapid clocks start when both players have).
    Ready {
        /// The game.
        game: GameId,
    },
    /// Plays a move.
    Move {
        /// The game.
        game: GameId,
        /// Plies played before this move (0 for White's first): guards against duplicates.
        ply: usize,
        /// The move in long coordinate notation (`e2-e4`, `Qd8-h4`, `1e2-2e3`, `O-O`, `a7-a8=Q`).
        action: String,
    },
    /// Offers a draw; it expires when either side moves.
    OfferDraw {
        /// The game.
        game: GameId,
    },
    /// Accepts the opponent's draw offer.
    AcceptDraw {
        /// The game.
        game: GameId,
    },
    /// Resigns.
    Resign {
        /// The game.
        game: GameId,
    },
    /// Claims the draw the rules allow now (threefold repetition, the 50-move rule).
    ClaimDraw {
        /// The game.
        game: GameId,
    },
    /// Cancels a game before its first move (no winner).
    Abort {
        /// The game.
        game: GameId,
    },
    /// Offers a rematch of a finished game, or accepts the opponent's offer: the rematch is a
    /// new game on the same board and clock with the colours swapped.
    Rematch {
        /// The finished game.
        game: GameId,
    },
    /// Asks for a game's full state (after a reconnect, say).
    GetGame {
        /// The game.
        game: GameId,
    },
    /// Asks for the lobby: this identity's unfinished games and its latest finished ones
    /// ([`LOBBY_FINISHED`] at a time).
    Lobby {
        /// The next page: finished games numbered below this one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        finished_before: Option<GameId>,
    },
}

/// Finished games in one lobby answer (the unfinished ones are all there: an identity has at
/// most the server's limit).
pub const LOBBY_FINISHED: usize = 20;

/// A message from the server.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum ServerMessage {
    /// The answer to Hello.
    Welcome {
        /// [`PROTOCOL_VERSION`].
        version: u32,
        /// The name accepted (trimmed).
        name: String,
    },
    /// A game's full state, as the receiving identity may see it.
    GameState(GameState),
    /// A move accepted (or, `duplicate`, acknowledged again).
    MoveAccepted {
        /// The game.
        game: GameId,
        /// The move's ply.
        ply: usize,
        /// The move in long (or technical) notation.
        action: String,
        /// The move had been accepted before; nothing was played now.
        duplicate: bool,
    },
    /// A refused request: a stable code and a sentence naming what is wrong.
    Error {
        /// Stable, machine-readable (`not_seated`, `illegal_move`, `malformed`, …).
        code: String,
        /// For people.
        message: String,
    },
    /// The identity's games in the lobby's four groups.
    Lobby(LobbyList),
}

/// A game's state, complete enough for a client to draw it and resume after a reconnect.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameState {
    /// The game.
    pub game: GameId,
    /// The variant's stable name.
    #[serde(with = "variant_name")]
    pub variant: Variant,
    /// The receiver's side, or `None` for a spectator.
    pub you: Option<Side>,
    /// The invite code, to the players only and while the second seat is open.
    pub invite: Option<Secret>,
    /// White's name, once seated.
    pub white: Option<String>,
    /// Black's name, once seated.
    pub black: Option<String>,
    /// Where the game stands.
    pub phase: Phase,
    /// The current position in the rules' position text.
    pub position: String,
    /// The moves played, in long (or technical) notation.
    pub moves: Vec<String>,
    /// The side to move.
    pub to_move: Side,
    /// The clock at the moment the state was taken.
    pub clock: ClockState,
    /// The side whose draw offer stands.
    pub draw_offer: Option<Side>,
    /// The result, once over.
    pub result: Option<ResultState>,
    /// Whether anyone may watch.
    pub spectators: bool,
    /// The side whose rematch offer stands (a finished game).
    #[serde(default)]
    pub rematch_offer: Option<Side>,
    /// The rematch, once both asked for it: the new game's number.
    #[serde(default)]
    pub rematch: Option<GameId>,
}

/// Both clocks at one instant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockState {
    /// The setting.
    pub spec: ClockSpec,
    /// The server's time when this was taken.
    pub now: Millis,
    /// White's time left (correspondence: left for this turn, or the allowance).
    pub white_ms: Millis,
    /// Black's time left.
    pub black_ms: Millis,
    /// The side whose time runs.
    pub running: Option<Side>,
    /// When the running side's time runs out (server time).
    pub deadline: Option<Millis>,
    /// Whether White pressed Ready.
    pub white_ready: bool,
    /// Whether Black pressed Ready.
    pub black_ready: bool,
}

/// A result as messages carry it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResultState {
    /// The winner, `None` for a draw.
    pub winner: Option<Side>,
    /// The reason's stable name (`checkmate`, `resignation`, `agreement`, `timeout`, …).
    pub reason: String,
}

impl From<GameResult> for ResultState {
    fn from(r: GameResult) -> ResultState {
        ResultState { winner: r.winner.map(Side::from), reason: r.reason.name().to_owned() }
    }
}

/// One game in the lobby.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LobbyEntry {
    /// The game.
    pub game: GameId,
    /// The variant's stable name.
    #[serde(with = "variant_name")]
    pub variant: Variant,
    /// The identity's side.
    pub you: Side,
    /// The opponent's name, once seated.
    pub opponent: Option<String>,
    /// Moves: pairs of plies, rounded up (a new game has 0).
    pub moves: usize,
    /// The clock setting.
    pub clock: ClockSpec,
    /// The result, in Finished.
    pub result: Option<ResultState>,
}

/// The lobby's four groups, each ordered by game number.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LobbyList {
    /// Games where the identity is to move.
    pub your_turn: Vec<LobbyEntry>,
    /// Games where the opponent is to move.
    pub opponents_turn: Vec<LobbyEntry>,
    /// Games with an open seat or a Ready missing.
    pub waiting: Vec<LobbyEntry>,
    /// Games over: the latest [`LOBBY_FINISHED`] (or those before the page asked for).
    pub finished: Vec<LobbyEntry>,
    /// Whether older finished games remain (ask with `finished_before` the oldest shown).
    #[serde(default)]
    pub more_finished: bool,
}

/// Why a client's text is not a message.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ProtocolError {
    /// Over [`MAX_MESSAGE_BYTES`].
    #[error("message of {0} bytes is over the limit of 16384")]
    TooLarge(usize),
    /// Not JSON, or not one of the messages (the JSON parser's words, cut short).
    #[error("malformed message: {0}")]
    Malformed(String),
}

impl ProtocolError {
    /// A stable code for [`ServerMessage::Error`].
    pub fn code(&self) -> &'static str {
        match self {
            ProtocolError::TooLarge(_) => "too_large",
            ProtocolError::Malformed(_) => "malformed",
        }
    }
}

/// Reads a client's message.
///
/// # Errors
/// Too large, not JSON, an unknown `type`, a missing or mistyped field, an unknown variant name:
/// the error says which.
pub fn parse_client(text: &str) -> Result<ClientMessage, ProtocolError> {
    if text.len() > MAX_MESSAGE_BYTES {
        return Err(ProtocolError::TooLarge(text.len()));
    }
    serde_json::from_str(text).map_err(|e| ProtocolError::Malformed(cut(&e.to_string())))
}

/// A message as the JSON text sent.
pub fn to_text<M: Serialize>(message: &M) -> String {
    serde_json::to_string(message).expect("messages serialise")
}

/// Text from outside made safe to echo: control characters escaped, cut to a sane length.
fn cut(text: &str) -> String {
    let mut chars = text.chars().flat_map(|c| {
        let escaped: Vec<char> = if c.is_control() { c.escape_default().collect() } else { vec![c] };
        escaped
    });
    let mut out: String = chars.by_ref().take(MAX_ERROR_CHARS).collect();
    if chars.next().is_some() {
        out.push('…');
    }
    out
}

impl ServerMessage {
    /// An error message.
    pub fn error(code: &str, message: impl Into<String>) -> ServerMessage {
        ServerMessage::Error { code: code.to_owned(), message: message.into() }
    }
}

impl From<&RefereeError> for ServerMessage {
    fn from(e: &RefereeError) -> ServerMessage {
        ServerMessage::error(e.code(), cut(&e.to_string()))
    }
}

impl From<&ProtocolError> for ServerMessage {
    fn from(e: &ProtocolError) -> ServerMessage {
        ServerMessage::error(e.code(), e.to_string())
    }
}

/// A [`Variant`] as its stable name in messages (`#[serde(with = "variant_name")]`; the server's
/// stored events use it too).
pub mod variant_name {
    use serde::{Deserialize, Deserializer, Serializer, de::Error};
    use surface_chess_rules::Variant;

    /// Writes the variant's stable name.
    ///
    /// # Errors
    /// The serializer's.
    pub fn serialize<S: Serializer>(v: &Variant, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(v.name())
    }

    /// Reads a stable name.
    ///
    /// # Errors
    /// Not a string, or no variant has this name.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Variant, D::Error> {
        let name = String::deserialize(d)?;
        name.parse().map_err(D::Error::custom)
    }
}
