//! The load tester: N games played at once through a running server by 2N connections, each
//! move timed from sending to its acknowledgement; afterwards every game is read back (from the
//! server, or with `--database` straight from the store) and any acknowledged move missing there
//! is counted as lost. A player whose connection breaks during play reconnects (for up to a
//! minute), asks for its game again and resends the move it was waiting on, as the app does: a
//! server killed and restarted in the middle of a run still ends it.

use std::fmt;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{Rng, RngExt, SeedableRng};
use surface_chess_online::client::{ClientError, Socket};
use surface_chess_online::identity::new_secret;
use surface_chess_rules::{Action, Game, Variant};
use tokio::sync::{Barrier, Semaphore};

use crate::clock::ClockSpec;
use crate::game::{GameId, SideChoice};
use crate::protocol::{ClientMessage, GameState, ServerMessage};
use crate::store::Store;

/// What to run.
#[derive(Clone, Debug)]
pub struct LoadConfig {
    /// The servers' WebSocket URLs: game i's White connects to the i-th (round robin), its
    /// Black to the next, so with two servers every move crosses from one to the other.
    pub urls: Vec<String>,
    /// Games at once.
    pub games: usize,
    /// Plies per game at most (a game may end sooner).
    pub plies: usize,
    /// The variant.
    pub variant: Variant,
    /// Read the stored games from this database afterwards instead of asking the server.
    pub database: Option<String>,
    /// The moves per second to offer, all games together (each game paced evenly, as players
    /// who think); 0: every game as fast as the server answers.
    pub rate: f64,
    /// Write every acknowledged move here (CSV: game, ply, seconds into the play when it was
    /// sent, milliseconds to its acknowledgement): where in a run the slow moves were.
    pub series: Option<PathBuf>,
}

/// The outcome.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// Games played.
    pub games: usize,
    /// Moves acknowledged.
    pub moves: usize,
    /// Seconds of play (from the first move to the last acknowledgement).
    pub seconds: f64,
    /// Median time from sending a move to its acknowledgement.
    pub p50: Duration,
    /// 99th percentile of the same.
    pub p99: Duration,
    /// Acknowledged moves missing from the stored games afterwards.
    pub lost: usize,
    /// The servers' peak resident memory (the largest, from their `/metrics`), if they said.
    pub peak_bytes: Option<u64>,
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rate = self.moves as f64 / self.seconds.max(1e-9);
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        write!(
            f,
            "games {} moves {} moves/s {rate:.0} p50 {:.1} ms p99 {:.1} ms lost {}",
            self.games,
            self.moves,
            ms(self.p50),
            ms(self.p99),
            self.lost
        )?;
        match self.peak_bytes {
            Some(b) => write!(f, " server peak {:.0} MB", b as f64 / 1e6),
            None => Ok(()),
        }
    }
}

/// Why a load test failed.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// A connection.
    #[error(transparent)]
    Client(#[from] ClientError),
    /// The server refused something a correct client does.
    #[error("the server refused: {0}")]
    Refused(String),
    /// Reading the store.
    #[error(transparent)]
    Store(#[from] crate::store::StoreError),
    /// Replaying a stored game.
    #[error(transparent)]
    Replay(#[from] crate::event::ReplayError),
    /// Writing the moves' times.
    #[error("cannot write the moves' times to {}: {error}", path.display())]
    Series {
        /// The file.
        path: PathBuf,
        /// What the system said.
        error: std::io::Error,
    },
}

/// One game's result: its number, the white player's secret, the moves acknowledged, and when
/// each was sent and how long its acknowledgement took.
struct Played {
    game: GameId,
    secret: String,
    moves: Vec<String>,
    times: Vec<(Instant, Duration)>,
}

/// Runs the load test.
///
/// # Errors
/// A connection failed or the server refused a correct request.
pub async fn run(config: &LoadConfig) -> Result<Report, LoadError> {
    // The series' file is made first: a path that cannot be written fails before any game.
    let series = match &config.series {
        Some(path) => Some((path, std::fs::File::create(path).map_err(series_error(path))?)),
        None => None,
    };
    let setup = Arc::new(Semaphore::new(64));
    let start = Arc::new(Barrier::new(config.games + 1));
    let mut tasks = Vec::new();
    for i in 0..config.games {
        let (config, setup, start) = (config.clone(), setup.clone(), start.clone());
        tasks.push(tokio::spawn(async move { play(&config, i, &setup, &start).await }));
    }
    start.wait().await;
    let began = Instant::now();
    let mut played = Vec::new();
    for t in tasks {
        played.push(t.await.map_err(|e| LoadError::Refused(e.to_string()))??);
    }
    let seconds = began.elapsed().as_secs_f64();
    if let Some((path, file)) = series {
        write_series(file, began, &played).map_err(series_error(path))?;
    }
    let lost = lost(config, &played).await?;
    let mut times: Vec<Duration> = played.iter().flat_map(|p| p.times.iter().map(|&(_, took)| took)).collect();
    times.sort_unstable();
    let pct = |q: f64| times.get(((times.len() as f64 - 1.0) * q).round() as usize).copied().unwrap_or_default();
    let peak_bytes = peak_bytes(&config.urls).await;
    Ok(Report { games: played.len(), moves: times.len(), seconds, p50: pct(0.5), p99: pct(0.99), lost, peak_bytes })
}

/// One game: set up (a few at a time), wait for every game to be ready, then play.
async fn play(config: &LoadConfig, i: usize, setup: &Semaphore, start: &Barrier) -> Result<Played, LoadError> {
    let mut rng = StdRng::seed_from_u64(i as u64);
    let (white_secret, black_secret) = (new_secret(&mut rng), new_secret(&mut rng));
    let permit = setup.acquire().await.map_err(|e| LoadError::Refused(e.to_string()))?;
    let url = |k: usize| &config.urls[(i + k) % config.urls.len()];
    let mut white = Socket::hello(url(0), &white_secret, &format!("load {i} white")).await?;
    let mut black = Socket::hello(url(1), &black_secret, &format!("load {i} black")).await?;
    let create = ClientMessage::CreateGame {
        variant: config.variant,
        side: SideChoice::White,
        clock: ClockSpec::rapid(60, 0),
        spectators: false,
    };
    let ServerMessage::GameState(state) = request(&mut white, create, |_| true).await? else {
        return Err(LoadError::Refused("no game state after creating".into()));
    };
    let (game, invite) = (state.game, state.invite.unwrap_or_default());
    request(&mut black, ClientMessage::JoinGame { invite }, |_| true).await?;
    // Each side's Ready is answered by a state with that side ready: a state the other side's
    // change announced in between (its join or Ready, through another server) is not the answer.
    request(&mut white, ClientMessage::Ready { game }, |s| s.game == game && s.clock.white_ready).await?;
    request(&mut black, ClientMessage::Ready { game }, |s| s.game == game && s.clock.black_ready).await?;
    drop(permit);
    start.wait().await;

    let mut rules = Game::new(config.variant);
    let (mut moves, mut times) = (Vec::new(), Vec::new());
    // Paced games start spread over one interval, so that moves do not come in waves.
    let interval =
        if config.rate > 0.0 { Duration::from_secs_f64(config.games as f64 / config.rate) } else { Duration::ZERO };
    let began = tokio::time::Instant::now() + interval.mul_f64(rng.random::<f64>());
    let mut players = [
        Player { url: url(0).clone(), secret: white_secret.clone(), game, socket: Some(white) },
        Player { url: url(1).clone(), secret: black_secret, game, socket: Some(black) },
    ];
    for ply in 0..config.plies {
        let Some((action, text)) = random_move(&rules, &mut rng) else { break };
        let player = &mut players[ply % 2];
        // As a player does: wait until the opponent's move is seen, then answer.
        if ply > 0 {
            player.until(|m| matches!(m, ServerMessage::GameState(s) if s.moves.len() >= ply)).await?;
        }
        tokio::time::sleep_until(began + interval * ply as u32).await;
        let sent = Instant::now();
        let mv = ClientMessage::Move { game, ply, action: text.clone() };
        let reply = player
            .ask(&mv, |m| matches!(m, ServerMessage::MoveAccepted { ply: p, .. } if *p == ply) || is_error(m))
            .await?;
        if let ServerMessage::Error { message, .. } = reply {
            return Err(LoadError::Refused(format!("game {game} ply {ply} {text}: {message}")));
        }
        times.push((sent, sent.elapsed()));
        moves.push(text);
        rules.play(action).map_err(|e| LoadError::Refused(e.to_string()))?;
    }
    Ok(Played { game, secret: white_secret, moves, times })
}

/// The error of the series' file at `path`.
fn series_error(path: &Path) -> impl Fn(std::io::Error) -> LoadError + '_ {
    move |error| LoadError::Series { path: path.to_owned(), error }
}

/// Every acknowledged move as a CSV line, in the order the games were played.
fn write_series(file: std::fs::File, began: Instant, played: &[Played]) -> std::io::Result<()> {
    let mut out = std::io::BufWriter::new(file);
    writeln!(out, "game,ply,sent_s,ms")?;
    for p in played {
        for (ply, (sent, took)) in p.times.iter().enumerate() {
            let at = sent.saturating_duration_since(began).as_secs_f64();
            writeln!(out, "{},{ply},{at:.4},{:.3}", p.game, took.as_secs_f64() * 1e3)?;
        }
    }
    out.flush()
}

/// How long a player keeps reconnecting before it gives up.
const RECONNECTING: Duration = Duration::from_secs(60);

fn is_error(m: &ServerMessage) -> bool {
    matches!(m, ServerMessage::Error { .. })
}

/// One side of a game in play, reconnecting when its connection breaks.
struct Player {
    url: String,
    secret: String,
    game: GameId,
    socket: Option<Socket>,
}

impl Player {
    /// The connection, made again (Hello, then the game asked for) if it broke.
    async fn socket(&mut self) -> Result<&mut Socket, LoadError> {
        if self.socket.is_none() {
            let start = Instant::now();
            let mut wait = Duration::from_millis(100);
            loop {
                let connected = async {
                    let mut socket = Socket::hello(&self.url, &self.secret, "load").await?;
                    socket.send(&ClientMessage::GetGame { game: self.game }).await?;
                    Ok::<_, ClientError>(socket)
                };
                match connected.await {
                    Ok(socket) => {
                        self.socket = Some(socket);
                        break;
                    }
                    Err(e) if start.elapsed() > RECONNECTING => return Err(e.into()),
                    Err(_) => {
                        tokio::time::sleep(wait).await;
                        wait = (wait * 2).min(Duration::from_secs(2));
                    }
                }
            }
        }
        Ok(self.socket.as_mut().expect("connected"))
    }

    /// Receives until a message satisfies `want`, reconnecting (and asking for the game) when
    /// the connection breaks.
    async fn until(&mut self, want: impl Fn(&ServerMessage) -> bool) -> Result<ServerMessage, LoadError> {
        loop {
            match self.socket().await?.recv_until(&want).await {
                Ok(m) => return Ok(m),
                Err(_) => self.socket = None,
            }
        }
    }

    /// Sends `message` and receives until a reply satisfies `want`; after a broken connection
    /// the message is sent again on the next one (a move carries its ply, so it is played once).
    async fn ask(
        &mut self,
        message: &ClientMessage,
        want: impl Fn(&ServerMessage) -> bool,
    ) -> Result<ServerMessage, LoadError> {
        loop {
            let socket = self.socket().await?;
            if socket.send(message).await.is_err() {
                self.socket = None;
                continue;
            }
            match socket.recv_until(&want).await {
                Ok(m) => return Ok(m),
                Err(_) => self.socket = None,
            }
        }
    }
}

/// A random legal move and its text, or `None` when the game is over.
pub fn random_move(rules: &Game, rng: &mut impl Rng) -> Option<(Action, String)> {
    if rules.outcome().is_some() {
        return None;
    }
    let legal = rules.position().legal_actions();
    let action = *legal.get(rng.random_range(0..legal.len().max(1)))?;
    Some((action, rules.position().notation(action)))
}

/// Sends a request and returns the first state that `answers` it (or the server's refusal as an
/// error).
async fn request(
    socket: &mut Socket,
    message: ClientMessage,
    answers: impl Fn(&GameState) -> bool,
) -> Result<ServerMessage, LoadError> {
    socket.send(&message).await?;
    let answer = |m: &ServerMessage| match m {
        ServerMessage::GameState(s) => answers(s),
        m => is_error(m),
    };
    match socket.recv_until(answer).await? {
        ServerMessage::Error { message, .. } => Err(LoadError::Refused(message)),
        state => Ok(state),
    }
}

/// The largest peak resident memory the servers report at `/metrics` (plain `ws://` only).
async fn peak_bytes(urls: &[String]) -> Option<u64> {
    let mut peak = None;
    for url in urls {
        let Some(authority) = url.strip_prefix("ws://").and_then(|r| r.split('/').next()) else { continue };
        let fetch = async {
            use tokio::io::{AsyncReadExt, AsyncWriteExt};
            let mut tcp = tokio::net::TcpStream::connect(authority).await.ok()?;
            let request = format!("GET /metrics HTTP/1.1\r\nHost: {authority}\r\nConnection: close\r\n\r\n");
            tcp.write_all(request.as_bytes()).await.ok()?;
            let mut text = String::new();
            tcp.take(1 << 20).read_to_string(&mut text).await.ok()?;
            crate::metrics::read_metric(&text, "surface_chess_peak_resident_bytes")
        };
        if let Ok(Some(bytes)) = tokio::time::timeout(Duration::from_secs(5), fetch).await {
            peak = peak.max(Some(bytes as u64));
        }
    }
    peak
}

/// Acknowledged moves missing from the games as stored.
async fn lost(config: &LoadConfig, played: &[Played]) -> Result<usize, LoadError> {
    let store = match &config.database {
        Some(url) => Some(Store::open(url).await?),
        None => None,
    };
    let mut lost = 0;
    for p in played {
        let stored = match &store {
            Some(store) => {
                let log = store.load(p.game, 0).await?;
                let g = crate::event::replay(p.game, log.iter().map(|(s, a, t)| (*s, *a, t.as_str())))?;
                g.moves().to_vec()
            }
            None => {
                let mut socket = Socket::hello(&config.urls[0], &p.secret, "load check").await?;
                match request(&mut socket, ClientMessage::GetGame { game: p.game }, |_| true).await? {
                    ServerMessage::GameState(s) => s.moves,
                    _ => Vec::new(),
                }
            }
        };
        lost += p.moves.iter().enumerate().filter(|(i, m)| stored.get(*i) != Some(m)).count();
    }
    Ok(lost)
}
