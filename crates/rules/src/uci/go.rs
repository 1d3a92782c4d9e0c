//! The `go` command: its limits, and the time to spend on a move with a clock running.

use crate::engine::{fixed_share, share};
use std::time::Duration;

/// What `go` asked for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Go {
    /// Time on each side's clock (White's, Black's).
    pub time: [Option<Duration>; 2],
    /// Increment per move for each side.
    pub increment: [Duration; 2],
    /// Moves to the next time control.
    pub moves_to_go: Option<u32>,
    /// A fixed time for this move.
    pub movetime: Option<Duration>,
    /// The deepest iteration.
    pub depth: Option<u32>,
    /// The most nodes.
    pub nodes: Option<u64>,
    /// Search until `stop` (also `go ponder`).
    pub infinite: bool,
}

/// Why a `go` command does not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GoError {
    /// A parameter with no value, or with a value that is not a number.
    #[error("go: {0} needs a whole number")]
    Value(String),
    /// A word that is no parameter of `go`.
    #[error("go: unknown parameter {0:?}")]
    Unknown(String),
}

impl Go {
    /// Reads the words after `go`.
    pub fn parse(words: &[&str]) -> Result<Go, GoError> {
        let mut go = Go::default();
        let mut words = words.iter();
        while let Some(&word) = words.next() {
            if matches!(word, "infinite" | "ponder") {
                go.infinite = true;
                continue;
            }
            if word == "searchmoves" {
                // Not supported: the rest of the line is the moves.
                break;
            }
            let number = words.next().and_then(|v| v.parse::<i64>().ok()).ok_or_else(|| GoError::Value(word.into()));
            let ms = |n: i64| Duration::from_millis(n.max(0) as u64);
            match word {
                "wtime" => go.time[0] = Some(ms(number?)),
                "btime" => go.time[1] = Some(ms(number?)),
                "winc" => go.increment[0] = ms(number?),
                "binc" => go.increment[1] = ms(number?),
                "movestogo" => go.moves_to_go = Some(number?.clamp(1, 1000) as u32),
                "movetime" => go.movetime = Some(ms(number?)),
                "depth" => go.depth = Some(number?.clamp(1, 64) as u32),
                "nodes" => go.nodes = Some(number?.max(1) as u64),
                "mate" => go.depth = Some((2 * number?).clamp(1, 64) as u32),
                _ => return Err(GoError::Unknown(word.into())),
            }
        }
        Ok(go)
    }

    /// The time to spend on this move by the side `side` (0 White, 1 Black): the fixed time if
    /// given, else [`share`] of its clock; `None` when no time was given.
    pub fn budget(&self, side: usize) -> Option<Duration> {
        if let Some(t) = self.movetime {
            return Some(fixed_share(t));
        }
        Some(share(self.time[side]?, self.increment[side], self.moves_to_go))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_clock_and_spends_a_share_of_it() {
        let go = Go::parse(&["wtime", "60000", "btime", "30000", "winc", "1000", "binc", "0"]).unwrap();
        assert_eq!(go.budget(0), Some(Duration::from_millis(1995 + 750)));
        assert_eq!(go.budget(1), Some(Duration::from_millis(995)));
    }

    #[test]
    fn a_match_gives_its_built_in_players_an_outside_engines_time() {
        // `surfchess match` tells an outside engine `go movetime 50`; a level of this engine in
        // the same match searches exactly as long, on a fixed time and on a clock.
        use crate::engine::{Builtin, Clock, Level};
        use crate::game::Game;
        use crate::variant::Variant;
        let game = Game::new(Variant::Chess);
        let builtin = Builtin::new(Level::Strongest, Duration::from_millis(50), 0);
        let outside = Go::parse(&["movetime", "50"]).unwrap().budget(0);
        assert_eq!(builtin.limits(&game, None).movetime, outside);
        assert!(outside < Some(Duration::from_millis(50)), "the answer's way back is kept");
        let clock = Clock::new(Duration::from_secs(60), Duration::ZERO);
        let outside = Go::parse(&["wtime", "60000", "btime", "60000"]).unwrap().budget(0);
        assert_eq!(builtin.limits(&game, Some(&clock)).movetime, outside);
    }

    #[test]
    fn names_what_is_wrong() {
        assert_eq!(Go::parse(&["wtime"]), Err(GoError::Value("wtime".into())));
        assert_eq!(Go::parse(&["depth", "x"]), Err(GoError::Value("depth".into())));
        assert_eq!(Go::parse(&["sideways", "3"]), Err(GoError::Unknown("sideways".into())));
        let go = Go::parse(&["depth", "5", "nodes", "1000", "infinite"]).unwrap();
        assert_eq!((go.depth, go.nodes, go.infinite, go.budget(0)), (Some(5), Some(1000), true, None));
    }
}
