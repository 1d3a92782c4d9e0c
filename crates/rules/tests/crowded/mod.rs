#![allow(dead_code)] // Each test crate uses part of this module.

//! Crowded legal setups: random positions of any board with most cells occupied (many queens,
//! many checks), the worst case for a search's time limit. Shared by the time-limit tests and
//! the engine benchmark.

use surface_chess_rules::{
    CastleSide, CastlingRights, Cell, Color, Facing, FacingMode, Piece, Position, Role, Setup, TextStyle, Variant,
};

/// A reproducible stream of numbers (SplitMix64).
pub struct Stream(pub u64);

impl Stream {
    /// The next number.
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number below `n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A legal position of `variant` with two kings and a random piece on about `percent` % of the
/// other cells, that is not over (the player to move has an action). Deterministic for a seed.
pub fn crowded(variant: Variant, seed: u64, percent: usize) -> Position {
    let rules = variant.rules();
    let n = rules.complex.len();
    let mut rng = Stream(seed);
    loop {
        let mut setup = Setup::empty(variant);
        let white = rng.below(n);
        let black = (white + 1 + rng.below(n - 1)) % n;
        setup.put(Cell(white as u8), Some(Piece::new(Color::White, Role::King)));
        setup.put(Cell(black as u8), Some(Piece::new(Color::Black, Role::King)));
        if rules.spec.text == TextStyle::Levels {
            castling_camp(&mut setup, &mut rng);
        }
        for cell in rules.complex.cells() {
            if setup.piece_at(cell).is_some() || rng.below(100) >= percent {
                continue;
            }
            let color = if rng.below(2) == 0 { Color::White } else { Color::Black };
            let role = [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen][rng.below(5)];
            let piece = if role == Role::Pawn {
                let facing = match rules.facing_mode {
                    FacingMode::Transported if rng.below(2) == 0 => Facing::Up,
                    FacingMode::Transported => Facing::Down,
                    FacingMode::Fixed => color.home_facing(),
                };
                if rules.promotes(color, cell, facing) {
                    continue;
                }
                Piece::pawn(color, facing, variant != Variant::Chess && rng.below(2) == 0)
            } else {
                Piece::new(color, role)
            };
            // On the three-level boards only a piece on its initial cell may be unmoved.
            let piece = match rules.spec.text {
                TextStyle::Levels => {
                    piece.with_unused(rules.setup.contains(&(cell, piece.with_unused(true))) && rng.below(2) == 0)
                }
                _ => piece,
            };
            setup.put(cell, Some(piece));
        }
        if rules.spec.text == TextStyle::Levels {
            setup.castling = castling_from_marks(&setup);
        }
        let first = if rng.below(2) == 0 { Color::White } else { Color::Black };
        for side in [first, !first] {
            setup.side = side;
            if let Ok(p) = setup.position()
                && p.has_legal_action()
            {
                return p;
            }
        }
    }
}

/// On the three-level boards, often the kings and rooks unmoved at home (castling and Strato's
/// joint transfer, with crowded paths and transfer cells).
fn castling_camp(setup: &mut Setup, rng: &mut Stream) {
    let rules = setup.variant.rules();
    for color in Color::ALL {
        if rng.below(2) == 0 {
            continue;
        }
        let Some(spec) = rules.castle(color, CastleSide::East) else { continue };
        setup.placement.retain(|&(_, p)| p != Piece::new(color, Role::King));
        setup.put(spec.king_from, Some(Piece::new(color, Role::King).with_unused(true)));
        for side in CastleSide::ALL {
            if let Some(spec) = rules.castle(color, side)
                && rng.below(3) > 0
            {
                setup.put(spec.rook_from, Some(Piece::new(color, Role::Rook).with_unused(true)));
            }
        }
    }
}

/// The rights the never-moved marks give: a king and rook both unmoved on their home cells.
fn castling_from_marks(setup: &Setup) -> CastlingRights {
    let rules = setup.variant.rules();
    let mut rights = CastlingRights::NONE;
    for color in Color::ALL {
        for side in CastleSide::ALL {
            let Some(spec) = rules.castle(color, side) else { continue };
            let unmoved = |c: Cell, role: Role| setup.piece_at(c) == Some(Piece::new(color, role).with_unused(true));
            let on = unmoved(spec.king_from, Role::King) && unmoved(spec.rook_from, Role::Rook);
            rights = rights.with(color, side, on);
        }
    }
    rights
}
