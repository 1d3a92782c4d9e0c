//! The app against a server that lies, headless: after its Welcome a hostile server on loopback
//! sends, in a shuffled order, states of the watched game replayed, duplicated and out of order, a
//! finished game that goes on, another variant under the same number, moves that are not moves,
//! a game nobody asked for, a move list of 10,000 entries, and errors. The app must not panic,
//! must keep running, and must end showing the last honest state it is sent.

use std::sync::mpsc;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use surface_chess_rules::Variant;
use surface_chess_server::loadtest::random_move;
use surface_chess_server::{
    ClockSpec, GameState, Name, NewGame, Phase, Seat, ServerGame, ServerMessage, SideChoice, Token, game_state,
};
use tokio_tungstenite::tungstenite::Message;

use crate::online::{client, game, phase, press, scratch, type_into};
use surface_chess::ui::panel::CodeField;

fn seat(tag: &str) -> Seat {
    Seat { token: Token::parse(&format!("{tag:_<24}")).unwrap(), name: Name::parse(tag).unwrap() }
}

/// The honest states of game 1 (chess, Alice against Bob) after each of `plies` random moves, and
/// the finished game after Black resigns.
fn honest_states(seed: u64, plies: usize) -> (Vec<GameState>, GameState) {
    let settings =
        NewGame { variant: Variant::Chess, side: SideChoice::White, clock: ClockSpec::DEFAULT, spectators: true };
    let mut rng = StdRng::seed_from_u64(seed);
    let mut g = ServerGame::create(1, settings, seat("alice"), &mut rng).unwrap();
    let invite = g.invite().cloned().unwrap();
    g.join(&invite, seat("bob"), 0).unwrap();
    let (alice, bob) = (seat("alice").token, seat("bob").token);
    g.ready(&alice, 0).unwrap();
    g.ready(&bob, 0).unwrap();
    let watcher = seat("carol").token;
    let mut states = vec![game_state(&g, &watcher, 0).unwrap()];
    for ply in 0..plies {
        let Some((_, text)) = random_move(g.rules_game(), &mut rng) else { break };
        let who = if ply % 2 == 0 { &alice } else { &bob };
        g.play(who, ply, &text, 1 + ply as u64).unwrap();
        states.push(game_state(&g, &watcher, 1 + ply as u64).unwrap());
    }
    let mut over = g.clone();
    over.resign(&bob, 1_000).unwrap();
    (states, game_state(&over, &watcher, 1_000).unwrap())
}

/// Everything the hostile server sends after its Welcome, shuffled, then the honest last state.
fn lies(seed: u64) -> (Vec<ServerMessage>, GameState) {
    let (states, finished) = honest_states(seed, 12);
    let mut rng = StdRng::seed_from_u64(seed);
    let mut out: Vec<ServerMessage> = states.iter().cloned().map(ServerMessage::GameState).collect();
    out.extend(states.iter().take(4).cloned().map(ServerMessage::GameState));
    out.push(ServerMessage::GameState(finished.clone()));
    // The finished game goes on.
    let mut after = states.last().unwrap().clone();
    after.moves.push("e2-e4".into());
    after.result = finished.result.clone();
    after.phase = Phase::Finished;
    out.push(ServerMessage::GameState(after));
    // Another variant under the same number; moves that are not moves; a huge list.
    let mut other = states[2].clone();
    other.variant = Variant::Klein;
    out.push(ServerMessage::GameState(other));
    let mut nonsense = states[3].clone();
    nonsense.moves = vec!["zz9-zz9".into(); 3];
    out.push(ServerMessage::GameState(nonsense));
    let mut huge = states[1].clone();
    huge.moves = vec!["e2-e4".into(); 10_000];
    out.push(ServerMessage::GameState(huge));
    let mut stranger = states[5].clone();
    stranger.game = 999;
    out.push(ServerMessage::GameState(stranger));
    out.push(ServerMessage::error("storage", "a lie"));
    out.push(ServerMessage::MoveAccepted { game: 1, ply: 40, action: "Ke1-e9".into(), duplicate: rng.random() });
    out.shuffle(&mut rng);
    (out, states.last().unwrap().clone())
}

/// A server on loopback that welcomes, then sends `messages` (a few milliseconds apart), then
/// `last`, then reads until the client goes.
fn hostile(messages: Vec<ServerMessage>, last: GameState) -> String {
    let (port, told) = mpsc::channel();
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        runtime.block_on(async move {
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            port.send(listener.local_addr().unwrap().port()).unwrap();
            let (tcp, _) = listener.accept().await.unwrap();
            let mut ws = tokio_tungstenite::accept_async(tcp).await.unwrap();
            let _hello = ws.next().await;
            let welcome = ServerMessage::Welcome { version: 1, name: "Carol".into() };
            let send = async |ws: &mut tokio_tungstenite::WebSocketStream<_>, m: &ServerMessage| {
                let _ = ws.send(Message::text(serde_json::to_string(m).unwrap())).await;
            };
            send(&mut ws, &welcome).await;
            let _asked = ws.next().await;
            for m in messages.iter().chain([&ServerMessage::GameState(last)]) {
                send(&mut ws, m).await;
                tokio::time::sleep(Duration::from_millis(3)).await;
            }
            while ws.next().await.is_some() {}
        });
    });
    format!("ws://127.0.0.1:{}/ws", told.recv().unwrap())
}

#[test]
fn lies_from_a_server_never_crash_the_app_and_the_last_honest_state_wins() {
    for seed in 0..4 {
        let (messages, last) = lies(seed);
        let url = hostile(messages, last.clone());
        let dir = scratch(&format!("hostile-{seed}"));
        let mut app = client(&url, "Carol", &dir, Variant::Mobius);
        press(&mut app, "Online");
        type_into::<CodeField>(&mut app, "#1");
        press(&mut app, "Join");
        // Until the last honest state shows (each update is one frame of a running app).
        let start = Instant::now();
        while !(phase(&app) == Some(Phase::Playing) && game(&app).game.notations() == last.moves) {
            assert!(start.elapsed() < Duration::from_secs(20), "seed {seed}: the last state never showed");
            std::thread::sleep(Duration::from_millis(2));
            app.update();
        }
        assert_eq!(game(&app).variant(), Variant::Chess, "seed {seed}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
