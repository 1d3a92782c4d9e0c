//! What a connection has yet to hear: the games that changed since it last looked, each once
//! however often it changed, so announcements of one game coalesce for a slow reader and what
//! waits is bounded by the games the connection reads.

use std::sync::Mutex;

use tokio::sync::Notify;

use crate::game::GameId;

/// The games with news for one connection, in the order they first changed.
#[derive(Debug, Default)]
pub struct Changes {
    pending: Mutex<Vec<GameId>>,
    wake: Notify,
}

impl Changes {
    /// Notes that `game` changed (nothing more if it is already waiting).
    pub fn push(&self, game: GameId) {
        let mut pending = self.pending.lock().expect("changes");
        if !pending.contains(&game) {
            pending.push(game);
        }
        drop(pending);
        self.wake.notify_one();
    }

    /// The games that changed, waiting until there is one.
    pub async fn next(&self) -> Vec<GameId> {
        loop {
            let taken = self.take();
            if !taken.is_empty() {
                return taken;
            }
            self.wake.notified().await;
        }
    }

    /// The games that changed, now (perhaps none).
    pub fn take(&self) -> Vec<GameId> {
        std::mem::take(&mut *self.pending.lock().expect("changes"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn changes_of_one_game_coalesce_and_keep_their_first_order() {
        let changes = Changes::default();
        for game in [3, 1, 3, 3, 2, 1] {
            changes.push(game);
        }
        assert_eq!(changes.next().await, vec![3, 1, 2]);
        assert!(changes.take().is_empty());
        changes.push(7);
        assert_eq!(changes.next().await, vec![7], "woken by a change made before it waited");
    }
}
