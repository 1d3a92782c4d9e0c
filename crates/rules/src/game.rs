//! A game: its starting position, the actions played, repetition counts and the result, decided in
//! the rules' order (mate, stalemate, material, repetition, move count).

use crate::action::{Action, ActionKind};
use crate::complex::Cell;
use crate::piece::{Color, Role};
use crate::position::{CastlingRights, IllegalAction, MAX_CELLS, Position};
use crate::variant::{MaterialRule, Variant};
use std::collections::HashMap;
use std::fmt;

/// The repetition key: placement (with pawn fields), side to move, castling rights, and the
/// en-passant middle and victim only when the player to move has a legal en-passant capture.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PositionKey {
    variant: Variant,
    squares: [u8; MAX_CELLS],
    side: Color,
    castling: CastlingRights,
    ep: Option<(Cell, Cell)>,
}

impl Position {
    /// The position's repetition key.
    pub fn key(&self) -> PositionKey {
        let ep = self.ep.filter(|_| self.has_legal_en_passant()).map(|t| (t.middle, t.destination));
        PositionKey { variant: self.variant(), squares: self.squares, side: self.side, castling: self.castling, ep }
    }

    fn has_legal_en_passant(&self) -> bool {
        self.legal_actions().iter().any(|a| matches!(a.kind, ActionKind::EnPassant { .. }))
    }

    /// Whether only the two kings remain.
    pub fn bare_kings(&self) -> bool {
        self.occupied[0].len() == 1 && self.occupied[1].len() == 1
    }

    /// Ordinary chess's insufficient material: bare kings, a single minor piece, or only bishops
    /// all on one colour of the flat board.
    pub fn insufficient_material(&self) -> bool {
        let shade = |c: Cell| {
            let at = self.complex().coord(c);
            (at.file + at.rank) % 2
        };
        let (mut minors, mut knight) = (0, false);
        let mut shades = [false; 2];
        for (c, piece) in self.pieces() {
            match piece.role() {
                Role::King => {}
                Role::Knight => {
                    minors += 1;
                    knight = true;
                }
                Role::Bishop => {
                    minors += 1;
                    shades[usize::from(shade(c))] = true;
                }
                Role::Pawn | Role::Rook | Role::Queen => return false,
            }
        }
        // Two minor pieces or more: dead only as bishops all on one shade.
        let one_shade = !(shades[0] && shades[1]);
        minors <= 1 || (!knight && one_shade)
    }
}

/// The draw by material that the rules declare at once, if any: bare kings on every board, and on
/// `chess` also insufficient material. Games and the search both ask this.
pub fn material_draw(p: &Position) -> Option<EndReason> {
    match p.rules().endings.material {
        MaterialRule::Never => None,
        _ if p.bare_kings() => Some(EndReason::BareKings),
        MaterialRule::Insufficient if p.insufficient_material() => Some(EndReason::InsufficientMaterial),
        _ => None,
    }
}

/// Whether the position has reached the automatic halfmove limit (a draw unless it is mate).
pub fn move_limit_reached(p: &Position) -> bool {
    p.halfmove() >= p.rules().endings.halfmove_draw
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// The player to move is checked and has no legal action.
    Checkmate,
    /// The player to move is not checked and has no legal action.
    Stalemate,
    /// Only the two kings remain.
    BareKings,
    /// Ordinary chess: neither side can mate.
    InsufficientMaterial,
    /// A position key occurred for the fifth time.
    FivefoldRepetition,
    /// 150 consecutive halfmoves without a pawn move or capture.
    MoveLimit,
    /// A player claimed a threefold repetition (Endless and chess).
    ThreefoldClaim,
    /// A player claimed 50 moves without pawn move or capture (Endless and chess).
    FiftyMoveClaim,
    /// The players agreed a draw.
    Agreement,
    /// A player resigned.
    Resignation,
}

impl EndReason {
    /// All reasons.
    pub const ALL: [EndReason; 10] = [
        EndReason::Checkmate,
        EndReason::Stalemate,
        EndReason::BareKings,
        EndReason::InsufficientMaterial,
        EndReason::FivefoldRepetition,
        EndReason::MoveLimit,
        EndReason::ThreefoldClaim,
        EndReason::FiftyMoveClaim,
        EndReason::Agreement,
        EndReason::Resignation,
    ];

    /// A stable lower-case name, used in records.
    pub const fn name(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::BareKings => "bare kings",
            EndReason::InsufficientMaterial => "insufficient material",
            EndReason::FivefoldRepetition => "fivefold repetition",
            EndReason::MoveLimit => "150 halfmoves",
            EndReason::ThreefoldClaim => "threefold repetition claimed",
            EndReason::FiftyMoveClaim => "50 moves claimed",
            EndReason::Agreement => "agreement",
            EndReason::Resignation => "resignation",
        }
    }
}

/// A finished game's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The winner, or `None` for a draw.
    pub winner: Option<Color>,
    /// Why the game ended.
    pub reason: EndReason,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner {
            Some(c) => write!(f, "{} wins by {}", c.name(), self.reason.name()),
            None => write!(f, "draw by {}", self.reason.name()),
        }
    }
}

/// Why a game refuses a request.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// The game has already ended.
    #[error("the game is over ({0})")]
    Over(Outcome),
    /// The action is not legal in the current position.
    #[error(transparent)]
    Illegal(IllegalAction),
    /// No draw can be claimed now (or the variant has no claims).
    #[error("no draw can be claimed in this position")]
    NoClaim,
    /// Exploring has no result to resign, agree or claim.
    #[error("exploring has no result: switch the rules on to play a game")]
    Exploring,
}

/// Where a game started.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    /// The variant's initial position.
    Initial,
    /// An edited setup, with its label; it does not claim to have occurred in a game.
    Edited {
        /// The setup's label (provenance).
        label: String,
    },
}

/// A game in progress or finished; or, exploring, a history of explore-mode moves
/// ([`Position::explore`]) with no turn, check or result.
///
/// Positions and repetition keys are kept boxed: growing a game's history then copies pointers,
/// not boards. A server holds thousands of games that reach the same length together (a round
/// started at once, a load test), and with the boards inline every one of them copied its whole
/// history at the same ply (34 KB a game at the 33rd position), which stalled the server.
#[derive(Clone, Debug)]
pub struct Game {
    start: Start,
    #[allow(clippy::vec_box, reason = "boxed on purpose: see the type's comment")]
    positions: Vec<Box<Position>>,
    actions: Vec<Action>,
    counts: HashMap<Box<PositionKey>, u32>,
    outcome: Option<Outcome>,
    exploring: bool,
}

impl Game {
    /// A new game from the variant's initial position.
    pub fn new(variant: Variant) -> Game {
        Game::from_position(Position::new(variant), Start::Initial)
    }

    /// A new game from a position; the position counts once for repetition. Setup mode begins a
    /// new history.
    pub fn from_position(position: Position, start: Start) -> Game {
        let mut game = Game {
            start,
            positions: vec![Box::new(position)],
            actions: Vec::new(),
            counts: HashMap::new(),
            outcome: None,
            exploring: false,
        };
        game.record_current();
        game
    }

    /// Exploring from a position: any piece moves, no turn, check or result.
    pub fn explore_from(position: Position, start: Start) -> Game {
        Game { exploring: true, outcome: None, ..Game::from_position(position, start) }
    }

    /// The board as it opens: exploring where the variant has no agreed start, else a game.
    pub fn opening(variant: Variant) -> Game {
        if variant.spec().opening.explores() {
            Game::explore_from(Position::new(variant), Start::Initial)
        } else {
            Game::new(variant)
        }
    }

    /// Whether this is exploring rather than a game.
    pub fn is_exploring(&self) -> bool {
        self.exploring
    }

    /// Where the game started.
    pub fn start(&self) -> &Start {
        &self.start
    }

    /// The starting position.
    pub fn initial(&self) -> &Position {
        &self.positions[0]
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.positions.last().expect("a game has a position")
    }

    /// The position after `ply` actions (0 = start), if that many were played.
    pub fn position_at(&self, ply: usize) -> Option<&Position> {
        self.positions.get(ply).map(|p| &**p)
    }

    /// The actions played.
    pub fn actions(&self) -> &[Action] {
        &self.actions
    }

    /// The result, once the game has ended.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// How often the current position's key has occurred.
    pub fn repetitions(&self) -> u32 {
        self.counts.get(&self.position().key()).copied().unwrap_or(0)
    }

    /// The notation of every action played, each in the position it was played from.
    pub fn notations(&self) -> Vec<String> {
        let write = |p: &Position, a| if self.exploring { p.explore_notation(a) } else { p.notation(a) };
        self.actions.iter().zip(&self.positions).map(|(&a, p)| write(p, a)).collect()
    }

    /// Plays an action and decides whether the game has ended; exploring, plays it in explore
    /// mode.
    pub fn play(&mut self, action: Action) -> Result<(), GameError> {
        if self.exploring {
            let next = self.position().explore(action).map_err(GameError::Illegal)?;
            self.positions.push(Box::new(next));
            self.actions.push(action);
            return Ok(());
        }
        if let Some(o) = self.outcome {
            return Err(GameError::Over(o));
        }
        let next = self.position().play(action).map_err(GameError::Illegal)?;
        self.positions.push(Box::new(next));
        self.actions.push(action);
        self.record_current();
        Ok(())
    }

    /// Takes back every action after the first `plies`, and any ending declared since (a
    /// resignation, an agreed or claimed draw): the game is as it stood when its `plies`-th action
    /// had just been played. Nothing changes when it has `plies` actions or fewer and no declared
    /// ending.
    pub fn take_back_to(&mut self, plies: usize) {
        while self.actions.len() > plies {
            let key = self.position().key();
            if let Some(n) = self.counts.get_mut(&key) {
                *n -= 1;
                if *n == 0 {
                    self.counts.remove(&key);
                }
            }
            self.positions.pop();
            self.actions.pop();
        }
        self.outcome = if self.exploring { None } else { automatic_ending(self.position(), self.repetitions()) };
    }

    /// The player-exchange image of the whole game: the starting position and every action mapped
    /// by Φ in their original order, the result's winner exchanged.
    pub fn exchanged(&self) -> Game {
        let rules = self.initial().rules();
        let label = match &self.start {
            Start::Initial => "player exchange of the initial position".to_owned(),
            Start::Edited { label } => format!("player exchange of: {label}"),
        };
        let mut game = Game::from_position(self.initial().exchanged(), Start::Edited { label });
        game.exploring = self.exploring;
        if game.exploring {
            game.outcome = None;
        }
        for &a in &self.actions {
            game.play(a.exchanged(rules)).expect("Φ maps legal actions to legal actions");
        }
        if game.outcome.is_none() {
            game.outcome = self.outcome.map(|o| Outcome { winner: o.winner.map(|c| !c), reason: o.reason });
        }
        game
    }

    /// The player to move resigns.
    pub fn resign(&mut self, loser: Color) -> Result<(), GameError> {
        self.finish(Outcome { winner: Some(!loser), reason: EndReason::Resignation })
    }

    /// The players agree a draw.
    pub fn agree_draw(&mut self) -> Result<(), GameError> {
        self.finish(Outcome { winner: None, reason: EndReason::Agreement })
    }

    /// The claimable draw available now, if the variant has claims.
    pub fn claimable(&self) -> Option<EndReason> {
        let claims = self.position().rules().endings.claims?;
        if self.repetitions() >= claims.repetition {
            Some(EndReason::ThreefoldClaim)
        } else if self.position().halfmove() >= claims.halfmoves {
            Some(EndReason::FiftyMoveClaim)
        } else {
            None
        }
    }

    /// Claims a draw (threefold repetition or 50 moves) where the variant allows it.
    pub fn claim_draw(&mut self) -> Result<EndReason, GameError> {
        if self.exploring {
            return Err(GameError::Exploring);
        }
        if let Some(o) = self.outcome {
            return Err(GameError::Over(o));
        }
        let reason = self.claimable().ok_or(GameError::NoClaim)?;
        self.finish(Outcome { winner: None, reason })?;
        Ok(reason)
    }

    fn finish(&mut self, outcome: Outcome) -> Result<(), GameError> {
        if self.exploring {
            return Err(GameError::Exploring);
        }
        if let Some(o) = self.outcome {
            return Err(GameError::Over(o));
        }
        self.outcome = Some(outcome);
        Ok(())
    }

    fn record_current(&mut self) {
        let key = self.position().key();
        let count = match self.counts.get_mut(&key) {
            Some(n) => {
                *n += 1;
                *n
            }
            None => {
                self.counts.insert(Box::new(key), 1);
                1
            }
        };
        self.outcome = automatic_ending(self.position(), count);
    }
}

/// The automatic result of a position whose key has now occurred `count` times, in the rules'
/// order: mate, stalemate, material, repetition, halfmove limit.
pub fn automatic_ending(p: &Position, count: u32) -> Option<Outcome> {
    let endings = p.rules().endings;
    let draw = |reason| Some(Outcome { winner: None, reason });
    if !p.has_legal_action() {
        return if p.is_check() {
            Some(Outcome { winner: Some(!p.side_to_move()), reason: EndReason::Checkmate })
        } else {
            draw(EndReason::Stalemate)
        };
    }
    if let Some(reason) = material_draw(p) {
        return draw(reason);
    }
    if count >= endings.repetition_draw {
        return draw(EndReason::FivefoldRepetition);
    }
    if move_limit_reached(p) {
        return draw(EndReason::MoveLimit);
    }
    None
}
