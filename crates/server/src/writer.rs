//! Group commit: events waiting to be stored are written together, one statement and one
//! commit (one disk flush) for all of them, while the next ones gather (as many batches in flight
//! as the database has connections to write them: one on SQLite, four on PostgreSQL). Under load a
//! commit carries many moves; alone, a move is written at once. Events of one game never share a
//! batch or overtake each other: the game's lock is held until its event is answered.
//!
//! A batch is written in the order of its events' keys (game, then number). Two servers on one
//! database may race for the same keys (both players of a game act at once, each through their
//! own server), and each insert waits on the other's uncommitted rows: written in any other
//! order, two batches that share two keys can each hold the key the other waits for, and
//! PostgreSQL breaks the deadlock by failing one of them, every event in it.

use std::sync::Arc;

use sqlx::{AnyPool, Row};
use tokio::sync::{Semaphore, mpsc, oneshot};

use crate::clock::Millis;
use crate::game::GameId;

/// The most events in one statement (4 parameters each: well under SQLite's and PostgreSQL's
/// limits).
const BATCH: usize = 256;

/// An event waiting to be written, and who waits for the answer.
struct Waiting {
    game: GameId,
    seq: u64,
    at: Millis,
    body: String,
    answer: oneshot::Sender<Result<bool, String>>,
}

/// The handle of the writer task.
#[derive(Clone, Debug)]
pub struct Writer {
    queue: mpsc::UnboundedSender<Waiting>,
}

impl Writer {
    /// Starts the writer over a pool (on the current tokio runtime), with up to `in_flight`
    /// batches being written at once. More than the pool's connections only queue there, each
    /// batch then small: a commit per move or two, each writing its own pages (on SQLite's one
    /// connection, four in flight wrote about 9 KB of log a move and stalled under load).
    pub fn start(pool: AnyPool, in_flight: usize) -> Writer {
        let (queue, waiting) = mpsc::unbounded_channel();
        tokio::spawn(write(pool, waiting, in_flight));
        Writer { queue }
    }

    /// Writes event `seq` of `game` if that number is free; `false` if it is taken.
    ///
    /// # Errors
    /// The database's words, when the write failed (nothing was stored).
    pub async fn append(&self, game: GameId, seq: u64, at: Millis, body: String) -> Result<bool, String> {
        let (answer, answered) = oneshot::channel();
        self.queue.send(Waiting { game, seq, at, body, answer }).map_err(|_| "the writer has stopped".to_owned())?;
        answered.await.map_err(|_| "the writer has stopped".to_owned())?
    }
}

async fn write(pool: AnyPool, mut waiting: mpsc::UnboundedReceiver<Waiting>, in_flight: usize) {
    let flushing = Arc::new(Semaphore::new(in_flight.max(1)));
    loop {
        let Ok(permit) = flushing.clone().acquire_owned().await else { return };
        let mut batch = Vec::with_capacity(BATCH);
        if waiting.recv_many(&mut batch, BATCH).await == 0 {
            return;
        }
        batch.sort_unstable_by_key(|w| (w.game, w.seq));
        let pool = pool.clone();
        tokio::spawn(async move {
            let stored = insert(&pool, &batch).await;
            answer(batch, stored);
            drop(permit);
        });
    }
}

/// Tells each waiting event whether it was stored.
fn answer(batch: Vec<Waiting>, stored: Result<Vec<(GameId, u64)>, sqlx::Error>) {
    match stored {
        Ok(stored) => {
            for w in batch {
                let _ = w.answer.send(Ok(stored.contains(&(w.game, w.seq))));
            }
        }
        Err(e) => {
            let why = e.to_string();
            for w in batch {
                let _ = w.answer.send(Err(why.clone()));
            }
        }
    }
}

/// One multi-row insert; returns the (game, seq) pairs stored (a taken number is skipped).
async fn insert(pool: &AnyPool, batch: &[Waiting]) -> Result<Vec<(GameId, u64)>, sqlx::Error> {
    let rows: Vec<String> =
        (0..batch.len()).map(|i| format!("(${}, ${}, ${}, ${})", 4 * i + 1, 4 * i + 2, 4 * i + 3, 4 * i + 4)).collect();
    let sql = format!(
        "INSERT INTO events (game, seq, at, body) VALUES {} ON CONFLICT DO NOTHING RETURNING game, seq",
        rows.join(", ")
    );
    let mut query = sqlx::query(&sql);
    for w in batch {
        query = query.bind(w.game as i64).bind(w.seq as i64).bind(w.at as i64).bind(w.body.as_str());
    }
    let stored = query.fetch_all(pool).await?;
    stored.iter().map(|r| Ok((r.try_get::<i64, _>(0)? as GameId, r.try_get::<i64, _>(1)? as u64))).collect()
}
