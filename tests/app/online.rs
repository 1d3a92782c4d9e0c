//! Online play, headless: a real game server in this process (SQLite in memory, on its own
//! runtime) and apps as its clients, driven through the panel's buttons and fields and the same
//! picks a click on the board sends. Every wait updates the apps until what is awaited holds, and
//! fails after a generous timeout.

use bevy::prelude::*;
use bevy::text::EditableText;
use bevy::time::TimeUpdateStrategy;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};
use surface_chess::ui::button;

use crate::buttons::{activate, enabled};
use crate::transitions::mode;
use surface_chess::state::game::CurrentGame;
use surface_chess::state::messages::CellPicked;
use surface_chess::state::mode::{AppMode, PlayMode, Seat};
use surface_chess::state::online::{
    IdentitySource, Known, Link, Lobby, OnlineCommand, OnlineLink, OnlineSettings, OpenGame, identity,
};
use surface_chess::state::persist::{self, Autosave};
use surface_chess::state::selection::Selection;
use surface_chess::ui::panel::{self, ClockText, CodeField, GameText, InviteText, LinkText, OnlineErrorText, grouped};
use surface_chess::{logic_plugin, scene::chart};
use surface_chess_rules::{Color, EndReason, Variant};
use surface_chess_server::serve::{self, Config, Running};
use surface_chess_server::{Phase, Side, SystemClock};

/// The longest wait for anything over loopback.
const PATIENCE: Duration = Duration::from_secs(30);

/// A server on a free loopback port, with the runtime it runs on.
pub(crate) struct Server {
    running: Running,
    _runtime: tokio::runtime::Runtime,
}

impl Server {
    pub(crate) fn start() -> Server {
        Server::on(0)
    }

    /// A server on this loopback port (0: any free one).
    fn on(port: u16) -> Server {
        let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
        let config = Config::new(format!("127.0.0.1:{port}").parse().unwrap(), "sqlite::memory:");
        let running = runtime.block_on(serve::start(config, Arc::new(SystemClock))).expect("a server on loopback");
        Server { running, _runtime: runtime }
    }

    pub(crate) fn url(&self) -> String {
        self.running.url()
    }
}

/// A fresh directory for one test's identities.
pub(crate) fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("surface-chess-online-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A headless app with the panel, playing `variant` offline, whose identity is kept in `dir`;
/// its clock advances 100 ms per update.
pub(crate) fn client(url: &str, name: &str, dir: &Path, variant: Variant) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, AssetPlugin::default(), logic_plugin))
        .init_resource::<ButtonInput<KeyCode>>()
        .init_resource::<chart::Flipped>()
        .init_resource::<surface_chess::scene::board::ShowLabels>()
        .init_resource::<surface_chess::features::follow::FollowGame>()
        .add_message::<surface_chess::scene::camera::ResetCamera>()
        .insert_resource(CurrentGame::new(variant))
        .insert_resource(OnlineSettings::new(
            url,
            name,
            IdentitySource::Kept(identity::beside(&dir.join("autosave.json"))),
        ))
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(100)))
        .add_plugins((panel::plugin, button::plugin));
    app.update();
    app.update();
    app
}

/// The online resources of a client, read.
struct Seen<'a> {
    link: &'a OnlineLink,
    lobby: &'a Lobby,
    open: Option<&'a OpenGame>,
}

impl Seen<'_> {
    fn open_state(&self) -> Option<&Known> {
        self.open.and_then(|o| o.known(self.lobby))
    }

    fn invite(&self) -> Option<&str> {
        self.open_state().and_then(|k| k.state.invite.as_ref()).map(|i| i.expose())
    }
}

fn online(app: &App) -> Seen<'_> {
    let world = app.world();
    Seen { link: world.resource(), lobby: world.resource(), open: world.get_resource() }
}

pub(crate) fn game(app: &App) -> &CurrentGame {
    app.world().resource::<CurrentGame>()
}

pub(crate) fn phase(app: &App) -> Option<Phase> {
    online(app).open_state().map(|k| k.state.phase)
}

/// Updates `app` until `done` holds.
pub(crate) fn until(app: &mut App, what: &str, done: impl Fn(&App) -> bool) {
    let start = Instant::now();
    while !done(app) {
        assert!(start.elapsed() < PATIENCE, "timed out waiting until {what}");
        std::thread::sleep(Duration::from_millis(2));
        app.update();
    }
}

/// Updates both apps until `done` holds.
fn until2(a: &mut App, b: &mut App, what: &str, done: impl Fn(&App, &App) -> bool) {
    let start = Instant::now();
    while !done(a, b) {
        assert!(start.elapsed() < PATIENCE, "timed out waiting until {what}");
        std::thread::sleep(Duration::from_millis(2));
        a.update();
        b.update();
    }
}

pub(crate) fn press(app: &mut App, label: &str) {
    assert!(enabled(app, label), "'{label}' can be pressed");
    activate(app, label);
}

/// The text shown by the node marked `T`.
fn text<T: Component>(app: &mut App) -> String {
    let mut q = app.world_mut().query_filtered::<&Text, With<T>>();
    q.single(app.world()).expect("one such text").0.clone()
}

/// Puts `value` in the field marked `T`, as typing would.
pub(crate) fn type_into<T: Component>(app: &mut App, value: &str) {
    let mut q = app.world_mut().query_filtered::<&mut EditableText, With<T>>();
    q.single_mut(app.world_mut()).expect("one such field").editor_mut().set_text(value);
}

/// A click on a cell (surface or chart).
fn pick(app: &mut App, name: &str) {
    let cell = game(app).variant().rules().complex.parse_cell(name).unwrap();
    app.world_mut().write_message(CellPicked(cell));
    app.update();
}

/// `a` hosts (chess, the defaults: White, 30 minutes), `b` joins with the invite typed into its
/// code field; both are seated. Returns the invite code.
fn host_and_join(a: &mut App, b: &mut App) -> String {
    press(a, "Online");
    press(a, "Host");
    until(a, "the hosted game is open with its invite", |a| online(a).invite().is_some());
    let code = online(a).invite().unwrap().to_owned();
    assert_eq!(phase(a), Some(Phase::WaitingForOpponent));
    assert_eq!(text::<InviteText>(a), grouped(&code), "the invite is shown");
    assert!(text::<GameText>(a).contains("Waiting for an opponent"), "{}", text::<GameText>(a));
    press(b, "Online");
    type_into::<CodeField>(b, &grouped(&code));
    press(b, "Join");
    // Seated, and in online play: the mode's change, which puts the game on the board, comes at
    // the start of the frame after the seat's.
    until2(a, b, "both are seated in online play", |a, b| {
        [a, b].iter().all(|app| phase(app) == Some(Phase::WaitingForReady) && mode(app) == AppMode::Online)
    });
    code
}

/// Both press Ready; the clocks start.
fn both_ready(a: &mut App, b: &mut App) {
    assert!(!enabled(a, "Offer draw") && !enabled(a, "Accept draw"), "nothing to offer before the start");
    press(a, "Ready");
    press(b, "Ready");
    until2(a, b, "the game starts", |a, b| phase(a) == Some(Phase::Playing) && phase(b) == Some(Phase::Playing));
    assert!(!enabled(a, "Ready"), "pressed once");
}

#[test]
fn two_apps_play_a_whole_game_through_the_server() {
    let server = Server::start();
    let dir = scratch("whole");
    let autosave = dir.join("a/autosave.json");
    let mut a = client(&server.url(), "Alice", &dir.join("a"), Variant::Chess);
    a.insert_resource(Autosave(Some(autosave.clone())));
    let mut b = client(&server.url(), "Bob", &dir.join("b"), Variant::Mobius);
    host_and_join(&mut a, &mut b);
    assert_eq!(game(&b).variant(), Variant::Chess, "the joined game is on B's board, not its Möbius game");
    assert_eq!(mode(&b), AppMode::Online);
    assert_eq!(*b.world().resource::<Seat>(), Seat { you: Some(Color::Black), playing: false });
    assert!(
        text::<GameText>(&mut b).contains("White: Alice · Black: Bob · you play black"),
        "{}",
        text::<GameText>(&mut b)
    );
    assert!(text::<LinkText>(&mut a).starts_with("connected"), "{}", text::<LinkText>(&mut a));
    pick(&mut a, "e2");
    assert_eq!(a.world().resource::<Selection>().selected, None, "no moves before both are ready");
    both_ready(&mut a, &mut b);
    pick(&mut b, "e2");
    assert_eq!(b.world().resource::<Selection>().selected, None, "Black's screen cannot move White's pieces");
    // Fool's mate, each move clicked on the mover's board.
    let moves = [("f2", "f3"), ("e7", "e5"), ("g2", "g4"), ("d8", "h4")];
    for (ply, (from, to)) in moves.into_iter().enumerate() {
        let (mover, other) = if ply % 2 == 0 { (&mut a, &mut b) } else { (&mut b, &mut a) };
        pick(other, if ply % 2 == 0 { "e7" } else { "e2" });
        assert_eq!(other.world().resource::<Selection>().selected, None, "not {}'s turn", ply + 1);
        pick(mover, from);
        pick(mover, to);
        assert_eq!(game(mover).plies(), ply + 1, "the move shows at once on the mover's board");
        until2(mover, other, "both boards show the move", |m, o| {
            game(o).plies() == ply + 1 && online(m).open_state().is_some_and(|k| k.state.moves.len() == ply + 1)
        });
    }
    until2(&mut a, &mut b, "both see the result", |a, b| {
        phase(a) == Some(Phase::Finished) && phase(b) == Some(Phase::Finished)
    });
    for app in [&mut a, &mut b] {
        let outcome = game(app).game.outcome().expect("the game is over on the board");
        assert_eq!((outcome.winner, outcome.reason), (Some(Color::Black), EndReason::Checkmate));
        let shown = text::<GameText>(app);
        assert!(shown.contains("Result: black wins by checkmate"), "{shown}");
        assert!(!enabled(app, "Resign game") && !enabled(app, "Offer draw"), "the game is over");
    }
    let entries = |app: &App| panel::move_entries(&game(app).game);
    assert_eq!(entries(&a), ["1.f2–f3", "e7–e5", "2.g2–g4", "Qd8–h4"]);
    assert_eq!(entries(&a), entries(&b), "the same move list on both screens");
    assert_eq!(online(&a).open_state().unwrap().state.moves, game(&b).game.notations(), "the server's moves");
    // The online game never touched the autosave; leaving brings the offline game back.
    assert!(!autosave.exists(), "online games are not autosaved");
    press(&mut a, "Leave");
    assert_eq!(mode(&a), AppMode::Offline);
    assert_eq!(*a.world().resource::<PlayMode>(), PlayMode::TwoPlayers);
    assert_eq!((game(&a).variant(), game(&a).plies()), (Variant::Chess, 0), "A's offline game");
    let saved = persist::load_game(&autosave).expect("the offline game is autosaved again");
    assert_eq!(saved.actions().len(), 0);
    press(&mut b, "Leave");
    assert_eq!(game(&b).variant(), Variant::Mobius, "B's offline game");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_game_open_to_watchers_is_followed_live_from_a_third_app() {
    let server = Server::start();
    let dir = scratch("watch");
    let mut a = client(&server.url(), "Alice", &dir.join("a"), Variant::Chess);
    let mut b = client(&server.url(), "Bob", &dir.join("b"), Variant::Chess);
    let mut c = client(&server.url(), "Carol", &dir.join("c"), Variant::Mobius);
    press(&mut a, "Online");
    press(&mut a, "Watchers: off");
    assert!(a.world().resource::<OnlineSettings>().host.spectators, "the host lets anyone watch");
    assert!(enabled(&mut a, "Watchers: on"), "and the button says so");
    host_and_join(&mut a, &mut b);
    both_ready(&mut a, &mut b);
    let number = online(&a).open_state().unwrap().state.game;
    let told = text::<GameText>(&mut a);
    assert!(told.contains(&format!("anyone may watch: #{number}")), "the host sees what to pass on: {told}");
    // Carol types the game's number where a code goes.
    press(&mut c, "Online");
    type_into::<CodeField>(&mut c, &format!("#{number}"));
    press(&mut c, "Join");
    until(&mut c, "the watched game is open", |c| phase(c) == Some(Phase::Playing) && mode(c) == AppMode::Online);
    assert_eq!((game(&c).variant(), mode(&c)), (Variant::Chess, AppMode::Online));
    assert_eq!(online(&c).open_state().unwrap().state.you, None, "a watcher, not a player");
    assert!(text::<GameText>(&mut c).contains("watching"), "{}", text::<GameText>(&mut c));
    assert_eq!(clock_seconds(&text::<ClockText>(&mut c)).1, 30 * 60, "both clocks: {}", text::<ClockText>(&mut c));
    // Live: White's move reaches the watcher's board.
    pick(&mut a, "e2");
    pick(&mut a, "e4");
    until2(&mut a, &mut c, "the watcher sees the move", |_, c| game(c).plies() == 1);
    pick(&mut c, "e7");
    assert_eq!(c.world().resource::<Selection>().selected, None, "a watcher moves nothing");
    // A game not open to watchers is refused.
    let mut d = client(&server.url(), "Dan", &dir.join("d"), Variant::Chess);
    press(&mut d, "Online");
    press(&mut d, "Host");
    until(&mut d, "D's game is open", |d| online(d).invite().is_some());
    let private = online(&d).open_state().unwrap().state.game;
    c.world_mut().resource_mut::<OnlineLink>().error = None;
    type_into::<CodeField>(&mut c, &private.to_string());
    press(&mut c, "Join");
    until(&mut c, "the server refuses", |c| online(c).link.error.is_some());
    assert!(text::<OnlineErrorText>(&mut c).contains("not seated"), "{}", text::<OnlineErrorText>(&mut c));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn joining_with_a_bad_code_shows_the_servers_error() {
    let server = Server::start();
    let dir = scratch("bad-code");
    let mut b = client(&server.url(), "Bob", &dir, Variant::Chess);
    press(&mut b, "Online");
    type_into::<CodeField>(&mut b, "22222 22222 22222 22222");
    press(&mut b, "Join");
    until(&mut b, "the server answers", |b| online(b).link.error.is_some());
    assert_eq!(text::<OnlineErrorText>(&mut b), "no game has this invite code");
    type_into::<CodeField>(&mut b, "hello");
    press(&mut b, "Join");
    until(&mut b, "the server answers again", |b| online(b).link.error.is_some());
    assert_eq!(text::<OnlineErrorText>(&mut b), "an invite code is 20 characters from 2-9 and a-z without l and o");
    assert_eq!(online(&b).open, None, "no game opened");
    assert_eq!(mode(&b), AppMode::Offline, "still offline");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn resigning_through_the_panel_ends_the_game_on_both_screens() {
    let server = Server::start();
    let dir = scratch("resign");
    let mut a = client(&server.url(), "Alice", &dir.join("a"), Variant::Chess);
    let mut b = client(&server.url(), "Bob", &dir.join("b"), Variant::Chess);
    host_and_join(&mut a, &mut b);
    both_ready(&mut a, &mut b);
    press(&mut a, "Resign game");
    until2(&mut a, &mut b, "both see the resignation", |a, b| {
        phase(a) == Some(Phase::Finished) && phase(b) == Some(Phase::Finished)
    });
    for app in [&mut a, &mut b] {
        let outcome = game(app).game.outcome().expect("recorded on the board's game");
        assert_eq!((outcome.winner, outcome.reason), (Some(Color::Black), EndReason::Resignation));
        assert!(text::<GameText>(app).contains("Result: black wins by resignation"), "{}", text::<GameText>(app));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_rematch_asked_for_on_both_screens_opens_with_the_colours_swapped() {
    let server = Server::start();
    let dir = scratch("rematch");
    let mut a = client(&server.url(), "Alice", &dir.join("a"), Variant::Chess);
    let mut b = client(&server.url(), "Bob", &dir.join("b"), Variant::Chess);
    host_and_join(&mut a, &mut b);
    both_ready(&mut a, &mut b);
    let first = online(&a).open_state().unwrap().state.game;
    assert!(!enabled(&mut a, "Rematch"), "not before the end");
    press(&mut a, "Resign game");
    until2(&mut a, &mut b, "both see the end", |a, b| {
        phase(a) == Some(Phase::Finished) && phase(b) == Some(Phase::Finished)
    });
    press(&mut a, "Rematch");
    until2(&mut a, &mut b, "both see the offer", |a, b| {
        [a, b].iter().all(|app| online(app).open_state().is_some_and(|k| k.state.rematch_offer == Some(Side::White)))
    });
    assert!(text::<GameText>(&mut b).contains("white offers a rematch"), "{}", text::<GameText>(&mut b));
    assert!(!enabled(&mut a, "Rematch"), "not twice");
    press(&mut b, "Rematch");
    until2(&mut a, &mut b, "both are in the rematch", |a, b| {
        [a, b].iter().all(|app| {
            online(app).open_state().is_some_and(|k| k.state.game != first && k.state.phase == Phase::WaitingForReady)
        })
    });
    assert_eq!(a.world().resource::<Seat>().you, Some(Color::Black), "Alice had White");
    assert_eq!(b.world().resource::<Seat>().you, Some(Color::White));
    both_ready(&mut a, &mut b);
    pick(&mut b, "e2");
    pick(&mut b, "e4");
    until(&mut a, "Alice sees Bob's first move", |a| game(a).plies() == 1);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_draw_offered_on_one_screen_is_accepted_on_the_other() {
    let server = Server::start();
    let dir = scratch("draw");
    let mut a = client(&server.url(), "Alice", &dir.join("a"), Variant::Chess);
    let mut b = client(&server.url(), "Bob", &dir.join("b"), Variant::Chess);
    host_and_join(&mut a, &mut b);
    both_ready(&mut a, &mut b);
    assert!(!enabled(&mut b, "Accept draw"), "no offer yet");
    press(&mut a, "Offer draw");
    until(&mut b, "B hears of the offer", |b| online(b).open_state().is_some_and(|k| k.state.draw_offer.is_some()));
    assert!(
        text::<GameText>(&mut b).contains("white offers a draw (your opponent offers)"),
        "{}",
        text::<GameText>(&mut b)
    );
    assert!(enabled(&mut b, "Accept draw"), "B can accept");
    until(&mut a, "A sees its own offer", |a| online(a).open_state().is_some_and(|k| k.state.draw_offer.is_some()));
    assert!(!enabled(&mut a, "Accept draw") && !enabled(&mut a, "Offer draw"), "A cannot accept its own offer");
    press(&mut b, "Accept draw");
    until2(&mut a, &mut b, "both see the draw", |a, b| {
        phase(a) == Some(Phase::Finished) && phase(b) == Some(Phase::Finished)
    });
    for app in [&mut a, &mut b] {
        let outcome = game(app).game.outcome().expect("recorded on the board's game");
        assert_eq!((outcome.winner, outcome.reason), (None, EndReason::Agreement));
        assert!(text::<GameText>(app).contains("Result: draw by agreement"), "{}", text::<GameText>(app));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// White's and Black's times in a clock line (`White 29:58 ◂   Black 30:00`), in seconds.
fn clock_seconds(line: &str) -> (i64, i64) {
    let times: Vec<i64> = line
        .split_whitespace()
        .filter(|w| w.contains(':'))
        .map(|w| {
            let (m, s) = w.split_once(':').unwrap();
            m.parse::<i64>().unwrap() * 60 + s.split('.').next().unwrap().parse::<i64>().unwrap()
        })
        .collect();
    (times[0], times[1])
}

#[test]
fn the_running_clock_counts_down_between_the_servers_states() {
    let server = Server::start();
    let dir = scratch("clocks");
    let mut a = client(&server.url(), "Alice", &dir.join("a"), Variant::Chess);
    let mut b = client(&server.url(), "Bob", &dir.join("b"), Variant::Chess);
    host_and_join(&mut a, &mut b);
    assert_eq!(clock_seconds(&text::<ClockText>(&mut a)), (1800, 1800), "30 minutes each, not running");
    both_ready(&mut a, &mut b);
    for app in [&mut a, &mut b] {
        let before = clock_seconds(&text::<ClockText>(app));
        assert!(text::<ClockText>(app).contains("◂   Black"), "White's clock runs: {}", text::<ClockText>(app));
        // Five seconds of the app's time, no state from the server in between.
        for _ in 0..50 {
            app.update();
        }
        let after = clock_seconds(&text::<ClockText>(app));
        assert!(before.0 - after.0 >= 4 && before.0 - after.0 <= 6, "white counts down: {before:?} → {after:?}");
        assert_eq!(after.1, before.1, "black's clock stands");
    }
    // White moves: White's clock stops, Black's runs.
    pick(&mut a, "e2");
    pick(&mut a, "e4");
    until2(&mut a, &mut b, "both see the move", |a, b| {
        [a, b].iter().all(|x| {
            online(x).open_state().is_some_and(|k| k.state.clock.running == Some(surface_chess_server::Side::Black))
        })
    });
    let before = clock_seconds(&text::<ClockText>(&mut b));
    for _ in 0..30 {
        b.update();
    }
    let after = clock_seconds(&text::<ClockText>(&mut b));
    assert!(before.1 > after.1 && before.0 == after.0, "black counts down now: {before:?} → {after:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_identity_is_kept_and_the_lobby_reopens_its_games() {
    let server = Server::start();
    let dir = scratch("identity");
    let kept = identity::beside(&dir.join("autosave.json"));
    let (game_id, code) = {
        let mut first = client(&server.url(), "Alice", &dir, Variant::Chess);
        assert!(!kept.exists(), "nothing is written before going online");
        press(&mut first, "Online");
        press(&mut first, "Host");
        until(&mut first, "the game is hosted", |a| online(a).invite().is_some());
        (online(&first).open.unwrap().id, online(&first).invite().unwrap().to_owned())
    };
    let secret = std::fs::read_to_string(&kept).expect("the identity was kept");
    assert!(secret.contains("surface-chess-identity/1"), "{secret}");
    // The next start: the same identity, so the server lists the game as this player's.
    let mut again = client(&server.url(), "Alice", &dir, Variant::Mobius);
    press(&mut again, "Online");
    press(&mut again, "Lobby");
    until(&mut again, "the lobby arrives", |a| online(a).lobby.list.as_ref().is_some_and(|l| !l.waiting.is_empty()));
    let lobby = online(&again).lobby.list.clone().unwrap();
    assert_eq!(lobby.waiting.iter().map(|e| e.game).collect::<Vec<_>>(), [game_id]);
    assert!(lobby.your_turn.is_empty() && lobby.opponents_turn.is_empty() && lobby.finished.is_empty());
    assert_eq!(std::fs::read_to_string(&kept).unwrap(), secret, "read back, not made again");
    // A click on the lobby's entry opens the game, invite and all.
    let entry = panel::lobby_words(&lobby.waiting[0]);
    assert!(entry.starts_with(&format!("#{game_id} chess · white vs (open seat) · 0 moves · 30 min")), "{entry}");
    press(&mut again, &entry);
    until(&mut again, "the game is open", |a| online(a).invite().is_some() && mode(a) == AppMode::Online);
    assert_eq!(online(&again).invite(), Some(code.as_str()));
    assert_eq!(game(&again).variant(), Variant::Chess);
    press(&mut again, "Leave");
    assert_eq!(game(&again).variant(), Variant::Mobius, "the offline game is back");
    // Another identity does not see it.
    let mut stranger = client(&server.url(), "Eve", &dir.join("other"), Variant::Chess);
    press(&mut stranger, "Online");
    press(&mut stranger, "Lobby");
    until(&mut stranger, "the lobby arrives", |s| online(s).lobby.list.is_some());
    assert!(online(&stranger).lobby.list.as_ref().unwrap().waiting.is_empty(), "not Eve's game");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_panel_shows_the_connection_retrying_until_the_server_is_there() {
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let url = format!("ws://127.0.0.1:{port}/ws");
    let dir = scratch("retry");
    let mut app = client(&url, "Alice", &dir, Variant::Chess);
    assert_eq!(text::<LinkText>(&mut app), "not connected");
    press(&mut app, "Online");
    press(&mut app, "Connect");
    until(&mut app, "the first attempt fails", |a| matches!(online(a).link.state, Link::Retrying { .. }));
    let shown = text::<LinkText>(&mut app);
    assert!(shown.starts_with("reconnecting in ") && shown.contains(" s (connection: "), "the wait and why: {shown}");
    // The server comes up on that port: the connection gets there by itself, and asks for the lobby.
    let _server = Server::on(port);
    until(&mut app, "connected", |a| online(a).lobby.list.is_some());
    assert!(text::<LinkText>(&mut app).starts_with("connected"), "{}", text::<LinkText>(&mut app));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn keys_typed_into_a_focused_field_are_not_shortcuts() {
    use bevy::input_focus::InputFocus;
    use surface_chess::state::mode::AtlasView;
    let dir = scratch("typing");
    let mut app = client("ws://127.0.0.1:9/ws", "Alice", &dir, Variant::Chess);
    app.init_resource::<surface_chess::state::selection::Hovered>()
        .init_resource::<InputFocus>()
        .add_plugins(surface_chess::ui::keyboard::plugin);
    app.update();
    let press_a = |app: &mut App| {
        let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        keys.release(KeyCode::KeyA);
        keys.clear();
        keys.press(KeyCode::KeyA);
        app.update();
        // The atlas opens at the next frame's state transition.
        app.update();
    };
    let atlas = |app: &App| *app.world().resource::<State<AtlasView>>().get();
    let mut q = app.world_mut().query_filtered::<Entity, With<CodeField>>();
    let field = q.single(app.world()).unwrap();
    *app.world_mut().resource_mut::<InputFocus>() = InputFocus::from_entity(field);
    press_a(&mut app);
    assert_eq!(atlas(&app), AtlasView::Closed, "an 'a' typed into the invite code does not open the atlas");
    app.world_mut().resource_mut::<InputFocus>().clear();
    press_a(&mut app);
    assert_eq!(atlas(&app), AtlasView::Open, "without a focused field A is the atlas's key");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_online_texts_are_in_the_ui_font() {
    let face = ttf_parser::Face::parse(surface_chess::ui::font::FONT_DATA, 0).unwrap();
    let server = Server::start();
    let dir = scratch("font");
    let mut a = client(&server.url(), "Alice", &dir.join("a"), Variant::Chess);
    let mut b = client(&server.url(), "Bob", &dir.join("b"), Variant::Chess);
    host_and_join(&mut a, &mut b);
    both_ready(&mut a, &mut b);
    let mut seen = String::new();
    for app in [&mut a, &mut b] {
        for t in [text::<GameText>(app), text::<ClockText>(app), text::<LinkText>(app)] {
            seen.push_str(&t);
        }
    }
    let missing: String = seen.chars().filter(|&c| !c.is_control() && face.glyph_index(c).is_none()).collect();
    assert!(missing.is_empty(), "the UI font lacks {missing:?}");
    assert!(seen.contains('◂') && seen.contains('·'));
    a.world_mut().write_message(OnlineCommand::Leave);
    a.update();
    a.update();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_hosted_game_nobody_joined_is_cancelled_and_a_started_one_only_before_its_first_move() {
    let server = Server::start();
    let dir = scratch("cancel");
    let mut a = client(&server.url(), "Alice", &dir.join("a"), Variant::Chess);
    let mut b = client(&server.url(), "Bob", &dir.join("b"), Variant::Chess);
    press(&mut a, "Online");
    press(&mut a, "Host");
    until(&mut a, "the hosted game is open", |a| online(a).invite().is_some());
    assert!(enabled(&mut a, "Cancel game"), "an invite nobody took can be cancelled");
    press(&mut a, "Cancel game");
    until(&mut a, "the game is over", |a| phase(a) == Some(Phase::Finished));
    assert!(text::<GameText>(&mut a).contains("cancelled before the first move"), "{}", text::<GameText>(&mut a));
    assert!(!enabled(&mut a, "Cancel game"));
    press(&mut a, "Leave");

    host_and_join(&mut a, &mut b);
    both_ready(&mut a, &mut b);
    assert!(enabled(&mut b, "Cancel game"), "no move yet");
    pick(&mut a, "e2");
    pick(&mut a, "e4");
    until(&mut b, "B sees the first move", |b| online(b).open_state().is_some_and(|k| k.state.moves.len() == 1));
    assert!(!enabled(&mut b, "Cancel game"), "after the first move only resignation ends it");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_threefold_repetition_is_claimed_through_the_panel() {
    let server = Server::start();
    let dir = scratch("claim");
    let mut a = client(&server.url(), "Alice", &dir.join("a"), Variant::Chess);
    let mut b = client(&server.url(), "Bob", &dir.join("b"), Variant::Chess);
    host_and_join(&mut a, &mut b);
    both_ready(&mut a, &mut b);
    assert!(!enabled(&mut a, "Claim a draw"), "nothing to claim at the start");
    let knights = [("g1", "f3"), ("g8", "f6"), ("f3", "g1"), ("f6", "g8")];
    for (i, (from, to)) in knights.iter().chain(knights.iter()).enumerate() {
        let mover = if i % 2 == 0 { &mut a } else { &mut b };
        pick(mover, from);
        pick(mover, to);
        until2(&mut a, &mut b, "both see the move", |a, b| {
            let seen = |app: &App| online(app).open_state().is_some_and(|k| k.state.moves.len() == i + 1);
            seen(a) && seen(b)
        });
    }
    assert!(enabled(&mut b, "Claim a draw"), "the start position a third time");
    press(&mut b, "Claim a draw");
    until2(&mut a, &mut b, "both see the draw", |a, b| {
        phase(a) == Some(Phase::Finished) && phase(b) == Some(Phase::Finished)
    });
    assert!(text::<GameText>(&mut a).contains("draw by threefold repetition claimed"), "{}", text::<GameText>(&mut a));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn leaving_online_play_restores_the_offline_game_but_a_new_game_stays() {
    use surface_chess::state::online::OfflineGame;
    let server = Server::start();
    let dir = scratch("transitions");
    let mut a = client(&server.url(), "Alice", &dir, Variant::Mobius);
    pick(&mut a, "e2");
    pick(&mut a, "e4");
    let offline = game(&a).game.notations();
    assert_eq!(offline.len(), 1, "a move of the offline game");
    press(&mut a, "Online");
    for leave in ["Leave", "klein"] {
        a.world_mut().write_message(OnlineCommand::Host);
        until(&mut a, "online play starts", |a| mode(a) == AppMode::Online && game(a).plies() == 0);
        let made = |a: &App| {
            let world = a.world();
            [
                world.contains_resource::<Seat>(),
                world.contains_resource::<OfflineGame>(),
                world.contains_resource::<OpenGame>(),
            ]
        };
        assert_eq!(made(&a), [true; 3], "the seat, the offline game set aside, the open game");
        press(&mut a, leave);
        until(&mut a, "back offline", |a| mode(a) == AppMode::Offline);
        assert_eq!(made(&a), [false; 3], "{leave}");
        if leave == "Leave" {
            assert_eq!(game(&a).game.notations(), offline, "the game set aside comes back");
        } else {
            assert_eq!((game(&a).variant(), game(&a).plies()), (Variant::Klein, 0), "the new game stays");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_watch_link_names_the_server_and_the_game() {
    use clap::Parser;
    let options = surface_chess::cli::Options::parse_from(["surface-chess", "--watch", "ws://127.0.0.1:7878/ws#12"]);
    assert_eq!(surface_chess::online_from(&options, None).server, "ws://127.0.0.1:7878/ws");
    assert_eq!(surface_chess::online_order(&options), Some(OnlineCommand::Open(12)));
    let by_number =
        surface_chess::cli::Options::parse_from(["surface-chess", "--server", "wss://x.org/ws", "--watch", "7"]);
    assert_eq!(surface_chess::online_from(&by_number, None).server, "wss://x.org/ws");
    assert_eq!(surface_chess::online_order(&by_number), Some(OnlineCommand::Open(7)));
}
