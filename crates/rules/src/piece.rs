//! Colours, roles, pawn facings and pieces.

use std::fmt;
use std::ops::Not;

/// A player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// Moves first.
    White = 0,
    /// Moves second.
    Black = 1,
}

impl Color {
    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// 0 for White, 1 for Black.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The facing an owner's pawns start with (and keep, on boards that do not transport facing).
    pub const fn home_facing(self) -> Facing {
        match self {
            Color::White => Facing::Up,
            Color::Black => Facing::Down,
        }
    }

    /// `"white"` or `"black"`.
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
}

impl Not for Color {
    type Output = Color;
    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

/// A kind of piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// Pawn.
    Pawn = 1,
    /// Knight.
    Knight = 2,
    /// Bishop.
    Bishop = 3,
    /// Rook.
    Rook = 4,
    /// Queen.
    Queen = 5,
    /// King.
    King = 6,
}

impl Role {
    /// All six roles.
    pub const ALL: [Role; 6] = [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King];

    /// The roles a pawn may promote to, in the order offered.
    pub const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

    /// Upper-case letter: P N B R Q K.
    pub const fn letter(self) -> char {
        match self {
            Role::Pawn => 'P',
            Role::Knight => 'N',
            Role::Bishop => 'B',
            Role::Rook => 'R',
            Role::Queen => 'Q',
            Role::King => 'K',
        }
    }

    /// The role's name in lower case: pawn, knight, bishop, rook, queen, king.
    pub const fn name(self) -> &'static str {
        match self {
            Role::Pawn => "pawn",
            Role::Knight => "knight",
            Role::Bishop => "bishop",
            Role::Rook => "rook",
            Role::Queen => "queen",
            Role::King => "king",
        }
    }

    /// The role of a letter, either case.
    pub fn from_letter(ch: char) -> Option<Role> {
        Role::ALL.into_iter().find(|r| r.letter() == ch.to_ascii_uppercase())
    }

    const fn from_code(code: u8) -> Role {
        match code {
            1 => Role::Pawn,
            2 => Role::Knight,
            3 => Role::Bishop,
            4 => Role::Rook,
            5 => Role::Queen,
            _ => Role::King,
        }
    }
}

/// A pawn's facing: the chart direction of its forward steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Facing {
    /// Increasing ranks (+1).
    Up,
    /// Decreasing ranks (−1).
    Down,
}

impl Facing {
    /// +1 or −1.
    pub const fn sign(self) -> i8 {
        match self {
            Facing::Up => 1,
            Facing::Down => -1,
        }
    }

    /// The facing of a sign.
    pub const fn from_sign(sign: i8) -> Facing {
        if sign > 0 { Facing::Up } else { Facing::Down }
    }

    /// The reverse facing.
    pub const fn reversed(self) -> Facing {
        match self {
            Facing::Up => Facing::Down,
            Facing::Down => Facing::Up,
        }
    }

    /// 0 for up, 1 for down, for tables.
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// A piece on a cell: owner, role, for pawns the facing, and the unused-double-step flag (on the
/// three-level boards: never moved, for every role). Packed in one byte; non-pawns carry no facing.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece(u8);

const ROLE_MASK: u8 = 0b111;
const BLACK: u8 = 0b1000;
const DOWN: u8 = 0b1_0000;
const UNUSED: u8 = 0b10_0000;

impl Piece {
    /// A non-pawn piece (a pawn gets facing up and no double step; use [`Piece::pawn`]).
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece(role as u8 | if matches!(color, Color::Black) { BLACK } else { 0 })
    }

    /// A pawn with its facing and unused-double-step flag.
    pub const fn pawn(color: Color, facing: Facing, unused: bool) -> Piece {
        let mut code = Piece::new(color, Role::Pawn).0;
        if matches!(facing, Facing::Down) {
            code |= DOWN;
        }
        if unused {
            code |= UNUSED;
        }
        Piece(code)
    }

    /// The owner.
    pub const fn color(self) -> Color {
        if self.0 & BLACK != 0 { Color::Black } else { Color::White }
    }

    /// The role.
    pub const fn role(self) -> Role {
        Role::from_code(self.0 & ROLE_MASK)
    }

    /// A pawn's facing; `None` for other pieces.
    pub const fn facing(self) -> Option<Facing> {
        match self.role() {
            Role::Pawn => Some(if self.0 & DOWN != 0 { Facing::Down } else { Facing::Up }),
            _ => None,
        }
    }

    /// Whether a pawn still has its initial double step; on the three-level boards, whether any
    /// piece has never moved (written `*`).
    pub const fn unused(self) -> bool {
        self.0 & UNUSED != 0
    }

    /// The piece with its never-moved mark set or cleared (three-level boards; pawns everywhere).
    pub const fn with_unused(self, unused: bool) -> Piece {
        Piece(if unused { self.0 | UNUSED } else { self.0 & !UNUSED })
    }

    /// The packed byte (never 0), for position keys.
    pub const fn code(self) -> u8 {
        self.0
    }

    /// A square's byte without the never-moved mark, to compare with a fresh piece's [`Piece::code`]
    /// (an unmoved knight attacks like any knight).
    #[inline]
    pub(crate) const fn unmarked(code: u8) -> u8 {
        code & !UNUSED
    }

    pub(crate) const fn from_code(code: u8) -> Option<Piece> {
        if code == 0 { None } else { Some(Piece(code)) }
    }

    /// The letter, upper case for White.
    pub fn letter(self) -> char {
        match self.color() {
            Color::White => self.role().letter(),
            Color::Black => self.role().letter().to_ascii_lowercase(),
        }
    }
}

impl fmt::Debug for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())?;
        if let Some(facing) = self.facing() {
            write!(f, "{}", if facing == Facing::Up { '+' } else { '-' })?;
        }
        if self.unused() {
            write!(f, "*")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packing_round_trips() {
        for color in Color::ALL {
            for role in Role::ALL {
                let p = Piece::new(color, role);
                assert_eq!((p.color(), p.role()), (color, role));
            }
            for facing in [Facing::Up, Facing::Down] {
                for unused in [false, true] {
                    let p = Piece::pawn(color, facing, unused);
                    assert_eq!((p.color(), p.facing(), p.unused()), (color, Some(facing), unused));
                }
            }
        }
        assert_eq!(Piece::new(Color::White, Role::Rook).facing(), None);
    }
}
