//! The `surfchess` command line: perft, divide (long and gg³ algebraic notation), validate, show,
//! bestmove and selfplay, its errors (escaped and cut), finished games, arguments that are not
//! UTF-8, and output that cannot be written (a closed pipe, a full disk).

use std::ffi::OsStr;
use std::io::Read;
use std::process::{Command, Stdio};

fn surfchess(args: &[&str]) -> (i32, String, String) {
    surfchess_os(&args.iter().map(OsStr::new).collect::<Vec<_>>())
}

fn surfchess_os(args: &[&OsStr]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_surfchess")).args(args).output().expect("runs");
    let text = |b: Vec<u8>| String::from_utf8(b).expect("utf-8");
    (out.status.code().unwrap_or(-1), text(out.stdout), text(out.stderr))
}

/// Runs and expects the exit code 2, nothing on stdout, and `needle` in the message.
fn refused(args: &[&str], needle: &str) -> String {
    let (code, out, err) = surfchess(args);
    assert_eq!(code, 2, "{args:?}: {err}");
    assert!(out.is_empty(), "{args:?}: {out}");
    assert!(err.contains(needle), "{args:?}: {err}");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    err
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
fn divide_writes_gg3_algebraic_notation_on_the_three_level_boards() {
    for (variant, count, examples, long_example) in [
        ("strato", 52, ["e3β 1", "e4β 1", "Nf3β 1", "Nc3γ 1", "Ke1β 1", "Rh1γ 1"], "1e2-2e3 1"),
        ("chess3", 76, ["e3α 1", "e2β 1", "Nf3α 1", "Nf1γ 1", "Qd3γ 1", "Rh1β 1"], "1e2-1e3 1"),
    ] {
        let (code, out, err) = surfchess(&["perft", variant, "1", "--divide", "--notation", "san"]);
        assert_eq!((code, err.as_str()), (0, ""), "{variant}");
        let lines: Vec<&str> = out.lines().collect();
        let (last, moves) = lines.split_last().expect("output");
        assert_eq!(*last, format!("nodes {count}"), "{variant}");
        assert_eq!(moves.len(), count, "{variant}");
        let names: std::collections::HashSet<&str> = moves.iter().map(|l| l.rsplit_once(' ').unwrap().0).collect();
        assert_eq!(names.len(), count, "{variant}: every move named once");
        for example in examples {
            assert!(moves.contains(&example), "{variant}: {example} in {out}");
        }
        // Long notation stays the default.
        let (_, long, _) = surfchess(&["perft", variant, "1", "--divide", "--notation", "long"]);
        assert_eq!(long, surfchess(&["perft", variant, "1", "--divide"]).1);
        assert!(long.lines().any(|l| l == long_example), "{variant}: {long}");
    }
    // Depth 2: per root move in algebraic notation, adding up to perft.
    let (_, out, _) = surfchess(&["perft", "strato", "2", "--divide", "--notation", "san"]);
    let lines: Vec<&str> = out.lines().collect();
    let (last, moves) = lines.split_last().expect("output");
    let total: u64 = moves.iter().map(|l| l.rsplit_once(' ').unwrap().1.parse::<u64>().unwrap()).sum();
    assert_eq!(*last, format!("nodes {total}"));
    assert_eq!(surfchess(&["perft", "strato", "2"]).1.trim(), total.to_string());
    // A castling fixture: Strato's joint transfer is O-Oβ.
    let castling = "8/8/8/8/8/8/8/4K*2R*|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w K - 0 0";
    let (_, out, _) = surfchess(&["perft", "strato", "1", "--divide", "--notation", "san", "--fen", castling]);
    assert!(out.lines().any(|l| l == "O-Oβ 1") && out.lines().any(|l| l == "O-Oα 1"), "{out}");
}

#[test]
fn algebraic_notation_is_refused_on_the_other_boards() {
    refused(&["perft", "chess", "1", "--divide", "--notation", "san"], "only strato and chess3");
    refused(&["perft", "mobius", "2", "--notation", "san"], "--notation san");
    refused(&["perft", "strato", "1", "--notation", "short"], "invalid value 'short' for '--notation <NOTATION>'");
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
fn perft_of_depth_zero_counts_the_position_itself() {
    assert_eq!(surfchess(&["perft", "klein", "0"]), (0, "1\n".into(), String::new()));
    assert_eq!(surfchess(&["perft", "klein", "0", "--divide"]), (0, "nodes 1\n".into(), String::new()));
}

#[test]
fn bad_input_gets_a_clear_error() {
    for (args, needle) in [
        (vec!["perft", "hyperbolic", "2"], "invalid value 'hyperbolic' for '<VARIANT>'"),
        (
            vec!["perft", "hyperbolic", "2"],
            "[possible values: mobius, klein, genus2, endless, chess, strato, chess3, cylinder, torus, projective, sphere, cylinder-10x9, torus-9x18]",
        ),
        (vec!["perft", "chess", "deep"], "invalid value 'deep' for '<DEPTH>'"),
        (vec!["perft", "chess", "13"], "invalid value '13' for '<DEPTH>': 13 is not in 0..=12"),
        (vec!["perft", "chess", "2", "--fast"], "unexpected argument '--fast'"),
        (vec!["show", "chess", "--fen", "8/8 w - - 0 1"], "--fen: bad position text, placement field"),
        (vec!["frobnicate"], "unrecognized subcommand 'frobnicate'"),
        (vec![], "Usage: surfchess <COMMAND>"),
    ] {
        refused(&args, needle);
    }
}

#[test]
fn user_text_in_messages_is_escaped_and_cut() {
    // A terminal escape and a newline in a variant name, a position, an action and a level.
    let noise = format!("x\u{1b}[2J\n{}", "y".repeat(500));
    let err = refused(&["perft", &noise, "1"], "invalid value 'x\\u{1b}[2J\\n");
    assert!(err.len() < 400 && !err.contains('\u{1b}'), "{err}");
    let fen = format!("8/8/8/8/8/8/8/K6k w - - 0 1{}\u{1b}[2J", "9".repeat(500));
    let err = refused(&["show", "chess", "--fen", &fen], "ply field: '1999999");
    assert!(err.contains("…'") && err.len() < 400 && !err.contains('\u{1b}'), "{err}");
    let action = format!("x\u{1b}[2J{}", "y".repeat(500));
    let err = refused(&["bestmove", "chess", "--moves", &action], "--moves: action 1 ('x\\u{1b}[2Jyyy");
    assert!(err.contains('…') && err.len() < 400 && !err.contains('\u{1b}'), "{err}");
    let err = refused(&["bestmove", "chess", "--level", &noise], "unknown level 'x\\u{1b}[2J\\n");
    assert!(err.len() < 600 && !err.contains('\u{1b}'), "{err}");
}

#[cfg(unix)]
#[test]
fn arguments_need_not_be_utf8() {
    use std::os::unix::ffi::OsStrExt;
    let dir = std::env::temp_dir().join(format!("surfchess-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary directory");
    // A record file whose name is not UTF-8, and that starts with a byte-order mark.
    let name = dir.join(OsStr::from_bytes(b"record-\xff.json"));
    let fixture = concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/chess-fools-mate.json");
    let json = std::fs::read(fixture).expect("fixture");
    std::fs::write(&name, [b"\xef\xbb\xbf".as_slice(), &json].concat()).expect("written");
    let (code, out, err) = surfchess_os(&[OsStr::new("validate"), name.as_os_str()]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert!(out.contains("record-\u{fffd}.json: valid chess record, 4 actions"), "{out}");
    // A missing one: named, escaped.
    let missing = dir.join(OsStr::from_bytes(b"missing-\xff\n.json"));
    let (code, out, err) = surfchess_os(&[OsStr::new("validate"), missing.as_os_str()]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.contains("cannot read '") && err.contains("missing-\u{fffd}\\n.json'"), "{err}");
    // Where text is expected: a clear error.
    let (code, _, err) = surfchess_os(&[OsStr::new("show"), OsStr::from_bytes(b"chess\xff")]);
    assert_eq!(code, 2);
    assert!(err.contains("invalid value 'chess\u{fffd}' for '<VARIANT>'"), "{err}");
    let fen = OsStr::from_bytes(b"8/8/8/8/8/8/8/K6k w - - 0 1\xff");
    let (code, _, err) = surfchess_os(&[OsStr::new("show"), OsStr::new("chess"), OsStr::new("--fen"), fen]);
    assert_eq!(code, 2);
    assert!(err.contains("invalid UTF-8"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

#[cfg(unix)]
#[test]
fn output_that_cannot_be_written_ends_quietly() {
    // A closed pipe: the reader takes the first line and goes.
    let mut child = Command::new(env!("CARGO_BIN_EXE_surfchess"))
        .args(["selfplay", "mobius", "--white", "1", "--black", "0", "--games", "50", "--movetime", "5"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    let mut first = [0u8; 7];
    child.stdout.take().expect("stdout").read_exact(&mut first).expect("the first line");
    assert_eq!(&first, b"game 1:");
    let status = child.wait().expect("ends");
    let mut err = String::new();
    child.stderr.take().expect("stderr").read_to_string(&mut err).expect("stderr");
    assert_eq!((status.code(), err.as_str()), (Some(1), ""));
    // A full disk.
    let full = std::fs::OpenOptions::new().write(true).open("/dev/full").expect("/dev/full");
    let out =
        Command::new(env!("CARGO_BIN_EXE_surfchess")).args(["show", "chess"]).stdout(full).output().expect("runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("cannot write the output") && !err.contains("panicked"), "{err}");
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
    // Two threads on a timed search find it too.
    let (code, out, err) = surfchess(&["bestmove", "mobius", "--fen", mate, "--movetime", "300", "--threads", "2"]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert!(out.starts_with("bestmove Rd4–d1\n") && out.contains("score mate 1"), "{out}");
    let (code, _, err) = surfchess(&["bestmove", "mobius", "--threads", "0"]);
    assert!(code == 2 && err.contains("--threads"), "{err}");
    let (code, out, _) = surfchess(&["bestmove", "chess", "--movetime", "50", "--level", "strong"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("bestmove ") && out.contains(" score cp "), "{out}");
    let (code, out, _) = surfchess(&["bestmove", "genus2", "--level", "0", "--seed", "9"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("bestmove ") && out.contains("depth 0 nodes 0"), "{out}");
}

#[test]
fn help_lists_every_level_by_number_and_name() {
    let (code, out, _) = surfchess(&["--help"]);
    assert_eq!(code, 0);
    assert!(out.contains("levels: 0 random, 1 beginner, 2 novice,"), "{out}");
    assert!(out.contains("11 champion, 12 strongest (default)"), "{out}");
    let (code, out, _) = surfchess(&["bestmove", "chess", "--movetime", "30", "--level", "champion"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("bestmove "), "{out}");
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
fn a_match_plays_each_balanced_opening_twice_and_measures_the_elo_difference() {
    let args = [
        "match",
        "mobius",
        "--first",
        "4",
        "--second",
        "0",
        "--openings",
        "3",
        "--movetime",
        "20",
        "--judge-nodes",
        "20000",
    ];
    let (code, out, err) = surfchess(&args);
    assert_eq!((code, err.as_str()), (0, ""));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 7, "{out}");
    let mut wins = 0;
    for (i, pair) in lines[..6].chunks(2).enumerate() {
        let opening = |l: &str| l.split(" from ").nth(1).unwrap().split(": ").next().unwrap().to_owned();
        assert_eq!(opening(pair[0]), opening(pair[1]), "the same opening twice: {out}");
        assert_eq!(opening(pair[0]).split(' ').count(), 6, "six random plies: {out}");
        assert!(pair[0].starts_with(&format!("game {}: first plays white from ", 2 * i + 1)), "{out}");
        assert!(pair[1].starts_with(&format!("game {}: first plays black from ", 2 * i + 2)), "{out}");
        wins += usize::from(pair[0].contains(": white wins")) + usize::from(pair[1].contains(": black wins"));
    }
    // Level 4 against the random mover: every game won, an unbounded difference.
    assert_eq!(wins, 6, "{out}");
    assert_eq!(
        lines[6],
        "first 4 vs second 0: 6 wins, 0 draws, 0 losses in 6 games, 100.0 %; Elo +∞ (95 %: +77 to +∞)"
    );
    let (_, again, _) = surfchess(&args);
    let openings =
        |text: &str| text.lines().map(|l| l.split(": ").nth(1).unwrap_or_default().to_owned()).collect::<Vec<_>>();
    assert_eq!(openings(&again), openings(&out), "the same seed draws the same openings");
}

#[test]
fn a_match_between_equals_is_about_even_with_its_error_bar() {
    let (code, out, err) = surfchess(&[
        "match",
        "chess",
        "--first",
        "2",
        "--second",
        "2",
        "--openings",
        "4",
        "--movetime",
        "10",
        "--judge-nodes",
        "20000",
    ]);
    assert_eq!((code, err.as_str()), (0, ""));
    let last = out.lines().last().unwrap();
    let (score, elo_text) = last.split_once(" %; Elo ").unwrap_or_else(|| panic!("{last}"));
    let score: f64 = score.rsplit(' ').next().unwrap().parse().unwrap();
    assert!((0.0..=100.0).contains(&score), "{last}");
    // The difference, then its interval around it: eight games decide little.
    let elo = |t: &str| match t {
        "+∞" => f64::INFINITY,
        "−∞" => f64::NEG_INFINITY,
        t => t.parse::<f64>().unwrap_or_else(|e| panic!("{t}: {e} in {last}")),
    };
    let (difference, interval) = elo_text.split_once(" (95 %: ").unwrap_or_else(|| panic!("{last}"));
    let (low, high) = interval.trim_end_matches(')').split_once(" to ").unwrap();
    let (difference, low, high) = (elo(difference), elo(low), elo(high));
    assert!(low < difference && difference < high, "{last}");
    assert!(high - low > 200.0, "eight games leave a wide bar: {last}");
}

#[test]
fn a_match_drives_an_outside_uci_engine_on_any_board() {
    // Another build of the engine, here this one, started with `uci` and told the board.
    let me = env!("CARGO_BIN_EXE_surfchess");
    let (code, out, err) = surfchess(&[
        "match",
        "klein",
        "--first",
        "10",
        "--second-engine",
        me,
        "--openings",
        "1",
        "--movetime",
        "20",
        "--judge-nodes",
        "20000",
    ]);
    assert_eq!((code, err.as_str()), (0, ""));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert!(lines.iter().take(2).all(|l| !l.contains("forfeits") && !l.contains("unfinished")), "{out}");
    assert!(lines[2].starts_with(&format!("first 10 vs second {me}: ")), "{out}");
}

#[test]
fn on_a_clock_the_engine_through_uci_finishes_its_games_in_time_and_a_slow_one_loses_on_time() {
    // Five seconds each for the whole game, sudden death: the UCI engine manages its time from
    // `wtime`/`btime` and does not run out (the README's match at 60+0 is the longer check).
    let me = env!("CARGO_BIN_EXE_surfchess");
    let (code, out, err) = surfchess(&[
        "match",
        "chess",
        "--first-engine",
        me,
        "--second",
        "10",
        "--openings",
        "1",
        "--clock",
        "5+0",
        "--judge-nodes",
        "20000",
    ]);
    assert_eq!((code, err.as_str()), (0, ""));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert!(lines.iter().take(2).all(|l| !l.contains("forfeits") && !l.contains("unfinished")), "{out}");
    // An engine that takes two seconds over a move with one on its clock loses on time, as White
    // and as Black, although its move is legal as White.
    let dir = std::env::temp_dir().join(format!("surfchess-slow-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let slow = dir.join("slow");
    let body = "#!/bin/sh\nwhile read line; do case \"$line\" in\n uci) echo uciok;;\n isready) echo readyok;;\n go*) sleep 2; echo 'bestmove e2e4';;\n quit) exit 0;;\n esac; done\n";
    std::fs::write(&slow, body).unwrap();
    std::process::Command::new("chmod").arg("+x").arg(&slow).status().unwrap();
    let slow = slow.display().to_string();
    let args = ["match", "chess", "--first-engine", &slow, "--second", "1", "--openings", "1", "--plies", "0"];
    let (code, out, err) = surfchess(&[&args[..], &["--clock", "1+0"]].concat());
    assert_eq!((code, err.as_str()), (0, ""));
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[..2].iter().all(|l| l.contains("first forfeits: lost on time (")), "{out}");
    assert!(lines[2].contains(": 0 wins, 0 draws, 2 losses"), "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_outside_engine_that_plays_an_illegal_move_forfeits_and_one_that_is_silent_is_named() {
    let dir = std::env::temp_dir().join(format!("surfchess-engines-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = |name: &str, answer: &str| {
        let path = dir.join(name);
        let body = format!(
            "#!/bin/sh\nwhile read line; do case \"$line\" in\n uci) echo uciok;;\n isready) echo readyok;;\n go*) {answer};;\n quit) exit 0;;\n esac; done\n"
        );
        std::fs::write(&path, body).unwrap();
        std::process::Command::new("chmod").arg("+x").arg(&path).status().unwrap();
        path.display().to_string()
    };
    let illegal = script("illegal", "echo 'bestmove a1a1'");
    let (code, out, err) =
        surfchess(&["match", "chess", "--first", "1", "--second-engine", &illegal, "--openings", "1", "--plies", "0"]);
    assert_eq!((code, err.as_str()), (0, ""));
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].contains("second forfeits: the engine played 'a1a1', not a legal move here"), "{out}");
    assert!(lines[0].contains(": white wins") || lines[0].contains("after 1 plies"), "{out}");
    assert!(lines[2].starts_with(&format!("first 1 vs second {illegal}: 2 wins, 0 draws, 0 losses")), "{out}");
    // One that never answers `go` forfeits after its time and five seconds' grace.
    let silent = script("silent", ":");
    let started = std::time::Instant::now();
    let (code, out, _) = surfchess(&[
        "match",
        "chess",
        "--first-engine",
        &silent,
        "--second",
        "0",
        "--openings",
        "1",
        "--plies",
        "0",
        "--movetime",
        "10",
    ]);
    assert_eq!(code, 0, "{out}");
    assert!(out.lines().next().unwrap().contains("first forfeits: the engine did not answer \"bestmove\""), "{out}");
    assert!(started.elapsed() < std::time::Duration::from_secs(60), "bounded: {:?}", started.elapsed());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn tune_fits_weights_to_self_play_and_prints_them_as_rust() {
    let (code, out, err) = surfchess(&["tune", "chess", "--games", "4", "--depth", "1", "--step", "4"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("games 4/4") && err.contains("step 1: error "), "progress on stderr: {err}");
    let first = out.lines().next().unwrap();
    assert!(first.starts_with("// chess: ") && first.contains(" quiet positions of 4 games at depth 1, k "), "{out}");
    let (before, after) = first.rsplit_once("error ").unwrap().1.split_once(" -> ").unwrap();
    let (before, after): (f64, f64) = (before.parse().unwrap(), after.parse().unwrap());
    assert!(after <= before, "fitting never makes it worse: {first}");
    assert!(out.contains("Weights {") && out.contains("material: [") && out.contains("bishop_pair: "), "{out}");
}

#[test]
fn tune_keeps_the_weights_named_and_says_so() {
    let (code, out, err) =
        surfchess(&["tune", "chess", "--games", "4", "--depth", "1", "--step", "4", "--keep", "material,tempo"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.lines().next().unwrap().ends_with(", kept: material, tempo"), "{out}");
    let squeezed: String = out.split_whitespace().collect();
    assert!(squeezed.contains("material:[0,100,320,330,500,950,0,]") && squeezed.contains("tempo:10,"), "{out}");
}

#[test]
fn engine_commands_reject_bad_input() {
    for (args, needle) in [
        (vec!["bestmove", "hyperbolic"], "invalid value 'hyperbolic' for '<VARIANT>'"),
        (vec!["bestmove"], "the following required arguments were not provided:\n  <VARIANT>"),
        (vec!["bestmove", "chess", "--depth", "deep"], "invalid value 'deep' for '--depth <D>'"),
        (vec!["bestmove", "chess", "--depth", "0"], "invalid value '0' for '--depth <D>'"),
        (vec!["bestmove", "chess", "--depth", "2", "--movetime", "10"], "cannot be used with"),
        (vec!["bestmove", "chess", "--movetime", "0"], "invalid value '0' for '--movetime <MS>'"),
        (vec!["bestmove", "chess", "--level", "13"], "unknown level '13'"),
        (vec!["bestmove", "chess", "--seed"], "a value is required for '--seed <S>'"),
        (vec!["bestmove", "chess", "--games", "2"], "unexpected argument '--games'"),
        (
            vec!["match", "chess", "--first", "1", "--second", "0", "--openings", "0"],
            "invalid value '0' for '--openings <N>'",
        ),
        (
            vec!["match", "chess", "--first", "1", "--second", "0", "--openings", "1", "--plies", "21"],
            "invalid value '21'",
        ),
        (
            vec!["match", "chess", "--first", "1", "--second", "0", "--openings", "1", "--judge-nodes", "0"],
            "invalid value '0' for '--judge-nodes <N>'",
        ),
        (vec!["match", "chess", "--first", "1", "--openings", "1"], "--second <L>"),
        (
            vec!["match", "chess", "--first", "1", "--second", "0", "--openings", "1", "--clock", "1+x"],
            "invalid value '1+x' for '--clock <SECONDS+INC>': the increment \"x\" is not a number of seconds",
        ),
        (
            vec![
                "match",
                "chess",
                "--first",
                "1",
                "--second",
                "0",
                "--openings",
                "1",
                "--clock",
                "9",
                "--movetime",
                "9",
            ],
            "cannot be used with",
        ),
        (
            vec!["match", "chess", "--first", "1", "--first-engine", "x", "--second", "0", "--openings", "1"],
            "cannot be used with",
        ),
        (
            vec!["match", "chess", "--first-engine", "/no/such/engine", "--second", "0", "--openings", "1"],
            "cannot start the engine '/no/such/engine'",
        ),
        (
            vec!["bestmove", "chess", "--moves", "e2–e4 e7–e5 e4–e5"],
            "--moves: action 3 ('e4–e5'): 'e4–e5' is not a legal",
        ),
        (vec!["selfplay", "chess", "--white", "1", "--black", "0"], "--games <N>"),
        (vec!["tune", "chess", "--games", "0"], "invalid value '0' for '--games <N>'"),
        (vec!["tune", "chess", "--games", "1", "--depth", "13"], "invalid value '13' for '--depth <D>'"),
        (vec!["tune", "chess", "--games", "1", "--keep", "material,queen"], "no weight's name begins with \"queen\""),
        (vec!["selfplay", "chess", "--black", "0", "--games", "1"], "--white <L>"),
        (
            vec!["selfplay", "chess", "--white", "1", "--black", "0", "--games", "0"],
            "invalid value '0' for '--games <N>'",
        ),
        (vec!["selfplay", "chess", "--white", "x", "--black", "0", "--games", "1"], "unknown level 'x'"),
        (
            vec!["selfplay", "chess", "--white", "1", "--black", "0", "--games", "1", "--movetime", "1s"],
            "invalid value '1s' for '--movetime <MS>'",
        ),
    ] {
        refused(&args, needle);
    }
    let fools = "f2–f3 e7–e5 g2–g4 Qd8–h4 a2–a3";
    refused(&["bestmove", "chess", "--moves", fools], "action 5 ('a2–a3'): the game is already over (black wins");
}

/// Knights out and back four times: the initial position occurs for the fifth time.
const FIVEFOLD: &str = "Ng1–f3 Ng8–f6 Nf3–g1 Nf6–g8 Ng1–f3 Ng8–f6 Nf3–g1 Nf6–g8 \
    Ng1–f3 Ng8–f6 Nf3–g1 Nf6–g8 Ng1–f3 Ng8–f6 Nf3–g1 Nf6–g8";

#[test]
fn bestmove_on_a_finished_game_says_how_it_ended() {
    for (args, ending) in [
        (vec!["chess", "--fen", "6k1/8/8/8/8/8/5PPP/r5K1 w - - 0 1"], "black wins by checkmate"),
        (vec!["chess", "--fen", "k7/8/1Q6/8/8/8/8/7K b - - 0 1"], "draw by stalemate"),
        (vec!["mobius", "--fen", "10/10/10/10/4k5/10/10/10/K9 w - - 0 1"], "draw by bare kings"),
        (vec!["klein", "--fen", "9/9/9/9/9/9/9/9/9/9/9/9/9/9/4k4/4q4/9/4K4 w - - 150 200"], "draw by 150 halfmoves"),
        (vec!["chess", "--moves", FIVEFOLD], "draw by fivefold repetition"),
    ] {
        let (code, out, err) = surfchess(&[&["bestmove"], args.as_slice()].concat());
        assert_eq!((code, err.as_str()), (0, ""), "{args:?}");
        assert_eq!(out, format!("bestmove (none)\ngame over: {ending}\n"), "{args:?}");
    }
}

#[test]
fn bestmove_plays_the_moves_first() {
    // Black to move after 1. e4: the answer is one of Black's actions.
    let (code, out, _) = surfchess(&["bestmove", "chess", "--moves", "e2-e4", "--depth", "2"]);
    assert_eq!(code, 0);
    let answer = out.lines().next().and_then(|l| l.strip_prefix("bestmove ")).expect("a move");
    let after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
    let p = surface_chess_rules::Position::from_text(surface_chess_rules::Variant::Chess, after_e4).expect("FEN");
    assert!(p.parse_action(answer).is_ok(), "{answer}");
    // A queen down but a repetition away from the draw: with the game's history Black goes back
    // (score 0); without it, the same position is lost.
    let start = "k7/8/8/8/8/8/8/KQ6 w - - 10 60";
    let back = "Qb1–b2 Ka8–a7 Qb2–b1";
    let (_, with, _) = surfchess(&["bestmove", "chess", "--fen", start, "--moves", back, "--depth", "4"]);
    assert!(with.starts_with("bestmove Ka7–a8\n") && with.contains(" score cp 0 "), "{with}");
    let after = "8/k7/8/8/8/8/8/KQ6 b - - 13 61";
    let (_, without, _) = surfchess(&["bestmove", "chess", "--fen", after, "--depth", "4"]);
    assert!(!without.contains(" score cp 0 "), "{without}");
}

#[test]
fn explain_prints_routes_or_the_reason() {
    let (code, out, _) = surfchess(&["explain", "mobius", "e2", "e4"]);
    assert_eq!((code, out.as_str()), (0, "legal e2–e4 route e2 e3 e4 facing up\n"));
    let (code, out, _) = surfchess(&["explain", "genus2", "I:e4", "II:e5", "--words"]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "legal I:e4–II:e5 route I:e4 I:e5 II:e5 seams I:e5>II:e5 facing up");
    assert_eq!(lines[1], "The white pawn on I:e4 can go to II:e5 through a seam.");
    let fen = "10/10/10/10/4k5/10/10/10/1R3K2R1 w K - 0 0";
    let (_, out, _) = surfchess(&["explain", "mobius", "--fen", fen, "f1", "d1", "--words"]);
    assert_eq!(out, "illegal castling no-right\nCastling is gone: the king or that rook has moved.\n");
    refused(&["explain", "mobius", "e2", "z99"], "to 'z99' is not a cell of the mobius board");
    refused(&["explain", "genus2", "e2", "e4"], "from 'e2' is not a cell of the genus2 board");
    refused(&["explain", "klein", "--fen", "nonsense", "e2", "e4"], "--fen");
}

#[test]
fn lesson_check_passes_every_lesson_of_the_game() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../assets/lessons");
    let (code, out, err) = surfchess(&["lesson", "check", dir]);
    assert_eq!(code, 0, "{out}{err}");
    let lines: Vec<&str> = out.lines().collect();
    let (summary, each) = lines.split_last().expect("output");
    assert!(each.len() >= 20 && each.iter().all(|l| l.starts_with("ok ")), "{out}");
    assert!(each.contains(&"ok mobius-01-rook-through-the-seam mobius-01-rook-through-the-seam.json"), "{out}");
    assert_eq!(*summary, format!("{n} lessons: {n} ok, 0 failed", n = each.len()));
    let (code, out, _) = surfchess(&["lesson", "list", dir]);
    assert_eq!(code, 0);
    assert!(out.contains("genus2-02-cone-point genus2 why-illegal The cone point\n"), "{out}");
}

#[test]
fn lesson_check_names_the_bad_file_and_fails() {
    let dir = std::env::temp_dir().join(format!("surfchess-lessons-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../assets/lessons/chess-02-back-rank-mate.json"
    ))
    .unwrap();
    std::fs::write(dir.join("chess-02-back-rank-mate.json"), &good).unwrap();
    let wrong = good.replace("Re1-e8", "Re1-e7");
    let bad = dir.join("bad-answer.json");
    std::fs::write(&bad, &wrong).unwrap();
    std::fs::write(dir.join("broken.json"), "{ not json").unwrap();
    std::fs::write(dir.join("notes.txt"), "not a lesson").unwrap();
    let bad_path = bad.to_str().unwrap();

    let (code, out, err) = surfchess(&["lesson", "check", bad_path]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(out.starts_with("FAIL bad-answer.json: wrong answer: Re1–e7 does not give check"), "{out}");
    assert!(out.ends_with("1 lessons: 0 ok, 1 failed\n"), "{out}");
    assert!(err.contains("1 of 1 lessons failed"), "{err}");

    let (code, out, err) = surfchess(&["lesson", "check", dir.to_str().unwrap()]);
    assert_eq!(code, 2, "{out}{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "three lessons (the .txt is skipped) and the summary: {out}");
    assert!(lines[0].starts_with("FAIL bad-answer.json: wrong answer"), "{out}");
    assert!(lines[1].starts_with("FAIL broken.json: not a lesson: ") && lines[1].contains("line 1"), "{out}");
    assert_eq!(lines[2], "ok chess-02-back-rank-mate chess-02-back-rank-mate.json");
    assert_eq!(lines[3], "3 lessons: 1 ok, 2 failed");
    assert!(err.contains("2 of 3 lessons failed"), "{err}");

    // The good lesson under another name: its id must be its file name.
    std::fs::write(&bad, &good).unwrap();
    let (code, out, _) = surfchess(&["lesson", "check", bad_path]);
    assert_eq!(code, 2);
    assert!(out.contains("id 'chess-02-back-rank-mate' is not the file's name ('bad-answer')"), "{out}");

    refused(&["lesson", "check", "/nonexistent/lessons"], "cannot read '/nonexistent/lessons'");
    std::fs::remove_dir_all(&dir).unwrap();
    let empty = std::env::temp_dir().join(format!("surfchess-no-lessons-{}", std::process::id()));
    std::fs::create_dir_all(&empty).unwrap();
    refused(&["lesson", "check", empty.to_str().unwrap()], "no lessons (*.json) in");
    std::fs::remove_dir_all(&empty).unwrap();
}

#[test]
fn the_three_level_variants_work_with_every_command() {
    let (code, out, _) = surfchess(&["show", "strato"]);
    assert_eq!(code, 0);
    assert!(out.contains("level 1 (α)") && out.contains("level 2 (β)") && out.contains("level 3 (γ)"), "{out}");
    assert!(out.contains("R*N*B*Q*K*B*N*R*"), "{out}");
    let fixtures = concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/");
    let (code, out, _) = surfchess(&["validate", &format!("{fixtures}strato-joint-castling.json")]);
    assert_eq!(code, 0);
    assert!(out.contains("valid strato record, 6 actions"), "{out}");
    let (code, out, _) = surfchess(&["validate", &format!("{fixtures}chess3-cross-level-capture.json")]);
    assert_eq!(code, 0);
    assert!(out.contains("valid chess3 record, 5 actions"), "{out}");
    for (v, moves) in [("strato", ["1e2-2e3", "3e7-2e6"]), ("chess3", ["1e2-1e3", "3e7-3e6"])] {
        let (code, out, _) = surfchess(&["bestmove", v, "--depth", "2", "--moves", &moves.join(" ")]);
        assert_eq!(code, 0, "{v}");
        let mv = out.lines().next().and_then(|l| l.strip_prefix("bestmove ")).unwrap_or_else(|| panic!("{out}"));
        let start = surface_chess_rules::Position::new(v.parse().unwrap());
        let p = moves.iter().fold(start, |p, m| p.play(p.parse_action(m).unwrap()).unwrap());
        assert!(p.parse_action(mv).is_ok(), "{v}: {mv}");
        let (code, out, _) =
            surfchess(&["selfplay", v, "--white", "1", "--black", "0", "--games", "1", "--movetime", "1"]);
        assert_eq!(code, 0, "{v}");
        assert!(out.contains("game 1:") && out.contains("points"), "{out}");
    }
    // A Strato back-rank mate: the transfer cell above the king is taken.
    let mated = "8/8/8/8/8/8/1r6/r6K|8/8/8/8/8/8/8/7B|7k/8/8/8/8/8/8/8 w - - 0 10";
    let (code, out, _) = surfchess(&["bestmove", "strato", "--fen", mated]);
    assert_eq!((code, out.as_str()), (0, "bestmove (none)\ngame over: black wins by checkmate\n"));
    // A never-moved mark off the piece's initial cell is refused, naming the field and the cell.
    let moved = "8/8/8/8/8/8/8/N*6K|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w - - 0 10";
    let err = refused(&["show", "strato", "--fen", moved], "placement");
    assert!(err.contains("1a1") && err.contains("does not start there"), "{err}");
}

#[test]
fn tour_check_reads_every_tour_and_names_a_bad_one() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/tours");
    let (code, out, _) = surfchess(&["tour", "check", dir.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}");
    assert_eq!(out.lines().last(), Some("4 tours: 4 ok, 0 failed"), "{out}");
    let bad = std::env::temp_dir().join(format!("surfchess-tour-{}.json", std::process::id()));
    std::fs::write(&bad, r#"{"format":"surface-chess-tour/1","id":"x","title":"T","family":"arc","steps":[{"variant":"torus","play":"a1-a9","text":"t"}]}"#).unwrap();
    let (code, out, _) = surfchess(&["tour", "check", bad.to_str().unwrap()]);
    let _ = std::fs::remove_file(&bad);
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("FAIL") && out.contains("tour step 1, field 'play'"), "{out}");
}
