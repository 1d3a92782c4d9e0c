//! The three-level boards' position text (levels separated by `|`, `*` never-moved marks that the
//! castling letters must agree with, the en-passant square with its level) and properties along
//! played games: text and notation round trips, the player exchange, legality agreeing with
//! generation.

mod levels;

use levels::{after, fixture};
use surface_chess_rules::{Field, Position, Variant};

const LEVELS: [Variant; 2] = [Variant::Strato, Variant::Chess3];
const START: &str = "8/8/8/8/8/8/P*P*P*P*P*P*P*P*/R*N*B*Q*K*B*N*R*|8/8/8/8/8/8/8/8|r*n*b*q*k*b*n*r*/p*p*p*p*p*p*p*p*/8/8/8/8/8/8 w KQkq - 0 0";

fn refused(v: Variant, text: &str, field: Field, needle: &str) {
    let err = Position::from_text(v, text).unwrap_err();
    assert_eq!(err.field, field, "{text}: {err}");
    assert!(err.to_string().contains(needle), "{text}: {err}");
}

#[test]
fn the_text_names_levels_marks_and_the_en_passant_level() {
    for v in LEVELS {
        assert_eq!(Position::from_text(v, START).unwrap(), Position::new(v));
        refused(v, &START.replace(" KQkq ", " - "), Field::Castling, "missing");
        refused(v, &START.replace("K*B*N*R*|", "KB*N*R*|"), Field::Castling, "marked");
        refused(
            v,
            &START.replace("|8/8/8/8/8/8/8/8|", "|8/8/8/8/8/8/8/N*7|"),
            Field::Placement,
            "does not start there",
        );
        refused(v, &START.replace("|8/8/8/8/8/8/8/8|", "|8/8/8|"), Field::Placement, "ranks");
        refused(v, &START.replace(" w ", " x "), Field::Side, "'x'");
        refused(v, &START.replace(" - 0 0", " 4e3 0 0"), Field::EnPassant, "not a cell");
        refused(v, &START.replace(" - 0 0", " 2e3 0 0"), Field::EnPassant, "double step");
    }
    // After a same-level double step (Chess³) the square is written with its level.
    let p = after(&Position::new(Variant::Chess3), "1e2-1e4");
    let text = p.to_text();
    assert!(text.ends_with(" b KQkq 1e3 0 1"), "{text}");
    assert_eq!(Position::from_text(Variant::Chess3, &text).unwrap(), p);
}

#[test]
fn fixtures_follow_the_documents_convention() {
    let p = fixture(Variant::Strato, "Q2d4");
    assert_eq!(p.to_text(), "8/8/8/8/8/8/8/7K|8/8/8/8/3Q4/8/8/8|7k/8/8/8/8/8/8/8 w - - 0 10");
}

/// A small deterministic generator (xorshift).
struct Rng(u64);
impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

#[test]
fn played_games_keep_every_invariant() {
    for v in LEVELS {
        let mut rng = Rng(0x5eed_0001 + v as u64);
        for _ in 0..8 {
            let mut p = Position::new(v);
            for _ in 0..120 {
                let moves = p.legal_actions();
                if moves.is_empty() {
                    break;
                }
                let text = p.to_text();
                assert_eq!(Position::from_text(v, &text).unwrap(), p, "{text}");
                let mirror = p.exchanged();
                assert_eq!(mirror.count_legal(), moves.len() as u64, "Φ keeps the move count: {text}");
                assert_eq!(mirror.is_check(), p.is_check(), "{text}");
                assert_eq!(p.count_legal(), moves.len() as u64);
                for &a in &moves {
                    assert!(p.is_legal(a));
                    assert_eq!(p.parse_action(&p.notation(a)), Ok(a), "{text}");
                    let next = p.play(a).unwrap();
                    assert!(!next.is_attacked(next.king(p.side_to_move()), next.side_to_move()), "{text}");
                }
                p = p.play(moves[rng.below(moves.len())]).unwrap();
            }
        }
    }
}
