//! Zobrist hashing of the repetition key: placement (pawn facing and unused flag included), side to
//! move, castling rights, and the en-passant middle and victim only when the player to move has a
//! legal en-passant capture. Equal [`PositionKey`](crate::PositionKey)s give equal hashes.

use super::rng::Rng;
use crate::action::{Action, ActionKind};
use crate::complex::Cell;
use crate::piece::{Color, Facing};
use crate::position::{EpTrace, MAX_CELLS, Position};
use crate::variant::{CastleSide, Variant};
use std::sync::OnceLock;

/// Random keys for every hashed feature.
struct Keys {
    /// Per piece code (6 bits) and cell.
    pieces: Vec<[u64; MAX_CELLS]>,
    black: u64,
    castling: [[u64; 2]; 2],
    ep_middle: [u64; MAX_CELLS],
    ep_victim: [u64; MAX_CELLS],
    variant: [u64; Variant::ALL.len()],
}

fn keys() -> &'static Keys {
    static KEYS: OnceLock<Keys> = OnceLock::new();
    KEYS.get_or_init(|| {
        let mut rng = Rng::new(0x5eed_c0de_5a7f_ace5);
        Keys {
            pieces: (0..64).map(|_| fill(&mut rng)).collect(),
            black: rng.next_u64(),
            castling: [fill(&mut rng), fill(&mut rng)],
            ep_middle: fill(&mut rng),
            ep_victim: fill(&mut rng),
            variant: fill(&mut rng),
        }
    })
}

fn fill<const N: usize>(rng: &mut Rng) -> [u64; N] {
    std::array::from_fn(|_| rng.next_u64())
}

/// The Zobrist hash of a position's repetition key: positions with equal
/// [`Position::key`]s have equal hashes (and unequal keys almost surely differ).
pub fn hash(p: &Position) -> u64 {
    let k = keys();
    let mut h = k.variant[p.variant() as usize];
    for color in Color::ALL {
        for c in p.occupied(color).iter() {
            h ^= k.pieces[usize::from(p.squares[c.index()])][c.index()];
        }
        for side in CastleSide::ALL {
            if p.castling.has(color, side) {
                h ^= k.castling[color.index()][side as usize];
            }
        }
    }
    if p.side == Color::Black {
        h ^= k.black;
    }
    if let Some(t) = live_en_passant(p) {
        h ^= k.ep_middle[t.middle.index()] ^ k.ep_victim[t.destination.index()];
    }
    h
}

/// The en-passant trace if the player to move has a legal en-passant capture on it.
fn live_en_passant(p: &Position) -> Option<EpTrace> {
    let t = p.ep.filter(|t| t.owner != p.side && p.piece_at(t.middle).is_none())?;
    let tables = &p.rules.tables;
    let capture = |&(from, facing): &(Cell, Facing)| {
        p.piece_at(from).is_some_and(|q| q.color() == p.side && q.facing() == Some(facing))
            && tables.pawn(from, facing).diagonals.into_iter().flatten().any(|(to, f)| {
                to == t.middle
                    && p.keeps_king_safe(Action {
                        from,
                        to,
                        kind: ActionKind::EnPassant { facing: f, promotion: None },
                    })
            })
    };
    tables.pawn_attackers.get(t.middle.index()).iter().any(capture).then_some(t)
}
