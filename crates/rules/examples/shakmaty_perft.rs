//! shakmaty's perft as a process of its own, to time side by side with `surfchess perft chess`
//! (whole processes, as the README's comparison does):
//!
//! ```text
//! cargo build --release -p surface-chess-rules --bin surfchess --example shakmaty_perft
//! shakmaty_perft <depth> [<FEN>]
//! ```

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = || "usage: shakmaty_perft <depth> [<FEN>]".to_string();
    let depth: u32 = args.first().ok_or_else(usage)?.parse().map_err(|e| format!("depth: {e}"))?;
    let fen = args.get(1).map_or(START, String::as_str);
    let position: Chess = fen
        .parse::<Fen>()
        .map_err(|e| format!("FEN {fen:?}: {e}"))?
        .into_position(CastlingMode::Standard)
        .map_err(|e| format!("position {fen:?}: {e}"))?;
    println!("{}", shakmaty::perft(&position, depth));
    Ok(())
}
