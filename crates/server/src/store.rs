//! Where games are kept: an embedded SQLite file by default, or PostgreSQL, through sqlx. A game
//! is its log of [`Event`]s; an event is stored before anyone hears of it, and only if its number
//! is still free, which makes the database the referee's lock when several servers share it.
//! With PostgreSQL every stored event is named ("game seq") on the channel `surface_chess` (a trigger),
//! so each server can bring its copy of the game up to date ([`Store::listen`]).

use std::borrow::Cow;
use std::str::FromStr;
use std::time::Duration;

use sqlx::any::{AnyConnectOptions, AnyPoolOptions, install_default_drivers};
use sqlx::migrate::{Migration, MigrationType, Migrator};
use sqlx::postgres::PgListener;
use sqlx::{AnyPool, Row};
use surface_chess_online::identity::Token;

use crate::clock::Millis;
use crate::event::Event;
use crate::game::GameId;
use crate::writer::Writer;

/// Why the store failed. The message names the database operation, never a secret.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// Not a `sqlite:` or `postgres:` URL.
    #[error("{0:?} is not a database URL: write sqlite://FILE or postgres://USER@HOST/DB")]
    Url(String),
    /// The database refused or failed.
    #[error("database error while {doing}: {source}")]
    Database {
        /// What the store was doing.
        doing: &'static str,
        /// sqlx's error.
        source: sqlx::Error,
    },
    /// The migrations failed.
    #[error("database migration failed: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    /// A group of events could not be written.
    #[error("database error while storing events: {0}")]
    Write(String),
}

/// Which database.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// An embedded SQLite file (one server).
    Sqlite,
    /// PostgreSQL (one or several servers).
    Postgres,
}

/// One stored event: its number, the server time it was accepted at, its text.
pub type Logged = (u64, Millis, String);

/// The database.
#[derive(Clone, Debug)]
pub struct Store {
    pool: AnyPool,
    backend: Backend,
    url: String,
    writer: Writer,
}

fn db(doing: &'static str) -> impl FnOnce(sqlx::Error) -> StoreError {
    move |source| StoreError::Database { doing, source }
}

impl Store {
    /// Opens (creating a SQLite file if needed) and migrates the database at `url`.
    ///
    /// # Errors
    /// A bad URL, an unreachable database, a failed migration.
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        install_default_drivers();
        let (backend, url) = if url.starts_with("sqlite:") {
            let url =
                if url.contains('?') || url.contains(":memory:") { url.to_owned() } else { format!("{url}?mode=rwc") };
            (Backend::Sqlite, url)
        } else if url.starts_with("postgres:") || url.starts_with("postgresql:") {
            (Backend::Postgres, url.to_owned())
        } else {
            return Err(StoreError::Url(url.to_owned()));
        };
        let options = AnyConnectOptions::from_str(&url).map_err(|_| StoreError::Url(url.clone()))?;
        let pool = match backend {
            // One writer: SQLite serialises writes anyway, and an in-memory database lives as long
            // as its one connection.
            Backend::Sqlite => {
                AnyPoolOptions::new().max_connections(1).idle_timeout(None).max_lifetime(None).after_connect(
                    |conn, _| {
                        Box::pin(async move {
                            for pragma in
                                ["PRAGMA journal_mode = WAL", "PRAGMA synchronous = NORMAL", "PRAGMA foreign_keys = ON"]
                            {
                                sqlx::query(pragma).execute(&mut *conn).await?;
                            }
                            Ok(())
                        })
                    },
                )
            }
            Backend::Postgres => AnyPoolOptions::new().max_connections(16),
        }
        .acquire_timeout(Duration::from_secs(10))
        .connect_with(options)
        .await
        .map_err(db("connecting"))?;
        migrator(backend).run(&pool).await?;
        digest_old_invites(&pool).await?;
        // As many batches in flight as connections to write them (SQLite's one), four at most.
        let in_flight = (pool.options().get_max_connections() as usize).min(4);
        let writer = Writer::start(pool.clone(), in_flight);
        Ok(Store { pool, backend, url, writer })
    }

    /// Which database this is.
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// Stores a new game: its number, invite code's digest and creation event (seq 0), and the
    /// creator's seat. Returns the number.
    ///
    /// # Errors
    /// The database failed (nothing is stored).
    pub async fn create(&self, at: Millis, invite: &str, created: &Event) -> Result<GameId, StoreError> {
        let mut tx = self.pool.begin().await.map_err(db("creating a game"))?;
        let row = sqlx::query("INSERT INTO games (invite, created_at) VALUES ($1, $2) RETURNING id")
            .bind(invite)
            .bind(at as i64)
            .fetch_one(&mut *tx)
            .await
            .map_err(db("creating a game"))?;
        let id: i64 = row.try_get(0).map_err(db("creating a game"))?;
        let id = id as GameId;
        insert_event(&mut tx, id, 0, at, created).await?;
        tx.commit().await.map_err(db("creating a game"))?;
        Ok(id)
    }

    /// Stores event `seq` of a game if that number is still free (and the seat it fills, and
    /// that the game is over when it `finishes` it), in the next group commit. Returns `false`
    /// when another server stored event `seq` first.
    ///
    /// # Errors
    /// The database failed (nothing is stored).
    pub async fn append(
        &self,
        game: GameId,
        seq: u64,
        at: Millis,
        event: &Event,
        finishes: bool,
    ) -> Result<bool, StoreError> {
        if event.seated().is_none() && !finishes {
            return self.writer.append(game, seq, at, event.to_text()).await.map_err(StoreError::Write);
        }
        let mut tx = self.pool.begin().await.map_err(db("storing an event"))?;
        let stored = insert_event(&mut tx, game, seq, at, event).await?;
        if stored && finishes {
            finished(&mut *tx, game, at).await?;
        }
        tx.commit().await.map_err(db("storing an event"))?;
        Ok(stored)
    }

    /// A game's events from number `from` on, in order (empty for an unknown game).
    ///
    /// # Errors
    /// The database failed.
    pub async fn load(&self, game: GameId, from: u64) -> Result<Vec<Logged>, StoreError> {
        let rows = sqlx::query("SELECT seq, at, body FROM events WHERE game = $1 AND seq >= $2 ORDER BY seq")
            .bind(game as i64)
            .bind(from as i64)
            .fetch_all(&self.pool)
            .await
            .map_err(db("loading a game"))?;
        rows.iter()
            .map(|r| {
                let seq: i64 = r.try_get(0)?;
                let at: i64 = r.try_get(1)?;
                Ok((seq as u64, at as Millis, r.try_get(2)?))
            })
            .collect::<Result<_, sqlx::Error>>()
            .map_err(db("loading a game"))
    }

    /// The game whose invite code has this digest, and when it was created.
    ///
    /// # Errors
    /// The database failed.
    pub async fn game_by_invite(&self, invite: &str) -> Result<Option<(GameId, Millis)>, StoreError> {
        let row = sqlx::query("SELECT id, created_at FROM games WHERE invite = $1")
            .bind(invite)
            .fetch_optional(&self.pool)
            .await
            .map_err(db("finding an invite"))?;
        let read = |r: &sqlx::any::AnyRow| Ok((r.try_get::<i64, _>(0)? as GameId, r.try_get::<i64, _>(1)? as Millis));
        row.as_ref().map(read).transpose().map_err(db("finding an invite"))
    }

    /// The unfinished games an identity is seated in, by number.
    ///
    /// # Errors
    /// The database failed.
    pub async fn unfinished_games_of(&self, token: &Token) -> Result<Vec<GameId>, StoreError> {
        let query = "SELECT seats.game FROM seats JOIN games ON games.id = seats.game \
                     WHERE seats.token = $1 AND games.finished_at IS NULL ORDER BY seats.game";
        let rows = sqlx::query(query).bind(token.digest()).fetch_all(&self.pool).await.map_err(db("listing games"))?;
        ids(&rows).map_err(db("listing games"))
    }

    /// At most `limit` finished games an identity is seated in, numbered below `before` (all
    /// when `None`), the latest first.
    ///
    /// # Errors
    /// The database failed.
    pub async fn finished_games_of(
        &self,
        token: &Token,
        before: Option<GameId>,
        limit: usize,
    ) -> Result<Vec<GameId>, StoreError> {
        let query = "SELECT seats.game FROM seats JOIN games ON games.id = seats.game \
                     WHERE seats.token = $1 AND games.finished_at IS NOT NULL AND seats.game < $2 \
                     ORDER BY seats.game DESC LIMIT $3";
        let rows = sqlx::query(query)
            .bind(token.digest())
            .bind(before.map_or(i64::MAX, |b| b as i64))
            .bind(limit as i64)
            .fetch_all(&self.pool)
            .await
            .map_err(db("listing games"))?;
        ids(&rows).map_err(db("listing games"))
    }

    /// How many games an identity is seated in that were created after `since`.
    ///
    /// # Errors
    /// The database failed.
    pub async fn games_started_since(&self, token: &Token, since: Millis) -> Result<usize, StoreError> {
        let query = "SELECT COUNT(*) FROM seats JOIN games ON games.id = seats.game \
                     WHERE seats.token = $1 AND games.created_at > $2";
        let row = sqlx::query(query)
            .bind(token.digest())
            .bind(since as i64)
            .fetch_one(&self.pool)
            .await
            .map_err(db("counting games"))?;
        row.try_get::<i64, _>(0).map(|n| n as usize).map_err(db("counting games"))
    }

    /// Records that a game is over (for a game finished before the store kept this).
    ///
    /// # Errors
    /// The database failed.
    pub async fn mark_finished(&self, game: GameId, at: Millis) -> Result<(), StoreError> {
        let mut conn = self.pool.acquire().await.map_err(db("marking a game finished"))?;
        finished(&mut *conn, game, at).await
    }

    /// The unfinished games, by number.
    ///
    /// # Errors
    /// The database failed.
    pub async fn unfinished(&self) -> Result<Vec<GameId>, StoreError> {
        let rows = sqlx::query("SELECT id FROM games WHERE finished_at IS NULL ORDER BY id")
            .fetch_all(&self.pool)
            .await
            .map_err(db("listing unfinished games"))?;
        ids(&rows).map_err(db("listing unfinished games"))
    }

    /// How many unfinished games an identity is seated in.
    ///
    /// # Errors
    /// The database failed.
    pub async fn unfinished_of(&self, token: &Token) -> Result<usize, StoreError> {
        let query = "SELECT COUNT(*) FROM seats JOIN games ON games.id = seats.game \
                     WHERE seats.token = $1 AND games.finished_at IS NULL";
        let row = sqlx::query(query)
            .bind(token.digest())
            .fetch_one(&self.pool)
            .await
            .map_err(db("counting unfinished games"))?;
        row.try_get::<i64, _>(0).map(|n| n as usize).map_err(db("counting unfinished games"))
    }

    /// The last instant a server sharing this database said it was up ([`Store::set_alive`]).
    ///
    /// # Errors
    /// The database failed.
    pub async fn alive_at(&self) -> Result<Option<Millis>, StoreError> {
        let row = sqlx::query("SELECT at FROM alive WHERE id = 1")
            .fetch_optional(&self.pool)
            .await
            .map_err(db("reading the last sign of life"))?;
        row.map(|r| r.try_get::<i64, _>(0).map(|at| at as Millis))
            .transpose()
            .map_err(db("reading the last sign of life"))
    }

    /// Says that a server is up at `now` (a later time already written stays).
    ///
    /// # Errors
    /// The database failed.
    pub async fn set_alive(&self, now: Millis) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO alive (id, at) VALUES (1, $1) ON CONFLICT (id) DO UPDATE \
             SET at = CASE WHEN excluded.at > alive.at THEN excluded.at ELSE alive.at END",
        )
        .bind(now as i64)
        .execute(&self.pool)
        .await
        .map(drop)
        .map_err(db("writing the last sign of life"))
    }

    /// Whether the database answers.
    ///
    /// # Errors
    /// The database failed.
    pub async fn ping(&self) -> Result<(), StoreError> {
        sqlx::query("SELECT 1").execute(&self.pool).await.map(drop).map_err(db("answering"))
    }

    /// Every game's number, in order (for checks and the load tester).
    ///
    /// # Errors
    /// The database failed.
    pub async fn games(&self) -> Result<Vec<GameId>, StoreError> {
        let rows =
            sqlx::query("SELECT id FROM games ORDER BY id").fetch_all(&self.pool).await.map_err(db("listing games"))?;
        ids(&rows).map_err(db("listing games"))
    }

    /// With PostgreSQL, a listener for the games other servers change (see [`Notices`]); `None`
    /// with SQLite, which only one server uses.
    ///
    /// # Errors
    /// The database failed.
    pub async fn listen(&self) -> Result<Option<Notices>, StoreError> {
        if self.backend != Backend::Postgres {
            return Ok(None);
        }
        let mut listener = PgListener::connect(&self.url).await.map_err(db("listening"))?;
        listener.listen(CHANNEL).await.map_err(db("listening"))?;
        Ok(Some(Notices { listener }))
    }
}

/// The PostgreSQL channel every stored event is announced on.
const CHANNEL: &str = "surface_chess";

const APPEND: &str = "INSERT INTO events (game, seq, at, body) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING";

async fn insert_event(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    game: GameId,
    seq: u64,
    at: Millis,
    event: &Event,
) -> Result<bool, StoreError> {
    let done = sqlx::query(APPEND)
        .bind(game as i64)
        .bind(seq as i64)
        .bind(at as i64)
        .bind(event.to_text())
        .execute(&mut **tx)
        .await
        .map_err(db("storing an event"))?;
    if done.rows_affected() == 0 {
        return Ok(false);
    }
    if let Some(token) = event.seated() {
        sqlx::query("INSERT INTO seats (token, game) VALUES ($1, $2) ON CONFLICT DO NOTHING")
            .bind(token.digest())
            .bind(game as i64)
            .execute(&mut **tx)
            .await
            .map_err(db("storing a seat"))?;
    }
    Ok(true)
}

/// Replaces the invite codes stored before digests (20 symbols; a digest has 43) by their
/// digests, in the games table and in each game's creation event, so that the database's rows
/// give no seat away and old codes still work. (Pages a database freed may keep old bytes until
/// they are written over.)
async fn digest_old_invites(pool: &AnyPool) -> Result<(), StoreError> {
    let rows = sqlx::query("SELECT id, invite FROM games WHERE length(invite) = 20")
        .fetch_all(pool)
        .await
        .map_err(db("reading old invite codes"))?;
    for row in rows {
        let (id, code): (i64, String) = (
            row.try_get(0).map_err(db("reading old invite codes"))?,
            row.try_get(1).map_err(db("reading old invite codes"))?,
        );
        let Ok(code) = surface_chess_online::identity::InviteCode::parse(&code) else { continue };
        let digest = code.digest();
        let mut tx = pool.begin().await.map_err(db("storing invite digests"))?;
        let created = sqlx::query("SELECT body FROM events WHERE game = $1 AND seq = 0")
            .bind(id)
            .fetch_optional(&mut *tx)
            .await
            .map_err(db("storing invite digests"))?;
        if let Some(row) = created {
            let body: String = row.try_get(0).map_err(db("storing invite digests"))?;
            let body =
                body.replace(&format!(r#""invite":"{}""#, code.expose()), &format!(r#""invite_digest":"{digest}""#));
            sqlx::query("UPDATE events SET body = $1 WHERE game = $2 AND seq = 0")
                .bind(body)
                .bind(id)
                .execute(&mut *tx)
                .await
                .map_err(db("storing invite digests"))?;
        }
        sqlx::query("UPDATE games SET invite = $1 WHERE id = $2")
            .bind(&digest)
            .bind(id)
            .execute(&mut *tx)
            .await
            .map_err(db("storing invite digests"))?;
        tx.commit().await.map_err(db("storing invite digests"))?;
    }
    Ok(())
}

/// The game numbers in the first column of `rows`.
fn ids(rows: &[sqlx::any::AnyRow]) -> Result<Vec<GameId>, sqlx::Error> {
    rows.iter().map(|r| r.try_get::<i64, _>(0).map(|id| id as GameId)).collect()
}

/// Records that `game` ended at `at`.
async fn finished<'c>(
    conn: impl sqlx::Executor<'c, Database = sqlx::Any>,
    game: GameId,
    at: Millis,
) -> Result<(), StoreError> {
    sqlx::query("UPDATE games SET finished_at = $1 WHERE id = $2")
        .bind(at as i64)
        .bind(game as i64)
        .execute(conn)
        .await
        .map(drop)
        .map_err(db("marking a game finished"))
}

/// What a server hears of an event stored through any server. A notice only names the event:
/// whoever may `NOTIFY` could forge one, so the event itself is always read from the table.
#[derive(Debug, PartialEq, Eq)]
pub enum Notice {
    /// Event `seq` of `game` was stored.
    Stored {
        /// The game.
        game: GameId,
        /// The event's number.
        seq: u64,
    },
    /// The connection was lost and notices may have been missed: bring every game up to date.
    Lost,
}

impl Notice {
    /// Reads a notice's payload: the events an insert stored, `game seq` pairs separated by
    /// commas. A payload that is not ours (or an older trigger's, which carried the event) is
    /// `Lost`: every game is read again from the store, nothing is taken from the notice.
    pub fn parse(payload: &str) -> Vec<Notice> {
        let named: Option<Vec<Notice>> = payload
            .split(',')
            .map(|name| {
                let (game, seq) = name.split_once(' ')?;
                Some(Notice::Stored { game: game.parse().ok()?, seq: seq.parse().ok()? })
            })
            .collect();
        named.unwrap_or_else(|| vec![Notice::Lost])
    }
}

/// The PostgreSQL notices of stored events.
#[derive(Debug)]
pub struct Notices {
    listener: PgListener,
}

impl Notices {
    /// The next notice's events; reconnects by itself after a lost connection.
    ///
    /// # Errors
    /// The database failed to reconnect.
    pub async fn next(&mut self) -> Result<Vec<Notice>, StoreError> {
        let n = self.listener.try_recv().await.map_err(db("listening"))?;
        Ok(n.map_or(vec![Notice::Lost], |n| Notice::parse(n.payload())))
    }
}

/// The migrations of a backend, compiled in.
fn migrator(backend: Backend) -> Migrator {
    let sqls: &[(&'static str, &'static str)] = match backend {
        Backend::Sqlite => &[
            ("games (SQLite)", include_str!("../migrations/sqlite/0001_games.sql")),
            (
                "finished games and the last sign of life",
                include_str!("../migrations/sqlite/0002_finished_and_alive.sql"),
            ),
        ],
        Backend::Postgres => &[
            ("games (PostgreSQL)", include_str!("../migrations/postgres/0001_games.sql")),
            ("notices carry the event", include_str!("../migrations/postgres/0002_notice_carries_the_event.sql")),
            ("notices only name the event", include_str!("../migrations/postgres/0003_notice_names_the_event.sql")),
            (
                "finished games and the last sign of life",
                include_str!("../migrations/postgres/0004_finished_and_alive.sql"),
            ),
            ("one notice per statement", include_str!("../migrations/postgres/0005_one_notice_per_statement.sql")),
        ],
    };
    let migrations = sqls
        .iter()
        .zip(1..)
        .map(|(&(what, sql), version)| {
            Migration::new(version, Cow::Borrowed(what), MigrationType::Simple, Cow::Borrowed(sql), false)
        })
        .collect();
    Migrator { migrations: Cow::Owned(migrations), ..Migrator::DEFAULT }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_notice_names_events_and_carries_nothing_to_apply() {
        let stored = |game, seq| Notice::Stored { game, seq };
        assert_eq!(Notice::parse("12 7"), [stored(12, 7)]);
        assert_eq!(Notice::parse("12 7,13 0,12 8"), [stored(12, 7), stored(13, 0), stored(12, 8)]);
        // An older trigger's body, or a forged one, is not read: every game is read again.
        let body = r#"{"event":"acted","side":"white","act":{"act":"resign"}}"#;
        assert_eq!(Notice::parse(&format!("12 7 1700000000000 {body}")), [Notice::Lost]);
        for other in ["12", "x y", "12 7,", "12 7,x", ""] {
            assert_eq!(Notice::parse(other), [Notice::Lost], "{other:?}");
        }
    }
}
