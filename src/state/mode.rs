//! The app's modes as Bevy states, and who plays. [`AppMode`] says where the game on the board
//! comes from: offline play (two people at one screen, or a person against the practice opponent,
//! as [`PlayMode`] says), an online game refereed by the server (the screen's [`Seat`]), or the
//! exhibition. [`Interaction`], offline only, says what a pick does: play, edit the setup, or
//! answer a lesson. The atlas ([`AtlasView`]) is a view over any of them: while it is open, picks
//! pin cells. [`Who`] is the one value the status line, the panel and the opponent read.

use crate::state::commands::Command;
use crate::state::game::{CurrentGame, Notice};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use surface_chess_rules::engine::Level;
use surface_chess_rules::{Color as Side, Game};

/// Where the game on the board comes from.
#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum AppMode {
    /// Played at this screen ([`PlayMode`] says by whom).
    #[default]
    Offline,
    /// An online game: the server referees, the opponent plays elsewhere ([`Seat`]).
    Online,
    /// The computer plays both sides, game after game, across the boards.
    Exhibition,
}

/// What a pick does in offline play: select and move, edit the setup, or answer a lesson.
#[derive(SubStates, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[source(AppMode = AppMode::Offline)]
pub enum Interaction {
    /// Picks select pieces and play moves.
    #[default]
    Play,
    /// Picks edit the setup ([`crate::state::setup::SetupBoard`]).
    Setup,
    /// A lesson is open ([`crate::state::lessons::ActiveLesson`]): picks mark cells or play, as
    /// its task asks.
    Lesson,
}

/// The seam and cone-point atlas: a view over any mode, open or closed. A teacher opens it during
/// a lesson or a setup without ending them; while it is open, picks pin cells.
#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum AtlasView {
    /// Closed.
    #[default]
    Closed,
    /// Open: the cell under the pointer, or the pinned one, is explained.
    Open,
}

/// Who plays offline: two people take turns at this screen, or the computer plays one side.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PlayMode {
    /// Two people take turns at this screen.
    #[default]
    TwoPlayers,
    /// The computer plays this side.
    VsComputer(Side),
}

/// This screen's seat in the online game on the board (only while [`AppMode::Online`]).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Seat {
    /// The side this screen plays (`None`: watching).
    pub you: Option<Side>,
    /// Whether moves are accepted now (both seated and ready, the game not over).
    pub playing: bool,
}

/// Who plays the game on the board, in one value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Who {
    /// Two people take turns at this screen.
    TwoPlayers,
    /// The computer plays this side.
    VsComputer(Side),
    /// The computer plays both sides.
    Exhibition,
    /// An online game, from this screen's seat.
    Online(Seat),
}

impl Who {
    /// Who plays in `mode`, with offline play's `play` and online play's `seat`.
    pub fn of(mode: AppMode, play: PlayMode, seat: Option<Seat>) -> Who {
        match (mode, play) {
            (AppMode::Exhibition, _) => Who::Exhibition,
            (AppMode::Online, _) => Who::Online(seat.unwrap_or_default()),
            (AppMode::Offline, PlayMode::TwoPlayers) => Who::TwoPlayers,
            (AppMode::Offline, PlayMode::VsComputer(side)) => Who::VsComputer(side),
        }
    }

    /// Whether the computer plays `side`.
    pub fn computer_plays(self, side: Side) -> bool {
        match self {
            Who::TwoPlayers | Who::Online(_) => false,
            Who::VsComputer(computer) => computer == side,
            Who::Exhibition => true,
        }
    }

    /// Whether the player at this screen may move `side`'s pieces now.
    pub fn moves_locally(self, side: Side) -> bool {
        match self {
            Who::Online(seat) => seat.playing && seat.you == Some(side),
            other => !other.computer_plays(side),
        }
    }

    /// The side whose camp the player faces: their own against the computer or online (White
    /// while watching), White when two share the screen or the computer plays both.
    pub fn own_side(self) -> Side {
        match self {
            Who::VsComputer(computer) => !computer,
            Who::Online(seat) => seat.you.unwrap_or(Side::White),
            Who::TwoPlayers | Who::Exhibition => Side::White,
        }
    }

    /// Whether this is an online game.
    pub fn is_online(self) -> bool {
        matches!(self, Who::Online(_))
    }
}

/// What [`Who`] is made of, for systems.
#[derive(SystemParam)]
pub struct Players<'w> {
    mode: Res<'w, State<AppMode>>,
    play: Res<'w, PlayMode>,
    seat: Option<Res<'w, Seat>>,
}

impl Players<'_> {
    /// Who plays now.
    pub fn who(&self) -> Who {
        Who::of(*self.mode.get(), *self.play, self.seat.as_deref().copied())
    }

    /// Whether any of it changed since the system last ran.
    pub fn is_changed(&self) -> bool {
        self.mode.is_changed() || self.play.is_changed() || self.seat.as_ref().is_some_and(|s| s.is_changed())
    }
}

/// Which consumer a pick has in the states now: the atlas's pin while it is open, else the
/// interaction's (offline), else moving pieces (online, the exhibition). Every consumer reads
/// every pick and acts only on its own, so that no pick waits, unread, for a later state.
#[derive(SystemParam)]
pub struct PicksHere<'w> {
    atlas: Res<'w, State<AtlasView>>,
    interaction: Option<Res<'w, State<Interaction>>>,
}

impl PicksHere<'_> {
    /// Whether the atlas takes the picks now.
    pub fn pin(&self) -> bool {
        *self.atlas.get() == AtlasView::Open
    }

    /// Whether the picks are `interaction`'s now (`Play` also online and in the exhibition).
    pub fn are(&self, interaction: Interaction) -> bool {
        !self.pin() && self.interaction.as_ref().map_or(Interaction::Play, |i| *i.get()) == interaction
    }
}

/// The app's mode and the switch to another, for systems.
#[derive(SystemParam)]
pub struct ModeSwitch<'w> {
    mode: Res<'w, State<AppMode>>,
    next: ResMut<'w, NextState<AppMode>>,
}

impl ModeSwitch<'_> {
    /// The mode now.
    pub fn get(&self) -> AppMode {
        *self.mode.get()
    }

    /// Switches to `mode` at the next state transition (the start of the next frame's update);
    /// nothing happens if it is the mode already.
    pub fn set(&mut self, mode: AppMode) {
        NextState::set_if_neq(&mut self.next, mode);
    }
}

/// The computer's playing strength (levels 1–12).
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ComputerLevel(pub Level);

impl Default for ComputerLevel {
    fn default() -> Self {
        ComputerLevel(Level::Club)
    }
}

/// The states and who plays.
pub fn plugin(app: &mut App) {
    if !app.is_plugin_added::<StatesPlugin>() {
        app.add_plugins(StatesPlugin);
    }
    app.init_state::<AppMode>()
        .add_sub_state::<Interaction>()
        .init_state::<AtlasView>()
        .init_resource::<PlayMode>()
        .init_resource::<ComputerLevel>()
        .add_systems(Update, run_player_commands.in_set(crate::schedule::AppSystems::Rules));
}

/// Who plays and how strong the computer is: a new choice of players starts a new game on the
/// same board, offline.
fn run_player_commands(
    mut commands: MessageReader<Command>,
    mut play: ResMut<PlayMode>,
    mut level: ResMut<ComputerLevel>,
    mut mode: ModeSwitch,
    mut current: ResMut<CurrentGame>,
    mut notice: ResMut<Notice>,
) {
    for command in commands.read() {
        match *command {
            Command::Versus(computer) => {
                *play = computer.map_or(PlayMode::TwoPlayers, PlayMode::VsComputer);
                mode.set(AppMode::Offline);
                let variant = current.variant();
                current.replace(Game::new(variant));
            }
            Command::Level(delta) => {
                let n = (level.0.number() as i8 + delta).clamp(1, Level::Strongest.number() as i8) as u8;
                if let Some(l) = Level::from_number(n) {
                    level.0 = l;
                    notice.say(format!("computer level {n}: {}", l.name()));
                }
            }
            _ => {}
        }
    }
}
