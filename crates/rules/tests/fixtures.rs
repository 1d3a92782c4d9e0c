//! Every record under `fixtures/` loads: the valid ones replay, the invalid ones fail with an error
//! that names what is wrong and where.

use std::path::{Path, PathBuf};
use surface_chess_rules::{ActionKind, Facing, Record, RecordError};

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures")
}

fn load(path: &Path) -> Result<surface_chess_rules::Game, RecordError> {
    let json = std::fs::read_to_string(path).expect("fixture readable");
    Record::from_json(&json)?.replay()
}

fn json_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("fixtures directory")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    files
}

#[test]
fn every_valid_fixture_replays_and_round_trips() {
    let files = json_files(&fixtures());
    assert!(files.len() >= 8, "fixtures present");
    for path in files {
        let game = load(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        // Saving and loading again reproduces the game, now with its final-state check.
        let again = Record::from_json(&Record::of(&game).to_json()).and_then(|r| r.replay());
        let again = again.unwrap_or_else(|e| panic!("{} round trip: {e}", path.display()));
        assert_eq!(again.position(), game.position());
        assert_eq!(again.outcome(), game.outcome());
    }
}

#[test]
fn the_seam_fixtures_show_what_the_rules_text_says() {
    let ep = load(&fixtures().join("mobius-en-passant-across-seam.json")).unwrap();
    assert!(matches!(ep.actions()[2].kind, ActionKind::EnPassant { facing: Facing::Down, .. }));
    let double = load(&fixtures().join("genus2-seam-double-step.json")).unwrap();
    assert!(matches!(double.actions()[0].kind, ActionKind::DoubleStep { .. }));
    let mate = load(&fixtures().join("chess-fools-mate.json")).unwrap();
    assert_eq!(mate.outcome().map(|o| o.to_string()), Some("black wins by checkmate".to_string()));
}

#[test]
fn invalid_fixtures_fail_with_named_errors() {
    let dir = fixtures().join("invalid");
    let err = |name: &str| load(&dir.join(name)).expect_err(name);
    assert!(matches!(err("illegal-third-action.json"), RecordError::Action { ply: 3, .. }));
    assert!(matches!(err("unknown-variant.json"), RecordError::Field { field: "variant", .. }));
    assert!(matches!(err("wrong-result.json"), RecordError::Field { field: "result", .. }));
    assert!(matches!(err("action-after-mate.json"), RecordError::Action { ply: 5, .. }));
    assert!(matches!(err("inconsistent-final.json"), RecordError::Field { field: "final.position", .. }));
    assert!(matches!(err("missing-promotion.json"), RecordError::Action { ply: 1, .. }));
    assert!(matches!(err("not-json.json"), RecordError::Json(_)));
    assert!(matches!(err("wrong-ruleset.json"), RecordError::Field { field: "ruleset", .. }));
    let message = err("illegal-third-action.json").to_string();
    assert!(message.contains("ply 3") && message.contains("e4–e6"), "{message}");
    assert!(err("missing-promotion.json").to_string().contains("no default"));
    // A finished game whose record says it is still going: the result field, and what ended it.
    for (name, ending) in [
        ("checkmate-without-result.json", "ended at ply 4: black wins by checkmate"),
        ("stalemate-without-result.json", "ended at ply 1: draw by stalemate"),
        ("bare-kings-without-result.json", "ended at ply 1: draw by bare kings"),
        ("fivefold-without-result.json", "ended at ply 16: draw by fivefold repetition"),
    ] {
        let e = err(name);
        assert!(matches!(e, RecordError::Field { field: "result", .. }), "{name}: {e:?}");
        let message = e.to_string();
        assert!(message.contains("'result'") && message.contains("is null"), "{name}: {message}");
        assert!(message.contains(ending), "{name}: {message}");
    }
    let message = err("wrong-result.json").to_string();
    assert!(message.contains("says 'white wins by checkmate'") && message.contains("black wins"), "{message}");
    assert_eq!(json_files(&dir).len(), 12, "every invalid fixture is checked");
}

#[test]
fn a_byte_order_mark_is_skipped_and_json_errors_are_cut() {
    let json = std::fs::read_to_string(fixtures().join("chess-fools-mate.json")).expect("fixture");
    let game = Record::from_json(&format!("\u{feff}{json}")).and_then(|r| r.replay()).expect("loads");
    assert_eq!(game.actions().len(), 4);
    // An unknown field named by a thousand characters and a terminal escape.
    let e = Record::from_json(&format!("{{\"{}\\u001b\": 1}}", "f".repeat(1000))).expect_err("unknown field");
    let message = e.to_string();
    assert!(message.starts_with("not a game record: unknown field `ffff"), "{message}");
    assert!(message.contains("…") && message.contains(" at line 1 column "), "{message}");
    assert!(message.len() < 300 && !message.contains('\u{1b}'), "{message}");
}
