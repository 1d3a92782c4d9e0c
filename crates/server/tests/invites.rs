//! Invite codes are kept as digests: no code is anywhere in the database (a stolen copy gives no
//! seat away), a code still seats the friend, and the codes a server stored before digests are
//! digested when a server opens the database, and still work.

mod common;

use std::sync::Arc;

use common::{hello, token};
use sqlx::Connection;
use surface_chess_server::{Hub, InviteCode, ManualClock, ServerMessage, Side, Store};

fn state(replies: &[ServerMessage]) -> &surface_chess_server::GameState {
    match replies {
        [ServerMessage::GameState(s), ..] => s,
        other => panic!("{other:?}"),
    }
}

/// Every byte the database keeps (the file and its write-ahead log).
fn database_bytes(dir: &tempfile::TempDir) -> Vec<u8> {
    let mut bytes = Vec::new();
    for name in ["games.db", "games.db-wal"] {
        bytes.extend(std::fs::read(dir.path().join(name)).unwrap_or_default());
    }
    bytes
}

fn contains(haystack: &[u8], needle: &str) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle.as_bytes())
}

#[tokio::test]
async fn invite_codes_are_stored_as_digests_and_codes_stored_before_still_seat_the_friend() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("games.db").display());
    drop(Store::open(&url).await.unwrap());
    // A game as a server stored it before digests: the code in the table and in its creation.
    let old = "k7m2x9qd4tb8hw3nc5vp";
    let created = format!(
        r#"{{"event":"created","variant":"chess","asked":"white","side":"white","clock":{{"kind":"rapid","minutes":30,"increment_seconds":0}},"spectators":false,"token":"{}","name":"Ada","invite":"{old}"}}"#,
        token("ada").digest()
    );
    let mut conn = sqlx::SqliteConnection::connect(&url).await.unwrap();
    for (sql, binds) in [
        ("INSERT INTO games (id, invite, created_at) VALUES (1, $1, 0)", vec![old.to_owned()]),
        ("INSERT INTO events (game, seq, at, body) VALUES (1, 0, 0, $1)", vec![created]),
        ("INSERT INTO seats (token, game) VALUES ($1, 1)", vec![token("ada").digest().to_owned()]),
    ] {
        binds.iter().fold(sqlx::query(sql), |q, b| q.bind(b.clone())).execute(&mut conn).await.unwrap();
    }
    drop(conn);

    let hub = Hub::new(Store::open(&url).await.unwrap(), Arc::new(ManualClock::new(1_000)));
    hub.recover().await.unwrap();
    let mut bo = hello(&hub, "bo", "Bo").await;
    let joined = hub.handle(&mut bo, &format!(r#"{{"type":"JoinGame","invite":"{old}"}}"#)).await;
    assert_eq!((state(&joined).game, state(&joined).you), (1, Some(Side::Black)), "the old code still works");

    // A new game: its code reaches its creator and is nowhere in the database.
    let mut ada = hello(&hub, "ada", "Ada").await;
    let made = hub.handle(&mut ada, r#"{"type":"CreateGame","variant":"klein","side":"white"}"#).await;
    let code = state(&made).invite.clone().expect("the creator is told the code").expose().to_owned();
    let mut eve = hello(&hub, "eve", "Eve").await;
    let seated = hub.handle(&mut eve, &format!(r#"{{"type":"JoinGame","invite":"{code}"}}"#)).await;
    assert_eq!(state(&seated).you, Some(Side::Black));
    // The old code is gone from every row; the new one was never written anywhere.
    let mut conn = sqlx::SqliteConnection::connect(&url).await.unwrap();
    let rows: Vec<(String,)> = sqlx::query_as("SELECT invite FROM games UNION ALL SELECT body FROM events")
        .fetch_all(&mut conn)
        .await
        .unwrap();
    for (text,) in &rows {
        assert!(!text.contains(old) && !text.contains(&code), "a code in {text}");
    }
    drop((conn, hub));
    let bytes = database_bytes(&dir);
    assert!(!bytes.is_empty() && !contains(&bytes, &code), "the new code is in the database file");
    assert!(contains(&bytes, &InviteCode::parse(&code).unwrap().digest()), "its digest is");
    // The old game replays from its rewritten creation.
    let hub = Hub::new(Store::open(&url).await.unwrap(), Arc::new(ManualClock::new(2_000)));
    assert_eq!(hub.game(1).await.unwrap().side_of(&token("bo")), Some(surface_chess_rules::Color::Black));
}
