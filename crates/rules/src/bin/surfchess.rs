//! `surfchess`: the rules from the command line, without Bevy.
//!
//! ```text
//! surfchess perft <variant> <depth> [--fen <position>] [--divide]
//! surfchess validate <record.json>
//! surfchess show <variant> [--fen <position>]
//! ```

use std::process::ExitCode;
use surface_chess_rules::{Position, Record, Variant, divide, perft};

const USAGE: &str = "usage:
  surfchess perft <variant> <depth> [--fen <position>] [--divide]
  surfchess validate <record.json>
  surfchess show <variant> [--fen <position>]
variants: mobius, klein, genus2, endless, chess";

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
    fen: Option<String>,
    divide: bool,
}

fn options(args: &[String], allow_divide: bool) -> Result<Options, String> {
    let mut o = Options { positional: Vec::new(), fen: None, divide: false };
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--fen" => o.fen = Some(it.next().ok_or("--fen needs a position")?.clone()),
            "--divide" if allow_divide => o.divide = true,
            flag if flag.starts_with("--") => {
                return Err(format!("unknown option '{flag}'\n{USAGE}"));
            }
            _ => o.positional.push(a.clone()),
        }
    }
    Ok(o)
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
            let o = options(rest, true)?;
            let [variant, depth] = o.positional.as_slice() else {
                return Err(format!("perft needs a variant and a depth\n{USAGE}"));
            };
            let variant: Variant = variant.parse().map_err(|e| format!("{e}"))?;
            let depth: u32 = depth
                .parse()
                .ok()
                .filter(|d| *d <= 12)
                .ok_or_else(|| format!("depth '{depth}' is not a number from 0 to 12"))?;
            let p = position(variant, o.fen.as_deref())?;
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
            let o = options(rest, false)?;
            let [variant] = o.positional.as_slice() else {
                return Err(format!("show needs a variant\n{USAGE}"));
            };
            let variant: Variant = variant.parse().map_err(|e| format!("{e}"))?;
            let p = position(variant, o.fen.as_deref())?;
            Ok(format!("{}{}\n", p.diagram(), p.to_text()))
        }
        "help" | "--help" | "-h" => Ok(format!("{USAGE}\n")),
        other => Err(format!("unknown command '{other}'\n{USAGE}")),
    }
}
