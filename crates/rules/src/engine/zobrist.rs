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
    let mut h = k.variant[p.variant() as usize] ^ castling(p) ^ en_passant(p);
    for color in Color::ALL {
        for c in p.occupied(color).iter() {
            h ^= k.pieces[usize::from(p.squares[c.index()])][c.index()];
        }
    }
    if p.side == Color::Black {
        h ^= k.black;
    }
    h
}

/// The hash of `next`, the position `a` leads to from `p` (whose hash is `h`): [`hash`]`(next)`,
/// found by updating the cells the action changes, the rights, the turn and en passant rather
/// than hashing every piece again.
pub fn hash_after(p: &Position, h: u64, a: Action, next: &Position) -> u64 {
    let k = keys();
    let mut h = h ^ k.black;
    // The cells `play_unchecked` changes: source, destination, en passant's victim, castling's
    // rook (its cells may be the king's).
    let mut cells = [Some(a.from), Some(a.to), None, None];
    match a.kind {
        ActionKind::EnPassant { .. } => cells[2] = p.ep.map(|t| t.destination),
        ActionKind::Castle(side) => {
            if let Some(spec) = p.rules.castle(p.side, side) {
                cells[2] = Some(spec.rook_from);
                cells[3] = Some(p.rules.castled_rook(spec, a.to));
            }
        }
        _ => {}
    }
    let piece = |q: &Position, c: Cell| match q.squares[c.index()] {
        0 => 0,
        code => k.pieces[usize::from(code)][c.index()],
    };
    for (i, c) in cells.iter().enumerate() {
        if let Some(c) = *c
            && !cells[..i].contains(&Some(c))
        {
            h ^= piece(p, c) ^ piece(next, c);
        }
    }
    if p.castling != next.castling {
        h ^= castling(p) ^ castling(next);
    }
    h ^ en_passant(p) ^ en_passant(next)
}

/// The keys of the castling rights.
fn castling(p: &Position) -> u64 {
    let k = keys();
    let mut h = 0;
    for color in Color::ALL {
        for side in CastleSide::ALL {
            if p.castling.has(color, side) {
                h ^= k.castling[color.index()][side as usize];
            }
        }
    }
    h
}

/// The key of a live en-passant trace, 0 without one.
fn en_passant(p: &Position) -> u64 {
    let k = keys();
    live_en_passant(p).map_or(0, |t| k.ep_middle[t.middle.index()] ^ k.ep_victim[t.destination.index()])
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random_game::random_game;

    #[test]
    fn updating_the_hash_equals_hashing_again() {
        // Along pseudo-random games on every board, every legal action's update equals the hash
        // of the position it leads to (captures, promotions, castling and en passant among them).
        let mut kinds = [0_usize; 4];
        for variant in Variant::ALL {
            for p in random_game(variant, 11, 80).captures_first() {
                let h = hash(&p);
                let actions = p.legal_actions();
                for &a in &actions {
                    let mut next = p.clone();
                    next.play_unchecked(a);
                    assert_eq!(hash_after(&p, h, a, &next), hash(&next), "{variant:?} {} {a:?}", p.to_text());
                    kinds[match a.kind {
                        ActionKind::Castle(_) => 0,
                        ActionKind::EnPassant { .. } => 1,
                        _ if a.promotion().is_some() => 2,
                        _ => 3,
                    }] += 1;
                }
            }
        }
        assert!(kinds.iter().all(|&n| n > 0), "castling, en passant, promotion, others: {kinds:?}");
    }
}
