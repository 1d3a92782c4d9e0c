//! The window's layout and the small UI building blocks shared by the chart and the panel.

use bevy::prelude::*;

/// Width of the right-hand column (chart and panel), in logical pixels.
pub const PANEL_WIDTH: f32 = 440.0;

/// Height of the chart area at the top of the column.
pub const CHART_HEIGHT: f32 = 380.0;

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
