//! The network: axum WebSockets at `/ws` (plain, or TLS with rustls when given a certificate and
//! key), `/healthz` and `/metrics` beside them, connections counted and timed as
//! [`crate::limits`] says, one task per connection answering its messages through the [`Hub`]
//! and passing on the changes of the games it reads, a rate limit per connection, the timer that
//! ends games on time, and, with PostgreSQL, the listener that brings games changed through
//! other servers up to date.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::Router;
use axum::extract::State;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade, close_code};
use axum::http::StatusCode;
use axum::http::header::{CONTENT_TYPE, HeaderName};
use axum::response::Response;
use axum::routing::get;
use axum_server::Handle;
use axum_server::tls_rustls::{RustlsAcceptor, RustlsConfig};
use futures_util::{SinkExt, StreamExt};
use hyper_util::rt::{TokioExecutor, TokioTimer};
use hyper_util::server::conn::auto::Builder;
use tokio::sync::watch;
use tokio::task::JoinHandle;

use crate::changes::Changes;
use crate::hub::Hub;
use crate::limits::{Counting, Limits, Slots};
use crate::metrics::Gauges;
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
    /// What clients can hold open, and for how long.
    pub limits: Limits,
    /// Games one identity may start in an hour.
    pub games_per_hour: usize,
    /// Unfinished games one identity may be seated in.
    pub max_unfinished: usize,
}

impl Config {
    /// Defaults around a listening address and a database: no TLS, 20 messages a second with
    /// bursts of 40, a timer every 250 ms, the default [`Limits`].
    pub fn new(listen: SocketAddr, database: &str) -> Config {
        Config {
            listen,
            database: database.to_owned(),
            tls: None,
            rate: 20,
            burst: 40,
            tick: Duration::from_millis(250),
            limits: Limits::default(),
            games_per_hour: crate::hub::GAMES_PER_HOUR,
            max_unfinished: crate::hub::MAX_UNFINISHED,
        }
    }
}

/// Why a server did not start.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The database.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// Taking over the stored games.
    #[error("cannot take over the stored games: {0}")]
    Recover(#[from] crate::hub::HubError),
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
    /// Its open connections.
    pub slots: Arc<Slots>,
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
    limits: Limits,
    slots: Arc<Slots>,
    closing: watch::Receiver<bool>,
}

/// Opens the database, starts listening, the timer and (PostgreSQL) the listener for other
/// servers' changes; returns once the server accepts connections.
///
/// # Errors
/// The database, the address or the TLS files.
pub async fn start(config: Config, time: Arc<dyn ServerTime>) -> Result<Running, ServeError> {
    let store = Store::open(&config.database).await?;
    let backend = store.backend();
    let notices = store.listen().await?;
    let hub =
        Hub::new(store, time).with_games_per_hour(config.games_per_hour).with_max_unfinished(config.max_unfinished);
    // Every unfinished game's clock into the timer, an outage credited, before anyone plays.
    hub.recover().await?;
    let hub = Arc::new(hub);
    let listener = listen(config.listen).map_err(|source| ServeError::Listen { addr: config.listen, source })?;
    let addr = listener.local_addr().map_err(|source| ServeError::Listen { addr: config.listen, source })?;
    tracing::info!(%addr, ?backend, tls = config.tls.is_some(), "listening");
    let (closing, closed) = watch::channel(false);
    let limits = config.limits;
    let slots = Slots::new(limits.connections, limits.per_ip);
    let shared = Shared {
        hub: hub.clone(),
        rate: config.rate,
        burst: config.burst,
        limits,
        slots: slots.clone(),
        closing: closed,
    };
    let app = Router::new()
        .route("/ws", get(upgrade))
        .route("/healthz", get(healthz))
        .route("/metrics", get(metrics))
        .with_state(shared)
        .into_make_service();
    let handle = Handle::new();
    let mut tasks = Vec::new();
    // Connections are counted as they are accepted, and must send their headers in time.
    let counting = Counting::new(slots.clone(), limits.header_timeout, hub.metrics().clone());
    let headers = |builder: &mut Builder<TokioExecutor>| {
        builder.http1().timer(TokioTimer::new()).header_read_timeout(limits.header_timeout);
    };
    match &config.tls {
        Some((cert, key)) => {
            let _ = rustls::crypto::ring::default_provider().install_default();
            let tls = RustlsConfig::from_pem_file(cert, key).await.map_err(ServeError::Tls)?;
            let acceptor = RustlsAcceptor::new(tls).handshake_timeout(limits.header_timeout).acceptor(counting);
            let mut server = axum_server::from_tcp(listener).acceptor(acceptor).handle(handle.clone());
            headers(server.http_builder());
            tasks.push(tokio::spawn(async move {
                let _ = server.serve(app).await;
            }));
        }
        None => {
            let mut server = axum_server::from_tcp(listener).acceptor(counting).handle(handle.clone());
            headers(server.http_builder());
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
            if let Err(e) = timer.beat().await {
                tracing::warn!(error = %e, "could not record that this server is up");
            }
        }
    }));
    if let Some(mut notices) = notices {
        let hub = hub.clone();
        // Each notice costs a read from the store: many are read at once (a game's own lock keeps
        // its events in order, and a notice for events already read is dropped).
        let reading = Arc::new(tokio::sync::Semaphore::new(NOTICES_AT_ONCE));
        tasks.push(tokio::spawn(async move {
            loop {
                match notices.next().await {
                    Ok(named) if named.contains(&Notice::Lost) => {
                        tracing::warn!("notices from other servers may have been missed; reading every game again");
                        hub.refresh_all().await;
                    }
                    Ok(named) => {
                        for notice in named {
                            let Notice::Stored { game, seq } = notice else { continue };
                            let Ok(permit) = reading.clone().acquire_owned().await else { return };
                            let hub = hub.clone();
                            tokio::spawn(async move {
                                if hub.noticed(game, seq).await.is_err() {
                                    let _ = hub.refresh(game).await;
                                }
                                drop(permit);
                            });
                        }
                    }
                    Err(e) => {
                        tracing::warn!(error = %e, "listening for other servers' changes failed; retrying in 1 s");
                        tokio::time::sleep(Duration::from_secs(1)).await;
                    }
                }
            }
        }));
    }
    Ok(Running { addr, hub, slots, handle, tasks, closing })
}

/// A listening socket with a backlog long enough for a thousand clients arriving at once.
fn listen(addr: SocketAddr) -> std::io::Result<std::net::TcpListener> {
    let socket = if addr.is_ipv4() { tokio::net::TcpSocket::new_v4()? } else { tokio::net::TcpSocket::new_v6()? };
    socket.set_reuseaddr(true)?;
    socket.bind(addr)?;
    socket.listen(4096)?.into_std()
}

/// 200 `ok` while the database answers (within two seconds), else 503 naming the problem.
async fn healthz(State(shared): State<Shared>) -> (StatusCode, String) {
    match tokio::time::timeout(Duration::from_secs(2), shared.hub.store().ping()).await {
        Ok(Ok(())) => (StatusCode::OK, "ok\n".into()),
        Ok(Err(e)) => (StatusCode::SERVICE_UNAVAILABLE, format!("{e}\n")),
        Err(_) => (StatusCode::SERVICE_UNAVAILABLE, "the database did not answer within 2 s\n".into()),
    }
}

/// The metrics, in Prometheus's text format.
async fn metrics(State(shared): State<Shared>) -> ([(HeaderName, &'static str); 1], String) {
    let gauges = Gauges { connections: shared.slots.open(), games: shared.hub.games_in_memory() };
    ([(CONTENT_TYPE, "text/plain; version=0.0.4")], shared.hub.metrics().render(gauges))
}

async fn upgrade(State(shared): State<Shared>, upgrade: WebSocketUpgrade) -> Response {
    // Frames over four times the protocol's limit close the connection; anything up to that is
    // read and answered (over 16 KiB with `too_large`). Small buffers: tungstenite's defaults
    // (128 KiB to read and 128 KiB to write) would make 16,000 connections hold 4 GB; a message
    // is a few hundred bytes, and the frames of one reply go out together, in one write.
    upgrade
        .read_buffer_size(SOCKET_BUFFER)
        .write_buffer_size(SOCKET_BUFFER)
        .max_message_size(4 * MAX_MESSAGE_BYTES)
        .max_frame_size(4 * MAX_MESSAGE_BYTES)
        .on_upgrade(move |socket| connection(shared, socket))
}

/// Notices of other servers' events read from the store at once.
const NOTICES_AT_ONCE: usize = 32;

/// A connection's read buffer, and how much of a reply is gathered before it is written.
const SOCKET_BUFFER: usize = 4096;

/// Messages refused by the rate limit before the connection is closed.
const STRIKES: u32 = 50;
/// How long a connection closed for flooding is still read (and what it sends thrown away)
/// after its close frame: closing a socket with unread data resets it, and the reset would
/// destroy the replies and the close frame still on their way to the client.
const LINGER: Duration = Duration::from_secs(1);

/// Why the server ends a connection.
enum Ending {
    /// The client closed it, or it broke, or the server stopped.
    Gone,
    /// The server closes it with a close frame saying why.
    Close(&'static str),
}

/// One connection: its messages answered in order, the changes of the games it reads passed on,
/// every frame counted against the rate limit, a ping when it has been quiet, closed when it
/// does not answer, stays silent too long or leaves a reply unread.
async fn connection(shared: Shared, socket: WebSocket) {
    let (mut sink, mut stream) = socket.split();
    let changes = Arc::new(Changes::default());
    let hub = &shared.hub;
    let limits = shared.limits;
    let mut session = hub.connect(Some(changes.clone()));
    tracing::debug!(connection = session.id(), "opened");
    let mut bucket = Bucket::new(shared.rate, shared.burst, Instant::now());
    let mut strikes = 0;
    let mut closing = shared.closing.clone();
    let (mut heard, mut spoke) = (Instant::now(), Instant::now());
    let mut pings = tokio::time::interval_at(tokio::time::Instant::now() + limits.ping_every, limits.ping_every);
    pings.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let ending = loop {
        let mut ping = false;
        let replies = tokio::select! {
            message = stream.next() => {
                let Some(Ok(message)) = message else { break Ending::Gone };
                heard = Instant::now();
                if let Message::Close(_) = message {
                    break Ending::Gone;
                }
                if !bucket.take(heard) {
                    strikes += 1;
                    if strikes > STRIKES {
                        break Ending::Close("rate limited");
                    }
                    let refusal = format!("over {} messages a second; this one was dropped", shared.rate);
                    hub.metrics().refused("rate_limited");
                    vec![ServerMessage::error("rate_limited", refusal)]
                } else {
                    match message {
                        Message::Text(text) => {
                            spoke = heard;
                            hub.handle(&mut session, text.as_str()).await
                        }
                        Message::Binary(_) => {
                            hub.metrics().refused("malformed");
                            vec![ServerMessage::error("malformed", "messages are JSON text frames")]
                        }
                        _ => continue,
                    }
                }
            }
            games = changes.next() => {
                let mut states = Vec::with_capacity(games.len());
                for game in games {
                    states.extend(hub.state_for(&session, game).await);
                }
                states
            }
            _ = pings.tick() => {
                let now = Instant::now();
                if now.duration_since(spoke) > limits.idle {
                    break Ending::Close("idle");
                }
                let quiet = now.duration_since(heard);
                if quiet > limits.ping_every + limits.pong_deadline {
                    break Ending::Close("no pong");
                }
                // A peer heard from within half the period is alive: nothing to ask.
                ping = quiet >= limits.ping_every / 2;
                vec![]
            }
            _ = closing.changed() => break Ending::Gone,
        };
        let ping = ping.then(|| Message::Ping(Vec::new().into()));
        let frames = replies.iter().map(|reply| Message::Text(to_text(reply).into())).chain(ping);
        // The reply's frames are written together; a reader that stops reading is dropped, not
        // waited for.
        let sent = async {
            for frame in frames {
                sink.feed(frame).await?;
            }
            sink.flush().await
        };
        let failed = match tokio::time::timeout(limits.send_timeout, sent).await {
            Ok(Ok(())) => continue,
            Ok(Err(e)) => e.to_string(),
            Err(_) => "send timeout".to_owned(),
        };
        tracing::info!(connection = session.id(), reason = failed, "dropped");
        hub.disconnect(&session);
        return;
    };
    match ending {
        Ending::Gone => tracing::debug!(connection = session.id(), "closed"),
        Ending::Close(reason) => tracing::info!(connection = session.id(), reason, "closed"),
    }
    if let Ending::Close(reason) = ending {
        let close = CloseFrame { code: close_code::POLICY, reason: reason.into() };
        if matches!(tokio::time::timeout(limits.send_timeout, sink.send(Message::Close(Some(close)))).await, Ok(Ok(())))
        {
            let _ = tokio::time::timeout(LINGER, async { while stream.next().await.is_some() {} }).await;
        }
    }
    hub.disconnect(&session);
}
