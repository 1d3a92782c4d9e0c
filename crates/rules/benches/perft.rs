//! perft benchmarks: every variant from its initial position (the five surfaces, Strato and
//! Chess³), and ordinary chess against shakmaty on the six standard perft positions.
//!
//! `cargo bench -p surface-chess-rules --bench perft` first prints a plain measured comparison
//! (best of 3 runs, nodes per second) and then runs the criterion groups `variants` and
//! `chess_vs_shakmaty`. Under `cargo test --benches` the summary is skipped and criterion runs each
//! benchmark once.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{BenchmarkId, Criterion, SamplingMode, Throughput, criterion_group};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};
use surface_chess_rules::{Position, Variant, perft};

/// Depth of the surface benchmarks, per variant (in `Variant::ALL` order): about 0.1–1 s per
/// perft in release (klein grows fastest: its perft(5) takes several seconds; Chess³'s perft(4)
/// about five).
const VARIANT_DEPTHS: [(Variant, u32); 7] = [
    (Variant::Mobius, 5),
    (Variant::Klein, 4),
    (Variant::Genus2, 5),
    (Variant::Endless, 5),
    (Variant::Chess, 5),
    (Variant::Strato, 4),
    (Variant::Chess3, 3),
];

/// The six standard perft positions: name, FEN, depth, and the known node count at that depth.
const CHESS_POSITIONS: [(&str, &str, u32, u64); 6] = [
    ("initial", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 4, 197_281),
    ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4, 4_085_603),
    ("position3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 4, 43_238),
    ("position4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 4, 422_333),
    ("position5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 4, 2_103_487),
    ("position6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 4, 3_894_594),
];

/// Known perft(5) of the six positions, in `CHESS_POSITIONS` order: the printed summary runs at
/// depth 5, long enough (0.01–2 s) for stable timings.
const DEPTH5_NODES: [u64; 6] = [4_865_609, 193_690_690, 674_624, 15_833_292, 89_941_194, 164_075_551];

fn ours(fen: &str) -> Position {
    Position::from_text(Variant::Chess, fen).unwrap_or_else(|e| panic!("our parser rejects {fen}: {e:?}"))
}

fn theirs(fen: &str) -> Chess {
    fen.parse::<Fen>()
        .unwrap_or_else(|e| panic!("shakmaty rejects {fen}: {e}"))
        .into_position(CastlingMode::Standard)
        .unwrap_or_else(|e| panic!("shakmaty: illegal position {fen}: {e}"))
}

/// Criterion's measurement time per benchmark (at least: the slow surfaces get more).
const MEASUREMENT: Duration = Duration::from_secs(2);

fn fast_group<'a>(c: &'a mut Criterion, name: &str) -> criterion::BenchmarkGroup<'a, criterion::measurement::WallTime> {
    let mut group = c.benchmark_group(name);
    group
        .sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(MEASUREMENT);
    group
}

fn bench_surfaces(c: &mut Criterion) {
    let mut group = fast_group(c, "variants");
    for (variant, depth) in VARIANT_DEPTHS {
        let pos = Position::new(variant);
        let start = Instant::now();
        let nodes = perft(&pos, depth);
        // Room for the 10 flat samples of the slower variants, without criterion's warning.
        group.measurement_time(MEASUREMENT.max(start.elapsed() * 12));
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(BenchmarkId::new(variant.name(), depth), |b| {
            b.iter(|| assert_eq!(perft(black_box(&pos), depth), nodes));
        });
    }
    group.finish();
}

fn bench_chess_vs_shakmaty(c: &mut Criterion) {
    let mut group = fast_group(c, "chess_vs_shakmaty");
    for (name, fen, depth, nodes) in CHESS_POSITIONS {
        let our_pos = ours(fen);
        let their_pos = theirs(fen);
        assert_eq!(perft(&our_pos, depth), nodes, "ours, {name}");
        assert_eq!(shakmaty::perft(&their_pos, depth), nodes, "shakmaty, {name}");
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(BenchmarkId::new(format!("ours/{name}"), depth), |b| {
            b.iter(|| assert_eq!(perft(black_box(&our_pos), depth), nodes));
        });
        group.bench_function(BenchmarkId::new(format!("shakmaty/{name}"), depth), |b| {
            b.iter(|| assert_eq!(shakmaty::perft(black_box(&their_pos), depth), nodes));
        });
    }
    group.finish();
}

criterion_group!(surfaces, bench_surfaces);
criterion_group!(chess_vs_shakmaty, bench_chess_vs_shakmaty);

/// Best wall time of `runs` calls of `f`, and its (identical every run) result.
fn best_of(runs: usize, mut f: impl FnMut() -> u64) -> (u64, Duration) {
    let mut best = Duration::MAX;
    let mut result = 0;
    for _ in 0..runs {
        let start = Instant::now();
        result = black_box(f());
        best = best.min(start.elapsed());
    }
    (result, best)
}

fn mnps(nodes: u64, time: Duration) -> f64 {
    nodes as f64 / time.as_secs_f64() / 1e6
}

/// The plain measured comparison printed before the criterion groups.
fn summary() {
    const RUNS: usize = 3;
    println!("perft summary (best of {RUNS} runs)");
    println!();
    println!(
        "{:<10} | {:>5} | {:>10} | {:>10} | {:>13} | {:>6}",
        "position", "depth", "nodes", "ours Mnps", "shakmaty Mnps", "ratio"
    );
    println!("{:-<10}-+-{:->5}-+-{:->10}-+-{:->10}-+-{:->13}-+-{:->6}", "", "", "", "", "", "");
    let (mut nodes_total, mut ours_total, mut theirs_total) = (0, Duration::ZERO, Duration::ZERO);
    for ((name, fen, _, _), nodes) in CHESS_POSITIONS.into_iter().zip(DEPTH5_NODES) {
        let depth = 5;
        let our_pos = ours(fen);
        let their_pos = theirs(fen);
        let (our_nodes, our_time) = best_of(RUNS, || perft(black_box(&our_pos), depth));
        let (their_nodes, their_time) = best_of(RUNS, || shakmaty::perft(black_box(&their_pos), depth));
        assert_eq!(our_nodes, nodes, "ours, {name}");
        assert_eq!(their_nodes, nodes, "shakmaty, {name}");
        let (our_mnps, their_mnps) = (mnps(nodes, our_time), mnps(nodes, their_time));
        println!(
            "{name:<10} | {depth:>5} | {nodes:>10} | {our_mnps:>10.2} | {their_mnps:>13.2} | {:>6.3}",
            our_mnps / their_mnps
        );
        nodes_total += nodes;
        ours_total += our_time;
        theirs_total += their_time;
    }
    let (our_mnps, their_mnps) = (mnps(nodes_total, ours_total), mnps(nodes_total, theirs_total));
    println!(
        "total: {nodes_total} nodes, ours {our_mnps:.2} Mnps, shakmaty {their_mnps:.2} Mnps, ratio {:.3}",
        our_mnps / their_mnps
    );
    println!();
    for (variant, depth) in VARIANT_DEPTHS {
        let pos = Position::new(variant);
        let (nodes, time) = best_of(RUNS, || perft(black_box(&pos), depth));
        println!(
            "{} perft({depth}) {nodes} nodes, {:.2} Mnps ({:.3} s)",
            variant.name(),
            mnps(nodes, time),
            time.as_secs_f64()
        );
    }
    println!();
}

fn main() {
    // `cargo bench` passes `--bench`; `cargo test --benches` does not, and only smoke-tests.
    if std::env::args().any(|a| a == "--bench") {
        summary();
    }
    surfaces();
    chess_vs_shakmaty();
    Criterion::default().configure_from_args().final_summary();
}
