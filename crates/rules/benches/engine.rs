//! Engine measurements: search speed and depth, how closely the time limit is kept, and playing
//! strength from self-play. Measured and printed as tables, not asserted.
//!
//! `cargo bench -p surface-chess-rules --bench engine` prints four tables:
//! 1. per variant, a 1 s search from the initial position: depth reached, nodes, nodes per second;
//! 2. per board of the README's table, the depth of 1 s searches on one thread from the initial
//!    position and from ten balanced openings (those `surfchess match <board> --seed 2026` plays
//!    first), and their nodes per second;
//! 3. the time limit: requested against actual search time over positions of every variant, from
//!    games and from crowded setups (the worst case: many queens, checks everywhere), where a
//!    search must end within 20 ms of its limit;
//! 4. strength: the strongest level against the random mover on every variant, and each level against the one
//!    below on the Möbius board, colours alternating, at a reduced thinking time.
//!
//! `… --bench engine -- time` (or `speed`, `openings`, `strength`) prints only that table. Under
//! `cargo test --benches` (no `--bench` argument) only a quick smoke run is made.

#[path = "../tests/crowded/mod.rs"]
mod crowded;

use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};
use surface_chess_rules::engine::{
    Engine, Level, Limits, MATCH_JUDGE_NODES, Tally, balanced_opening, game_seed, play_game,
};
use surface_chess_rules::{Color, Game, Position, Variant};

/// Thinking time of the strongest level in the strength matches.
const MATCH_MOVETIME: Duration = Duration::from_millis(100);

/// Prints a line at once (the tables take minutes).
fn say(text: &str) {
    println!("{text}");
    std::io::stdout().flush().expect("stdout");
}

fn speed() {
    say("## Search speed: 1 s from the initial position\n");
    say("| variant | depth | seldepth | nodes | nodes/s | best move |");
    say("|---|---:|---:|---:|---:|---|");
    let stop = AtomicBool::new(false);
    for v in Variant::ALL {
        let p = Position::new(v);
        let limits = Limits::movetime(Duration::from_secs(1));
        let found = Engine::new(0).search_position(&p, [], &limits, &stop, |_| {}).expect("a move");
        say(&format!(
            "| {v} | {} | {} | {} | {} | {} |",
            found.depth,
            found.seldepth,
            found.nodes,
            found.nps(),
            p.notation(found.best)
        ));
    }
}

/// The boards of the README's table of the opponent.
const PLAYED: [Variant; 7] = [
    Variant::Chess,
    Variant::Mobius,
    Variant::Klein,
    Variant::Genus2,
    Variant::Endless,
    Variant::Strato,
    Variant::Chess3,
];

/// The openings of the depth table: `surfchess match`'s first ten with `--seed 2026` (six random
/// plies, judged balanced by its default search).
const OPENINGS: u32 = 10;
const OPENINGS_SEED: u64 = 2026;

/// The depth a second reaches depends on the position: the initial position of a board may be
/// sharper or quieter than its games. Each search starts from a new engine, on one thread.
fn openings() {
    say("## Depth in 1 s, one thread: from the initial position and from ten balanced openings\n");
    say("| board | from the start | openings: median | least | most | nodes/s (all eleven) |");
    say("|---|---:|---:|---:|---:|---:|");
    let stop = AtomicBool::new(false);
    let judge = Limits::nodes(MATCH_JUDGE_NODES);
    let limits = Limits::movetime(Duration::from_secs(1));
    for v in PLAYED {
        let games = std::iter::once(Game::new(v))
            .chain((0..OPENINGS).map(|i| balanced_opening(v, 6, &judge, game_seed(OPENINGS_SEED, i))));
        let found: Vec<_> =
            games.map(|game| Engine::new(0).search(&game, &limits, &stop, |_| {}).expect("a move")).collect();
        let mut depths: Vec<u32> = found[1..].iter().map(|r| r.depth).collect();
        depths.sort_unstable();
        // The middle depth, or the mean of the two middle ones.
        let middle = depths.len() / 2;
        let median = f64::from(depths[(depths.len() - 1) / 2] + depths[middle]) / 2.0;
        let nodes: u64 = found.iter().map(|r| r.nodes).sum();
        let seconds: f64 = found.iter().map(|r| r.elapsed.as_secs_f64()).sum();
        say(&format!(
            "| {v} | {} | {median} | {} | {} | {} k |",
            found[0].depth,
            depths[0],
            depths[depths.len() - 1],
            (nodes as f64 / seconds / 1000.0).round()
        ));
    }
}

/// Positions of every variant from a few plies of strong play: the openings and early middle games.
fn sample_positions() -> Vec<Position> {
    let stop = AtomicBool::new(false);
    let mut out = Vec::new();
    for v in Variant::ALL {
        let mut game = Game::new(v);
        let mut engine = Engine::new(1);
        for ply in 0..12 {
            if ply % 4 == 0 {
                out.push(game.position().clone());
            }
            let limits = Limits { noise: 30, ..Limits::depth(3) };
            let Some(found) = engine.search(&game, &limits, &stop, |_| {}) else { break };
            game.play(found.best).expect("legal");
        }
    }
    out
}

/// Crowded setups of every variant, four each.
fn crowded_positions() -> Vec<Position> {
    Variant::ALL
        .into_iter()
        .flat_map(|v| (0..4).map(move |seed| crowded::crowded(v, seed, 40 + 15 * seed as usize)))
        .collect()
}

fn time_limit() {
    say("\n## Time limit: requested against actual search time\n");
    say("| positions | requested | searches | mean actual | max actual | max overrun |");
    say("|---|---:|---:|---:|---:|---:|");
    let stop = AtomicBool::new(false);
    for (kind, positions) in [("from games", sample_positions()), ("crowded", crowded_positions())] {
        for ms in [50, 100, 250, 1000] {
            let requested = Duration::from_millis(ms);
            let mut times = Vec::new();
            for p in positions.iter().step_by(if ms >= 1000 { 3 } else { 1 }) {
                let mut engine = Engine::new(0);
                let start = Instant::now();
                engine.search_position(p, [], &Limits::movetime(requested), &stop, |_| {}).expect("a move");
                times.push(start.elapsed());
            }
            let mean = times.iter().sum::<Duration>() / times.len() as u32;
            let max = times.iter().max().copied().unwrap_or_default();
            let over = (max.as_secs_f64() - requested.as_secs_f64()) * 1e3;
            say(&format!(
                "| {kind} | {ms} ms | {} | {:.1} ms | {:.1} ms | {over:+.1} ms{} |",
                times.len(),
                mean.as_secs_f64() * 1e3,
                max.as_secs_f64() * 1e3,
                if over <= 20.0 { "" } else { " (over 20 ms)" }
            ));
        }
    }
}

/// A match of `games` games, `stronger` taking White in the even games and Black in the odd ones
/// when `alternate`, else always White. Returns the stronger side's tally.
fn play_match(v: Variant, stronger: Level, weaker: Level, games: u32, alternate: bool) -> Tally {
    let mut tally = Tally::default();
    for i in 0..games {
        let color = if alternate && i % 2 == 1 { Color::Black } else { Color::White };
        let (white, black) = if color == Color::White { (stronger, weaker) } else { (weaker, stronger) };
        let game = play_game(v, white, black, MATCH_MOVETIME, game_seed(2024, i));
        tally.add(game.outcome().and_then(|o| o.winner), color);
    }
    tally
}

fn strength() {
    say(&format!(
        "\n## Strength from self-play (the strongest level: {} ms per move; the others their depth or share of it)\n",
        MATCH_MOVETIME.as_millis()
    ));
    say("| match | variant | games | colours | wins | draws | losses | score | target |");
    say("|---|---|---:|---|---:|---:|---:|---:|---|");
    let row = |v: Variant, stronger: Level, weaker: Level, games: u32, alternate: bool, target: f64| {
        let start = Instant::now();
        let t = play_match(v, stronger, weaker, games, alternate);
        let share = t.points() / f64::from(games) * 100.0;
        say(&format!(
            "| {} vs {} | {v} | {games} | {} | {} | {} | {} | {share:.0} % | ≥ {target:.0} % {} ({:.0} s) |",
            stronger.number(),
            weaker.number(),
            if alternate { "alternating" } else { "stronger White" },
            t.wins,
            t.draws,
            t.losses,
            if share >= target { "met" } else { "NOT met" },
            start.elapsed().as_secs_f64()
        ));
    };
    for v in Variant::ALL {
        row(v, Level::Strongest, Level::Random, 20, true, 100.0);
    }
    for pair in Level::ALL.windows(2) {
        row(Variant::Mobius, pair[1], pair[0], 40, true, 60.0);
    }
}

fn main() {
    // `cargo bench` passes `--bench`; `cargo test --benches` does not, and only smoke-tests.
    let args: Vec<String> = std::env::args().collect();
    if args.iter().any(|a| a == "--bench") {
        // A table's name after `--` runs that table only: `… --bench engine -- time`.
        let tables: [(&str, fn()); 4] =
            [("speed", speed), ("openings", openings), ("time", time_limit), ("strength", strength)];
        let chosen: Vec<&str> = tables.iter().map(|t| t.0).filter(|name| args.iter().any(|a| a == name)).collect();
        for (name, table) in tables {
            if chosen.is_empty() || chosen.contains(&name) {
                table();
            }
        }
    } else {
        let game = play_game(Variant::Mobius, Level::Beginner, Level::Random, MATCH_MOVETIME, 1);
        assert!(game.outcome().is_some());
    }
}
