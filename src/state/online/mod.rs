//! Online play: the app as a client of the game server (`surface-chess-server`). The server's
//! connection lives on its own thread (it reconnects, says Hello again, follows the games it
//! read and resends an unacknowledged move); this plugin only sends and polls it. The open game's
//! server state becomes the app's [`CurrentGame`], rebuilt from its moves by the rules crate, so
//! the board, the chart and the move list work as offline; the player's own moves take the usual
//! path (click, [`ActionPlayed`]) and are then sent to the server, whose state wins.
//!
//! The state is four resources: the player's [`OnlineSettings`], the [`OnlineLink`] to the
//! server, the [`Lobby`] of games heard of, and the [`OpenGame`], which exists only while
//! [`AppMode::Online`] is on (made as it starts, removed as it ends).
//!
//! - [`settings`]: the server, the name, the host's choices, the identity.
//! - [`link`]: the connection and its state in words.
//! - [`lobby`]: every game heard of and the lobby's groups.
//! - [`open_game`]: the game on the board and what showing it changes.
//! - [`identity`]: the secret kept beside the autosave.
//! - [`invites`]: the codes of the games hosted from here, kept beside it.
//! - [`clocks`]: both clocks as shown, counted down locally between the server's states.
//! - [`replay`]: a server state as a rules game.
//! - [`lan`]: play on this network: the server inside the app, and games announced and found.

pub mod clocks;
pub mod identity;
pub mod invites;
pub mod lan;
pub mod link;
pub mod lobby;
pub mod open_game;
pub mod reconcile;
pub mod replay;
pub mod settings;

pub use link::{Link, OnlineLink, Server};
pub use lobby::{Known, Lobby};
pub use open_game::{OfflineGame, OpenGame};
pub use settings::{DEFAULT_NAME, DEFAULT_SERVER, HostSettings, IdentitySource, OnlineSettings, check_server};

use crate::state::game::{CurrentGame, GameReplaced, Notice};
use crate::state::messages::{ActionPlayed, PlaySystems};
use crate::state::mode::{AppMode, Seat};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use lobby::Expect;
use open_game::Board;
use surface_chess_online::client::ClientEvent;
use surface_chess_online::{ClientMessage, GameId, Secret, ServerMessage, Side};
use surface_chess_rules::Color;

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
    /// Offer a rematch of the finished game, or accept the opponent's; the rematch opens.
    Rematch,
    /// Start the server inside the app and host a game on it, announced on this network.
    HostNearby,
    /// Stop the server inside the app (its games wait in its file for the next time).
    StopHosting,
    /// Look for games announced on this network.
    FindNearby,
    /// Take the open seat of the game announced on this network under this full name.
    JoinNearby(String),
    /// Close the open game and return to the offline game (the online game goes on on the
    /// server; the lobby opens it again).
    Leave,
}

impl OnlineCommand {
    /// What the command does, in one line (its button's tooltip).
    pub fn tip(&self) -> &'static str {
        match self {
            OnlineCommand::Connect => "Connects to the server with this address and name",
            OnlineCommand::Host => "Creates a game on this board; pass its invite code on",
            OnlineCommand::Join(_) => {
                "Takes the open seat of the game with this invite code (#number: watches that game)"
            }
            OnlineCommand::Lobby => "Lists your games: your turn, theirs, waiting, finished",
            OnlineCommand::Open(_) => "Opens this game",
            OnlineCommand::Ready => "Starts the clocks once both players are ready",
            OnlineCommand::OfferDraw => "Offers your opponent a draw",
            OnlineCommand::AcceptDraw => "Accepts the draw your opponent offers",
            OnlineCommand::Resign => "Gives up this game",
            OnlineCommand::Abort => "Cancels the game before its first move",
            OnlineCommand::ClaimDraw => "Claims the draw the rules allow now",
            OnlineCommand::Rematch => "Offers a rematch with the colours swapped, or accepts your opponent's",
            OnlineCommand::HostNearby => {
                "Starts a server in this app and offers a game on this board to anyone on this network"
            }
            OnlineCommand::StopHosting => "Stops the server in this app (its games are kept for next time)",
            OnlineCommand::FindNearby => "Lists the games offered on this network",
            OnlineCommand::JoinNearby(_) => "Takes the open seat of this game on this network",
            OnlineCommand::Leave => "Back to the offline game (this one goes on on the server)",
        }
    }

    /// The message this command sends about the open game `game`, for the commands that act in it.
    fn in_game(&self, game: GameId) -> Option<ClientMessage> {
        Some(match self {
            OnlineCommand::Ready => ClientMessage::Ready { game },
            OnlineCommand::OfferDraw => ClientMessage::OfferDraw { game },
            OnlineCommand::AcceptDraw => ClientMessage::AcceptDraw { game },
            OnlineCommand::Resign => ClientMessage::Resign { game },
            OnlineCommand::Abort => ClientMessage::Abort { game },
            OnlineCommand::ClaimDraw => ClientMessage::ClaimDraw { game },
            OnlineCommand::Rematch => ClientMessage::Rematch { game },
            _ => return None,
        })
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

/// Whether the online menu is asked for (`--server`, `--host`, `--join`, leaving a game): the
/// panel turns to its Online tab.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OnlineMenu(pub bool);

/// The online state as the panel reads it: the four resources together.
#[derive(SystemParam)]
pub struct OnlineView<'w> {
    /// The player's choices.
    pub settings: Res<'w, OnlineSettings>,
    /// The connection.
    pub link: Res<'w, OnlineLink>,
    /// The games heard of and the lobby.
    pub lobby: Res<'w, Lobby>,
    /// The game on the board, while online play is on.
    pub open: Option<Res<'w, OpenGame>>,
    /// Whether the menu is asked for.
    pub menu: Res<'w, OnlineMenu>,
}

impl OnlineView<'_> {
    /// Whether anything changed since the system last ran (a game opening or closing included:
    /// closing also opens the menu).
    pub fn is_changed(&self) -> bool {
        self.settings.is_changed()
            || self.link.is_changed()
            || self.lobby.is_changed()
            || self.menu.is_changed()
            || self.open.as_ref().is_some_and(|o| o.is_changed())
    }

    /// The open game's last state.
    pub fn open_state(&self) -> Option<&Known> {
        self.open.as_ref().and_then(|o| o.known(&self.lobby))
    }

    /// The invite code of the open game while its second seat is open.
    pub fn invite(&self) -> Option<&str> {
        self.open_state().and_then(|k| k.state.invite.as_ref().map(Secret::expose))
    }
}

/// Online play.
pub fn plugin(app: &mut App) {
    app.add_plugins(lan::plugin)
        .configure_sets(Update, lan::LanSystems.after(OnlineSystems))
        .init_resource::<OnlineSettings>()
        .init_resource::<OnlineLink>()
        .init_resource::<Lobby>()
        .init_resource::<OnlineMenu>()
        .add_message::<OnlineCommand>()
        .add_systems(OnEnter(AppMode::Online), open_online_play)
        .add_systems(OnExit(AppMode::Online), close_online_play)
        .add_systems(
            Update,
            (
                (leave_when_replaced, run_commands, poll_connection, follow_rematch, ask_for_lobby)
                    .chain()
                    .in_set(OnlineSystems)
                    .in_set(crate::schedule::AppSystems::Input),
                send_own_moves.after(PlaySystems).in_set(crate::schedule::AppSystems::Rules),
            ),
        );
}

/// When the open game's rematch is created (by either player), it opens, once.
fn follow_rematch(
    open: Option<Res<OpenGame>>,
    lobby: Res<Lobby>,
    mut orders: MessageWriter<OnlineCommand>,
    mut followed: Local<Vec<GameId>>,
) {
    let Some(rematch) = open.and_then(|o| lobby.games.get(&o.id)?.state.rematch) else { return };
    if !followed.contains(&rematch) {
        followed.push(rematch);
        orders.write(OnlineCommand::Open(rematch));
    }
}

/// Sends `message`; a new connection follows nothing yet, so it asks for the open game again.
fn send(server: &mut Server, open: Option<GameId>, message: ClientMessage) {
    if server.send(message)
        && let Some(game) = open
    {
        server.send(ClientMessage::GetGame { game });
    }
}

/// Shows `problem` in the panel, if there is one.
fn report(server: &mut Server, problem: Result<(), String>) {
    if let Err(e) = problem {
        server.link.error = Some(e);
    }
}

/// Entering online play: the offline game is set aside and the open game shown.
fn open_online_play(mut commands: Commands, mut server: Server, lobby: Res<Lobby>, mut board: Board) {
    commands.insert_resource(OfflineGame(board.current.game.clone()));
    match board.open.as_ref().and_then(|open| open.known(&lobby)).cloned() {
        Some(known) => report(&mut server, board.show(&known.state)),
        None => board.leave(),
    }
}

/// Leaving online play: the offline game comes back unless another game replaced the online
/// one; the open game, the seat and the stash go, and the menu stays open.
fn close_online_play(
    mut commands: Commands,
    open: Option<Res<OpenGame>>,
    offline: Option<Res<OfflineGame>>,
    mut current: ResMut<CurrentGame>,
    mut menu: ResMut<OnlineMenu>,
) {
    // Only the online game gives way to the offline one: a game that replaced it stays.
    let still_online_game = open.is_none_or(|o| o.on_board(current.serial()));
    if let Some(offline) = offline.filter(|_| still_online_game) {
        current.replace(offline.0.clone());
    }
    menu.0 = true;
    commands.remove_resource::<OpenGame>();
    commands.remove_resource::<OfflineGame>();
    commands.remove_resource::<Seat>();
}

/// Another game replaced the online one (a new game, a lesson, a load): online play ends on this
/// screen (the game goes on on the server).
fn leave_when_replaced(mut replaced: MessageReader<GameReplaced>, mut board: Board) {
    // Every announcement is read, online or not: one from before online play began must not end
    // it later.
    let shown = board.open.as_ref().and_then(|o| o.shown_serial);
    let online_now = board.mode.get() == AppMode::Online;
    if replaced.read().any(|r| shown.is_some_and(|s| s != r.serial)) && online_now {
        board.leave();
    }
}

/// The game a code field's text asks to watch: `#12`, or a number shorter than an invite code.
pub fn watched_game(text: &str) -> Option<GameId> {
    let number = text.strip_prefix('#').unwrap_or(text);
    let short = number.len() < surface_chess_online::identity::INVITE_LEN;
    (short && !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit())).then(|| number.parse().ok()).flatten()
}

/// Opens game `id` on the board (as last heard of, if it was) and asks the server for it.
fn open_game(server: &mut Server, lobby: &mut Lobby, board: &mut Board, id: GameId) {
    lobby.expect = Some(Expect::Open(id));
    let shown = board.enter(lobby, id);
    report(server, shown);
    send(server, Some(id), ClientMessage::GetGame { game: id });
}

/// Takes the open seat of the game with invite `code` (`#12`: watches game 12).
fn join(server: &mut Server, lobby: &mut Lobby, board: &mut Board, code: &str) {
    let open = board.open_id();
    let invite: String = code.split_whitespace().collect();
    if invite.is_empty() {
        server.link.error = Some("type the invite code (or #number to watch) first".into());
        return;
    }
    // `#12` (or a bare number, shorter than any code) watches game 12.
    if let Some(game) = watched_game(&invite) {
        open_game(server, lobby, board, game);
        return;
    }
    lobby.expect = Some(Expect::Joined);
    send(server, open, ClientMessage::JoinGame { invite: invite.into() });
}

/// Creates a game on the current board with the host settings.
fn host(server: &mut Server, lobby: &mut Lobby, board: &Board) {
    lobby.expect = Some(Expect::Created);
    let HostSettings { side, clock, spectators } = server.settings.host;
    let variant = board.current.variant();
    send(server, board.open_id(), ClientMessage::CreateGame { variant, side, clock, spectators });
}

fn run_commands(
    mut orders: MessageReader<OnlineCommand>,
    mut server: Server,
    mut lobby: ResMut<Lobby>,
    mut menu: ResMut<OnlineMenu>,
    mut board: Board,
    mut lan: lan::Lan,
) {
    for order in orders.read() {
        server.link.error = None;
        let open = board.open_id();
        match order {
            OnlineCommand::Connect => {
                if server.connect()
                    && let Some(game) = open
                {
                    server.send(ClientMessage::GetGame { game });
                }
            }
            OnlineCommand::Host => host(&mut server, &mut lobby, &board),
            OnlineCommand::Join(code) => join(&mut server, &mut lobby, &mut board, code),
            OnlineCommand::HostNearby => match lan.host(&mut server) {
                Ok(()) => host(&mut server, &mut lobby, &board),
                Err(e) => server.link.error = Some(e),
            },
            OnlineCommand::StopHosting => {
                if board.mode.get() == AppMode::Online {
                    board.leave();
                }
                lan.stop(&mut server);
            }
            OnlineCommand::FindNearby => lan.find(),
            OnlineCommand::JoinNearby(fullname) => match lan.choose(&mut server, fullname) {
                Ok(invite) => join(&mut server, &mut lobby, &mut board, &invite),
                Err(e) => server.link.error = Some(e),
            },
            OnlineCommand::Lobby => {
                lobby.asked = true;
                send(&mut server, open, ClientMessage::Lobby { finished_before: None });
            }
            &OnlineCommand::Open(id) => open_game(&mut server, &mut lobby, &mut board, id),
            OnlineCommand::Ready
            | OnlineCommand::OfferDraw
            | OnlineCommand::AcceptDraw
            | OnlineCommand::Resign
            | OnlineCommand::Abort
            | OnlineCommand::ClaimDraw
            | OnlineCommand::Rematch => {
                if let Some(message) = open.and_then(|game| order.in_game(game)) {
                    send(&mut server, open, message);
                }
            }
            OnlineCommand::Leave => {
                if board.mode.get() == AppMode::Online {
                    board.leave();
                } else {
                    menu.0 = false;
                }
            }
        }
    }
}

fn poll_connection(
    time: Res<Time>,
    mut server: Server,
    mut lobby: ResMut<Lobby>,
    mut board: Board,
    mut notice: ResMut<Notice>,
) {
    let now = time.elapsed_secs_f64();
    // A game of another server must not stay on the board as if it were one of this server's.
    if lobby.follow(server.link.server()) && board.open.is_some() {
        board.leave();
    }
    for event in server.link.poll(now) {
        match event {
            ClientEvent::Connected => {
                lobby.stale = true;
                lobby.asked = false;
            }
            ClientEvent::Disconnected { .. } => lobby.asked = false,
            ClientEvent::Connecting { .. } | ClientEvent::Latency(_) => {}
            ClientEvent::Message(message) => heard(&mut server, &mut lobby, &mut board, &mut notice, message, now),
        }
    }
}

/// One message from the server.
fn heard(
    server: &mut Server,
    lobby: &mut Lobby,
    board: &mut Board,
    notice: &mut Notice,
    message: ServerMessage,
    now: f64,
) {
    match message {
        ServerMessage::Welcome { .. } => {}
        ServerMessage::GameState(mut state) => {
            let id = state.game;
            // The server tells its code only while it remembers it: this machine keeps it.
            let url = server.settings.server.clone();
            match &state.invite {
                Some(code) => server.settings.invites.remember(&url, id, code.expose()),
                None if state.you.is_some() && state.phase == surface_chess_online::Phase::WaitingForOpponent => {
                    state.invite = server.settings.invites.recall(&url, id).map(Secret::from);
                }
                None => {}
            }
            if lobby.heard(state.clone(), now) {
                if let Some(code) = lobby.invite_to_print(id) {
                    println!("invite code: {code}");
                    println!("(join with: surface-chess --server {} --join {code})", server.settings.server);
                }
                if board.open_id() != Some(id) {
                    let shown = board.enter(lobby, id);
                    report(server, shown);
                    return;
                }
            }
            if board.open_id() == Some(id) {
                let shown = board.show(&state);
                report(server, shown);
            }
        }
        ServerMessage::MoveAccepted { game, ply, .. } => {
            if let Some(open) = board.open.as_mut().filter(|o| o.id == game && o.pending == Some(ply)) {
                open.pending = None;
            }
        }
        ServerMessage::Error { code, message } => {
            warn!("server: {code}: {message}");
            lobby.expect = None;
            server.link.error = Some(message.clone());
            let refused = board.open.as_mut().and_then(|o| {
                o.pending.take()?;
                o.shown_serial = None;
                Some(o.id)
            });
            if let Some(known) = refused.and_then(|id| lobby.games.get(&id)).cloned() {
                // The move was refused: the server's state wins.
                notice.say(format!("the server refused the move: {message}"));
                let shown = board.show(&known.state);
                report(server, shown);
                send(server, refused, ClientMessage::GetGame { game: known.state.game });
            }
        }
        ServerMessage::Lobby(list) => {
            lobby.list = Some(list);
            lobby.asked = false;
        }
    }
}

/// Asks for the lobby after connecting and whenever a game changed groups (one request at a
/// time).
fn ask_for_lobby(mut server: Server, mut lobby: ResMut<Lobby>, open: Option<Res<OpenGame>>) {
    if lobby.stale && !lobby.asked && server.link.state == Link::Connected {
        lobby.stale = false;
        lobby.asked = true;
        send(&mut server, open.map(|o| o.id), ClientMessage::Lobby { finished_before: None });
    }
}

/// The player's own moves in the open game go to the server (the moves the server sent are
/// already there).
fn send_own_moves(
    mut played: MessageReader<ActionPlayed>,
    current: Res<CurrentGame>,
    seat: Option<Res<Seat>>,
    lobby: Res<Lobby>,
    open: Option<ResMut<OpenGame>>,
    mut server: Server,
) {
    let Some(mut open) = open else {
        played.clear();
        return;
    };
    for &ActionPlayed { action, ply } in played.read() {
        let Some(me) = seat.as_ref().and_then(|s| s.you) else { continue };
        let Some(known) = open.known(&lobby) else { continue };
        if ply < known.state.moves.len() {
            continue;
        }
        let Some(before) = current.game.position_at(ply) else { continue };
        if before.side_to_move() != me {
            continue;
        }
        let game = open.id;
        open.pending = Some(ply);
        send(&mut server, Some(game), ClientMessage::Move { game, ply, action: before.notation(action) });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use surface_chess_online::ResultState;

    #[test]
    fn results_read_like_the_offline_ones() {
        let r = |winner, reason: &str| ResultState { winner, reason: reason.into() };
        assert_eq!(result_words(&r(Some(Side::Black), "checkmate")), "black wins by checkmate");
        assert_eq!(result_words(&r(Some(Side::White), "timeout")), "white wins on time");
        assert_eq!(result_words(&r(None, "agreement")), "draw by agreement");
    }

    #[test]
    fn a_number_in_the_code_field_watches_that_game() {
        assert_eq!(watched_game("#12"), Some(12));
        assert_eq!(watched_game("12"), Some(12));
        // Invite codes are 20 symbols, some all digits; none is a game number.
        for code in ["23456789234567892345", "abcde", "#", "#-1", "", "#99999999999999999999"] {
            assert_eq!(watched_game(code), None, "{code}");
        }
    }
}
