//! The online game on the board: [`OpenGame`] exists only while online play is on (made as it
//! starts, removed as it ends, with the [`Seat`] and the [`OfflineGame`] set aside), and
//! [`Board`] is what showing it changes.

use super::lobby::{Known, Lobby};
use super::reconcile::{Reconciled, reconcile};
use crate::state::game::CurrentGame;
use crate::state::messages::ActionPlayed;
use crate::state::mode::{AppMode, ModeSwitch, Seat};
use crate::state::selection::Selection;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use surface_chess_online::{GameId, GameState, Phase};
use surface_chess_rules::{Color, Game};

/// The online game on the board (only while [`AppMode::Online`]).
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct OpenGame {
    /// Its number on the server.
    pub id: GameId,
    /// The [`CurrentGame`] serial of the game as this module last showed it.
    pub(super) shown_serial: Option<u64>,
    /// The ply of the player's move sent and not yet acknowledged.
    pub(super) pending: Option<usize>,
}

impl OpenGame {
    fn new(id: GameId) -> OpenGame {
        OpenGame { id, shown_serial: None, pending: None }
    }

    /// The game's last state.
    pub fn known<'a>(&self, lobby: &'a Lobby) -> Option<&'a Known> {
        lobby.games.get(&self.id)
    }

    /// Whether the game on the board is still this one (no other game replaced it).
    pub(super) fn on_board(&self, serial: u64) -> bool {
        self.shown_serial.is_none_or(|s| s == serial)
    }
}

/// The offline game, set aside while online play is on, back on the board when the player
/// leaves (unless another game replaced the online one).
#[derive(Resource, Clone, Debug)]
pub struct OfflineGame(pub Game);

/// What showing an online game changes.
#[derive(SystemParam)]
pub struct Board<'w, 's> {
    pub(super) current: ResMut<'w, CurrentGame>,
    pub(super) open: Option<ResMut<'w, OpenGame>>,
    pub(super) mode: ModeSwitch<'w>,
    seat: Option<ResMut<'w, Seat>>,
    selection: ResMut<'w, Selection>,
    played: MessageWriter<'w, ActionPlayed>,
    pub(super) commands: Commands<'w, 's>,
}

impl Board<'_, '_> {
    /// The open game's number.
    pub(super) fn open_id(&self) -> Option<GameId> {
        self.open.as_ref().map(|o| o.id)
    }

    /// Opens game `id` (its state must be known): online play starts with it, or it replaces
    /// the online game on the board. Returns the problem when the state cannot be shown.
    pub(super) fn enter(&mut self, lobby: &Lobby, id: GameId) -> Result<(), String> {
        let Some(known) = lobby.games.get(&id).cloned() else { return Ok(()) };
        match self.open.as_mut() {
            Some(open) => {
                **open = OpenGame::new(id);
                self.show(&known.state)
            }
            None => {
                // The game is shown on entering online play (`open_online_play`).
                self.commands.insert_resource(OpenGame::new(id));
                self.mode.set(AppMode::Online);
                Ok(())
            }
        }
    }

    /// Online play ends on this screen at the next state transition (`close_online_play`, which
    /// puts the offline game back unless another game replaced the online one).
    pub(super) fn leave(&mut self) {
        self.mode.set(AppMode::Offline);
    }

    /// Shows the open game's state: new moves are played on the game on show (and animated),
    /// anything else rebuilds it. The player's move waiting for its acknowledgement stays.
    /// Returns the problem when the server's moves do not replay.
    pub(super) fn show(&mut self, state: &GameState) -> Result<(), String> {
        let Some(open) = self.open.as_mut() else { return Ok(()) };
        let current = &mut *self.current;
        // The game on show, unless this module did not put it there.
        let on_show = (open.shown_serial == Some(current.serial())).then_some(&current.game);
        let fresh = Game::new(state.variant);
        let reconciled = reconcile(on_show.unwrap_or(&fresh), open.pending, state)?;
        let seat = Seat { you: state.you.map(Color::from), playing: state.phase == Phase::Playing };
        match self.seat.as_mut() {
            Some(s) => {
                s.set_if_neq(seat);
            }
            None => self.commands.insert_resource(seat),
        }
        match reconciled {
            Reconciled::Waiting => {}
            Reconciled::Extended { played, game } if on_show.is_some() => {
                current.game = game;
                for (ply, action) in played {
                    self.played.write(ActionPlayed { action, ply });
                    self.selection.clear();
                }
            }
            Reconciled::Extended { game, .. } | Reconciled::Rebuilt(game) => {
                current.replace(game);
                open.shown_serial = Some(current.serial());
            }
        }
        Ok(())
    }
}
