//! Helpers of the network tests: servers on loopback, players on sockets, PostgreSQL databases.

use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

use surface_chess_server::client::Socket;
use surface_chess_server::serve::{self, Config, Running};
use surface_chess_server::{GameState, Phase, ServerMessage, ServerTime};

use super::secret;

/// A server on a free loopback port over `database`, reading time from `time`.
pub async fn server(database: &str, time: Arc<dyn ServerTime>) -> Running {
    let mut config = Config::new("127.0.0.1:0".parse().unwrap(), database);
    config.tick = Duration::from_millis(20);
    serve::start(config, time).await.expect("a server on loopback")
}

/// A player connected to `url` as `tag`.
pub async fn player(url: &str, tag: &str) -> Socket {
    Socket::hello(url, &secret(tag), tag).await.expect("connected and welcomed")
}

/// Sends a message's JSON text.
pub async fn send(socket: &mut Socket, text: &str) {
    socket.send_text(text.to_owned()).await.expect("sent");
}

/// Receives until a state satisfies `want` (failing after ten seconds).
pub async fn state_until(socket: &mut Socket, want: impl Fn(&GameState) -> bool) -> GameState {
    let wait = socket.recv_until(|m| matches!(m, ServerMessage::GameState(s) if want(s)));
    match tokio::time::timeout(Duration::from_secs(10), wait).await {
        Ok(Ok(ServerMessage::GameState(s))) => s,
        other => panic!("no such state: {other:?}"),
    }
}

/// Receives the next error's code (failing after ten seconds).
pub async fn error_until(socket: &mut Socket) -> String {
    let wait = socket.recv_until(|m| matches!(m, ServerMessage::Error { .. }));
    match tokio::time::timeout(Duration::from_secs(10), wait).await {
        Ok(Ok(ServerMessage::Error { code, .. })) => code,
        other => panic!("no error: {other:?}"),
    }
}

/// Creates a game as `creator` (JSON fields), joins it as `friend`, both press Ready; returns
/// its number once the creator sees it playing.
pub async fn started(creator: &mut Socket, friend: &mut Socket, fields: &str) -> u64 {
    send(creator, &format!(r#"{{"type":"CreateGame",{fields}}}"#)).await;
    let created = state_until(creator, |s| s.phase == Phase::WaitingForOpponent).await;
    let (game, invite) = (created.game, created.invite.expect("the creator sees the invite"));
    send(friend, &format!(r#"{{"type":"JoinGame","invite":"{}"}}"#, invite.expose())).await;
    state_until(friend, |s| s.game == game).await;
    for p in [&mut *creator, &mut *friend] {
        send(p, &format!(r#"{{"type":"Ready","game":{game}}}"#)).await;
    }
    state_until(creator, |s| s.game == game && s.phase == Phase::Playing).await;
    game
}

/// A fresh PostgreSQL database on the server named by `SURFACE_CHESS_POSTGRES` (an admin URL
/// such as `.ci/postgres` prints); returns its URL.
pub async fn postgres_database() -> String {
    use sqlx::Connection;
    static N: AtomicU32 = AtomicU32::new(0);
    let admin = std::env::var("SURFACE_CHESS_POSTGRES").expect(
        "the PostgreSQL tests need SURFACE_CHESS_POSTGRES=postgres://USER:PASSWORD@HOST:PORT/postgres \
         (`.ci/postgres` starts a server and prints it)",
    );
    let name = format!("surface_chess_test_{}_{}", std::process::id(), N.fetch_add(1, Ordering::Relaxed));
    let mut conn = sqlx::PgConnection::connect(&admin).await.expect("the PostgreSQL server");
    sqlx::query(&format!("CREATE DATABASE {name}")).execute(&mut conn).await.expect("a test database");
    let base = admin.rsplit_once('/').expect("a database URL").0;
    format!("{base}/{name}")
}
