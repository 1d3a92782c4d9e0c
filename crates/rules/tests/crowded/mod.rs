#![allow(dead_code)] // Each test crate uses part of this module.

//! Crowded legal setups: random positions of any board with most cells occupied (many queens,
//! many checks), the worst case for a search's time limit. Shared by the time-limit tests and
//! the engine benchmark.

use surface_chess_rules::{Color, Coord, Facing, FacingMode, Position, Variant};

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

/// The position text of a placement given as one token per cell (`None` for empty).
pub fn setup_text(variant: Variant, tokens: &[Option<String>], side: Color) -> String {
    let complex = &variant.rules().complex;
    let mut charts = Vec::new();
    for (ci, chart) in complex.charts().iter().enumerate() {
        let mut ranks = Vec::new();
        for rank in (0..chart.height).rev() {
            let (mut row, mut empty) = (String::new(), 0);
            for file in 0..chart.width {
                let cell = complex.cell_at(Coord { chart: ci as u8, file, rank }).expect("on the chart");
                match &tokens[cell.index()] {
                    None => empty += 1,
                    Some(t) => {
                        if empty > 0 {
                            row.push_str(&empty.to_string());
                            empty = 0;
                        }
                        row.push_str(t);
                    }
                }
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            ranks.push(row);
        }
        charts.push(ranks.join("/"));
    }
    let side = if side == Color::White { "w" } else { "b" };
    // Halfmove 0; the last field is the ply (the fullmove number, 1, on `chess`).
    format!("{} {side} - - 0 1", charts.join("|"))
}

/// A legal position of `variant` with two kings and a random piece on about `percent` % of the
/// other cells, that is not over (the player to move has an action). Deterministic for a seed.
pub fn crowded(variant: Variant, seed: u64, percent: usize) -> Position {
    let rules = variant.rules();
    let n = rules.complex.len();
    let mut rng = Stream(seed);
    loop {
        let mut tokens: Vec<Option<String>> = vec![None; n];
        let white = rng.below(n);
        let black = (white + 1 + rng.below(n - 1)) % n;
        tokens[white] = Some("K".into());
        tokens[black] = Some("k".into());
        for (cell, token) in rules.complex.cells().zip(tokens.iter_mut()) {
            if token.is_some() || rng.below(100) >= percent {
                continue;
            }
            let color = if rng.below(2) == 0 { Color::White } else { Color::Black };
            let letter = ['P', 'N', 'B', 'R', 'Q'][rng.below(5)];
            let mut text = if color == Color::White { letter } else { letter.to_ascii_lowercase() }.to_string();
            if letter == 'P' {
                let facing = match rules.facing_mode {
                    FacingMode::Transported if rng.below(2) == 0 => Facing::Up,
                    FacingMode::Transported => Facing::Down,
                    FacingMode::Fixed => color.home_facing(),
                };
                if rules.promotes(color, cell, facing) {
                    continue;
                }
                if rules.facing_mode == FacingMode::Transported {
                    text.push(if facing == Facing::Up { '+' } else { '-' });
                }
                if variant != Variant::Chess && rng.below(2) == 0 {
                    text.push('*');
                }
            }
            *token = Some(text);
        }
        let first = if rng.below(2) == 0 { Color::White } else { Color::Black };
        for side in [first, !first] {
            if let Ok(p) = Position::from_text(variant, &setup_text(variant, &tokens, side))
                && p.has_legal_action()
            {
                return p;
            }
        }
    }
}
