//! A cell's look, decided once by one system: its highlight (selection, culprits and a lesson's
//! marks, check, hover, hint, last move) or its colour class, on the surface and on the chart;
//! on stacked levels also its opacity (translucent, lit, alone, or faded and letting clicks
//! through). The surface's cells get a [`CellPaint`] that their sheet draws
//! ([`crate::scene::sheet`]).

use crate::features::check_ring::checked_king;
use crate::features::explain::Explained;
use crate::features::levels::{ALONE_ALPHA, BOARD_ALPHA, FADED_ALPHA, LIT_ALPHA, LevelView, Twins};
use crate::scene::board::{CellPatch, OnLevel, Palette, base_class};
use crate::scene::flat::FlatMaterial;
use crate::scene::pieces::PieceModel;
use crate::scene::sheet::CellPaint;
use crate::state::lessons::ActiveLesson;
use crate::state::play::PlayState;
use crate::state::selection::{Hovered, Selection};
use crate::state::viewing::Viewing;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use surface_chess_rules::{Cell, Game};

/// Cells take the look of the state.
pub fn plugin(app: &mut App) {
    app.add_systems(Update, highlight_cells.in_set(crate::schedule::AppSystems::Show));
}

/// The highlight of each cell, most important first.
pub fn cell_highlight(
    game: &Game,
    selection: &Selection,
    viewing: Viewing,
    hovered: Option<Cell>,
    culprits: &[Cell],
    cell: Cell,
) -> Option<Highlight> {
    let p = viewing.shown(game);
    let last = viewing.ply(game).checked_sub(1).and_then(|i| game.actions().get(i));
    if selection.selected == Some(cell) {
        return Some(Highlight::Selected);
    }
    if culprits.contains(&cell) {
        return Some(Highlight::Culprit);
    }
    if checked_king(p) == Some(cell) {
        return Some(Highlight::Check);
    }
    if hovered == Some(cell) {
        return Some(Highlight::Hover);
    }
    if viewing.0.is_none() && selection.hint.is_some_and(|a| a.from == cell || a.to == cell) {
        return Some(Highlight::Hint);
    }
    if last.is_some_and(|a| a.from == cell || a.to == cell) {
        return Some(Highlight::LastMove);
    }
    None
}

/// A cell highlight.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Highlight {
    /// The selected piece.
    Selected,
    /// The checked king.
    Check,
    /// Under the pointer.
    Hover,
    /// Part of the last move.
    LastMove,
    /// Part of the engine's hint.
    Hint,
    /// Blamed by the explanation on show ("why not?").
    Culprit,
}

/// What decides a cell's look.
#[derive(SystemParam)]
struct LookSources<'w> {
    play: PlayState<'w>,
    hovered: Res<'w, Hovered>,
    explained: Res<'w, Explained>,
    lesson: Option<Res<'w, ActiveLesson>>,
    view: Option<Res<'w, LevelView>>,
}

impl LookSources<'_> {
    fn changed(&self) -> bool {
        self.play.is_changed()
            || self.hovered.is_changed()
            || self.explained.is_changed()
            || self.lesson.as_ref().is_some_and(|l| l.is_changed())
            || self.view.as_ref().is_some_and(|v| v.is_changed())
    }
}

/// The materials a look is painted with: the palette and, on stacked levels, its translucent
/// twins.
#[derive(SystemParam)]
struct Paint<'w> {
    palette: Res<'w, Palette>,
    twins: Option<ResMut<'w, Twins>>,
    materials: ResMut<'w, Assets<FlatMaterial>>,
}

/// A cell of a level: how opaque, and whether it takes clicks (a faded level's cells let them
/// through to the level shown).
fn level_look(view: LevelView, level: u8, lit: bool) -> (f32, bool) {
    match () {
        _ if view.faded(level) => (FADED_ALPHA, false),
        _ if view.one => (ALONE_ALPHA, true),
        _ if lit => (LIT_ALPHA, true),
        _ => (BOARD_ALPHA, true),
    }
}

/// Every cell's look, on the surface, the chart and the unrolled view: its highlight or colour
/// class, and on a level its opacity and whether it takes clicks.
#[allow(clippy::type_complexity)]
fn highlight_cells(
    mut commands: Commands,
    sources: LookSources,
    mut paint: Paint,
    // Pieces carry their cell too (to be picked), but keep their own colour.
    mut patches: Query<
        (
            Entity,
            &CellPatch,
            Option<&mut MeshMaterial3d<FlatMaterial>>,
            Option<&mut CellPaint>,
            Option<&OnLevel>,
            Option<&Pickable>,
        ),
        Without<PieceModel>,
    >,
    added: Query<(), Added<CellPatch>>,
) {
    if !sources.changed() && added.is_empty() {
        return;
    }
    let play = &sources.play;
    // A lesson's marked cells are blamed too (the same colour): they are the player's answer.
    let mut culprits = sources.explained.culprits.clone();
    culprits.extend(sources.lesson.iter().flat_map(|l| l.marked.iter().copied()));
    let variant = play.variant();
    let view = sources.view.as_deref().copied().unwrap_or_default();
    let Paint { palette, twins, materials } = &mut paint;
    for (entity, &CellPatch(cell), material, paint, on_level, pickable) in &mut patches {
        let game = &play.current.game;
        let highlight = cell_highlight(game, &play.selection, *play.viewing, sources.hovered.0, &culprits, cell);
        let mut wanted = match highlight {
            Some(Highlight::Selected) => palette.selected.clone(),
            Some(Highlight::Check) => palette.check.clone(),
            Some(Highlight::Hover) => palette.hover.clone(),
            Some(Highlight::LastMove) => palette.last.clone(),
            Some(Highlight::Hint) => palette.hint.clone(),
            Some(Highlight::Culprit) => palette.culprit.clone(),
            None => palette.base[base_class(variant, cell)].clone(),
        };
        if let (Some(&OnLevel(level)), Some(twins)) = (on_level, twins.as_mut()) {
            let (alpha, takes_clicks) = level_look(view, level, highlight.is_some());
            wanted = twins.at(materials, wanted, alpha);
            let pick = if takes_clicks { Pickable::default() } else { Pickable::IGNORE };
            if pickable != Some(&pick) {
                commands.entity(entity).insert(pick);
            }
        }
        // The chart's and the unrolled view's cells wear their look; the surface's are painted
        // into their sheet.
        if let Some(mut material) = material.filter(|m| m.0 != wanted) {
            material.0 = wanted.clone();
        }
        if let Some(mut paint) = paint {
            paint.set_if_neq(CellPaint(wanted));
        }
    }
}
