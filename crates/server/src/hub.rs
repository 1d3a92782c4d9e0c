//! The server's games: each answered request, with storage in between. A change is computed on a
//! copy of the game, stored as an [`Event`], and only then becomes the game, is acknowledged and
//! is announced to the game's other readers. The database holds the games' logs; a game is in
//! memory while a connection reads it (or a request is judging it) and is read back from the
//! log when asked for again. The timer knows every running clock ([`Deadlines`]), in memory or
//! not, and a restart after an outage credits the running clocks with the time no server was up.
//! When another server stored an event first (PostgreSQL), the game is brought up to date from
//! the database and the request is judged again.

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex as SyncMutex};

use surface_chess_online::identity::{InviteCode, Name, Token};
use tokio::sync::Mutex;

use crate::changes::Changes;
use crate::clock::Millis;
use crate::deadlines::Deadlines;
use crate::event::{Act, Acted, Event, ReplayError, apply, replay};
use crate::game::{GameId, NewGame, Phase, RefereeError, RematchStep, Seat, ServerGame, SideChoice};
use crate::lobby::lobby_list;
use crate::metrics::Metrics;
use crate::now::ServerTime;
use crate::protocol::{
    ClientMessage, LOBBY_FINISHED, LobbyList, PROTOCOL_VERSION, ServerMessage, game_state, parse_client,
};
use crate::store::{Backend, Store, StoreError};

/// Why a request failed other than by the referee's decision.
#[derive(Debug, thiserror::Error)]
pub enum HubError {
    /// The referee refused.
    #[error(transparent)]
    Referee(#[from] RefereeError),
    /// The database failed; nothing changed.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// A stored game does not replay.
    #[error(transparent)]
    Replay(#[from] ReplayError),
    /// The identity started its most games in the last hour.
    #[error("{0} games started in the last hour")]
    TooManyGames(usize),
    /// The identity is seated in its most unfinished games.
    #[error("{0} unfinished games")]
    TooManyUnfinished(usize),
    /// The connection reads its most games.
    #[error("{0} games read")]
    TooManyRead(usize),
}

impl From<&HubError> for ServerMessage {
    fn from(e: &HubError) -> ServerMessage {
        match e {
            HubError::Referee(e) => e.into(),
            HubError::Store(_) => ServerMessage::error("storage", "the server could not store this; nothing changed"),
            HubError::Replay(_) => ServerMessage::error("storage", "this game's record is damaged on the server"),
            HubError::TooManyGames(n) => ServerMessage::error(
                "too_many_games",
                format!("you started {n} games in the last hour, the most an identity may; finish or wait"),
            ),
            HubError::TooManyUnfinished(n) => ServerMessage::error(
                "too_many_unfinished",
                format!("you have {n} unfinished games, the most an identity may; finish or abort one first"),
            ),
            HubError::TooManyRead(n) => ServerMessage::error(
                "too_many_read",
                format!("this connection follows {n} games, the most one may; connect again for others"),
            ),
        }
    }
}

/// One connection's side of the conversation.
#[derive(Debug)]
pub struct Session {
    id: u64,
    identity: Option<(Token, Name)>,
    changes: Option<Arc<Changes>>,
    watching: HashSet<GameId>,
}

impl Session {
    /// The connection's number (in logs).
    pub fn id(&self) -> u64 {
        self.id
    }

    /// The identity token, after Hello.
    pub fn token(&self) -> Option<&Token> {
        self.identity.as_ref().map(|(t, _)| t)
    }
}

/// A game in memory: the game and how many events it has in the store.
#[derive(Debug, Default)]
struct Entry {
    game: Option<ServerGame>,
    events: u64,
}

type Shared = Arc<Mutex<Entry>>;

/// All games this server serves.
pub struct Hub {
    store: Store,
    time: Arc<dyn ServerTime>,
    games: SyncMutex<HashMap<GameId, Shared>>,
    watchers: SyncMutex<HashMap<GameId, HashMap<u64, Arc<Changes>>>>,
    deadlines: SyncMutex<Deadlines>,
    next_session: AtomicU64,
    games_per_hour: usize,
    max_unfinished: usize,
    last_beat: AtomicU64,
    metrics: Arc<Metrics>,
}

/// Games one connection may follow (hear the changes of).
pub const MAX_READ: usize = 1_000;

/// Unfinished games one identity may be seated in, by default.
pub const MAX_UNFINISHED: usize = 100;

/// How often a server says it is up ([`Hub::beat`]).
pub const BEAT: Millis = 1_000;

/// A gap this long since the last sign of life, at a start, was an outage of the whole service.
pub const OUTAGE: Millis = 5 * BEAT;

/// Games one identity may start (create or join) in an hour, by default.
pub const GAMES_PER_HOUR: usize = 30;

/// An hour of server time.
const HOUR: Millis = 3_600_000;

/// How long an invite code admits a friend to the open seat: a week.
pub const INVITE_LIFETIME: Millis = 7 * 24 * HOUR;

impl Hub {
    /// A hub over a store, reading the time from `time`.
    pub fn new(store: Store, time: Arc<dyn ServerTime>) -> Hub {
        Hub {
            store,
            time,
            games: SyncMutex::default(),
            watchers: SyncMutex::default(),
            deadlines: SyncMutex::default(),
            next_session: AtomicU64::new(1),
            games_per_hour: GAMES_PER_HOUR,
            max_unfinished: MAX_UNFINISHED,
            last_beat: AtomicU64::new(0),
            metrics: Arc::default(),
        }
    }

    /// The same hub, letting an identity sit in at most `n` unfinished games.
    #[must_use]
    pub fn with_max_unfinished(mut self, n: usize) -> Hub {
        self.max_unfinished = n;
        self
    }

    /// Games whose clock runs, in memory or not.
    pub fn running_clocks(&self) -> usize {
        self.deadlines.lock().expect("deadlines").len()
    }

    /// What the hub counts as it runs.
    pub fn metrics(&self) -> &Arc<Metrics> {
        &self.metrics
    }

    /// Games held in memory now.
    pub fn games_in_memory(&self) -> usize {
        self.games.lock().expect("games").len()
    }

    /// The same hub, letting an identity start at most `n` games an hour.
    #[must_use]
    pub fn with_games_per_hour(mut self, n: usize) -> Hub {
        self.games_per_hour = n;
        self
    }

    /// The store.
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// The server's time now.
    pub fn now(&self) -> Millis {
        self.time.now()
    }

    /// A new connection's session. Changes to the games it reads are noted in `changes` (by
    /// number, each game once until taken; see [`Hub::state_for`]).
    pub fn connect(&self, changes: Option<Arc<Changes>>) -> Session {
        let id = self.next_session.fetch_add(1, Ordering::Relaxed);
        Session { id, identity: None, changes, watching: HashSet::new() }
    }

    /// Forgets a closed connection; the games nobody reads any more leave memory.
    pub fn disconnect(&self, session: &Session) {
        {
            let mut watchers = self.watchers.lock().expect("watchers");
            for game in &session.watching {
                if let Some(w) = watchers.get_mut(game) {
                    w.remove(&session.id);
                    if w.is_empty() {
                        watchers.remove(game);
                    }
                }
            }
        }
        for &game in &session.watching {
            self.release(game);
        }
    }

    /// Lets a game leave memory if no connection reads it and no request is judging it (its log
    /// is in the store, its deadline in the timer's index).
    fn release(&self, id: GameId) {
        let watchers = self.watchers.lock().expect("watchers");
        if watchers.contains_key(&id) {
            return;
        }
        let mut games = self.games.lock().expect("games");
        if games.get(&id).is_some_and(|shared| Arc::strong_count(shared) == 1) {
            games.remove(&id);
        }
    }

    /// Keeps the timer's index up to date with a game as it now stands.
    fn schedule(&self, id: GameId, game: &ServerGame) {
        let deadline = game.result().is_none().then(|| game.clock().deadline()).flatten();
        self.deadlines.lock().expect("deadlines").set(id, deadline);
    }

    /// A copy of a game as it stands (read from the store on first use).
    ///
    /// # Errors
    /// An unknown game, or the database failed.
    pub async fn game(&self, id: GameId) -> Result<ServerGame, HubError> {
        let shared = self.entry(id).await?;
        let entry = shared.lock().await;
        Ok(entry.game.clone().ok_or(RefereeError::UnknownGame(id))?)
    }

    /// Answers one client message (its text as received). Bad input and refused requests get an
    /// [`ServerMessage::Error`] and change nothing.
    pub async fn handle(&self, session: &mut Session, text: &str) -> Vec<ServerMessage> {
        let replies = match parse_client(text) {
            Ok(message) => self.dispatch(session, message).await.unwrap_or_else(|e| vec![(&e).into()]),
            Err(e) => vec![(&e).into()],
        };
        for reply in &replies {
            if let ServerMessage::Error { code, .. } = reply {
                self.metrics.refused(code);
                tracing::debug!(connection = session.id, code = code.as_str(), "refused");
            }
        }
        replies
    }

    /// A game's state as a session may see it now (after an announcement).
    pub async fn state_for(&self, session: &Session, game: GameId) -> Option<ServerMessage> {
        let token = session.token()?;
        let shared = self.games.lock().expect("games").get(&game).cloned()?;
        let entry = shared.lock().await;
        let g = entry.game.as_ref()?;
        Some(self.state(g, token).map_or_else(|e| (&e).into(), ServerMessage::GameState))
    }

    async fn dispatch(&self, session: &mut Session, message: ClientMessage) -> Result<Vec<ServerMessage>, HubError> {
        let identity = session.identity.clone().filter(|_| !matches!(message, ClientMessage::Hello { .. }));
        let Some((token, name)) = identity else { return Ok(vec![hello(session, &message)?]) };
        let seat = Seat { token: token.clone(), name };
        let (game, act) = match message {
            ClientMessage::Hello { .. } => return Ok(vec![hello(session, &message)?]),
            ClientMessage::CreateGame { variant, side, clock, spectators } => {
                self.check_starting(&token).await?;
                let (id, _) = self.create(NewGame { variant, side, clock, spectators }, seat).await?;
                return self.read(session, id).await;
            }
            ClientMessage::JoinGame { invite } => {
                let invite = InviteCode::parse(invite.expose()).map_err(RefereeError::from)?;
                let id = self.join(&invite, seat).await?;
                return self.read(session, id).await;
            }
            ClientMessage::GetGame { game } => return self.read(session, game).await,
            ClientMessage::Lobby { finished_before } => return self.lobby(&token, finished_before).await,
            ClientMessage::Ready { game } => (game, Act::Ready),
            ClientMessage::Move { game, ply, action } => (game, Act::Move { ply, action }),
            ClientMessage::OfferDraw { game } => (game, Act::OfferDraw),
            ClientMessage::AcceptDraw { game } => (game, Act::AcceptDraw),
            ClientMessage::Resign { game } => (game, Act::Resign),
            ClientMessage::Abort { game } => (game, Act::Abort),
            ClientMessage::ClaimDraw { game } => (game, Act::ClaimDraw),
            ClientMessage::Rematch { game } => return self.rematch(session, seat, game).await,
        };
        let acted = self.act(session.id, &token, game, &act).await?;
        let mut replies = Vec::new();
        if let Acted::Moved { ply, notation, duplicate } = acted {
            if !duplicate {
                self.metrics.moved();
            }
            replies.push(ServerMessage::MoveAccepted { game, ply, action: notation, duplicate });
        }
        replies.extend(self.read(session, game).await?);
        Ok(replies)
    }

    /// Creates and stores a game (its invite code's digest alone); returns its number and code.
    async fn create(&self, settings: NewGame, creator: Seat) -> Result<(GameId, InviteCode), HubError> {
        let mut game = ServerGame::create(0, settings, creator, &mut rand::rng())?;
        let invite = game.invite().cloned().expect("a game made here knows its code");
        let id = self.store.create(self.now(), game.invite_digest(), &Event::created(&game)).await?;
        game.renumber(id);
        tracing::info!(game = id, variant = %game.variant(), "created");
        let entry = Entry { game: Some(game), events: 1 };
        self.games.lock().expect("games").insert(id, Arc::new(Mutex::new(entry)));
        Ok((id, invite))
    }

    /// Refuses a new game to an identity that started its most games in the last hour or sits
    /// in its most unfinished ones.
    async fn check_starting(&self, token: &Token) -> Result<(), HubError> {
        let since = self.now().saturating_sub(HOUR);
        if self.store.games_started_since(token, since).await? >= self.games_per_hour {
            return Err(HubError::TooManyGames(self.games_per_hour));
        }
        self.check_unfinished(token).await
    }

    /// Refuses an identity seated in its most unfinished games a new seat.
    async fn check_unfinished(&self, token: &Token) -> Result<(), HubError> {
        if self.store.unfinished_of(token).await? >= self.max_unfinished {
            return Err(HubError::TooManyUnfinished(self.max_unfinished));
        }
        Ok(())
    }

    /// Takes the open seat of the game with this invite (a seated identity rejoins).
    async fn join(&self, invite: &InviteCode, seat: Seat) -> Result<GameId, HubError> {
        let (id, created) = self.store.game_by_invite(&invite.digest()).await?.ok_or(RefereeError::BadInvite)?;
        if self.game(id).await?.side_of(&seat.token).is_none() {
            self.check_unfinished(&seat.token).await?;
        }
        self.seat_at(id, invite, seat, Some(created)).await?;
        Ok(id)
    }

    /// Takes the open seat of game `id` with its invite (which expires a week after `created`,
    /// when given).
    async fn seat_at(
        &self,
        id: GameId,
        invite: &InviteCode,
        seat: Seat,
        created: Option<Millis>,
    ) -> Result<(), HubError> {
        self.change(id, None, |g, now| {
            let rejoin = g.side_of(&seat.token).is_some();
            // A seated player may still rejoin with an old code; an open seat's code expires.
            if !rejoin && created.is_some_and(|at| now.saturating_sub(at) > INVITE_LIFETIME) {
                return Err(RefereeError::InviteExpired);
            }
            g.join(invite, seat.clone(), now)?;
            Ok(((), (!rejoin).then(|| Event::joined(&seat))))
        })
        .await
    }

    /// A seated player acts.
    async fn act(&self, session: u64, token: &Token, id: GameId, act: &Act) -> Result<Acted, HubError> {
        self.change(id, Some(session), |g, now| {
            let side = g.side_of(token).ok_or(RefereeError::NotSeated)?;
            // A repeated Ready or draw offer is acknowledged, but changes, stores and tells
            // nothing.
            let standing = |g: &ServerGame| (g.clock().clone(), g.draw_offer(), g.rematch_offer(), g.phase());
            let before = standing(g);
            let acted = g.act(token, act, now)?;
            let repeated = matches!(act, Act::Ready | Act::OfferDraw | Act::Rematch) && standing(g) == before;
            let event = if repeated { None } else { acted.event(side, act) };
            Ok((acted, event))
        })
        .await
    }

    /// A player of a finished game asks for a rematch: the offer is stored and told; when the
    /// opponent had offered, the rematch is created (same board, clock and watchers, colours
    /// swapped, both seated) and linked from the finished game, and the answer carries both.
    async fn rematch(&self, session: &mut Session, seat: Seat, id: GameId) -> Result<Vec<ServerMessage>, HubError> {
        let token = seat.token.clone();
        let step = self
            .change(id, Some(session.id), |g, _| {
                let side = g.side_of(&token).ok_or(RefereeError::NotSeated)?;
                let before = g.rematch_offer();
                let step = g.ask_rematch(&token)?;
                let event = (step == RematchStep::Offered && before != Some(side))
                    .then(|| Event::Acted { side: side.into(), act: Act::Rematch });
                Ok((step, event))
            })
            .await?;
        let mut replies = self.read(session, id).await?;
        if step != RematchStep::Accepted {
            if let RematchStep::Played(rematch) = step {
                replies.extend(self.read(session, rematch).await?);
            }
            return Ok(replies);
        }
        // Counted as a game the accepting player starts.
        self.check_starting(&token).await?;
        let old = self.game(id).await?;
        let side = old.side_of(&token).ok_or(RefereeError::NotSeated)?;
        let opponent = old.seat(!side).cloned().ok_or(RefereeError::NotSeated)?;
        let settings = old.settings();
        let swapped = if side == surface_chess_rules::Color::White { SideChoice::Black } else { SideChoice::White };
        let new = NewGame { side: swapped, ..settings };
        let (rematch, invite) = self.create(new, seat).await?;
        self.seat_at(rematch, &invite, opponent, None).await?;
        let linked = self.change(id, Some(session.id), |g, _| {
            g.rematched(rematch)?;
            Ok(((), Some(Event::Rematched { game: rematch })))
        });
        if let Err(e) = linked.await {
            // Another request linked a rematch first: this one is cancelled.
            let _ = self.act(session.id, &token, rematch, &Act::Abort).await;
            return Err(e);
        }
        let mut replies = self.read(session, id).await?;
        replies.extend(self.read(session, rematch).await?);
        Ok(replies)
    }

    /// Ends the games whose running side's time is out, in memory or not (the timer calls this);
    /// returns how many.
    pub async fn tick(&self) -> usize {
        let due = self.deadlines.lock().expect("deadlines").due(self.now());
        let mut ended = 0;
        for id in due {
            // Judged as any change: a timeout found is stored and announced.
            let finished = async {
                self.change(id, None, |_, _| Ok(((), None))).await?;
                Ok::<_, HubError>(self.game(id).await?.result().is_some())
            };
            match finished.await {
                Ok(true) => ended += 1,
                Ok(false) => {}
                Err(e) => tracing::warn!(game = id, error = %e, "judging a clock failed"),
            }
            self.release(id);
        }
        ended
    }

    /// Says that this server is up, at most every [`BEAT`] (the timer calls this).
    ///
    /// # Errors
    /// The database failed.
    pub async fn beat(&self) -> Result<(), HubError> {
        let now = self.now();
        if now.saturating_sub(self.last_beat.load(Ordering::Relaxed)) >= BEAT {
            self.last_beat.store(now, Ordering::Relaxed);
            self.store.set_alive(now).await?;
        }
        Ok(())
    }

    /// Takes over the store on start: every unfinished game's clock goes into the timer's index
    /// and, when no server was up for longer than [`OUTAGE`], each running clock is credited the
    /// time since the last sign of life (stored as an event, so every server replays it).
    /// Returns how many games were credited.
    ///
    /// # Errors
    /// The database failed.
    pub async fn recover(&self) -> Result<usize, HubError> {
        let now = self.now();
        let down_since = self.store.alive_at().await?.filter(|&at| now.saturating_sub(at) > OUTAGE);
        self.store.set_alive(now).await?;
        self.last_beat.store(now, Ordering::Relaxed);
        let mut credited = 0;
        for id in self.store.unfinished().await? {
            let recovered = async {
                let shared = self.entry(id).await?;
                let mut entry = shared.lock().await;
                let Some(game) = entry.game.as_ref() else { return Ok(false) };
                if game.result().is_some() {
                    // Finished before the store kept this.
                    self.store.mark_finished(id, now).await?;
                    return Ok(false);
                }
                let Some(since) = down_since else { return Ok(false) };
                self.credit(id, &mut entry, since).await
            };
            match recovered.await {
                Ok(true) => credited += 1,
                Ok(false) => {}
                Err(e) => tracing::warn!(game = id, error = %e, "a game could not be recovered"),
            }
            self.release(id);
        }
        if let Some(since) = down_since {
            tracing::info!(down_ms = now - since, credited, "the service was down; running clocks credited");
        }
        Ok(credited)
    }

    /// Credits a game's running clock with the outage since `down_since` (nothing when its time
    /// ran out before the outage, or another server credited it first).
    async fn credit(&self, id: GameId, entry: &mut Entry, down_since: Millis) -> Result<bool, HubError> {
        let now = self.now();
        let mut next = entry.game.clone().ok_or(RefereeError::UnknownGame(id))?;
        if next.resume(down_since, now) == 0 {
            return Ok(false);
        }
        let event = Event::Resumed { down_since };
        if !self.store.append(id, entry.events, now, &event, false).await? {
            self.catch_up(id, entry).await?;
            return Ok(false);
        }
        entry.events += 1;
        self.schedule(id, &next);
        entry.game = Some(next);
        Ok(true)
    }

    /// Takes in the notice that another server stored event `seq` of a game: the events this
    /// copy lacks are read from the store (never from the notice, which anyone allowed to
    /// `NOTIFY` could forge) and the game's readers here are told; a game not in memory, or
    /// one that has the event, is left alone.
    ///
    /// # Errors
    /// The database failed, or a stored event does not fit the game.
    pub async fn noticed(&self, id: GameId, seq: u64) -> Result<(), HubError> {
        let Some(shared) = self.games.lock().expect("games").get(&id).cloned() else { return Ok(()) };
        let mut entry = shared.lock().await;
        if entry.game.is_none() || entry.events > seq {
            return Ok(());
        }
        let before = entry.events;
        self.catch_up(id, &mut entry).await?;
        let changed = entry.events != before;
        drop(entry);
        if changed {
            self.announce(id, None);
        }
        Ok(())
    }

    /// Brings a game up to date with the store and tells its readers here if it changed.
    ///
    /// # Errors
    /// The database failed.
    pub async fn refresh(&self, id: GameId) -> Result<(), HubError> {
        let Some(shared) = self.games.lock().expect("games").get(&id).cloned() else { return Ok(()) };
        let mut entry = shared.lock().await;
        let before = entry.events;
        self.catch_up(id, &mut entry).await?;
        if entry.events != before {
            drop(entry);
            self.announce(id, None);
        }
        Ok(())
    }

    /// Brings every game in memory up to date (after lost notices).
    pub async fn refresh_all(&self) {
        let ids: Vec<GameId> = self.games.lock().expect("games").keys().copied().collect();
        for id in ids {
            let _ = self.refresh(id).await;
        }
    }

    /// The change protocol: `f` changes a copy of the game at `now` and says what event to
    /// store; the copy becomes the game only once that is stored. A running clock found out of
    /// time is stored as a timeout first (and announced), then `f` judges the finished game. If
    /// another server took the event's number, or (PostgreSQL) `f` refuses while other servers
    /// have stored events since, the game is brought up to date and judged again.
    async fn change<T>(
        &self,
        id: GameId,
        actor: Option<u64>,
        mut f: impl FnMut(&mut ServerGame, Millis) -> Result<(T, Option<Event>), RefereeError>,
    ) -> Result<T, HubError> {
        let shared = self.entry(id).await?;
        let mut entry = shared.lock().await;
        loop {
            let now = self.now();
            // The change is made in place and taken back unless its event is stored.
            let seq = entry.events;
            let game = entry.game.as_mut().ok_or(RefereeError::UnknownGame(id))?;
            let before = game.before();
            let (event, value) = if game.tick(now) {
                (Event::TimedOut, None)
            } else {
                match f(game, now) {
                    Ok((value, None)) => {
                        game.take_back(before);
                        return Ok(value);
                    }
                    Ok((value, Some(event))) => (event, Some(value)),
                    // Refused here: with other servers sharing the store, the game may have moved
                    // on there (a move this client saw through another server); judge again.
                    Err(e) => {
                        game.take_back(before);
                        if self.store.backend() == Backend::Postgres {
                            self.catch_up(id, &mut entry).await?;
                        }
                        if entry.events == seq {
                            return Err(e.into());
                        }
                        continue;
                    }
                }
            };
            let result = game.result();
            let finishes = result.is_some() && before.result().is_none();
            let storing = std::time::Instant::now();
            let stored = self.store.append(id, seq, now, &event, finishes).await;
            let stored = stored.inspect_err(|e| {
                tracing::warn!(game = id, error = %e, "storing an event failed; nothing changed");
            });
            if !matches!(stored, Ok(true)) {
                game.take_back(before);
                stored?;
                self.catch_up(id, &mut entry).await?;
                continue;
            }
            self.metrics.stored(storing.elapsed());
            self.schedule(id, game);
            entry.events += 1;
            if let (true, Some(result)) = (finishes, result) {
                tracing::info!(game = id, reason = result.reason.name(), "finished");
            }
            match value {
                Some(value) => {
                    drop(entry);
                    self.announce(id, actor);
                    return Ok(value);
                }
                None => self.announce(id, None),
            }
        }
    }

    /// Applies the events other servers stored since this copy was read.
    async fn catch_up(&self, id: GameId, entry: &mut Entry) -> Result<(), HubError> {
        for (seq, at, text) in self.store.load(id, entry.events).await? {
            apply_logged(id, entry, seq, at, &text)?;
        }
        if let Some(game) = &entry.game {
            self.schedule(id, game);
        }
        Ok(())
    }

    /// The game's entry, read from the store on first use.
    async fn entry(&self, id: GameId) -> Result<Shared, HubError> {
        let shared = self.games.lock().expect("games").entry(id).or_default().clone();
        let mut entry = shared.lock().await;
        if entry.game.is_none() {
            let log = self.store.load(id, 0).await?;
            if log.is_empty() {
                drop(entry);
                self.games.lock().expect("games").remove(&id);
                return Err(RefereeError::UnknownGame(id).into());
            }
            entry.events = log.len() as u64;
            let game = replay(id, log.iter().map(|(seq, at, text)| (*seq, *at, text.as_str())))?;
            self.schedule(id, &game);
            entry.game = Some(game);
        }
        drop(entry);
        Ok(shared)
    }

    /// The game's state for the session, which now hears of its changes.
    async fn read(&self, session: &mut Session, id: GameId) -> Result<Vec<ServerMessage>, HubError> {
        let token = session.token().ok_or(RefereeError::NotSeated)?.clone();
        if session.watching.len() >= MAX_READ && !session.watching.contains(&id) {
            return Err(HubError::TooManyRead(MAX_READ));
        }
        let shared = self.entry(id).await?;
        let state = {
            let entry = shared.lock().await;
            entry.game.as_ref().ok_or(RefereeError::UnknownGame(id)).and_then(|g| self.state(g, &token))
        };
        drop(shared);
        // A refused look-up keeps nothing.
        let state = state.inspect_err(|_| self.release(id))?;
        if let Some(changes) = &session.changes
            && session.watching.insert(id)
        {
            self.watchers.lock().expect("watchers").entry(id).or_default().insert(session.id, changes.clone());
        }
        Ok(vec![ServerMessage::GameState(state)])
    }

    /// A state at the server's time, a timeout not yet stored shown as the result.
    fn state(&self, g: &ServerGame, token: &Token) -> Result<crate::protocol::GameState, RefereeError> {
        let now = self.now();
        if g.phase() == Phase::Finished || g.clock().flagged(now).is_none() {
            return game_state(g, token, now);
        }
        let mut ticked = g.clone();
        ticked.tick(now);
        game_state(&ticked, token, now)
    }

    /// The identity's unfinished games and a page of its finished ones in the lobby's four
    /// groups.
    async fn lobby(&self, token: &Token, finished_before: Option<GameId>) -> Result<Vec<ServerMessage>, HubError> {
        let mut ids = self.store.unfinished_games_of(token).await?;
        let mut finished = self.store.finished_games_of(token, finished_before, LOBBY_FINISHED + 1).await?;
        let more_finished = finished.len() > LOBBY_FINISHED;
        finished.truncate(LOBBY_FINISHED);
        ids.extend(finished);
        let mut games = Vec::new();
        for id in ids {
            let mut g = self.game(id).await?;
            self.release(id);
            g.tick(self.now());
            games.push(g);
        }
        Ok(vec![ServerMessage::Lobby(LobbyList { more_finished, ..lobby_list(&games, token) })])
    }

    /// Tells the game's readers (but the actor, who has its replies) that it changed.
    fn announce(&self, id: GameId, actor: Option<u64>) {
        let watchers = self.watchers.lock().expect("watchers");
        for (session, changes) in watchers.get(&id).into_iter().flatten() {
            if Some(*session) != actor {
                changes.push(id);
            }
        }
    }
}

/// Applies stored event `seq` (the next one) to a copy.
fn apply_logged(id: GameId, entry: &mut Entry, seq: u64, at: Millis, text: &str) -> Result<(), HubError> {
    let event: Event =
        serde_json::from_str(text).map_err(|e| ReplayError::Unreadable { game: id, seq, why: e.to_string() })?;
    let game = entry.game.as_mut().ok_or(RefereeError::UnknownGame(id))?;
    apply(game, &event, at).map_err(|why| ReplayError::Refused { game: id, seq, why })?;
    entry.events = seq + 1;
    Ok(())
}

/// Answers Hello: the identity for the rest of the connection.
fn hello(session: &mut Session, message: &ClientMessage) -> Result<ServerMessage, RefereeError> {
    let ClientMessage::Hello { version, token, name } = message else {
        return Ok(ServerMessage::error("hello_first", "say Hello (version, token, name) first"));
    };
    if *version != PROTOCOL_VERSION {
        let text = format!("this server speaks protocol {PROTOCOL_VERSION}, not {version}");
        return Ok(ServerMessage::error("version", text));
    }
    let token = Token::parse(token.expose())?;
    let name = Name::parse(name)?;
    // The games this connection reads were read as its identity: another one needs its own
    // connection.
    if session.token().is_some_and(|t| *t != token) {
        return Ok(ServerMessage::error(
            "identity_taken",
            "this connection has an identity; connect again for another",
        ));
    }
    let welcome = ServerMessage::Welcome { version: PROTOCOL_VERSION, name: name.to_string() };
    session.identity = Some((token, name));
    Ok(welcome)
}
