//! A game as the server referees it: the variant, seats bound to identity tokens, the invite
//! code, the rules' [`Game`], the match clock, the draw offer and the result. Every request names
//! the identity making it and the server's `now`; a refused request changes nothing. The words
//! it is judged in ([`Side`], [`Phase`], [`GameResult`], [`RefereeError`], …) are the protocol's,
//! from `surface-chess-online`.

use rand::{CryptoRng, RngExt};
use surface_chess_online::identity::{InviteCode, Name, Token};
use surface_chess_rules::{Color, EndReason, Game, GameError, Variant};

use crate::clock::{Clock, ClockSpec, Millis};

/// A game's words (its number, sides, phase, result, refusals): `surface_chess_online::game`,
/// re-exported so that `surface_chess_server::game::Side` (and the rest) keep working.
pub use surface_chess_online::game::*;

/// What a creator asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NewGame {
    /// The variant.
    pub variant: Variant,
    /// The creator's side.
    pub side: SideChoice,
    /// The clock (validated on creation).
    pub clock: ClockSpec,
    /// Whether anyone, seated or not, may read the game (an exhibition); off by default.
    pub spectators: bool,
}

/// A seat: the identity holding it and the name chosen when it was filled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seat {
    /// Who holds the seat.
    pub token: Token,
    /// The name shown for it.
    pub name: Name,
}

/// An accepted move, or the acknowledgement of one resent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// The move's ply (0 = White's first move).
    pub ply: usize,
    /// The move in the rules' long (or technical) notation.
    pub notation: String,
    /// The move had already been accepted: this is the acknowledgement again, nothing played.
    pub duplicate: bool,
}

/// A game on the server.
#[derive(Clone, Debug)]
pub struct ServerGame {
    id: GameId,
    settings: NewGame,
    creator: Color,
    seats: [Option<Seat>; 2],
    invite_digest: String,
    invite: Option<InviteCode>,
    game: Game,
    /// The moves played, in the rules' notation, and the current position's text: kept as the
    /// game changes, since every state sent carries them.
    moves: Vec<String>,
    position: String,
    clock: Clock,
    draw_offer: Option<Color>,
    result: Option<GameResult>,
    rematch_offer: Option<Color>,
    rematch: Option<GameId>,
}

/// What a change to a game may alter, kept so that a change that is not stored can be taken
/// back ([`ServerGame::take_back`]): everything but the history, which a change only adds to.
#[derive(Debug)]
pub struct Before {
    plies: usize,
    over: bool,
    seats: [Option<Seat>; 2],
    clock: Clock,
    draw_offer: Option<Color>,
    result: Option<GameResult>,
    rematch_offer: Option<Color>,
    rematch: Option<GameId>,
}

/// What a request for a rematch did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RematchStep {
    /// The offer stands (made now, or again).
    Offered,
    /// The opponent had offered: the rematch is to be created.
    Accepted,
    /// The rematch is this game already.
    Played(GameId),
}

impl Before {
    /// The result the game had.
    pub fn result(&self) -> Option<GameResult> {
        self.result
    }
}

impl ServerGame {
    /// A new game with its creator seated: the clock validated, Random resolved once and the
    /// invite code drawn from `rng`.
    ///
    /// # Errors
    /// A clock outside the contract.
    pub fn create(
        id: GameId,
        settings: NewGame,
        creator: Seat,
        rng: &mut (impl CryptoRng + ?Sized),
    ) -> Result<ServerGame, RefereeError> {
        let side = match settings.side {
            SideChoice::White => Color::White,
            SideChoice::Black => Color::Black,
            SideChoice::Random => {
                if rng.random::<bool>() {
                    Color::White
                } else {
                    Color::Black
                }
            }
        };
        let invite = InviteCode::generate(rng);
        let mut game = ServerGame::restore(id, settings, side, creator, invite.digest())?;
        game.invite = Some(invite);
        Ok(game)
    }

    /// A game as created before, from what its creation stored: the creator's side already
    /// resolved and the invite code's digest.
    ///
    /// # Errors
    /// A clock outside the contract.
    pub fn restore(
        id: GameId,
        settings: NewGame,
        side: Color,
        creator: Seat,
        invite_digest: String,
    ) -> Result<ServerGame, RefereeError> {
        let clock = settings.clock.validate()?;
        let mut seats = [None, None];
        seats[side.index()] = Some(creator);
        let game = Game::new(settings.variant);
        Ok(ServerGame {
            id,
            settings: NewGame { clock, ..settings },
            creator: side,
            seats,
            invite_digest,
            invite: None,
            position: game.position().to_text(),
            game,
            moves: Vec::new(),
            clock: Clock::new(clock),
            draw_offer: None,
            result: None,
            rematch_offer: None,
            rematch: None,
        })
    }

    /// The game's number.
    pub fn id(&self) -> GameId {
        self.id
    }

    /// Gives the game its number (the database's, once stored).
    pub fn renumber(&mut self, id: GameId) {
        self.id = id;
    }

    /// The settings it was created with (Random as asked; see [`ServerGame::creator_side`]).
    pub fn settings(&self) -> NewGame {
        self.settings
    }

    /// The variant.
    pub fn variant(&self) -> Variant {
        self.settings.variant
    }

    /// The creator's side, Random resolved.
    pub fn creator_side(&self) -> Color {
        self.creator
    }

    /// The invite code, known only where the game was created (and while it is in memory there):
    /// the store keeps its digest alone.
    pub fn invite(&self) -> Option<&InviteCode> {
        self.invite.as_ref()
    }

    /// The invite code's digest ([`InviteCode::digest`]).
    pub fn invite_digest(&self) -> &str {
        &self.invite_digest
    }

    /// A seat.
    pub fn seat(&self, side: Color) -> Option<&Seat> {
        self.seats[side.index()].as_ref()
    }

    /// The side an identity is seated on.
    pub fn side_of(&self, token: &Token) -> Option<Color> {
        Color::ALL.into_iter().find(|&c| self.seat(c).is_some_and(|s| &s.token == token))
    }

    /// Whether an identity may read the game: seated, or the creator opened it to spectators.
    pub fn can_read(&self, token: &Token) -> bool {
        self.settings.spectators || self.side_of(token).is_some()
    }

    /// The rules' game: position, moves, the rules' outcome.
    pub fn rules_game(&self) -> &Game {
        &self.game
    }

    /// The moves played, each in the rules' notation of the position it was played from.
    pub fn moves(&self) -> &[String] {
        &self.moves
    }

    /// The current position's text ([`surface_chess_rules::Position::to_text`]).
    pub fn position_text(&self) -> &str {
        &self.position
    }

    /// The clock.
    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    /// The side whose draw offer stands.
    pub fn draw_offer(&self) -> Option<Color> {
        self.draw_offer
    }

    /// The result, once over (call [`ServerGame::tick`] first to notice a timeout).
    pub fn result(&self) -> Option<GameResult> {
        self.result
    }

    /// Plies played.
    pub fn plies(&self) -> usize {
        self.game.actions().len()
    }

    /// Where the game stands.
    pub fn phase(&self) -> Phase {
        if self.result.is_some() {
            Phase::Finished
        } else if self.seats.iter().any(Option::is_none) {
            Phase::WaitingForOpponent
        } else if !self.clock.started() {
            Phase::WaitingForReady
        } else {
            Phase::Playing
        }
    }

    /// The game as it stands, to take a change back to (cheap: no copy of the history).
    pub fn before(&self) -> Before {
        // Every field is named, so that a new one is placed here or among the unchanging.
        let ServerGame {
            id: _,
            settings: _,
            creator: _,
            invite_digest: _,
            invite: _,
            game,
            moves: _,
            position: _,
            seats,
            clock,
            draw_offer,
            result,
            rematch_offer,
            rematch,
        } = self;
        Before {
            plies: game.actions().len(),
            over: game.outcome().is_some(),
            seats: seats.clone(),
            clock: clock.clone(),
            draw_offer: *draw_offer,
            result: *result,
            rematch_offer: *rematch_offer,
            rematch: *rematch,
        }
    }

    /// Takes back every change since `before` was taken: moves played, a rules' ending declared,
    /// seats, clock, offers and result.
    pub fn take_back(&mut self, before: Before) {
        let Before { plies, over, seats, clock, draw_offer, result, rematch_offer, rematch } = before;
        // A game the rules had ended cannot have changed since.
        if !over && (self.game.actions().len() != plies || self.game.outcome().is_some()) {
            let moved = self.game.actions().len() != plies;
            self.game.take_back_to(plies);
            if moved {
                self.moves.truncate(plies);
                self.position = self.game.position().to_text();
            }
        }
        self.seats = seats;
        self.clock = clock;
        self.draw_offer = draw_offer;
        self.result = result;
        self.rematch_offer = rematch_offer;
        self.rematch = rematch;
    }

    /// Ends the game on time if the running side's deadline is at or before `now`. Returns
    /// whether it ended now. Every request calls it first; a server also calls it on a timer.
    pub fn tick(&mut self, now: Millis) -> bool {
        if self.result.is_some() {
            return false;
        }
        let Some(loser) = self.clock.flagged(now) else {
            return false;
        };
        self.clock.stop(now);
        self.draw_offer = None;
        self.result = Some(GameResult { winner: Some(!loser), reason: ResultReason::Timeout });
        true
    }

    /// The service was down from `down_since` until `now` (a restart): the running clock is
    /// credited that time ([`Clock::resume`]), unless it ran out before the outage. Returns the
    /// time credited.
    pub fn resume(&mut self, down_since: Millis, now: Millis) -> Millis {
        if self.result.is_some() || self.clock.flagged(down_since).is_some() {
            return 0;
        }
        self.clock.resume(down_since, now)
    }

    /// The friend takes the open seat with the invite code. The identity already seated here is
    /// answered with its side again (a rejoin), whatever the state. A correspondence clock starts
    /// now.
    ///
    /// # Errors
    /// A wrong code, a finished game (cancelled, say), or no open seat.
    pub fn join(&mut self, invite: &InviteCode, seat: Seat, now: Millis) -> Result<Color, RefereeError> {
        if let Some(side) = self.side_of(&seat.token) {
            return Ok(side);
        }
        if invite.digest() != self.invite_digest {
            return Err(RefereeError::BadInvite);
        }
        self.seat_opponent(seat, now)
    }

    /// The friend takes the open seat (the code already checked: a join replayed from the log).
    ///
    /// # Errors
    /// Finished, or both seats taken.
    pub fn seat_opponent(&mut self, seat: Seat, now: Millis) -> Result<Color, RefereeError> {
        if let Some(side) = self.side_of(&seat.token) {
            return Ok(side);
        }
        if let Some(result) = self.result {
            return Err(RefereeError::Finished(result));
        }
        let side = !self.creator;
        if self.seats[side.index()].is_some() {
            return Err(RefereeError::GameFull);
        }
        self.seats[side.index()] = Some(seat);
        if self.clock.spec().is_correspondence() {
            self.clock.start(self.game.position().side_to_move(), now);
        }
        Ok(side)
    }

    /// A seated player presses Ready. When both have, the rapid clock of the side to move (White)
    /// starts; pressing again restarts nothing. Returns whether the clock started now.
    ///
    /// # Errors
    /// Not seated, finished, or the second seat still open.
    pub fn ready(&mut self, token: &Token, now: Millis) -> Result<bool, RefereeError> {
        let side = self.seated(token)?;
        self.open(now)?;
        if self.phase() == Phase::WaitingForOpponent {
            return Err(RefereeError::NotStarted(Phase::WaitingForOpponent));
        }
        Ok(self.clock.press_ready(side, self.game.position().side_to_move(), now))
    }

    /// A seated player moves. `ply` is the number of plies played before this move: the same
    /// move resent for a ply already accepted is acknowledged again (nothing is played twice);
    /// another move for an old ply is refused. The draw offer expires; the increment is added.
    /// A move at or after the mover's deadline loses on time.
    ///
    /// # Errors
    /// Not seated, finished (time included), not started, not your turn, a wrong ply, or a move
    /// the rules refuse (with the rules' reason). Nothing changes, except that a passed deadline
    /// ends the game.
    pub fn play(&mut self, token: &Token, ply: usize, text: &str, now: Millis) -> Result<Played, RefereeError> {
        let side = self.seated(token)?;
        self.tick(now);
        let current = self.plies();
        if ply < current {
            return self.resent(side, ply, text);
        }
        self.open(now)?;
        if self.phase() != Phase::Playing {
            return Err(RefereeError::NotStarted(self.phase()));
        }
        let to_move = self.game.position().side_to_move();
        if to_move != side {
            return Err(RefereeError::NotYourTurn(to_move));
        }
        if ply > current {
            return Err(RefereeError::PlyAhead { sent: ply, current });
        }
        let position = self.game.position();
        let action = position.parse_action(text).map_err(|e| RefereeError::Illegal(e.to_string()))?;
        let notation = position.notation(action);
        let mut clock = self.clock.clone();
        clock.moved(side, now).map_err(|_| RefereeError::NotYourTurn(to_move))?;
        // The rules change nothing when they refuse.
        if let Err(e) = self.game.play(action) {
            return Err(match e {
                GameError::Illegal(e) => {
                    RefereeError::Illegal(format!("{} is not legal here", self.game.position().notation(e.action)))
                }
                other => RefereeError::Illegal(other.to_string()),
            });
        }
        self.clock = clock;
        self.moves.push(notation.clone());
        self.position = self.game.position().to_text();
        self.draw_offer = None;
        if let Some(outcome) = self.game.outcome() {
            self.finish(GameResult { winner: outcome.winner, reason: ResultReason::Rules(outcome.reason) }, now);
        }
        Ok(Played { ply, notation, duplicate: false })
    }

    /// A seated player offers a draw; it stands until either side moves. Offering again is
    /// acknowledged.
    ///
    /// # Errors
    /// Not seated, finished, not started, or the opponent's offer is waiting for an answer.
    pub fn offer_draw(&mut self, token: &Token, now: Millis) -> Result<(), RefereeError> {
        let side = self.seated(token)?;
        self.playing(now)?;
        match self.draw_offer {
            Some(by) if by == side => Ok(()),
            Some(by) => Err(RefereeError::DrawOfferPending(by)),
            None => {
                self.draw_offer = Some(side);
                Ok(())
            }
        }
    }

    /// The opponent of the player who offered accepts: a draw by agreement.
    ///
    /// # Errors
    /// Not seated, finished, not started, no offer, or the offerer's own offer.
    pub fn accept_draw(&mut self, token: &Token, now: Millis) -> Result<GameResult, RefereeError> {
        let side = self.seated(token)?;
        self.playing(now)?;
        match self.draw_offer {
            None => Err(RefereeError::NoDrawOffer),
            Some(by) if by == side => Err(RefereeError::OwnDrawOffer),
            Some(_) => {
                self.game.agree_draw().map_err(|e| RefereeError::Illegal(e.to_string()))?;
                let result = GameResult { winner: None, reason: ResultReason::Rules(EndReason::Agreement) };
                self.finish(result, now);
                Ok(result)
            }
        }
    }

    /// A seated player resigns (once both seats are filled, whoever is to move).
    ///
    /// # Errors
    /// Not seated, finished, or the second seat still open.
    pub fn resign(&mut self, token: &Token, now: Millis) -> Result<GameResult, RefereeError> {
        let side = self.seated(token)?;
        self.open(now)?;
        if self.phase() == Phase::WaitingForOpponent {
            return Err(RefereeError::NotStarted(Phase::WaitingForOpponent));
        }
        self.game.resign(side).map_err(|e| RefereeError::Illegal(e.to_string()))?;
        let result = GameResult { winner: Some(!side), reason: ResultReason::Rules(EndReason::Resignation) };
        self.finish(result, now);
        Ok(result)
    }

    /// A seated player claims the draw the rules allow now (threefold repetition or the 50-move
    /// rule, on the variants with claims).
    ///
    /// # Errors
    /// Not seated, finished, not started, or nothing to claim (the rules' words).
    pub fn claim_draw(&mut self, token: &Token, now: Millis) -> Result<GameResult, RefereeError> {
        self.seated(token)?;
        self.playing(now)?;
        let reason = self.game.claim_draw().map_err(|_| RefereeError::NoClaim)?;
        let result = GameResult { winner: None, reason: ResultReason::Rules(reason) };
        self.finish(result, now);
        Ok(result)
    }

    /// A seated player cancels a game in which no move has been played (an invite nobody took,
    /// a Ready that never came): it ends with no winner, reason `aborted`.
    ///
    /// # Errors
    /// Not seated, finished, or a move already played.
    pub fn abort(&mut self, token: &Token, now: Millis) -> Result<GameResult, RefereeError> {
        self.seated(token)?;
        self.open(now)?;
        if self.plies() > 0 {
            return Err(RefereeError::MovesPlayed);
        }
        let result = GameResult { winner: None, reason: ResultReason::Aborted };
        self.finish(result, now);
        Ok(result)
    }

    /// The side whose rematch offer stands.
    pub fn rematch_offer(&self) -> Option<Color> {
        self.rematch_offer
    }

    /// The rematch's number, once created.
    pub fn rematch(&self) -> Option<GameId> {
        self.rematch
    }

    /// A seated player of a finished game asks for a rematch: an offer, the acceptance of the
    /// opponent's, or (once created) the rematch's number again.
    ///
    /// # Errors
    /// Not seated, or the game not over.
    pub fn ask_rematch(&mut self, token: &Token) -> Result<RematchStep, RefereeError> {
        let side = self.seated(token)?;
        if self.result.is_none() {
            return Err(RefereeError::NotOver);
        }
        if let Some(id) = self.rematch {
            return Ok(RematchStep::Played(id));
        }
        match self.rematch_offer {
            Some(by) if by != side => Ok(RematchStep::Accepted),
            _ => {
                self.rematch_offer = Some(side);
                Ok(RematchStep::Offered)
            }
        }
    }

    /// The rematch was created as game `id` (once).
    ///
    /// # Errors
    /// Not over, or no offer to accept, or a rematch already.
    pub fn rematched(&mut self, id: GameId) -> Result<(), RefereeError> {
        if self.result.is_none() {
            return Err(RefereeError::NotOver);
        }
        match (self.rematch, self.rematch_offer) {
            (None, Some(_)) => {
                self.rematch = Some(id);
                self.rematch_offer = None;
                Ok(())
            }
            (Some(other), _) => Err(RefereeError::Illegal(format!("the rematch is already game {other}"))),
            (None, None) => Err(RefereeError::Illegal("no rematch was offered".into())),
        }
    }

    fn seated(&self, token: &Token) -> Result<Color, RefereeError> {
        self.side_of(token).ok_or(RefereeError::NotSeated)
    }

    /// Notices a timeout, then refuses a finished game.
    fn open(&mut self, now: Millis) -> Result<(), RefereeError> {
        self.tick(now);
        match self.result {
            Some(r) => Err(RefereeError::Finished(r)),
            None => Ok(()),
        }
    }

    fn playing(&mut self, now: Millis) -> Result<(), RefereeError> {
        self.open(now)?;
        match self.phase() {
            Phase::Playing => Ok(()),
            phase => Err(RefereeError::NotStarted(phase)),
        }
    }

    fn finish(&mut self, result: GameResult, now: Millis) {
        self.clock.stop(now);
        self.draw_offer = None;
        self.result = Some(result);
    }

    /// A move sent for a ply already played: acknowledged if it is the move played there by this
    /// side, refused as out of date otherwise.
    fn resent(&self, side: Color, ply: usize, text: &str) -> Result<Played, RefereeError> {
        let stale = RefereeError::StalePly { sent: ply, current: self.plies() };
        let Some(position) = self.game.position_at(ply) else {
            return Err(stale);
        };
        let played = self.game.actions()[ply];
        match position.parse_action(text) {
            Ok(action) if action == played && position.side_to_move() == side => {
                Ok(Played { ply, notation: position.notation(action), duplicate: true })
            }
            _ => Err(stale),
        }
    }
}
