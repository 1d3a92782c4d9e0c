//! Lessons: a position, a question about it and its answer, stored as JSON and checked by the
//! rules. The app shows the explanation, asks the question, judges the player's answer with the
//! `judge_*` methods and then shows what happened; `surfchess lesson check` verifies that every
//! lesson's stated answer is what the rules say.
//!
//! The JSON form ([`LessonFile`], format `surface-chess-lesson/1`):
//!
//! ```json
//! {
//!   "format": "surface-chess-lesson/1",
//!   "id": "chess-01-knight",
//!   "variant": "chess",
//!   "title": "The knight jumps",
//!   "explanation": "A knight jumps two cells one way and one to the side.",
//!   "question": "Mark every cell the knight on b1 can reach.",
//!   "position": "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1",
//!   "task": { "kind": "find-cells", "piece": "b1", "answer": ["a3", "c3", "d2"] },
//!   "hints": ["Count two up and one to the side."],
//!   "after": "Three cells: a3, c3 and d2."
//! }
//! ```
//!
//! The task kinds and how each is checked are on [`TaskFile`]. [`Lesson::from_json`] reads a
//! lesson and parses every field (board, position, cells, move, direction, reason word);
//! [`Lesson::check`] then asks the rules whether the stated answer is right (and the only one
//! where the task says so) and whether the texts are fit to show; [`Lesson::load`] does both.

mod check;
mod error;

pub use error::LessonError;

use crate::action::Action;
use crate::complex::Cell;
use crate::explain::{Reason, compass};
use crate::frame::Vector;
use crate::piece::Color;
use crate::position::Position;
use crate::quote::Quoted;
use crate::record::json_error;
use crate::variant::Variant;
use serde::{Deserialize, Serialize};

/// The format and version a lesson file declares in its `format` field.
pub const LESSON_FORMAT: &str = "surface-chess-lesson/1";

/// A lesson as stored in JSON. Every field is required except `task.unique`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LessonFile {
    /// The format and version: [`LESSON_FORMAT`].
    pub format: String,
    /// A short stable name: lower-case letters, digits and `-` (the file is `<id>.json`).
    pub id: String,
    /// The board's stable name: `mobius`, `klein`, `genus2`, `endless` or `chess`.
    pub variant: String,
    /// The lesson's title.
    pub title: String,
    /// What the player reads before the task.
    pub explanation: String,
    /// The task in words, as the player is asked it.
    pub question: String,
    /// The position in the rules' text format (as `surfchess show` prints it).
    pub position: String,
    /// What the player must do, the stated answer and how it is checked.
    pub task: TaskFile,
    /// Hints, shown one at a time on request.
    pub hints: Vec<String>,
    /// What the player reads after answering: what the seam or cone point did.
    pub after: String,
}

/// A task as stored in JSON: its `kind`, its cells and the stated `answer`. Cells are written as
/// the board names them (`e4`, `I:e4` on genus two).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum TaskFile {
    /// Play the move that mates. Checked: the answer is legal and mates; unless `unique` is
    /// false, no other legal action mates.
    MateInOne {
        /// The mating action in long notation (`Ra1-a8`, `I:e4-II:e5`, `j8-j9=Q`).
        answer: String,
        /// Whether the answer must be the only mating action (default true).
        #[serde(default = "yes", skip_serializing_if = "is_true")]
        unique: bool,
    },
    /// Find every cell the piece can move to. Checked: the answer is exactly the set of the
    /// destination cells of that piece's legal actions (the piece must be the side to move's).
    FindCells {
        /// The piece's cell.
        piece: String,
        /// The destination cells, each once, in any order.
        answer: Vec<String>,
    },
    /// Pick the pieces that attack a cell. Checked: the answer is exactly the set of `side`'s
    /// pieces attacking `target` (geometric attacks with the current blockers: pinned pieces
    /// attack, pawn advances do not).
    PickAttacker {
        /// The attacked cell.
        target: String,
        /// Whose attackers: `white` or `black`.
        side: String,
        /// The attackers' cells, each once, in any order.
        answer: Vec<String>,
    },
    /// Predict where a ray ends. Checked: the answer is the last cell the ray of the rook, bishop
    /// or queen on `piece`, leaving in `direction`, enters ([`Position::ray_trail`]): the first
    /// piece it meets, friend or foe; if it meets none, the last cell before an unglued edge, a
    /// forbidden diagonal or the point where it would come back to its start or repeat itself.
    RayEnd {
        /// The slider's cell (either colour).
        piece: String,
        /// The direction the ray leaves in, in the piece's chart: `north`, `northeast`, `east`,
        /// `southeast`, `south`, `southwest`, `west` or `northwest` (north = increasing ranks).
        direction: String,
        /// The ray's last cell.
        answer: String,
    },
    /// Say why a move is illegal. Checked: `surfchess explain` gives exactly this reason for the
    /// piece on `from` and the cell `to`.
    WhyIllegal {
        /// The piece's cell.
        from: String,
        /// The target cell.
        to: String,
        /// One of [`Reason::WORDS`]: `blocked`, `edge`, `forbidden-diagonal`, …
        answer: String,
    },
    /// Find where the board and its twin disagree ("what if it were not twisted?"). Checked: the
    /// answer is exactly the cells the piece on `piece` (the side to move's) reaches on one of
    /// the two boards and not on the other ([`Position::compare`]).
    FindDifferences {
        /// The piece's cell.
        piece: String,
        /// The differing cells, each once, in any order.
        answer: Vec<String>,
    },
}

fn yes() -> bool {
    true
}

fn is_true(b: &bool) -> bool {
    *b
}

impl TaskFile {
    /// The kind's name as written in JSON: `mate-in-one`, `find-cells`, `pick-attacker`,
    /// `ray-end`, `why-illegal` or `find-differences`.
    pub const fn kind(&self) -> &'static str {
        match self {
            TaskFile::MateInOne { .. } => "mate-in-one",
            TaskFile::FindCells { .. } => "find-cells",
            TaskFile::PickAttacker { .. } => "pick-attacker",
            TaskFile::RayEnd { .. } => "ray-end",
            TaskFile::WhyIllegal { .. } => "why-illegal",
            TaskFile::FindDifferences { .. } => "find-differences",
        }
    }
}

/// Every task kind's name, as written in JSON.
pub const TASK_KINDS: [&str; 6] =
    ["mate-in-one", "find-cells", "pick-attacker", "ray-end", "why-illegal", "find-differences"];

/// A task with its cells, move and words parsed, and its stated answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Task {
    /// Play the move that mates.
    MateInOne {
        /// The stated answer (a legal action).
        answer: Action,
        /// Whether no other action mates.
        unique: bool,
    },
    /// Find every cell the piece can move to.
    FindCells {
        /// The piece's cell.
        piece: Cell,
        /// The stated destinations, in the file's order.
        answer: Vec<Cell>,
    },
    /// Pick the pieces of `side` that attack `target`.
    PickAttacker {
        /// The attacked cell.
        target: Cell,
        /// Whose attackers.
        side: Color,
        /// The stated attackers, in the file's order.
        answer: Vec<Cell>,
    },
    /// Predict the last cell of a ray.
    RayEnd {
        /// The slider's cell.
        piece: Cell,
        /// The ray's first direction, in the piece's chart.
        direction: Vector,
        /// The stated last cell.
        answer: Cell,
    },
    /// Say why the piece on `from` cannot go to `to`.
    WhyIllegal {
        /// The piece's cell.
        from: Cell,
        /// The target cell.
        to: Cell,
        /// The stated reason word, one of [`Reason::WORDS`].
        answer: &'static str,
    },
    /// Find the cells where the piece's moves on the board and on its twin differ.
    FindDifferences {
        /// The piece's cell.
        piece: Cell,
        /// The stated cells, in the file's order.
        answer: Vec<Cell>,
    },
}

/// A lesson read from JSON, every field parsed against its board. Whether its answer is right is
/// [`Lesson::check`]'s business.
#[derive(Clone, Debug)]
pub struct Lesson {
    file: LessonFile,
    variant: Variant,
    position: Position,
    task: Task,
}

fn field(field: &'static str, reason: impl Into<String>) -> LessonError {
    LessonError::Field { field, reason: reason.into() }
}

impl Lesson {
    /// Reads a lesson (after a UTF-8 byte-order mark, if the text starts with one) and parses its
    /// fields: format, id, board, position, and the task's cells, move, side, direction and reason
    /// word. The error names the field and what is wrong.
    pub fn from_json(json: &str) -> Result<Lesson, LessonError> {
        let json = json.strip_prefix('\u{feff}').unwrap_or(json);
        let file: LessonFile = serde_json::from_str(json).map_err(|e| LessonError::Json(json_error(&e)))?;
        Lesson::from_file(file)
    }

    /// [`Lesson::from_json`], then [`Lesson::check`]: what the app should load lessons with.
    pub fn load(json: &str) -> Result<Lesson, LessonError> {
        let lesson = Lesson::from_json(json)?;
        lesson.check()?;
        Ok(lesson)
    }

    /// Parses the fields of a lesson's JSON form.
    pub fn from_file(file: LessonFile) -> Result<Lesson, LessonError> {
        if file.format != LESSON_FORMAT {
            let found = Quoted(&file.format);
            return Err(field("format", format!("{found} is not supported (expected '{LESSON_FORMAT}')")));
        }
        let id_ok = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-';
        if file.id.is_empty() || file.id.len() > 64 || !file.id.chars().all(id_ok) {
            let found = Quoted(&file.id);
            return Err(field("id", format!("{found} must be 1 to 64 lower-case letters, digits and '-'")));
        }
        let variant: Variant =
            file.variant.parse().map_err(|e: crate::variant::UnknownVariant| field("variant", e.to_string()))?;
        let position = Position::from_text(variant, &file.position).map_err(|e| field("position", e.to_string()))?;
        let task = parse_task(&file.task, &position)?;
        Ok(Lesson { file, variant, position, task })
    }

    /// The JSON form as read.
    pub fn file(&self) -> &LessonFile {
        &self.file
    }

    /// Pretty JSON of the lesson.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(&self.file).expect("lessons serialise")
    }

    /// The lesson's id.
    pub fn id(&self) -> &str {
        &self.file.id
    }

    /// The board.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The title.
    pub fn title(&self) -> &str {
        &self.file.title
    }

    /// The text shown before the task.
    pub fn explanation(&self) -> &str {
        &self.file.explanation
    }

    /// The task in words.
    pub fn question(&self) -> &str {
        &self.file.question
    }

    /// The hints, in order.
    pub fn hints(&self) -> &[String] {
        &self.file.hints
    }

    /// The text shown after the answer.
    pub fn after(&self) -> &str {
        &self.file.after
    }

    /// The position the task is about.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The task, with its stated answer.
    pub fn task(&self) -> &Task {
        &self.task
    }

    /// The task kind's name (`mate-in-one`, …).
    pub fn kind(&self) -> &'static str {
        self.file.task.kind()
    }
}

/// Parses the task's cells, move, side, direction and reason word against the position.
fn parse_task(task: &TaskFile, p: &Position) -> Result<Task, LessonError> {
    let complex = p.complex();
    let board = p.variant();
    let cell = |name: &'static str, text: &str| {
        complex
            .parse_cell(text)
            .ok_or_else(|| field(name, format!("{} is not a cell of the {board} board", Quoted(text))))
    };
    let cells = |name: &'static str, list: &[String]| {
        let mut out: Vec<Cell> = Vec::with_capacity(list.len());
        for text in list {
            let c = cell(name, text)?;
            if out.contains(&c) {
                return Err(field(name, format!("lists {} twice", Quoted(text))));
            }
            out.push(c);
        }
        Ok(out)
    };
    Ok(match task {
        TaskFile::MateInOne { answer, unique } => {
            let action = p.parse_action(answer).map_err(|e| field("task.answer", e.to_string()))?;
            Task::MateInOne { answer: action, unique: *unique }
        }
        TaskFile::FindCells { piece, answer } => {
            Task::FindCells { piece: cell("task.piece", piece)?, answer: cells("task.answer", answer)? }
        }
        TaskFile::FindDifferences { piece, answer } => {
            Task::FindDifferences { piece: cell("task.piece", piece)?, answer: cells("task.answer", answer)? }
        }
        TaskFile::PickAttacker { target, side, answer } => {
            let side = Color::ALL
                .into_iter()
                .find(|c| c.name() == side)
                .ok_or_else(|| field("task.side", format!("{} is not white or black", Quoted(side))))?;
            Task::PickAttacker { target: cell("task.target", target)?, side, answer: cells("task.answer", answer)? }
        }
        TaskFile::RayEnd { piece, direction, answer } => {
            let chart_direction = Vector::ALL.into_iter().find(|&v| compass(v) == direction).ok_or_else(|| {
                let names = Vector::ALL.map(compass).join(", ");
                field("task.direction", format!("{} is not one of {names}", Quoted(direction)))
            })?;
            Task::RayEnd {
                piece: cell("task.piece", piece)?,
                direction: chart_direction,
                answer: cell("task.answer", answer)?,
            }
        }
        TaskFile::WhyIllegal { from, to, answer } => {
            let word = Reason::WORDS.into_iter().find(|w| w == answer).ok_or_else(|| {
                field("task.answer", format!("{} is not a reason word ({})", Quoted(answer), Reason::WORDS.join(", ")))
            })?;
            Task::WhyIllegal { from: cell("task.from", from)?, to: cell("task.to", to)?, answer: word }
        }
    })
}
