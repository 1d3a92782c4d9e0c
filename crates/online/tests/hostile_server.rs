//! The client against servers that misbehave, on loopback with short deadlines: one that accepts
//! and says nothing, one that never welcomes, one that goes silent after the Welcome, one that
//! sends garbage and a message far over the limit. The client never hangs or panics: each is
//! reported as a lost connection within its deadline and retried, the backoff growing until a
//! server welcomes it.

use std::future::Future;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use surface_chess_online::client::{BACKOFF_MIN, ClientEvent, Connection, Deadlines, MAX_SERVER_MESSAGE};
use tokio::net::{TcpListener, TcpStream};
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::Message;

const SHORT: Deadlines = Deadlines {
    connect: Duration::from_millis(400),
    welcome: Duration::from_millis(400),
    ping: Duration::from_millis(100),
    silence: Duration::from_millis(400),
};

/// A server on a loopback port, on its own thread, handling each TCP connection with `handle`;
/// returns its WebSocket URL.
fn serve<F, Fut>(handle: F) -> String
where
    F: Fn(TcpStream) -> Fut + Send + 'static,
    Fut: Future<Output = ()> + Send + 'static,
{
    let (port, told) = mpsc::channel();
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        runtime.block_on(async move {
            let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
            port.send(listener.local_addr().unwrap().port()).unwrap();
            while let Ok((tcp, _)) = listener.accept().await {
                tokio::spawn(handle(tcp));
            }
        });
    });
    format!("ws://127.0.0.1:{}/ws", told.recv().unwrap())
}

/// The WebSocket handshake, then `then` with the socket.
fn websocket<F, Fut>(then: F) -> impl Fn(TcpStream) -> std::pin::Pin<Box<dyn Future<Output = ()> + Send>> + Send
where
    F: Fn(WebSocketStream<TcpStream>) -> Fut + Send + Sync + Copy + 'static,
    Fut: Future<Output = ()> + Send + 'static,
{
    move |tcp| {
        Box::pin(async move {
            if let Ok(ws) = tokio_tungstenite::accept_async(tcp).await {
                then(ws).await;
            }
        })
    }
}

/// The events until `until` holds for one (failing after `within`), with the time it came.
fn events_until(
    c: &Connection,
    within: Duration,
    until: impl Fn(&ClientEvent) -> bool,
) -> Vec<(Duration, ClientEvent)> {
    let start = Instant::now();
    let mut seen = Vec::new();
    loop {
        let left = within.checked_sub(start.elapsed()).unwrap_or_else(|| panic!("not within {within:?}: {seen:?}"));
        let Some(e) = c.wait(left) else { panic!("not within {within:?}: {seen:?}") };
        let done = until(&e);
        seen.push((start.elapsed(), e));
        if done {
            return seen;
        }
    }
}

fn attempt(e: &ClientEvent) -> Option<u32> {
    if let ClientEvent::Connecting { attempt } = e { Some(*attempt) } else { None }
}

fn lost_because(seen: &[(Duration, ClientEvent)]) -> Vec<String> {
    seen.iter()
        .filter_map(|(_, e)| if let ClientEvent::Disconnected { why, .. } = e { Some(why.clone()) } else { None })
        .collect()
}

const SECRET: &str = "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";

#[test]
fn a_server_that_accepts_and_says_nothing_is_given_up_on_and_retried_ever_more_slowly() {
    let url = serve(|tcp| async move {
        // Holds the connection open, never answering the handshake.
        tokio::time::sleep(Duration::from_secs(60)).await;
        drop(tcp);
    });
    let c = Connection::open_with(&url, SECRET, "Ada", SHORT);
    let seen = events_until(&c, Duration::from_secs(5), |e| attempt(e) == Some(3));
    let why = lost_because(&seen);
    assert_eq!(why.len(), 2, "{seen:?}");
    assert!(why.iter().all(|w| w.contains("connect")), "{why:?}");
    // The waits grow: the backoff was never reset.
    let retries: Vec<Duration> = seen
        .iter()
        .filter_map(|(_, e)| if let ClientEvent::Disconnected { retry, .. } = e { Some(*retry) } else { None })
        .collect();
    assert!(retries[1] > retries[0], "{retries:?}");
}

#[test]
fn a_server_that_never_welcomes_is_dropped_and_the_backoff_keeps_growing() {
    let url = serve(websocket(|mut ws| async move {
        // Reads everything (answering pings), never says Welcome.
        while ws.next().await.is_some() {}
    }));
    let c = Connection::open_with(&url, SECRET, "Ada", SHORT);
    let seen = events_until(&c, Duration::from_secs(5), |e| attempt(e) == Some(3));
    let why = lost_because(&seen);
    assert!(why.len() == 2 && why.iter().all(|w| w.contains("welcome")), "{seen:?}");
    let first_loss = seen.iter().find(|(_, e)| matches!(e, ClientEvent::Disconnected { .. })).unwrap().0;
    assert!(first_loss < Duration::from_secs(2), "dropped within its deadline: {first_loss:?}");
}

/// Reads the Hello and welcomes it.
async fn welcome(ws: &mut WebSocketStream<TcpStream>) {
    while let Some(Ok(m)) = ws.next().await {
        if m.is_text() {
            let welcome = r#"{"type":"Welcome","version":1,"name":"Ada"}"#;
            let _ = ws.send(Message::text(welcome)).await;
            return;
        }
    }
}

#[test]
fn a_link_that_goes_silent_after_the_welcome_shows_as_lost_in_time_and_is_retried_at_once() {
    let url = serve(websocket(|mut ws| async move {
        welcome(&mut ws).await;
        // Then neither reads (no pong) nor writes.
        tokio::time::sleep(Duration::from_secs(60)).await;
    }));
    let c = Connection::open_with(&url, SECRET, "Ada", SHORT);
    let seen = events_until(&c, Duration::from_secs(5), |e| matches!(e, ClientEvent::Disconnected { .. }));
    let (welcomed_at, lost_at) =
        (seen.iter().find(|(_, e)| *e == ClientEvent::Connected).expect("welcomed").0, seen.last().unwrap().0);
    assert!(lost_why_contains(&seen, "answer"), "{seen:?}");
    assert!(lost_at - welcomed_at < SHORT.silence * 3, "noticed within the silence allowed: {seen:?}");
    // A server that welcomed us resets the backoff: the retry waits the shortest time.
    let Some((_, ClientEvent::Disconnected { retry, .. })) = seen.last() else { panic!("{seen:?}") };
    assert!(*retry <= BACKOFF_MIN, "{retry:?}");
}

fn lost_why_contains(seen: &[(Duration, ClientEvent)], words: &str) -> bool {
    lost_because(seen).iter().any(|w| w.contains(words))
}

#[test]
fn garbage_is_ignored_and_a_huge_message_drops_the_link_without_harm() {
    let url = serve(websocket(|mut ws| async move {
        welcome(&mut ws).await;
        let garbage = [
            Message::text("not json"),
            Message::text(r#"{"type":"GameState"}"#),
            Message::text(r#"{"type":"NoSuchMessage","x":1}"#),
            Message::binary(vec![0u8; 1000]),
            Message::text(r#"{"type":"Welcome","version":1,"name":"Mallory"}"#),
            Message::text(r#"{"type":"Error","code":"x","message":"a fine error"}"#),
        ];
        for m in garbage {
            let _ = ws.send(m).await;
        }
        let _ = ws.send(Message::text("x".repeat(2 * MAX_SERVER_MESSAGE))).await;
        while ws.next().await.is_some() {}
    }));
    let c = Connection::open_with(&url, SECRET, "Ada", SHORT);
    let seen = events_until(&c, Duration::from_secs(5), |e| matches!(e, ClientEvent::Disconnected { .. }));
    // The one readable message came through; the rest was skipped; the huge one ended the link.
    let messages: Vec<&ClientEvent> =
        seen.iter().map(|(_, e)| e).filter(|e| matches!(e, ClientEvent::Message(_))).collect();
    assert!(
        messages.iter().any(|e| matches!(e, ClientEvent::Message(surface_chess_online::ServerMessage::Error { code, .. }) if code == "x")),
        "{seen:?}"
    );
    assert!(lost_why_contains(&seen, "too long"), "a size limit: {seen:?}");
}
