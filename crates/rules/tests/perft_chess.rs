//! The published perft numbers of the standard chess test positions, to depth 5, on the `chess`
//! variant (a flat 8×8 complex through the same move generator as the surfaces).

use surface_chess_rules::{Position, Variant, perft};

const SUITE: [(&str, &str, [u64; 5]); 6] = [
    ("initial", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", [20, 400, 8902, 197_281, 4_865_609]),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        [48, 2039, 97_862, 4_085_603, 193_690_690],
    ),
    ("position 3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", [14, 191, 2812, 43_238, 674_624]),
    (
        "position 4",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        [6, 264, 9467, 422_333, 15_833_292],
    ),
    (
        "position 5",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        [44, 1486, 62_379, 2_103_487, 89_941_194],
    ),
    (
        "position 6",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        [46, 2079, 89_890, 3_894_594, 164_075_551],
    ),
];

fn check(index: usize) {
    let (name, fen, counts) = SUITE[index];
    let p = Position::from_text(Variant::Chess, fen).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(p.to_text(), fen, "{name}: standard FEN round-trips");
    for (depth, &expected) in (1..).zip(counts.iter()) {
        assert_eq!(perft(&p, depth), expected, "{name} perft({depth})");
    }
    // The colour-mirrored twin (player exchange) has the same tree.
    let twin = p.exchanged();
    assert_eq!(perft(&twin, 4), counts[3], "{name}: mirrored twin perft(4)");
}

#[test]
fn initial() {
    check(0);
}

#[test]
fn kiwipete() {
    check(1);
}

#[test]
fn position_3() {
    check(2);
}

#[test]
fn position_4() {
    check(3);
}

#[test]
fn position_5() {
    check(4);
}

#[test]
fn position_6() {
    check(5);
}
