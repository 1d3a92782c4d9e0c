//! The app's state, lowest layer: the game, the selection, the position on show, who plays, and
//! the modes that change them (setup, lessons, the atlas's pins, online play, the practice
//! opponent, the exhibition and kiosk, saving). Nothing here draws; nothing here imports from the
//! layers above (`scene`, `features`, `ui`).

pub mod atlas;
pub mod carried;
pub mod commands;
pub mod cursor;
pub mod exhibition;
pub mod game;
pub mod kiosk;
pub mod lessons;
pub mod messages;
pub mod mode;
pub mod online;
pub mod opponent;
pub mod persist;
pub mod play;
pub mod selection;
pub mod setup;
pub mod stack;
pub mod tours;
pub mod viewing;
