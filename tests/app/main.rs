//! The app's headless tests, in one test binary (each binary links Bevy: one link instead of
//! seven). `MinimalPlugins` plus the app's own plugins, driven by the messages and events a
//! player's clicks and keys send.

mod buttons;
mod chart;
mod follow;
mod font;
mod lessons;
mod levels;
mod modes;
mod online;
mod panel;
mod persist;
mod pieces;
mod play;
mod teach;
mod transitions;
mod unrolled;
