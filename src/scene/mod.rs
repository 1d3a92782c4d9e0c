//! The scene, above the state: the embedded board (geometry, one pickable patch per cell, grid,
//! seams, labels, the palette), the pieces and their move animation, the chart, the cameras and
//! the window. It draws the state and turns clicks into picks; it imports nothing from
//! `features` or `ui`.

pub mod animate;
pub mod board;
pub mod camera;
pub mod chart;
pub mod facing;
pub mod flat;
pub mod glyphs;
pub mod kept;
pub mod layout;
pub mod motion;
pub mod overlay;
pub mod piece_models;
pub mod pieces;
pub mod quality;
pub mod sheet;
pub mod surface;
pub mod views;
pub mod window;
