//! The server on loopback through real WebSockets: seats and broadcast, spectators, the lobby,
//! clocks in virtual time with the timer, draw offers, resignation, bad frames, the rate limit,
//! reconnecting, and TLS.

mod common;

use std::sync::Arc;
use std::time::Duration;

use common::net::{error_until, player, postgres_database, send, server, started, state_until};
use surface_chess_server::client::{ClientEvent, Connection, Socket, backoff};
use surface_chess_server::{ManualClock, Phase, ServerMessage, Side, SystemClock};

const MEMORY: &str = "sqlite::memory:";

/// Each scenario runs twice: over a SQLite file, and over a fresh PostgreSQL database (ignored
/// unless `SURFACE_CHESS_POSTGRES` names a server; CI runs it).
macro_rules! on_both_databases {
    ($($scenario:ident),* $(,)?) => {$(
        mod $scenario {
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                let dir = tempfile::tempdir().unwrap();
                super::$scenario(&format!("sqlite://{}", dir.path().join("games.db").display())).await;
            }

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            #[ignore = "needs PostgreSQL: SURFACE_CHESS_POSTGRES (CI runs it; .ci/postgres starts one)"]
            async fn postgres() {
                super::$scenario(&super::postgres_database().await).await;
            }
        }
    )*};
}

on_both_databases!(
    two_players_on_two_connections_see_each_others_moves,
    only_seated_players_read_a_game_unless_its_creator_opened_it,
    the_lobby_lists_each_players_games_in_four_groups,
    clocks_run_in_virtual_time_through_disconnects_and_the_timer_ends_the_game,
    draw_offers_expire_on_a_move_and_only_the_opponent_accepts_and_resignation_ends,
    bad_frames_get_errors_and_huge_ones_close_only_their_connection,
    a_flooding_connection_is_told_then_dropped,
    a_connection_reconnects_with_backoff_resumes_and_delivers_what_waited,
    the_load_tester_plays_games_at_once_and_reports_one_line,
);

async fn two_players_on_two_connections_see_each_others_moves(database: &str) {
    let s = server(database, Arc::new(SystemClock)).await;
    let mut ada = player(&s.url(), "ada").await;
    let mut bo = player(&s.url(), "bo").await;
    let game = started(&mut ada, &mut bo, r#""variant":"chess","side":"black""#).await;
    send(&mut bo, &format!(r#"{{"type":"Move","game":{game},"ply":0,"action":"e2-e3"}}"#)).await;
    let seen = state_until(&mut ada, |s| s.moves.len() == 1).await;
    assert_eq!((seen.you, seen.to_move, seen.moves[0].as_str()), (Some(Side::Black), Side::Black, "e2–e3"));
    // Out of turn, a finished-looking ply, nonsense: each refused with its reason.
    send(&mut bo, &format!(r#"{{"type":"Move","game":{game},"ply":1,"action":"e7-e6"}}"#)).await;
    assert_eq!(error_until(&mut bo).await, "not_your_turn");
    send(&mut ada, &format!(r#"{{"type":"Move","game":{game},"ply":1,"action":"e7-e2"}}"#)).await;
    assert_eq!(error_until(&mut ada).await, "illegal_move");
    send(&mut ada, &format!(r#"{{"type":"Move","game":{game},"ply":1,"action":"e7-e6"}}"#)).await;
    assert_eq!(state_until(&mut bo, |s| s.moves.len() == 2).await.moves[1], "e7–e6");
    s.stop();
}

async fn only_seated_players_read_a_game_unless_its_creator_opened_it(database: &str) {
    let s = server(database, Arc::new(SystemClock)).await;
    let mut ada = player(&s.url(), "ada").await;
    let mut bo = player(&s.url(), "bo").await;
    let mut eve = player(&s.url(), "eve").await;
    let private = started(&mut ada, &mut bo, r#""variant":"chess","side":"white""#).await;
    let open = started(&mut ada, &mut bo, r#""variant":"chess","side":"white","spectators":true"#).await;
    send(&mut eve, &format!(r#"{{"type":"GetGame","game":{private}}}"#)).await;
    assert_eq!(error_until(&mut eve).await, "not_seated");
    send(&mut eve, &format!(r#"{{"type":"GetGame","game":{open}}}"#)).await;
    let watched = state_until(&mut eve, |s| s.game == open).await;
    assert_eq!((watched.you, watched.invite), (None, None), "a spectator has no side and no invite");
    send(&mut ada, &format!(r#"{{"type":"Move","game":{open},"ply":0,"action":"e2-e3"}}"#)).await;
    assert_eq!(state_until(&mut eve, |s| s.moves.len() == 1).await.game, open, "spectators see the moves");
    send(&mut eve, &format!(r#"{{"type":"Resign","game":{open}}}"#)).await;
    assert_eq!(error_until(&mut eve).await, "not_seated", "but cannot act");
    send(&mut eve, r#"{"type":"Lobby"}"#).await;
    let lobby = eve.recv_until(|m| matches!(m, ServerMessage::Lobby(_))).await.unwrap();
    assert_eq!(lobby, ServerMessage::Lobby(Default::default()), "watching is not playing");
    s.stop();
}

async fn the_lobby_lists_each_players_games_in_four_groups(database: &str) {
    let s = server(database, Arc::new(SystemClock)).await;
    let mut ada = player(&s.url(), "ada").await;
    let mut bo = player(&s.url(), "bo").await;
    send(&mut ada, r#"{"type":"CreateGame","variant":"genus2","side":"white"}"#).await;
    let waiting = state_until(&mut ada, |s| s.phase == Phase::WaitingForOpponent).await.game;
    let mine = started(&mut ada, &mut bo, r#""variant":"chess","side":"white""#).await;
    let theirs = started(&mut ada, &mut bo, r#""variant":"chess","side":"black""#).await;
    let over = started(&mut ada, &mut bo, r#""variant":"chess3","side":"white""#).await;
    send(&mut bo, &format!(r#"{{"type":"Resign","game":{over}}}"#)).await;
    state_until(&mut ada, |s| s.game == over && s.phase == Phase::Finished).await;
    send(&mut ada, r#"{"type":"Lobby"}"#).await;
    let ServerMessage::Lobby(list) = ada.recv_until(|m| matches!(m, ServerMessage::Lobby(_))).await.unwrap() else {
        unreachable!()
    };
    let ids = |v: &[surface_chess_server::LobbyEntry]| v.iter().map(|e| e.game).collect::<Vec<_>>();
    assert_eq!(
        (ids(&list.your_turn), ids(&list.opponents_turn), ids(&list.waiting), ids(&list.finished)),
        (vec![mine], vec![theirs], vec![waiting], vec![over])
    );
    assert_eq!(list.finished[0].result.as_ref().unwrap().reason, "resignation");
    assert_eq!(list.opponents_turn[0].opponent.as_deref(), Some("bo"));
    s.stop();
}

async fn clocks_run_in_virtual_time_through_disconnects_and_the_timer_ends_the_game(database: &str) {
    let clock = Arc::new(ManualClock::new(1_000_000));
    let s = server(database, clock.clone()).await;
    let mut ada = player(&s.url(), "ada").await;
    let mut bo = player(&s.url(), "bo").await;
    let fields = r#""variant":"chess","side":"white","clock":{"kind":"rapid","minutes":1,"increment_seconds":5}"#;
    let game = started(&mut ada, &mut bo, fields).await;
    clock.advance(10_000);
    send(&mut ada, &format!(r#"{{"type":"Move","game":{game},"ply":0,"action":"e2-e3"}}"#)).await;
    let after = state_until(&mut bo, |s| s.moves.len() == 1).await;
    assert_eq!(after.clock.white_ms, 55_000, "60 s - 10 s + 5 s increment");
    assert_eq!(after.clock.running, Some(Side::Black));
    drop(bo);
    clock.advance(30_000);
    let mut bo = player(&s.url(), "bo").await;
    send(&mut bo, &format!(r#"{{"type":"GetGame","game":{game}}}"#)).await;
    let back = state_until(&mut bo, |_| true).await;
    assert_eq!(back.clock.black_ms, 30_000, "Black's clock ran while Black was away");
    clock.advance(30_000);
    let over = state_until(&mut ada, |s| s.phase == Phase::Finished).await;
    let result = over.result.unwrap();
    assert_eq!((result.winner, result.reason.as_str()), (Some(Side::White), "timeout"), "the timer, not a request");
    s.stop();
}

async fn draw_offers_expire_on_a_move_and_only_the_opponent_accepts_and_resignation_ends(database: &str) {
    let s = server(database, Arc::new(SystemClock)).await;
    let mut ada = player(&s.url(), "ada").await;
    let mut bo = player(&s.url(), "bo").await;
    let game = started(&mut ada, &mut bo, r#""variant":"chess","side":"white""#).await;
    send(&mut ada, &format!(r#"{{"type":"OfferDraw","game":{game}}}"#)).await;
    assert_eq!(state_until(&mut bo, |s| s.draw_offer.is_some()).await.draw_offer, Some(Side::White));
    send(&mut ada, &format!(r#"{{"type":"AcceptDraw","game":{game}}}"#)).await;
    assert_eq!(error_until(&mut ada).await, "own_draw_offer");
    send(&mut ada, &format!(r#"{{"type":"Move","game":{game},"ply":0,"action":"e2-e3"}}"#)).await;
    assert_eq!(state_until(&mut bo, |s| s.moves.len() == 1).await.draw_offer, None, "a move ends the offer");
    send(&mut bo, &format!(r#"{{"type":"AcceptDraw","game":{game}}}"#)).await;
    assert_eq!(error_until(&mut bo).await, "no_draw_offer");
    send(&mut bo, &format!(r#"{{"type":"OfferDraw","game":{game}}}"#)).await;
    state_until(&mut ada, |s| s.draw_offer == Some(Side::Black)).await;
    send(&mut ada, &format!(r#"{{"type":"AcceptDraw","game":{game}}}"#)).await;
    let drawn = state_until(&mut bo, |s| s.phase == Phase::Finished).await.result.unwrap();
    assert_eq!((drawn.winner, drawn.reason.as_str()), (None, "agreement"));

    let game = started(&mut ada, &mut bo, r#""variant":"strato","side":"black""#).await;
    send(&mut ada, &format!(r#"{{"type":"Resign","game":{game}}}"#)).await;
    let resigned = state_until(&mut bo, |s| s.game == game && s.phase == Phase::Finished).await.result.unwrap();
    assert_eq!((resigned.winner, resigned.reason.as_str()), (Some(Side::White), "resignation"));
    send(&mut bo, &format!(r#"{{"type":"OfferDraw","game":{game}}}"#)).await;
    assert_eq!(error_until(&mut bo).await, "finished", "a finished game cannot change");
    s.stop();
}

async fn bad_frames_get_errors_and_huge_ones_close_only_their_connection(database: &str) {
    let s = server(database, Arc::new(SystemClock)).await;
    let mut ada = player(&s.url(), "ada").await;
    ada.send_text("x".repeat(20_000)).await.unwrap();
    assert_eq!(error_until(&mut ada).await, "too_large");
    ada.send_text("{\"type\":".into()).await.unwrap();
    assert_eq!(error_until(&mut ada).await, "malformed");
    let mut eve = player(&s.url(), "eve").await;
    let _ = eve.send_text("x".repeat(200_000)).await;
    assert!(eve.recv().await.is_err(), "a frame over 64 KiB closes that connection");
    send(&mut ada, r#"{"type":"Lobby"}"#).await;
    assert!(matches!(ada.recv().await.unwrap(), ServerMessage::Lobby(_)), "others carry on");
    s.stop();
}

async fn a_flooding_connection_is_told_then_dropped(database: &str) {
    let s = server(database, Arc::new(SystemClock)).await;
    let mut eve = player(&s.url(), "eve").await;
    for _ in 0..200 {
        if eve.send_text(r#"{"type":"Lobby"}"#.into()).await.is_err() {
            break;
        }
    }
    let mut limited = 0;
    while let Ok(Ok(m)) = tokio::time::timeout(Duration::from_secs(5), eve.recv()).await {
        if matches!(&m, ServerMessage::Error { code, .. } if code == "rate_limited") {
            limited += 1;
        }
    }
    assert!(limited > 0, "over the rate the server says so");
    assert!(eve.recv().await.is_err(), "and past 50 strikes it closes the connection");
    let mut ada = player(&s.url(), "ada").await;
    send(&mut ada, r#"{"type":"Lobby"}"#).await;
    assert!(matches!(ada.recv().await.unwrap(), ServerMessage::Lobby(_)), "others are served");
    s.stop();
}

#[test]
fn backoff_doubles_from_a_quarter_second_to_eight_seconds_with_jitter() {
    let ms = |n, j| backoff(n, j).as_millis();
    assert_eq!([0, 1, 2, 3, 4, 5, 6, 9].map(|n| ms(n, 0.0)), [250, 500, 1000, 2000, 4000, 8000, 8000, 8000]);
    assert_eq!(ms(2, 1.0), 800, "up to a fifth less");
}

/// Waits for a connection's event that satisfies `want`, one event at a time (blocking this
/// worker thread only; the server runs on the other).
async fn event_until(c: &Connection, want: impl Fn(&ClientEvent) -> bool) -> ClientEvent {
    tokio::task::block_in_place(|| {
        let deadline = std::time::Instant::now() + Duration::from_secs(10);
        while std::time::Instant::now() < deadline {
            if let Some(e) = c.wait(Duration::from_millis(50))
                && want(&e)
            {
                return e;
            }
        }
        panic!("no such event in 10 s");
    })
}

async fn a_connection_reconnects_with_backoff_resumes_and_delivers_what_waited(database: &str) {
    let s = server(database, Arc::new(SystemClock)).await;
    let addr = s.addr;
    let mut ada = player(&s.url(), "ada").await;
    let url = s.url();
    let bo = Connection::open(&url, &common::secret("bo"), "Bo");
    event_until(&bo, |e| *e == ClientEvent::Connected).await;
    send(
        &mut ada,
        r#"{"type":"CreateGame","variant":"chess","side":"white","clock":{"kind":"correspondence","days":1}}"#,
    )
    .await;
    let invite = state_until(&mut ada, |_| true).await.invite.unwrap();
    let invite = invite.expose();
    bo.send(serde_json::from_str(&format!(r#"{{"type":"JoinGame","invite":"{invite}"}}"#)).unwrap());
    let game = match event_until(&bo, |e| matches!(e, ClientEvent::Message(ServerMessage::GameState(_)))).await {
        ClientEvent::Message(ServerMessage::GameState(s)) => s.game,
        _ => unreachable!(),
    };
    send(&mut ada, &format!(r#"{{"type":"Move","game":{game},"ply":0,"action":"e2-e4"}}"#)).await;
    event_until(&bo, |e| matches!(e, ClientEvent::Message(ServerMessage::GameState(s)) if s.moves.len() == 1)).await;

    s.stop();
    event_until(&bo, |e| matches!(e, ClientEvent::Disconnected { .. })).await;
    // Sent while the server is down: it waits, and goes out after the reconnect.
    bo.send(serde_json::from_str(&format!(r#"{{"type":"Move","game":{game},"ply":1,"action":"e7-e5"}}"#)).unwrap());
    let mut config = surface_chess_server::serve::Config::new(addr, database);
    config.tick = Duration::from_millis(20);
    let s = surface_chess_server::serve::start(config, Arc::new(SystemClock)).await.expect("the same port again");
    event_until(&bo, |e| *e == ClientEvent::Connected).await;
    event_until(&bo, |e| matches!(e, ClientEvent::Message(ServerMessage::MoveAccepted { ply: 1, .. }))).await;
    let mut ada = player(&s.url(), "ada").await;
    send(&mut ada, &format!(r#"{{"type":"GetGame","game":{game}}}"#)).await;
    assert_eq!(state_until(&mut ada, |_| true).await.moves, ["e2–e4", "e7–e5"], "nothing lost, nothing doubled");
    s.stop();
}

#[tokio::test]
async fn tls_serves_wss_with_the_given_certificate() {
    let dir = tempfile::tempdir().unwrap();
    let cert = rcgen::generate_simple_self_signed(vec!["localhost".into()]).unwrap();
    let (cert_path, key_path) = (dir.path().join("cert.pem"), dir.path().join("key.pem"));
    std::fs::write(&cert_path, cert.cert.pem()).unwrap();
    std::fs::write(&key_path, cert.signing_key.serialize_pem()).unwrap();
    let mut config = surface_chess_server::serve::Config::new("127.0.0.1:0".parse().unwrap(), MEMORY);
    config.tls = Some((cert_path, key_path));
    let s = surface_chess_server::serve::start(config, Arc::new(SystemClock)).await.unwrap();

    let mut roots = rustls::RootCertStore::empty();
    roots.add(cert.cert.der().clone()).unwrap();
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let tls = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_root_certificates(roots)
        .with_no_client_auth();
    let connector = tokio_tungstenite::Connector::Rustls(Arc::new(tls));
    let url = format!("wss://localhost:{}/ws", s.addr.port());
    let (ws, _) = tokio_tungstenite::connect_async_tls_with_config(url, None, false, Some(connector)).await.unwrap();
    let mut socket = Socket::from_stream(ws);
    socket.send(&surface_chess_server::client::hello(&common::secret("ada"), "Ada")).await.unwrap();
    assert!(matches!(socket.recv().await.unwrap(), ServerMessage::Welcome { .. }), "a game over TLS");
    let plain = Socket::connect(&s.url()).await;
    assert!(plain.is_err() || plain.unwrap().recv().await.is_err(), "no plain text on a TLS port");
    s.stop();
}

#[tokio::test]
async fn a_series_file_that_cannot_be_written_fails_the_load_test_before_it_plays() {
    let path = std::path::PathBuf::from("/nonexistent-directory/series.csv");
    let config = surface_chess_server::loadtest::LoadConfig {
        urls: vec!["ws://127.0.0.1:9/ws".to_owned()],
        games: 1,
        plies: 2,
        variant: surface_chess_rules::Variant::Chess,
        database: None,
        rate: 0.0,
        series: Some(path),
    };
    let error = surface_chess_server::loadtest::run(&config).await.expect_err("no such directory").to_string();
    assert!(error.contains("/nonexistent-directory/series.csv") && error.contains("No such file"), "{error}");
}

async fn the_load_tester_plays_games_at_once_and_reports_one_line(database: &str) {
    let s = server(database, Arc::new(SystemClock)).await;
    let dir = tempfile::tempdir().unwrap();
    let series = dir.path().join("series.csv");
    let config = surface_chess_server::loadtest::LoadConfig {
        urls: vec![s.url()],
        games: 16,
        plies: 24,
        variant: surface_chess_rules::Variant::Chess3,
        database: Some(database.to_owned()),
        rate: 0.0,
        series: Some(series.clone()),
    };
    let report = surface_chess_server::loadtest::run(&config).await.expect("a load test");
    assert_eq!((report.games, report.lost), (16, 0), "{report}");
    assert!(report.moves >= 16 * 8 && report.p50 <= report.p99, "{report}");
    // The series: a header and one line per acknowledged move, its time within the run.
    let text = std::fs::read_to_string(&series).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!((lines[0], lines.len()), ("game,ply,sent_s,ms", report.moves + 1));
    for line in &lines[1..] {
        let fields: Vec<f64> = line.split(',').map(|f| f.parse().unwrap()).collect();
        assert!(fields.len() == 4 && fields[2] <= report.seconds + 0.001 && fields[3] >= 0.0, "{line}");
    }
    if cfg!(target_os = "linux") {
        assert!(report.peak_bytes.is_some_and(|b| b > 1_000_000), "the server's peak memory: {report}");
        assert!(report.to_string().contains(" server peak "), "{report}");
    }
    let stored = s.hub.store().games().await.unwrap().len();
    assert_eq!(stored, 16, "every game stored");
    s.stop();
}
