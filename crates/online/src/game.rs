//! A game's words, as messages and the referee share them: its number ([`GameId`]), the sides
//! ([`Side`], the creator's [`SideChoice`]), where it stands ([`Phase`]), how it ended
//! ([`GameResult`], [`ResultReason`]) and why a request is refused ([`RefereeError`], whose
//! [`RefereeError::code`] is the `code` of the protocol's Error message). The referee itself is
//! `surface_chess_server::ServerGame`.

use std::fmt;

use serde::{Deserialize, Serialize};
use surface_chess_rules::{Color, EndReason};

use crate::clock::ClockError;
use crate::identity::IdentityError;

/// A game's number on this server.
pub type GameId = u64;

/// A side, as messages name it (`"white"`, `"black"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// Moves first.
    White,
    /// Moves second.
    Black,
}

impl From<Color> for Side {
    fn from(c: Color) -> Side {
        match c {
            Color::White => Side::White,
            Color::Black => Side::Black,
        }
    }
}

impl From<Side> for Color {
    fn from(s: Side) -> Color {
        match s {
            Side::White => Color::White,
            Side::Black => Color::Black,
        }
    }
}

/// The creator's choice of side; the friend gets the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SideChoice {
    /// The creator plays White.
    White,
    /// The creator plays Black.
    Black,
    /// The server draws the creator's side once, each with probability ½.
    Random,
}

/// Why a game ended, beyond the rules' reasons: the clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ResultReason {
    /// The rules ended it (checkmate, stalemate, …, resignation, agreement).
    Rules(EndReason),
    /// A player's time ran out (regardless of material).
    Timeout,
    /// A player cancelled the game before any move was played (no winner).
    Aborted,
}

impl ResultReason {
    /// A stable lower-case name: the rules' [`EndReason::name`], or `"timeout"`.
    pub const fn name(self) -> &'static str {
        match self {
            ResultReason::Rules(r) => r.name(),
            ResultReason::Timeout => "timeout",
            ResultReason::Aborted => "aborted",
        }
    }
}

/// A finished game's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameResult {
    /// The winner, or `None` for a draw.
    pub winner: Option<Color>,
    /// Why it ended.
    pub reason: ResultReason,
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner {
            Some(c) => write!(f, "{} wins by {}", c.name(), self.reason.name()),
            None => write!(f, "draw by {}", self.reason.name()),
        }
    }
}

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// The second seat is open: the invite is still good.
    WaitingForOpponent,
    /// Both seated, a rapid clock waits for both Ready presses.
    WaitingForReady,
    /// The clock runs, moves are accepted.
    Playing,
    /// The result is in; nothing changes any more.
    Finished,
}

/// Why the referee refuses a request. Each has a stable [`RefereeError::code`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RefereeError {
    /// The identity holds no seat in this game (and it is not open to spectators).
    #[error("you are not seated in this game")]
    NotSeated,
    /// The invite code is not this game's (or no game has it).
    #[error("no game has this invite code")]
    BadInvite,
    /// Both seats are taken.
    #[error("both seats of this game are taken")]
    GameFull,
    /// The invite code is older than an invite lives (7 days) and its seat still open.
    #[error("this invite code has expired; ask for a new game")]
    InviteExpired,
    /// The game has not started: a seat is open or a player has not pressed Ready.
    #[error("the game has not started: {}", match .0 {
        Phase::WaitingForOpponent => "the second seat is still open",
        _ => "both players must press Ready",
    })]
    NotStarted(Phase),
    /// The other side is to move.
    #[error("it is not your turn: {} is to move", .0.name())]
    NotYourTurn(Color),
    /// The game is over.
    #[error("the game is over ({0})")]
    Finished(GameResult),
    /// A move for a ply already played, and not the move played there.
    #[error("ply {sent} is out of date: {current} plies have been played")]
    StalePly {
        /// The ply the client sent.
        sent: usize,
        /// The plies played.
        current: usize,
    },
    /// A move for a ply not reached yet.
    #[error("ply {sent} is ahead of the game: {current} plies have been played")]
    PlyAhead {
        /// The ply the client sent.
        sent: usize,
        /// The plies played.
        current: usize,
    },
    /// The rules refuse the move; the message is the rules' own.
    #[error("{0}")]
    Illegal(String),
    /// The player already has a draw offer standing, or the opponent has one to answer.
    #[error("a draw offer by {} is already standing", .0.name())]
    DrawOfferPending(Color),
    /// No draw offer to accept.
    #[error("there is no draw offer to accept")]
    NoDrawOffer,
    /// The player tried to accept their own offer.
    #[error("only your opponent can accept your draw offer")]
    OwnDrawOffer,
    /// A bad clock setting.
    #[error(transparent)]
    Clock(#[from] ClockError),
    /// A bad token, name or invite code.
    #[error(transparent)]
    Identity(#[from] IdentityError),
    /// No game with this number (or not one the identity may see).
    #[error("no game {0}")]
    UnknownGame(GameId),
    /// No draw can be claimed here.
    #[error("there is no draw to claim: neither threefold repetition nor the 50-move rule applies")]
    NoClaim,
    /// A game can be cancelled only before its first move.
    #[error("a game can be cancelled only before its first move; resign instead")]
    MovesPlayed,
    /// A rematch is asked for once the game is over.
    #[error("the game is not over yet")]
    NotOver,
}

impl RefereeError {
    /// A stable machine-readable code for messages.
    pub fn code(&self) -> &'static str {
        match self {
            RefereeError::NotSeated => "not_seated",
            RefereeError::BadInvite => "bad_invite",
            RefereeError::GameFull => "game_full",
            RefereeError::InviteExpired => "invite_expired",
            RefereeError::NotStarted(_) => "not_started",
            RefereeError::NotYourTurn(_) => "not_your_turn",
            RefereeError::Finished(_) => "finished",
            RefereeError::StalePly { .. } => "stale_ply",
            RefereeError::PlyAhead { .. } => "ply_ahead",
            RefereeError::Illegal(_) => "illegal_move",
            RefereeError::DrawOfferPending(_) => "draw_offer_pending",
            RefereeError::NoDrawOffer => "no_draw_offer",
            RefereeError::OwnDrawOffer => "own_draw_offer",
            RefereeError::Clock(_) => "bad_clock",
            RefereeError::Identity(IdentityError::Token) => "bad_token",
            RefereeError::Identity(IdentityError::Invite) => "bad_invite",
            RefereeError::Identity(_) => "bad_name",
            RefereeError::UnknownGame(_) => "unknown_game",
            RefereeError::MovesPlayed => "moves_played",
            RefereeError::NoClaim => "no_claim",
            RefereeError::NotOver => "not_over",
        }
    }
}
