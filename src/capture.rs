//! Render-only runs: `--screenshot` saves the window after some frames and exits;
//! `--bench-frames` measures frame times and prints mean and p95.

use bevy::app::AppExit;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};
use std::path::PathBuf;
use std::time::Instant;

/// Take a screenshot after `frames` frames, save it to `path`, then exit.
#[derive(Resource, Clone, Debug)]
pub struct ScreenshotPlan {
    /// Where to save the PNG.
    pub path: PathBuf,
    /// Frames to render first.
    pub frames: u32,
}

/// Measure this many frames (after a warm-up), print the statistics, exit.
#[derive(Resource, Clone, Debug)]
pub struct FrameBench {
    /// Frames to measure.
    pub frames: u32,
}

/// Screenshot and frame benchmark.
pub fn plugin(app: &mut App) {
    app.add_systems(Last, (take_screenshot, measure_frames));
}

/// Seconds to let pipelines compile before a screenshot.
const SETTLE_SECONDS: f32 = 3.0;

/// Set once the screenshot has been written.
#[derive(Resource, Clone, Copy, Debug, Default)]
struct ScreenshotSaved(bool);

fn take_screenshot(
    mut commands: Commands,
    plan: Option<Res<ScreenshotPlan>>,
    saved: Option<Res<ScreenshotSaved>>,
    mut frame: Local<u32>,
    mut requested: Local<bool>,
    time: Res<Time<Real>>,
    mut exit: MessageWriter<AppExit>,
) {
    let Some(plan) = plan else { return };
    *frame += 1;
    // Pipelines compile in the background for the first frames: wait for both the frame count
    // and a few seconds before capturing.
    if *frame >= plan.frames && time.elapsed_secs() >= SETTLE_SECONDS && !*requested {
        *requested = true;
        commands.spawn(Screenshot::primary_window()).observe(save_to_disk(plan.path.clone())).observe(
            |_: On<ScreenshotCaptured>, mut commands: Commands| commands.insert_resource(ScreenshotSaved(true)),
        );
    }
    // The capture arrives a few frames after the request; leave once it is written.
    if saved.is_some_and(|s| s.0) {
        exit.write(AppExit::Success);
    }
    if *requested && *frame > plan.frames + 600 {
        error!("no screenshot was written to {}", plan.path.display());
        exit.write(AppExit::error());
    }
}

const WARM_UP: u32 = 20;

fn measure_frames(
    bench: Option<Res<FrameBench>>,
    mut times: Local<Vec<f64>>,
    mut last: Local<Option<Instant>>,
    mut frame: Local<u32>,
    mut exit: MessageWriter<AppExit>,
) {
    let Some(bench) = bench else { return };
    let now = Instant::now();
    *frame += 1;
    if *frame > WARM_UP
        && let Some(previous) = *last
    {
        times.push((now - previous).as_secs_f64() * 1000.0);
    }
    *last = Some(now);
    if times.len() as u32 >= bench.frames {
        let mut sorted = times.clone();
        sorted.sort_by(f64::total_cmp);
        let mean = sorted.iter().sum::<f64>() / sorted.len() as f64;
        let p95 = sorted[((sorted.len() as f64 * 0.95) as usize).min(sorted.len() - 1)];
        println!("frames {} mean {mean:.2} ms p95 {p95:.2} ms ({:.1} fps)", sorted.len(), 1000.0 / mean);
        exit.write(AppExit::Success);
    }
}
