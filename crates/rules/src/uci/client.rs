//! An outside engine driven over UCI as one side of a match: another build of `surfchess uci`
//! (to measure one version against another on any board), or any UCI engine on `chess`.
//!
//! The engine is a child process. Everything it may do is bounded: each reply is awaited for a
//! fixed time, a line longer than [`MAX_LINE`] bytes ends the conversation, and what it says is
//! read on a thread into a bounded queue. A move that is not legal is an error naming it.

use super::moves::{from_uci, to_uci};
use crate::action::Action;
use crate::engine::{Clock, Player};
use crate::game::Game;
use crate::position::Position;
use crate::quote::Quoted;
use crate::variant::Variant;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, sync_channel};
use std::time::{Duration, Instant};

/// The longest line read from the engine.
pub const MAX_LINE: u64 = 64 * 1024;
/// How long the engine may take to answer `uci` and `isready`.
const HANDSHAKE: Duration = Duration::from_secs(10);
/// How long past its thinking time the engine may take to answer `go`.
const GRACE: Duration = Duration::from_secs(5);

/// What went wrong with an outside engine.
#[derive(Debug, thiserror::Error)]
pub enum ClientError {
    /// The program did not start.
    #[error("cannot start the engine {}: {source}", Quoted(.path))]
    Start {
        /// The program as given.
        path: String,
        /// Why not.
        source: io::Error,
    },
    /// The engine stopped reading.
    #[error("cannot write to the engine: {0}")]
    Write(#[from] io::Error),
    /// No awaited line in time, or the engine closed its output or wrote an overlong line.
    #[error("the engine did not answer {awaited:?} within {seconds} s ({why})")]
    Silent {
        /// The reply awaited.
        awaited: &'static str,
        /// The time allowed.
        seconds: u64,
        /// Timed out or closed.
        why: &'static str,
    },
    /// The engine's move is not legal in the position.
    #[error("the engine played {}, not a legal move here", Quoted(.0))]
    Illegal(String),
}

/// A running outside engine, playing with a fixed time per move.
pub struct Client {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
    movetime: Duration,
}

impl Client {
    /// Starts the program at `path` with the argument `uci` if it is a `surfchess`, else none,
    /// and sets it up for `variant` (`UCI_Variant`, which plain chess engines need not know) and
    /// `threads` search threads.
    pub fn start(path: &Path, variant: Variant, threads: usize, movetime: Duration) -> Result<Client, ClientError> {
        let surfchess = path.file_stem().is_some_and(|s| s.to_string_lossy().contains("surfchess"));
        let mut child = Command::new(path)
            .args(surfchess.then_some("uci"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|source| ClientError::Start { path: path.display().to_string(), source })?;
        let input = child.stdin.take().expect("piped");
        let output = BufReader::new(child.stdout.take().expect("piped"));
        let (send, lines) = sync_channel(256);
        std::thread::spawn(move || {
            let mut output = output;
            loop {
                let mut line = String::new();
                match output.by_ref().take(MAX_LINE).read_line(&mut line) {
                    Ok(0) | Err(_) => break,
                    Ok(_) if !line.ends_with('\n') => break,
                    Ok(_) => {
                        if send.send(line.trim_end().to_owned()).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        let mut client = Client { child, input, lines, movetime };
        client.send("uci")?;
        client.await_line("uciok", HANDSHAKE)?;
        if variant != Variant::Chess {
            client.send(&format!("setoption name UCI_Variant value {variant}"))?;
        }
        client.send(&format!("setoption name Threads value {threads}"))?;
        client.new_game()?;
        Ok(client)
    }

    fn send(&mut self, line: &str) -> Result<(), ClientError> {
        writeln!(self.input, "{line}")?;
        Ok(self.input.flush()?)
    }

    /// Reads lines until one starting with `awaited`, which it returns.
    fn await_line(&mut self, awaited: &'static str, wait: Duration) -> Result<String, ClientError> {
        let deadline = Instant::now() + wait;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let silent = |why| ClientError::Silent { awaited, seconds: wait.as_secs(), why };
            match self.lines.recv_timeout(left) {
                Ok(line) if line.starts_with(awaited) => return Ok(line),
                Ok(_) => {}
                Err(RecvTimeoutError::Timeout) => return Err(silent("timed out")),
                Err(RecvTimeoutError::Disconnected) => return Err(silent("its output ended")),
            }
        }
    }

    /// Starts a new game: `ucinewgame`, then waits until the engine is ready.
    pub fn new_game(&mut self) -> Result<(), ClientError> {
        self.send("ucinewgame")?;
        self.send("isready")?;
        self.await_line("readyok", HANDSHAKE).map(|_| ())
    }

    /// The engine's move in `game`, which is not over, searched for the client's time per move,
    /// or with `clock` running (sent as `wtime`/`btime`/`winc`/`binc`, the engine's time
    /// management choosing how long).
    pub fn best(&mut self, game: &Game, clock: Option<&Clock>) -> Result<Action, ClientError> {
        let moves: Vec<String> = (0..game.actions().len())
            .filter_map(|ply| game.position_at(ply).map(|p| to_uci(p, game.actions()[ply])))
            .collect();
        let moves = if moves.is_empty() { String::new() } else { format!(" moves {}", moves.join(" ")) };
        let start = game.initial().to_text();
        let start = if start == Position::new(game.position().variant()).to_text() {
            "startpos".into()
        } else {
            format!("fen {start}")
        };
        self.send(&format!("position {start}{moves}"))?;
        let (go, wait) = match clock {
            Some(c) => {
                let [white, black] = c.left.map(|t| t.as_millis());
                let inc = c.increment.as_millis();
                let left = c.left[game.position().side_to_move().index()];
                (format!("go wtime {white} btime {black} winc {inc} binc {inc}"), left)
            }
            None => (format!("go movetime {}", self.movetime.as_millis()), self.movetime),
        };
        self.send(&go)?;
        let line = self.await_line("bestmove", wait + GRACE)?;
        let text = line.split_whitespace().nth(1).unwrap_or("");
        from_uci(game.position(), text).map_err(|_| ClientError::Illegal(text.to_owned()))
    }
}

impl Player for Client {
    fn choose(&mut self, game: &Game, clock: Option<&Clock>) -> Result<Action, String> {
        self.best(game, clock).map_err(|e| e.to_string())
    }
}

impl Drop for Client {
    /// Asks the engine to quit, and ends it if it has not within a second.
    fn drop(&mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + Duration::from_secs(1);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
