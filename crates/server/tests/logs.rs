//! The server's log, as an operator reads it: structured events (listening, connections, games,
//! refusals by code), one per line in plain text or JSON, and never a secret: no identity
//! secret, no token digest, no invite code, whatever the clients send.

mod common;

use std::io::Write;
use std::sync::{Arc, Mutex};

use common::net::{error_until, player, send, server, state_until};
use common::{secret, token};
use surface_chess_server::logging::{LogFormat, subscriber};
use surface_chess_server::{Phase, SystemClock};
use tracing_subscriber::EnvFilter;
use tracing_subscriber::fmt::MakeWriter;

/// Log lines, kept in memory.
#[derive(Clone, Default)]
struct Captured(Arc<Mutex<Vec<u8>>>);

impl Write for Captured {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl<'a> MakeWriter<'a> for Captured {
    type Writer = Captured;
    fn make_writer(&'a self) -> Captured {
        self.clone()
    }
}

/// Plays a game with refusals on the way through a server logging everything (`trace`) in
/// `format`; returns the log and the secrets the clients used.
async fn logged_session(format: LogFormat) -> (String, Vec<String>) {
    let captured = Captured::default();
    // The test runtime has one thread: the server's tasks log to this subscriber too.
    let _guard = tracing::subscriber::set_default(subscriber(format, EnvFilter::new("trace"), captured.clone()));
    let running = server("sqlite::memory:", Arc::new(SystemClock)).await;
    let url = running.url();
    let (mut ada, mut bo) = (player(&url, "Ada7kQ").await, player(&url, "Bo9xZr").await);
    send(&mut ada, r#"{"type":"CreateGame","variant":"chess","side":"white"}"#).await;
    let created = state_until(&mut ada, |s| s.phase == Phase::WaitingForOpponent).await;
    let (game, invite) = (created.game, created.invite.unwrap().expose().to_owned());
    // A wrong code, a second identity on one connection, then the right code.
    send(&mut bo, r#"{"type":"JoinGame","invite":"zzzzzzzzzzzzzzzzzzzz"}"#).await;
    assert_eq!(error_until(&mut bo).await, "bad_invite");
    let other = secret("Eve3Pw");
    send(&mut bo, &format!(r#"{{"type":"Hello","version":1,"token":"{other}","name":"Eve"}}"#)).await;
    assert_eq!(error_until(&mut bo).await, "identity_taken");
    send(&mut bo, &format!(r#"{{"type":"JoinGame","invite":"{invite}"}}"#)).await;
    state_until(&mut bo, |s| s.game == game).await;
    send(&mut bo, &format!(r#"{{"type":"Resign","game":{game}}}"#)).await;
    state_until(&mut ada, |s| s.phase == Phase::Finished).await;
    drop((ada, bo));
    running.stop();
    tokio::task::yield_now().await;
    let log = String::from_utf8(captured.0.lock().unwrap().clone()).expect("UTF-8 lines");
    let mut secrets = vec![invite];
    for tag in ["Ada7kQ", "Bo9xZr", "Eve3Pw"] {
        secrets.push(secret(tag));
        secrets.push(token(tag).digest().to_owned());
    }
    (log, secrets)
}

fn no_secret_in(log: &str, secrets: &[String]) {
    for s in secrets {
        // Any 12 characters of a secret would already say too much.
        for piece in s.as_bytes().windows(12) {
            let piece = std::str::from_utf8(piece).unwrap();
            // (The tests' secrets are padded with `_`.)
            if piece.bytes().all(|b| b == b'_') {
                continue;
            }
            assert!(!log.contains(piece), "the log holds part of a secret ({piece:?}):\n{log}");
        }
    }
}

#[tokio::test]
async fn plain_logs_name_what_happened_and_no_secret() {
    let (log, secrets) = logged_session(LogFormat::Plain).await;
    for said in ["listening", "created", "refused", "bad_invite", "identity_taken", "finished"] {
        assert!(log.contains(said), "the log says {said:?}:\n{log}");
    }
    no_secret_in(&log, &secrets);
}

#[tokio::test]
async fn json_logs_are_one_object_per_line_and_hold_no_secret() {
    let (log, secrets) = logged_session(LogFormat::Json).await;
    let events: Vec<serde_json::Value> =
        log.lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}"))).collect();
    let with = |message: &str| events.iter().filter(|e| e["message"] == message).collect::<Vec<_>>();
    let created = with("created");
    assert_eq!(created.len(), 1, "{log}");
    assert_eq!((created[0]["variant"].as_str(), created[0]["level"].as_str()), (Some("chess"), Some("INFO")));
    let codes: Vec<&str> = with("refused").iter().filter_map(|e| e["code"].as_str()).collect();
    assert_eq!(codes, ["bad_invite", "identity_taken"], "{log}");
    assert!(with("finished").iter().any(|e| e["reason"].as_str().is_some_and(|r| r == "resignation")), "{log}");
    no_secret_in(&log, &secrets);
}
