//! The Surface Chess game server: the authoritative referee of online games, its storage and its
//! network. The server decides everything: seats bound to identity tokens, moves checked by the
//! rules crate, draw offers, resignation, match clocks in injected time, the lobby; every accepted
//! change is stored before anyone hears of it. It speaks the protocol of `surface-chess-online`,
//! whose vocabulary, messages and client it re-exports under the names they had here.
//!
//! The referee, with no network and no database:
//! - [`clock`]: the match clock ([`Clock`]) in [`Millis`], and the protocol's clock settings.
//! - [`game`]: one game as the referee keeps it: seats, moves, draw offers, resignation, results.
//! - [`event`]: what players do ([`Act`]) and the log a game is stored as ([`Event`]).
//! - [`protocol`]: the protocol's messages, and [`game_state`] (what an identity may see).
//! - [`lobby`]: the lobby's four groups.
//! - [`now`]: the server's time, injectable.
//!
//! The server:
//! - [`store`]: SQLite or PostgreSQL through sqlx; migrations; notices between servers.
//! - [`writer`]: group commit of the events waiting to be stored.
//! - [`hub`]: the games served: each request judged, stored, answered and announced.
//! - [`deadlines`]: the timer's index of running clocks.
//! - [`changes`]: what a connection has yet to hear, coalesced by game.
//! - [`serve`]: axum WebSockets, rate limits, the timer, TLS.
//! - [`logging`]: structured logs, plain or JSON, with no secret in them.
//! - [`loadtest`]: the load tester.
//!
//! Re-exported from `surface-chess-online`: [`identity`] (tokens, names, invite codes) and
//! [`client`] (the load tester's and the tests' connections).
#![deny(missing_docs)]

pub mod changes;
pub mod clock;
pub mod deadlines;
pub mod event;
pub mod game;
pub mod hub;
pub mod limits;
pub mod loadtest;
pub mod lobby;
pub mod logging;
pub mod metrics;
pub mod now;
pub mod protocol;
pub mod rate;
pub mod serve;
pub mod store;
pub mod writer;

pub use surface_chess_online::{client, identity};

pub use clock::{Clock, ClockError, ClockSpec, Flagged, Millis};
pub use event::{Act, Acted, Event, ReplayError, replay};
pub use game::{
    GameId, GameResult, NewGame, Phase, Played, RefereeError, RematchStep, ResultReason, Seat, ServerGame, Side,
    SideChoice,
};
pub use hub::{Hub, HubError, Session};
pub use identity::{IdentityError, InviteCode, Name, Token, new_secret};
pub use lobby::{LobbyGroup, lobby_group, lobby_list, move_number};
pub use now::{ManualClock, ServerTime, SystemClock};
pub use protocol::{
    ClientMessage, ClockState, GameState, LobbyEntry, LobbyList, MAX_MESSAGE_BYTES, PROTOCOL_VERSION, ProtocolError,
    ResultState, Secret, ServerMessage, game_state, parse_client,
};
pub use store::{Backend, Store, StoreError};
