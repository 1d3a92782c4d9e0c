//! The client side: [`Socket`], one WebSocket connection (tests and the load tester), and
//! [`Connection`], a connection that lives on its own thread, reconnects with backoff, says
//! Hello again, resumes the games it was following and resends a move that was not acknowledged
//! (the app's; the render thread only sends and polls). No server can hang or exhaust it:
//! connecting, the handshake and the Welcome each have a deadline, a link on which nothing is
//! heard (not even the answer to a ping) is dropped and reconnected, a message is at most
//! [`MAX_SERVER_MESSAGE`] bytes, and the backoff starts again only after a Welcome.

use std::collections::BTreeSet;
use std::sync::Mutex;
use std::sync::mpsc as std_mpsc;
use std::thread;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use tokio::net::TcpStream;
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream, connect_async_with_config};

use crate::game::GameId;
use crate::protocol::{ClientMessage, PROTOCOL_VERSION, ServerMessage, to_text};

/// Why a connection failed.
#[derive(Debug, thiserror::Error)]
pub enum ClientError {
    /// The WebSocket (connecting, sending, receiving).
    #[error("connection: {0}")]
    WebSocket(#[from] tokio_tungstenite::tungstenite::Error),
    /// The server closed the connection.
    #[error("the server closed the connection")]
    Closed,
    /// The server sent something that is not a message of this protocol.
    #[error("the server sent an unreadable message: {0}")]
    Unreadable(String),
    /// The server did not do its part in time.
    #[error("the server did not {0} within {1:?}")]
    TimedOut(&'static str, Duration),
}

/// The largest message read from a server (a frame or message over it drops the connection).
pub const MAX_SERVER_MESSAGE: usize = 1 << 20;

/// One WebSocket connection to a server.
pub struct Socket {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
}

impl Socket {
    /// Connects to `url` (`ws://HOST:PORT/ws`).
    ///
    /// # Errors
    /// The server cannot be reached.
    pub async fn connect(url: &str) -> Result<Socket, ClientError> {
        // Small buffers (tungstenite's defaults hold 256 KiB per connection; the load tester
        // opens thousands), each message written at once.
        let config = WebSocketConfig::default()
            .read_buffer_size(4096)
            .write_buffer_size(0)
            .max_message_size(Some(MAX_SERVER_MESSAGE))
            .max_frame_size(Some(MAX_SERVER_MESSAGE));
        let (ws, _) = connect_async_with_config(url, Some(config), true).await?;
        Ok(Socket { ws })
    }

    /// A connection made elsewhere (say with a TLS connector of one's own).
    pub fn from_stream(ws: WebSocketStream<MaybeTlsStream<TcpStream>>) -> Socket {
        Socket { ws }
    }

    /// Connects and says Hello; returns after the Welcome (or the server's refusal).
    ///
    /// # Errors
    /// The server cannot be reached, or refused the Hello.
    pub async fn hello(url: &str, secret: &str, name: &str) -> Result<Socket, ClientError> {
        let mut socket = Socket::connect(url).await?;
        socket.send(&hello(secret, name)).await?;
        match socket.recv().await? {
            ServerMessage::Welcome { .. } => Ok(socket),
            other => Err(ClientError::Unreadable(format!("{other:?}"))),
        }
    }

    /// Sends a message.
    ///
    /// # Errors
    /// The connection is gone.
    pub async fn send(&mut self, message: &ClientMessage) -> Result<(), ClientError> {
        self.send_text(to_text(message)).await
    }

    /// Sends raw text (tests of bad input).
    ///
    /// # Errors
    /// The connection is gone.
    pub async fn send_text(&mut self, text: String) -> Result<(), ClientError> {
        Ok(self.ws.send(Message::text(text)).await?)
    }

    /// The next message from the server.
    ///
    /// # Errors
    /// The connection closed or broke, or the message is not one of the protocol.
    pub async fn recv(&mut self) -> Result<ServerMessage, ClientError> {
        loop {
            match self.ws.next().await {
                Some(Ok(Message::Text(text))) => {
                    return serde_json::from_str(text.as_str()).map_err(|e| ClientError::Unreadable(e.to_string()));
                }
                Some(Ok(Message::Close(_))) | None => return Err(ClientError::Closed),
                Some(Ok(_)) => {}
                Some(Err(e)) => return Err(e.into()),
            }
        }
    }

    /// Receives until a message satisfies `want`; returns it (the others are dropped).
    ///
    /// # Errors
    /// As [`Socket::recv`].
    pub async fn recv_until(&mut self, want: impl Fn(&ServerMessage) -> bool) -> Result<ServerMessage, ClientError> {
        loop {
            let m = self.recv().await?;
            if want(&m) {
                return Ok(m);
            }
        }
    }
}

/// The Hello of an identity.
pub fn hello(secret: &str, name: &str) -> ClientMessage {
    ClientMessage::Hello { version: PROTOCOL_VERSION, token: secret.into(), name: name.to_owned() }
}

/// What a [`Connection`] reports.
#[derive(Clone, Debug, PartialEq)]
pub enum ClientEvent {
    /// Trying to connect (attempt 1, 2, …).
    Connecting {
        /// The attempt.
        attempt: u32,
    },
    /// Connected, Hello answered, the followed games asked for again.
    Connected,
    /// The connection was lost (or could not be made); retrying after `retry`.
    Disconnected {
        /// Why.
        why: String,
        /// The wait before the next attempt.
        retry: Duration,
    },
    /// A message from the server.
    Message(ServerMessage),
    /// A round trip measured by a WebSocket ping.
    Latency(Duration),
}

/// The first wait before reconnecting; it doubles up to [`BACKOFF_MAX`].
pub const BACKOFF_MIN: Duration = Duration::from_millis(250);
/// The longest wait before reconnecting.
pub const BACKOFF_MAX: Duration = Duration::from_secs(8);

/// How long a [`Connection`] waits for the server at each step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deadlines {
    /// To connect: TCP, TLS and the WebSocket handshake.
    pub connect: Duration,
    /// From Hello to Welcome.
    pub welcome: Duration,
    /// How often the round trip is measured (a ping).
    pub ping: Duration,
    /// Silence (nothing heard, not even a pong) after which the link counts as dead.
    pub silence: Duration,
}

impl Default for Deadlines {
    /// 8 s to connect, 8 s to Welcome, a ping every 2 s, dead after 6 s of silence: a dead link
    /// shows as reconnecting within 10 s.
    fn default() -> Deadlines {
        Deadlines {
            connect: Duration::from_secs(8),
            welcome: Duration::from_secs(8),
            ping: Duration::from_secs(2),
            silence: Duration::from_secs(6),
        }
    }
}

/// The wait before attempt `n + 1` after `n` failures: doubling from [`BACKOFF_MIN`] to
/// [`BACKOFF_MAX`], with up to a fifth taken off at random so that clients do not return all at
/// once.
pub fn backoff(failures: u32, jitter: f64) -> Duration {
    let base = BACKOFF_MIN.saturating_mul(1 << failures.min(6)).min(BACKOFF_MAX);
    base.mul_f64(1.0 - 0.2 * jitter.clamp(0.0, 1.0))
}

/// A connection on its own thread that keeps itself connected.
pub struct Connection {
    commands: mpsc::UnboundedSender<ClientMessage>,
    events: Mutex<std_mpsc::Receiver<ClientEvent>>,
}

impl Connection {
    /// Starts connecting to `url` as the identity `secret` named `name`.
    pub fn open(url: &str, secret: &str, name: &str) -> Connection {
        Connection::open_with(url, secret, name, Deadlines::default())
    }

    /// [`Connection::open`] with other deadlines (tests).
    pub fn open_with(url: &str, secret: &str, name: &str, deadlines: Deadlines) -> Connection {
        let (commands, inbox) = mpsc::unbounded_channel();
        let (events, outbox) = std_mpsc::channel();
        let (url, hello) = (url.to_owned(), hello(secret, name));
        thread::Builder::new()
            .name("surface-chess-online".into())
            .spawn(move || {
                let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build();
                if let Ok(runtime) = runtime {
                    runtime.block_on(keep_connected(url, hello, deadlines, inbox, events));
                }
            })
            .expect("a thread for the connection");
        Connection { commands, events: Mutex::new(outbox) }
    }

    /// Sends a message (queued while disconnected).
    pub fn send(&self, message: ClientMessage) {
        let _ = self.commands.send(message);
    }

    /// What happened since the last poll (never blocks).
    pub fn poll(&self) -> Vec<ClientEvent> {
        self.events.lock().map(|e| e.try_iter().collect()).unwrap_or_default()
    }

    /// Waits up to `timeout` for the next event (tests).
    pub fn wait(&self, timeout: Duration) -> Option<ClientEvent> {
        self.events.lock().ok()?.recv_timeout(timeout).ok()
    }
}

/// The error codes that answer a move (other errors, such as a rate limit, leave it unanswered).
const MOVE_REFUSALS: [&str; 7] =
    ["illegal_move", "not_your_turn", "finished", "stale_ply", "ply_ahead", "not_started", "not_seated"];

/// What a connection remembers across reconnects.
#[derive(Default)]
struct Memory {
    /// Games to ask for again.
    games: BTreeSet<GameId>,
    /// Messages not yet sent.
    queue: Vec<ClientMessage>,
    /// The last move sent and not yet acknowledged (resent after a reconnect: the ply makes
    /// that safe).
    unacknowledged: Option<ClientMessage>,
}

impl Memory {
    fn heard(&mut self, m: &ServerMessage) {
        match m {
            ServerMessage::GameState(s) => {
                self.games.insert(s.game);
            }
            ServerMessage::MoveAccepted { game, ply, .. } => {
                if matches!(&self.unacknowledged, Some(ClientMessage::Move { game: g, ply: p, .. }) if g == game && p == ply)
                {
                    self.unacknowledged = None;
                }
            }
            // A refusal of the move itself: resending it would be refused again.
            ServerMessage::Error { code, .. } if MOVE_REFUSALS.contains(&code.as_str()) => self.unacknowledged = None,
            _ => {}
        }
    }

    fn sending(&mut self, m: &ClientMessage) {
        if matches!(m, ClientMessage::Move { .. }) {
            self.unacknowledged = Some(m.clone());
        }
    }

    /// What to send after Hello on a new connection.
    fn resume(&mut self) -> Vec<ClientMessage> {
        let mut out: Vec<ClientMessage> = self.games.iter().map(|&game| ClientMessage::GetGame { game }).collect();
        out.extend(self.unacknowledged.clone());
        out.append(&mut self.queue);
        out
    }
}

async fn keep_connected(
    url: String,
    hello: ClientMessage,
    deadlines: Deadlines,
    mut inbox: mpsc::UnboundedReceiver<ClientMessage>,
    events: std_mpsc::Sender<ClientEvent>,
) {
    let mut memory = Memory::default();
    let mut failures = 0u32;
    loop {
        if events.send(ClientEvent::Connecting { attempt: failures + 1 }).is_err() {
            return;
        }
        let connecting = tokio::time::timeout(deadlines.connect, Socket::connect(&url));
        let why = match connecting.await {
            Ok(Ok(socket)) => match session(socket, &hello, deadlines, &mut memory, &mut inbox, &events).await {
                Session::Closed => return,
                Session::Lost { why, welcomed } => {
                    // Only a server that welcomed us resets the backoff: one that accepts and
                    // then fails every time is retried ever more slowly.
                    if welcomed {
                        failures = 0;
                    }
                    why
                }
            },
            Ok(Err(e)) => e.to_string(),
            Err(_) => ClientError::TimedOut("connect", deadlines.connect).to_string(),
        };
        let retry = backoff(failures, rand::random::<f64>());
        failures += 1;
        if events.send(ClientEvent::Disconnected { why, retry }).is_err() {
            return;
        }
        // Messages sent meanwhile wait in the queue.
        let wait = tokio::time::sleep(retry);
        tokio::pin!(wait);
        loop {
            tokio::select! {
                () = &mut wait => break,
                m = inbox.recv() => match m {
                    Some(m) => memory.queue.push(m),
                    None => return,
                },
            }
        }
    }
}

enum Session {
    /// The app dropped the connection.
    Closed,
    /// The connection was lost, after a Welcome or not.
    Lost {
        /// Why.
        why: String,
        /// Whether the server had welcomed this connection.
        welcomed: bool,
    },
}

async fn session(
    mut socket: Socket,
    hello: &ClientMessage,
    deadlines: Deadlines,
    memory: &mut Memory,
    inbox: &mut mpsc::UnboundedReceiver<ClientMessage>,
    events: &std_mpsc::Sender<ClientEvent>,
) -> Session {
    let mut welcomed = false;
    let lost = |e: ClientError, welcomed: bool| Session::Lost { why: e.to_string(), welcomed };
    if let Err(e) = socket.send(hello).await {
        return lost(e, welcomed);
    }
    let started = tokio::time::Instant::now();
    let mut heard = started;
    let mut ping = tokio::time::interval(deadlines.ping);
    let mut pinged: Option<Instant> = None;
    // Checked as often as the shorter deadline allows.
    let mut watch = tokio::time::interval(deadlines.silence.min(deadlines.welcome) / 4);
    loop {
        tokio::select! {
            m = socket.ws.next() => {
                heard = tokio::time::Instant::now();
                match m {
                Some(Ok(Message::Text(text))) => {
                    let Ok(m) = serde_json::from_str::<ServerMessage>(text.as_str()) else { continue };
                    if !welcomed && matches!(m, ServerMessage::Welcome { .. }) {
                        welcomed = true;
                        if events.send(ClientEvent::Connected).is_err() {
                            return Session::Closed;
                        }
                        for message in memory.resume() {
                            memory.sending(&message);
                            if let Err(e) = socket.send(&message).await {
                                return lost(e, welcomed);
                            }
                        }
                        continue;
                    }
                    memory.heard(&m);
                    if events.send(ClientEvent::Message(m)).is_err() {
                        return Session::Closed;
                    }
                }
                Some(Ok(Message::Pong(_))) => {
                    if let Some(at) = pinged.take()
                        && events.send(ClientEvent::Latency(at.elapsed())).is_err()
                    {
                        return Session::Closed;
                    }
                }
                Some(Ok(Message::Close(_))) | None => return lost(ClientError::Closed, welcomed),
                Some(Ok(_)) => {}
                Some(Err(e)) => return lost(e.into(), welcomed),
                }
            },
            m = inbox.recv() => match m {
                None => return Session::Closed,
                Some(m) if !welcomed => memory.queue.push(m),
                Some(m) => {
                    memory.sending(&m);
                    if let Err(e) = socket.send(&m).await {
                        memory.queue.push(m);
                        return lost(e, welcomed);
                    }
                }
            },
            _ = watch.tick() => {
                let now = tokio::time::Instant::now();
                if !welcomed && now - started > deadlines.welcome {
                    return lost(ClientError::TimedOut("welcome us", deadlines.welcome), welcomed);
                }
                if now - heard > deadlines.silence {
                    return lost(ClientError::TimedOut("answer", deadlines.silence), welcomed);
                }
            }
            _ = ping.tick() => {
                pinged = Some(Instant::now());
                if let Err(e) = socket.ws.send(Message::Ping(Vec::new().into())).await {
                    return lost(e.into(), welcomed);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rate_limited() -> ServerMessage {
        ServerMessage::error("rate_limited", "over the rate")
    }

    #[test]
    fn a_move_is_resent_until_it_is_answered_but_not_after_its_refusal() {
        let mut memory = Memory::default();
        let mv = ClientMessage::Move { game: 3, ply: 4, action: "e2-e4".into() };
        memory.sending(&mv);
        memory.heard(&rate_limited());
        assert_eq!(memory.resume(), std::slice::from_ref(&mv), "a rate limit is not an answer to the move");
        memory.heard(&ServerMessage::error("illegal_move", "no"));
        assert!(memory.resume().is_empty(), "a refusal is");
        memory.sending(&mv);
        memory.heard(&ServerMessage::MoveAccepted { game: 3, ply: 4, action: "e2–e4".into(), duplicate: false });
        assert!(memory.resume().is_empty(), "nor after its acknowledgement");
    }

    #[test]
    fn a_connection_can_be_shared_between_threads() {
        fn shared<T: Send + Sync>() {}
        shared::<Connection>();
    }
}
