//! The JSON game record: ruleset version, variant, initial or labelled edited setup, every action
//! in long notation, the result and a summary of the final state. Loading replays everything and
//! rejects inconsistent data with an error that names the ply.

use crate::game::{EndReason, Game, Outcome, Start};
use crate::piece::Color;
use crate::position::Position;
use crate::quote::{Escaped, QUOTE_LIMIT, Quoted, escaped_to};
use crate::variant::Variant;
use serde::{Deserialize, Serialize};

/// A saved game as stored in JSON.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    /// The rules version, `surface-rules-0.1`.
    pub ruleset: String,
    /// The variant name.
    pub variant: String,
    /// An edited starting position; absent for the variant's initial position.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub setup: Option<SetupRecord>,
    /// Explore mode: the actions are explore-mode moves (any piece, no turn or check rules) and
    /// there is no result. Absent for a game.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub explore: bool,
    /// Every action, in long coordinate notation.
    pub actions: Vec<String>,
    /// The result; `null` for a game in progress.
    pub result: Option<ResultRecord>,
    /// The final state, checked on load when present.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub r#final: Option<FinalRecord>,
}

/// A labelled edited setup.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetupRecord {
    /// Its provenance (e.g. "analysis: en passant across the seam").
    pub label: String,
    /// The position in the text format.
    pub position: String,
}

/// A result: winner (`"white"`, `"black"` or `null` for a draw) and reason.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResultRecord {
    /// `"white"`, `"black"`, or `null` for a draw.
    pub winner: Option<String>,
    /// The reason's name (see [`EndReason::name`]).
    pub reason: String,
}

/// The state after the last action: position text and how often its key has occurred.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FinalRecord {
    /// The final position in the text format (with its rights, trace and counters).
    pub position: String,
    /// Occurrences of the final position's repetition key.
    pub repetitions: u32,
}

/// Why a record cannot be loaded. User text in the messages is escaped and cut (see [`Quoted`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// Not valid JSON for a record: the parser's message, its user text escaped and cut, with
    /// the line and column.
    #[error("not a game record: {0}")]
    Json(String),
    /// A field other than an action is wrong.
    #[error("record field '{field}': {reason}")]
    Field {
        /// The field's name.
        field: &'static str,
        /// What is wrong.
        reason: String,
    },
    /// An action cannot be played.
    #[error("ply {ply} ({}{} {}): {reason}", ply.div_ceil(2), if ply % 2 == 1 { "." } else { "..." }, Escaped(.text))]
    Action {
        /// 1-based ply of the action.
        ply: usize,
        /// The action's text.
        text: String,
        /// What is wrong.
        reason: String,
    },
}

/// A JSON error's message with the user text in it escaped and cut, then where it is.
pub(crate) fn json_error(e: &serde_json::Error) -> String {
    let message = e.to_string();
    let at = format!(" at line {} column {}", e.line(), e.column());
    let text = message.strip_suffix(&at).unwrap_or(&message);
    // The message quotes the field or value at fault; twice the usual cut leaves room for the rest.
    format!("{}{at}", escaped_to(text, 2 * QUOTE_LIMIT))
}

fn field(field: &'static str, reason: impl Into<String>) -> RecordError {
    RecordError::Field { field, reason: reason.into() }
}

impl Record {
    /// The record of a game.
    pub fn of(game: &Game) -> Record {
        let p = game.position();
        Record {
            ruleset: p.variant().spec().ruleset.to_owned(),
            variant: p.variant().name().to_owned(),
            setup: match game.start() {
                Start::Initial => None,
                Start::Edited { label } => {
                    Some(SetupRecord { label: label.clone(), position: game.initial().to_text() })
                }
            },
            explore: game.is_exploring(),
            actions: game.notations(),
            result: game.outcome().map(|o| ResultRecord {
                winner: o.winner.map(|c| c.name().to_owned()),
                reason: o.reason.name().to_owned(),
            }),
            r#final: Some(FinalRecord { position: p.to_text(), repetitions: game.repetitions() }),
        }
    }

    /// Parses JSON (after a UTF-8 byte-order mark, if the text starts with one).
    pub fn from_json(json: &str) -> Result<Record, RecordError> {
        let json = json.strip_prefix('\u{feff}').unwrap_or(json);
        serde_json::from_str(json).map_err(|e| RecordError::Json(json_error(&e)))
    }

    /// Pretty JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("records serialise")
    }

    /// Replays the record into a game, checking every action, the result and the final state.
    pub fn replay(&self) -> Result<Game, RecordError> {
        let variant: Variant =
            self.variant.parse().map_err(|e: crate::UnknownVariant| field("variant", e.to_string()))?;
        let ruleset = variant.spec().ruleset;
        if self.ruleset != ruleset {
            let found = Quoted(&self.ruleset);
            return Err(field("ruleset", format!("{found} is not supported for {variant} (expected '{ruleset}')")));
        }
        let (position, start) = match &self.setup {
            None => (Position::new(variant), Start::Initial),
            Some(s) => {
                let p =
                    Position::from_text(variant, &s.position).map_err(|e| field("setup.position", e.to_string()))?;
                if s.label.trim().is_empty() {
                    return Err(field("setup.label", "an edited setup needs a label saying where it comes from"));
                }
                (p, Start::Edited { label: s.label.clone() })
            }
        };
        if self.explore && self.result.is_some() {
            return Err(field("result", "exploring has no result (expected null)"));
        }
        let mut game =
            if self.explore { Game::explore_from(position, start) } else { Game::from_position(position, start) };
        for (i, text) in self.actions.iter().enumerate() {
            let ply = i + 1;
            let fail = |reason: String| RecordError::Action { ply, text: text.clone(), reason };
            if let Some(o) = game.outcome() {
                return Err(fail(format!("the game had already ended ({o})")));
            }
            let p = game.position();
            let action = if self.explore { p.parse_explore(text) } else { p.parse_action(text) };
            let action = action.map_err(|e| fail(e.to_string()))?;
            game.play(action).map_err(|e| fail(e.to_string()))?;
        }
        self.check_result(&mut game)?;
        if let Some(f) = &self.r#final {
            let actual = game.position().to_text();
            if f.position != actual {
                return Err(field(
                    "final.position",
                    format!("the record says {} but replay gives '{actual}'", Quoted(&f.position)),
                ));
            }
            if f.repetitions != game.repetitions() {
                return Err(field(
                    "final.repetitions",
                    format!("the record says {} but replay gives {}", f.repetitions, game.repetitions()),
                ));
            }
        }
        Ok(game)
    }

    fn check_result(&self, game: &mut Game) -> Result<(), RecordError> {
        let claimed = match &self.result {
            None => None,
            Some(r) => {
                let winner = match r.winner.as_deref() {
                    None => None,
                    Some("white") => Some(Color::White),
                    Some("black") => Some(Color::Black),
                    Some(other) => {
                        return Err(field("result.winner", format!("{} is not white, black or null", Quoted(other))));
                    }
                };
                let reason = EndReason::ALL
                    .into_iter()
                    .find(|e| e.name() == r.reason)
                    .ok_or_else(|| field("result.reason", format!("unknown reason {}", Quoted(&r.reason))))?;
                Some(Outcome { winner, reason })
            }
        };
        match (game.outcome(), claimed) {
            (None, None) => Ok(()),
            (Some(actual), Some(claimed)) if actual == claimed => Ok(()),
            (Some(actual), None) => Err(field(
                "result",
                format!("is null (a game in progress), but the game ended at ply {}: {actual}", game.actions().len()),
            )),
            (Some(actual), Some(claimed)) => Err(field(
                "result",
                format!("says '{claimed}', but the game ended at ply {}: {actual}", game.actions().len()),
            )),
            (None, Some(claimed)) => {
                let applied = match claimed.reason {
                    EndReason::Resignation => match claimed.winner {
                        Some(w) => game.resign(!w).is_ok(),
                        None => false,
                    },
                    EndReason::Agreement => claimed.winner.is_none() && game.agree_draw().is_ok(),
                    EndReason::ThreefoldClaim | EndReason::FiftyMoveClaim => {
                        claimed.winner.is_none()
                            && game.claimable() == Some(claimed.reason)
                            && game.claim_draw().is_ok()
                    }
                    _ => false,
                };
                if applied {
                    Ok(())
                } else {
                    Err(field("result", format!("'{claimed}' does not follow from the replayed position")))
                }
            }
        }
    }
}
