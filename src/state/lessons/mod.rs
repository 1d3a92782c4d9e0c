//! Lessons: one is picked from the library, its position becomes the game, and the player answers
//! the way its task asks: play the mating move, mark cells and press Check, mark the ray's last
//! cell, or choose the reason. The rules judge every answer; hints come one at a time; the
//! lesson's explanation follows a right answer; solved lessons are kept across restarts.

pub mod library;
pub mod progress;

use crate::current::{CurrentGame, Notice};
use crate::mode::PlayMode;
use crate::play::{ActionPlayed, CellPicked};
use crate::selection::Selection;
use bevy::prelude::*;
use library::Library;
use progress::Progress;
use surface_chess_rules::{Cell, Game, Lesson, Start, Task};

/// The lesson being taken.
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct ActiveLesson {
    /// Its place in the library.
    pub index: usize,
    /// The cells the player marked (find-cells, pick-attacker, ray-end).
    pub marked: Vec<Cell>,
    /// How many hints are shown.
    pub hints: usize,
    /// The verdict on the last answer, until the player tries again.
    pub verdict: Option<LessonVerdict>,
    /// The game the lesson set up: another game ends the lesson.
    serial: u64,
}

/// What the rules said about an answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LessonVerdict {
    /// Right: the lesson's explanation follows.
    Right,
    /// Wrong, and what was wrong in words.
    Wrong(String),
}

/// What the lesson's buttons (and tests) ask for.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum LessonCommand {
    /// Start the lesson at this place in the library.
    Open(usize),
    /// Show one more hint.
    Hint,
    /// Judge the marked cells.
    Check,
    /// Answer a why-illegal task with a reason word.
    Reason(&'static str),
    /// Forget the answer and set the lesson's position up again.
    Retry,
    /// The next lesson in the library.
    Next,
    /// Leave the lesson (back to the list).
    Close,
}

/// Whether the panel lists the lessons.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BrowserOpen(pub bool);

impl ActiveLesson {
    /// Whether picks mark cells instead of moving pieces: a task answered with cells, not yet
    /// answered right (after a wrong Check the player goes on marking).
    pub fn takes_picks(&self, library: &Library) -> bool {
        self.verdict != Some(LessonVerdict::Right)
            && library.0.get(self.index).is_some_and(|l| matches!(l.kind(), "find-cells" | "pick-attacker" | "ray-end"))
    }
}

/// Lessons: the library (built in unless one was given), progress, commands, judging.
pub fn plugin(app: &mut App) {
    if !app.world().contains_resource::<Library>() {
        app.insert_resource(library::built_in());
    }
    app.init_resource::<Progress>().init_resource::<BrowserOpen>().add_message::<LessonCommand>().add_systems(
        Update,
        (end_when_replaced, mark_cells, run_commands, judge_moves).chain().in_set(crate::AppSystems::Rules),
    );
}

fn end_when_replaced(mut commands: Commands, current: Res<CurrentGame>, lesson: Option<Res<ActiveLesson>>) {
    if lesson.is_some_and(|l| l.serial != current.serial()) {
        commands.remove_resource::<ActiveLesson>();
    }
}

fn mark_cells(mut picks: MessageReader<CellPicked>, library: Res<Library>, lesson: Option<ResMut<ActiveLesson>>) {
    let Some(mut lesson) = lesson else {
        picks.clear();
        return;
    };
    if !lesson.takes_picks(&library) {
        picks.clear();
        return;
    }
    let single = library.0[lesson.index].kind() == "ray-end";
    for &CellPicked(cell) in picks.read() {
        lesson.verdict = None;
        if single {
            lesson.marked = vec![cell];
        } else if let Some(i) = lesson.marked.iter().position(|&c| c == cell) {
            lesson.marked.remove(i);
        } else {
            lesson.marked.push(cell);
        }
    }
}

/// Sets a lesson's position up as the game, two players (the player makes both sides' moves).
fn set_up(lesson: &Lesson, current: &mut CurrentGame, mode: &mut PlayMode) -> u64 {
    let start = Start::Edited { label: format!("lesson {}", lesson.id()) };
    current.replace(Game::from_position(lesson.position().clone(), start));
    *mode = PlayMode::TwoPlayers;
    current.serial()
}

#[allow(clippy::too_many_arguments)]
fn run_commands(
    mut commands: Commands,
    mut orders: MessageReader<LessonCommand>,
    library: Res<Library>,
    mut progress: ResMut<Progress>,
    mut current: ResMut<CurrentGame>,
    mut mode: ResMut<PlayMode>,
    mut notice: ResMut<Notice>,
    mut browser: ResMut<BrowserOpen>,
    mut lesson: Option<ResMut<ActiveLesson>>,
) {
    for order in orders.read() {
        let open = |index: usize, commands: &mut Commands, current: &mut CurrentGame, mode: &mut PlayMode| {
            let Some(l) = library.0.get(index) else { return false };
            let serial = set_up(l, current, mode);
            commands.insert_resource(ActiveLesson { index, marked: Vec::new(), hints: 0, verdict: None, serial });
            true
        };
        match order {
            LessonCommand::Open(i) => {
                browser.0 = !open(*i, &mut commands, &mut current, &mut mode);
            }
            LessonCommand::Next => {
                let next = lesson.as_ref().map_or(0, |l| l.index + 1);
                if !open(next, &mut commands, &mut current, &mut mode) {
                    commands.remove_resource::<ActiveLesson>();
                    browser.0 = true;
                }
            }
            LessonCommand::Close => {
                commands.remove_resource::<ActiveLesson>();
                browser.0 = true;
            }
            _ => {}
        }
        let Some(active) = lesson.as_deref_mut() else { continue };
        let Some(l) = library.0.get(active.index) else { continue };
        match order {
            LessonCommand::Hint => active.hints = (active.hints + 1).min(l.hints().len()),
            LessonCommand::Retry => {
                active.serial = set_up(l, &mut current, &mut mode);
                active.marked.clear();
                active.verdict = None;
            }
            LessonCommand::Check if active.verdict != Some(LessonVerdict::Right) => {
                active.verdict = Some(judge_cells(l, &active.marked));
            }
            LessonCommand::Reason(word) if active.verdict.is_none() => {
                active.verdict = Some(if l.judge_reason(word) {
                    LessonVerdict::Right
                } else {
                    LessonVerdict::Wrong(format!("No, it is not '{word}'. Look at the piece's way there again."))
                });
            }
            _ => {}
        }
        if active.verdict == Some(LessonVerdict::Right)
            && let Err(e) = progress.solve(l.id())
        {
            notice.say(format!("the lesson progress could not be saved: {e}"));
        }
    }
}

/// The verdict on marked cells, saying what was missing or too much.
fn judge_cells(lesson: &Lesson, marked: &[Cell]) -> LessonVerdict {
    let right = match lesson.task() {
        Task::RayEnd { .. } => marked.len() == 1 && lesson.judge_cell(marked[0]),
        _ => lesson.judge_cells(marked),
    };
    if right {
        return LessonVerdict::Right;
    }
    let wrong = match lesson.task() {
        Task::FindCells { answer, .. } | Task::PickAttacker { answer, .. } => {
            let missing = answer.iter().filter(|c| !marked.contains(c)).count();
            let extra = marked.iter().filter(|c| !answer.contains(c)).count();
            format!("Not yet: {missing} missing and {extra} marked that should not be.")
        }
        Task::RayEnd { .. } if marked.len() != 1 => "Mark exactly one cell: where the ray ends.".to_owned(),
        _ => "No, the ray does not end there. Follow it one cell at a time.".to_owned(),
    };
    LessonVerdict::Wrong(wrong)
}

fn judge_moves(
    mut played: MessageReader<ActionPlayed>,
    library: Res<Library>,
    mut progress: ResMut<Progress>,
    mut notice: ResMut<Notice>,
    lesson: Option<ResMut<ActiveLesson>>,
    mut selection: ResMut<Selection>,
) {
    let Some(mut active) = lesson else {
        played.clear();
        return;
    };
    let Some(l) = library.0.get(active.index) else { return };
    for p in played.read() {
        if l.kind() != "mate-in-one" || active.verdict.is_some() || p.ply != 0 {
            continue;
        }
        if l.judge_action(p.action) {
            active.verdict = Some(LessonVerdict::Right);
            if let Err(e) = progress.solve(l.id()) {
                notice.say(format!("the lesson progress could not be saved: {e}"));
            }
        } else {
            let text = format!("{} does not mate. Try again.", l.position().san(p.action));
            active.verdict = Some(LessonVerdict::Wrong(text));
        }
        selection.clear();
    }
}
