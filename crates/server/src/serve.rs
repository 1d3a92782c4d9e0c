//! The network: axum WebSockets at `/ws` (plain, or TLS with rustls when given a certificate and
//! key), one task per connection answering its messages through the [`Hub`] and passing on the
//! changes of the games it reads, a rate limit per connection, the timer that ends games on time,
//! and, with PostgreSQL, the listener that brings games changed through other servers up to date.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::Router;
use axum::extract::State;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade, close_code};
use axum::response::Response;
use axum::routing::get;
use axum_server::Handle;
use axum_server::tls_rustls::RustlsConfig;
use futures_util::{SinkExt, StreamExt};
use tokio::sync::{mpsc, watch};
use tokio::task::JoinHandle;

use crate::hub::Hub;
use crate::now::ServerTime;
use crate::protocol::{MAX_MESSAGE_BYTES, ServerMessage, to_text};
use crate::rate::Bucket;
use crate::store::{Notice, Store, StoreError};

/// How a server runs.
#[derive(Clone, Debug)]
pub struct Config {
    /// Where to listen (port 0: any free port).
    pub listen: SocketAddr,
    /// The database URL (`sqlite://FILE`, `sqlite::memory:`, `postgres://…`).
    pub database: String,
    /// A PEM certificate chain and private key: serve `wss://` with rustls.
    pub tls: Option<(PathBuf, PathBuf)>,
    /// Messages a connection may send per second on average.
    pub rate: u32,
    /// Messages a connection may send at once.
    pub burst: u32,
    /// How often the timer looks for games out of time.
    pub tick: Duration,
}

impl Config {
    /// Defaults around a listening address and a database: no TLS, 20 messages a second with
    /// bursts of 40, a timer every 250 ms.
    pub fn new(listen: SocketAddr, database: &str) -> Config {
        Config {
            listen,
            database: database.to_owned(),
            tls: None,
            rate: 20,
            burst: 40,
            tick: Duration::from_millis(250),
        }
    }
}

/// Why a server did not start.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The database.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The address.
    #[error("cannot listen on {addr}: {source}")]
    Listen {
        /// The address.
        addr: SocketAddr,
        /// Why.
        source: std::io::Error,
    },
    /// The certificate or key.
    #[error("cannot read the TLS certificate or key: {0}")]
    Tls(std::io::Error),
}

/// A server running in this process.
pub struct Running {
    /// The address it listens on.
    pub addr: SocketAddr,
    /// Its games.
    pub hub: Arc<Hub>,
    handle: Handle,
    tasks: Vec<JoinHandle<()>>,
    closing: watch::Sender<bool>,
}

impl Running {
    /// The WebSocket URL clients connect to.
    pub fn url(&self) -> String {
        format!("ws://{}/ws", self.addr)
    }

    /// Stops listening and ends every connection at once (as a crash would, minus the process).
    pub fn stop(self) {
        let _ = self.closing.send(true);
        self.handle.shutdown();
        for t in &self.tasks {
            t.abort();
        }
    }
}

#[derive(Clone)]
struct Shared {
    hub: Arc<Hub>,
    rate: u32,
    burst: u32,
    closing: watch::Receiver<bool>,
}

/// Opens the database, starts listening, the timer and (PostgreSQL) the listener for other
/// servers' changes; returns once the server accepts connections.
///
/// # Errors
/// The database, the address or the TLS files.
pub async fn start(config: Config, time: Arc<dyn ServerTime>) -> Result<Running, ServeError> {
    let store = Store::open(&config.database).await?;
    let notices = store.listen().await?;
    let hub = Arc::new(Hub::new(store, time));
    let listener = listen(config.listen).map_err(|source| ServeError::Listen { addr: config.listen, source })?;
    let addr = listener.local_addr().map_err(|source| ServeError::Listen { addr: config.listen, source })?;
    let (closing, closed) = watch::channel(false);
    let shared = Shared { hub: hub.clone(), rate: config.rate, burst: config.burst, closing: closed };
    let app = Router::new().route("/ws", get(upgrade)).with_state(shared).into_make_service();
    let handle = Handle::new();
    let mut tasks = Vec::new();
    match &config.tls {
        Some((cert, key)) => {
            let _ = rustls::crypto::ring::default_provider().install_default();
            let tls = RustlsConfig::from_pem_file(cert, key).await.map_err(ServeError::Tls)?;
            let server = axum_server::from_tcp_rustls(listener, tls).handle(handle.clone());
            tasks.push(tokio::spawn(async move {
                let _ = server.serve(app).await;
            }));
        }
        None => {
            let server = axum_server::from_tcp(listener).handle(handle.clone());
            tasks.push(tokio::spawn(async move {
                let _ = server.serve(app).await;
            }));
        }
    }
    let timer = hub.clone();
    let every = config.tick;
    tasks.push(tokio::spawn(async move {
        let mut interval = tokio::time::interval(every);
        loop {
            interval.tick().await;
            timer.tick().await;
        }
    }));
    if let Some(mut notices) = notices {
        let hub = hub.clone();
        tasks.push(tokio::spawn(async move {
            loop {
                match notices.next().await {
                    Ok(Notice::Stored { game, seq, event }) => {
                        if hub.noticed(game, seq, event).await.is_err() {
                            let _ = hub.refresh(game).await;
                        }
                    }
                    Ok(Notice::Lost) => hub.refresh_all().await,
                    Err(_) => tokio::time::sleep(Duration::from_secs(1)).await,
                }
            }
        }));
    }
    Ok(Running { addr, hub, handle, tasks, closing })
}

/// A listening socket with a backlog long enough for a thousand clients arriving at once.
fn listen(addr: SocketAddr) -> std::io::Result<std::net::TcpListener> {
    let socket = if addr.is_ipv4() { tokio::net::TcpSocket::new_v4()? } else { tokio::net::TcpSocket::new_v6()? };
    socket.set_reuseaddr(true)?;
    socket.bind(addr)?;
    socket.listen(4096)?.into_std()
}

async fn upgrade(State(shared): State<Shared>, upgrade: WebSocketUpgrade) -> Response {
    // Frames over four times the protocol's limit close the connection; anything up to that is
    // read and answered (over 16 KiB with `too_large`).
    upgrade
        .max_message_size(4 * MAX_MESSAGE_BYTES)
        .max_frame_size(4 * MAX_MESSAGE_BYTES)
        .on_upgrade(move |socket| connection(shared, socket))
}

/// Messages refused by the rate limit before the connection is closed.
const STRIKES: u32 = 50;
/// Changes waiting to be passed on to a slow connection before it is dropped.
const OUTBOX: usize = 256;
/// How long a connection closed for flooding is still read (and what it sends thrown away)
/// after its close frame: closing a socket with unread data resets it, and the reset would
/// destroy the replies and the close frame still on their way to the client.
const LINGER: Duration = Duration::from_secs(1);

/// One connection: its messages answered in order, the changes of the games it reads passed on.
async fn connection(shared: Shared, socket: WebSocket) {
    let (mut sink, mut stream) = socket.split();
    let (outbox, mut changes) = mpsc::channel(OUTBOX);
    let hub = &shared.hub;
    let mut session = hub.connect(Some(outbox));
    let mut bucket = Bucket::new(shared.rate, shared.burst, Instant::now());
    let mut strikes = 0;
    let mut closing = shared.closing.clone();
    loop {
        let replies = tokio::select! {
            message = stream.next() => match message {
                Some(Ok(Message::Text(text))) => {
                    if bucket.take(Instant::now()) {
                        hub.handle(&mut session, text.as_str()).await
                    } else {
                        strikes += 1;
                        if strikes > STRIKES {
                            let close = CloseFrame { code: close_code::POLICY, reason: "rate limited".into() };
                            if sink.send(Message::Close(Some(close))).await.is_ok() {
                                let _ = tokio::time::timeout(LINGER, async { while stream.next().await.is_some() {} }).await;
                            }
                            break;
                        }
                        vec![ServerMessage::error("rate_limited", format!("over {} messages a second; this one was dropped", shared.rate))]
                    }
                }
                Some(Ok(Message::Binary(_))) => vec![ServerMessage::error("malformed", "messages are JSON text frames")],
                Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                Some(Ok(Message::Close(_)) | Err(_)) | None => break,
            },
            Some(game) = changes.recv() => hub.state_for(&session, game).await.into_iter().collect(),
            _ = closing.changed() => break,
        };
        for reply in replies {
            if sink.send(Message::Text(to_text(&reply).into())).await.is_err() {
                hub.disconnect(&session);
                return;
            }
        }
        // Announcements were lost: close, so that the client reconnects and reads afresh.
        if session.behind() {
            break;
        }
    }
    hub.disconnect(&session);
}
