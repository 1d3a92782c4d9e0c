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

/// How squarely a cell must face the camera to count as seen (about 80° from its normal).
const FACING: f32 = 0.15;

/// How squarely a cell faces a camera at `eye` (0 when it faces away): either side on a
/// one-sided board, the outside on genus two.
fn facing(surface: &Surface, cell: Cell, eye: Vec3) -> f32 {
    let n = surface.centre_normal(cell);
    let towards = n.dot((eye - surface.centre(cell)).normalize_or(Vec3::Y));
    if surface.normals.is_none() { towards.abs() } else { towards.max(0.0) }
}

/// The cells a view is chosen for, and the other cells in play: where the surface cuts away, the
/// wall in front of any of them is cut, up to the first of them, which stays and may hide the
/// cells behind it (as the app draws it).
#[derive(Clone, Copy, Debug)]
pub struct Interest<'a> {
    /// The cells to show, the most important first (a selected piece's, then its destinations).
    pub cells: &'a [Cell],
    /// The other cells in play (the side to move's pieces), never cut away.
    pub kept: &'a [Cell],
}

impl<'a> Interest<'a> {
    /// Just these cells, as if nothing else were in play.
    pub fn only(cells: &'a [Cell]) -> Interest<'a> {
        Interest { cells, kept: &[] }
    }
}

/// How well the cells of interest are seen from `view` at `radius` around `focus`: how many face
/// the camera, lie in the field of view and are not hidden by the surface (the wall in front of
/// the cells in play cut away where the surface cuts away), then how squarely they face it in all.
fn score(surface: &Surface, sight: &Sight, interest: Interest, focus: Vec3, view: View, radius: f32) -> Score {
    let eye = focus + view.direction() * radius;
    let cells = interest.cells;
    let wanted: Vec<(Cell, Vec3)> = cells.iter().chain(interest.kept).map(|&c| (c, surface.centre(c))).collect();
    let cut = if look(surface.variant).shape.cuts_away() { sight.cut_away(eye, &wanted) } else { HashSet::new() };
    let mut score = Score { first: false, seen: 0, facing: 0.0 };
    for (i, &(cell, centre)) in wanted[..cells.len()].iter().enumerate() {
        let f = facing(surface, cell, eye);
        score.facing += f;
        if f > FACING && in_view(centre, focus, view, radius) && sight.sees(eye, cell, centre, &cut) {
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
        (0..=12).map(move |j| View { yaw: i as f32 * TAU / 36.0, pitch: low + (high - low) * j as f32 / 12.0 })
    })
}

/// The direction from which the cells of interest are best seen around `focus`: the nearest to
/// `current` among those that show every cell facing the camera, else the one showing the first
/// cell (the selected piece's) and the most of the others.
fn best_view(surface: &Surface, sight: &Sight, interest: Interest, focus: Vec3, radius: f32, current: View) -> View {
    let cells = interest.cells;
    let angle = |v: View| v.direction().angle_between(current.direction());
    // Far enough to have every cell in the field of view.
    let mut views: Vec<(View, f32)> =
        candidates(-1.3..=1.3).map(|view| (view, radius.max(radius_to_see(surface, cells, focus, view)))).collect();
    // Nearest first: the first that sees every cell wins. Only a view where every cell faces
    // the camera can, so the rays are cast for those alone.
    views.sort_by(|a, b| angle(a.0).total_cmp(&angle(b.0)));
    let all_face = |view: View, r: f32| {
        let eye = focus + view.direction() * r;
        cells.iter().all(|&c| facing(surface, c, eye) > FACING)
    };
    let showing_all = views
        .iter()
        .filter(|&&(view, r)| all_face(view, r))
        .find(|&&(view, r)| score(surface, sight, interest, focus, view, r).seen == cells.len())
        .map(|&(view, _)| view);
    // Else the best: the views by how many cells they could show at most (facing the camera, in
    // view), until no view left can beat the best found.
    let best = || {
        let bound = |&(view, r): &(View, f32)| {
            let eye = focus + view.direction() * r;
            let shown = |&c: &Cell| facing(surface, c, eye) > FACING && in_view(surface.centre(c), focus, view, r);
            (cells.first().is_some_and(shown), cells.iter().filter(|c| shown(c)).count())
        };
        let mut bounded: Vec<((bool, usize), (View, f32))> = views.iter().map(|v| (bound(v), *v)).collect();
        bounded.sort_by_key(|b| std::cmp::Reverse(b.0));
        let mut best: Option<(View, Score)> = None;
        for ((first, count), (view, r)) in bounded {
            if best.is_some_and(|(_, b)| (b.first, b.seen) > (first, count)) {
                break;
            }
            let s = score(surface, sight, interest, focus, view, r);
            if best.is_none_or(|(_, b)| s.cmp(&b).is_gt()) {
                best = Some((view, s));
            }
        }
        best.map(|(view, _)| view)
    };
    let view = showing_all.or_else(best).unwrap_or(current);
    // Turn the short way round.
    View { yaw: current.yaw + (view.yaw - current.yaw + TAU / 2.0).rem_euclid(TAU) - TAU / 2.0, ..view }
}

/// Where the orbit camera stands: what it turns around, its direction and its distance.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pose {
    /// The point it looks at and turns around.
    pub focus: Vec3,
    /// Its direction from the focus.
    pub view: View,
    /// Its distance from the focus.
    pub radius: f32,
}

impl Pose {
    /// Where the camera is.
    pub fn eye(&self) -> Vec3 {
        self.focus + self.view.direction() * self.radius
    }
}

/// How much nearer than `radius` the camera comes when it closes in on the cells.
const CLOSER: f32 = 3.0;

/// The pose from which the cells of interest are best seen, starting from `focus`, `radius` and
/// `current`: turning about the same focus (backing off until they fit) when that shows them
/// all, else also closing in on the cells themselves (their centroid, a third as far), which
/// looks round a rim or a hole's edge that hides a cell from afar; the pose showing more wins.
pub fn best_pose(surface: &Surface, interest: Interest, focus: Vec3, radius: f32, current: View) -> Pose {
    let sight = Sight::new(surface);
    let cells = interest.cells;
    let around = |focus: Vec3, radius: f32| {
        let view = best_view(surface, &sight, interest, focus, radius, current);
        let radius = radius.max(radius_to_see(surface, cells, focus, view));
        (Pose { focus, view, radius }, score(surface, &sight, interest, focus, view, radius))
    };
    let (turned, shown) = around(focus, radius);
    if shown.seen == cells.len() || cells.is_empty() {
        return turned;
    }
    let centroid = cells.iter().map(|&c| surface.centre(c)).sum::<Vec3>() / cells.len() as f32;
    let (closer, closer_shown) = around(centroid, radius / CLOSER);
    if closer_shown.cmp(&shown).is_gt() { closer } else { turned }
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
                && facing(surface, cell, eye) > FACING
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
