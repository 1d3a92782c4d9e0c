//! perft: the number of leaf nodes of the legal move tree, the standard check of a move generator.

use crate::action::Action;
use crate::position::Position;

/// Counts the leaves of the legal-action tree to `depth` (bulk counting at the last ply).
pub fn perft(p: &Position, depth: u32) -> u64 {
    let mut buffers = vec![Vec::with_capacity(128); depth as usize];
    perft_with(p, depth, &mut buffers)
}

fn perft_with(p: &Position, depth: u32, buffers: &mut [Vec<Action>]) -> u64 {
    match depth {
        0 => 1,
        1 => p.count_legal(),
        _ => {
            let (mine, rest) = buffers.split_first_mut().expect("one buffer per ply");
            mine.clear();
            p.legal_actions_into(mine);
            let mut total = 0;
            for &a in mine.iter() {
                let mut next = p.clone();
                next.play_unchecked(a);
                total += perft_with(&next, depth - 1, rest);
            }
            total
        }
    }
}

/// perft split by root action: each root action with its subtree count, in generation order.
pub fn divide(p: &Position, depth: u32) -> Vec<(Action, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    p.legal_actions()
        .into_iter()
        .map(|a| {
            let mut next = p.clone();
            next.play_unchecked(a);
            (a, perft(&next, depth - 1))
        })
        .collect()
}
