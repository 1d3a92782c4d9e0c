//! The Surface Chess game server: the authoritative referee of online games, its storage and its
//! network, and the client the app and the load tester use. The server decides everything: seats
//! bound to identity tokens, moves checked by the rules crate, draw offers, resignation, match
//! clocks in injected time, the lobby; every accepted change is stored before anyone hears of it.
//!
//! The core, with no network and no database:
//! - [`clock`]: the clock contract (presets, custom, correspondence), in [`Millis`].
//! - [`identity`]: identity tokens (kept as digests), guest names and invite codes.
//! - [`game`]: one game as the referee keeps it: seats, moves, draw offers, resignation, results.
//! - [`event`]: what players do ([`Act`]) and the log a game is stored as ([`Event`]).
//! - [`protocol`]: the versioned JSON messages (`docs/PROTOCOL.md`), bounded parsing.
//! - [`lobby`]: the lobby's four groups.
//! - [`now`]: the server's time, injectable.
//! - [`client`]: a connection to a server that reconnects by itself (the app's and the load
//!   tester's).
//!
//! With the `server` feature (the default):
//! - [`store`]: SQLite or PostgreSQL through sqlx; migrations; notices between servers.
//! - [`writer`]: group commit of the events waiting to be stored.
//! - [`hub`]: the games served: each request judged, stored, answered and announced.
//! - [`serve`]: axum WebSockets, rate limits, the timer, TLS.
//! - [`loadtest`]: the load tester.
#![deny(missing_docs)]

pub mod client;
pub mod clock;
pub mod event;
pub mod game;
#[cfg(feature = "server")]
pub mod hub;
pub mod identity;
#[cfg(feature = "server")]
pub mod loadtest;
pub mod lobby;
pub mod now;
pub mod protocol;
#[cfg(feature = "server")]
pub mod rate;
#[cfg(feature = "server")]
pub mod serve;
#[cfg(feature = "server")]
pub mod store;
#[cfg(feature = "server")]
pub mod writer;

pub use clock::{Clock, ClockError, ClockSpec, Flagged, Millis};
pub use event::{Act, Acted, Event, ReplayError, replay};
pub use game::{
    GameId, GameResult, NewGame, Phase, Played, RefereeError, ResultReason, Seat, ServerGame, Side, SideChoice,
};
#[cfg(feature = "server")]
pub use hub::{Hub, HubError, Session};
pub use identity::{IdentityError, InviteCode, Name, Token, new_secret};
pub use lobby::{LobbyGroup, lobby_group, lobby_list, move_number};
pub use now::{ManualClock, ServerTime, SystemClock};
pub use protocol::{
    ClientMessage, ClockState, GameState, LobbyEntry, LobbyList, MAX_MESSAGE_BYTES, PROTOCOL_VERSION, ProtocolError,
    ResultState, ServerMessage, game_state, parse_client,
};
#[cfg(feature = "server")]
pub use store::{Backend, Store, StoreError};
