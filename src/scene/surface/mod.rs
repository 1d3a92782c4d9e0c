//! Surfaces as geometry, derived from the rules' cell complexes: every cell a patch of `k × k`
//! quads whose lattice points are identified across glued edges exactly as the complex glues
//! them, so the surface closes where the complex does. Pure functions, no ECS.

mod embedding;
mod genus2;
mod geometry;
mod klein;
mod labels;
pub mod levels;
pub mod look;
mod patches;
pub mod sight;
pub mod stats;

pub use embedding::{chart_point, level_height};
pub use geometry::Surface;
pub use klein::Bottle;
pub use labels::{Placement, label_mesh, label_size, label_text, placement, visible_sides};
pub use patches::{cell_mesh, chart_direction, grid_lines, seam_lines, shade, side_lattice};
pub use stats::{MeshStats, cell_areas, cell_aspects, measure, mesh_stats, self_intersections};
