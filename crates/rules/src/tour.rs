//! Guided tours: a prepared walk through the boards for a class or an exhibition, stored as JSON
//! and checked by the rules. Each step names a board and a position, the overlays to show, a
//! camera pose, a short text, and optionally a piece to select and a move to play (shown with its
//! route). `surfchess tour check` verifies every step; the app steps through a tour.
//!
//! The JSON form ([`TourFile`], format `surface-chess-tour/1`):
//!
//! ```json
//! {
//!   "format": "surface-chess-tour/1",
//!   "id": "wrapping",
//!   "title": "Edges that wrap",
//!   "family": "wrapping",
//!   "steps": [
//!     { "variant": "chess", "text": "A flat board has four edges." },
//!     { "variant": "cylinder", "select": "d1", "play": "c2-c3", "overlays": ["threats"],
//!       "camera": { "yaw": 0, "pitch": 40, "distance": 1.2 },
//!       "text": "Glue east to west: the queen's diagonal runs on through the seam." }
//!   ]
//! }
//! ```

use crate::action::Action;
use crate::complex::Cell;
use crate::position::Position;
use crate::quote::Quoted;
use crate::record::json_error;
use crate::variant::Variant;
use serde::{Deserialize, Serialize};

/// The format and version a tour file declares.
pub const TOUR_FORMAT: &str = "surface-chess-tour/1";

/// The families of surfaces a tour walks through, and `arc`, the whole walk in order.
pub const FAMILIES: [&str; 4] = ["wrapping", "twisting", "curvature", "arc"];

/// A tour as stored in JSON.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TourFile {
    /// The format and version: [`TOUR_FORMAT`].
    pub format: String,
    /// A short stable name: lower-case letters, digits and `-` (the file is `<id>.json`).
    pub id: String,
    /// The title, one line.
    pub title: String,
    /// Which family of surfaces it shows ([`FAMILIES`]).
    pub family: String,
    /// The steps, in order.
    pub steps: Vec<StepFile>,
}

/// One step as stored in JSON. Only `variant` and `text` are required.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StepFile {
    /// The board's stable name.
    pub variant: String,
    /// The position in the rules' text format; absent: the board as it opens.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
    /// The overlays shown: `rays`, `threats`, `atlas`, `unrolled`, `labels`, `compare` (on a
    /// board with a twin).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub overlays: Vec<String>,
    /// The camera, about the board's home view; absent: the home view.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub camera: Option<Camera>,
    /// The piece selected (a cell holding one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub select: Option<String>,
    /// A move played, in long notation, shown with its route (an explore move on a board that
    /// opens exploring).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub play: Option<String>,
    /// What the visitor reads (printable ASCII, at most 400 characters).
    pub text: String,
}

/// A camera pose about a board's home view.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Camera {
    /// Degrees turned round the board from the home view, −180 to 180.
    pub yaw: f32,
    /// Degrees above the board's plane, −89 to 89.
    pub pitch: f32,
    /// Times the home view's distance, 0.5 to 3.
    pub distance: f32,
}

/// An overlay a step shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overlay {
    /// The selected piece's rays.
    Rays,
    /// Every threat.
    Threats,
    /// The seam atlas.
    Atlas,
    /// The unrolled chart.
    Unrolled,
    /// The cells' names.
    Labels,
    /// The board's untwisted twin beside it ("what if it were not twisted?").
    Compare,
}

impl Overlay {
    /// All overlays with their names.
    pub const ALL: [(Overlay, &'static str); 6] = [
        (Overlay::Rays, "rays"),
        (Overlay::Threats, "threats"),
        (Overlay::Atlas, "atlas"),
        (Overlay::Unrolled, "unrolled"),
        (Overlay::Labels, "labels"),
        (Overlay::Compare, "compare"),
    ];
}

/// A step, read and checked.
#[derive(Clone, Debug)]
pub struct Step {
    /// The position shown (before `play`).
    pub position: Position,
    /// Whether the board is explored (its opening explores and the step names no other).
    pub exploring: bool,
    /// The overlays on.
    pub overlays: Vec<Overlay>,
    /// The camera, if not the home view.
    pub camera: Option<Camera>,
    /// The piece selected.
    pub select: Option<Cell>,
    /// The move played.
    pub play: Option<Action>,
    /// The text.
    pub text: String,
}

/// A tour, read and checked.
#[derive(Clone, Debug)]
pub struct Tour {
    /// The file it was read from.
    pub file: TourFile,
    /// Its steps.
    pub steps: Vec<Step>,
}

/// Why a tour is refused, naming the field (and step, 1-based) at fault.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TourError {
    /// Not valid JSON for a tour.
    #[error("not a tour: {0}")]
    Json(String),
    /// A field of the tour.
    #[error("tour field '{field}': {reason}")]
    Field {
        /// The field.
        field: &'static str,
        /// What is wrong.
        reason: String,
    },
    /// A field of one step.
    #[error("tour step {step}, field '{field}': {reason}")]
    Step {
        /// The step, from 1.
        step: usize,
        /// The field.
        field: &'static str,
        /// What is wrong.
        reason: String,
    },
}

fn text_fits(text: &str, max: usize) -> Result<(), String> {
    if text.trim().is_empty() {
        return Err("is blank".into());
    }
    if text.chars().count() > max {
        return Err(format!("is longer than {max} characters"));
    }
    match text.chars().find(|&c| !(c == '\n' || (' '..='~').contains(&c))) {
        Some(c) => Err(format!("holds {c:?}: tours are printable ASCII")),
        None => Ok(()),
    }
}

impl Tour {
    /// Reads and checks a tour: every board, position, overlay, camera, cell and move.
    pub fn from_json(json: &str) -> Result<Tour, TourError> {
        let json = json.strip_prefix('\u{feff}').unwrap_or(json);
        let file: TourFile = serde_json::from_str(json).map_err(|e| TourError::Json(json_error(&e)))?;
        let field = |field, reason: String| TourError::Field { field, reason };
        if file.format != TOUR_FORMAT {
            return Err(field(
                "format",
                format!("{} is not supported (expected '{TOUR_FORMAT}')", Quoted(&file.format)),
            ));
        }
        let id_ok = !file.id.is_empty()
            && file.id.len() <= 64
            && file.id.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
        if !id_ok {
            return Err(field("id", format!("{} is not lower-case letters, digits and '-'", Quoted(&file.id))));
        }
        text_fits(&file.title, 60).map_err(|r| field("title", r))?;
        if file.title.contains('\n') {
            return Err(field("title", "is more than one line".into()));
        }
        if !FAMILIES.contains(&file.family.as_str()) {
            let expected = FAMILIES.join(", ");
            return Err(field("family", format!("{} is not one of {expected}", Quoted(&file.family))));
        }
        if file.steps.is_empty() || file.steps.len() > 64 {
            return Err(field("steps", format!("{} steps (a tour has 1 to 64)", file.steps.len())));
        }
        let steps = file.steps.iter().enumerate().map(|(i, s)| step(i + 1, s)).collect::<Result<_, _>>()?;
        Ok(Tour { file, steps })
    }

    /// The tour's id.
    pub fn id(&self) -> &str {
        &self.file.id
    }
}

fn step(n: usize, s: &StepFile) -> Result<Step, TourError> {
    let fail = |field, reason: String| TourError::Step { step: n, field, reason };
    let variant: Variant = s.variant.parse().map_err(|e: crate::UnknownVariant| fail("variant", e.to_string()))?;
    let position = match &s.position {
        Some(text) => Position::from_text(variant, text).map_err(|e| fail("position", e.to_string()))?,
        None => Position::new(variant),
    };
    let exploring = variant.spec().opening.explores();
    let mut overlays = Vec::new();
    for name in &s.overlays {
        let overlay = Overlay::ALL.iter().find(|(_, n)| n == name).map(|&(o, _)| o);
        let known = Overlay::ALL.map(|(_, n)| n).join(", ");
        let overlay = overlay.ok_or_else(|| fail("overlays", format!("{} is not one of {known}", Quoted(name))))?;
        if overlays.contains(&overlay) {
            return Err(fail("overlays", format!("{} is listed twice", Quoted(name))));
        }
        if overlay == Overlay::Compare && variant.spec().twin.is_none() {
            return Err(fail("overlays", format!("{variant} has no twin to compare with")));
        }
        overlays.push(overlay);
    }
    if let Some(c) = s.camera {
        let within = |v: f32, lo: f32, hi: f32| v.is_finite() && (lo..=hi).contains(&v);
        if !within(c.yaw, -180.0, 180.0) || !within(c.pitch, -89.0, 89.0) || !within(c.distance, 0.5, 3.0) {
            return Err(fail("camera", format!("{c:?} is outside yaw -180..180, pitch -89..89, distance 0.5..3")));
        }
    }
    let select = match &s.select {
        Some(name) => {
            let cell = position
                .complex()
                .parse_cell(name)
                .ok_or_else(|| fail("select", format!("{} is not a cell of the {variant} board", Quoted(name))))?;
            if position.piece_at(cell).is_none() {
                return Err(fail("select", format!("no piece on {}", Quoted(name))));
            }
            Some(cell)
        }
        None => None,
    };
    let play = match &s.play {
        Some(text) => {
            let parsed = if exploring { position.parse_explore(text) } else { position.parse_action(text) };
            Some(parsed.map_err(|e| fail("play", e.to_string()))?)
        }
        None => None,
    };
    text_fits(&s.text, 400).map_err(|r| fail("text", r))?;
    Ok(Step { position, exploring, overlays, camera: s.camera, select, play, text: s.text.clone() })
}
