//! Lessons: one is picked from the library, its position becomes the game, and the player answers
//! the way its task asks: play the mating move, mark cells and press Check, mark the ray's last
//! cell, or choose the reason. The rules judge every answer; hints come one at a time; the
//! lesson's explanation follows a right answer; solved lessons are kept across restarts.

pub mod library;
pub mod progress;

use crate::state::commands::Command;
use crate::state::game::{CurrentGame, GameReplaced, Notice};
use crate::state::messages::{ActionPlayed, CellPicked};
use crate::state::mode::{AppMode, Interaction, ModeSwitch, PicksHere, PlayMode};
use crate::state::play::Mover;
use crate::state::selection::Selection;
use bevy::ecs::system::SystemParam;
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
    app.init_resource::<Progress>()
        .init_resource::<BrowserOpen>()
        .add_message::<LessonCommand>()
        .add_systems(
            Update,
            (
                (end_when_replaced, lesson_picks, run_commands, toggle_list)
                    .chain()
                    .before(crate::state::messages::PlaySystems),
                judge_moves.after(crate::state::messages::PlaySystems),
            )
                .in_set(crate::schedule::AppSystems::Rules),
        )
        .add_systems(OnExit(Interaction::Lesson), |mut commands: Commands| commands.remove_resource::<ActiveLesson>());
}

/// The panel's Lessons button shows or hides the list.
fn toggle_list(mut commands: MessageReader<Command>, mut browser: ResMut<BrowserOpen>) {
    if commands.read().filter(|&&c| c == Command::Lessons).count() % 2 == 1 {
        browser.0 = !browser.0;
    }
}

/// Another game replaced the lesson's: the lesson ends.
fn end_when_replaced(
    mut replaced: MessageReader<GameReplaced>,
    lesson: Option<Res<ActiveLesson>>,
    mut next: ResMut<NextState<Interaction>>,
) {
    // Every announcement is read, in a lesson or not (none waits for a later lesson).
    if replaced.read().any(|r| lesson.as_ref().is_some_and(|l| l.serial != r.serial)) {
        NextState::set_if_neq(&mut next, Interaction::Play);
    }
}

/// Picks mark cells while the task asks for cells; otherwise they move pieces.
fn lesson_picks(
    mut picks: MessageReader<CellPicked>,
    picks_here: PicksHere,
    library: Res<Library>,
    lesson: Option<ResMut<ActiveLesson>>,
    mut mover: Mover,
) {
    let (Some(mut lesson), true) = (lesson, picks_here.are(Interaction::Lesson)) else {
        picks.clear();
        return;
    };
    let marking = lesson.takes_picks(&library);
    let single = library.0[lesson.index].kind() == "ray-end";
    for &CellPicked(cell) in picks.read() {
        if !marking {
            mover.pick(cell);
            continue;
        }
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

/// What opening and closing lessons change: the game, who plays, the list and the state.
#[derive(SystemParam)]
struct Desk<'w, 's> {
    commands: Commands<'w, 's>,
    library: Res<'w, Library>,
    current: ResMut<'w, CurrentGame>,
    play: ResMut<'w, PlayMode>,
    browser: ResMut<'w, BrowserOpen>,
    mode: ModeSwitch<'w>,
    next: ResMut<'w, NextState<Interaction>>,
}

impl Desk<'_, '_> {
    /// Sets lesson `index`'s position up as a two players' game; returns the game's serial.
    fn set_up(&mut self, index: usize) -> Option<u64> {
        let lesson = self.library.0.get(index)?;
        let start = Start::Edited { label: format!("lesson {}", lesson.id()) };
        self.current.replace(Game::from_position(lesson.position().clone(), start));
        *self.play = PlayMode::TwoPlayers;
        Some(self.current.serial())
    }

    /// Opens lesson `index`, if there is one.
    fn open(&mut self, index: usize) -> bool {
        let Some(serial) = self.set_up(index) else { return false };
        self.commands.insert_resource(ActiveLesson { index, marked: Vec::new(), hints: 0, verdict: None, serial });
        // A lesson is offline play: it ends the exhibition or online play on this screen.
        self.mode.set(AppMode::Offline);
        NextState::set_if_neq(&mut self.next, Interaction::Lesson);
        self.browser.0 = false;
        true
    }

    /// Ends the lesson and shows the list.
    fn close(&mut self) {
        NextState::set_if_neq(&mut self.next, Interaction::Play);
        self.browser.0 = true;
    }
}

fn run_commands(
    mut orders: MessageReader<LessonCommand>,
    mut desk: Desk,
    mut progress: ResMut<Progress>,
    mut notice: ResMut<Notice>,
    mut lesson: Option<ResMut<ActiveLesson>>,
) {
    for order in orders.read() {
        match order {
            LessonCommand::Open(i) => {
                desk.browser.0 = !desk.open(*i);
            }
            LessonCommand::Next => {
                let following = lesson.as_ref().map_or(0, |l| l.index + 1);
                if !desk.open(following) {
                    desk.close();
                }
            }
            LessonCommand::Close => desk.close(),
            _ => {}
        }
        let Some(active) = lesson.as_deref_mut() else { continue };
        if let LessonCommand::Retry = order {
            active.serial = desk.set_up(active.index).unwrap_or(active.serial);
            active.marked.clear();
            active.verdict = None;
        }
        let Some(l) = desk.library.0.get(active.index) else { continue };
        match order {
            LessonCommand::Hint => active.hints = (active.hints + 1).min(l.hints().len()),
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
        Task::FindCells { answer, .. } | Task::PickAttacker { answer, .. } | Task::FindDifferences { answer, .. } => {
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
    // Only the moves played in the lesson, which exists only in its state.
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
