//! The panel's lesson section: the list of lessons (solved ones ticked), or the lesson being taken
//! (title, explanation, question, the hints asked for, the verdict and the lesson's closing
//! explanation) with the buttons its task needs.

use super::scroll::scrolling_column;
use crate::scene::layout::{DIM, TEXT, label};
use crate::state::lessons::library::Library;
use crate::state::lessons::progress::Progress;
use crate::state::lessons::{ActiveLesson, BrowserOpen, LessonCommand, LessonVerdict};
use crate::ui::button::{Activate, button};
use bevy::prelude::*;
use surface_chess_rules::{Reason, Task};

/// Where the lesson section goes.
#[derive(Component)]
pub struct LessonArea;

/// A verdict's colours.
const RIGHT: Color = Color::srgb(0.55, 0.90, 0.55);
const WRONG: Color = Color::srgb(1.0, 0.60, 0.55);

/// The empty section, under `parent`: a long lesson or list scrolls inside it.
pub(super) fn spawn_lesson_area(commands: &mut Commands, parent: Entity) {
    scrolling_column(commands, parent, LessonArea);
}

/// A button sending a lesson command.
fn order(commands: &mut Commands, text: impl Into<String>, command: LessonCommand) -> Entity {
    commands
        .spawn(button(text))
        .observe(move |_: On<Activate>, mut orders: MessageWriter<LessonCommand>| {
            orders.write(command.clone());
        })
        .id()
}

pub(super) fn show_lessons(
    mut commands: Commands,
    library: Res<Library>,
    progress: Res<Progress>,
    browser: Res<BrowserOpen>,
    lesson: Option<Res<ActiveLesson>>,
    area: Query<Entity, With<LessonArea>>,
    mut had_lesson: Local<bool>,
) {
    let changed = library.is_changed()
        || progress.is_changed()
        || browser.is_changed()
        || lesson.as_ref().is_some_and(|l| l.is_changed())
        || *had_lesson != lesson.is_some();
    *had_lesson = lesson.is_some();
    let Ok(area) = area.single() else { return };
    if !changed {
        return;
    }
    commands.entity(area).despawn_related::<Children>();
    let add = |commands: &mut Commands, e: Entity| {
        commands.entity(area).add_child(e);
    };
    let row = |commands: &mut Commands, children: Vec<Entity>| {
        let row = commands.spawn(Node { flex_wrap: FlexWrap::Wrap, flex_shrink: 0.0, ..default() }).id();
        commands.entity(row).add_children(&children);
        row
    };
    if let Some(active) = lesson.as_deref() {
        let Some(l) = library.0.get(active.index) else { return };
        let solved = if progress.solved.contains(l.id()) { " (solved)" } else { "" };
        let title = format!("Lesson {}/{}: {}{solved}", active.index + 1, library.0.len(), l.title());
        for (text, size, colour) in
            [(title, 15.0, TEXT), (l.explanation().to_owned(), 13.0, DIM), (l.question().to_owned(), 13.0, TEXT)]
        {
            let e = commands.spawn(label(text, size, colour)).id();
            add(&mut commands, e);
        }
        for hint in &l.hints()[..active.hints] {
            let e = commands.spawn(label(format!("Hint: {hint}"), 13.0, DIM)).id();
            add(&mut commands, e);
        }
        let takes_cells = matches!(
            l.task(),
            Task::FindCells { .. } | Task::PickAttacker { .. } | Task::RayEnd { .. } | Task::FindDifferences { .. }
        );
        let solved_now = active.verdict == Some(LessonVerdict::Right);
        if takes_cells && !solved_now {
            let names: Vec<String> = active.marked.iter().map(|&c| l.position().complex().name(c)).collect();
            let text = if names.is_empty() {
                "Click cells to mark them.".to_owned()
            } else {
                format!("Marked: {}", names.join(" "))
            };
            let e = commands.spawn(label(text, 13.0, DIM)).id();
            add(&mut commands, e);
        }
        match &active.verdict {
            Some(LessonVerdict::Right) => {
                let e = commands.spawn(label(format!("Right! {}", l.after()), 13.0, RIGHT)).id();
                add(&mut commands, e);
            }
            Some(LessonVerdict::Wrong(why)) => {
                let e = commands.spawn(label(why.clone(), 13.0, WRONG)).id();
                add(&mut commands, e);
            }
            None => {}
        }
        let mut buttons = Vec::new();
        if active.verdict != Some(LessonVerdict::Right) && active.hints < l.hints().len() {
            buttons.push(order(&mut commands, "Hint", LessonCommand::Hint));
        }
        if takes_cells && !solved_now {
            buttons.push(order(&mut commands, "Check", LessonCommand::Check));
        }
        if active.verdict.is_some() {
            buttons.push(order(&mut commands, "Try again", LessonCommand::Retry));
        }
        buttons.push(order(&mut commands, "Next lesson", LessonCommand::Next));
        buttons.push(order(&mut commands, "All lessons", LessonCommand::Close));
        let r = row(&mut commands, buttons);
        add(&mut commands, r);
        if matches!(l.task(), Task::WhyIllegal { .. }) && active.verdict.is_none() {
            let reasons: Vec<Entity> = Reason::words_on(l.variant())
                .into_iter()
                .map(|w| order(&mut commands, w, LessonCommand::Reason(w)))
                .collect();
            let r = row(&mut commands, reasons);
            add(&mut commands, r);
        }
    } else if browser.0 {
        let e = commands
            .spawn(label(format!("Lessons ({} solved of {})", progress.solved.len(), library.0.len()), 15.0, TEXT))
            .id();
        add(&mut commands, e);
        let buttons: Vec<Entity> = library
            .0
            .iter()
            .enumerate()
            .map(|(i, l)| {
                let tick = if progress.solved.contains(l.id()) { "[x]" } else { "[ ]" };
                order(&mut commands, format!("{tick} {}: {}", l.variant(), l.title()), LessonCommand::Open(i))
            })
            .collect();
        let r = row(&mut commands, buttons);
        add(&mut commands, r);
    }
}
