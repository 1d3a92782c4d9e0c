//! The transposition table: a fixed number of slots indexed by the low bits of the Zobrist hash,
//! each remembering a search result for one position. Lockless, shared by the threads of one
//! search: a slot's first word is the hash mixed with the other two (`key ^ data ^ action`), so a
//! slot torn by two threads writing at once reads as empty rather than as another position's.

use super::score::{from_table, to_table};
use crate::action::{Action, ActionKind};
use crate::complex::Cell;
use crate::piece::{Facing, Role};
use crate::variant::CastleSide;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// How a stored score bounds the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The value itself.
    Exact,
    /// At least the score (a beta cutoff).
    Lower,
    /// At most the score (no move raised alpha).
    Upper,
}

/// One remembered search result.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    /// The best or refuting action found, if any.
    pub action: Option<Action>,
    /// The score, mates relative to this node.
    pub score: i32,
    /// The remaining depth searched.
    pub depth: i16,
    /// How the score bounds the value.
    pub bound: Bound,
}

impl Entry {
    /// Whether the stored score settles a node searched in the window `alpha..beta` (given
    /// enough depth): it is the value, or a bound outside the window.
    pub fn settles(&self, alpha: i32, beta: i32) -> bool {
        match self.bound {
            Bound::Exact => true,
            Bound::Lower => self.score >= beta,
            Bound::Upper => self.score <= alpha,
        }
    }
}

/// The table: `2^bits` slots, each an entry packed into three words (the checked hash, [`pack`],
/// and [`pack_action`]) that are all zero in an empty slot.
pub(crate) struct Table {
    slots: Box<[[AtomicU64; 3]]>,
}

/// Asks Linux to back the table with huge pages where it spans them whole. Probes land anywhere
/// in a table of many megabytes: with small pages nearly each one also misses the processor's
/// cache of page addresses, which costs the search about a tenth of its speed. The slots are
/// zeroed by the allocator and not yet touched, so the pages are made huge as they are first
/// written.
#[cfg(target_os = "linux")]
fn huge_pages(slots: &[[AtomicU64; 3]]) {
    const HUGE: usize = 2 << 20;
    let start = slots.as_ptr() as usize;
    let (from, to) = (start.next_multiple_of(HUGE), (start + std::mem::size_of_val(slots)) / HUGE * HUGE);
    if from < to {
        // SAFETY: advice on whole pages inside the table's own allocation; it changes no contents,
        // and a refusal (huge pages off) leaves small pages.
        unsafe { libc::madvise(from as *mut libc::c_void, to - from, libc::MADV_HUGEPAGE) };
    }
}

#[cfg(not(target_os = "linux"))]
fn huge_pages(_: &[[AtomicU64; 3]]) {}

/// The bytes of one slot.
pub(crate) const SLOT_BYTES: usize = std::mem::size_of::<[AtomicU64; 3]>();

impl Table {
    /// A table of `2^bits` empty slots, its memory mapped at once. The allocator's zeroed pages
    /// are only promised: met one by one during the first search, each would stop it while the
    /// system maps and zeroes it (about a twentieth of a first one-second search on chess). As
    /// strong engines do when `Hash` is set, the table is written here instead, before any clock
    /// runs.
    pub fn new(bits: u32) -> Table {
        let slots = Box::<[[AtomicU64; 3]]>::new_zeroed_slice(1 << bits);
        // SAFETY: every word is zero, a valid `AtomicU64`.
        let slots = unsafe { slots.assume_init() };
        huge_pages(&slots);
        let mut table = Table { slots };
        // Written after the advice, so that the pages come huge. The hint keeps a compiler that
        // knows the memory zero from dropping the writes.
        std::hint::black_box(&mut table).clear();
        table
    }

    /// The table's size in bytes.
    #[cfg(test)]
    pub fn bytes(&self) -> usize {
        self.slots.len() * SLOT_BYTES
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {
        self.slots.iter_mut().flatten().for_each(|w| *w.get_mut() = 0);
    }

    #[inline]
    fn slot(&self, key: u64) -> &[AtomicU64; 3] {
        &self.slots[key as usize & (self.slots.len() - 1)]
    }

    /// Asks the processor to bring a hash's slot into the cache, so that a probe soon after does
    /// not wait for memory (a no-op where there is no such instruction).
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: SSE is part of every x86-64 processor; a prefetch changes nothing the program
        // sees and never faults.
        unsafe {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            _mm_prefetch::<_MM_HINT_T0>(self.slot(key).as_ptr().cast());
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The entry stored for a hash, as stored.
    #[inline]
    fn get(&self, key: u64) -> Option<Entry> {
        let [check, data, action] = self.slot(key).each_ref().map(|w| w.load(Relaxed));
        (check ^ data ^ action == key && data != 0).then(|| unpack(data, action))
    }

    /// The entry for a hash seen `ply` plies below the root, mate scores made root-relative.
    #[inline]
    pub fn probe(&self, key: u64, ply: usize) -> Option<Entry> {
        self.get(key).map(|e| Entry { score: from_table(e.score, ply), ..e })
    }

    /// Stores a result, unless the slot holds a deeper result for the same position.
    pub fn store(&self, key: u64, action: Option<Action>, score: i32, depth: i32, bound: Bound, ply: usize) {
        let old = self.get(key);
        if old.is_some_and(|old| i32::from(old.depth) > depth) && bound != Bound::Exact {
            return;
        }
        let action = action.or(old.and_then(|old| old.action));
        let depth = depth.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16;
        let entry = Entry { action, score: to_table(score, ply), depth, bound };
        let (data, action) = (pack(&entry), pack_action(action));
        for (word, value) in self.slot(key).iter().zip([key ^ data ^ action, data, action]) {
            word.store(value, Relaxed);
        }
    }
}

/// An entry's score (bits 0–31), depth (32–47) and bound (48–49, from 1, so never zero).
fn pack(e: &Entry) -> u64 {
    let bound: u64 = match e.bound {
        Bound::Exact => 1,
        Bound::Lower => 2,
        Bound::Upper => 3,
    };
    u64::from(e.score as u32) | u64::from(e.depth as u16) << 32 | bound << 48
}

fn unpack(data: u64, action: u64) -> Entry {
    let bound = match (data >> 48) & 3 {
        1 => Bound::Exact,
        2 => Bound::Lower,
        _ => Bound::Upper,
    };
    let (score, depth) = (data as u32 as i32, (data >> 32) as u16 as i16);
    Entry { action: unpack_action(action), score, depth, bound }
}

/// An action as a number, 0 for none: departure (bits 0–7), destination (8–15), kind (16–18,
/// from 1), arrival facing (19) and promotion (20–22, the index in [`Role::PROMOTIONS`] plus 1).
fn pack_action(action: Option<Action>) -> u64 {
    let Some(a) = action else { return 0 };
    let (kind, facing, promotion) = match a.kind {
        ActionKind::Piece => (1, None, None),
        ActionKind::Pawn { facing, promotion } => (2, Some(facing), promotion),
        ActionKind::DoubleStep { facing, promotion } => (3, Some(facing), promotion),
        ActionKind::EnPassant { facing, promotion } => (4, Some(facing), promotion),
        ActionKind::Castle(CastleSide::East) => (5, None, None),
        ActionKind::Castle(CastleSide::West) => (6, None, None),
    };
    let down = u64::from(facing == Some(Facing::Down));
    let promotion = promotion.and_then(|r| Role::PROMOTIONS.iter().position(|&p| p == r)).map_or(0, |i| i as u64 + 1);
    u64::from(a.from.0) | u64::from(a.to.0) << 8 | kind << 16 | down << 19 | promotion << 20
}

fn unpack_action(bits: u64) -> Option<Action> {
    let facing = if (bits >> 19) & 1 == 1 { Facing::Down } else { Facing::Up };
    let promotion = match (bits >> 20) & 7 {
        0 => None,
        i => Role::PROMOTIONS.get(i as usize - 1).copied(),
    };
    let kind = match (bits >> 16) & 7 {
        1 => ActionKind::Piece,
        2 => ActionKind::Pawn { facing, promotion },
        3 => ActionKind::DoubleStep { facing, promotion },
        4 => ActionKind::EnPassant { facing, promotion },
        5 => ActionKind::Castle(CastleSide::East),
        6 => ActionKind::Castle(CastleSide::West),
        _ => return None,
    };
    Some(Action { from: Cell(bits as u8), to: Cell((bits >> 8) as u8), kind })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_of_action_and_entry_survives_packing() {
        let (from, to) = (Cell(7), Cell(191));
        let mut kinds =
            vec![ActionKind::Piece, ActionKind::Castle(CastleSide::East), ActionKind::Castle(CastleSide::West)];
        for facing in [Facing::Up, Facing::Down] {
            for promotion in [None].into_iter().chain(Role::PROMOTIONS.map(Some)) {
                kinds.push(ActionKind::Pawn { facing, promotion });
                kinds.push(ActionKind::DoubleStep { facing, promotion });
                kinds.push(ActionKind::EnPassant { facing, promotion });
            }
        }
        let table = Table::new(4);
        for (i, kind) in kinds.into_iter().enumerate() {
            let action = Some(Action { from, to, kind });
            assert_eq!(unpack_action(pack_action(action)), action);
            let cases = [(-29_990, -3, Bound::Lower), (17, 40, Bound::Exact), (0, 0, Bound::Upper)];
            for (j, (score, depth, bound)) in cases.into_iter().enumerate() {
                let key = 0x1234_5678_9abc_def0 ^ (i as u64) << 32 ^ j as u64;
                table.store(key, action, score, i32::from(depth), bound, 0);
                let e = table.probe(key, 0).expect("stored");
                assert_eq!((e.action, e.score, e.depth, e.bound), (action, score, depth, bound));
                assert!(table.probe(key ^ 1 << 40, 0).is_none(), "another position in the slot");
            }
        }
        assert_eq!(unpack_action(pack_action(None)), None);
        assert!(Table::new(4).probe(0, 0).is_none(), "an empty slot holds nothing, even for hash 0");
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_new_table_is_in_memory_before_any_search() {
        // 1.5 MiB, beyond the size the allocator serves from its heap: fresh pages of the system.
        let table = Table::new(16);
        // SAFETY: sysconf reads a constant of the system.
        let page = usize::try_from(unsafe { libc::sysconf(libc::_SC_PAGESIZE) }).expect("a page size");
        let start = table.slots.as_ptr() as usize / page * page;
        let end = table.slots.as_ptr() as usize + table.bytes();
        let mut resident = vec![0u8; (end - start).div_ceil(page)];
        // SAFETY: the range covers the table's own allocation, rounded out to whole pages, and
        // the vector holds a byte for each of them.
        let done = unsafe { libc::mincore(start as *mut libc::c_void, end - start, resident.as_mut_ptr()) };
        assert_eq!(done, 0, "mincore");
        let missing = resident.iter().filter(|&&r| r & 1 == 0).count();
        assert_eq!(missing, 0, "{missing} of the table's {} pages are not in memory yet", resident.len());
    }

    #[test]
    fn a_slot_torn_by_two_writers_reads_as_empty() {
        let table = Table::new(4);
        let (a, b) = (0x10, 0x7710);
        let action = |to| Some(Action { from: Cell(1), to: Cell(to), kind: ActionKind::Piece });
        table.store(a, action(2), 5, 3, Bound::Exact, 0);
        let first = table.slot(a).each_ref().map(|w| w.load(Relaxed));
        table.store(b, action(9), -40, 7, Bound::Lower, 0);
        assert!(table.probe(b, 0).is_some() && table.probe(a, 0).is_none(), "one slot, the later position");
        // The first writer's hash word lands over the second's data: neither position reads it.
        table.slot(a)[0].store(first[0], Relaxed);
        assert!(table.probe(a, 0).is_none() && table.probe(b, 0).is_none());
    }
}
