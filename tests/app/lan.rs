//! Play on this network, headless: one app hosts (the server inside it, its game announced by
//! multicast DNS), another finds the game and joins it; the announcements are heard on loopback
//! only, on a port of this test's own, so nothing leaves the machine.

use bevy::prelude::*;
use std::time::{Duration, Instant};
use surface_chess::state::game::CurrentGame;
use surface_chess::state::messages::CellPicked;
use surface_chess::state::online::lan::announcement::SERVICE_TYPE;
use surface_chess::state::online::lan::{Announcement, Hosting, LanConfig, Neighbourhood, neighbourhood::MAX_FOUND};
use surface_chess::state::online::{DEFAULT_SERVER, Link, Lobby, OnlineCommand, OnlineLink, OnlineSettings, OpenGame};
use surface_chess::ui::panel::{HostingText, NearbyText, found_words};
use surface_chess_online::{Phase, Side};
use surface_chess_rules::{ActionKind, Variant};

use crate::online::{client, press, scratch};

/// The longest wait for anything heard on the network.
const PATIENCE: Duration = Duration::from_secs(30);

/// Ports of this test's own: multicast DNS on loopback (`offset` apart for each test, below the
/// ephemeral range), and as the server's first choice a port the system has just found free.
fn mdns(offset: u16) -> LanConfig {
    let mdns_port = 20_000 + (std::process::id() % 3_000) as u16 * 4 + offset;
    let free = std::net::TcpListener::bind("0.0.0.0:0").and_then(|l| l.local_addr()).expect("a free port");
    LanConfig { mdns_port, loopback_only: true, server_port: free.port() }
}

/// Updates every app until `done` holds (each app 2 ms apart, at most [`PATIENCE`]).
fn until(apps: &mut [&mut App], what: &str, done: impl Fn(&[&mut App]) -> bool) {
    let start = Instant::now();
    while !done(apps) {
        if start.elapsed() > PATIENCE {
            let errors: Vec<_> = apps.iter().map(|a| a.world().resource::<OnlineLink>().error.clone()).collect();
            panic!("timed out waiting until {what} (errors: {errors:?})");
        }
        std::thread::sleep(Duration::from_millis(2));
        for app in apps.iter_mut() {
            app.update();
        }
    }
}

fn phase(app: &App) -> Option<Phase> {
    let open = app.world().get_resource::<OpenGame>()?;
    open.known(app.world().resource::<Lobby>()).map(|k| k.state.phase)
}

fn text<T: Component>(app: &mut App) -> String {
    let mut q = app.world_mut().query_filtered::<&Text, With<T>>();
    q.single(app.world()).expect("one such text").0.clone()
}

fn found(app: &App) -> Vec<(String, surface_chess::state::online::lan::Found)> {
    app.world().resource::<Neighbourhood>().found.iter().map(|(k, v)| (k.clone(), v.clone())).collect()
}

fn pick(app: &mut App, name: &str) {
    let cell = app.world().resource::<CurrentGame>().variant().rules().complex.parse_cell(name).unwrap();
    app.world_mut().write_message(CellPicked(cell));
    app.update();
}

/// Alice (on `board`) and Bob (on chess), each in a folder of `dir`, on this test's own ports
/// (`offset`); Alice has pressed Host on this network.
fn alice_hosts(dir: &std::path::Path, board: Variant, offset: u16) -> (App, App) {
    let mut a = client(DEFAULT_SERVER, "Alice", &dir.join("a"), board);
    let mut b = client(DEFAULT_SERVER, "Bob", &dir.join("b"), Variant::Chess);
    for app in [&mut a, &mut b] {
        app.insert_resource(mdns(offset));
    }
    press(&mut a, "Online");
    press(&mut a, "Host on this network");
    (a, b)
}

#[test]
fn a_game_hosted_on_this_network_is_found_joined_and_played() {
    let dir = scratch("lan");
    let (mut a, mut b) = alice_hosts(&dir, Variant::Mobius, 0);
    until(&mut [&mut a], "the hosted game is open with its invite", |a| phase(a[0]) == Some(Phase::WaitingForOpponent));
    let hosting = a.world().resource::<Hosting>();
    let local = hosting.local_url();
    assert!(hosting.addresses.iter().all(|u| u.starts_with("ws://") && u.ends_with("/ws")), "{:?}", hosting.addresses);
    assert_eq!(a.world().resource::<OnlineSettings>().server, local, "the host plays on the server inside it");
    let open = a.world().resource::<OpenGame>().known(a.world().resource::<Lobby>()).unwrap().state.clone();
    until(&mut [&mut a], "the game is offered", |a| a[0].world().resource::<Neighbourhood>().announced().count() == 1);
    let shown = text::<HostingText>(&mut a);
    assert!(shown.starts_with("Hosting on this network at ws://"), "the host sees where it is reached: {shown}");
    assert!(shown.ends_with(&format!(" · game #{} offered to anyone on it", open.game)), "{shown}");
    let invite = open.invite.as_ref().unwrap().expose().to_owned();

    // Bob looks on the network and finds Alice's Möbius game, with its invite.
    press(&mut b, "Online");
    press(&mut b, "Join on this network");
    until(&mut [&mut a, &mut b], "B finds A's game", |apps| found(apps[1]).len() == 1);
    let (_, game) = found(&b).remove(0);
    let expected = Announcement {
        name: "Alice".into(),
        host_side: Side::White,
        variant: Variant::Mobius,
        game: open.game,
        invite,
    };
    assert_eq!(game.announcement, expected);
    assert_eq!(text::<NearbyText>(&mut b), "1 game on this network");
    press(&mut b, &found_words(&game));
    // The host's board reaches B (shown the frame after the state arrives).
    until(&mut [&mut a, &mut b], "both are seated, on A's board", |apps| {
        apps.iter().all(|app| phase(app) == Some(Phase::WaitingForReady))
            && apps[1].world().resource::<CurrentGame>().variant() == Variant::Mobius
    });
    assert_eq!(b.world().resource::<OnlineSettings>().server, game.url, "B plays on A's server");
    until(&mut [&mut a, &mut b], "the taken seat is no longer offered", |apps| found(apps[1]).is_empty());
    assert!(!text::<HostingText>(&mut a).contains("offered"), "{}", text::<HostingText>(&mut a));

    // A move each way.
    press(&mut a, "Ready");
    press(&mut b, "Ready");
    until(&mut [&mut a, &mut b], "the game starts", |apps| apps.iter().all(|app| phase(app) == Some(Phase::Playing)));
    let legal = |app: &App| {
        let current = app.world().resource::<CurrentGame>();
        let position = current.game.position();
        // A piece's move (a pawn's may ask which way it faces).
        let action = position.legal_actions().into_iter().find(|a| a.kind == ActionKind::Piece).unwrap();
        let complex = &current.variant().rules().complex;
        (complex.name(action.from), complex.name(action.to))
    };
    let (from, to) = legal(&a);
    pick(&mut a, &from);
    pick(&mut a, &to);
    until(&mut [&mut a, &mut b], "B sees A's move", |apps| apps[1].world().resource::<CurrentGame>().plies() == 1);
    let (from, to) = legal(&b);
    pick(&mut b, &from);
    pick(&mut b, &to);
    until(&mut [&mut a, &mut b], "A sees B's move", |apps| apps[0].world().resource::<CurrentGame>().plies() == 2);

    // A stops hosting: B's link is lost, A's settings are as they were.
    let old_game = open.game;
    press(&mut a, "Stop hosting");
    assert!(a.world().get_resource::<Hosting>().is_none());
    assert_eq!(a.world().resource::<OnlineSettings>().server, DEFAULT_SERVER);
    until(&mut [&mut b], "B's link is lost", |apps| {
        matches!(apps[0].world().resource::<OnlineLink>().state, Link::Retrying { .. })
    });
    // Hosting again, the game played is still there (kept in A's file), and B's link comes back.
    press(&mut a, "Host on this network");
    until(&mut [&mut a, &mut b], "A's lobby lists the game played", |apps| {
        let lobby = apps[0].world().resource::<Lobby>();
        lobby.list.as_ref().is_some_and(|l| l.your_turn.iter().any(|e| e.game == old_game))
    });
    // On the same port (the first choice, free again), so B's app finds the game where it was.
    assert_eq!(a.world().resource::<Hosting>().local_url(), local, "the same port again");
    until(&mut [&mut a, &mut b], "B is back in the game", |apps| {
        apps[1].world().resource::<OnlineLink>().state == Link::Connected && phase(apps[1]) == Some(Phase::Playing)
    });
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn what_is_heard_on_the_network_is_bounded_and_read_with_care() {
    let config = mdns(1);
    let dir = scratch("lan-hostile");
    let mut b = client(DEFAULT_SERVER, "Bob", &dir, Variant::Chess);
    b.insert_resource(config);
    press(&mut b, "Online");
    press(&mut b, "Join on this network");
    // Someone on the network announces far more games than are listed, and some that do not read.
    let daemon = mdns_sd::ServiceDaemon::new_with_port(config.mdns_port).unwrap();
    daemon.disable_interface(mdns_sd::IfKind::All).unwrap();
    daemon.enable_interface(mdns_sd::IfKind::LoopbackV4).unwrap();
    let good = |game| Announcement {
        name: format!("Mallory {game}"),
        host_side: Side::Black,
        variant: Variant::Klein,
        game,
        invite: "23456789abcdefghijkm".into(),
    };
    let mut bad = good(0).properties();
    bad.retain(|(k, _)| *k != "variant");
    bad.push(("variant", "hyperbolic".into()));
    let records: Vec<Vec<(&str, String)>> =
        (1..=MAX_FOUND as u64 + 8).map(|g| good(g).properties()).chain(std::iter::once(bad)).collect();
    for (i, record) in records.iter().enumerate() {
        let info = mdns_sd::ServiceInfo::new(
            SERVICE_TYPE,
            &format!("mallory-{i}"),
            "mallory.local.",
            "127.0.0.1",
            9,
            &record[..],
        )
        .unwrap();
        daemon.register(info).unwrap();
    }
    until(&mut [&mut b], "the list is full and the rest ignored", |apps| {
        let network = apps[0].world().resource::<Neighbourhood>();
        network.found.len() == MAX_FOUND && network.ignored >= 9
    });
    let network = b.world().resource::<Neighbourhood>();
    assert!(
        network.found.values().all(|f| f.announcement.variant == Variant::Klein),
        "the unreadable one is not listed"
    );
    assert!(network.found.values().all(|f| f.url == "ws://127.0.0.1:9/ws"), "{:?}", network.found.values().next());
    assert_eq!(text::<NearbyText>(&mut b), format!("{MAX_FOUND} games on this network"));
    // A game no longer announced cannot be joined; a typed ws:// address elsewhere is still refused.
    b.world_mut().write_message(OnlineCommand::JoinNearby("gone._surface-chess._tcp.local.".into()));
    b.update();
    let error = b.world().resource::<OnlineLink>().error.clone();
    assert_eq!(error.as_deref(), Some("that game is no longer announced on this network"));
    let _ = daemon.shutdown();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_command_line_hosts_or_looks_on_this_network() {
    use clap::Parser;
    use surface_chess::cli::Options;
    let parse = |args: &[&str]| Options::try_parse_from(std::iter::once("surface-chess").chain(args.iter().copied()));
    let order = |args: &[&str]| surface_chess::online_order(&parse(args).unwrap());
    assert_eq!(order(&["--host", "--lan"]), Some(OnlineCommand::HostNearby));
    assert_eq!(order(&["--lan"]), Some(OnlineCommand::FindNearby));
    assert_eq!(order(&["--host"]), Some(OnlineCommand::Host));
    for clash in [&["--lan", "--server", "wss://x.org/ws"][..], &["--lan", "--join", "23456789abcdefghijkm"]] {
        let e = parse(clash).unwrap_err().to_string();
        assert!(e.contains("--lan") && e.contains("cannot be used with"), "{e}");
    }
}

#[test]
fn a_host_that_quits_is_no_longer_listed() {
    let dir = scratch("lan-quit");
    let (mut a, mut b) = alice_hosts(&dir, Variant::Genus2, 2);
    press(&mut b, "Online");
    press(&mut b, "Join on this network");
    until(&mut [&mut a, &mut b], "B finds A's game", |apps| found(apps[1]).len() == 1);
    assert_eq!(found(&b)[0].1.announcement.variant, Variant::Genus2);
    // Stop hosting withdraws the waiting game; hosting again offers it (and a new one) again.
    press(&mut a, "Stop hosting");
    until(&mut [&mut a, &mut b], "the game is withdrawn as A stops", |apps| found(apps[1]).is_empty());
    press(&mut a, "Host on this network");
    until(&mut [&mut a, &mut b], "B finds A's game again", |apps| !found(apps[1]).is_empty());
    drop(a);
    until(&mut [&mut b], "the game is withdrawn as A quits", |apps| found(apps[0]).is_empty());
    assert_eq!(text::<NearbyText>(&mut b), "Looking for games on this network…");
    let _ = std::fs::remove_dir_all(&dir);
}
