//! The panel's tabs: which group of controls is on show. Clicking a tab chooses it; the panel
//! also turns to the tab that matters when something starts there (an online game or the online
//! menu asked for: Online; a lesson or the lesson list: Learn). The tab is only what the panel
//! shows: keys work whatever tab is on show.

use crate::state::lessons::{ActiveLesson, BrowserOpen};
use crate::state::online::{OnlineMenu, OpenGame};
use bevy::prelude::*;

/// A group of the panel's controls.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Tab {
    /// A new game, the boards, the game's ending, setup.
    #[default]
    Game,
    /// Who plays and the computer's level.
    Opponent,
    /// Lessons, hints and the views that explain.
    Learn,
    /// The camera and the view toggles.
    View,
    /// Online play.
    Online,
    /// Saving and loading.
    File,
}

impl Tab {
    /// The tabs, in the tab bar's order.
    pub const ALL: [Tab; 6] = [Tab::Game, Tab::Opponent, Tab::Learn, Tab::View, Tab::Online, Tab::File];

    /// The tab's name (its button's label).
    pub const fn name(self) -> &'static str {
        match self {
            Tab::Game => "Game",
            Tab::Opponent => "Opponent",
            Tab::Learn => "Learn",
            Tab::View => "View",
            Tab::Online => "Online",
            Tab::File => "File",
        }
    }

    /// What the tab holds, in one line (its tooltip).
    pub const fn tip(self) -> &'static str {
        match self {
            Tab::Game => "A new game, the boards, resigning and draws, setting up a position",
            Tab::Opponent => "Who plays: the computer (and its level), two players, the exhibition",
            Tab::Learn => "Lessons, a hint, and the views that explain the surface",
            Tab::View => "The camera and what the views show",
            Tab::Online => "Online play: connect, host, join, the lobby",
            Tab::File => "Saving and loading the game's record",
        }
    }
}

/// The tab on show.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PanelTab(pub Tab);

/// The tab and its automatic turns.
pub fn plugin(app: &mut App) {
    app.init_resource::<PanelTab>()
        .add_systems(Update, (turn_to_online, turn_to_learn).in_set(crate::schedule::AppSystems::Show));
}

/// An online game opening, or the online menu asked for (`--server`, `--host`, `--join`, leaving
/// a game), shows the Online tab.
fn turn_to_online(menu: Res<OnlineMenu>, open: Option<Res<OpenGame>>, mut tab: ResMut<PanelTab>) {
    let opened = open.is_some_and(|o| o.is_added());
    if opened || (menu.is_changed() && menu.0) {
        tab.set_if_neq(PanelTab(Tab::Online));
    }
}

/// A lesson opened, or the lesson list shown, shows the Learn tab.
fn turn_to_learn(browser: Res<BrowserOpen>, lesson: Option<Res<ActiveLesson>>, mut tab: ResMut<PanelTab>) {
    let opened = lesson.is_some_and(|l| l.is_added());
    if opened || (browser.is_changed() && browser.0) {
        tab.set_if_neq(PanelTab(Tab::Learn));
    }
}
