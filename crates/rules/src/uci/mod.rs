//! The Universal Chess Interface: `surfchess uci` speaks it on standard input and output, so that
//! chess tools (python-chess, cutechess-cli, GUIs) can drive the engine on every board.
//!
//! The board is chosen with `setoption name UCI_Variant value <variant>` (default `chess`);
//! positions are `startpos` or the board's position text (FEN on `chess`); moves are read in UCI's
//! coordinates or long notation and written in UCI's coordinates ([`to_uci`]). A bad command is
//! answered with `info string error: …` naming what is wrong, and the session goes on.

mod client;
mod go;
mod moves;

pub use client::{Client, ClientError, MAX_LINE};
pub use go::{Go, GoError};
pub use moves::{from_uci, to_uci};

use crate::engine::{DEFAULT_MOVETIME, Engine, Level, Limits, SearchResult};
use crate::piece::Color;
use crate::position::Position;
use crate::variant::Variant;
use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

/// The engine's name in `id name`.
const NAME: &str = concat!("Surface Chess ", env!("CARGO_PKG_VERSION"));

/// Transposition-table size by default and at most, in MiB.
const HASH: (usize, usize) = (24, 4096);

/// The most search threads the `Threads` option takes.
const MAX_THREADS: usize = 256;

/// The `UCI_Elo` range: the levels' nominal strengths ([`Level::nominal_elo`]).
const ELO: (u32, u32) = (Level::Beginner.nominal_elo(), Level::Strongest.nominal_elo());

/// Where replies go, shared with the searching thread.
type Output = Arc<Mutex<Box<dyn Write + Send>>>;

/// Runs a session: reads commands from `input` until `quit` or the input ends, replying on
/// `output`. Fails only when `output` cannot be written.
pub fn run(input: impl BufRead, output: impl Write + Send + 'static) -> io::Result<()> {
    let mut session = Session::new(Arc::new(Mutex::new(Box::new(output))));
    for line in input.lines() {
        let line = line?;
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&command, rest)) = words.split_first() else { continue };
        match command {
            "quit" => break,
            "uci" => session.identify()?,
            "isready" => session.say("readyok")?,
            "ucinewgame" => session.new_game(),
            "setoption" => session.set_option(rest)?,
            "position" => session.set_position(rest)?,
            "go" => session.go(rest)?,
            "stop" => session.finish(),
            "ponderhit" | "debug" | "register" => {}
            other => session.error(&format!("unknown command {other:?}"))?,
        }
    }
    session.finish();
    Ok(())
}

/// The default of `Threads`: one per core.
fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().min(MAX_THREADS))
}

/// A session's state: the board, the position with the positions before it, the engine (away
/// while it searches) and the options.
struct Session {
    out: Output,
    variant: Variant,
    earlier: Vec<Position>,
    position: Position,
    engine: Option<Engine>,
    hash_mb: usize,
    threads: usize,
    limit_strength: bool,
    elo: u32,
    search: Option<(JoinHandle<Engine>, Arc<AtomicBool>)>,
}

impl Session {
    fn new(out: Output) -> Session {
        let variant = Variant::Chess;
        Session {
            out,
            variant,
            position: Position::new(variant),
            earlier: Vec::new(),
            engine: Some(Engine::with_hash(0, HASH.0).threads(default_threads())),
            hash_mb: HASH.0,
            threads: default_threads(),
            limit_strength: false,
            elo: ELO.1,
            search: None,
        }
    }

    fn say(&self, line: &str) -> io::Result<()> {
        say(&self.out, line)
    }

    fn error(&self, what: &str) -> io::Result<()> {
        self.say(&format!("info string error: {what}"))
    }

    fn identify(&self) -> io::Result<()> {
        let variants: String = Variant::ALL.iter().map(|v| format!(" var {v}")).collect();
        let lines = [
            format!("id name {NAME}"),
            "id author the Surface Chess authors".to_owned(),
            format!("option name UCI_Variant type combo default chess{variants}"),
            format!("option name Hash type spin default {} min 1 max {}", HASH.0, HASH.1),
            format!("option name Threads type spin default {} min 1 max {MAX_THREADS}", default_threads()),
            "option name UCI_LimitStrength type check default false".to_owned(),
            format!("option name UCI_Elo type spin default {} min {} max {}", ELO.1, ELO.0, ELO.1),
            "uciok".to_owned(),
        ];
        lines.iter().try_for_each(|l| self.say(l))
    }

    /// Stops a running search and waits for its `bestmove`.
    fn finish(&mut self) {
        if let Some((worker, stop)) = self.search.take() {
            stop.store(true, Ordering::Relaxed);
            // A search thread that panicked leaves a fresh engine.
            self.engine = Some(worker.join().unwrap_or_else(|_| self.fresh_engine()));
        }
    }

    /// A new engine with the session's options.
    fn fresh_engine(&self) -> Engine {
        Engine::with_hash(0, self.hash_mb).threads(self.threads)
    }

    fn engine(&mut self) -> &mut Engine {
        self.finish();
        if self.engine.is_none() {
            self.engine = Some(self.fresh_engine());
        }
        self.engine.as_mut().expect("just made")
    }

    fn new_game(&mut self) {
        self.engine().clear();
        self.position = Position::new(self.variant);
        self.earlier.clear();
    }

    /// `setoption name <name> [value <value>]`.
    fn set_option(&mut self, words: &[&str]) -> io::Result<()> {
        let at = words.iter().position(|&w| w == "value");
        let name = words[..at.unwrap_or(words.len())].iter().skip_while(|&&w| w == "name").copied();
        let name = name.collect::<Vec<_>>().join(" ");
        let value = at.map(|i| words[i + 1..].join(" ")).unwrap_or_default();
        let number = || value.parse::<u64>().ok();
        match name.to_ascii_lowercase().as_str() {
            "uci_variant" => match value.parse::<Variant>() {
                Ok(v) => {
                    self.variant = v;
                    self.new_game();
                }
                Err(e) => return self.error(&format!("UCI_Variant: {e}")),
            },
            "hash" => match number().filter(|&mb| (1..=HASH.1 as u64).contains(&mb)) {
                Some(mb) => {
                    self.finish();
                    self.hash_mb = mb as usize;
                    self.engine = Some(self.fresh_engine());
                }
                None => return self.error(&format!("Hash: {value:?} is not a size from 1 to {} MiB", HASH.1)),
            },
            "threads" => match number().filter(|&n| (1..=MAX_THREADS as u64).contains(&n)) {
                Some(n) => {
                    self.finish();
                    self.threads = n as usize;
                    self.engine = self.engine.take().map(|e| e.threads(n as usize));
                }
                None => return self.error(&format!("Threads: {value:?} is not a number from 1 to {MAX_THREADS}")),
            },
            "uci_limitstrength" => match value.as_str() {
                "true" | "false" => self.limit_strength = value == "true",
                _ => return self.error(&format!("UCI_LimitStrength: {value:?} is not true or false")),
            },
            "uci_elo" => match number() {
                Some(elo) => self.elo = (elo as u32).clamp(ELO.0, ELO.1),
                None => return self.error(&format!("UCI_Elo: {value:?} is not a number")),
            },
            _ => return self.error(&format!("unknown option {name:?}")),
        }
        Ok(())
    }

    /// `position startpos|fen <text> [moves <move>…]`: on any error the position stays as it was.
    fn set_position(&mut self, words: &[&str]) -> io::Result<()> {
        match self.read_position(words) {
            Ok((earlier, position)) => {
                self.finish();
                (self.earlier, self.position) = (earlier, position);
                Ok(())
            }
            Err(e) => self.error(&format!("position: {e}")),
        }
    }

    fn read_position(&self, words: &[&str]) -> Result<(Vec<Position>, Position), String> {
        let at = words.iter().position(|&w| w == "moves").unwrap_or(words.len());
        let (head, moves) = (&words[..at], words.get(at + 1..).unwrap_or_default());
        let start = match head {
            ["startpos"] => Position::new(self.variant),
            ["fen", text @ ..] if !text.is_empty() => {
                Position::from_text(self.variant, &text.join(" ")).map_err(|e| format!("{}: {e}", self.variant))?
            }
            _ => return Err("expected 'startpos' or 'fen <position>', then optionally 'moves …'".into()),
        };
        let mut earlier = Vec::with_capacity(moves.len());
        let mut position = start;
        for (i, text) in moves.iter().enumerate() {
            let action = from_uci(&position, text).map_err(|e| format!("move {} ({text}): {e}", i + 1))?;
            let next = position.play(action).map_err(|e| format!("move {} ({text}): {e}", i + 1))?;
            earlier.push(std::mem::replace(&mut position, next));
        }
        Ok((earlier, position))
    }

    /// `go …`: searches on a thread that writes `info` lines and then `bestmove`.
    fn go(&mut self, words: &[&str]) -> io::Result<()> {
        let go = match Go::parse(words) {
            Ok(go) => go,
            Err(e) => return self.error(&e.to_string()),
        };
        self.finish();
        let mut engine = self.engine.take().unwrap_or_else(|| self.fresh_engine());
        let limits = self.limits(&go);
        // Without any limit the search runs until `stop`, as with `infinite`.
        let until_stop = go.infinite || (limits.depth, limits.movetime, limits.nodes) == (None, None, None);
        let stop = Arc::new(AtomicBool::new(false));
        let (out, flag) = (Arc::clone(&self.out), Arc::clone(&stop));
        let (position, earlier) = (self.position.clone(), self.earlier.clone());
        let worker = std::thread::spawn(move || {
            let mut reported = None;
            let found = engine.search_position(&position, &earlier, &limits, &flag, |r| {
                let _ = say(&out, &info(&position, r));
                reported = Some((r.depth, r.best));
            });
            // The move played may come from a helper thread that went deeper than the main
            // thread's last report, or from an iteration cut short: its line is reported too, so
            // that the last `info` is the move's.
            if let Some(r) = &found
                && reported != Some((r.depth, r.best))
                && r.depth > 0
            {
                let _ = say(&out, &info(&position, r));
            }
            // UCI: after `infinite`, the best move waits for `stop`.
            while until_stop && !flag.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(2));
            }
            let best = found.map_or_else(|| "0000".to_owned(), |r| to_uci(&position, r.best));
            let _ = say(&out, &format!("bestmove {best}"));
            engine
        });
        self.search = Some((worker, stop));
        Ok(())
    }

    /// The search limits of `go` for the side to move, at the level `UCI_Elo` names when
    /// `UCI_LimitStrength` is on.
    fn limits(&self, go: &Go) -> Limits {
        let side = usize::from(self.position.side_to_move() == Color::Black);
        let budget = if go.infinite { None } else { go.budget(side) };
        let mut limits = Limits { depth: go.depth, movetime: budget, nodes: go.nodes, ..Limits::default() };
        if self.limit_strength {
            let level = Level::ALL.into_iter().rev().find(|l| l.nominal_elo() <= self.elo).unwrap_or(Level::Beginner);
            let at_level = level.limits(budget.unwrap_or(DEFAULT_MOVETIME));
            limits.depth = match (limits.depth, at_level.depth) {
                (Some(asked), Some(level)) => Some(asked.min(level)),
                (asked, level) => asked.or(level),
            };
            limits.movetime = at_level.movetime;
            (limits.noise, limits.blind) = (at_level.noise, at_level.blind);
        }
        limits
    }
}

fn say(out: &Output, line: &str) -> io::Result<()> {
    let mut out = out.lock().unwrap_or_else(|e| e.into_inner());
    writeln!(out, "{line}")?;
    out.flush()
}

/// An `info` line for a completed iteration.
fn info(position: &Position, r: &SearchResult) -> String {
    let mut pv = String::new();
    let mut p = position.clone();
    for &a in &r.pv {
        pv.push(' ');
        pv.push_str(&to_uci(&p, a));
        match p.play(a) {
            Ok(next) => p = next,
            Err(_) => break,
        }
    }
    format!(
        "info depth {} seldepth {} score {} nodes {} nps {} time {} pv{pv}",
        r.depth,
        r.seldepth,
        r.score,
        r.nodes,
        r.nps(),
        r.elapsed.as_millis()
    )
}
