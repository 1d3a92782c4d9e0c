//! A fixed-size set of cells (any `u8` index), for occupancy and destination sets, and the
//! narrower sets move generation uses on boards with few cells.

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
        // One test of the words' union rather than a comparison word by word.
        let [a, b, c, d] = self.0;
        a | b | c | d == 0
    }

    /// The set's four words, cells 0..64 first.
    #[inline]
    pub(crate) fn words(&self) -> [u64; 4] {
        self.0
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

    /// The cell with the lowest index, if any.
    #[inline]
    pub(crate) fn first(self) -> Option<Cell> {
        let i = self.0.iter().position(|&w| w != 0)?;
        Some(Cell((i * 64) as u8 + self.0[i].trailing_zeros() as u8))
    }

    /// The cell with the highest index, if any.
    #[inline]
    pub(crate) fn last(self) -> Option<Cell> {
        let i = self.0.iter().rposition(|&w| w != 0)?;
        Some(Cell((i * 64) as u8 + 63 - self.0[i].leading_zeros() as u8))
    }

    /// The cells with an index up to `c`'s, `c` included.
    #[inline]
    pub(crate) fn at_most(c: Cell) -> Bits {
        let (word, bit) = (c.index() >> 6, c.index() & 63);
        Bits(std::array::from_fn(|i| match i.cmp(&word) {
            std::cmp::Ordering::Less => u64::MAX,
            std::cmp::Ordering::Equal => u64::MAX >> (63 - bit),
            std::cmp::Ordering::Greater => 0,
        }))
    }

    /// The cells with an index from `c`'s on, `c` included.
    #[inline]
    pub(crate) fn at_least(c: Cell) -> Bits {
        let (word, bit) = (c.index() >> 6, c.index() & 63);
        Bits(std::array::from_fn(|i| match i.cmp(&word) {
            std::cmp::Ordering::Less => 0,
            std::cmp::Ordering::Equal => u64::MAX << bit,
            std::cmp::Ordering::Greater => u64::MAX,
        }))
    }

    /// The set moved by `offset` indices (|offset| < 64); cells moved out of range are dropped.
    #[inline]
    pub(crate) fn shifted(self, offset: i32) -> Bits {
        let w = self.0;
        let k = offset.unsigned_abs();
        if offset == 0 {
            self
        } else if offset > 0 {
            Bits(std::array::from_fn(|i| w[i] << k | if i > 0 { w[i - 1] >> (64 - k) } else { 0 }))
        } else {
            Bits(std::array::from_fn(|i| w[i] >> k | if i < 3 { w[i + 1] << (64 - k) } else { 0 }))
        }
    }

    /// Iterates the cells in increasing index order.
    pub fn iter(self) -> BitsIter {
        BitsIter { words: self.0, word: 0 }
    }
}

/// A set of cells in a fixed width: `u64` (cells 0..64), `u128` (0..128) or [`Bits`] (all).
/// Move generation runs in the narrowest width that holds a board's cells: the board's sets
/// ([`Bits`] in the tables and the position) are read through [`Set::of`], their first words.
pub(crate) trait Set: Copy + PartialEq {
    /// The empty set.
    const EMPTY: Self;
    /// Every cell of the width.
    const ALL: Self;
    /// Whether rays are followed by bit arithmetic (cheap in narrow sets) rather than walked: the
    /// first cell of a set along a ray by scans over the ray's runs of monotone indices, two
    /// opposite rays' reaches by [`Set::line_reach`].
    const BITSCAN: bool;
    /// The cells of `b` within the width (all of them when the board fits).
    fn of(b: &Bits) -> Self;
    /// The same cells as [`Bits`].
    fn bits(self) -> Bits;
    /// The cells in both sets.
    fn intersection(self, other: Self) -> Self;
    /// The cells in either set.
    fn union(self, other: Self) -> Self;
    /// The cells not in `other`.
    fn without(self, other: Self) -> Self;
    /// True when empty.
    fn is_empty(self) -> bool;
    /// Whether the cell is in the set.
    fn contains(self, c: Cell) -> bool;
    /// Adds a cell.
    fn insert(&mut self, c: Cell);
    /// Removes a cell.
    fn remove(&mut self, c: Cell);
    /// Number of cells.
    fn len(self) -> u32;
    /// The cell with the lowest index, if any.
    fn first(self) -> Option<Cell>;
    /// The cell with the highest index, if any.
    fn last(self) -> Option<Cell>;
    /// The cells with an index up to `c`'s, `c` included.
    fn at_most(c: Cell) -> Self;
    /// The cells with an index from `c`'s on, `c` included.
    fn at_least(c: Cell) -> Self;
    /// The set moved by `offset` indices (|offset| < 64); cells moved out of the width are dropped.
    fn shifted(self, offset: i32) -> Self;

    /// The cells with an index up to this set's lowest, included; every cell when it is empty.
    #[inline]
    fn at_most_lowest(self) -> Self {
        self.first().map_or(Self::ALL, Self::at_most)
    }

    /// The cells with an index from this set's highest on, included; every cell when it is empty.
    #[inline]
    fn at_least_highest(self) -> Self {
        self.last().map_or(Self::ALL, Self::at_least)
    }

    /// Two opposite rays' reaches: the cells of `below` from its highest cell of `occupied` on
    /// and those of `above` up to its lowest (each whole when it has none). Narrow sets find both
    /// with one subtraction (the obstruction difference), which needs every cell of `below` to
    /// have a lower index than every cell of `above`.
    #[inline]
    fn line_reach(below: Self, above: Self, occupied: Self) -> Self {
        let down = below.intersection(below.intersection(occupied).at_least_highest());
        down.union(above.intersection(above.intersection(occupied).at_most_lowest()))
    }

    /// Whether the two sets share a cell.
    #[inline]
    fn intersects(self, other: Self) -> bool {
        !self.intersection(other).is_empty()
    }

    /// Removes and returns the cell with the lowest index.
    #[inline]
    fn pop_first(&mut self) -> Option<Cell> {
        let c = self.first()?;
        self.remove(c);
        Some(c)
    }

    /// The cells in increasing index order.
    #[inline]
    fn cells(self) -> impl Iterator<Item = Cell> {
        let mut rest = self;
        std::iter::from_fn(move || rest.pop_first())
    }
}

macro_rules! narrow_set {
    ($t:ty, $words:expr, $bitscan:expr) => {
        impl Set for $t {
            const BITSCAN: bool = $bitscan;
            const EMPTY: $t = 0;
            const ALL: $t = <$t>::MAX;
            #[inline]
            fn of(b: &Bits) -> $t {
                let mut set = 0;
                for i in 0..$words {
                    set |= (b.0[i] as $t) << (64 * i);
                }
                set
            }
            #[inline]
            fn bits(self) -> Bits {
                let mut b = Bits::EMPTY;
                for i in 0..$words {
                    b.0[i] = (self >> (64 * i)) as u64;
                }
                b
            }
            #[inline]
            fn intersection(self, other: $t) -> $t {
                self & other
            }
            #[inline]
            fn union(self, other: $t) -> $t {
                self | other
            }
            #[inline]
            fn without(self, other: $t) -> $t {
                self & !other
            }
            #[inline]
            fn is_empty(self) -> bool {
                self == 0
            }
            #[inline]
            fn contains(self, c: Cell) -> bool {
                // The word of the cell, then its bit: cheaper than shifting the whole width.
                let word = (c.index() >> 6) as u32;
                word < $words && (self >> (64 * word)) as u64 >> (c.index() & 63) & 1 == 1
            }
            #[inline]
            fn insert(&mut self, c: Cell) {
                *self |= 1 << (c.index() & (<$t>::BITS as usize - 1));
            }
            #[inline]
            fn remove(&mut self, c: Cell) {
                *self &= !(1 << (c.index() & (<$t>::BITS as usize - 1)));
            }
            #[inline]
            fn len(self) -> u32 {
                self.count_ones()
            }
            #[inline]
            fn first(self) -> Option<Cell> {
                (self != 0).then(|| Cell(self.trailing_zeros() as u8))
            }
            #[inline]
            fn last(self) -> Option<Cell> {
                (self != 0).then(|| Cell((<$t>::BITS - 1 - self.leading_zeros()) as u8))
            }
            #[inline]
            fn at_most(c: Cell) -> $t {
                <$t>::MAX >> (<$t>::BITS as usize - 1 - (c.index() & (<$t>::BITS as usize - 1)))
            }
            #[inline]
            fn at_least(c: Cell) -> $t {
                <$t>::MAX << (c.index() & (<$t>::BITS as usize - 1))
            }
            #[inline]
            fn shifted(self, offset: i32) -> $t {
                if offset >= 0 { self << offset } else { self >> -offset }
            }
            #[inline]
            fn line_reach(below: $t, above: $t, occupied: $t) -> $t {
                // The highest blocker below (the lowest cell when there is none), then every cell
                // from it up to the lowest blocker above: one borrow runs through them.
                let highest = 1 << (<$t>::BITS - 1 - (below & occupied | 1).leading_zeros());
                let upper = above & occupied;
                (upper ^ upper.wrapping_sub(highest)) & (below | above)
            }
            #[inline]
            fn at_most_lowest(self) -> $t {
                // The lowest cell and every lower index (all ones for the empty set).
                self ^ self.wrapping_sub(1)
            }
            #[inline]
            fn at_least_highest(self) -> $t {
                let highest = (<$t>::BITS - 1).saturating_sub(self.leading_zeros());
                <$t>::MAX << highest
            }
        }
    };
}

narrow_set!(u64, 1, true);
narrow_set!(u128, 2, false);

impl Set for Bits {
    const BITSCAN: bool = false;
    const EMPTY: Bits = Bits::EMPTY;
    const ALL: Bits = Bits::ALL;
    #[inline]
    fn of(b: &Bits) -> Bits {
        *b
    }
    #[inline]
    fn bits(self) -> Bits {
        self
    }
    #[inline]
    fn intersection(self, other: Bits) -> Bits {
        Bits::intersection(self, other)
    }
    #[inline]
    fn union(self, other: Bits) -> Bits {
        Bits::union(self, other)
    }
    #[inline]
    fn without(self, other: Bits) -> Bits {
        Bits::without(self, other)
    }
    #[inline]
    fn is_empty(self) -> bool {
        Bits::is_empty(&self)
    }
    #[inline]
    fn contains(self, c: Cell) -> bool {
        Bits::contains(&self, c)
    }
    #[inline]
    fn insert(&mut self, c: Cell) {
        Bits::insert(self, c)
    }
    #[inline]
    fn remove(&mut self, c: Cell) {
        Bits::remove(self, c)
    }
    #[inline]
    fn len(self) -> u32 {
        Bits::len(&self)
    }
    #[inline]
    fn first(self) -> Option<Cell> {
        Bits::first(self)
    }
    #[inline]
    fn last(self) -> Option<Cell> {
        Bits::last(self)
    }
    #[inline]
    fn at_most(c: Cell) -> Bits {
        Bits::at_most(c)
    }
    #[inline]
    fn at_least(c: Cell) -> Bits {
        Bits::at_least(c)
    }
    #[inline]
    fn shifted(self, offset: i32) -> Bits {
        Bits::shifted(self, offset)
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
        assert!(Bits::EMPTY.is_empty());
        for word in 0..4u8 {
            assert!(!Bits::single(Cell(word * 64 + 5)).is_empty(), "a cell in word {word}");
        }
    }

    /// The narrow sets agree with `Bits` on cells within their width.
    fn narrow_agrees<S: Set + std::fmt::Debug>(width: u8) {
        let samples: [&[u8]; 5] = [&[], &[0], &[3, 63], &[1, 17, 40, 62], &[0, 5, 9, 33, 63]];
        for cells in samples {
            let cells: Vec<u8> = cells.iter().map(|&i| (i as u32 * width as u32 / 64) as u8).collect();
            let b: Bits = cells.iter().map(|&i| Cell(i)).collect();
            let s = S::of(&b);
            assert_eq!(s.bits(), b);
            assert_eq!(Set::len(s), b.len());
            assert_eq!(Set::first(s), b.first());
            assert_eq!(Set::last(s), b.last());
            if b.is_empty() {
                assert!(s.at_most_lowest() == S::ALL && s.at_least_highest() == S::ALL);
            }
            assert_eq!(s.cells().collect::<Vec<_>>(), b.iter().collect::<Vec<_>>());
            for offset in [-63, -9, -1, 0, 1, 8, 63] {
                let moved: Bits = b.iter().filter_map(|c| u8::try_from(c.0 as i32 + offset).ok()).map(Cell).collect();
                assert_eq!(s.shifted(offset).bits(), moved.intersection(S::ALL.bits()), "{cells:?} by {offset}");
            }
            // One subtraction finds what the rays' runs find, whatever the blockers.
            for split in [1, width / 3, width / 2, width - 1] {
                let below = Bits::at_most(Cell(split - 1));
                let above = Bits::at_least(Cell(split)).intersection(S::ALL.bits());
                let sparse = |b: Bits| b.iter().filter(|c| c.0 % 3 != 1).collect::<Bits>();
                for (below, above) in [(below, above), (sparse(below), sparse(above)), (Bits::EMPTY, above)] {
                    let swept = S::line_reach(S::of(&below), S::of(&above), s).bits();
                    assert_eq!(swept, Bits::line_reach(below, above, b), "{cells:?} split at {split}");
                }
            }
            for i in 0..width {
                let c = Cell(i);
                assert_eq!(Set::contains(s, c), b.contains(c));
                assert_eq!(S::at_most(c).bits(), Bits::at_most(c).intersection(S::ALL.bits()));
                assert_eq!(S::at_least(c).bits(), Bits::at_least(c).intersection(S::ALL.bits()));
                let one = S::of(&Bits::single(c));
                assert_eq!(one.union(s).at_most_lowest(), S::at_most(Set::first(one.union(s)).unwrap()));
                assert_eq!(one.union(s).at_least_highest(), S::at_least(Set::last(one.union(s)).unwrap()));
                let mut t = s;
                Set::insert(&mut t, c);
                assert!(Set::contains(t, c));
                Set::remove(&mut t, c);
                assert!(!Set::contains(t, c));
            }
        }
    }

    #[test]
    fn narrow_sets_agree_with_bits() {
        narrow_agrees::<u64>(64);
        narrow_agrees::<u128>(128);
        narrow_agrees::<Bits>(255);
    }

    #[test]
    fn first_last_and_ranges() {
        assert_eq!(Bits::EMPTY.first(), None);
        assert_eq!(Bits::EMPTY.last(), None);
        for cells in [vec![0u8], vec![63, 64], vec![5, 127, 200], vec![128, 255]] {
            let b: Bits = cells.iter().map(|&i| Cell(i)).collect();
            assert_eq!(b.first(), cells.first().map(|&i| Cell(i)));
            assert_eq!(b.last(), cells.last().map(|&i| Cell(i)));
        }
        for i in [0u8, 1, 62, 63, 64, 100, 191, 192, 254, 255] {
            let below: Bits = (0..=i).map(Cell).collect();
            let above: Bits = (i..=255).map(Cell).collect();
            assert_eq!(Bits::at_most(Cell(i)), below, "{i}");
            assert_eq!(Bits::at_least(Cell(i)), above, "{i}");
        }
    }
}
