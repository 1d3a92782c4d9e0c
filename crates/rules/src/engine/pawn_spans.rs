//! Pawn structure on any board, by each pawn's spans: its path (the cells its forward steps cross,
//! following its facing through the seams as the rules transport it, up to its promotion target)
//! and its stoppers (the path, and the cells from which an enemy pawn of each facing attacks the
//! pawn's cell or a cell of its path). A pawn with no enemy pawn among its stoppers is passed; one
//! with an own pawn on its path is doubled.

use crate::bits::Bits;
use crate::complex::Cell;
use crate::piece::{Color, Facing};
use crate::variant::{Variant, VariantRules};
use std::sync::OnceLock;

/// The spans of every pawn state of one board, by colour, facing and cell.
pub(crate) struct Spans {
    cells: usize,
    path: Vec<Bits>,
    stoppers: Vec<[Bits; 2]>,
}

/// The spans of `variant`'s pawns.
pub(crate) fn spans(variant: Variant) -> &'static Spans {
    static TABLES: [OnceLock<Spans>; Variant::ALL.len()] = [const { OnceLock::new() }; Variant::ALL.len()];
    TABLES[variant as usize].get_or_init(|| Spans::build(variant.rules()))
}

impl Spans {
    fn index(&self, color: Color, facing: Facing, cell: Cell) -> usize {
        (color.index() * 2 + facing.index()) * self.cells + cell.index()
    }

    /// The cells a pawn of `color` on `cell` facing `facing` steps through to its target, the
    /// target included (to the last cell before its steps end or repeat, if they never arrive).
    #[inline]
    pub fn path(&self, color: Color, facing: Facing, cell: Cell) -> &Bits {
        &self.path[self.index(color, facing, cell)]
    }

    /// The cells where an enemy pawn stops that pawn, by the enemy pawn's facing (up, down).
    #[inline]
    pub fn stoppers(&self, color: Color, facing: Facing, cell: Cell) -> &[Bits; 2] {
        &self.stoppers[self.index(color, facing, cell)]
    }

    fn build(rules: &VariantRules) -> Spans {
        let t = &rules.tables;
        let cells = rules.complex.len();
        let (mut path, mut stoppers) = (Vec::new(), Vec::new());
        for color in Color::ALL {
            for facing in [Facing::Up, Facing::Down] {
                for cell in rules.complex.cells() {
                    let (mut on, mut attackers) = (Bits::EMPTY, [Bits::EMPTY; 2]);
                    let mut seen = [Bits::EMPTY; 2];
                    seen[facing.index()].insert(cell);
                    let (mut x, mut f) = (cell, facing);
                    loop {
                        for (by, set) in attackers.iter_mut().zip(&t.pawn_attacker_sets[x.index()]) {
                            *by = by.union(*set);
                        }
                        let Some((to, g)) = t.pawn(x, f).forward else { break };
                        let promotes = rules.promotes(color, to, g);
                        if seen[g.index()].contains(to) && !promotes {
                            break;
                        }
                        seen[g.index()].insert(to);
                        on.insert(to);
                        if promotes {
                            break;
                        }
                        (x, f) = (to, g);
                    }
                    path.push(on);
                    stoppers.push(attackers.map(|a| a.union(on)));
                }
            }
        }
        Spans { cells, path, stoppers }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::progress::promotion_distance;

    fn cell(variant: Variant, name: &str) -> Cell {
        variant.rules().complex.parse_cell(name).unwrap_or_else(|| panic!("{name} on {variant}"))
    }

    fn cells(variant: Variant, names: &str) -> Bits {
        names.split_whitespace().map(|n| cell(variant, n)).collect()
    }

    #[test]
    fn on_flat_chess_the_spans_are_the_file_ahead_and_the_files_beside_it() {
        let v = Variant::Chess;
        let s = spans(v);
        let e4 = cell(v, "e4");
        assert_eq!(*s.path(Color::White, Facing::Up, e4), cells(v, "e5 e6 e7 e8"));
        // Black pawns face down: those on the d and f files from rank 5 on attack e4 to e7.
        let ahead = cells(v, "e5 e6 e7 e8");
        assert_eq!(s.stoppers(Color::White, Facing::Up, e4)[1], cells(v, "d5 d6 d7 d8 f5 f6 f7 f8").union(ahead));
        let e5 = cell(v, "e5");
        assert_eq!(*s.path(Color::Black, Facing::Down, e5), cells(v, "e4 e3 e2 e1"));
        assert!(s.stoppers(Color::Black, Facing::Down, e5)[0].contains(cell(v, "d4")));
        assert!(!s.stoppers(Color::Black, Facing::Down, e5)[0].contains(cell(v, "d6")));
    }

    #[test]
    fn a_path_ends_where_the_pawn_promotes_on_every_board() {
        // Through the seams too: the path holds as many cells as the forward steps the rules count
        // to the pawn's own target, and one of them promotes. On the Klein bottle a pawn may go once
        // round the bottle to its own cell (its target after a full turn).
        let mut round = 0;
        for v in Variant::ALL {
            let (s, rules) = (spans(v), v.rules());
            for color in Color::ALL {
                for facing in [Facing::Up, Facing::Down] {
                    for c in rules.complex.cells() {
                        let Some(d) = promotion_distance(v, color, facing, c) else { continue };
                        let path = s.path(color, facing, c);
                        assert_eq!(path.len(), u32::from(d), "{v} {color:?} {facing:?} {c:?}");
                        round += u32::from(path.contains(c));
                        let promotes = |x| [Facing::Up, Facing::Down].into_iter().any(|g| rules.promotes(color, x, g));
                        assert!(path.iter().any(promotes), "{v} {color:?} {facing:?} {c:?}");
                    }
                }
            }
        }
        assert!(round > 0, "some pawn goes round to its own cell");
    }
}
