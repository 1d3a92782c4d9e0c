//! The state of a game between moves, and playing actions on it.

use crate::action::{Action, ActionKind};
use crate::bits::Bits;
use crate::complex::{Cell, Complex};
use crate::piece::{Color, Facing, Piece, Role};
use crate::variant::{CastleSide, Variant, VariantRules};
use std::fmt;

/// The most cells any board has.
pub const MAX_CELLS: usize = 256;

/// Castling rights: one flag per colour and side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CastlingRights(u8);

impl CastlingRights {
    /// No rights.
    pub const NONE: CastlingRights = CastlingRights(0);
    /// All four rights.
    pub const ALL: CastlingRights = CastlingRights(0b1111);

    const fn bit(color: Color, side: CastleSide) -> u8 {
        1 << (color as u8 * 2 + side as u8)
    }

    /// Whether `color` may still castle on `side`.
    pub const fn has(self, color: Color, side: CastleSide) -> bool {
        self.0 & CastlingRights::bit(color, side) != 0
    }

    /// These rights with one flag set or cleared.
    pub const fn with(self, color: Color, side: CastleSide, on: bool) -> CastlingRights {
        let bit = CastlingRights::bit(color, side);
        CastlingRights(if on { self.0 | bit } else { self.0 & !bit })
    }

    /// These rights without those of `other`.
    pub(crate) const fn without(self, other: CastlingRights) -> CastlingRights {
        CastlingRights(self.0 & !other.0)
    }

    /// True when no right remains.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
}

/// The record left by a double step for the opponent's next turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EpTrace {
    /// The player who made the double step.
    pub owner: Color,
    /// Where the pawn started.
    pub source: Cell,
    /// The cell it passed: where an en-passant capturer lands.
    pub middle: Cell,
    /// Where the pawn stands: the pawn removed by en passant.
    pub destination: Cell,
    /// The pawn's facing on arrival.
    pub facing: Facing,
}

/// A position: placement, side to move, castling rights, en-passant trace and counters.
/// Positions made by this crate are always legal for their variant.
#[derive(Clone)]
pub struct Position {
    pub(crate) rules: &'static VariantRules,
    pub(crate) squares: [u8; MAX_CELLS],
    pub(crate) occupied: [Bits; 2],
    /// Both colours' sliders by the rays they attack along: rooks and queens (index 0, the
    /// cardinal directions 0..4), bishops and queens (index 1, the diagonals 4..8).
    pub(crate) sliders: [Bits; 2],
    /// Both colours' knights.
    pub(crate) knights: Bits,
    /// Both colours' pawns by facing (up, down).
    pub(crate) pawns: [Bits; 2],
    /// The pieces with the unused mark (pawns with their double step; on the three-level boards
    /// every never-moved piece).
    pub(crate) unused: Bits,
    pub(crate) kings: [Cell; 2],
    pub(crate) side: Color,
    pub(crate) castling: CastlingRights,
    pub(crate) ep: Option<EpTrace>,
    pub(crate) halfmove: u32,
    pub(crate) ply: u32,
}

/// Why an action cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("illegal action {action:?}")]
pub struct IllegalAction {
    /// The action refused.
    pub action: Action,
}

impl Position {
    /// The variant's initial position.
    pub fn new(variant: Variant) -> Position {
        let rules = variant.rules();
        let castling = if rules.castling.is_some() { CastlingRights::ALL } else { CastlingRights::NONE };
        Position::from_parts(rules, &rules.setup, Color::White, castling, None, 0, 0)
    }

    /// Assembles a position from its fields without checking legality (crate use: setups check).
    pub(crate) fn from_parts(
        rules: &'static VariantRules,
        placement: &[(Cell, Piece)],
        side: Color,
        castling: CastlingRights,
        ep: Option<EpTrace>,
        halfmove: u32,
        ply: u32,
    ) -> Position {
        let mut p = Position {
            rules,
            squares: [0; MAX_CELLS],
            occupied: [Bits::EMPTY; 2],
            sliders: [Bits::EMPTY; 2],
            knights: Bits::EMPTY,
            pawns: [Bits::EMPTY; 2],
            unused: Bits::EMPTY,
            kings: [Cell(0); 2],
            side,
            castling,
            ep,
            halfmove,
            ply,
        };
        for &(c, piece) in placement {
            p.put(c, piece);
        }
        p
    }

    /// The variant.
    pub fn variant(&self) -> Variant {
        self.rules.variant
    }

    /// The variant's rules and geometry.
    pub fn rules(&self) -> &'static VariantRules {
        self.rules
    }

    /// The board's cell complex.
    pub fn complex(&self) -> &'static Complex {
        &self.rules.complex
    }

    /// The piece on a cell.
    #[inline]
    pub fn piece_at(&self, c: Cell) -> Option<Piece> {
        Piece::from_code(self.squares[c.index()])
    }

    /// All pieces with their cells, in cell order.
    pub fn pieces(&self) -> impl Iterator<Item = (Cell, Piece)> + '_ {
        self.complex().cells().filter_map(|c| self.piece_at(c).map(|p| (c, p)))
    }

    /// The cells occupied by a colour.
    pub fn occupied(&self, color: Color) -> Bits {
        self.occupied[color.index()]
    }

    /// The king's cell.
    pub fn king(&self, color: Color) -> Cell {
        self.kings[color.index()]
    }

    /// The player to move.
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// Castling rights.
    pub fn castling(&self) -> CastlingRights {
        self.castling
    }

    /// The en-passant trace left by the last move, if it was a double step.
    pub fn ep_trace(&self) -> Option<EpTrace> {
        self.ep
    }

    /// Consecutive halfmoves without a pawn move or capture.
    pub fn halfmove(&self) -> u32 {
        self.halfmove
    }

    /// Halfmoves played since the game's start.
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// The full-move number as written in positions: 1 + ply / 2.
    pub fn fullmove(&self) -> u32 {
        1 + self.ply / 2
    }

    #[inline]
    pub(crate) fn put(&mut self, c: Cell, piece: Piece) {
        debug_assert_eq!(self.squares[c.index()], 0, "pieces are put on empty cells");
        self.squares[c.index()] = piece.code();
        self.occupied[piece.color().index()].insert(c);
        if piece.unused() {
            self.unused.insert(c);
        }
        match piece.role() {
            Role::King => self.kings[piece.color().index()] = c,
            Role::Knight => self.knights.insert(c),
            Role::Rook => self.sliders[0].insert(c),
            Role::Bishop => self.sliders[1].insert(c),
            Role::Queen => {
                self.sliders[0].insert(c);
                self.sliders[1].insert(c);
            }
            Role::Pawn => self.pawns[piece.facing().unwrap_or(Facing::Up).index()].insert(c),
        }
    }

    #[inline]
    pub(crate) fn take(&mut self, c: Cell) -> Option<Piece> {
        let piece = self.piece_at(c)?;
        self.squares[c.index()] = 0;
        self.occupied[piece.color().index()].remove(c);
        self.knights.remove(c);
        self.sliders[0].remove(c);
        self.sliders[1].remove(c);
        self.pawns[0].remove(c);
        self.pawns[1].remove(c);
        self.unused.remove(c);
        Some(piece)
    }

    /// Plays a legal action, returning the new position, or the error if it is not legal here.
    pub fn play(&self, action: Action) -> Result<Position, IllegalAction> {
        if !self.is_legal(action) {
            return Err(IllegalAction { action });
        }
        let mut next = self.clone();
        next.play_unchecked(action);
        Ok(next)
    }

    /// Plays an action known to be legal (from this position's legal actions). Never unsafe; an
    /// illegal action leaves a meaningless position.
    pub fn play_unchecked(&mut self, action: Action) {
        let me = self.side;
        let Some(piece) = self.take(action.from) else {
            return;
        };
        let mut captured = self.take(action.to);
        let mut ep = None;
        match action.kind {
            ActionKind::Piece => self.put(action.to, piece.with_unused(false)),
            ActionKind::Pawn { facing, promotion } => self.put(action.to, arrived(me, facing, promotion)),
            ActionKind::DoubleStep { facing, promotion } => {
                self.put(action.to, arrived(me, facing, promotion));
                if promotion.is_none() {
                    let from_facing = piece.facing().unwrap_or(me.home_facing());
                    if let Some((middle, _, _)) = self.rules.tables.pawn(action.from, from_facing).double {
                        ep = Some(EpTrace { owner: me, source: action.from, middle, destination: action.to, facing });
                    }
                }
            }
            ActionKind::EnPassant { facing, promotion } => {
                if let Some(trace) = self.ep {
                    captured = self.take(trace.destination);
                }
                self.put(action.to, arrived(me, facing, promotion));
            }
            ActionKind::Castle(side) => {
                self.put(action.to, piece.with_unused(false));
                if let Some(spec) = self.rules.castle(me, side)
                    && let Some(rook) = self.take(spec.rook_from)
                {
                    self.put(self.rules.castled_rook(spec, action.to), rook.with_unused(false));
                }
            }
        }
        if !self.castling.is_empty() {
            if piece.role() == Role::King {
                for side in CastleSide::ALL {
                    self.castling = self.castling.with(me, side, false);
                }
            }
            let rooks = &self.rules.rook_rights;
            self.castling = self.castling.without(rooks[action.from.index()]).without(rooks[action.to.index()]);
        }
        self.ep = ep;
        if piece.role() == Role::Pawn || captured.is_some() {
            self.halfmove = 0;
        } else {
            self.halfmove = self.halfmove.saturating_add(1);
        }
        self.ply = self.ply.saturating_add(1);
        self.side = !me;
    }

    /// The player-exchange image Φ(self): colours swapped, cells mapped by Φ, pawn facings reversed,
    /// side to move and rights exchanged, counters kept.
    pub fn exchanged(&self) -> Position {
        let phi = |c: Cell| self.rules.exchange(c);
        let placement: Vec<(Cell, Piece)> = self
            .pieces()
            .map(|(c, p)| {
                let image = match p.facing() {
                    Some(f) => Piece::pawn(!p.color(), f.reversed(), p.unused()),
                    None => Piece::new(!p.color(), p.role()).with_unused(p.unused()),
                };
                (phi(c), image)
            })
            .collect();
        let mut castling = CastlingRights::NONE;
        for color in Color::ALL {
            for side in CastleSide::ALL {
                castling = castling.with(!color, side, self.castling.has(color, side));
            }
        }
        let ep = self.ep.map(|t| EpTrace {
            owner: !t.owner,
            source: phi(t.source),
            middle: phi(t.middle),
            destination: phi(t.destination),
            facing: t.facing.reversed(),
        });
        Position::from_parts(self.rules, &placement, !self.side, castling, ep, self.halfmove, self.ply)
    }
}

fn arrived(color: Color, facing: Facing, promotion: Option<Role>) -> Piece {
    match promotion {
        Some(role) => Piece::new(color, role),
        None => Piece::pawn(color, facing, false),
    }
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        std::ptr::eq(self.rules, other.rules)
            && self.squares == other.squares
            && self.side == other.side
            && self.castling == other.castling
            && self.ep == other.ep
            && self.halfmove == other.halfmove
            && self.ply == other.ply
    }
}

impl Eq for Position {}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({} {})", self.variant(), crate::text::write_position(self))
    }
}
