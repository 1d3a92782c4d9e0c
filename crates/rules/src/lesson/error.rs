//! Why a lesson is refused.

/// Why a lesson cannot be read or its answer is not what the rules say. User text in the messages
/// is escaped and cut (see [`crate::Quoted`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LessonError {
    /// Not valid JSON for a lesson: the parser's message, its user text escaped and cut, with the
    /// line and column.
    #[error("not a lesson: {0}")]
    Json(String),
    /// A field is missing its content or does not parse on the lesson's board.
    #[error("lesson field '{field}': {reason}")]
    Field {
        /// The field's name (`task.answer`, `position`, …).
        field: &'static str,
        /// What is wrong.
        reason: String,
    },
    /// The stated answer is not what the rules say.
    #[error("wrong answer: {0}")]
    Wrong(String),
    /// The task says its answer is the only one, but the rules find others.
    #[error("answer not unique: {0}")]
    NotUnique(String),
}
