//! The `surfchess` command line: perft, divide, validate and show, and its errors.

use std::process::Command;

fn surfchess(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_surfchess")).args(args).output().expect("runs");
    let text = |b: Vec<u8>| String::from_utf8(b).expect("utf-8");
    (out.status.code().unwrap_or(-1), text(out.stdout), text(out.stderr))
}

#[test]
fn perft_prints_the_node_count() {
    assert_eq!(surfchess(&["perft", "chess", "3"]), (0, "8902\n".into(), String::new()));
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    assert_eq!(surfchess(&["perft", "chess", "2", "--fen", kiwipete]).1, "2039\n");
    assert_eq!(surfchess(&["perft", "endless", "1"]).1, "24\n");
}

#[test]
fn divide_lists_each_root_action_then_the_total() {
    let (code, out, _) = surfchess(&["perft", "mobius", "2", "--divide"]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    let (last, moves) = lines.split_last().expect("output");
    let total: u64 = moves.iter().map(|l| l.rsplit_once(' ').unwrap().1.parse::<u64>().unwrap()).sum();
    assert_eq!(*last, format!("nodes {total}"));
    let (_, whole, _) = surfchess(&["perft", "mobius", "2"]);
    assert_eq!(whole.trim(), total.to_string());
    assert!(moves.iter().any(|l| l.starts_with("e2–e4 ")));
}

#[test]
fn validate_accepts_good_records_and_names_the_ply_of_bad_ones() {
    let fixtures = concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures");
    let (code, out, _) = surfchess(&["validate", &format!("{fixtures}/chess-fools-mate.json")]);
    assert_eq!(code, 0);
    assert!(out.contains("valid chess record, 4 actions, black wins by checkmate"), "{out}");
    let (code, _, err) = surfchess(&["validate", &format!("{fixtures}/invalid/illegal-third-action.json")]);
    assert_eq!(code, 2);
    assert!(err.contains("ply 3") && err.contains("e4–e6"), "{err}");
    let (code, _, err) = surfchess(&["validate", "/nonexistent/record.json"]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot read"), "{err}");
}

#[test]
fn show_draws_the_charts() {
    let (code, out, _) = surfchess(&["show", "genus2"]);
    assert_eq!(code, 0);
    assert!(out.contains("chart I") && out.contains("chart II"));
    assert!(out.contains("white to move"));
}

#[test]
fn bad_input_gets_a_clear_error() {
    for (args, needle) in [
        (vec!["perft", "torus", "2"], "unknown variant 'torus'"),
        (vec!["perft", "chess", "deep"], "depth 'deep'"),
        (vec!["perft", "chess", "2", "--fast"], "unknown option '--fast'"),
        (vec!["show", "chess", "--fen", "8/8 w - - 0 1"], "placement"),
        (vec!["frobnicate"], "unknown command"),
        (vec![], "usage"),
    ] {
        let (code, out, err) = surfchess(&args);
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty());
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}
