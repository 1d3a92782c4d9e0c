//! What an operator reads, on loopback: `/healthz` while the database answers, and `/metrics`
//! counting connections, games, moves, storing and refusals as they happen.

mod common;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use common::net::{player, send, started, state_until};
use surface_chess_server::SystemClock;
use surface_chess_server::limits::Limits;
use surface_chess_server::serve::{self, Config};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::time::timeout;

/// The status line and body of `GET path` (within five seconds).
async fn get(addr: SocketAddr, path: &str) -> (String, String) {
    let exchange = async {
        let mut stream = TcpStream::connect(addr).await.unwrap();
        let request = format!("GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
        stream.write_all(request.as_bytes()).await.unwrap();
        let mut text = String::new();
        stream.read_to_string(&mut text).await.unwrap();
        text
    };
    let text = timeout(Duration::from_secs(5), exchange).await.expect("answered in time");
    let (head, body) = text.split_once("\r\n\r\n").expect("a head and a body");
    (head.lines().next().unwrap_or_default().to_owned(), body.to_owned())
}

/// The value of one metric line (`name` with its labels).
fn value(metrics: &str, name: &str) -> f64 {
    metrics
        .lines()
        .find_map(|l| l.strip_prefix(name)?.strip_prefix(' ')?.parse().ok())
        .unwrap_or_else(|| panic!("no {name} in\n{metrics}"))
}

#[tokio::test]
async fn health_and_metrics_follow_what_happens() {
    let mut config = Config::new("127.0.0.1:0".parse().unwrap(), "sqlite::memory:");
    config.limits = Limits { per_ip: 3, ..Limits::default() };
    let running = serve::start(config, Arc::new(SystemClock)).await.unwrap();
    let (status, body) = get(running.addr, "/healthz").await;
    assert_eq!((status.as_str(), body.as_str()), ("HTTP/1.1 200 OK", "ok\n"));
    let mut ada = player(&running.url(), "ada").await;
    let mut bo = player(&running.url(), "bo").await;
    let game = started(&mut ada, &mut bo, r#""variant":"chess","side":"white""#).await;
    send(&mut ada, &format!(r#"{{"type":"Move","game":{game},"ply":0,"action":"e2-e4"}}"#)).await;
    state_until(&mut bo, |s| s.moves.len() == 1).await;
    send(&mut ada, r#"{"type":"Nonsense"}"#).await;
    common::net::error_until(&mut ada).await;
    // The two players and one more connection are all this address may hold.
    let third = TcpStream::connect(running.addr).await.unwrap();
    let (refused, _) = get(running.addr, "/metrics").await;
    assert!(refused.starts_with("HTTP/1.1 429"), "{refused}");
    drop(third);
    let mut answered = None;
    for _ in 0..50 {
        let (status, metrics) = get(running.addr, "/metrics").await;
        if status == "HTTP/1.1 200 OK" {
            answered = Some(metrics);
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let metrics = answered.expect("the third connection's place is given back");
    assert_eq!(value(&metrics, "surface_chess_connections"), 3.0, "the two players and this request");
    assert_eq!(value(&metrics, "surface_chess_games_in_memory"), 1.0);
    assert_eq!(value(&metrics, "surface_chess_moves_total"), 1.0);
    assert!(value(&metrics, "surface_chess_storage_seconds_count") >= 4.0, "created, joined, two readies, a move");
    assert!(value(&metrics, "surface_chess_storage_seconds_sum") > 0.0);
    assert!(value(&metrics, r#"surface_chess_refusals_total{code="too_many_from_address"}"#) >= 1.0);
    assert_eq!(value(&metrics, r#"surface_chess_refusals_total{code="malformed"}"#), 1.0);
    assert!(metrics.contains("# TYPE surface_chess_moves_total counter"));
    if cfg!(target_os = "linux") {
        let (now, peak) =
            (value(&metrics, "surface_chess_resident_bytes"), value(&metrics, "surface_chess_peak_resident_bytes"));
        assert!(now > 1e6 && peak >= now, "resident {now}, peak {peak}");
    }
    running.stop();
}
