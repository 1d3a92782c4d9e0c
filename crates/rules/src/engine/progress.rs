//! Pawn progress: the number of forward single steps a pawn still needs to reach its own promotion
//! target, following its facing through the seams as the rules transport it. On the Möbius board
//! the target depends on the facing; on the Klein and genus-two boards it is the owner's marked rank.

use crate::complex::Cell;
use crate::piece::{Color, Facing};
use crate::position::MAX_CELLS;
use crate::variant::{Variant, VariantRules};
use std::sync::OnceLock;

/// Marks a pawn whose forward steps never reach its target (a boundary or a cycle).
const UNREACHABLE: u8 = u8::MAX;

/// `distance[color][facing][cell]` for one variant.
type Distances = [[[u8; MAX_CELLS]; 2]; 2];

fn table(variant: Variant) -> &'static Distances {
    static TABLES: [OnceLock<Distances>; Variant::ALL.len()] = [const { OnceLock::new() }; Variant::ALL.len()];
    TABLES[variant as usize].get_or_init(|| build(variant.rules()))
}

/// The forward single steps a pawn of `color` standing on `cell` with `facing` needs to arrive on
/// its promotion target, or `None` if forward steps never arrive there.
pub fn promotion_distance(variant: Variant, color: Color, facing: Facing, cell: Cell) -> Option<u8> {
    Some(steps(variant, color, facing, cell)).filter(|&d| d != UNREACHABLE)
}

/// [`promotion_distance`] with [`UNREACHABLE`] for none, for the evaluation.
#[inline]
pub(crate) fn steps(variant: Variant, color: Color, facing: Facing, cell: Cell) -> u8 {
    table(variant)[color.index()][facing.index()][cell.index()]
}

/// A breadth-first search backwards from the arrivals on a target: a state (cell, facing) has one
/// forward successor, so its distance is one more than its successor's, or 1 if the successor
/// promotes.
fn build(rules: &VariantRules) -> Distances {
    let mut out = [[[UNREACHABLE; MAX_CELLS]; 2]; 2];
    let states: Vec<(Cell, Facing)> =
        rules.complex.cells().flat_map(|c| [(c, Facing::Up), (c, Facing::Down)]).collect();
    for color in Color::ALL {
        let dist = &mut out[color.index()];
        let mut frontier: Vec<(Cell, Facing)> = states
            .iter()
            .copied()
            .filter(|&(c, f)| rules.tables.pawn(c, f).forward.is_some_and(|(to, g)| rules.promotes(color, to, g)))
            .collect();
        let mut d = 1;
        while !frontier.is_empty() && d < UNREACHABLE {
            for &(c, f) in &frontier {
                dist[f.index()][c.index()] = d;
            }
            frontier =
                states
                    .iter()
                    .copied()
                    .filter(|&(c, f)| {
                        dist[f.index()][c.index()] == UNREACHABLE
                            && rules.tables.pawn(c, f).forward.is_some_and(|(to, g)| {
                                !rules.promotes(color, to, g) && dist[g.index()][to.index()] == d
                            })
                    })
                    .collect();
            d += 1;
        }
    }
    out
}
