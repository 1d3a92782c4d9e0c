//! Surface Chess. Until the 3D app lands this is a terminal game for two players on any variant:
//! it draws the charts, lists legal moves and reads moves in long coordinate notation.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;
use surface_chess_rules::{Game, Record, Variant};

const USAGE: &str = "usage: surface-chess [--variant mobius|klein|genus2|endless|chess] [--load FILE]";
const HELP: &str = "type a move (e2–e4 or e2-e4, O-O, a14-a15=Q), 'moves', 'save FILE', 'resign', 'draw', 'quit'";

fn main() -> ExitCode {
    match start(std::env::args().skip(1).collect()) {
        Ok(game) => play(game),
        Err(message) => {
            eprintln!("surface-chess: {message}\n{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn start(args: Vec<String>) -> Result<Game, String> {
    let mut game = Game::new(Variant::Mobius);
    let mut it = args.into_iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--variant" => {
                let name = it.next().ok_or("--variant needs a name")?;
                game = Game::new(name.parse::<Variant>().map_err(|e| e.to_string())?);
            }
            "--load" => {
                let path = it.next().ok_or("--load needs a file")?;
                let json = std::fs::read_to_string(&path).map_err(|e| format!("cannot read '{path}': {e}"))?;
                game = Record::from_json(&json).and_then(|r| r.replay()).map_err(|e| format!("{path}: {e}"))?;
            }
            "--help" | "-h" => return Err("help".into()),
            other => return Err(format!("unknown option '{other}'")),
        }
    }
    Ok(game)
}

fn play(mut game: Game) -> ExitCode {
    let stdin = io::stdin();
    println!("Surface Chess — {} ({HELP})", game.position().variant());
    loop {
        let p = game.position().clone();
        print!("\n{}", p.diagram());
        if let Some(outcome) = game.outcome() {
            println!("{outcome}");
            return ExitCode::SUCCESS;
        }
        print!("{}> ", p.side_to_move().name());
        io::stdout().flush().ok();
        let mut line = String::new();
        if stdin.lock().read_line(&mut line).unwrap_or(0) == 0 {
            return ExitCode::SUCCESS;
        }
        let line = line.trim();
        let result = match line.split_once(' ').unwrap_or((line, "")) {
            ("quit", _) => return ExitCode::SUCCESS,
            ("moves", _) => {
                let moves: Vec<String> = p.legal_actions().into_iter().map(|a| p.notation(a)).collect();
                Ok(moves.join("  "))
            }
            ("save", path) if !path.is_empty() => save(&game, path),
            ("resign", _) => game.resign(p.side_to_move()).map(|_| String::new()).map_err(|e| e.to_string()),
            ("draw", _) => game.agree_draw().map(|_| String::new()).map_err(|e| e.to_string()),
            _ => p
                .parse_action(line)
                .map_err(|e| e.to_string())
                .and_then(|a| game.play(a).map(|_| String::new()).map_err(|e| e.to_string())),
        };
        match result {
            Ok(text) if !text.is_empty() => println!("{text}"),
            Ok(_) => {}
            Err(e) => println!("{e}"),
        }
    }
}

/// Writes the record to a temporary file, then renames it over the target, so a failed write
/// never loses an earlier save.
fn save(game: &Game, path: &str) -> Result<String, String> {
    let tmp = format!("{path}.tmp");
    std::fs::write(&tmp, Record::of(game).to_json()).map_err(|e| format!("cannot write '{tmp}': {e}"))?;
    std::fs::rename(&tmp, path).map_err(|e| format!("cannot replace '{path}': {e}"))?;
    Ok(format!("saved to {path}"))
}
