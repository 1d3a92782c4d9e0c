//! The window's layout and the small UI building blocks shared by the chart and the panel.

use bevy::prelude::*;

/// Width of the right-hand column (chart and panel), in logical pixels.
pub const PANEL_WIDTH: f32 = 440.0;

/// The gap between the parts of the panel below the chart.
pub const PANEL_GAP: f32 = 4.0;

/// Height of the chart area at the top of the column, when the window is tall enough.
pub const CHART_HEIGHT: f32 = 380.0;

/// The least height of the chart area, in the shortest window.
pub const CHART_MIN: f32 = 240.0;

/// The height the panel below the chart needs: its header, the tab bar, the tallest tab and a
/// few rows of the move list.
pub const PANEL_BODY: f32 = 440.0;

/// The chart area's height in a column `height` logical pixels tall (at the UI's scale): the full
/// [`CHART_HEIGHT`] when there is room, less in a short window so that the panel below it fits.
pub fn chart_height(height: f32) -> f32 {
    (height - PANEL_BODY).clamp(CHART_MIN, CHART_HEIGHT)
}

/// Panel background.
pub const PANEL_BG: Color = Color::srgb(0.13, 0.14, 0.17);

/// Text colour.
pub const TEXT: Color = Color::srgb(0.90, 0.91, 0.93);

/// Dimmed text.
pub const DIM: Color = Color::srgb(0.60, 0.63, 0.68);

/// A text bundle.
pub fn label(text: impl Into<String>, size: f32, color: Color) -> impl Bundle {
    (Text::new(text), TextFont { font_size: FontSize::Px(size), ..default() }, TextColor(color))
}
