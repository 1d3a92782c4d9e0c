//! What the chart shows of the position: each piece as a disc in its colour with its letter (and
//! a pawn's facing where facings travel), and the selected piece's destinations (dot = quiet,
//! ring = capture).

use super::view::{CHART_LAYER, ChartShown};
use crate::scene::board::Palette;
use crate::scene::flat::FlatMaterial;
use crate::scene::glyphs::{ASCENT, flat_text_mesh, text_width};
use crate::state::play::PlayState;
use bevy::camera::visibility::RenderLayers;
use bevy::platform::collections::HashMap;
use bevy::prelude::*;
use surface_chess_rules::{Color as Side, Facing, FacingMode, Piece, Variant};

/// A piece on the chart.
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct ChartToken;

/// A destination mark on the chart.
#[derive(Component, Clone, Copy, Debug, Default)]
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

/// Respawns the pieces whenever the position on show or the charts change.
pub(super) fn place_tokens(
    mut commands: Commands,
    play: PlayState,
    shown: Option<Res<ChartShown>>,
    kit: Option<Res<TokenKit>>,
    tokens: Query<Entity, With<ChartToken>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut letters: Local<HashMap<String, Handle<Mesh>>>,
) {
    let (Some(shown), Some(kit)) = (shown, kit) else { return };
    if !play.is_changed() && !shown.is_changed() {
        return;
    }
    for e in &tokens {
        commands.entity(e).despawn();
    }
    let layout = &shown.0;
    for (cell, piece) in play.pieces() {
        let (disc, ink) = &kit.colours[usize::from(piece.color() == Side::Black)];
        let glyph = piece_glyph(layout.variant, piece);
        let letter =
            letters.entry(glyph.clone()).or_insert_with(|| meshes.add(flat_text_mesh(&glyph, letter_height(&glyph))));
        let at = layout.centre(cell);
        commands.spawn((
            Mesh3d(kit.disc.clone()),
            MeshMaterial3d(disc.clone()),
            Transform::from_translation(at.extend(0.1)),
            ChartToken,
            Pickable::IGNORE,
            RenderLayers::layer(CHART_LAYER),
        ));
        commands.spawn((
            Mesh3d(kit.rim.clone()),
            MeshMaterial3d(kit.rim_colour.clone()),
            Transform::from_translation(at.extend(0.15)),
            ChartToken,
            Pickable::IGNORE,
            RenderLayers::layer(CHART_LAYER),
        ));
        commands.spawn((
            Mesh3d(letter.clone()),
            MeshMaterial3d(ink.clone()),
            Transform::from_translation(at.extend(0.2)),
            ChartToken,
            Pickable::IGNORE,
            RenderLayers::layer(CHART_LAYER),
        ));
    }
}

/// Dots on quiet destinations and rings on captures.
pub(super) fn mark_destinations(
    mut commands: Commands,
    play: PlayState,
    shown: Option<Res<ChartShown>>,
    kit: Option<Res<TokenKit>>,
    palette: Option<Res<Palette>>,
    marks: Query<Entity, With<ChartMark>>,
) {
    let (Some(shown), Some(kit), Some(palette)) = (shown, kit, palette) else { return };
    if !play.is_changed() && !shown.is_changed() {
        return;
    }
    for e in &marks {
        commands.entity(e).despawn();
    }
    for (cell, capture) in play.destinations() {
        commands.spawn((
            Mesh3d(if capture { kit.ring.clone() } else { kit.dot.clone() }),
            MeshMaterial3d(palette.mark.clone()),
            Transform::from_translation(shown.0.centre(cell).extend(0.3)),
            ChartMark,
            Pickable::IGNORE,
            RenderLayers::layer(CHART_LAYER),
        ));
    }
}
