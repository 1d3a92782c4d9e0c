//! `surfchess`: the rules from the command line, without Bevy.
//!
//! ```text
//! surfchess perft <variant> <depth> [--fen <position>] [--divide] [--notation long|san]
//! surfchess validate <record.json>
//! surfchess show <variant> [--fen <position>]
//! surfchess bestmove <variant> [--fen <position>] [--moves <actions>] [--movetime MS | --depth D]
//!                    [--level L] [--seed S] [--threads N]
//! surfchess selfplay <variant> --white L --black L --games N [--movetime MS] [--seed S]
//! surfchess match <variant> (--first L | --first-engine PATH) (--second L | --second-engine PATH)
//!                 --openings N [--plies P] [--judge-nodes N] [--movetime MS] [--threads N] [--seed S]
//! surfchess uci
//! surfchess explain <variant> [--fen <position>] [--words] <from> <to>
//! surfchess lesson check <file.json | directory>
//! surfchess lesson list <file.json | directory>
//! ```
//!
//! `perft --divide` names each root action in long coordinate notation (`--notation long`, the
//! default: `e2–e4`, on the three-level boards technical coordinates `1e2-2e3`) or, with
//! `--notation san`, in gg³ algebraic notation (`e3β`, `Nf3α`, `O-Oβ`), which only the three-level
//! boards `strato` and `chess3` have: `--notation san` on another board is refused (exit 2).
//!
//! Exit codes: 0 done, 2 bad input (with a message on stderr naming what is wrong), 1 the output
//! could not be written (silently for a closed pipe, as `… | head -1` does).

use clap::error::{ContextKind, ContextValue};
use clap::{Parser, Subcommand};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::Duration;
use surface_chess_rules::engine::{
    Builtin, Clock, DEFAULT_MOVETIME, Elo, Engine, Level, Limits, MATCH_JUDGE_NODES, Player, Tally, Weights,
    balanced_opening, game_seed, play_between, play_game, samples, tune,
};
use surface_chess_rules::tour::Tour;
use surface_chess_rules::uci::Client;
use surface_chess_rules::{
    Chart, Color, Escaped, Game, Lesson, Position, Quoted, Record, Start, Variant, divide, perft,
};

/// The levels for `--help`, from the level table.
fn levels_help() -> String {
    let levels = Level::ALL.map(|l| format!("{} {}", l.number(), l.name())).join(", ");
    format!(
        "levels: {levels} (default);\n  the strongest level thinks for --movetime (default 1000 ms), weaker ones less"
    )
}

/// The rules of Surface Chess from the command line.
#[derive(Parser)]
#[command(name = "surfchess", version, args_override_self = true, arg_required_else_help = true, after_help = levels_help())]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Counts the leaves of the legal-action tree; with --divide, per root action.
    Perft {
        /// The board.
        variant: Variant,
        /// Plies, 0 to 12.
        #[arg(value_parser = clap::value_parser!(u32).range(0..=12))]
        depth: u32,
        /// The position text (default: the initial position).
        #[arg(long, value_name = "POSITION")]
        fen: Option<String>,
        /// One `<move> <count>` line per root action, then `nodes <N>`.
        #[arg(long)]
        divide: bool,
        /// How --divide writes the moves: `long` coordinates, or `san`, gg³ algebraic notation
        /// (`e3β`, `Nf3α`; strato and chess3 only).
        #[arg(long, value_name = "NOTATION", default_value = "long")]
        notation: Notation,
    },
    /// Replays a game record and reports it, or names what is wrong and where.
    Validate {
        /// The JSON record.
        record: PathBuf,
    },
    /// Draws the charts as text and prints the position text.
    Show {
        /// The board.
        variant: Variant,
        /// The position text (default: the initial position).
        #[arg(long, value_name = "POSITION")]
        fen: Option<String>,
    },
    /// The engine's move, then its search statistics; on a finished game, the result.
    Bestmove {
        /// The board.
        variant: Variant,
        /// The starting position text (default: the initial position).
        #[arg(long, value_name = "POSITION")]
        fen: Option<String>,
        /// Actions played from the position first, in long notation, separated by spaces: the
        /// search then knows the game's repetitions.
        #[arg(long, value_name = "ACTIONS")]
        moves: Option<String>,
        /// Thinking time of the strongest level, in milliseconds (weaker levels use less).
        #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..), conflicts_with = "depth")]
        movetime: Option<u64>,
        /// Search to this depth instead, without a time limit.
        #[arg(long, value_name = "D", value_parser = clap::value_parser!(u32).range(1..=64))]
        depth: Option<u32>,
        /// Playing level, a number or a name (the levels are listed under `surfchess --help`).
        #[arg(long, value_name = "L", default_value = "strongest")]
        level: Level,
        /// Seed of the levels' random choices.
        #[arg(long, value_name = "S", default_value_t = 0)]
        seed: u64,
        /// Search threads of a timed search (a depth search uses one).
        #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
        threads: u16,
    },
    /// Why the piece on FROM can or cannot go to TO: `legal <action> route <cells…>` per legal
    /// action, or one line `illegal <reason> <details…>`.
    Explain {
        /// The board.
        variant: Variant,
        /// The position text (default: the initial position).
        #[arg(long, value_name = "POSITION")]
        fen: Option<String>,
        /// Adds the explanation in words on a last line.
        #[arg(long)]
        words: bool,
        /// The piece's cell, e.g. `e2` or `I:e2`.
        from: String,
        /// The target cell.
        to: String,
    },
    /// Lessons: checks that each stated answer is what the rules say, or lists them.
    Lesson {
        #[command(subcommand)]
        command: LessonCommand,
    },
    /// Guided tours: checks every step (board, position, overlays, camera, cells, move).
    Tour {
        #[command(subcommand)]
        command: TourCommand,
    },
    /// Plays a match between two players (levels of this engine, or outside UCI engines such as
    /// another build of surfchess) from random balanced openings, each twice with the colours
    /// swapped; prints each game, then the score and the Elo difference of the first player with
    /// its 95 % error bar.
    Match {
        /// The board.
        variant: Variant,
        /// The first player's level.
        #[arg(long, value_name = "L", required_unless_present = "first_engine")]
        first: Option<Level>,
        /// The first player as an outside UCI engine: its program (a `surfchess` is started with
        /// `uci`), thinking for `--movetime` a move or on the `--clock`.
        #[arg(long, value_name = "PATH", conflicts_with = "first")]
        first_engine: Option<PathBuf>,
        /// The second player's level.
        #[arg(long, value_name = "L", required_unless_present = "second_engine")]
        second: Option<Level>,
        /// The second player as an outside UCI engine.
        #[arg(long, value_name = "PATH", conflicts_with = "second")]
        second_engine: Option<PathBuf>,
        /// Search threads of each player.
        #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
        threads: u16,
        /// Openings, each played twice, 1 to 5000.
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=5000))]
        openings: u32,
        /// Random plies of each opening, before a search checks that it is balanced.
        #[arg(long, value_name = "P", default_value_t = 6, value_parser = clap::value_parser!(u32).range(0..=20))]
        plies: u32,
        /// Nodes of the search that judges whether an opening is balanced (deeper sees more of
        /// the openings that are already decided).
        #[arg(long, value_name = "N", default_value_t = MATCH_JUDGE_NODES,
              value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
        judge_nodes: u64,
        /// Thinking time of the strongest level, in milliseconds.
        #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..))]
        movetime: Option<u64>,
        /// A clock instead of a time a move: seconds each and the increment, as `60+0`; a player
        /// whose time runs out loses (each player's time management chooses how long a move takes).
        #[arg(long, value_name = "SECONDS+INC", conflicts_with = "movetime")]
        clock: Option<Clock>,
        /// Seed of the match.
        #[arg(long, value_name = "S", default_value_t = 0)]
        seed: u64,
    },
    /// Speaks the Universal Chess Interface on standard input and output (choose the board with
    /// `setoption name UCI_Variant value <variant>`).
    Uci,
    /// Fits the evaluation's weights to self-play games on a board (Texel tuning) and prints them
    /// as the Rust of `engine/weights.rs`, with the error before and after.
    Tune {
        /// The board.
        variant: Variant,
        /// Self-play games to take positions from, 1 to 100000.
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=100_000))]
        games: u32,
        /// Depth of the self-play searches.
        #[arg(long, value_name = "D", default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=12))]
        depth: u32,
        /// Largest step of a weight, halved down to 1.
        #[arg(long, value_name = "S", default_value_t = 16, value_parser = clap::value_parser!(i32).range(1..=1024))]
        step: i32,
        /// Seed of the games.
        #[arg(long, value_name = "S", default_value_t = 0)]
        seed: u64,
        /// Weights left as they are, by the start of their names, comma-separated: `material`,
        /// `mobility`, `zone attacked`, `progress`, `passed`, `doubled`, `protected`, `shelter`,
        /// `bishop pair`, `tempo`, `king level`, `undeveloped`.
        #[arg(long, value_name = "NAMES", value_delimiter = ',')]
        keep: Vec<String>,
    },
    /// Plays games between two levels; prints each result as it ends, then the score.
    Selfplay {
        /// The board.
        variant: Variant,
        /// White's level.
        #[arg(long, value_name = "L")]
        white: Level,
        /// Black's level.
        #[arg(long, value_name = "L")]
        black: Level,
        /// Number of games, 1 to 10000.
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=10_000))]
        games: u32,
        /// Thinking time of the strongest level, in milliseconds.
        #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..))]
        movetime: Option<u64>,
        /// Seed of the match.
        #[arg(long, value_name = "S", default_value_t = 0)]
        seed: u64,
    },
}

/// The move notation of `perft --divide`.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Notation {
    /// Long coordinate notation (`e2–e4`; `1e2-2e3` on the three-level boards).
    Long,
    /// gg³ algebraic notation (`e3β`, `Nf3α`, `O-Oβ`): the three-level boards only.
    San,
}

#[derive(Subcommand)]
enum TourCommand {
    /// Checks a tour file, or every `*.json` in a directory (sorted): `ok <id> <file name>` or
    /// `FAIL <file name>: <reason>` per tour, then a summary; exit 2 if any failed.
    Check {
        /// A tour file or a directory of them.
        path: PathBuf,
    },
}

#[derive(Subcommand)]
enum LessonCommand {
    /// Checks a lesson file, or every `*.json` in a directory (sorted): `ok <id> <file name>` or
    /// `FAIL <file name>: <reason>` per lesson, then a summary; exit 2 if any failed.
    Check {
        /// A lesson file or a directory of them.
        path: PathBuf,
    },
    /// Lists lessons: `<id> <variant> <kind> <title>` per lesson (a lesson that does not read is
    /// a `FAIL` line; exit 2 then).
    List {
        /// A lesson file or a directory of them.
        path: PathBuf,
    },
}

/// Why a command did not finish.
#[derive(Debug, thiserror::Error)]
enum Failure {
    /// Something given on the command line or read from a file is wrong.
    #[error("{0}")]
    Input(String),
    /// Standard output cannot be written.
    #[error("cannot write the output: {0}")]
    Output(#[from] io::Error),
}

fn input(message: impl Into<String>) -> Failure {
    Failure::Input(message.into())
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse_from(std::env::args_os()) {
        Ok(cli) => cli,
        Err(e) => {
            let e = escaped(e);
            // Help and version go to stdout, errors to stderr; neither may fail loudly.
            let _ = e.print();
            return ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2));
        }
    };
    // Line by line, without holding the stdout lock: `uci` writes from its search thread too.
    let mut out = io::LineWriter::new(io::stdout());
    let done = run(cli.command, &mut out).and_then(|()| out.flush().map_err(Failure::from));
    match done {
        Ok(()) => ExitCode::SUCCESS,
        // A reader that stopped reading (`| head -1`) is not an error worth a message.
        Err(Failure::Output(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::from(1),
        Err(failure) => {
            let _ = writeln!(io::stderr(), "surfchess: {failure}");
            ExitCode::from(if matches!(failure, Failure::Input(_)) { 2 } else { 1 })
        }
    }
}

/// A command-line error with the user's text in it escaped and cut, like every other message.
fn escaped(mut e: clap::Error) -> clap::Error {
    let user_text: Vec<(ContextKind, ContextValue)> = e
        .context()
        .filter(|(kind, _)| {
            matches!(kind, ContextKind::InvalidArg | ContextKind::InvalidSubcommand | ContextKind::InvalidValue)
        })
        .map(|(kind, value)| (kind, value.clone()))
        .collect();
    for (kind, value) in user_text {
        let clean = match value {
            ContextValue::String(s) => ContextValue::String(Escaped(&s).to_string()),
            ContextValue::Strings(list) => ContextValue::Strings(list.iter().map(|s| Escaped(s).to_string()).collect()),
            other => other,
        };
        e.insert(kind, clean);
    }
    e
}

fn run(command: Command, out: &mut impl Write) -> Result<(), Failure> {
    match command {
        Command::Perft { variant, depth, fen, divide: by_action, notation } => {
            let p = position(variant, fen.as_deref())?;
            let levels = p.complex().charts().iter().all(Chart::is_level);
            if notation == Notation::San && !levels {
                return Err(input(format!(
                    "--notation san: the {variant} board has no algebraic notation (only strato and chess3 \
                     have it); use --notation long"
                )));
            }
            if by_action {
                // perft(0) counts the position itself, which has no root action.
                let mut total = u64::from(depth == 0);
                for (action, count) in divide(&p, depth) {
                    let name = match notation {
                        Notation::Long => p.notation(action),
                        Notation::San => p.san(action),
                    };
                    writeln!(out, "{name} {count}")?;
                    total += count;
                }
                writeln!(out, "nodes {total}")?;
            } else {
                writeln!(out, "{}", perft(&p, depth))?;
            }
        }
        Command::Validate { record } => validate(&record, out)?,
        Command::Show { variant, fen } => {
            let p = position(variant, fen.as_deref())?;
            writeln!(out, "{}{}", p.diagram(), p.to_text())?;
        }
        Command::Bestmove { variant, fen, moves, movetime, depth, level, seed, threads } => {
            let game = game(variant, fen.as_deref(), moves.as_deref())?;
            let mut limits = level.limits(movetime.map_or(DEFAULT_MOVETIME, Duration::from_millis));
            if let Some(d) = depth {
                limits.depth = Some(if level == Level::Random { 0 } else { d });
                limits.movetime = None;
            }
            bestmove(&game, &mut Engine::new(seed).threads(threads.into()), &limits, out)?;
        }
        Command::Explain { variant, fen, words, from, to } => {
            let p = position(variant, fen.as_deref())?;
            let cell = |what: &str, text: &str| {
                p.complex()
                    .parse_cell(text)
                    .ok_or_else(|| input(format!("{what} {} is not a cell of the {variant} board", Quoted(text))))
            };
            let explanation = p.explain(cell("from", &from)?, cell("to", &to)?);
            for line in explanation.lines(&p) {
                writeln!(out, "{line}")?;
            }
            if words {
                writeln!(out, "{}", explanation.sentence(&p))?;
            }
        }
        Command::Lesson { command: LessonCommand::Check { path } } => lessons(&path, true, out)?,
        Command::Lesson { command: LessonCommand::List { path } } => lessons(&path, false, out)?,
        Command::Tour { command: TourCommand::Check { path } } => tours(&path, out)?,
        Command::Selfplay { variant, white, black, games, movetime, seed } => {
            let movetime = movetime.map_or(DEFAULT_MOVETIME, Duration::from_millis);
            selfplay(variant, [white, black], games, movetime, seed, out)?;
        }
        Command::Match {
            variant,
            first,
            first_engine,
            second,
            second_engine,
            threads,
            openings,
            plies,
            judge_nodes,
            movetime,
            clock,
            seed,
        } => {
            let movetime = movetime.map_or(DEFAULT_MOVETIME, Duration::from_millis);
            let threads = usize::from(threads);
            let contender = |level: Option<Level>, engine: Option<PathBuf>| match (level, engine) {
                (_, Some(path)) => Client::start(&path, variant, threads, movetime)
                    .map(|client| Contender::Outside(client, path.display().to_string()))
                    .map_err(|e| input(e.to_string())),
                (level, None) => Ok(Contender::Level(level.unwrap_or(Level::Strongest), None)),
            };
            let players = [contender(first, first_engine)?, contender(second, second_engine)?];
            let judge = Limits::nodes(judge_nodes);
            let setup = MatchSetup { variant, openings, plies, judge, movetime, clock, threads, seed };
            play_match(&setup, players, out)?;
        }
        Command::Uci => surface_chess_rules::uci::run(io::stdin().lock(), io::stdout())?,
        Command::Tune { variant, games, depth, step, seed, keep } => {
            tune_weights(variant, games, depth, step, seed, &keep, out)?
        }
    }
    Ok(())
}

fn position(variant: Variant, fen: Option<&str>) -> Result<Position, Failure> {
    match fen {
        None => Ok(Position::new(variant)),
        Some(text) => Position::from_text(variant, text).map_err(|e| input(format!("--fen: {e}"))),
    }
}

/// The game from the position with `moves` played, each checked by the game's rules.
fn game(variant: Variant, fen: Option<&str>, moves: Option<&str>) -> Result<Game, Failure> {
    let mut game = match fen {
        None => Game::new(variant),
        Some(_) => Game::from_position(position(variant, fen)?, Start::Edited { label: "command line".into() }),
    };
    for (i, text) in moves.unwrap_or_default().split_whitespace().enumerate() {
        let fail = |reason: String| input(format!("--moves: action {} ({}): {reason}", i + 1, Quoted(text)));
        if let Some(o) = game.outcome() {
            return Err(fail(format!("the game is already over ({o})")));
        }
        let action = game.position().parse_action(text).map_err(|e| fail(e.to_string()))?;
        game.play(action).map_err(|e| fail(e.to_string()))?;
    }
    Ok(game)
}

/// `validate`: one line saying what the record holds, or the first thing wrong with it.
fn validate(path: &Path, out: &mut impl Write) -> Result<(), Failure> {
    let shown = path.to_string_lossy();
    let name = Escaped(&shown);
    let bytes = std::fs::read(path).map_err(|e| input(format!("cannot read {}: {e}", Quoted(&shown))))?;
    let json = String::from_utf8(bytes)
        .map_err(|e| input(format!("{name}: not UTF-8 text (byte {})", e.utf8_error().valid_up_to())))?;
    let record = Record::from_json(&json).map_err(|e| input(format!("{name}: {e}")))?;
    let game = record.replay().map_err(|e| input(format!("{name}: {e}")))?;
    let status = match game.outcome() {
        Some(o) => o.to_string(),
        None => format!("in progress, {} to move", game.position().side_to_move().name()),
    };
    let variant = game.position().variant();
    writeln!(out, "{name}: valid {variant} record, {} actions, {status}", game.actions().len())?;
    Ok(())
}

/// The lesson files at `path`: the file itself, or every `*.json` in the directory, sorted.
fn json_files(path: &Path, what: &str) -> Result<Vec<PathBuf>, Failure> {
    let shown = path.to_string_lossy();
    let meta = std::fs::metadata(path).map_err(|e| input(format!("cannot read {}: {e}", Quoted(&shown))))?;
    if !meta.is_dir() {
        return Ok(vec![path.to_path_buf()]);
    }
    let entries = std::fs::read_dir(path).map_err(|e| input(format!("cannot read {}: {e}", Quoted(&shown))))?;
    let mut files = Vec::new();
    for entry in entries {
        let entry = entry.map_err(|e| input(format!("cannot read {}: {e}", Quoted(&shown))))?;
        let file = entry.path();
        if file.extension().is_some_and(|x| x == "json") && !file.is_dir() {
            files.push(file);
        }
    }
    files.sort();
    if files.is_empty() {
        return Err(input(format!("no {what} (*.json) in {}", Quoted(&shown))));
    }
    Ok(files)
}

/// Reads one lesson file; with `check`, also checks its answer and that its id is its name.
fn lesson(file: &Path, check: bool) -> Result<Lesson, String> {
    let bytes = std::fs::read(file).map_err(|e| format!("cannot read: {e}"))?;
    let json =
        String::from_utf8(bytes).map_err(|e| format!("not UTF-8 text (byte {})", e.utf8_error().valid_up_to()))?;
    let lesson = Lesson::from_json(&json).map_err(|e| e.to_string())?;
    if check {
        lesson.check().map_err(|e| e.to_string())?;
        let stem = file.file_stem().map(|s| s.to_string_lossy()).unwrap_or_default();
        if stem != lesson.id() {
            return Err(format!("id {} is not the file's name ({})", Quoted(lesson.id()), Quoted(&stem)));
        }
    }
    Ok(lesson)
}

/// `lesson check` and `lesson list`: a line per lesson (named by its file name), then
/// (check) a summary; the failures, repeated ids included, make the command fail.
fn lessons(path: &Path, check: bool, out: &mut impl Write) -> Result<(), Failure> {
    let files = json_files(path, "lessons")?;
    let mut seen: Vec<(String, String)> = Vec::new();
    let mut failed = 0;
    for file in &files {
        // Lessons are named by their file names: the path was given.
        let shown = file.file_name().map_or_else(|| file.to_string_lossy(), |name| name.to_string_lossy());
        let name = Escaped(&shown);
        let read = lesson(file, check).and_then(|l| match seen.iter().find(|(id, _)| id == l.id()) {
            Some((_, first)) => Err(format!("id {} is also the id of {first}", Quoted(l.id()))),
            None => {
                seen.push((l.id().to_owned(), name.to_string()));
                Ok(l)
            }
        });
        match read {
            Ok(l) if check => writeln!(out, "ok {} {name}", l.id())?,
            Ok(l) => writeln!(out, "{} {} {} {}", l.id(), l.variant(), l.kind(), Escaped(l.title()))?,
            Err(reason) => {
                failed += 1;
                writeln!(out, "FAIL {name}: {reason}")?;
            }
        }
    }
    let total = files.len();
    if check {
        writeln!(out, "{total} lessons: {} ok, {failed} failed", total - failed)?;
    }
    if failed > 0 {
        return Err(input(format!("{failed} of {total} lessons failed")));
    }
    Ok(())
}

/// `tour check`: a line per tour (named by its file name), then a summary; any failure makes the
/// command fail.
fn tours(path: &Path, out: &mut impl Write) -> Result<(), Failure> {
    let files = json_files(path, "tours")?;
    let mut failed = 0;
    for file in &files {
        let shown = file.file_name().map_or_else(|| file.to_string_lossy(), |name| name.to_string_lossy());
        let stem = file.file_stem().map(|s| s.to_string_lossy()).unwrap_or_default();
        let read = std::fs::read_to_string(file)
            .map_err(|e| format!("cannot read: {e}"))
            .and_then(|json| Tour::from_json(&json).map_err(|e| e.to_string()))
            .and_then(|t| match t.id() == stem {
                true => Ok(t),
                false => Err(format!("id {} is not the file's name ({})", Quoted(t.id()), Quoted(&stem))),
            });
        match read {
            Ok(t) => writeln!(out, "ok {} {}", t.id(), Escaped(&shown))?,
            Err(reason) => {
                failed += 1;
                writeln!(out, "FAIL {}: {reason}", Escaped(&shown))?;
            }
        }
    }
    let total = files.len();
    writeln!(out, "{total} tours: {} ok, {failed} failed", total - failed)?;
    if failed > 0 {
        return Err(input(format!("{failed} of {total} tours failed")));
    }
    Ok(())
}

/// `bestmove`: the move on the first line, then the search statistics; on a finished game,
/// `bestmove (none)` and the result.
fn bestmove(game: &Game, engine: &mut Engine, limits: &Limits, out: &mut impl Write) -> Result<(), Failure> {
    let stop = AtomicBool::new(false);
    let Some(found) = engine.search(game, limits, &stop, |_| {}) else {
        let ending = game.outcome().map_or_else(|| "no legal action".to_owned(), |o| o.to_string());
        writeln!(out, "bestmove (none)\ngame over: {ending}")?;
        return Ok(());
    };
    let p = game.position();
    let mut line = Vec::new();
    let mut at = p.clone();
    for &a in &found.pv {
        line.push(at.notation(a));
        at.play_unchecked(a);
    }
    writeln!(out, "bestmove {}", p.notation(found.best))?;
    writeln!(
        out,
        "depth {} nodes {} nps {} time {} score {} pv {}",
        found.depth,
        found.nodes,
        found.nps(),
        found.elapsed.as_millis(),
        found.score,
        line.join(" ")
    )?;
    Ok(())
}

/// `selfplay`: a match between two levels; one line per game as it ends, then the score.
fn selfplay(
    variant: Variant,
    [white, black]: [Level; 2],
    games: u32,
    movetime: Duration,
    seed: u64,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let mut tally = Tally::default();
    for i in 0..games {
        let game = play_game(variant, white, black, movetime, game_seed(seed, i));
        let ending = game.outcome().map_or_else(|| "unfinished".to_owned(), |o| o.to_string());
        tally.add(game.outcome().and_then(|o| o.winner), Color::White);
        writeln!(out, "game {}: {ending} after {} plies", i + 1, game.actions().len())?;
        out.flush()?;
    }
    let black_tally = Tally { wins: tally.losses, draws: tally.draws, losses: tally.wins };
    writeln!(
        out,
        "white {}: {} points, black {}: {} points (white {} wins, {} draws, {} losses)",
        white.number(),
        tally.points(),
        black.number(),
        black_tally.points(),
        tally.wins,
        tally.draws,
        tally.losses
    )?;
    Ok(())
}

/// `tune`: positions from self-play, then the fitted weights; progress on stderr.
fn tune_weights(
    variant: Variant,
    games: u32,
    depth: u32,
    step: i32,
    seed: u64,
    keep: &[String],
    out: &mut impl Write,
) -> Result<(), Failure> {
    let start = Weights::of(variant);
    let kept =
        start.matching(keep).map_err(|unknown| input(format!("--keep: no weight's name begins with \"{unknown}\"")))?;
    let samples = samples(variant, games, depth, seed, |g| eprint!("\rgames {g}/{games}"));
    eprintln!();
    let tuned = tune(&samples, start, step, &kept, |s, e| eprintln!("step {s}: error {e:.6}"));
    let kept = if keep.is_empty() { String::new() } else { format!(", kept: {}", keep.join(", ")) };
    writeln!(
        out,
        "// {variant}: {} quiet positions of {games} games at depth {depth}, k {:.3}, error {:.6} -> {:.6}{kept}",
        samples.len(),
        tuned.k,
        tuned.before,
        tuned.after
    )?;
    writeln!(out, "{:#?}", tuned.weights)?;
    Ok(())
}

/// One side of a match.
enum Contender {
    /// This engine at a level, with the engine of the game being played.
    Level(Level, Option<Builtin>),
    /// An outside engine and its program's name.
    Outside(Client, String),
}

impl Contender {
    fn name(&self) -> String {
        match self {
            Contender::Level(level, _) => level.number().to_string(),
            Contender::Outside(_, name) => name.clone(),
        }
    }

    /// The player for a new game.
    fn ready(&mut self, setup: &MatchSetup, seed: u64) -> Result<&mut dyn Player, Failure> {
        match self {
            Contender::Level(level, builtin) => {
                Ok(builtin.insert(Builtin::new(*level, setup.movetime, seed).threads(setup.threads)))
            }
            Contender::Outside(client, name) => {
                client.new_game().map_err(|e| input(format!("{}: {e}", Quoted(name))))?;
                Ok(client)
            }
        }
    }
}

/// What a match is played with.
struct MatchSetup {
    variant: Variant,
    openings: u32,
    plies: u32,
    judge: Limits,
    movetime: Duration,
    clock: Option<Clock>,
    threads: usize,
    seed: u64,
}

/// `match`: each opening played twice, the first player White then Black.
fn play_match(setup: &MatchSetup, mut players: [Contender; 2], out: &mut impl Write) -> Result<(), Failure> {
    let MatchSetup { variant, openings, plies, judge, seed, .. } = *setup;
    let mut first = Tally::default();
    for i in 0..openings {
        let opening = balanced_opening(variant, plies, &judge, game_seed(seed, i));
        let line: Vec<String> = (0..opening.actions().len())
            .filter_map(|ply| opening.position_at(ply).map(|p| p.notation(opening.actions()[ply])))
            .collect();
        for (j, first_color) in [Color::White, Color::Black].into_iter().enumerate() {
            let index = 2 * i + j as u32;
            let game_seed = game_seed(!seed, index);
            let [a, b] = &mut players;
            let (a, b) = (a.ready(setup, game_seed)?, b.ready(setup, !game_seed)?);
            let sides: [&mut dyn Player; 2] = if first_color == Color::White { [a, b] } else { [b, a] };
            let (game, forfeit) = play_between(opening.clone(), sides, setup.clock);
            let (winner, ending) = match (&forfeit, game.outcome()) {
                (Some(f), _) => {
                    let who = if f.side == first_color { "first" } else { "second" };
                    (Some(!f.side), format!("{who} forfeits: {}", f.reason))
                }
                (None, Some(o)) => (o.winner, o.to_string()),
                (None, None) => (None, "unfinished".to_owned()),
            };
            first.add(winner, first_color);
            let side = if first_color == Color::White { "white" } else { "black" };
            writeln!(
                out,
                "game {}: first plays {side} from {}: {ending} after {} plies",
                index + 1,
                line.join(" "),
                game.actions().len()
            )?;
            out.flush()?;
        }
    }
    let games = 2 * openings;
    let elo = Elo::of(&first).map_or_else(String::new, |e| e.to_string());
    writeln!(
        out,
        "first {} vs second {}: {} wins, {} draws, {} losses in {games} games, {:.1} %; Elo {elo}",
        players[0].name(),
        players[1].name(),
        first.wins,
        first.draws,
        first.losses,
        100.0 * first.points() / f64::from(games),
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::{CommandFactory, ValueEnum};

    #[test]
    fn the_command_line_is_well_formed() {
        Cli::command().debug_assert();
    }

    #[test]
    fn variant_values_are_the_stable_names() {
        for v in Variant::ALL {
            let value = v.to_possible_value().expect("every variant is a value");
            assert_eq!(value.get_name(), v.name());
            assert_eq!(Variant::from_str(v.name(), false), Ok(v));
        }
        assert_eq!(Variant::value_variants(), Variant::ALL);
    }
}
