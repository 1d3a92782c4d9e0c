//! What the panel explains, in words from the rules' explanations: with a piece selected, why the
//! cell under the pointer (or the keyboard cursor) is or is not a destination, and the culprit
//! cells to mark on both views; otherwise what the seams did in the move on show.

use crate::state::mode::AtlasView;
use crate::state::play::PlayState;
use crate::state::selection::Hovered;
use bevy::prelude::*;
use surface_chess_rules::{Cell, Game, Verdict};

/// The panel's explanation and the cells it blames.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct Explained {
    /// The words (empty: nothing to explain).
    pub text: String,
    /// The culprit cells: the blocker, the attacker, the cone point's cells, the edge.
    pub culprits: Vec<Cell>,
}

/// Keeps [`Explained`] up to date.
pub fn plugin(app: &mut App) {
    app.init_resource::<Explained>().add_systems(Update, explain.in_set(crate::schedule::AppSystems::Show));
}

/// The explanation for the piece on `from` and the cell `to` in the position on show (exploring:
/// as its owner sees it, whoever moved last).
pub fn why(game: &Game, shown_ply: usize, from: Cell, to: Cell) -> Explained {
    let Some(p) = game.position_at(shown_ply) else { return Explained::default() };
    let explored;
    let p = if game.is_exploring() {
        explored = p.explore_view(from);
        &explored
    } else {
        p
    };
    let e = p.explain(from, to);
    match &e.verdict {
        // Exploring does not look at check: the move is there to make.
        Verdict::Illegal(_) if game.is_exploring() && p.explore_actions(from).iter().any(|a| a.to == to) => {
            Explained { text: "Exploring: this move is allowed (check is not looked at).".into(), culprits: Vec::new() }
        }
        Verdict::Illegal(reason) => {
            Explained { text: format!("Why not? {}", e.sentence(p)), culprits: reason.culprits() }
        }
        Verdict::Legal(moves) => {
            let mut text = e.sentence(p);
            if let Some(m) = moves.iter().find(|m| m.route.iter().any(|s| s.seam)) {
                for line in p.crossing_story(m.action) {
                    text += &format!("\n{line}");
                }
            }
            Explained { text, culprits: Vec::new() }
        }
    }
}

/// What the seams did in the move that led to ply `ply` (empty for a move inside the chart).
pub fn move_story(game: &Game, ply: usize) -> Explained {
    let Some(before) = ply.checked_sub(1).and_then(|i| game.position_at(i)) else { return Explained::default() };
    let Some(&action) = game.actions().get(ply - 1) else { return Explained::default() };
    let lines = before.crossing_story(action);
    if lines.is_empty() {
        return Explained::default();
    }
    Explained { text: format!("{}: {}", before.san(action), lines.join(" ")), culprits: Vec::new() }
}

fn explain(play: PlayState, hovered: Res<Hovered>, atlas: Res<State<AtlasView>>, mut explained: ResMut<Explained>) {
    // The atlas, while open, explains what it shows.
    let open = *atlas.get() == AtlasView::Open;
    if open || (!play.is_changed() && !hovered.is_changed() && !atlas.is_changed()) {
        return;
    }
    let game = &play.current.game;
    let ply = play.viewing.ply(game);
    let next = match (play.selection.selected, hovered.0) {
        (Some(from), Some(to)) if to != from && play.setup.is_none() => why(game, ply, from, to),
        _ if play.setup.is_none() => move_story(game, ply),
        _ => Explained::default(),
    };
    explained.set_if_neq(next);
}
