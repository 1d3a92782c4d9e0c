//! Online play for Surface Chess, the side a client needs: the versioned JSON messages between a
//! client and the game server (`docs/PROTOCOL.md`), the vocabulary they are written in, and a
//! client that keeps itself connected. No server and no database here: the referee, its storage
//! and its network are `surface-chess-server`, which speaks this crate's protocol.
//!
//! - [`clock`]: clock settings ([`ClockSpec`]: presets, custom, correspondence) and [`Millis`].
//! - [`identity`]: identity tokens (kept as digests), fresh secrets, guest names and invite codes.
//! - [`game`]: a game's words: its number, sides, phases, results and the referee's refusals with
//!   their stable codes.
//! - [`protocol`]: the messages, the states they carry, bounded parsing.
//! - [`client`]: one WebSocket ([`client::Socket`]) and a connection that reconnects by itself
//!   ([`client::Connection`]).
#![deny(missing_docs)]

pub mod client;
pub mod clock;
pub mod game;
pub mod identity;
pub mod protocol;

pub use clock::{ClockError, ClockSpec, Millis};
pub use game::{GameId, GameResult, Phase, RefereeError, ResultReason, Side, SideChoice};
pub use identity::{IdentityError, InviteCode, Name, Token, new_secret, server_secret};
pub use protocol::{
    ClientMessage, ClockState, GameState, LobbyEntry, LobbyList, MAX_MESSAGE_BYTES, PROTOCOL_VERSION, ProtocolError,
    ResultState, Secret, ServerMessage, parse_client, to_text,
};
