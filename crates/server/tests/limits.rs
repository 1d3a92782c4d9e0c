//! What a client can make the server hold, on loopback: connections per address and in all
//! (refused with an HTTP error), the headers' deadline, pings and their pongs, silence, and every
//! frame kind against the rate limit. Each loop is bounded in count and each wait in time.

mod common;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use common::net::player;
use futures_util::{SinkExt, StreamExt};
use surface_chess_server::limits::{Limits, Slots};
use surface_chess_server::serve::{self, Config, Running};
use surface_chess_server::{ServerMessage, SystemClock};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use tokio::time::{sleep, timeout};
use tokio_tungstenite::tungstenite::{Error as WsError, Message};

/// A server on loopback with `limits`.
async fn server(limits: Limits) -> Running {
    let mut config = Config::new("127.0.0.1:0".parse().unwrap(), "sqlite::memory:");
    config.limits = limits;
    serve::start(config, Arc::new(SystemClock)).await.expect("a server on loopback")
}

/// A TCP connection to `addr` from the loopback address 127.0.0.`host`.
async fn tcp_from(host: u8, addr: SocketAddr) -> TcpStream {
    let socket = TcpSocket::new_v4().unwrap();
    socket.bind(SocketAddr::from(([127, 0, 0, host], 0))).unwrap();
    socket.connect(addr).await.unwrap()
}

/// What the server sends before it closes (at most 4 KiB, within five seconds).
async fn answer(stream: &mut TcpStream) -> String {
    let mut buf = vec![0; 4096];
    let mut got = Vec::new();
    let read = async {
        while let Ok(n) = stream.read(&mut buf).await {
            if n == 0 || got.len() > 4096 {
                break;
            }
            got.extend_from_slice(&buf[..n]);
        }
    };
    timeout(Duration::from_secs(5), read).await.expect("the server answers and closes within five seconds");
    String::from_utf8_lossy(&got).into_owned()
}

/// Waits (up to five seconds) until the server holds `n` connections.
async fn open_becomes(slots: &Slots, n: usize) {
    for _ in 0..100 {
        if slots.open() == n {
            return;
        }
        sleep(Duration::from_millis(50)).await;
    }
    panic!("{} connections open, not {n}", slots.open());
}

/// Reads until the server's close frame and returns its reason (`None` if the socket just ends).
async fn close_reason<S: futures_util::Stream<Item = Result<Message, WsError>> + Unpin>(ws: &mut S) -> Option<String> {
    loop {
        match ws.next().await {
            Some(Ok(Message::Close(frame))) => return frame.map(|f| f.reason.to_string()),
            Some(Ok(_)) => continue,
            _ => return None,
        }
    }
}

fn limits() -> Limits {
    Limits { connections: 5, per_ip: 3, ..Limits::default() }
}

#[tokio::test]
async fn connections_are_capped_per_address_and_in_all_with_an_http_error() {
    let running = server(limits()).await;
    let mut held = Vec::new();
    for _ in 0..3 {
        held.push(tcp_from(1, running.addr).await);
    }
    open_becomes(&running.slots, 3).await;
    let mut fourth = tcp_from(1, running.addr).await;
    let refused = answer(&mut fourth).await;
    assert!(refused.starts_with("HTTP/1.1 429 "), "{refused}");
    assert!(refused.contains("3 connections from your address"), "{refused}");
    for _ in 0..2 {
        held.push(tcp_from(2, running.addr).await);
    }
    open_becomes(&running.slots, 5).await;
    let mut sixth = tcp_from(3, running.addr).await;
    let full = answer(&mut sixth).await;
    assert!(full.starts_with("HTTP/1.1 503 "), "{full}");
    // A connection closed gives its place back: a player from the first address now gets in.
    held.remove(0);
    open_becomes(&running.slots, 4).await;
    let mut carol = timeout(Duration::from_secs(5), player(&running.url(), "carol")).await.expect("in time");
    carol.send_text(r#"{"type":"Lobby"}"#.to_owned()).await.unwrap();
    let lobby = timeout(Duration::from_secs(5), carol.recv()).await.expect("in time").unwrap();
    assert!(matches!(lobby, ServerMessage::Lobby { .. }), "{lobby:?}");
    running.stop();
}

#[tokio::test]
async fn a_request_that_never_finishes_its_headers_is_closed() {
    let running = server(Limits { header_timeout: Duration::from_millis(300), ..limits() }).await;
    let mut silent = tcp_from(1, running.addr).await;
    let mut partial = tcp_from(1, running.addr).await;
    partial.write_all(b"GET /ws HTTP/1.1\r\nHost: localhost\r\n").await.unwrap();
    open_becomes(&running.slots, 2).await;
    // Both are closed (an empty answer or a 408), and their places are free again.
    for stream in [&mut silent, &mut partial] {
        let answer = answer(stream).await;
        assert!(answer.is_empty() || answer.starts_with("HTTP/1.1 408"), "{answer}");
    }
    open_becomes(&running.slots, 0).await;
    running.stop();
}

#[tokio::test]
async fn a_socket_that_does_not_answer_pings_is_closed_and_one_that_does_stays() {
    let fast = Limits { ping_every: Duration::from_millis(150), pong_deadline: Duration::from_millis(150), ..limits() };
    let running = server(fast).await;
    let (mut deaf, _) = tokio_tungstenite::connect_async(running.url()).await.unwrap();
    let (mut listening, _) = tokio_tungstenite::connect_async(running.url()).await.unwrap();
    open_becomes(&running.slots, 2).await;
    // The listening socket reads (and so answers pings) for a second; the deaf one does not.
    let reading = async {
        while let Some(Ok(frame)) = listening.next().await {
            assert!(matches!(frame, Message::Ping(_)), "only pings: {frame:?}");
        }
    };
    let _ = timeout(Duration::from_secs(1), reading).await;
    open_becomes(&running.slots, 1).await;
    // The deaf socket finds the server's close frame, saying why.
    let close = timeout(Duration::from_secs(5), close_reason(&mut deaf)).await.expect("in time");
    assert_eq!(close.as_deref(), Some("no pong"));
    running.stop();
}

#[tokio::test]
async fn a_socket_heard_from_is_not_pinged() {
    let fast = Limits { ping_every: Duration::from_millis(150), pong_deadline: Duration::from_millis(150), ..limits() };
    let running = server(fast).await;
    let (ws, _) = tokio_tungstenite::connect_async(running.url()).await.unwrap();
    let (mut to_server, mut from_server) = ws.split();
    // A ping of its own every 50 ms for a second (20 frames a second, within the rate limit):
    // the server answers them with pongs and never asks for one.
    let talking = async {
        for _ in 0..20 {
            to_server.send(Message::Ping(Vec::new().into())).await.unwrap();
            sleep(Duration::from_millis(50)).await;
        }
    };
    let mut pongs = 0;
    let reading = async {
        while let Some(Ok(frame)) = from_server.next().await {
            assert!(matches!(frame, Message::Pong(_)), "only pongs: {frame:?}");
            pongs += 1;
        }
    };
    // Read while it talks, and stop with it.
    tokio::select! {
        () = talking => {}
        () = reading => panic!("the server closed"),
    }
    assert!(pongs >= 15, "{pongs} pongs for 20 pings");
    // Silent, it is pinged again within a period and a half.
    let frame = timeout(Duration::from_millis(600), from_server.next()).await.expect("a ping in time");
    assert!(matches!(frame, Some(Ok(Message::Ping(_)))), "{frame:?}");
    running.stop();
}

#[tokio::test]
async fn a_socket_that_says_nothing_is_closed_when_idle() {
    let quiet = Limits { ping_every: Duration::from_millis(100), idle: Duration::from_millis(400), ..limits() };
    let running = server(quiet).await;
    let (mut silent, _) = tokio_tungstenite::connect_async(running.url()).await.unwrap();
    let close = timeout(Duration::from_secs(5), close_reason(&mut silent)).await.expect("closed within five seconds");
    assert_eq!(close.as_deref(), Some("idle"), "pongs alone do not keep a connection open");
    open_becomes(&running.slots, 0).await;
    running.stop();
}

#[tokio::test]
async fn binary_frames_and_pings_count_against_the_rate_limit_and_a_flood_is_closed() {
    let mut config = Config::new("127.0.0.1:0".parse().unwrap(), "sqlite::memory:");
    (config.rate, config.burst) = (1, 2);
    let running = serve::start(config, Arc::new(SystemClock)).await.unwrap();
    let (mut ws, _) = tokio_tungstenite::connect_async(running.url()).await.unwrap();
    for _ in 0..3 {
        ws.send(Message::Binary(vec![0; 8].into())).await.unwrap();
    }
    let mut codes = Vec::new();
    while codes.len() < 3 {
        match timeout(Duration::from_secs(5), ws.next()).await.expect("answered in time") {
            Some(Ok(Message::Text(text))) => {
                let ServerMessage::Error { code, .. } = serde_json::from_str(&text).unwrap() else { panic!("{text}") };
                codes.push(code);
            }
            other => panic!("{other:?}"),
        }
    }
    assert_eq!(codes, ["malformed", "malformed", "rate_limited"]);
    // A flood of pings (no replies of their own) ends in the close frame.
    let flood = async {
        for _ in 0..200 {
            if ws.send(Message::Ping(Vec::new().into())).await.is_err() {
                break;
            }
        }
        close_reason(&mut ws).await
    };
    let reason = timeout(Duration::from_secs(10), flood).await.expect("closed in time");
    assert_eq!(reason.as_deref(), Some("rate limited"));
    running.stop();
}

#[tokio::test]
async fn a_client_that_stops_reading_is_dropped_after_the_send_timeout() {
    let mut config = Config::new("127.0.0.1:0".parse().unwrap(), "sqlite::memory:");
    (config.rate, config.burst) = (1_000_000, 1_000_000);
    config.limits = Limits { send_timeout: Duration::from_millis(300), ..limits() };
    let running = serve::start(config, Arc::new(SystemClock)).await.unwrap();
    let (mut ws, _) = tokio_tungstenite::connect_async(running.url()).await.unwrap();
    open_becomes(&running.slots, 1).await;
    // Each message is answered with an error; none is read, so the replies fill the buffers.
    let flood = async {
        for _ in 0..400_000 {
            if ws.feed(Message::Text("x".into())).await.is_err() {
                return;
            }
        }
        let _ = ws.flush().await;
    };
    let _ = timeout(Duration::from_secs(20), flood).await;
    open_becomes(&running.slots, 0).await;
    running.stop();
}
