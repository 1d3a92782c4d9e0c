//! The server's games: each answered request, with storage in between. A change is computed on a
//! copy of the game, stored as an [`Event`], and only then becomes the game, is acknowledged and
//! is announced to the game's other readers. Games are kept in memory once read; the database
//! holds their logs. When another server stored an event first (PostgreSQL), the game is brought
//! up to date from the database and the request is judged again.

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex as SyncMutex};

use surface_chess_online::identity::{InviteCode, Name, Token};
use tokio::sync::{Mutex, mpsc};

use crate::clock::Millis;
use crate::event::{Act, Acted, Event, ReplayError, apply, replay};
use crate::game::{GameId, NewGame, Phase, RefereeError, Seat, ServerGame};
use crate::lobby::lobby_list;
use crate::metrics::Metrics;
use crate::now::ServerTime;
use crate::protocol::{ClientMessage, PROTOCOL_VERSION, ServerMessage, game_state, parse_client};
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
        }
    }
}

/// One connection's side of the conversation.
#[derive(Debug)]
pub struct Session {
    id: u64,
    identity: Option<(Token, Name)>,
    outbox: Option<Outbox>,
    watching: HashSet<GameId>,
}

/// Where a connection hears of changes, and the mark that it fell too far behind.
#[derive(Clone, Debug)]
struct Outbox {
    changes: mpsc::Sender<GameId>,
    behind: Arc<AtomicBool>,
}

impl Session {
    /// Whether announcements were lost because the connection did not read them in time: its
    /// view may be out of date, and the connection should be closed (the client reconnects and
    /// asks again).
    pub fn behind(&self) -> bool {
        self.outbox.as_ref().is_some_and(|o| o.behind.load(Ordering::Relaxed))
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
    watchers: SyncMutex<HashMap<GameId, HashMap<u64, Outbox>>>,
    next_session: AtomicU64,
    games_per_hour: usize,
    metrics: Arc<Metrics>,
}

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
            next_session: AtomicU64::new(1),
            games_per_hour: GAMES_PER_HOUR,
            metrics: Arc::default(),
        }
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

    /// A new connection's session. Changes to the games it reads are announced on `outbox` (by
    /// number; see [`Hub::state_for`]); when the outbox is full the session is marked
    /// [`Session::behind`].
    pub fn connect(&self, outbox: Option<mpsc::Sender<GameId>>) -> Session {
        let id = self.next_session.fetch_add(1, Ordering::Relaxed);
        let outbox = outbox.map(|changes| Outbox { changes, behind: Arc::new(AtomicBool::new(false)) });
        Session { id, identity: None, outbox, watching: HashSet::new() }
    }

    /// Forgets a closed connection.
    pub fn disconnect(&self, session: &Session) {
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
                let since = self.now().saturating_sub(HOUR);
                if self.store.games_started_since(&token, since).await? >= self.games_per_hour {
                    return Err(HubError::TooManyGames(self.games_per_hour));
                }
                let id = self.create(NewGame { variant, side, clock, spectators }, seat).await?;
                return self.read(session, id).await;
            }
            ClientMessage::JoinGame { invite } => {
                let invite = InviteCode::parse(&invite).map_err(RefereeError::from)?;
                let id = self.join(&invite, seat).await?;
                return self.read(session, id).await;
            }
            ClientMessage::GetGame { game } => return self.read(session, game).await,
            ClientMessage::Lobby => return self.lobby(&token).await,
            ClientMessage::Ready { game } => (game, Act::Ready),
            ClientMessage::Move { game, ply, action } => (game, Act::Move { ply, action }),
            ClientMessage::OfferDraw { game } => (game, Act::OfferDraw),
            ClientMessage::AcceptDraw { game } => (game, Act::AcceptDraw),
            ClientMessage::Resign { game } => (game, Act::Resign),
            ClientMessage::Abort { game } => (game, Act::Abort),
            ClientMessage::ClaimDraw { game } => (game, Act::ClaimDraw),
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

    /// Creates and stores a game; returns its number.
    async fn create(&self, settings: NewGame, creator: Seat) -> Result<GameId, HubError> {
        let mut game = ServerGame::create(0, settings, creator, &mut rand::rng())?;
        let id = self.store.create(self.now(), game.invite().expose(), &Event::created(&game)).await?;
        game.renumber(id);
        let entry = Entry { game: Some(game), events: 1 };
        self.games.lock().expect("games").insert(id, Arc::new(Mutex::new(entry)));
        Ok(id)
    }

    /// Takes the open seat of the game with this invite (a seated identity rejoins).
    async fn join(&self, invite: &InviteCode, seat: Seat) -> Result<GameId, HubError> {
        let (id, created) = self.store.game_by_invite(invite.expose()).await?.ok_or(RefereeError::BadInvite)?;
        self.change(id, None, |g, now| {
            let rejoin = g.side_of(&seat.token).is_some();
            // A seated player may still rejoin with an old code; an open seat's code expires.
            if !rejoin && now.saturating_sub(created) > INVITE_LIFETIME {
                return Err(RefereeError::InviteExpired);
            }
            g.join(invite, seat.clone(), now)?;
            Ok(((), (!rejoin).then(|| Event::joined(&seat))))
        })
        .await?;
        Ok(id)
    }

    /// A seated player acts.
    async fn act(&self, session: u64, token: &Token, id: GameId, act: &Act) -> Result<Acted, HubError> {
        self.change(id, Some(session), |g, now| {
            let side = g.side_of(token).ok_or(RefereeError::NotSeated)?;
            // A repeated Ready or draw offer is acknowledged, but changes, stores and tells
            // nothing.
            let standing = |g: &ServerGame| (g.clock().clone(), g.draw_offer(), g.phase());
            let before = standing(g);
            let acted = g.act(token, act, now)?;
            let repeated = matches!(act, Act::Ready | Act::OfferDraw) && standing(g) == before;
            let event = if repeated { None } else { acted.event(side, act) };
            Ok((acted, event))
        })
        .await
    }

    /// Ends the games whose running side's time is out (the timer calls this); returns how many.
    pub async fn tick(&self) -> usize {
        let games: Vec<(GameId, Shared)> =
            self.games.lock().expect("games").iter().map(|(id, g)| (*id, g.clone())).collect();
        let mut ended = 0;
        for (id, shared) in games {
            // A game being changed right now is judged on time by that change.
            let running = shared.try_lock().is_ok_and(|entry| {
                entry.game.as_ref().is_some_and(|g| g.result().is_none() && g.clock().flagged(self.now()).is_some())
            });
            if running && self.change(id, None, |_, _| Ok(((), None))).await.is_ok() {
                ended += 1;
            }
        }
        ended
    }

    /// Takes in an event another server stored (its notice): applied at once when it is the
    /// next one and came with the notice, read from the store when events were missed, ignored
    /// when this copy has it; the game's readers here are told.
    ///
    /// # Errors
    /// The database failed, or the event does not fit the game.
    pub async fn noticed(&self, id: GameId, seq: u64, event: Option<(Millis, String)>) -> Result<(), HubError> {
        let Some(shared) = self.games.lock().expect("games").get(&id).cloned() else { return Ok(()) };
        let mut entry = shared.lock().await;
        if entry.game.is_none() || entry.events > seq {
            return Ok(());
        }
        match event {
            Some((at, text)) if entry.events == seq => apply_logged(id, &mut entry, seq, at, &text)?,
            _ => self.catch_up(id, &mut entry).await?,
        }
        drop(entry);
        self.announce(id, None);
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
            let mut next = entry.game.clone().ok_or(RefereeError::UnknownGame(id))?;
            let (event, value) = if next.tick(now) {
                (Event::TimedOut, None)
            } else {
                match f(&mut next, now) {
                    Ok((value, None)) => return Ok(value),
                    Ok((value, Some(event))) => (event, Some(value)),
                    // Refused here: with other servers sharing the store, the game may have moved
                    // on there (a move this client saw through another server); judge again.
                    Err(e) => {
                        let before = entry.events;
                        if self.store.backend() == Backend::Postgres {
                            self.catch_up(id, &mut entry).await?;
                        }
                        if entry.events == before {
                            return Err(e.into());
                        }
                        continue;
                    }
                }
            };
            let storing = std::time::Instant::now();
            let stored = self.store.append(id, entry.events, now, &event).await?;
            self.metrics.stored(storing.elapsed());
            if !stored {
                self.catch_up(id, &mut entry).await?;
                continue;
            }
            entry.events += 1;
            entry.game = Some(next);
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
            entry.game = Some(replay(id, log.iter().map(|(seq, at, text)| (*seq, *at, text.as_str())))?);
        }
        drop(entry);
        Ok(shared)
    }

    /// The game's state for the session, which now hears of its changes.
    async fn read(&self, session: &mut Session, id: GameId) -> Result<Vec<ServerMessage>, HubError> {
        let token = session.token().ok_or(RefereeError::NotSeated)?.clone();
        let shared = self.entry(id).await?;
        let state = {
            let entry = shared.lock().await;
            self.state(entry.game.as_ref().ok_or(RefereeError::UnknownGame(id))?, &token)?
        };
        if let Some(outbox) = &session.outbox
            && session.watching.insert(id)
        {
            self.watchers.lock().expect("watchers").entry(id).or_default().insert(session.id, outbox.clone());
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

    /// The identity's games in the lobby's four groups.
    async fn lobby(&self, token: &Token) -> Result<Vec<ServerMessage>, HubError> {
        let mut games = Vec::new();
        for id in self.store.games_of(token).await? {
            let shared = self.entry(id).await?;
            let entry = shared.lock().await;
            let mut g = entry.game.clone().ok_or(RefereeError::UnknownGame(id))?;
            g.tick(self.now());
            games.push(g);
        }
        Ok(vec![ServerMessage::Lobby(lobby_list(&games, token))])
    }

    /// Tells the game's readers (but the actor, who has its replies) that it changed.
    fn announce(&self, id: GameId, actor: Option<u64>) {
        let watchers = self.watchers.lock().expect("watchers");
        for (session, outbox) in watchers.get(&id).into_iter().flatten() {
            if Some(*session) != actor && outbox.changes.try_send(id).is_err() {
                outbox.behind.store(true, Ordering::Relaxed);
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
    let token = Token::parse(token)?;
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
