//! Fair clocks across restarts, in virtual time over a SQLite file: the time no server was up is
//! credited to the running clocks (stored, so it replays), a short restart credits nothing, a
//! clock out of time before the outage is not revived, and the timer ends every running game on
//! time, whether or not anyone reads it.

mod common;

use std::sync::Arc;

use common::hello;
use surface_chess_server::hub::{BEAT, OUTAGE};
use surface_chess_server::{GameState, Hub, ManualClock, Phase, ServerMessage, Session, Store};

/// A hub over the SQLite file in `dir`, taking over what is stored there.
async fn started_hub(dir: &tempfile::TempDir, clock: &Arc<ManualClock>) -> Hub {
    let url = format!("sqlite://{}", dir.path().join("games.db").display());
    let hub = Hub::new(Store::open(&url).await.expect("the database"), clock.clone());
    hub.recover().await.expect("recovered");
    hub
}

fn state(replies: &[ServerMessage]) -> &GameState {
    replies
        .iter()
        .find_map(|m| if let ServerMessage::GameState(s) = m { Some(s) } else { None })
        .unwrap_or_else(|| panic!("no state in {replies:?}"))
}

/// Ada (White) and Bo start a 10-minute game; returns its number. White's clock runs from now.
async fn ten_minutes(hub: &Hub) -> (u64, Session, Session) {
    let (mut ada, mut bo) = (hello(hub, "ada", "Ada").await, hello(hub, "bo", "Bo").await);
    let create = r#"{"type":"CreateGame","variant":"chess","side":"white","clock":{"kind":"rapid","minutes":10,"increment_seconds":0}}"#;
    let created = hub.handle(&mut ada, create).await;
    let (game, invite) = (state(&created).game, state(&created).invite.clone().unwrap());
    hub.handle(&mut bo, &format!(r#"{{"type":"JoinGame","invite":"{}"}}"#, invite.expose())).await;
    for p in [&mut ada, &mut bo] {
        hub.handle(p, &format!(r#"{{"type":"Ready","game":{game}}}"#)).await;
    }
    (game, ada, bo)
}

async fn white_ms(hub: &Hub, game: u64) -> u64 {
    let mut ada = hello(hub, "ada", "Ada").await;
    let s = hub.handle(&mut ada, &format!(r#"{{"type":"GetGame","game":{game}}}"#)).await;
    assert_eq!(state(&s).phase, Phase::Playing, "{s:?}");
    state(&s).clock.white_ms
}

#[tokio::test]
async fn an_outage_is_not_charged_to_the_player_to_move() {
    let dir = tempfile::tempdir().unwrap();
    let clock = Arc::new(ManualClock::new(1_000_000));
    let before = started_hub(&dir, &clock).await;
    let (game, _, _) = ten_minutes(&before).await;
    // White thinks for a minute while the server says it is up; then the server dies.
    for _ in 0..60 {
        clock.advance(BEAT);
        before.beat().await.unwrap();
    }
    drop(before);
    // Down for a quarter of an hour: longer than White's nine minutes left.
    clock.advance(15 * 60_000);
    let after = started_hub(&dir, &clock).await;
    assert_eq!(white_ms(&after, game).await, 9 * 60_000, "the minute thought is charged, the outage is not");
    // Stored: a third server start replays the credit.
    drop(after);
    clock.advance(2 * BEAT);
    let again = started_hub(&dir, &clock).await;
    assert_eq!(white_ms(&again, game).await, 9 * 60_000 - 2 * BEAT);
    // And play goes on.
    let mut ada = hello(&again, "ada", "Ada").await;
    let moved = again.handle(&mut ada, &format!(r#"{{"type":"Move","game":{game},"ply":0,"action":"e2-e4"}}"#)).await;
    assert!(matches!(moved[0], ServerMessage::MoveAccepted { .. }), "{moved:?}");
}

#[tokio::test]
async fn a_quick_restart_credits_nothing_and_a_clock_already_out_stays_out() {
    let dir = tempfile::tempdir().unwrap();
    let clock = Arc::new(ManualClock::new(1_000_000));
    let hub = started_hub(&dir, &clock).await;
    let (game, _, _) = ten_minutes(&hub).await;
    clock.advance(BEAT);
    hub.beat().await.unwrap();
    drop(hub);
    // Back within the outage threshold (another server may have been up): charged as usual.
    clock.advance(OUTAGE - BEAT);
    let hub = started_hub(&dir, &clock).await;
    assert_eq!(white_ms(&hub, game).await, 10 * 60_000 - OUTAGE);
    // White's time runs out while the server is still up (saying so), unseen ...
    clock.advance(10 * 60_000);
    hub.beat().await.unwrap();
    drop(hub);
    // ... then an outage: no credit revives it.
    clock.advance(60 * 60_000);
    let hub = started_hub(&dir, &clock).await;
    let mut bo = hello(&hub, "bo", "Bo").await;
    let s = hub.handle(&mut bo, &format!(r#"{{"type":"GetGame","game":{game}}}"#)).await;
    let result = state(&s).result.clone().expect("over");
    assert_eq!(result.reason, "timeout", "{s:?}");
}

#[tokio::test]
async fn the_timer_ends_a_game_nobody_reads() {
    let dir = tempfile::tempdir().unwrap();
    let clock = Arc::new(ManualClock::new(1_000_000));
    let hub = started_hub(&dir, &clock).await;
    let (game, _, _) = ten_minutes(&hub).await;
    drop(hub);
    // A server starts; no one asks for the game.
    let hub = started_hub(&dir, &clock).await;
    assert_eq!((hub.games_in_memory(), hub.running_clocks()), (0, 1), "known to the timer, not held");
    clock.advance(10 * 60_000 - 1);
    assert_eq!(hub.tick().await, 0, "not yet");
    clock.advance(1);
    assert_eq!(hub.tick().await, 1, "White's flag falls");
    assert_eq!((hub.games_in_memory(), hub.running_clocks()), (0, 0));
    let log = hub.store().load(game, 0).await.unwrap();
    assert!(log.last().unwrap().2.contains("timed_out"), "stored: {log:?}");
    assert!(hub.store().unfinished().await.unwrap().is_empty(), "and marked finished");
}
