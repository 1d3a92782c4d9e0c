//! The Elo difference a match's score implies, with its 95 % error bar.

use super::selfplay::Tally;
use std::fmt;

/// An Elo difference measured by a match, for the first player against the second.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Elo {
    /// The difference at the measured score (infinite after a clean sweep either way).
    pub difference: f64,
    /// The 95 % interval's lower end (minus infinity where it reaches a score of 0).
    pub low: f64,
    /// Its upper end (infinity where it reaches a score of 1).
    pub high: f64,
}

/// The normal quantile of a two-sided 95 % interval.
const Z: f64 = 1.96;

/// The Elo difference of a score fraction (0 to 1).
fn of_score(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

impl Elo {
    /// The difference `tally` implies for its player, from the games' own spread of results
    /// (wins, draws and losses, not a guessed draw rate); `None` with no game.
    pub fn of(tally: &Tally) -> Option<Elo> {
        let n = f64::from(tally.wins + tally.draws + tally.losses);
        if n == 0.0 {
            return None;
        }
        let score = tally.points() / n;
        let spread = [(tally.wins, 1.0), (tally.draws, 0.5), (tally.losses, 0.0)]
            .iter()
            .map(|&(count, points)| f64::from(count) * (points - score).powi(2))
            .sum::<f64>()
            / n;
        // Wilson's interval with the games' own variance: it stays inside 0..1 and does not
        // shrink to nothing after a sweep (eight wins of eight put the lower end at +127).
        let z2 = Z * Z;
        let centre = (score + z2 / (2.0 * n)) / (1.0 + z2 / n);
        let half = Z / (1.0 + z2 / n) * (spread / n + z2 / (4.0 * n * n)).sqrt();
        // An end within rounding of a sweep is the sweep.
        let end = |x: f64| {
            of_score(if x > 1.0 - 1e-9 {
                1.0
            } else if x < 1e-9 {
                0.0
            } else {
                x
            })
        };
        let (low, high) = (end(centre - half), end(centre + half));
        Some(Elo { difference: of_score(score), low, high })
    }
}

/// `+241 (95 %: +121 to +387)`, with `∞` for an end that a sweep leaves open.
impl fmt::Display for Elo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let elo = |v: f64| match v {
            v if v == f64::INFINITY => "+∞".to_owned(),
            v if v == f64::NEG_INFINITY => "−∞".to_owned(),
            // Rounded first, so that a difference of -0.3 reads 0, not -0.
            v => match v.round() {
                0.0 => "0".to_owned(),
                v => format!("{v:+.0}"),
            },
        };
        write!(f, "{} (95 %: {} to {})", elo(self.difference), elo(self.low), elo(self.high))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(wins: u32, draws: u32, losses: u32) -> Tally {
        Tally { wins, draws, losses }
    }

    #[test]
    fn an_even_score_is_no_difference_and_more_games_narrow_the_bar() {
        let few = Elo::of(&tally(5, 10, 5)).unwrap();
        let many = Elo::of(&tally(50, 100, 50)).unwrap();
        assert!(few.difference.abs() < 1e-9 && many.difference.abs() < 1e-9);
        assert!(many.high - many.low < (few.high - few.low) / 3.0, "{few:?} {many:?}");
        assert!(few.to_string().starts_with("0 (95 %: -"), "{few}");
    }

    #[test]
    fn three_quarters_of_the_points_is_191_elo() {
        let elo = Elo::of(&tally(60, 30, 10)).unwrap();
        assert!((elo.difference - 190.85).abs() < 0.01, "{elo:?}");
        // Variance 0.1125 a game; Wilson's interval from 0.675 to 0.807.
        assert_eq!(elo.to_string(), "+191 (95 %: +127 to +248)");
        let mirrored = Elo::of(&tally(10, 30, 60)).unwrap();
        assert!((mirrored.difference + elo.difference).abs() < 1e-9);
    }

    #[test]
    fn a_sweep_is_unbounded_and_no_game_is_nothing() {
        assert_eq!(Elo::of(&tally(0, 0, 0)), None);
        let sweep = Elo::of(&tally(8, 0, 0)).unwrap();
        // Eight of eight: at least 8 / (8 + 1.96²) of the points, +127.
        assert_eq!(sweep.to_string(), "+∞ (95 %: +127 to +∞)");
        let nearly = Elo::of(&tally(19, 0, 1)).unwrap();
        assert_eq!(nearly.to_string(), "+512 (95 %: +204 to +819)");
    }
}
