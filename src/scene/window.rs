//! The window: it honours the system's scale factor, and unless a size was asked for (or it is a
//! kiosk's fullscreen window) it opens at a size that fits the monitor it is on.

use bevy::prelude::*;
use bevy::window::{Monitor, PrimaryMonitor, PrimaryWindow};

/// The window's size when the monitor allows it, in logical pixels.
pub const DEFAULT_SIZE: (u32, u32) = (1600, 900);

/// The share of the monitor a fitted window takes at most.
const MONITOR_SHARE: f32 = 0.9;

/// Keep the window's size as given (`--size`, kiosk): do not fit it to the monitor.
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct KeepSize;

/// Window fitting.
pub fn plugin(app: &mut App) {
    app.add_systems(Update, fit_to_monitor.run_if(not(resource_exists::<KeepSize>)));
}

/// The logical size that fits `wanted` into a monitor of `monitor` physical pixels at `scale`,
/// keeping the aspect ratio.
pub fn fitted_size(wanted: Vec2, monitor: UVec2, scale: f32) -> Vec2 {
    let room = monitor.as_vec2() / scale.max(0.1) * MONITOR_SHARE;
    let shrink = (room.x / wanted.x).min(room.y / wanted.y).min(1.0);
    (wanted * shrink).max(Vec2::new(640.0, 400.0)).floor()
}

/// Once the primary monitor is known, shrinks the window to fit it.
fn fit_to_monitor(
    monitors: Query<&Monitor, With<PrimaryMonitor>>,
    mut windows: Query<&mut Window, With<PrimaryWindow>>,
    mut done: Local<bool>,
) {
    if *done {
        return;
    }
    let (Ok(monitor), Ok(mut window)) = (monitors.single(), windows.single_mut()) else { return };
    *done = true;
    let wanted = Vec2::new(window.resolution.width(), window.resolution.height());
    let size = fitted_size(wanted, monitor.physical_size(), monitor.scale_factor as f32);
    if size != wanted {
        window.resolution.set(size.x, size.y);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_window_fits_small_and_high_density_monitors() {
        let wanted = Vec2::new(1600.0, 900.0);
        assert_eq!(fitted_size(wanted, UVec2::new(2560, 1440), 1.0), wanted, "room enough");
        let laptop = fitted_size(wanted, UVec2::new(1366, 768), 1.0);
        assert!(laptop.x <= 1366.0 * 0.9 && laptop.y <= 768.0 * 0.9, "{laptop}");
        assert!((laptop.x / laptop.y - 16.0 / 9.0).abs() < 0.01, "keeps the aspect ratio");
        let retina = fitted_size(wanted, UVec2::new(2880, 1800), 2.0);
        assert!(retina.x <= 1440.0 * 0.9, "logical pixels at scale 2: {retina}");
    }
}
