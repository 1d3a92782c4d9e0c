//! The panel's words: the status line (board, mode, who is to move, check, the result and its
//! reason, the last notice) and the move list's entries.

use crate::state::mode::{Seat, Who};
use crate::state::opponent::Purpose;
use crate::state::viewing::Viewing;
use std::fmt;
use surface_chess_rules::Game;
use surface_chess_rules::engine::Level;

/// Everything the status line reports.
pub struct Status<'a> {
    /// The game.
    pub game: &'a Game,
    /// The ply on show.
    pub viewing: Viewing,
    /// Who plays.
    pub who: Who,
    /// The computer's level.
    pub level: Level,
    /// The search in progress and the depth it reached.
    pub thinking: Option<(Purpose, u32)>,
    /// The last notice for the player.
    pub notice: &'a str,
    /// Why the last autosave failed, if it did.
    pub autosave_failure: Option<&'a str>,
    /// An online game's result as the server decided it (a loss on time has no rules reason).
    pub server_result: Option<&'a str>,
}

impl fmt::Display for Status<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let game = self.game;
        let p = self.viewing.shown(game);
        write!(f, "{} · ", p.variant())?;
        match self.who {
            Who::Exhibition => {
                f.write_str("exhibition (click or key to take over) · ")?;
                let last = game.actions().len().checked_sub(1);
                if let Some((&a, before)) = last.and_then(|ply| game.actions().get(ply).zip(game.position_at(ply))) {
                    write!(f, "last move {} · ", before.san(a))?;
                }
            }
            Who::VsComputer(side) => {
                let level = self.level;
                write!(f, "computer ({}, level {}) plays {} · ", level.name(), level.number(), side.name())?;
            }
            Who::Online(Seat { you: Some(side), .. }) => write!(f, "online, you play {} · ", side.name())?,
            Who::Online(Seat { you: None, .. }) => f.write_str("online, watching · ")?,
            Who::TwoPlayers => {}
        }
        if let Some((purpose, depth)) = self.thinking {
            let who = if purpose == Purpose::Hint { "hint" } else { "computer" };
            write!(f, "{who} thinking (depth {depth}) · ")?;
        }
        if let Some(ply) = self.viewing.0 {
            write!(f, "viewing after ply {ply} (click 'live' to return) · ")?;
        }
        let live = self.viewing.0.is_none();
        match (game.outcome().filter(|_| live), self.server_result.filter(|_| live)) {
            (_, Some(result)) => f.write_str(result)?,
            (Some(o), None) => write!(f, "{o}")?,
            (None, None) if game.is_exploring() => f.write_str("exploring: any piece moves, no turn or check")?,
            (None, None) => {
                write!(f, "{} to move", p.side_to_move().name())?;
                if p.is_check() {
                    f.write_str(", in check")?;
                }
            }
        }
        if !self.notice.is_empty() {
            write!(f, "\n{}", self.notice)?;
        }
        if let Some(failure) = self.autosave_failure {
            write!(f, "\nautosave failed (retrying): {failure}")?;
        }
        Ok(())
    }
}

/// The move list's entries: each ply's notation, numbered on White's plies, with ↪ on the moves
/// that cross a seam; exploring, every move numbered, in long notation (no turns to pair).
pub fn move_entries(game: &Game) -> Vec<String> {
    let mut out = Vec::new();
    for (ply, action) in game.actions().iter().enumerate() {
        let Some(position) = game.position_at(ply) else { break };
        let mut text = String::new();
        if game.is_exploring() {
            text.push_str(&format!("{}. {}", ply + 1, position.explore_notation(*action)));
        } else {
            if ply % 2 == 0 {
                text.push_str(&format!("{}.", ply / 2 + 1));
            }
            text.push_str(&position.san(*action));
        }
        if position.crosses_seam(*action) {
            text.push_str(" ↪");
        }
        out.push(text);
    }
    out
}
