//! The `surfchess` command line: perft, divide, validate, show, bestmove and selfplay, and its errors.

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

#[test]
fn bestmove_prints_the_move_then_the_statistics() {
    // The Möbius mate through the twist: the rook on d1 checks g9 along rank 1 and rank 9.
    let mate = "4p-1k3/5p-p-p-2/10/3K6/10/3R6/10/10/10 w - - 0 1";
    let (code, out, err) = surfchess(&["bestmove", "mobius", "--fen", mate, "--depth", "3"]);
    assert_eq!((code, err.as_str()), (0, ""));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "bestmove Rd4–d1");
    // A mate is final: the search stops at the first iteration that proves it.
    assert!(lines[1].starts_with("depth 1 nodes "), "{out}");
    assert!(lines[1].contains(" nps ") && lines[1].contains(" time "), "{out}");
    assert!(lines[1].ends_with("score mate 1 pv Rd4–d1"), "{out}");
    let (code, out, _) = surfchess(&["bestmove", "chess", "--movetime", "50", "--level", "strong"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("bestmove ") && out.contains(" score cp "), "{out}");
    let (code, out, _) = surfchess(&["bestmove", "genus2", "--level", "0", "--seed", "9"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("bestmove ") && out.contains("depth 0 nodes 0"), "{out}");
}

#[test]
fn selfplay_reports_each_game_and_the_score() {
    let (code, out, err) =
        surfchess(&["selfplay", "mobius", "--white", "6", "--black", "random", "--games", "2", "--movetime", "20"]);
    assert_eq!((code, err.as_str()), (0, ""));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert!(lines[0].starts_with("game 1: white wins by checkmate after "), "{out}");
    assert!(lines[1].starts_with("game 2: "), "{out}");
    assert_eq!(lines[2], "white 6: 2 points, black 0: 0 points (white 2 wins, 0 draws, 0 losses)");
}

#[test]
fn engine_commands_reject_bad_input() {
    let mated = "6k1/8/8/8/8/8/5PPP/r5K1 w - - 0 1";
    for (args, needle) in [
        (vec!["bestmove", "torus"], "unknown variant 'torus'"),
        (vec!["bestmove"], "bestmove needs a variant"),
        (vec!["bestmove", "chess", "--depth", "deep"], "--depth 'deep'"),
        (vec!["bestmove", "chess", "--depth", "0"], "--depth '0'"),
        (vec!["bestmove", "chess", "--depth", "2", "--movetime", "10"], "not both"),
        (vec!["bestmove", "chess", "--movetime", "0"], "at least 1 ms"),
        (vec!["bestmove", "chess", "--level", "9"], "unknown level '9'"),
        (vec!["bestmove", "chess", "--seed"], "--seed needs a number"),
        (vec!["bestmove", "chess", "--fen", mated], "game is over (black wins by checkmate)"),
        (vec!["bestmove", "chess", "--games", "2"], "unknown option '--games'"),
        (vec!["selfplay", "chess", "--white", "1", "--black", "0"], "--games is required"),
        (vec!["selfplay", "chess", "--black", "0", "--games", "1"], "--white is required"),
        (vec!["selfplay", "chess", "--white", "1", "--black", "0", "--games", "0"], "--games '0'"),
        (vec!["selfplay", "chess", "--white", "x", "--black", "0", "--games", "1"], "unknown level 'x'"),
        (
            vec!["selfplay", "chess", "--white", "1", "--black", "0", "--games", "1", "--movetime", "1s"],
            "--movetime '1s'",
        ),
    ] {
        let (code, out, err) = surfchess(&args);
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}
