//! `surfchess`: the rules from the command line, without Bevy.
//!
//! ```text
//! surfchess perft <variant> <depth> [--fen <position>] [--divide]
//! surfchess validate <record.json>
//! surfchess show <variant> [--fen <position>]
//! surfchess bestmove <variant> [--fen <position>] [--movetime MS | --depth D] [--level L] [--seed S]
//! surfchess selfplay <variant> --white L --black L --games N [--movetime MS] [--seed S]
//! ```

use std::process::ExitCode;
use std::str::FromStr;
use std::sync::atomic::AtomicBool;
use std::time::Duration;
use surface_chess_rules::engine::{DEFAULT_MOVETIME, Engine, Level, Tally, game_seed, play_game};
use surface_chess_rules::{Color, Position, Record, Variant, automatic_ending, divide, perft};

const USAGE: &str = "usage:
  surfchess perft <variant> <depth> [--fen <position>] [--divide]
  surfchess validate <record.json>
  surfchess show <variant> [--fen <position>]
  surfchess bestmove <variant> [--fen <position>] [--movetime MS | --depth D] [--level L] [--seed S]
  surfchess selfplay <variant> --white L --black L --games N [--movetime MS] [--seed S]
variants: mobius, klein, genus2, endless, chess
levels: 0 random, 1 beginner, 2 novice, 3 casual, 4 club, 5 strong, 6 strongest (default);
  the strongest level thinks for --movetime (default 1000 ms), weaker ones less";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("surfchess: {message}");
            ExitCode::from(2)
        }
    }
}

/// Options after the positional arguments.
struct Options {
    positional: Vec<String>,
    values: Vec<(&'static str, String)>,
    divide: bool,
}

/// Options that take a value, and what the value is.
const VALUED: [(&str, &str); 8] = [
    ("--fen", "a position"),
    ("--movetime", "a time in milliseconds"),
    ("--depth", "a depth"),
    ("--level", "a level"),
    ("--seed", "a number"),
    ("--white", "a level"),
    ("--black", "a level"),
    ("--games", "a number of games"),
];

/// Parses `args`, accepting the valued options named in `allowed` and `--divide` if allowed.
fn options(args: &[String], allowed: &[&str]) -> Result<Options, String> {
    let mut o = Options { positional: Vec::new(), values: Vec::new(), divide: false };
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match VALUED.iter().find(|(name, _)| name == a && allowed.contains(name)) {
            Some(&(name, what)) => o.values.push((name, it.next().ok_or(format!("{name} needs {what}"))?.clone())),
            None if a == "--divide" && allowed.contains(&"--divide") => o.divide = true,
            None if a.starts_with("--") => return Err(format!("unknown option '{a}'\n{USAGE}")),
            None => o.positional.push(a.clone()),
        }
    }
    Ok(o)
}

impl Options {
    /// The last value given for an option.
    fn value(&self, name: &str) -> Option<&str> {
        self.values.iter().rev().find(|(n, _)| *n == name).map(|(_, v)| v.as_str())
    }

    /// An option's value parsed, with an error naming it if it does not parse.
    fn parsed<T: FromStr>(&self, name: &str, what: &str) -> Result<Option<T>, String> {
        self.value(name).map(|v| v.parse().map_err(|_| format!("{name} '{v}' is not {what}"))).transpose()
    }

    /// A level option, or `default` when absent.
    fn level(&self, name: &str, default: Option<Level>) -> Result<Level, String> {
        match self.value(name) {
            Some(v) => v.parse().map_err(|e| format!("{name}: {e}")),
            None => default.ok_or_else(|| format!("{name} is required\n{USAGE}")),
        }
    }

    /// `--movetime` in milliseconds (at least 1), or the default.
    fn movetime(&self) -> Result<Duration, String> {
        let ms: Option<u64> = self.parsed("--movetime", "a whole number of milliseconds")?;
        match ms {
            Some(0) => Err("--movetime must be at least 1 ms".to_owned()),
            Some(ms) => Ok(Duration::from_millis(ms)),
            None => Ok(DEFAULT_MOVETIME),
        }
    }
}

fn position(variant: Variant, fen: Option<&str>) -> Result<Position, String> {
    match fen {
        None => Ok(Position::new(variant)),
        Some(text) => Position::from_text(variant, text).map_err(|e| e.to_string()),
    }
}

fn run(args: &[String]) -> Result<String, String> {
    let Some((command, rest)) = args.split_first() else {
        return Err(USAGE.to_owned());
    };
    match command.as_str() {
        "perft" => {
            let o = options(rest, &["--fen", "--divide"])?;
            let [variant, depth] = o.positional.as_slice() else {
                return Err(format!("perft needs a variant and a depth\n{USAGE}"));
            };
            let variant: Variant = variant.parse().map_err(|e| format!("{e}"))?;
            let depth: u32 = depth
                .parse()
                .ok()
                .filter(|d| *d <= 12)
                .ok_or_else(|| format!("depth '{depth}' is not a number from 0 to 12"))?;
            let p = position(variant, o.value("--fen"))?;
            if o.divide {
                let mut out = String::new();
                let mut total = 0;
                for (action, count) in divide(&p, depth) {
                    out.push_str(&format!("{} {count}\n", p.notation(action)));
                    total += count;
                }
                out.push_str(&format!("nodes {total}\n"));
                Ok(out)
            } else {
                Ok(format!("{}\n", perft(&p, depth)))
            }
        }
        "validate" => {
            let [path] = rest else {
                return Err(format!("validate needs one record file\n{USAGE}"));
            };
            let json = std::fs::read_to_string(path).map_err(|e| format!("cannot read '{path}': {e}"))?;
            let record = Record::from_json(&json).map_err(|e| format!("{path}: {e}"))?;
            let game = record.replay().map_err(|e| format!("{path}: {e}"))?;
            let status = match game.outcome() {
                Some(o) => o.to_string(),
                None => format!("in progress, {} to move", game.position().side_to_move().name()),
            };
            Ok(format!("{path}: valid {} record, {} actions, {status}\n", record.variant, game.actions().len()))
        }
        "show" => {
            let o = options(rest, &["--fen"])?;
            let p = position(variant_argument(&o, "show")?, o.value("--fen"))?;
            Ok(format!("{}{}\n", p.diagram(), p.to_text()))
        }
        "bestmove" => bestmove(rest),
        "selfplay" => selfplay(rest),
        "help" | "--help" | "-h" => Ok(format!("{USAGE}\n")),
        other => Err(format!("unknown command '{other}'\n{USAGE}")),
    }
}

/// The variant named by the only positional argument.
fn variant_argument(o: &Options, command: &str) -> Result<Variant, String> {
    let [variant] = o.positional.as_slice() else {
        return Err(format!("{command} needs a variant\n{USAGE}"));
    };
    variant.parse().map_err(|e| format!("{e}"))
}

/// `bestmove`: the move on the first line, then the search statistics.
fn bestmove(args: &[String]) -> Result<String, String> {
    let o = options(args, &["--fen", "--movetime", "--depth", "--level", "--seed"])?;
    let variant = variant_argument(&o, "bestmove")?;
    let p = position(variant, o.value("--fen"))?;
    let level = o.level("--level", Some(Level::Strongest))?;
    let depth: Option<u32> = o.parsed("--depth", "a depth from 1 to 64")?;
    if o.value("--movetime").is_some() && depth.is_some() {
        return Err("give --movetime or --depth, not both".to_owned());
    }
    let mut limits = level.limits(o.movetime()?);
    if let Some(d) = depth {
        if !(1..=64).contains(&d) {
            return Err(format!("--depth '{d}' is not a depth from 1 to 64"));
        }
        limits.depth = Some(if level == Level::Random { 0 } else { d });
        limits.movetime = None;
    }
    let seed = o.parsed("--seed", "a number")?.unwrap_or(0);
    let stop = AtomicBool::new(false);
    let Some(found) = Engine::new(seed).search_position(&p, [], &limits, &stop, |_| {}) else {
        let ending = automatic_ending(&p, 1).map_or_else(|| "no legal action".to_owned(), |o| o.to_string());
        return Err(format!("no move to find: the game is over ({ending})"));
    };
    let mut line = Vec::new();
    let mut at = p.clone();
    for &a in &found.pv {
        line.push(at.notation(a));
        at.play_unchecked(a);
    }
    Ok(format!(
        "bestmove {}\ndepth {} nodes {} nps {} time {} score {} pv {}\n",
        p.notation(found.best),
        found.depth,
        found.nodes,
        found.nps(),
        found.elapsed.as_millis(),
        found.score,
        line.join(" ")
    ))
}

/// `selfplay`: a match between two levels; one line per game as it ends, then the score.
fn selfplay(args: &[String]) -> Result<String, String> {
    let o = options(args, &["--white", "--black", "--games", "--movetime", "--seed"])?;
    let variant = variant_argument(&o, "selfplay")?;
    let white = o.level("--white", None)?;
    let black = o.level("--black", None)?;
    let games: u32 =
        o.parsed("--games", "a number of games from 1 to 10000")?.ok_or(format!("--games is required\n{USAGE}"))?;
    if !(1..=10_000).contains(&games) {
        return Err(format!("--games '{games}' is not a number of games from 1 to 10000"));
    }
    let movetime = o.movetime()?;
    let seed = o.parsed("--seed", "a number")?.unwrap_or(0);
    let mut tally = Tally::default();
    for i in 0..games {
        let game = play_game(variant, white, black, movetime, game_seed(seed, i));
        let outcome = game.outcome().expect("self-play games run to their end");
        tally.add(outcome.winner, Color::White);
        println!("game {}: {outcome} after {} plies", i + 1, game.actions().len());
    }
    let black_tally = Tally { wins: tally.losses, draws: tally.draws, losses: tally.wins };
    Ok(format!(
        "white {}: {} points, black {}: {} points (white {} wins, {} draws, {} losses)\n",
        white.number(),
        tally.points(),
        black.number(),
        black_tally.points(),
        tally.wins,
        tally.draws,
        tally.losses
    ))
}
