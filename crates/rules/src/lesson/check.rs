//! What the rules say a lesson's answer is, the check of the stated answer against it, and the
//! judging of a player's answer.

use super::{Lesson, LessonError, Task, field};
use crate::action::Action;
use crate::complex::Cell;
use crate::explain::{Verdict, compass};
use crate::position::Position;
use crate::trail::{Trail, TrailEnd};

/// The longest title a lesson may have, in characters.
pub(crate) const TITLE_LIMIT: usize = 60;

/// Whether `action` (legal in `p`) checkmates.
fn mates(p: &Position, action: Action) -> bool {
    let mut next = p.clone();
    next.play_unchecked(action);
    next.is_check() && !next.has_legal_action()
}

/// Cell names, space-separated, in the board's cell order.
fn names(p: &Position, cells: &[Cell]) -> String {
    let mut sorted = cells.to_vec();
    sorted.sort();
    let list: Vec<String> = sorted.iter().map(|&c| p.complex().name(c)).collect();
    if list.is_empty() { "no cell".to_owned() } else { list.join(" ") }
}

/// "the white rook on b5" (or "no piece on b5").
fn piece_words(p: &Position, cell: Cell) -> String {
    let name = p.complex().name(cell);
    match p.piece_at(cell) {
        Some(q) => format!("the {} {} on {name}", q.color().name(), q.role().name()),
        None => format!("no piece on {name}"),
    }
}

/// Whether two lists hold the same cells (each list's repeats ignored).
fn same_cells(a: &[Cell], b: &[Cell]) -> bool {
    let set = |l: &[Cell]| {
        let mut s = l.to_vec();
        s.sort();
        s.dedup();
        s
    };
    set(a) == set(b)
}

/// Text a lesson shows: not blank, printable ASCII (the app's lesson font) and newlines.
fn text_ok(name: &'static str, text: &str) -> Result<(), LessonError> {
    if text.trim().is_empty() {
        return Err(field(name, "is empty"));
    }
    if let Some(bad) = text.chars().find(|&c| !(c == '\n' || (' '..='~').contains(&c))) {
        return Err(field(
            name,
            format!("{} is not printable ASCII (write lesson text in ASCII)", bad.escape_unicode()),
        ));
    }
    Ok(())
}

impl Lesson {
    /// Checks the lesson against the rules: its texts are present and printable ASCII, it has a
    /// hint, and the stated answer is what the rules say (and the only mate where the task says
    /// so). The error names the field at fault, or says what the rules find instead.
    pub fn check(&self) -> Result<(), LessonError> {
        for (name, text) in [
            ("title", self.title()),
            ("explanation", self.explanation()),
            ("question", self.question()),
            ("after", self.after()),
        ] {
            text_ok(name, text)?;
        }
        if self.title().chars().count() > TITLE_LIMIT || self.title().contains('\n') {
            return Err(field("title", format!("must be one line of at most {TITLE_LIMIT} characters")));
        }
        if self.hints().is_empty() {
            return Err(field("hints", "a lesson needs at least one hint"));
        }
        for hint in self.hints() {
            text_ok("hints", hint)?;
        }
        let p = self.position();
        // A lesson is played on its position: the rules must not end the game before it starts.
        if let Some(ending) = crate::game::automatic_ending(p, 1) {
            return Err(field("position", format!("the game is already over there ({ending}); add material")));
        }
        match self.task() {
            &Task::MateInOne { answer, unique } => {
                let shown = p.notation(answer);
                if !mates(p, answer) {
                    let mut next = p.clone();
                    next.play_unchecked(answer);
                    if !next.is_check() {
                        return Err(LessonError::Wrong(format!("{shown} does not give check")));
                    }
                    let reply = next.legal_actions().first().map(|&a| next.notation(a)).unwrap_or_default();
                    let side = next.side_to_move().name();
                    return Err(LessonError::Wrong(format!("{shown} gives check, but {side} can answer {reply}")));
                }
                if unique {
                    let others: Vec<String> =
                        self.mating_actions().into_iter().filter(|&a| a != answer).map(|a| p.notation(a)).collect();
                    if !others.is_empty() {
                        return Err(LessonError::NotUnique(format!(
                            "{shown} mates, but so does {} (write \"unique\": false if any mate will do)",
                            others.join(", ")
                        )));
                    }
                }
            }
            Task::FindCells { piece, answer } => {
                let truth = self.destinations(*piece)?;
                if !same_cells(answer, &truth) {
                    return Err(LessonError::Wrong(format!(
                        "{} goes to {}, not {}",
                        piece_words(p, *piece),
                        names(p, &truth),
                        names(p, answer)
                    )));
                }
            }
            Task::FindDifferences { piece, answer } => {
                let truth = self.differences(*piece)?;
                if !same_cells(answer, &truth) {
                    let twin = p.variant().spec().twin.map_or("its twin", |t| t.name());
                    return Err(LessonError::Wrong(format!(
                        "{} differs from {twin} on {}, not {}",
                        piece_words(p, *piece),
                        names(p, &truth),
                        names(p, answer)
                    )));
                }
            }
            Task::PickAttacker { target, side, answer } => {
                let truth = p.attackers(*target, *side, None);
                if !same_cells(answer, &truth) {
                    return Err(LessonError::Wrong(format!(
                        "{} attacks {} from {}, not from {}",
                        side.name(),
                        p.complex().name(*target),
                        names(p, &truth),
                        names(p, answer)
                    )));
                }
            }
            Task::RayEnd { piece, direction, answer } => {
                let trail = self.ray(*piece)?;
                let last = trail.steps.last().map(|s| s.cell).expect("ray() refuses empty rays");
                if last != *answer {
                    let name = |c: Cell| p.complex().name(c);
                    let how = match trail.end {
                        TrailEnd::Piece(c) => format!("it stops on {}", piece_words(p, c)),
                        TrailEnd::Edge { .. } => "then it would run off the board's edge".to_owned(),
                        TrailEnd::ForbiddenDiagonal { .. } => "then it meets a cone point".to_owned(),
                        TrailEnd::Closed => "then it would come back onto its own path".to_owned(),
                        TrailEnd::Complete => "its length runs out".to_owned(),
                    };
                    return Err(LessonError::Wrong(format!(
                        "the ray {} from {} ends on {} ({how}), not on {}",
                        compass(*direction),
                        name(*piece),
                        name(last),
                        name(*answer)
                    )));
                }
            }
            Task::WhyIllegal { from, to, answer } => {
                let explanation = p.explain(*from, *to);
                match &explanation.verdict {
                    Verdict::Legal(moves) => {
                        let shown: Vec<String> = moves.iter().map(|m| p.notation(m.action)).collect();
                        return Err(LessonError::Wrong(format!("{} is legal here", shown.join(", "))));
                    }
                    Verdict::Illegal(reason) if reason.word() != *answer => {
                        return Err(LessonError::Wrong(format!(
                            "the rules say {} ({}), not {answer}",
                            reason.word(),
                            explanation.sentence(p)
                        )));
                    }
                    Verdict::Illegal(_) => {}
                }
            }
        }
        Ok(())
    }

    /// Every legal action of the lesson's position that mates.
    pub fn mating_actions(&self) -> Vec<Action> {
        let p = self.position();
        p.legal_actions().into_iter().filter(|&a| mates(p, a)).collect()
    }

    /// The destinations of the side to move's piece on `piece`.
    /// The cells where the piece's legal moves here and on the board's twin differ.
    fn differences(&self, piece: Cell) -> Result<Vec<Cell>, LessonError> {
        self.destinations(piece)?;
        let p = self.position();
        let c = p.compare(piece, false).ok_or_else(|| {
            field("variant", format!("{} has no twin to compare with (find-differences)", p.variant()))
        })?;
        Ok(c.differing().collect())
    }

    fn destinations(&self, piece: Cell) -> Result<Vec<Cell>, LessonError> {
        let p = self.position();
        let mover = p.side_to_move();
        match p.piece_at(piece) {
            Some(q) if q.color() == mover => {}
            _ => {
                let what = piece_words(p, piece);
                return Err(field("task.piece", format!("{what} cannot move: it is {}'s turn", mover.name())));
            }
        }
        let mut cells: Vec<Cell> = p.legal_actions().into_iter().filter(|a| a.from == piece).map(|a| a.to).collect();
        cells.sort();
        cells.dedup();
        Ok(cells)
    }

    /// The ray of a `ray-end` task: the slider's trail in the task's direction, at least a cell.
    fn ray(&self, piece: Cell) -> Result<Trail, LessonError> {
        let Task::RayEnd { direction, .. } = *self.task() else { unreachable!("ray-end tasks only") };
        let p = self.position();
        let way = compass(direction);
        let trail = p.ray_trail(piece, direction).ok_or_else(|| {
            field("task.piece", format!("{} is not a rook, bishop or queen moving {way}", piece_words(p, piece)))
        })?;
        if trail.steps.is_empty() {
            let name = p.complex().name(piece);
            return Err(field("task.direction", format!("the ray {way} from {name} enters no cell")));
        }
        Ok(trail)
    }

    /// Whether `action` answers a `mate-in-one` task: it is legal in the lesson's position and
    /// mates. False for other tasks.
    pub fn judge_action(&self, action: Action) -> bool {
        let p = self.position();
        matches!(self.task(), Task::MateInOne { .. }) && p.is_legal(action) && mates(p, action)
    }

    /// Whether `cells` answer a `find-cells` task (exactly the piece's destinations) or a
    /// `pick-attacker` task (exactly the attackers), in any order. False for other tasks.
    pub fn judge_cells(&self, cells: &[Cell]) -> bool {
        match self.task() {
            Task::FindCells { piece, .. } => self.destinations(*piece).is_ok_and(|truth| same_cells(cells, &truth)),
            Task::FindDifferences { piece, .. } => {
                self.differences(*piece).is_ok_and(|truth| same_cells(cells, &truth))
            }
            Task::PickAttacker { target, side, .. } => {
                same_cells(cells, &self.position().attackers(*target, *side, None))
            }
            _ => false,
        }
    }

    /// Whether `cell` answers a `ray-end` task: the ray's last cell. False for other tasks.
    pub fn judge_cell(&self, cell: Cell) -> bool {
        match self.task() {
            Task::RayEnd { piece, .. } => {
                self.ray(*piece).is_ok_and(|t| t.steps.last().is_some_and(|s| s.cell == cell))
            }
            _ => false,
        }
    }

    /// Whether `word` answers a `why-illegal` task: the reason word the rules give
    /// ([`crate::Reason::WORDS`]). False for other tasks.
    pub fn judge_reason(&self, word: &str) -> bool {
        match self.task() {
            Task::WhyIllegal { from, to, .. } => match self.position().explain(*from, *to).verdict {
                Verdict::Illegal(reason) => reason.word() == word,
                Verdict::Legal(_) => false,
            },
            _ => false,
        }
    }
}
