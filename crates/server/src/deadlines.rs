//! The timer's index: when each running game's clock runs out, whether or not the game is in
//! memory, so that the timer ends every game on time (not only those someone asked for) and
//! games nobody reads can leave memory.

use std::collections::{BTreeSet, HashMap};

use crate::clock::Millis;
use crate::game::GameId;

/// Each running game's deadline, in order.
#[derive(Debug, Default)]
pub struct Deadlines {
    by_time: BTreeSet<(Millis, GameId)>,
    of: HashMap<GameId, Millis>,
}

impl Deadlines {
    /// Sets a game's deadline (`None`: its clock does not run).
    pub fn set(&mut self, game: GameId, deadline: Option<Millis>) {
        if let Some(old) = self.of.remove(&game) {
            self.by_time.remove(&(old, game));
        }
        if let Some(at) = deadline {
            self.of.insert(game, at);
            self.by_time.insert((at, game));
        }
    }

    /// The games whose deadline is at or before `now`, earliest first, taken out of the index
    /// (judging them sets their next deadline, if any).
    pub fn due(&mut self, now: Millis) -> Vec<GameId> {
        let mut due = Vec::new();
        while let Some(&(at, game)) = self.by_time.first() {
            if at > now {
                break;
            }
            self.by_time.pop_first();
            self.of.remove(&game);
            due.push(game);
        }
        due
    }

    /// How many games have a running clock.
    pub fn len(&self) -> usize {
        self.of.len()
    }

    /// Whether no clock runs.
    pub fn is_empty(&self) -> bool {
        self.of.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_come_due_in_order_once_and_move_when_set_again() {
        let mut d = Deadlines::default();
        d.set(1, Some(300));
        d.set(2, Some(100));
        d.set(3, Some(200));
        d.set(3, Some(500));
        d.set(4, Some(50));
        d.set(4, None);
        assert_eq!(d.len(), 3);
        assert_eq!(d.due(99), Vec::<GameId>::new());
        assert_eq!(d.due(300), vec![2, 1]);
        assert_eq!(d.due(1_000), vec![3]);
        assert!(d.is_empty());
    }
}
