//! The flat chart view: every chart of the board as a grid of cells showing the same position
//! as the surface, with seam labels, destinations (dot = quiet, ring = capture) and highlights.
//! Cells are pickable like the surface's.

use crate::board::{Highlight, Hovered, base_class, cell_highlight};
use crate::layout::{CHART_HEIGHT, DIM, PANEL_WIDTH, label};
use crate::play::{CellPicked, Play};
use bevy::picking::events::{Click, Out, Over, Pointer};
use bevy::prelude::*;
use surface_chess_rules::{Cell, Color as Side, Coord, Facing, FacingMode, Piece, Variant};

/// The chart area (rebuilt when the position on show changes).
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct ChartArea;

/// A chart cell.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChartCell(pub Cell);

/// Draw the charts upside down (Black's point of view).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Flipped(pub bool);

/// The chart view.
pub fn plugin(app: &mut App) {
    app.init_resource::<Flipped>()
        .add_systems(Update, (draw_charts, tint_chart_cells).chain().in_set(crate::AppSystems::Show));
}

/// Background colours of chart cells by base class (as on the surface) and highlight.
fn cell_colour(variant: Variant, cell: Cell, highlight: Option<Highlight>) -> Color {
    match highlight {
        Some(Highlight::Selected) => Color::srgb(0.95, 0.80, 0.25),
        Some(Highlight::Check) => Color::srgb(0.90, 0.30, 0.25),
        Some(Highlight::Hover) => Color::srgb(0.55, 0.85, 0.80),
        Some(Highlight::LastMove) => Color::srgb(0.72, 0.80, 0.42),
        Some(Highlight::Hint) => Color::srgb(0.72, 0.52, 0.92),
        None => [
            Color::srgb(0.42, 0.50, 0.62),
            Color::srgb(0.86, 0.87, 0.82),
            Color::srgb(0.46, 0.60, 0.78),
            Color::srgb(0.64, 0.76, 0.90),
        ][base_class(variant, cell)],
    }
}

/// The size of a chart cell in pixels so that all charts fit the chart area.
pub fn cell_pixels(variant: Variant) -> f32 {
    let charts = variant.rules().complex.charts();
    let files: f32 = charts.iter().map(|c| f32::from(c.width) + 1.5).sum();
    let ranks = charts.iter().map(|c| f32::from(c.height)).fold(0.0, f32::max) + 2.0;
    ((PANEL_WIDTH - 24.0) / files).min((CHART_HEIGHT - 30.0) / ranks).min(40.0).floor()
}

/// Keeps chart cell colours in step with the highlights.
fn tint_chart_cells(play: Res<Play>, hovered: Res<Hovered>, mut cells: Query<(&ChartCell, &mut BackgroundColor)>) {
    if !play.is_changed() && !hovered.is_changed() {
        return;
    }
    let variant = play.variant();
    for (&ChartCell(cell), mut background) in &mut cells {
        background.set_if_neq(BackgroundColor(cell_colour(variant, cell, cell_highlight(&play, hovered.0, cell))));
    }
}

fn draw_charts(mut commands: Commands, play: Res<Play>, flipped: Res<Flipped>, areas: Query<Entity, With<ChartArea>>) {
    if !play.is_changed() && !flipped.is_changed() {
        return;
    }
    let Ok(area) = areas.single() else { return };
    commands.entity(area).despawn_related::<Children>();
    let variant = play.variant();
    let complex = &variant.rules().complex;
    let px_cell = cell_pixels(variant);
    let position = play.shown();
    let destinations = play.destinations();
    for (ci, chart) in complex.charts().iter().enumerate() {
        let column = commands
            .spawn(Node { flex_direction: FlexDirection::Column, margin: UiRect::horizontal(px(4)), ..default() })
            .id();
        commands.entity(area).add_child(column);
        let title = match chart.label {
            Some(l) => format!("chart {l}"),
            None => seam_note(variant).to_owned(),
        };
        commands.entity(column).with_child(label(title, 11.0, DIM));
        let ranks: Vec<u8> = if flipped.0 { (0..chart.height).collect() } else { (0..chart.height).rev().collect() };
        for rank in ranks {
            let row = commands.spawn(Node { flex_direction: FlexDirection::Row, ..default() }).id();
            commands.entity(column).add_child(row);
            commands.entity(row).with_child((
                Node { width: px(18), height: px(px_cell), align_items: AlignItems::Center, ..default() },
                children![label(format!("{}", rank + 1), 10.0, DIM)],
            ));
            let files: Vec<u8> = if flipped.0 { (0..chart.width).rev().collect() } else { (0..chart.width).collect() };
            for file in files {
                let cell = complex.cell_at(Coord { chart: ci as u8, file, rank }).expect("on chart");
                let colour = cell_colour(variant, cell, cell_highlight(&play, None, cell));
                let square = commands
                    .spawn((
                        Node {
                            width: px(px_cell),
                            height: px(px_cell),
                            justify_content: JustifyContent::Center,
                            align_items: AlignItems::Center,
                            ..default()
                        },
                        BackgroundColor(colour),
                        ChartCell(cell),
                    ))
                    .observe(click_cell)
                    .observe(hover_cell)
                    .observe(leave_cell)
                    .id();
                commands.entity(row).add_child(square);
                if let Some(piece) = position.piece_at(cell) {
                    let (disc, ink) = match piece.color() {
                        Side::White => (Color::srgb(0.97, 0.95, 0.88), Color::srgb(0.1, 0.1, 0.1)),
                        Side::Black => (Color::srgb(0.12, 0.12, 0.14), Color::srgb(0.95, 0.95, 0.95)),
                    };
                    let glyph = piece_glyph(variant, piece);
                    commands.entity(square).with_child((
                        Node {
                            width: px(px_cell * 0.8),
                            height: px(px_cell * 0.8),
                            justify_content: JustifyContent::Center,
                            align_items: AlignItems::Center,
                            border_radius: BorderRadius::MAX,
                            ..default()
                        },
                        BackgroundColor(disc),
                        Pickable::IGNORE,
                        children![(label(glyph, px_cell * 0.42, ink), Pickable::IGNORE)],
                    ));
                }
                if let Some(&(_, capture)) = destinations.iter().find(|(c, _)| *c == cell) {
                    let size = if capture { px_cell * 0.9 } else { px_cell * 0.3 };
                    let mark = (
                        Node {
                            position_type: PositionType::Absolute,
                            width: px(size),
                            height: px(size),
                            border: UiRect::all(px(if capture { 3.0 } else { 0.0 })),
                            border_radius: BorderRadius::MAX,
                            ..default()
                        },
                        BorderColor::all(Color::srgb(0.15, 0.65, 0.35)),
                        BackgroundColor(if capture { Color::NONE } else { Color::srgb(0.15, 0.65, 0.35) }),
                        Pickable::IGNORE,
                    );
                    commands.entity(square).with_child(mark);
                }
            }
        }
        let files =
            commands.spawn(Node { flex_direction: FlexDirection::Row, margin: UiRect::left(px(18)), ..default() }).id();
        commands.entity(column).add_child(files);
        for file in 0..chart.width {
            let file = if flipped.0 { chart.width - 1 - file } else { file };
            commands.entity(files).with_child((
                Node { width: px(px_cell), justify_content: JustifyContent::Center, ..default() },
                children![label(char::from(b'a' + file).to_string(), 10.0, DIM)],
            ));
        }
    }
}

/// What the chart's edges mean on single-chart boards.
fn seam_note(variant: Variant) -> &'static str {
    match variant {
        Variant::Mobius => "east of j,r is a,10−r",
        Variant::Endless => "east of h,r is a,9−r",
        Variant::Klein => "east of i,r is a,19−r; ranks wrap",
        Variant::Genus2 | Variant::Chess => "",
    }
}

fn click_cell(event: On<Pointer<Click>>, cells: Query<&ChartCell>, mut picks: MessageWriter<CellPicked>) {
    if event.button == PointerButton::Primary
        && let Ok(&ChartCell(cell)) = cells.get(event.event_target())
    {
        picks.write(CellPicked(cell));
    }
}

fn hover_cell(event: On<Pointer<Over>>, cells: Query<&ChartCell>, mut hovered: ResMut<Hovered>) {
    if let Ok(&ChartCell(cell)) = cells.get(event.event_target()) {
        hovered.set_if_neq(Hovered(Some(cell)));
    }
}

fn leave_cell(event: On<Pointer<Out>>, cells: Query<&ChartCell>, mut hovered: ResMut<Hovered>) {
    if cells.get(event.event_target()).is_ok_and(|c| Some(c.0) == hovered.0) {
        hovered.set_if_neq(Hovered(None));
    }
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
