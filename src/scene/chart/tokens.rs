//! What the chart shows of the position: each piece as a disc in its colour with its letter (and
//! a pawn's facing where facings travel), and the selected piece's destinations (dot = quiet,
//! ring = capture). Both are kept sets ([`crate::scene::kept`]).

use super::layout::ChartLayout;
use super::view::{CHART_LAYER, ChartShown};
use crate::scene::board::Palette;
use crate::scene::flat::FlatMaterial;
use crate::scene::glyphs::{ASCENT, flat_text_mesh, text_width};
use crate::scene::kept::{Kept, Placed, lay_out};
use crate::state::play::PlayState;
use bevy::camera::visibility::RenderLayers;
use bevy::platform::collections::HashMap;
use bevy::prelude::*;
use surface_chess_rules::{Cell, Color as Side, Facing, FacingMode, Piece, Variant};

/// A piece on the chart.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ChartToken;

/// A destination mark on the chart.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ChartMark;

/// Meshes and materials for the chart's pieces and marks.
#[derive(Resource, Clone, Debug)]
pub struct TokenKit {
    disc: Handle<Mesh>,
    rim: Handle<Mesh>,
    rim_colour: Handle<FlatMaterial>,
    dot: Handle<Mesh>,
    ring: Handle<Mesh>,
    /// Disc colour and letter ink, White then Black.
    colours: [(Handle<FlatMaterial>, Handle<FlatMaterial>); 2],
}

pub(super) fn make_kit(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<FlatMaterial>>,
) {
    let mut solid = |c: Color| materials.add(FlatMaterial::solid(c));
    let colours = [
        (solid(Color::srgb(0.97, 0.95, 0.88)), solid(Color::srgb(0.10, 0.10, 0.10))),
        (solid(Color::srgb(0.12, 0.12, 0.14)), solid(Color::srgb(0.95, 0.95, 0.95))),
    ];
    let rim_colour = solid(Color::srgb(0.38, 0.40, 0.45));
    commands.insert_resource(TokenKit {
        disc: meshes.add(Circle::new(0.4)),
        rim: meshes.add(Annulus::new(0.37, 0.42)),
        rim_colour,
        dot: meshes.add(Circle::new(0.13)),
        ring: meshes.add(Annulus::new(0.36, 0.46)),
        colours,
    });
}

/// A piece as the chart writes it: its letter, and a pawn's facing where facings travel
/// (`P↑`, `P↓`).
pub fn piece_glyph(variant: Variant, piece: Piece) -> String {
    let mut glyph = piece.role().letter().to_string();
    if variant.rules().facing_mode == FacingMode::Transported
        && let Some(f) = piece.facing()
    {
        glyph.push(if f == Facing::Up { '↑' } else { '↓' });
    }
    glyph
}

/// The height of a glyph string so that it fits on a disc.
fn letter_height(glyph: &str) -> f32 {
    0.48f32.min(0.62 * ASCENT / text_width(glyph))
}

/// Lays the pieces on the chart whenever the position on show or the charts change: a disc, its
/// rim and its letter per piece, on kept entities.
pub(super) fn place_tokens(
    mut commands: Commands,
    play: PlayState,
    shown: Option<Res<ChartShown>>,
    kit: Option<Res<TokenKit>>,
    mut tokens: Kept<FlatMaterial, ChartToken>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut letters: Local<HashMap<String, Handle<Mesh>>>,
) {
    let (Some(shown), Some(kit)) = (shown, kit) else { return };
    if !play.is_changed() && !shown.is_changed() {
        return;
    }
    let wanted = token_placements(&kit, &shown.0, Vec2::ZERO, play.pieces(), &mut letters, &mut meshes, ChartToken);
    lay_out(&mut commands, &mut tokens, wanted, RenderLayers::layer(CHART_LAYER));
}

/// The discs, rims and letters of `pieces` on the charts of `layout` laid at `origin`, tagged
/// `tag` (letter meshes are made once, in `letters`).
pub fn token_placements<T: Clone>(
    kit: &TokenKit,
    layout: &ChartLayout,
    origin: Vec2,
    pieces: impl IntoIterator<Item = (Cell, Piece)>,
    letters: &mut HashMap<String, Handle<Mesh>>,
    meshes: &mut Assets<Mesh>,
    tag: T,
) -> Vec<Placed<FlatMaterial, T>> {
    let mut wanted = Vec::new();
    for (cell, piece) in pieces {
        let (disc, ink) = &kit.colours[usize::from(piece.color() == Side::Black)];
        let glyph = piece_glyph(layout.variant, piece);
        let letter =
            letters.entry(glyph.clone()).or_insert_with(|| meshes.add(flat_text_mesh(&glyph, letter_height(&glyph))));
        let at = origin + layout.centre(cell);
        for (mesh, material, z) in [(&kit.disc, disc, 0.1), (&kit.rim, &kit.rim_colour, 0.15), (&*letter, ink, 0.2)] {
            let at = Transform::from_translation(at.extend(z));
            wanted.push(Placed { mesh: mesh.clone(), material: material.clone(), at, tag: tag.clone() });
        }
    }
    wanted
}

/// A destination mark (dot = quiet, ring = capture) on `cell` of `layout` laid at `origin`.
pub fn mark_placement<T>(
    kit: &TokenKit,
    layout: &ChartLayout,
    origin: Vec2,
    (cell, capture): (Cell, bool),
    material: Handle<FlatMaterial>,
    tag: T,
) -> Placed<FlatMaterial, T> {
    Placed {
        mesh: if capture { kit.ring.clone() } else { kit.dot.clone() },
        material,
        at: Transform::from_translation((origin + layout.centre(cell)).extend(0.3)),
        tag,
    }
}

/// Dots on quiet destinations and rings on captures, on kept entities.
pub(super) fn mark_destinations(
    mut commands: Commands,
    play: PlayState,
    shown: Option<Res<ChartShown>>,
    kit: Option<Res<TokenKit>>,
    palette: Option<Res<Palette>>,
    mut marks: Kept<FlatMaterial, ChartMark>,
) {
    let (Some(shown), Some(kit), Some(palette)) = (shown, kit, palette) else { return };
    if !play.is_changed() && !shown.is_changed() {
        return;
    }
    let wanted = play
        .destinations()
        .into_iter()
        .map(|mark| mark_placement(&kit, &shown.0, Vec2::ZERO, mark, palette.mark.clone(), ChartMark));
    lay_out(&mut commands, &mut marks, wanted, RenderLayers::layer(CHART_LAYER));
}
