//! How the pieces on show have been carried over the board: for each, the product of the seams'
//! derivatives along every move it made ([`Position::carried`](surface_chess_rules::Position)).
//! A knight shows it: its head turns with the transport, and its model is mirrored where the
//! transport reverses orientation (an odd number of reversing seams crossed).

use bevy::platform::collections::HashMap;
use surface_chess_rules::{Cell, Frame, Game};

/// Each moved piece's carried frame in the position after `ply` actions of `game` (pieces not
/// listed have the identity: unmoved, or carried back to it).
pub fn carried_frames(game: &Game, ply: usize) -> HashMap<Cell, Frame> {
    let mut frames: HashMap<Cell, Frame> = HashMap::new();
    for (i, &action) in game.actions().iter().enumerate().take(ply) {
        let Some(before) = game.position_at(i) else { break };
        let own = frames.remove(&action.from).unwrap_or(Frame::IDENTITY);
        frames.remove(&action.to);
        let after = before.carried(action).unwrap_or(Frame::IDENTITY) * own;
        if after != Frame::IDENTITY {
            frames.insert(action.to, after);
        }
    }
    frames
}

#[cfg(test)]
mod tests {
    use super::*;
    use surface_chess_rules::{Position, Start, Variant};

    fn game(v: Variant, text: &str, moves: &[&str]) -> Game {
        let mut game = Game::from_position(Position::from_text(v, text).unwrap(), Start::Initial);
        for m in moves {
            let a = game.position().parse_action(m).unwrap();
            game.play(a).unwrap();
        }
        game
    }

    #[test]
    fn a_knight_is_mirrored_across_the_twist_and_back_again() {
        let text = "4k3/8/8/8/8/8/8/4K1N1 w - - 0 0";
        let v = Variant::Endless;
        let cell = |name: &str| v.rules().complex.parse_cell(name).unwrap();
        let g = game(v, text, &["Ng1–a7", "Ke8–d8", "Na7–g1"]);
        assert_eq!(carried_frames(&g, 0).get(&cell("g1")), None);
        assert_eq!(carried_frames(&g, 1).get(&cell("a7")).map(|f| f.det()), Some(-1));
        // The king's steps stay on the board: no frame.
        assert_eq!(carried_frames(&g, 2).get(&cell("d8")), None);
        // Back across the seam: mirrored twice, the identity again.
        assert_eq!(carried_frames(&g, 3).get(&cell("g1")), None);
        // A capture takes the captured piece's frame away with it.
        let g = game(v, "4k3/8/8/8/8/8/n7/4K1N1 w - - 0 0", &["Ng1–a7", "Na2–c1"]);
        assert_eq!(carried_frames(&g, 2).get(&cell("a7")).map(|f| f.det()), Some(-1));
    }
}
