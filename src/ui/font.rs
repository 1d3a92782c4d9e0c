//! The UI font: DejaVu Sans Mono (assets/fonts, its licence beside it), compiled in and put in
//! place of Bevy's built-in font, which has ASCII only. The notation's en dash, the seam mark ↪,
//! facing arrows and "Möbius" need more.

use bevy::asset::AssetId;
use bevy::prelude::*;

/// The font file.
pub const FONT_DATA: &[u8] = include_bytes!("../../assets/fonts/DejaVuSansMono.ttf");

/// The font's advance, in font sizes: every character is this wide (1233 of 2048 units).
pub const ADVANCE: f32 = 1233.0 / 2048.0;

/// Replaces the default font. Added after `DefaultPlugins` and before the first update, so that
/// the text plugin registers this font rather than the one it was built with.
pub fn plugin(app: &mut App) {
    let mut fonts = app.world_mut().resource_mut::<Assets<Font>>();
    if fonts.insert(AssetId::default(), Font::from_bytes(FONT_DATA.to_vec())).is_err() {
        warn!("the UI font could not be installed; text falls back to Bevy's built-in font");
    }
}
