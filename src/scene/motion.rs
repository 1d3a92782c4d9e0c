//! The move being animated, as data: the animation (`animate`) writes it, the pieces wait for it.

use bevy::prelude::*;

/// The animation systems (pieces follow them).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct AnimationSystems;

/// What happens to a piece during a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fate {
    /// It travels along the path.
    Moves,
    /// It is taken: it sinks where it stands as the mover arrives.
    Captured,
}

/// One piece's models and their way.
#[derive(Clone, Debug)]
pub struct Track {
    /// The models (one per side of the surface).
    pub models: Vec<Entity>,
    /// Cell centres along the way with their normals, made continuous (no sudden flip at a
    /// one-sided seam); a captured piece's path is its cell alone.
    pub path: Vec<(Vec3, Vec3)>,
    /// Moving or captured.
    pub fate: Fate,
}

/// The move being animated.
#[derive(Resource, Clone, Debug)]
pub struct MoveAnimation {
    /// The pieces that move or are captured.
    pub tracks: Vec<Track>,
    /// Seconds since the start.
    pub elapsed: f32,
    /// Total duration.
    pub duration: f32,
    /// Whether the main route crosses a seam (the seams light up while it moves).
    pub crosses_seam: bool,
}
