//! Setup mode: place and remove pieces (pawns with their facing and double-step mark), choose
//! the side to move and castling rights, then start a game from the position — if the rules
//! accept it; otherwise the panel says which part is wrong and why. The game is recorded with
//! its setup.

use crate::state::commands::Command;
use crate::state::game::{CurrentGame, Notice};
use crate::state::messages::CellPicked;
use crate::state::mode::{Interaction, PicksHere};
use crate::state::selection::Selection;
use bevy::prelude::*;
use surface_chess_rules::{
    CastleSide, CastlingRights, Cell, Color as Side, Facing, Game, Piece, Position, Role, Setup, Start,
};

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

/// What the setup controls ask for.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetupCommand {
    /// The brush places this colour's pieces.
    Colour(Side),
    /// The brush places this role.
    Role(Role),
    /// The brush empties cells.
    Empty,
    /// A placed pawn faces the other way.
    Facing,
    /// A placed pawn has its double step, or has not.
    DoubleStep,
    /// The other side is to move.
    SideToMove,
    /// One castling right on or off.
    Castle(Side, CastleSide),
    /// No pieces, no castling.
    Clear,
    /// The board's initial position.
    Initial,
    /// Start a game from the setup (if the rules accept it); setup ends.
    Start,
    /// Setup ends; the game it interrupted is on show again.
    Cancel,
}

impl SetupBoard {
    /// Carries out an edit (`Start` and `Cancel` end setup instead).
    pub fn edit(&mut self, command: SetupCommand) {
        let role = self.brush.piece.map_or(Role::Pawn, |p| p.1);
        let colour = self.brush.piece.map_or(Side::White, |p| p.0);
        match command {
            SetupCommand::Colour(c) => self.brush.piece = Some((c, role)),
            SetupCommand::Role(r) => self.brush.piece = Some((colour, r)),
            SetupCommand::Empty => self.brush.piece = None,
            SetupCommand::Facing => self.brush.facing = self.brush.facing.reversed(),
            SetupCommand::DoubleStep => self.brush.unused = !self.brush.unused,
            SetupCommand::SideToMove => self.setup.side = !self.setup.side,
            SetupCommand::Castle(color, side) => self.toggle_castling(color, side),
            SetupCommand::Clear => self.setup = Setup::empty(self.setup.variant),
            SetupCommand::Initial => self.setup = Setup::of(&Position::new(self.setup.variant)),
            SetupCommand::Start | SetupCommand::Cancel => {}
        }
    }
}

/// The setup controls: edits, and the end of setup.
fn run_setup_commands(
    mut commands: MessageReader<SetupCommand>,
    board: Option<ResMut<SetupBoard>>,
    mut current: ResMut<CurrentGame>,
    mut notice: ResMut<Notice>,
    mut next: ResMut<NextState<Interaction>>,
) {
    let Some(mut board) = board else { return };
    for &command in commands.read() {
        match command {
            SetupCommand::Start => {
                if start_from(&board, &mut current, &mut notice) {
                    NextState::set_if_neq(&mut next, Interaction::Play);
                }
            }
            SetupCommand::Cancel => NextState::set_if_neq(&mut next, Interaction::Play),
            edit => board.edit(edit),
        }
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

/// Setup mode ([`Interaction::Setup`]): the setup is made from the game on show when it starts,
/// picks edit it, and it is dropped when setup ends (the game it interrupted was never touched,
/// so it shows again; "Start game" replaced it first).
pub fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Interaction::Setup), begin_setup)
        .add_message::<SetupCommand>()
        .add_systems(Update, (start_setup, run_setup_commands).in_set(crate::schedule::AppSystems::Rules))
        .add_systems(OnExit(Interaction::Setup), end_setup)
        .add_systems(
            Update,
            edit_setup.in_set(crate::schedule::AppSystems::Rules).before(crate::state::messages::PlaySystems),
        );
}

/// The panel's Set up button (offline only: the state exists only then).
fn start_setup(mut commands: MessageReader<Command>, mut next: ResMut<NextState<Interaction>>) {
    if commands.read().any(|&c| c == Command::SetUp) {
        NextState::set_if_neq(&mut next, Interaction::Setup);
    }
}

/// Makes the setup from the game on show; the game's last notice is dropped (the status line shows
/// the setup's summary and what is noticed during setup).
fn begin_setup(
    mut commands: Commands,
    current: Res<CurrentGame>,
    mut selection: ResMut<Selection>,
    mut notice: ResMut<Notice>,
) {
    commands.insert_resource(SetupBoard::of(&current.game));
    selection.clear();
    notice.say("");
}

fn end_setup(mut commands: Commands, mut current: ResMut<CurrentGame>) {
    commands.remove_resource::<SetupBoard>();
    // Everything shown returns to the game.
    current.set_changed();
}

fn edit_setup(mut picks: MessageReader<CellPicked>, here: PicksHere, board: Option<ResMut<SetupBoard>>) {
    let (Some(mut board), true) = (board, here.are(Interaction::Setup)) else {
        picks.clear();
        return;
    };
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
