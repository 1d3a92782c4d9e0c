//! Games between two players, each a level of this engine or an outside engine, for the command
//! line and the strength benchmark.

use super::Engine;
use super::clock::{Clock, fixed_share};
use super::level::Level;
use super::limits::Limits;
use super::rng::mix;
use crate::action::Action;
use crate::game::Game;
use crate::piece::Color;
use crate::variant::Variant;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// One player's wins, draws and losses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

impl Tally {
    /// Wins plus half the draws.
    pub fn points(&self) -> f64 {
        f64::from(self.wins) + f64::from(self.draws) / 2.0
    }

    /// Counts a finished game for the player of `color`.
    pub fn add(&mut self, winner: Option<Color>, color: Color) {
        match winner {
            None => self.draws += 1,
            Some(w) if w == color => self.wins += 1,
            Some(_) => self.losses += 1,
        }
    }
}

/// The seed of game `index` of a match played from `seed`: every game differs.
pub fn game_seed(seed: u64, index: u32) -> u64 {
    mix(seed ^ mix(u64::from(index).wrapping_add(1)))
}

/// Halfmoves without a pawn move or capture after which two engines agree a draw on boards whose
/// rules have no move-count draw (Strato, Chess³: only mate, stalemate and agreement end a game).
pub const ENGINES_AGREE_AFTER: u32 = 150;

/// Occurrences of a position after which two engines agree a draw on those boards. The halfmove
/// count alone does not end a shuffle: a Chess³ pawn may step up a level and back down, and each
/// step, a pawn move, restarts the count.
pub const ENGINES_AGREE_REPETITIONS: u32 = 3;

/// Whether two engines playing each other should now agree a draw: the rules would never end a
/// game that makes no progress or goes round in a circle.
pub fn engines_agree_draw(game: &Game) -> bool {
    let p = game.position();
    p.rules().endings.halfmove_draw == u32::MAX
        && (p.halfmove() >= ENGINES_AGREE_AFTER || game.repetitions() >= ENGINES_AGREE_REPETITIONS)
}

/// One side of a game between engines.
pub trait Player {
    /// The action to play in `game`, which is not over, with `clock` running if the game has one
    /// (else a fixed time a move), or why the player has none (an outside engine that fails
    /// forfeits the game).
    fn choose(&mut self, game: &Game, clock: Option<&Clock>) -> Result<Action, String>;
}

/// This engine at a level, with the strongest level's thinking time.
pub struct Builtin {
    engine: Engine,
    level: Level,
    movetime: Duration,
}

impl Builtin {
    /// A fresh engine seeded with `seed`, playing at `level`.
    pub fn new(level: Level, movetime: Duration, seed: u64) -> Builtin {
        Builtin { engine: Engine::new(seed), level, movetime }
    }

    /// The limits of its search in `game`: its level's share of the time a move, or of the
    /// clock's budget, as an outside engine would spend them.
    pub(crate) fn limits(&self, game: &Game, clock: Option<&Clock>) -> Limits {
        let time = clock.map_or(fixed_share(self.movetime), |c| c.budget(game.position().side_to_move()));
        self.level.limits(time)
    }

    /// The engine searching on `threads` threads.
    pub fn threads(self, threads: usize) -> Builtin {
        Builtin { engine: self.engine.threads(threads), ..self }
    }
}

impl Player for Builtin {
    fn choose(&mut self, game: &Game, clock: Option<&Clock>) -> Result<Action, String> {
        let stop = AtomicBool::new(false);
        let found = self.engine.search(game, &self.limits(game, clock), &stop, |_| {});
        found.map(|f| f.best).ok_or_else(|| "no legal action".to_owned())
    }
}

/// A player that failed during a game, and how: its side loses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Forfeit {
    /// The side whose player failed.
    pub side: Color,
    /// What went wrong.
    pub reason: String,
}

/// Plays a game from the variant's initial position, White at `white`'s level and Black at
/// `black`'s, each with its own engine seeded from `seed`, until the rules end it (or, where the
/// rules have no move-count draw, the engines agree one: [`engines_agree_draw`]).
pub fn play_game(variant: Variant, white: Level, black: Level, movetime: Duration, seed: u64) -> Game {
    play_from(Game::new(variant), [white, black], movetime, seed)
}

/// Plays `game` on from where it stands, as [`play_game`] does, White at `levels[0]` and Black at
/// `levels[1]`.
pub fn play_from(game: Game, [white, black]: [Level; 2], movetime: Duration, seed: u64) -> Game {
    let mut players = [Builtin::new(white, movetime, mix(seed)), Builtin::new(black, movetime, mix(!seed))];
    let [w, b] = &mut players;
    play_between(game, [w, b], None).0
}

/// Plays `game` on between two players (White's first) until the rules end it, the engines agree
/// a draw ([`engines_agree_draw`]) or a player forfeits: by failing, or by running out of time
/// on `clock` when the game has one (each move timed from asking to answer).
pub fn play_between(
    mut game: Game,
    players: [&mut dyn Player; 2],
    mut clock: Option<Clock>,
) -> (Game, Option<Forfeit>) {
    while game.outcome().is_none() {
        if engines_agree_draw(&game) {
            game.agree_draw().expect("the game is not over");
            break;
        }
        let side = game.position().side_to_move();
        let asked = Instant::now();
        let chosen = players[side.index()].choose(&game, clock.as_ref());
        let timed = match clock.as_mut().map(|c| c.charge(side, asked.elapsed())) {
            Some(Err(over)) => Err(format!("lost on time ({} ms over)", over.as_millis())),
            _ => Ok(()),
        };
        // Out of time is out of time, whatever the answer was.
        match timed.and(chosen).and_then(|a| game.play(a).map_err(|e| e.to_string())) {
            Ok(()) => {}
            Err(reason) => return (game, Some(Forfeit { side, reason })),
        }
    }
    (game, None)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plays the first legal action after `delay`.
    struct Slow(Duration);

    impl Player for Slow {
        fn choose(&mut self, game: &Game, _: Option<&Clock>) -> Result<Action, String> {
            std::thread::sleep(self.0);
            Ok(game.position().legal_actions()[0])
        }
    }

    #[test]
    fn a_player_whose_clock_runs_out_loses_on_time() {
        let clock = Clock::new(Duration::from_millis(100), Duration::ZERO);
        let (mut quick, mut slow) = (Slow(Duration::ZERO), Slow(Duration::from_millis(30)));
        let (game, forfeit) = play_between(Game::new(Variant::Chess), [&mut quick, &mut slow], Some(clock));
        let forfeit = forfeit.expect("Black's 100 ms last three or four moves");
        assert_eq!(forfeit.side, Color::Black);
        assert!(forfeit.reason.starts_with("lost on time ("), "{}", forfeit.reason);
        assert!((4..=9).contains(&game.actions().len()), "{} plies", game.actions().len());
    }

    #[test]
    fn with_an_increment_the_same_player_keeps_its_time() {
        let clock = Clock::new(Duration::from_millis(100), Duration::from_millis(40));
        let (mut quick, mut slow) = (Slow(Duration::ZERO), Slow(Duration::from_millis(10)));
        let game = Game::new(Variant::Chess);
        let (game, forfeit) = play_between(game, [&mut quick, &mut slow], Some(clock));
        assert_eq!(forfeit, None, "{} plies", game.actions().len());
        assert!(game.outcome().is_some());
    }
}
