//! Render-only runs: `--screenshot` saves the window after some frames and exits;
//! `--bench-frames` measures frame times and prints mean and p95.

use bevy::app::AppExit;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};
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

/// When the app was built: start-up times are measured from here.
#[derive(Resource, Clone, Copy, Debug)]
pub struct Started(pub Instant);

/// Screenshot and frame benchmark.
pub fn plugin(app: &mut App) {
    app.add_systems(Last, (take_screenshot, measure_frames));
}

/// Progress of a screenshot run.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Capture {
    /// Waiting for the frame count.
    #[default]
    Waiting,
    /// A capture was requested at this frame.
    Requested(u32),
    /// The captured frame was still blank (pipelines compile in the background): try again.
    Blank,
    /// The file is written.
    Saved,
}

/// Captures allowed before giving up on a blank window.
const MAX_ATTEMPTS: u32 = 40;

fn take_screenshot(
    mut commands: Commands,
    plan: Option<Res<ScreenshotPlan>>,
    state: Option<Res<Capture>>,
    mut frame: Local<u32>,
    mut attempts: Local<u32>,
    mut exit: MessageWriter<AppExit>,
    started: Option<Res<Started>>,
) {
    let Some(plan) = plan else { return };
    *frame += 1;
    let state = state.map(|s| *s).unwrap_or_default();
    let due = match state {
        Capture::Waiting => *frame >= plan.frames,
        Capture::Blank => true,
        Capture::Requested(at) => *frame > at + 600,
        Capture::Saved => {
            exit.write(AppExit::Success);
            return;
        }
    };
    if !due {
        return;
    }
    if *attempts >= MAX_ATTEMPTS || matches!(state, Capture::Requested(_)) {
        error!("no screenshot could be written to {}", plan.path.display());
        exit.write(AppExit::error());
        return;
    }
    *attempts += 1;
    let path = plan.path.clone();
    let started = started.map(|s| s.0);
    let last_try = *attempts == MAX_ATTEMPTS;
    // If the captured frame is still blank, the observer asks for another.
    commands.insert_resource(Capture::Requested(*frame));
    commands.spawn(Screenshot::primary_window()).observe(
        move |captured: On<ScreenshotCaptured>, mut commands: Commands| {
            let image = match captured.image.clone().try_into_dynamic() {
                Ok(image) => image.to_rgb8(),
                Err(e) => {
                    error!("cannot convert the screenshot: {e}");
                    commands.insert_resource(Capture::Blank);
                    return;
                }
            };
            // Blank until both the panel and the 3D view (its left half) show something.
            let first = image.get_pixel(0, 0).0;
            let same = |p: &[u8; 3]| p.iter().zip(first).all(|(a, b)| a.abs_diff(b) < 4);
            let view_blank =
                image.enumerate_pixels().filter(|(x, _, _)| *x < image.width() / 2).all(|(_, _, p)| same(&p.0));
            let blank = view_blank || image.pixels().all(|p| same(&p.0));
            if blank && !last_try {
                commands.insert_resource(Capture::Blank);
                return;
            }
            match image.save(&path) {
                Ok(()) => {
                    match started {
                        Some(t) => info!(
                            "screenshot saved to {} ({:.1} s after start)",
                            path.display(),
                            t.elapsed().as_secs_f64()
                        ),
                        None => info!("screenshot saved to {}", path.display()),
                    }
                    commands.insert_resource(Capture::Saved);
                }
                Err(e) => {
                    error!("cannot save the screenshot to {}: {e}", path.display());
                    commands.insert_resource(Capture::Blank);
                }
            }
        },
    );
}

const WARM_UP: u32 = 20;

fn measure_frames(
    bench: Option<Res<FrameBench>>,
    mut times: Local<Vec<f64>>,
    mut last: Local<Option<Instant>>,
    mut frame: Local<u32>,
    mut exit: MessageWriter<AppExit>,
    started: Option<Res<Started>>,
) {
    let Some(bench) = bench else { return };
    let now = Instant::now();
    *frame += 1;
    if *frame == 1
        && let Some(started) = started
    {
        println!("first frame {:.2} s after start", (now - started.0).as_secs_f64());
    }
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
