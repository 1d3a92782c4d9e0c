//! The Surface Chess game server's core: the referee of online games, with no network, no
//! database and no async (issue 11, first slice). The server decides everything: seats bound to
//! identity tokens, moves checked by the rules crate, draw offers, resignation, match clocks
//! in injected time, and the lobby. The network (axum WebSockets) and storage (sqlx) will be put
//! around this core.
//!
//! - [`clock`]: the clock contract (presets, custom, correspondence), in [`Millis`].
//! - [`identity`]: identity tokens, guest names and invite codes.
//! - [`game`]: one game as the referee keeps it: seats, moves, draw offers, resignation, results.
//! - [`protocol`]: the versioned JSON messages (`docs/PROTOCOL.md`), bounded parsing.
//! - [`lobby`]: the games in memory, the lobby's four groups, and one message answered.
#![deny(missing_docs)]

pub mod clock;
pub mod game;
pub mod identity;
pub mod lobby;
pub mod protocol;

pub use clock::{Clock, ClockError, ClockSpec, Flagged, Millis};
pub use game::{
    GameId, GameResult, NewGame, Phase, Played, RefereeError, ResultReason, Seat, ServerGame, Side, SideChoice,
};
pub use identity::{IdentityError, InviteCode, Name, Token};
pub use lobby::{Handled, Lobby, LobbyGroup, Session, lobby_group, move_number};
pub use protocol::{
    ClientMessage, ClockState, GameState, LobbyEntry, LobbyList, MAX_MESSAGE_BYTES, PROTOCOL_VERSION, ProtocolError,
    ResultState, ServerMessage, game_state, parse_client,
};
