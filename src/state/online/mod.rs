//! Online play: the app as a client of the game server (`surface-chess-server`). The server's
//! [`Connection`] lives on its own thread (it reconnects, says Hello again, follows the games it
//! read and resends an unacknowledged move); this plugin only sends and polls it. The open game's
//! server state becomes the app's [`CurrentGame`], rebuilt from its moves by the rules crate, so
//! the board, the chart and the move list work as offline; the player's own moves take the usual
//! path (click, [`ActionPlayed`]) and are then sent to the server, whose state wins.
//!
//! - [`identity`]: the secret kept beside the autosave.
//! - [`clocks`]: both clocks as shown, counted down locally between the server's states.
//! - [`replay`]: a server state as a rules game.

pub mod clocks;
pub mod identity;
pub mod replay;

use crate::state::commands::Command;
use crate::state::game::{CurrentGame, GameReplaced, Notice};
use crate::state::messages::{ActionPlayed, PlaySystems};
use crate::state::mode::{AppMode, ModeSwitch, Seat};
use crate::state::selection::Selection;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use std::time::Duration;
use surface_chess_online::client::{ClientEvent, Connection};
use surface_chess_online::{
    ClientMessage, ClockSpec, GameId, GameState, LobbyList, Name, Phase, ServerMessage, Side, SideChoice,
};
use surface_chess_rules::{Color, Game};

/// The server used when none is given (`--server`).
pub const DEFAULT_SERVER: &str = "ws://127.0.0.1:7878/ws";
/// The name used when none is given (`--name`).
pub const DEFAULT_NAME: &str = "Guest";

/// What the player asks of the server (the panel's buttons, `--host`, `--join`, tests).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum OnlineCommand {
    /// Connect again with the server address and name as they are now.
    Connect,
    /// Host a game on the current board with the [`HostSettings`]; its invite is shown.
    Host,
    /// Take the open seat of the game with this invite code.
    Join(String),
    /// Ask for the lobby again.
    Lobby,
    /// Open one of the player's games (from the lobby).
    Open(GameId),
    /// Press Ready in the open game.
    Ready,
    /// Offer a draw in the open game.
    OfferDraw,
    /// Accept the opponent's draw offer.
    AcceptDraw,
    /// Resign the open game.
    Resign,
    /// Cancel the open game before its first move (an invite nobody took, say).
    Abort,
    /// Claim the draw the rules allow now (threefold repetition, the 50-move rule).
    ClaimDraw,
    /// Close the open game and return to the offline game (the online game goes on on the
    /// server; the lobby opens it again).
    Leave,
}

impl OnlineCommand {
    /// The message this command sends about the open game `game`, for the commands that act in it.
    fn in_game(&self, game: GameId) -> Option<ClientMessage> {
        Some(match self {
            OnlineCommand::Ready => ClientMessage::Ready { game },
            OnlineCommand::OfferDraw => ClientMessage::OfferDraw { game },
            OnlineCommand::AcceptDraw => ClientMessage::AcceptDraw { game },
            OnlineCommand::Resign => ClientMessage::Resign { game },
            OnlineCommand::Abort => ClientMessage::Abort { game },
            OnlineCommand::ClaimDraw => ClientMessage::ClaimDraw { game },
            _ => return None,
        })
    }
}

/// How a hosted game is set up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HostSettings {
    /// The host's side.
    pub side: SideChoice,
    /// The clock.
    pub clock: ClockSpec,
}

impl Default for HostSettings {
    fn default() -> Self {
        HostSettings { side: SideChoice::White, clock: ClockSpec::DEFAULT }
    }
}

/// Where the identity secret comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IdentitySource {
    /// Kept in this file (made on first use).
    Kept(PathBuf),
    /// Made for this run only (screenshots, no data directory).
    ThisRun,
}

/// The connection's state, for the panel.
#[derive(Clone, Debug, PartialEq)]
pub enum Link {
    /// No connection asked for yet.
    Offline,
    /// Connecting (attempt 1, 2, …).
    Connecting {
        /// The attempt.
        attempt: u32,
    },
    /// Connected and welcomed.
    Connected,
    /// Lost; the next attempt is at `retry_at` (app seconds).
    Retrying {
        /// Why.
        why: String,
        /// When the next attempt starts.
        retry_at: f64,
    },
}

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
enum Expect {
    /// A game was created: its first state opens it.
    Created,
    /// A seat was asked for: the joined game's first state opens it.
    Joined,
    /// This game was asked for: its state opens it.
    Open(GameId),
}

/// The open connection and the settings it was opened with.
struct Open {
    connection: Connection,
    server: String,
    name: String,
}

/// Online play's state: the connection, the games heard of, the lobby, the open game.
#[derive(Resource)]
pub struct Online {
    /// The server's WebSocket URL (`ws://HOST:PORT/ws`).
    pub server: String,
    /// The player's name for seats taken from now on.
    pub name: String,
    /// How the next hosted game is set up.
    pub host: HostSettings,
    /// Whether the panel shows the online menu.
    pub menu: bool,
    /// The connection's state.
    pub link: Link,
    /// The last round trip measured.
    pub latency: Option<Duration>,
    /// Every game heard of, by number.
    pub games: BTreeMap<GameId, Known>,
    /// The lobby, once received.
    pub lobby: Option<LobbyList>,
    /// The game on the board.
    pub open: Option<GameId>,
    /// The last problem (the server's refusal, a bad address): shown until the next request.
    pub error: Option<String>,
    identity: IdentitySource,
    secret: Option<String>,
    connection: Option<Open>,
    expect: Option<Expect>,
    /// The player's move sent and not yet acknowledged: (game, ply).
    pending: Option<(GameId, usize)>,
    lobby_asked: bool,
    lobby_stale: bool,
    /// The [`CurrentGame`] serial of the open game as this module last showed it.
    shown_serial: Option<u64>,
    /// Games whose invite was printed.
    printed: BTreeSet<GameId>,
}

impl Default for Online {
    fn default() -> Self {
        Online::new(DEFAULT_SERVER, DEFAULT_NAME, IdentitySource::ThisRun)
    }
}

impl Online {
    /// Online play with this server, name and identity; nothing connects until asked.
    pub fn new(server: &str, name: &str, identity: IdentitySource) -> Online {
        Online {
            server: server.to_owned(),
            name: name.to_owned(),
            host: HostSettings::default(),
            menu: false,
            link: Link::Offline,
            latency: None,
            games: BTreeMap::new(),
            lobby: None,
            open: None,
            error: None,
            identity,
            secret: None,
            connection: None,
            expect: None,
            pending: None,
            lobby_asked: false,
            lobby_stale: false,
            shown_serial: None,
            printed: BTreeSet::new(),
        }
    }

    /// The open game's last state.
    pub fn open_state(&self) -> Option<&Known> {
        self.open.and_then(|id| self.games.get(&id))
    }

    /// The invite code of the open game while its second seat is open.
    pub fn invite(&self) -> Option<&str> {
        self.open_state().and_then(|k| k.state.invite.as_deref())
    }

    /// Whether a connection has been asked for.
    pub fn connecting(&self) -> bool {
        self.connection.is_some()
    }

    /// The connection's state in words, at app time `now`: `connected · 12 ms`,
    /// `reconnecting in 3 s (…)`.
    pub fn link_words(&self, now: f64) -> String {
        match &self.link {
            Link::Offline => "not connected".into(),
            Link::Connecting { attempt: 1 } => format!("connecting to {}…", self.server),
            Link::Connecting { attempt } => format!("connecting to {} (attempt {attempt})…", self.server),
            Link::Connected => match self.latency {
                Some(d) if d < Duration::from_millis(10) => format!("connected · {:.1} ms", d.as_secs_f64() * 1000.0),
                Some(d) => format!("connected · {} ms", d.as_millis()),
                None => "connected".into(),
            },
            Link::Retrying { why, retry_at } => {
                let seconds = (retry_at - now).max(0.0).ceil() as u64;
                format!("reconnecting in {seconds} s ({why})")
            }
        }
    }

    /// The secret: read from (or first written to) the identity file, else made for this run.
    fn secret(&mut self) -> String {
        if let Some(secret) = &self.secret {
            return secret.clone();
        }
        let secret = match &self.identity {
            IdentitySource::Kept(path) => identity::load_or_create(path).unwrap_or_else(|e| {
                warn!("online identity: {e}");
                self.error = Some(format!("{e}; playing with an identity for this run only"));
                identity::ephemeral()
            }),
            IdentitySource::ThisRun => identity::ephemeral(),
        };
        self.secret = Some(secret.clone());
        secret
    }

    /// Connects (again) with the server and name as they are now. Returns false, with the
    /// problem in [`Online::error`], when they cannot be used.
    fn connect(&mut self) -> bool {
        if let Err(e) = check_server(&self.server) {
            self.error = Some(e);
            return false;
        }
        if let Err(e) = Name::parse(&self.name) {
            self.error = Some(format!("name: {e}"));
            return false;
        }
        let secret = self.secret();
        let connection = Connection::open(&self.server, &secret, &self.name);
        self.connection = Some(Open { connection, server: self.server.clone(), name: self.name.clone() });
        self.link = Link::Connecting { attempt: 1 };
        self.latency = None;
        self.lobby_asked = false;
        // A new connection follows nothing yet: ask for the open game again.
        if let Some(game) = self.open {
            self.send(ClientMessage::GetGame { game });
        }
        true
    }

    /// Sends a message, connecting first when there is no connection or the address or name
    /// changed.
    fn send(&mut self, message: ClientMessage) {
        let current = self.connection.as_ref().is_some_and(|c| c.server == self.server && c.name == self.name);
        if !current && !self.connect() {
            return;
        }
        if let Some(open) = &self.connection {
            open.connection.send(message);
        }
    }

    /// What happened on the connection since the last poll.
    fn poll(&self) -> Vec<ClientEvent> {
        self.connection.as_ref().map(|c| c.connection.poll()).unwrap_or_default()
    }
}

/// A server address must be a WebSocket URL.
pub fn check_server(url: &str) -> Result<(), String> {
    let rest = url.strip_prefix("ws://").or_else(|| url.strip_prefix("wss://"));
    match rest {
        Some(host) if !host.is_empty() && !host.starts_with('/') && !url.contains(char::is_whitespace) => Ok(()),
        _ => Err(format!("{} is not a server address (write e.g. {DEFAULT_SERVER})", surface_chess_rules::Quoted(url))),
    }
}

/// A result as the panel says it, in the words of the offline results: `black wins by
/// checkmate`, `white wins on time`, `draw by agreement`, `cancelled before the first move`.
pub fn result_words(result: &surface_chess_online::ResultState) -> String {
    let side = |s: Side| Color::from(s).name();
    match (result.winner, result.reason.as_str()) {
        (Some(w), "timeout") => format!("{} wins on time", side(w)),
        (None, "aborted") => "cancelled before the first move".to_owned(),
        (Some(w), reason) => format!("{} wins by {reason}", side(w)),
        (None, reason) => format!("draw by {reason}"),
    }
}

/// The systems that carry out commands and hear the server (in [`crate::schedule::AppSystems::Input`]).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct OnlineSystems;

/// Online play.
pub fn plugin(app: &mut App) {
    app.init_resource::<Online>()
        .add_message::<OnlineCommand>()
        .add_systems(OnEnter(AppMode::Online), open_online_play)
        .add_systems(OnExit(AppMode::Online), close_online_play)
        .add_systems(
            Update,
            (
                (leave_when_replaced, toggle_menu, run_commands, poll_connection, ask_for_lobby)
                    .chain()
                    .in_set(OnlineSystems)
                    .in_set(crate::schedule::AppSystems::Input),
                send_own_moves.after(PlaySystems).in_set(crate::schedule::AppSystems::Rules),
            ),
        );
}

/// What showing an online game changes.
#[derive(SystemParam)]
pub struct Board<'w, 's> {
    current: ResMut<'w, CurrentGame>,
    mode: ModeSwitch<'w>,
    seat: Option<ResMut<'w, Seat>>,
    selection: ResMut<'w, Selection>,
    played: MessageWriter<'w, ActionPlayed>,
    commands: Commands<'w, 's>,
}

impl Board<'_, '_> {
    /// Opens game `id` (its state must be known): online play starts, or another online game is
    /// put on the board.
    fn enter(&mut self, online: &mut Online, id: GameId) {
        let Some(known) = online.games.get(&id).cloned() else { return };
        online.open = Some(id);
        online.shown_serial = None;
        online.pending = None;
        online.menu = false;
        if self.mode.get() == AppMode::Online {
            self.show(online, &known.state);
        } else {
            // The game is shown on entering online play (`open_online_play`).
            self.mode.set(AppMode::Online);
        }
    }

    /// Online play ends on this screen at the next state transition (`close_online_play`, which
    /// puts the offline game back unless another game replaced the online one).
    fn leave(&mut self) {
        self.mode.set(AppMode::Offline);
    }

    /// Shows the open game's state: new moves are played on the game on show (and animated),
    /// anything else rebuilds it. The player's move waiting for its acknowledgement stays.
    fn show(&mut self, online: &mut Online, state: &GameState) {
        let server_game = match replay::replay(state) {
            Ok(game) => game,
            Err(e) => {
                online.error = Some(format!("game {}: {e}", state.game));
                return;
            }
        };
        let seat = Seat { you: state.you.map(Color::from), playing: state.phase == Phase::Playing };
        match self.seat.as_mut() {
            Some(s) => {
                s.set_if_neq(seat);
            }
            None => self.commands.insert_resource(seat),
        }
        let current = &mut *self.current;
        if online.shown_serial == Some(current.serial()) && current.variant() == state.variant {
            let local = current.game.notations();
            let waiting = online.pending.is_some_and(|(game, ply)| {
                game == state.game
                    && state.result.is_none()
                    && local.len() == ply + 1
                    && state.moves.len() == ply
                    && local[..ply] == state.moves[..]
            });
            if waiting {
                return;
            }
            if state.moves.starts_with(&local) {
                for text in &state.moves[local.len()..] {
                    let ply = current.plies();
                    let action = current.game.position().parse_action(text).expect("the replay played it");
                    current.game.play(action).expect("the replay played it");
                    self.played.write(ActionPlayed { action, ply });
                    self.selection.clear();
                }
                if current.game.outcome() != server_game.outcome() {
                    current.game = server_game;
                }
                return;
            }
        }
        current.replace(server_game);
        online.shown_serial = Some(current.serial());
    }
}

/// The offline game, set aside while online play is on, back on the board when the player
/// leaves (unless another game replaced the online one).
#[derive(Resource, Clone, Debug)]
pub struct OfflineGame(pub Game);

/// Entering online play: the offline game is set aside and the open game shown.
fn open_online_play(mut commands: Commands, mut online: ResMut<Online>, mut board: Board) {
    commands.insert_resource(OfflineGame(board.current.game.clone()));
    match online.open_state().cloned() {
        Some(known) => board.show(&mut online, &known.state),
        None => board.leave(),
    }
}

/// Leaving online play: the offline game comes back unless another game replaced the online one.
fn close_online_play(
    mut commands: Commands,
    mut online: ResMut<Online>,
    offline: Option<Res<OfflineGame>>,
    mut current: ResMut<CurrentGame>,
) {
    // Only the online game gives way to the offline one: a game that replaced it stays.
    let still_online_game = online.shown_serial.is_none_or(|s| s == current.serial());
    online.open = None;
    online.pending = None;
    online.shown_serial = None;
    online.menu = true;
    if let Some(offline) = offline.filter(|_| still_online_game) {
        current.replace(offline.0.clone());
    }
    commands.remove_resource::<OfflineGame>();
    commands.remove_resource::<Seat>();
}

/// Another game replaced the online one (a new game, a lesson, a load): online play ends on this
/// screen (the game goes on on the server).
fn leave_when_replaced(mut replaced: MessageReader<GameReplaced>, online: Res<Online>, mut board: Board) {
    // Every announcement is read, online or not: one from before online play began must not end
    // it later.
    let online_now = board.mode.get() == AppMode::Online;
    if replaced.read().any(|r| online.shown_serial.is_some_and(|s| s != r.serial)) && online_now {
        board.leave();
    }
}

/// The panel's Online button shows or hides the online section.
fn toggle_menu(mut commands: MessageReader<Command>, mut online: ResMut<Online>) {
    if commands.read().filter(|&&c| c == Command::OnlineMenu).count() % 2 == 1 {
        online.menu = !online.menu;
    }
}

fn run_commands(mut orders: MessageReader<OnlineCommand>, mut online: ResMut<Online>, mut board: Board) {
    for order in orders.read() {
        online.error = None;
        let game = online.open;
        match order {
            OnlineCommand::Connect => {
                online.connect();
            }
            OnlineCommand::Host => {
                online.expect = Some(Expect::Created);
                let HostSettings { side, clock } = online.host;
                let variant = board.current.variant();
                online.send(ClientMessage::CreateGame { variant, side, clock, spectators: false });
            }
            OnlineCommand::Join(code) => {
                let invite: String = code.split_whitespace().collect();
                if invite.is_empty() {
                    online.error = Some("type the invite code first".into());
                    continue;
                }
                online.expect = Some(Expect::Joined);
                online.send(ClientMessage::JoinGame { invite });
            }
            OnlineCommand::Lobby => {
                online.lobby_asked = true;
                online.send(ClientMessage::Lobby);
            }
            &OnlineCommand::Open(id) => {
                online.expect = Some(Expect::Open(id));
                board.enter(&mut online, id);
                online.send(ClientMessage::GetGame { game: id });
            }
            OnlineCommand::Ready
            | OnlineCommand::OfferDraw
            | OnlineCommand::AcceptDraw
            | OnlineCommand::Resign
            | OnlineCommand::Abort
            | OnlineCommand::ClaimDraw => {
                if let Some(message) = game.and_then(|game| order.in_game(game)) {
                    online.send(message);
                }
            }
            OnlineCommand::Leave => {
                if board.mode.get() == AppMode::Online {
                    board.leave();
                } else {
                    online.menu = false;
                }
            }
        }
    }
}

/// Where a game stands in the lobby: a change moves it to another group.
fn lobby_place(state: &GameState) -> (Phase, Side, bool) {
    (state.phase, state.to_move, state.result.is_some())
}

fn poll_connection(time: Res<Time>, mut online: ResMut<Online>, mut board: Board, mut notice: ResMut<Notice>) {
    let now = time.elapsed_secs_f64();
    for event in online.poll() {
        match event {
            ClientEvent::Connecting { attempt } => online.link = Link::Connecting { attempt },
            ClientEvent::Connected => {
                online.link = Link::Connected;
                online.lobby_stale = true;
                online.lobby_asked = false;
            }
            ClientEvent::Disconnected { why, retry } => {
                online.link = Link::Retrying { why, retry_at: now + retry.as_secs_f64() };
                online.lobby_asked = false;
            }
            ClientEvent::Latency(d) => online.latency = Some(d),
            ClientEvent::Message(message) => heard(&mut online, &mut board, &mut notice, message, now),
        }
    }
}

/// One message from the server.
fn heard(online: &mut Online, board: &mut Board, notice: &mut Notice, message: ServerMessage, now: f64) {
    match message {
        ServerMessage::Welcome { .. } => {}
        ServerMessage::GameState(state) => {
            let id = state.game;
            let before = online.games.insert(id, Known { state: state.clone(), at: now });
            if before.as_ref().is_none_or(|k| lobby_place(&k.state) != lobby_place(&state)) {
                online.lobby_stale = true;
            }
            let opens = match online.expect {
                Some(Expect::Created) => before.is_none() && state.invite.is_some(),
                Some(Expect::Joined) => before.is_none(),
                Some(Expect::Open(game)) => game == id,
                None => false,
            };
            if opens {
                online.expect = None;
                if let Some(code) = state.invite.as_deref().filter(|_| online.printed.insert(id)) {
                    println!("invite code: {code}");
                    println!("(join with: surface-chess --server {} --join {code})", online.server);
                }
                if online.open != Some(id) {
                    board.enter(online, id);
                    return;
                }
            }
            if online.open == Some(id) {
                board.show(online, &state);
            }
        }
        ServerMessage::MoveAccepted { game, ply, .. } => {
            if online.pending == Some((game, ply)) {
                online.pending = None;
            }
        }
        ServerMessage::Error { code, message } => {
            warn!("server: {code}: {message}");
            online.expect = None;
            online.error = Some(message.clone());
            if online.pending.take().is_some()
                && let Some(known) = online.open_state().cloned()
            {
                // The move was refused: the server's state wins.
                notice.say(format!("the server refused the move: {message}"));
                online.shown_serial = None;
                board.show(online, &known.state);
                online.send(ClientMessage::GetGame { game: known.state.game });
            }
        }
        ServerMessage::Lobby(list) => {
            online.lobby = Some(list);
            online.lobby_asked = false;
        }
    }
}

/// Asks for the lobby after connecting and whenever a game changed groups (one request at a
/// time).
fn ask_for_lobby(mut online: ResMut<Online>) {
    if online.lobby_stale && !online.lobby_asked && online.link == Link::Connected {
        online.lobby_stale = false;
        online.lobby_asked = true;
        online.send(ClientMessage::Lobby);
    }
}

/// The player's own moves in the open game go to the server (the moves the server sent are
/// already there).
fn send_own_moves(
    mut played: MessageReader<ActionPlayed>,
    current: Res<CurrentGame>,
    seat: Option<Res<Seat>>,
    mut online: ResMut<Online>,
) {
    for &ActionPlayed { action, ply } in played.read() {
        let Some(me) = seat.as_ref().and_then(|s| s.you) else { continue };
        let Some(known) = online.open_state() else { continue };
        let game = known.state.game;
        if ply < known.state.moves.len() {
            continue;
        }
        let Some(before) = current.game.position_at(ply) else { continue };
        if before.side_to_move() != me {
            continue;
        }
        let text = before.notation(action);
        online.pending = Some((game, ply));
        online.send(ClientMessage::Move { game, ply, action: text });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use surface_chess_online::ResultState;

    #[test]
    fn server_addresses_are_websocket_urls() {
        assert!(check_server(DEFAULT_SERVER).is_ok());
        assert!(check_server("wss://chess.example.org/ws").is_ok());
        for bad in ["http://x/ws", "127.0.0.1:7878", "ws://", "ws:///ws", "ws://a b/ws", ""] {
            let e = check_server(bad).unwrap_err();
            assert!(e.contains("not a server address"), "{bad}: {e}");
        }
    }

    #[test]
    fn results_read_like_the_offline_ones() {
        let r = |winner, reason: &str| ResultState { winner, reason: reason.into() };
        assert_eq!(result_words(&r(Some(Side::Black), "checkmate")), "black wins by checkmate");
        assert_eq!(result_words(&r(Some(Side::White), "timeout")), "white wins on time");
        assert_eq!(result_words(&r(None, "agreement")), "draw by agreement");
    }

    #[test]
    fn the_link_says_where_the_connection_stands() {
        let mut online = Online::default();
        assert_eq!(online.link_words(0.0), "not connected");
        online.link = Link::Connecting { attempt: 2 };
        assert_eq!(online.link_words(0.0), format!("connecting to {DEFAULT_SERVER} (attempt 2)…"));
        online.link = Link::Connected;
        online.latency = Some(Duration::from_millis(23));
        assert_eq!(online.link_words(0.0), "connected · 23 ms");
        online.latency = Some(Duration::from_micros(420));
        assert_eq!(online.link_words(0.0), "connected · 0.4 ms", "loopback is under a millisecond");
        online.link = Link::Retrying { why: "refused".into(), retry_at: 10.0 };
        assert_eq!(online.link_words(7.2), "reconnecting in 3 s (refused)");
    }
}
