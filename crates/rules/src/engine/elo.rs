//! The Elo difference a match's score implies, with its 95 % error bar.

use super::selfplay::Tally;

/// An Elo difference measured by a match, for the first player against the second.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Elo {
    /// The difference at the measured score (infinite after a clean sweep either way).
    pub difference: f64,
    /// Half the width of the 95 % interval, in Elo (infinite when it reaches a sweep).
    pub error: f64,
}

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
        let margin = 1.96 * (spread / n).sqrt();
        let (low, high) = (of_score((score - margin).max(0.0)), of_score((score + margin).min(1.0)));
        Some(Elo { difference: of_score(score), error: (high - low) / 2.0 })
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
        assert!(many.error < few.error / 3.0, "{few:?} {many:?}");
    }

    #[test]
    fn three_quarters_of_the_points_is_191_elo() {
        let elo = Elo::of(&tally(60, 30, 10)).unwrap();
        assert!((elo.difference - 190.85).abs() < 0.01, "{elo:?}");
        // 0.75 ± 1.96 · √(0.1125/100) = 0.75 ± 0.066: from 0.684 to 0.816, about ±62 Elo.
        assert!((elo.error - 62.05).abs() < 0.01, "{elo:?}");
        let mirrored = Elo::of(&tally(10, 30, 60)).unwrap();
        assert!((mirrored.difference + elo.difference).abs() < 1e-9);
    }

    #[test]
    fn a_sweep_is_unbounded_and_no_game_is_nothing() {
        assert_eq!(Elo::of(&tally(0, 0, 0)), None);
        let sweep = Elo::of(&tally(8, 0, 0)).unwrap();
        assert!(sweep.difference.is_infinite() && sweep.difference > 0.0);
    }
}
