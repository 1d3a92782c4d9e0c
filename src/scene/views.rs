//! Choosing a view of the surface: directions scored by how many of the cells of interest are
//! seen (facing the camera, in view, not hidden by the surface) and how squarely they face it, and each board's home view on White's camp. Pure geometry, read by
//! the cameras' reset and by the camera following the game.

use crate::scene::surface::Surface;
use crate::scene::surface::look::look;
use crate::scene::surface::sight::Sight;
use bevy::platform::collections::HashSet;
use bevy::prelude::*;
use std::f32::consts::{FRAC_PI_4, TAU};
use surface_chess_rules::Cell;

/// A camera direction: yaw about the vertical, pitch above the horizon (the orbit camera's).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct View {
    /// Yaw in radians.
    pub yaw: f32,
    /// Pitch in radians.
    pub pitch: f32,
}

impl View {
    /// The unit vector from the focus towards the camera.
    pub fn direction(self) -> Vec3 {
        Vec3::new(self.yaw.sin() * self.pitch.cos(), self.pitch.sin(), self.yaw.cos() * self.pitch.cos())
    }

    /// The view looking back along `d` (from the focus towards the camera).
    pub fn along(d: Vec3) -> View {
        let d = d.normalize_or(Vec3::Z);
        View { yaw: d.x.atan2(d.z), pitch: d.y.clamp(-1.0, 1.0).asin().clamp(-MAX_PITCH, MAX_PITCH) }
    }
}

/// The steepest pitch a view takes (straight down confuses the orbit's yaw).
const MAX_PITCH: f32 = 1.45;

/// The vertical field of view of the surface camera (Bevy's default perspective).
const FOV: f32 = FRAC_PI_4;

/// How squarely a cell faces a camera at `eye` (0 when it faces away): either side on a
/// one-sided board, the outside on genus two.
fn facing(surface: &Surface, cell: Cell, eye: Vec3) -> f32 {
    let n = surface.centre_normal(cell);
    let towards = n.dot((eye - surface.centre(cell)).normalize_or(Vec3::Y));
    if surface.normals.is_none() { towards.abs() } else { towards.max(0.0) }
}

/// How well `cells` are seen from `view` at `radius` around `focus`: how many face the camera,
/// lie in the field of view and are not hidden by the surface (the wall in front of them cut
/// away where the surface cuts away), then how squarely they face it in all.
fn score(surface: &Surface, sight: &Sight, cells: &[Cell], focus: Vec3, view: View, radius: f32) -> Score {
    let eye = focus + view.direction() * radius;
    let wanted: Vec<(Cell, Vec3)> = cells.iter().map(|&c| (c, surface.centre(c))).collect();
    let cut = if look(surface.variant).shape.cuts_away() { sight.cut_away(eye, &wanted) } else { HashSet::new() };
    let mut score = Score { first: false, seen: 0, facing: 0.0 };
    for (i, &(cell, centre)) in wanted.iter().enumerate() {
        let f = facing(surface, cell, eye);
        score.facing += f;
        if f > 0.15 && in_view(centre, focus, view, radius) && sight.sees(eye, cell, centre, &cut) {
            score.first |= i == 0;
            score.seen += 1;
        }
    }
    score
}

/// What a view shows of the cells of interest.
#[derive(Clone, Copy, Debug)]
struct Score {
    /// Whether the first cell (the selected piece's) is seen.
    first: bool,
    /// How many are seen.
    seen: usize,
    /// How squarely they face the camera, added up.
    facing: f32,
}

impl Score {
    /// The better of two views that do not show every cell: the first cell, then the most
    /// cells, then the most squarely.
    fn cmp(&self, other: &Score) -> std::cmp::Ordering {
        (self.first, self.seen).cmp(&(other.first, other.seen)).then(self.facing.total_cmp(&other.facing))
    }
}

/// Directions around the board: yaw every 10°, pitch in `pitches`.
fn candidates(pitches: std::ops::RangeInclusive<f32>) -> impl Iterator<Item = View> {
    let (low, high) = (*pitches.start(), *pitches.end());
    (0..36).flat_map(move |i| {
        (0..=8).map(move |j| View { yaw: i as f32 * TAU / 36.0, pitch: low + (high - low) * j as f32 / 8.0 })
    })
}

/// The direction from which `cells` are best seen around `focus`: the nearest to `current`
/// among those that show every cell facing the camera, else the one showing the first cell (the
/// selected piece's) and the most of the others.
pub fn best_view(surface: &Surface, cells: &[Cell], focus: Vec3, radius: f32, current: View) -> View {
    let sight = Sight::new(surface);
    let scored: Vec<(View, Score)> = candidates(-0.6..=1.3)
        .map(|view| {
            // Far enough to have every cell in the field of view.
            let r = radius.max(radius_to_see(surface, cells, focus, view));
            (view, score(surface, &sight, cells, focus, view, r))
        })
        .collect();
    let angle = |v: View| v.direction().angle_between(current.direction());
    let all: Vec<&(View, Score)> = scored.iter().filter(|(_, score)| score.seen == cells.len()).collect();
    let chosen = if all.is_empty() {
        scored.iter().max_by(|a, b| a.1.cmp(&b.1)).map(|c| c.0)
    } else {
        all.iter().min_by(|a, b| angle(a.0).total_cmp(&angle(b.0))).map(|c| c.0)
    };
    let view = chosen.unwrap_or(current);
    // Turn the short way round.
    View { yaw: current.yaw + (view.yaw - current.yaw + TAU / 2.0).rem_euclid(TAU) - TAU / 2.0, ..view }
}

/// The least camera distance at which every cell lies inside the view (with a margin).
pub fn radius_to_see(surface: &Surface, cells: &[Cell], focus: Vec3, view: View) -> f32 {
    let axis = view.direction();
    let tan = (FOV / 2.0).tan() * 0.8;
    cells
        .iter()
        .map(|&cell| {
            let p = surface.centre(cell) - focus;
            let along = p.dot(axis);
            let lateral = (p - axis * along).length();
            along + lateral / tan
        })
        .fold(0.0, f32::max)
}

/// Whether a point is inside the view of a camera at `view` and `radius` around `focus`.
pub fn in_view(point: Vec3, focus: Vec3, view: View, radius: f32) -> bool {
    let eye = focus + view.direction() * radius;
    let to_point = point - eye;
    to_point.angle_between(-view.direction()) < FOV / 2.0
}

/// Each board's home view for `side`: the direction from above (pitch 0.45 to 0.95) that shows
/// the side's king and the most of its pieces seen on the near side of the board (facing the camera, in view,
/// not hidden by the surface), the height nearest the look's (`home_pitch`, a comfortable
/// 0.7 rad on most boards) among equals.
pub fn home_view(surface: &Surface, side: surface_chess_rules::Color) -> (Vec3, View, f32) {
    let start = surface_chess_rules::Position::new(surface.variant);
    let cells: Vec<Cell> = start.pieces().filter(|(_, p)| p.color() == side).map(|(c, _)| c).collect();
    let king = start.king(side);
    let look = look(surface.variant);
    let radius = look.home_radius;
    let sight = Sight::new(surface);
    // The cells seen (all of the side's pieces are in play when it is to move: the wall in front of them
    // is cut away where the surface cuts away), and of those the ones on the near side.
    let wanted: Vec<(Cell, Vec3)> = cells.iter().map(|&c| (c, surface.centre(c))).collect();
    let key = |view: View| {
        let eye = view.direction() * radius;
        let cut = if look.shape.cuts_away() { sight.cut_away(eye, &wanted) } else { HashSet::new() };
        let near_and_seen = |cell: Cell| {
            let p = surface.centre(cell);
            p.dot(view.direction()) > 0.0
                && facing(surface, cell, eye) > 0.15
                && in_view(p, Vec3::ZERO, view, radius)
                && sight.sees(eye, cell, p, &cut)
        };
        (near_and_seen(king), cells.iter().filter(|&&c| near_and_seen(c)).count())
    };
    let scored: Vec<(View, (bool, usize))> = candidates(0.45..=0.95).map(|v| (v, key(v))).collect();
    let best = scored.iter().map(|s| s.1).max().unwrap_or((false, 0));
    let view = scored
        .iter()
        .filter(|s| s.1 == best)
        .map(|s| s.0)
        .min_by(|a, b| (a.pitch - look.home_pitch).abs().total_cmp(&(b.pitch - look.home_pitch).abs()))
        .unwrap_or(View { yaw: 0.0, pitch: 0.7 });
    (Vec3::ZERO, view, radius)
}
