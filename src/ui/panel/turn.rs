//! Whose turn it is, as a swatch in the side's colour beside the status line, and the pieces
//! each side has taken up to the position on show.

use crate::scene::layout::{DIM, label};
use crate::state::game::CurrentGame;
use crate::state::setup::SetupBoard;
use crate::state::viewing::Viewing;
use bevy::prelude::*;
use surface_chess_rules::{ActionKind, Color as Side, Game, Role};

/// The swatch in the colour of the side to move.
#[derive(Component)]
pub struct TurnSwatch;

/// The pieces taken.
#[derive(Component)]
pub struct TakenText;

/// The swatch's colours: White's, Black's (the chart's discs).
pub const SWATCH: [Color; 2] = [Color::srgb(0.97, 0.95, 0.88), Color::srgb(0.12, 0.12, 0.14)];

/// The roles each side has taken in the first `plies` plies of `game`, in the order taken: White's
/// captures first, then Black's.
pub fn taken(game: &Game, plies: usize) -> [Vec<Role>; 2] {
    let mut out = [Vec::new(), Vec::new()];
    for (ply, &action) in game.actions().iter().enumerate().take(plies) {
        let Some(before) = game.position_at(ply) else { break };
        if !before.is_capture(action) {
            continue;
        }
        let role = match action.kind {
            ActionKind::EnPassant { .. } => Role::Pawn,
            _ => before.piece_at(action.to).map_or(Role::Pawn, |p| p.role()),
        };
        out[usize::from(before.side_to_move() == Side::Black)].push(role);
    }
    out
}

/// The taken pieces in words: `taken: White N P · Black B`, empty before the first capture.
pub fn taken_words(taken: &[Vec<Role>; 2]) -> String {
    if taken.iter().all(Vec::is_empty) {
        return String::new();
    }
    let letters = |roles: &Vec<Role>| {
        if roles.is_empty() {
            "—".to_owned()
        } else {
            roles.iter().map(|r| r.letter().to_string()).collect::<Vec<_>>().join(" ")
        }
    };
    format!("taken: White {} · Black {}", letters(&taken[0]), letters(&taken[1]))
}

/// The swatch (to be put before the status line) and the taken line.
pub(super) fn spawn_turn(commands: &mut Commands) -> (Entity, Entity) {
    let swatch = commands
        .spawn((
            Node {
                width: px(12),
                height: px(12),
                flex_shrink: 0.0,
                margin: UiRect { right: px(6), top: px(3), ..default() },
                border: UiRect::all(px(1)),
                ..default()
            },
            BackgroundColor(SWATCH[0]),
            BorderColor::all(DIM),
            TurnSwatch,
        ))
        .id();
    let taken = commands.spawn((label("", 13.0, DIM), TakenText, Node { flex_shrink: 0.0, ..default() })).id();
    (swatch, taken)
}

/// The swatch takes the colour of the side to move in the position on show (while setting up, in
/// the position set up); the taken line follows the game.
pub(super) fn show_turn(
    current: Res<CurrentGame>,
    viewing: Res<Viewing>,
    setup: Option<Res<SetupBoard>>,
    mut setting_up: Local<bool>,
    mut swatches: Query<&mut BackgroundColor, With<TurnSwatch>>,
    mut texts: Query<&mut Text, With<TakenText>>,
) {
    let setup_changed = std::mem::replace(&mut *setting_up, setup.is_some()) != setup.is_some()
        || setup.as_ref().is_some_and(|s| s.is_changed());
    if !current.is_changed() && !viewing.is_changed() && !setup_changed {
        return;
    }
    let game = &current.game;
    let side = setup.map_or_else(|| viewing.shown(game).side_to_move(), |s| s.setup.side);
    for mut swatch in &mut swatches {
        swatch.set_if_neq(BackgroundColor(SWATCH[usize::from(side == Side::Black)]));
    }
    let words = taken_words(&taken(game, viewing.ply(game)));
    for mut text in &mut texts {
        if text.0 != words {
            text.0.clone_from(&words);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use surface_chess_rules::Variant;

    fn play(game: &mut Game, moves: &[&str]) {
        for m in moves {
            let a = game.position().parse_action(m).unwrap_or_else(|e| panic!("{m}: {e}"));
            game.play(a).unwrap();
        }
    }

    #[test]
    fn the_pieces_taken_are_listed_by_side_in_order() {
        let mut game = Game::new(Variant::Chess);
        assert_eq!(taken_words(&taken(&game, 0)), "", "nothing taken yet");
        play(&mut game, &["e2–e4", "d7–d5", "e4xd5", "Qd8xd5", "Nb1–c3"]);
        let t = taken(&game, game.actions().len());
        assert_eq!(t, [vec![Role::Pawn], vec![Role::Pawn]]);
        assert_eq!(taken_words(&t), "taken: White P · Black P");
        assert_eq!(taken(&game, 3), [vec![Role::Pawn], vec![]], "up to the position on show");
        assert_eq!(taken_words(&taken(&game, 3)), "taken: White P · Black —");
    }

    #[test]
    fn en_passant_takes_a_pawn() {
        let mut game = Game::new(Variant::Chess);
        play(&mut game, &["e2–e4", "a7–a6", "e4–e5", "d7–d5", "e5xd6"]);
        assert_eq!(taken(&game, 5), [vec![Role::Pawn], vec![]]);
    }
}
