//! Lessons: every file in `assets/lessons` passes the rules' check (this is how `cargo test
//! --workspace` runs `surfchess lesson check`), the collection covers every board and task kind,
//! lessons with a wrong, non-unique or malformed answer are refused with a message naming what is
//! wrong, and the judges accept the right answer and refuse wrong ones.

use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::path::PathBuf;
use surface_chess_rules::{Cell, Lesson, LessonError, Reason, TASK_KINDS, Task, Variant};

fn lesson_dir() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../assets/lessons"))
}

/// Every lesson file, sorted by name, with its lesson.
fn all_lessons() -> Vec<(String, Lesson)> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(lesson_dir())
        .expect("assets/lessons exists")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|path| {
            let name = path.file_stem().unwrap().to_string_lossy().into_owned();
            let json = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
            let lesson = Lesson::load(&json).unwrap_or_else(|e| panic!("{name}: {e}"));
            (name, lesson)
        })
        .collect()
}

#[test]
fn every_lesson_file_passes_the_check() {
    let lessons = all_lessons();
    let mut ids = Vec::new();
    for (name, lesson) in &lessons {
        assert_eq!(lesson.id(), name, "a lesson's id is its file name");
        assert!(!ids.contains(&lesson.id()), "{name}: id used twice");
        ids.push(lesson.id());
        let board = lesson.variant().name();
        assert!(name.starts_with(&format!("{board}-")), "{name}: the file name starts with the board ({board})");
    }
}

#[test]
fn the_lessons_cover_every_board_and_task_kind() {
    let lessons = all_lessons();
    assert!(lessons.len() >= 20, "{} lessons", lessons.len());
    let mut per_board: BTreeMap<&str, usize> = BTreeMap::new();
    let mut per_kind: BTreeMap<&str, usize> = BTreeMap::new();
    for (_, l) in &lessons {
        *per_board.entry(l.variant().name()).or_default() += 1;
        *per_kind.entry(l.kind()).or_default() += 1;
    }
    for v in [Variant::Mobius, Variant::Klein, Variant::Genus2, Variant::Endless] {
        assert!(per_board.get(v.name()).copied().unwrap_or(0) >= 4, "{v}: {per_board:?}");
    }
    // The boards to explore (issue 20): four each on the torus, the projective plane and the
    // sphere, two on the cylinder.
    for (v, least) in [(Variant::Torus, 4), (Variant::Projective, 4), (Variant::Sphere, 4), (Variant::Cylinder, 2)] {
        assert!(per_board.get(v.name()).copied().unwrap_or(0) >= least, "{v}: {per_board:?}");
    }
    assert!(per_board.contains_key("chess"), "welcome lessons on the flat board: {per_board:?}");
    for kind in TASK_KINDS {
        assert!(per_kind.contains_key(kind), "no {kind} lesson: {per_kind:?}");
    }
}

#[test]
fn lessons_round_trip_through_json() {
    for (name, lesson) in all_lessons() {
        let again = Lesson::from_json(&lesson.to_json()).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(again.file(), lesson.file(), "{name}");
    }
}

#[test]
fn the_judges_accept_the_stated_answer_and_refuse_wrong_ones() {
    for (name, l) in all_lessons() {
        let p = l.position();
        match l.task().clone() {
            Task::MateInOne { answer, .. } => {
                assert!(l.judge_action(answer), "{name}");
                let other = p.legal_actions().into_iter().find(|&a| a != answer).expect("another move");
                assert!(!l.judge_action(other), "{name}: {}", p.notation(other));
            }
            Task::FindCells { answer, .. }
            | Task::PickAttacker { answer, .. }
            | Task::FindDifferences { answer, .. } => {
                assert!(l.judge_cells(&answer), "{name}");
                let mut reversed = answer.clone();
                reversed.reverse();
                assert!(l.judge_cells(&reversed), "{name}: any order");
                assert!(!l.judge_cells(&answer[1..]), "{name}: one missing");
                let extra = p.complex().cells().find(|c| !answer.contains(c)).unwrap();
                assert!(!l.judge_cells(&[answer.clone(), vec![extra]].concat()), "{name}: one too many");
            }
            Task::RayEnd { piece, answer, .. } => {
                assert!(l.judge_cell(answer), "{name}");
                assert!(!l.judge_cell(piece), "{name}: the start is not the end");
            }
            Task::WhyIllegal { answer, .. } => {
                assert!(l.judge_reason(answer), "{name}");
                for word in Reason::WORDS.into_iter().filter(|&w| w != answer) {
                    assert!(!l.judge_reason(word), "{name}: {word}");
                }
            }
        }
        // Each judge answers only its own kind of task.
        let kind = l.kind();
        let any_cell = p.complex().cells().next().unwrap();
        if kind != "ray-end" {
            assert!(!l.judge_cell(any_cell) || kind == "ray-end", "{name}");
        }
        if kind != "why-illegal" {
            assert!(Reason::WORDS.iter().all(|w| !l.judge_reason(w)), "{name}");
        }
        if kind != "mate-in-one" {
            assert!(p.legal_actions().into_iter().all(|a| !l.judge_action(a)), "{name}");
        }
        if kind != "find-cells" && kind != "pick-attacker" {
            assert!(!l.judge_cells(&[]) && !l.judge_cells(&[any_cell]), "{name}");
        }
    }
}

/// A small good lesson: the back-rank mate on the flat board.
fn base() -> Value {
    json!({
        "format": "surface-chess-lesson/1",
        "id": "test-mate",
        "variant": "chess",
        "title": "Back rank",
        "explanation": "The rook mates on the last rank.",
        "question": "Play the mate.",
        "position": "6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1",
        "task": { "kind": "mate-in-one", "answer": "Re1-e8" },
        "hints": ["Look at rank 8."],
        "after": "Re1-e8 is mate."
    })
}

/// The base lesson with `changes` merged in (a `null` removes the key); `task` is replaced whole.
fn with(changes: Value) -> String {
    let mut v = base();
    for (k, x) in changes.as_object().unwrap() {
        if x.is_null() {
            v.as_object_mut().unwrap().remove(k);
        } else {
            v[k] = x.clone();
        }
    }
    v.to_string()
}

/// Loads (reads and checks) and expects the error, returning its message.
fn refused(json: &str) -> (LessonError, String) {
    let e = Lesson::load(json).expect_err("refused");
    let message = e.to_string();
    (e, message)
}

fn field_error(json: &str, field: &str, needle: &str) {
    let (e, m) = refused(json);
    assert!(matches!(&e, LessonError::Field { field: f, .. } if *f == field), "{field}: {m}");
    assert!(m.contains(&format!("lesson field '{field}'")) && m.contains(needle), "{m}");
}

fn wrong(json: &str, needle: &str) {
    let (e, m) = refused(json);
    assert!(matches!(e, LessonError::Wrong(_)), "{m}");
    assert!(m.starts_with("wrong answer: ") && m.contains(needle), "{m}");
}

#[test]
fn a_good_inline_lesson_loads() {
    let l = Lesson::load(&base().to_string()).expect("good");
    assert_eq!((l.id(), l.variant(), l.kind()), ("test-mate", Variant::Chess, "mate-in-one"));
    assert_eq!(l.hints(), ["Look at rank 8."]);
    let bom = format!("\u{feff}{}", base());
    assert!(Lesson::load(&bom).is_ok(), "a byte-order mark is skipped");
}

#[test]
fn malformed_json_is_refused_with_where() {
    let (e, m) = refused("{ \"format\": ");
    assert!(matches!(e, LessonError::Json(_)), "{m}");
    assert!(m.starts_with("not a lesson: ") && m.contains("line 1 column"), "{m}");
    let (_, m) = refused(&with(json!({ "colour": "blue" })));
    assert!(m.contains("unknown field") && m.contains("colour"), "{m}");
    let (_, m) = refused(&with(json!({ "hints": null })));
    assert!(m.contains("missing field") && m.contains("hints"), "{m}");
    let (_, m) = refused(&with(json!({ "task": { "kind": "guess-the-move", "answer": "e2-e4" } })));
    assert!(m.contains("unknown variant") && m.contains("guess-the-move"), "{m}");
    let (_, m) = refused(&with(json!({ "task": { "kind": "mate-in-one", "answer": "Re1-e8", "why": 1 } })));
    assert!(m.contains("unknown field") && m.contains("why"), "{m}");
}

#[test]
fn fields_that_do_not_parse_are_named() {
    field_error(&with(json!({ "format": "surface-chess-lesson/9" })), "format", "not supported");
    field_error(&with(json!({ "id": "Bad Id" })), "id", "lower-case");
    field_error(&with(json!({ "variant": "hyperbolic" })), "variant", "unknown variant 'hyperbolic'");
    field_error(&with(json!({ "position": "8/8 w - - 0 1" })), "position", "bad position text");
    field_error(
        &with(json!({ "task": { "kind": "find-cells", "piece": "z9", "answer": [] } })),
        "task.piece",
        "'z9' is not a cell of the chess board",
    );
    field_error(
        &with(json!({ "task": { "kind": "find-cells", "piece": "e1", "answer": ["e2", "e2"] } })),
        "task.answer",
        "lists 'e2' twice",
    );
    field_error(
        &with(json!({ "task": { "kind": "pick-attacker", "target": "e8", "side": "green", "answer": [] } })),
        "task.side",
        "'green' is not white or black",
    );
    field_error(
        &with(json!({ "task": { "kind": "ray-end", "piece": "e1", "direction": "up", "answer": "e8" } })),
        "task.direction",
        "'up' is not one of north",
    );
    field_error(
        &with(json!({ "task": { "kind": "why-illegal", "from": "e1", "to": "e9", "answer": "blocked" } })),
        "task.to",
        "'e9' is not a cell",
    );
    field_error(
        &with(json!({ "task": { "kind": "why-illegal", "from": "e1", "to": "e3", "answer": "because" } })),
        "task.answer",
        "'because' is not a reason word",
    );
    field_error(&with(json!({ "task": { "kind": "mate-in-one", "answer": "Re1-e9" } })), "task.answer", "not a cell");
    field_error(
        &with(json!({ "task": { "kind": "mate-in-one", "answer": "Re1-d2" } })),
        "task.answer",
        "not a legal move",
    );
}

#[test]
fn texts_must_be_present_and_ascii() {
    field_error(&with(json!({ "title": "  " })), "title", "is empty");
    field_error(&with(json!({ "title": "x".repeat(61) })), "title", "at most 60");
    field_error(&with(json!({ "after": "Möbius" })), "after", "not printable ASCII");
    field_error(&with(json!({ "hints": [] })), "hints", "at least one hint");
    field_error(&with(json!({ "hints": ["ok", ""] })), "hints", "is empty");
    field_error(&with(json!({ "question": "tab\there" })), "question", "not printable ASCII");
}

#[test]
fn user_text_in_messages_is_escaped_and_cut() {
    let (_, m) = refused(&with(json!({ "format": "x\u{1b}[2J\n" })));
    assert!(m.contains("'x\\u{1b}[2J\\n'") && !m.contains('\u{1b}'), "{m}");
    let (_, m) = refused(&with(json!({ "variant": "v".repeat(500) })));
    assert!(m.len() < 300 && m.contains('…'), "{m}");
}

#[test]
fn a_wrong_mate_is_refused_with_the_reply() {
    // A check the king escapes.
    let check = with(json!({ "position": "6k1/5pp1/8/8/8/8/8/4R1K1 w - - 0 1" }));
    wrong(&check, "gives check, but black can answer");
    // No check at all.
    wrong(&with(json!({ "task": { "kind": "mate-in-one", "answer": "Re1-e7" } })), "does not give check");
}

#[test]
fn a_mate_that_is_not_the_only_one_is_refused_unless_the_task_allows_it() {
    let two_rooks = "6k1/5ppp/8/8/8/8/8/R3R1K1 w - - 0 1";
    let (e, m) = refused(&with(json!({ "position": two_rooks })));
    assert!(matches!(e, LessonError::NotUnique(_)), "{m}");
    assert!(m.contains("so does Ra1–a8") && m.contains("\"unique\": false"), "{m}");
    let any =
        with(json!({ "position": two_rooks, "task": { "kind": "mate-in-one", "answer": "Ra1-a8", "unique": false } }));
    let l = Lesson::load(&any).expect("any mate will do");
    let both: Vec<String> = l.mating_actions().into_iter().map(|a| l.position().notation(a)).collect();
    assert_eq!(both, ["Ra1–a8", "Re1–e8"]);
    for a in l.mating_actions() {
        assert!(l.judge_action(a));
    }
    assert!(l.to_json().contains("\"unique\": false"));
    assert!(!Lesson::load(&base().to_string()).unwrap().to_json().contains("unique"), "true is the default");
}

#[test]
fn wrong_cells_are_refused_with_the_rules_answer() {
    let knight = |answer: Value| {
        with(json!({
            "position": "6k1/7p/8/8/8/8/8/1N4K1 w - - 0 1",
            "task": { "kind": "find-cells", "piece": "b1", "answer": answer }
        }))
    };
    assert!(Lesson::load(&knight(json!(["a3", "c3", "d2"]))).is_ok());
    wrong(&knight(json!(["a3", "c3"])), "the white knight on b1 goes to d2 a3 c3, not a3 c3");
    wrong(&knight(json!(["a3", "c3", "d2", "d3"])), "not d2 a3 c3 d3");
    field_error(
        &with(json!({ "task": { "kind": "find-cells", "piece": "g8", "answer": [] } })),
        "task.piece",
        "the black king on g8 cannot move: it is white's turn",
    );
    field_error(
        &with(json!({ "task": { "kind": "find-cells", "piece": "d4", "answer": [] } })),
        "task.piece",
        "no piece on d4",
    );
}

#[test]
fn wrong_attackers_are_refused() {
    let task = |answer: Value| {
        with(json!({ "task": { "kind": "pick-attacker", "target": "e8", "side": "white", "answer": answer } }))
    };
    assert!(Lesson::load(&task(json!(["e1"]))).is_ok());
    wrong(&task(json!([])), "white attacks e8 from e1, not from no cell");
    wrong(&task(json!(["e1", "g1"])), "not from e1 g1");
}

#[test]
fn a_wrong_ray_end_is_refused_with_how_the_ray_ends() {
    let ray = |direction: &str, answer: &str| {
        with(json!({ "task": { "kind": "ray-end", "piece": "e1", "direction": direction, "answer": answer } }))
    };
    assert!(Lesson::load(&ray("north", "e8")).is_ok());
    assert!(Lesson::load(&ray("west", "a1")).is_ok(), "the last cell before the edge");
    assert!(Lesson::load(&ray("east", "g1")).is_ok(), "a friendly blocker is the end");
    wrong(&ray("north", "e7"), "the ray north from e1 ends on e8 (then it would run off the board's edge), not on e7");
    wrong(&ray("east", "f1"), "the ray east from e1 ends on g1 (it stops on the white king on g1), not on f1");
    field_error(&ray("northeast", "h4"), "task.piece", "is not a rook, bishop or queen moving northeast");
    field_error(&ray("south", "e1"), "task.direction", "the ray south from e1 enters no cell");
    // On genus two a cone point ends a bishop's ray.
    let cone = json!({
        "variant": "genus2",
        "position": "9/9/9/9/9/9/9/9/K4B3|4k4/9/9/9/2n6/9/9/9/9 w - - 0 0",
        "task": { "kind": "ray-end", "piece": "I:f1", "direction": "northeast", "answer": "I:h3" }
    });
    wrong(&with(cone), "ends on I:i4 (then it meets a cone point), not on I:h3");
}

#[test]
fn a_wrong_reason_is_refused_with_the_rules_reason() {
    let why = |from: &str, to: &str, answer: &str| {
        with(json!({ "task": { "kind": "why-illegal", "from": from, "to": to, "answer": answer } }))
    };
    assert!(Lesson::load(&why("e1", "d2", "not-a-move")).is_ok());
    assert!(Lesson::load(&why("f7", "f5", "not-your-turn")).is_ok());
    wrong(&why("e1", "d2", "blocked"), "the rules say not-a-move (The white rook on e1 never reaches d2");
    wrong(&why("e1", "e8", "blocked"), "Re1–e8 is legal here");
}

#[test]
fn every_reason_word_is_one_a_lesson_may_state() {
    for word in Reason::WORDS {
        let json = with(json!({ "task": { "kind": "why-illegal", "from": "e1", "to": "d2", "answer": word } }));
        let l = Lesson::from_json(&json).unwrap_or_else(|e| panic!("{word}: {e}"));
        assert_eq!(l.judge_reason(word), word == "not-a-move");
    }
}

#[test]
fn the_stated_answer_is_parsed_on_the_board() {
    let l = Lesson::load(&base().to_string()).unwrap();
    let Task::MateInOne { answer, unique } = *l.task() else { panic!("mate-in-one") };
    assert!(unique);
    assert_eq!(l.position().notation(answer), "Re1–e8");
    let cell = |name: &str| -> Cell { l.position().complex().parse_cell(name).unwrap() };
    assert_eq!((answer.from, answer.to), (cell("e1"), cell("e8")));
}

#[test]
fn the_example_in_the_lessons_readme_passes_the_check() {
    let readme = std::fs::read_to_string(lesson_dir().join("README.md")).expect("assets/lessons/README.md");
    let start = readme.find("```json\n").expect("a JSON example") + "```json\n".len();
    let end = start + readme[start..].find("```").expect("the example's end");
    let example = Lesson::load(&readme[start..end]).unwrap_or_else(|e| panic!("README example: {e}"));
    assert_eq!(example.kind(), "ray-end");
}

#[test]
fn a_lesson_on_a_finished_game_is_refused() {
    // Bare kings on Endless: the rules draw the game before the lesson could start.
    let json = with(json!({ "variant": "endless", "position": "8/8/8/4k3/8/8/8/4K3 w - - 0 0",
        "task": { "kind": "why-illegal", "from": "e1", "to": "e8", "answer": "edge" } }));
    field_error(&json, "position", "the game is already over there");
}
