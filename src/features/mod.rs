//! Features drawn over the scene: the cells' look (highlights, the levels' fading), rays, the
//! atlas, explanations, the unrolled view, the stacked levels, the check ring and the camera
//! following the game. They read the state and the scene; nothing here imports from `ui`.

pub mod atlas;
pub mod cell_look;
pub mod check_ring;
pub mod compare;
pub mod cutaway;
pub mod explain;
pub mod follow;
pub mod levels;
pub mod rays;
pub mod threats;
pub mod tour_view;
pub mod unrolled;
