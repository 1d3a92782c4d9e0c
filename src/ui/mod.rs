//! The top layer: the side panel, its tabs and buttons, the keyboard and the UI font. Buttons
//! and keys change what the layers below hold; nothing below imports from here.

pub mod button;
pub mod commands;
pub mod facts;
pub mod font;
pub mod keyboard;
pub mod panel;
pub mod tabs;
pub mod tips;
pub mod toggles;
