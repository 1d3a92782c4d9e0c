//! A fixed-size set of cells (any `u8` index), for occupancy and destination sets.

use crate::complex::Cell;

/// A set of cells as a 256-bit bitset (every `u8` cell index fits, so no bounds checks).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Bits([u64; 4]);

impl Bits {
    /// The empty set.
    pub const EMPTY: Bits = Bits([0; 4]);

    /// Every cell.
    pub const ALL: Bits = Bits([u64::MAX; 4]);

    /// The set of one cell.
    #[inline]
    pub fn single(c: Cell) -> Bits {
        let mut b = Bits::EMPTY;
        b.insert(c);
        b
    }

    /// The cells in both sets.
    #[inline]
    pub fn intersection(self, other: Bits) -> Bits {
        Bits(std::array::from_fn(|i| self.0[i] & other.0[i]))
    }

    /// Adds a cell.
    #[inline]
    pub fn insert(&mut self, c: Cell) {
        self.0[c.index() >> 6] |= 1 << (c.index() & 63);
    }

    /// Removes a cell.
    #[inline]
    pub fn remove(&mut self, c: Cell) {
        self.0[c.index() >> 6] &= !(1 << (c.index() & 63));
    }

    /// Whether the cell is in the set.
    #[inline]
    pub fn contains(&self, c: Cell) -> bool {
        self.0[c.index() >> 6] >> (c.index() & 63) & 1 == 1
    }

    /// Number of cells.
    #[inline]
    pub fn len(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// True when empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }

    /// The cells not in `other`.
    #[inline]
    pub fn without(self, other: Bits) -> Bits {
        Bits(std::array::from_fn(|i| self.0[i] & !other.0[i]))
    }

    /// The cells in either set.
    #[inline]
    pub fn union(self, other: Bits) -> Bits {
        Bits(std::array::from_fn(|i| self.0[i] | other.0[i]))
    }

    /// Iterates the cells in increasing index order.
    pub fn iter(self) -> BitsIter {
        BitsIter { words: self.0, word: 0 }
    }
}

impl FromIterator<Cell> for Bits {
    fn from_iter<I: IntoIterator<Item = Cell>>(iter: I) -> Bits {
        let mut b = Bits::EMPTY;
        for c in iter {
            b.insert(c);
        }
        b
    }
}

/// Iterator over the cells of a [`Bits`].
pub struct BitsIter {
    words: [u64; 4],
    word: usize,
}

impl Iterator for BitsIter {
    type Item = Cell;

    #[inline]
    fn next(&mut self) -> Option<Cell> {
        while self.word < 4 {
            let w = self.words[self.word];
            if w != 0 {
                self.words[self.word] = w & (w - 1);
                return Some(Cell((self.word * 64 + w.trailing_zeros() as usize) as u8));
            }
            self.word += 1;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_remove_iterate() {
        let mut b = Bits::EMPTY;
        for i in [0u8, 63, 64, 127, 128, 161] {
            b.insert(Cell(i));
        }
        assert_eq!(b.len(), 6);
        b.remove(Cell(64));
        assert!(!b.contains(Cell(64)) && b.contains(Cell(161)));
        assert_eq!(b.iter().map(|c| c.0).collect::<Vec<_>>(), vec![0, 63, 127, 128, 161]);
    }
}
