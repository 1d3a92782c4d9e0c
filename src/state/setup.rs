//! Setup mode: place and remove pieces (pawns with their facing and double-step mark), choose
//! the side to move and castling rights, then start a game from the position — if the rules
//! accept it; otherwise the panel says which part is wrong and why. The game is recorded with
//! its setup.

use crate::current::{CurrentGame, Notice};
use crate::play::CellPicked;
use bevy::prelude::*;
use surface_chess_rules::{CastleSide, CastlingRights, Cell, Color as Side, Facing, Game, Piece, Role, Setup, Start};

/// What a click on a cell puts there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Brush {
    /// The piece to place (`None`: empty the cell).
    pub piece: Option<(Side, Role)>,
    /// A placed pawn's facing (on boards where pawns carry one).
    pub facing: Facing,
    /// Whether a placed pawn still has its double step.
    pub unused: bool,
}

impl Default for Brush {
    fn default() -> Self {
        Brush { piece: Some((Side::White, Role::Pawn)), facing: Facing::Up, unused: true }
    }
}

impl Brush {
    /// The piece this brush places, if any.
    pub fn placed(self) -> Option<Piece> {
        self.piece.map(|(color, role)| match role {
            Role::Pawn => Piece::pawn(color, self.facing, self.unused),
            role => Piece::new(color, role),
        })
    }
}

/// The setup in progress, while setup mode is on.
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct SetupBoard {
    /// The position being set up.
    pub setup: Setup,
    /// What a click places.
    pub brush: Brush,
}

impl SetupBoard {
    /// Starts from the position on show.
    pub fn of(game: &Game) -> SetupBoard {
        SetupBoard { setup: Setup::of(game.position()), brush: Brush::default() }
    }

    /// A click on `cell`: puts the brush's piece there, or empties the cell if that piece (or
    /// nothing, with the empty brush) is already there.
    pub fn click(&mut self, cell: Cell) {
        let placed = self.brush.placed();
        let now = self.setup.piece_at(cell);
        self.setup.put(cell, if now == placed { None } else { placed });
    }

    /// Turns one castling right on or off.
    pub fn toggle_castling(&mut self, color: Side, side: CastleSide) {
        let c = self.setup.castling;
        self.setup.castling = c.with(color, side, !c.has(color, side));
    }

    /// One line on the setup: the brush, side, castling, and whether the rules accept it.
    pub fn summary(&self) -> String {
        let brush = match self.brush.piece {
            None => "empty".to_owned(),
            Some((color, Role::Pawn)) => format!(
                "{} pawn {}{}",
                color.name(),
                if self.brush.facing == Facing::Up { "↑" } else { "↓" },
                if self.brush.unused { " with double step" } else { "" }
            ),
            Some((color, role)) => format!("{} {}", color.name(), role_name(role)),
        };
        let castling = castling_letters(self.setup.castling);
        let verdict = match self.setup.position() {
            Ok(_) => "ready to start".to_owned(),
            Err(e) => format!("not a legal position: {e}"),
        };
        format!("setup · placing {brush} · {} to move · castling {castling}\n{verdict}", self.setup.side.name())
    }
}

/// A role's English name.
fn role_name(role: Role) -> &'static str {
    match role {
        Role::King => "king",
        Role::Queen => "queen",
        Role::Rook => "rook",
        Role::Bishop => "bishop",
        Role::Knight => "knight",
        Role::Pawn => "pawn",
    }
}

/// Castling rights as `KQkq` letters (`-` for none).
pub fn castling_letters(c: CastlingRights) -> String {
    let mut out = String::new();
    for (color, side, letter) in [
        (Side::White, CastleSide::East, 'K'),
        (Side::White, CastleSide::West, 'Q'),
        (Side::Black, CastleSide::East, 'k'),
        (Side::Black, CastleSide::West, 'q'),
    ] {
        if c.has(color, side) {
            out.push(letter);
        }
    }
    if out.is_empty() { "-".to_owned() } else { out }
}

/// Starts a game from the setup, if the rules accept it.
pub fn start_from(board: &SetupBoard, current: &mut CurrentGame, notice: &mut Notice) -> bool {
    match board.setup.position() {
        Ok(position) => {
            current.replace(Game::from_position(position, Start::Edited { label: "set up in Surface Chess".into() }));
            notice.say("game started from the setup");
            true
        }
        Err(e) => {
            notice.say(format!("cannot start: {e}"));
            false
        }
    }
}

/// Setup mode: picks edit the setup instead of playing.
pub fn plugin(app: &mut App) {
    app.add_systems(Update, edit_setup.in_set(crate::AppSystems::Rules).before(crate::play::PlaySystems));
}

fn edit_setup(mut picks: MessageReader<CellPicked>, board: Option<ResMut<SetupBoard>>) {
    let Some(mut board) = board else { return };
    for &CellPicked(cell) in picks.read() {
        board.click(cell);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use surface_chess_rules::Variant;

    #[test]
    fn clicks_place_and_remove_pieces_and_pawns_keep_their_marks() {
        let v = Variant::Mobius;
        let complex = &v.rules().complex;
        let mut board = SetupBoard::of(&Game::new(v));
        let e5 = complex.parse_cell("e5").unwrap();
        board.brush = Brush { piece: Some((Side::Black, Role::Pawn)), facing: Facing::Up, unused: false };
        board.click(e5);
        assert_eq!(board.setup.piece_at(e5), Some(Piece::pawn(Side::Black, Facing::Up, false)));
        board.click(e5);
        assert_eq!(board.setup.piece_at(e5), None, "the same piece again empties the cell");
        // The Möbius board's White king stands on f1.
        let f1 = complex.parse_cell("f1").unwrap();
        board.brush.piece = None;
        board.click(f1);
        assert_eq!(board.setup.piece_at(f1), None);
        assert!(board.summary().contains("not a legal position"), "{}", board.summary());
        assert_eq!(castling_letters(CastlingRights::ALL), "KQkq");
    }
}
