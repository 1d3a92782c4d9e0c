//! The guided tours in `assets/tours/`: each reads and checks (boards, positions, cells, moves),
//! one per family of surfaces and an arc that walks the boards in order; bad fields are refused
//! by name.

use serde_json::{Value, json};
use surface_chess_rules::tour::{FAMILIES, Tour, TourError};

fn tours() -> Vec<(String, Tour)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/tours");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("assets/tours")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let name = p.file_stem().unwrap().to_string_lossy().into_owned();
            let json = std::fs::read_to_string(&p).unwrap();
            let tour = Tour::from_json(&json).unwrap_or_else(|e| panic!("{name}: {e}"));
            (name, tour)
        })
        .collect()
}

#[test]
fn every_tour_reads_and_is_named_by_its_file() {
    let tours = tours();
    assert!(tours.len() >= 4);
    for (name, tour) in &tours {
        assert_eq!(tour.id(), name);
    }
}

#[test]
fn one_tour_per_family_and_the_arc_walks_the_boards_in_order() {
    let tours = tours();
    for family in FAMILIES {
        assert!(tours.iter().any(|(_, t)| t.file.family == family), "no {family} tour");
    }
    let (_, arc) = tours.iter().find(|(_, t)| t.file.family == "arc").expect("the arc");
    let boards: Vec<&str> = arc.steps.iter().map(|s| s.position.variant().name()).collect();
    let order = ["chess", "cylinder", "torus", "endless", "mobius", "klein", "projective", "sphere", "genus2"];
    assert_eq!(boards, order);
    // The moves a tour plays are the board's: an explore move where the board opens exploring.
    let (_, wrapping) = tours.iter().find(|(_, t)| t.id() == "wrapping").expect("wrapping");
    let played = wrapping.steps.iter().find(|s| s.play.is_some()).expect("a move");
    assert!(played.exploring && played.position.explore(played.play.unwrap()).is_ok());
}

fn error(edit: impl FnOnce(&mut Value)) -> TourError {
    let mut tour = json!({
        "format": "surface-chess-tour/1",
        "id": "test",
        "title": "A test",
        "family": "wrapping",
        "steps": [{ "variant": "torus", "select": "e2", "play": "Nb2-c4", "overlays": ["rays"],
                    "camera": { "yaw": 0, "pitch": 45, "distance": 1.0 }, "text": "A step." }]
    });
    Tour::from_json(&tour.to_string()).expect("the base tour reads");
    edit(&mut tour);
    Tour::from_json(&tour.to_string()).expect_err("refused")
}

#[test]
fn bad_fields_are_refused_by_name() {
    let said = |e: TourError| e.to_string();
    assert!(said(error(|t| t["format"] = json!("surface-chess-tour/9"))).contains("'format'"));
    assert!(said(error(|t| t["family"] = json!("hyperbolic"))).contains("'family'"));
    assert!(said(error(|t| t["steps"] = json!([]))).contains("'steps'"));
    assert!(said(error(|t| t["steps"][0]["variant"] = json!("hyperbolic"))).contains("step 1, field 'variant'"));
    assert!(said(error(|t| t["steps"][0]["overlays"] = json!(["glow"]))).contains("field 'overlays'"));
    // Only a board with a twin compares (the twisting tour compares Endless with the cylinder).
    let no_twin = said(error(|t| {
        t["steps"][0] = json!({ "variant": "sphere", "overlays": ["compare"], "text": "The sphere." });
    }));
    assert!(no_twin.contains("no twin"), "{no_twin}");
    assert!(said(error(|t| t["steps"][0]["camera"]["pitch"] = json!(120))).contains("field 'camera'"));
    assert!(said(error(|t| t["steps"][0]["select"] = json!("e5"))).contains("no piece on 'e5'"));
    assert!(said(error(|t| t["steps"][0]["play"] = json!("Nb2-b4"))).contains("field 'play'"));
    assert!(said(error(|t| t["steps"][0]["text"] = json!("caf\u{e9}"))).contains("field 'text'"));
    assert!(said(error(|t| t["steps"][0]["zoom"] = json!(2))).contains("unknown field"));
}
