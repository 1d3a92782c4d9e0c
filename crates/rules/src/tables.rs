//! Movement tables precomputed once per board from its complex: rays, knight jumps, king steps and
//! pawn routes, so that move generation is table walks.

use crate::bits::Bits;
use crate::complex::{Cell, Complex};
use crate::frame::{Dir, Frame, Vector};
use crate::piece::Facing;

/// Variable-length lists stored flat.
#[derive(Clone, Debug)]
pub(crate) struct Lists<T = Cell> {
    data: Vec<T>,
    spans: Vec<(u32, u32)>,
}

impl<T> Default for Lists<T> {
    fn default() -> Self {
        Lists { data: Vec::new(), spans: Vec::new() }
    }
}

impl<T: Copy> Lists<T> {
    fn push(&mut self, items: &[T]) {
        self.spans.push((self.data.len() as u32, items.len() as u32));
        self.data.extend_from_slice(items);
    }

    #[inline]
    pub(crate) fn get(&self, i: usize) -> &[T] {
        let (start, len) = self.spans[i];
        &self.data[start as usize..(start + len) as usize]
    }
}

/// Where a pawn standing on a cell with a facing can go, ignoring occupancy.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct PawnRoutes {
    /// One forward step: cell and facing after transport.
    pub forward: Option<(Cell, Facing)>,
    /// Two forward steps: middle cell, destination and final facing (destination ≠ departure).
    pub double: Option<(Cell, Cell, Facing)>,
    /// The allowed forward diagonals (west-forward, east-forward): cell and facing after transport;
    /// never two with the same result. No two routes of a pawn then yield one action: a step and
    /// a capture need an empty and an occupied cell, and en passant also removes a pawn.
    pub diagonals: [Option<(Cell, Facing)>; 2],
}

/// Whether pawns carry their facing through seams (the surface boards) or keep their owner's
/// (Endless and ordinary chess).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FacingMode {
    /// The facing is transported by each route's derivative.
    Transported,
    /// Pawns always face their owner's forward direction in chart coordinates.
    Fixed,
}

/// All movement tables of one board.
#[derive(Clone, Debug)]
pub(crate) struct Tables {
    /// Ray cells for `cell * 8 + direction index` (cardinals 0..4, diagonals 4..8).
    pub rays: Lists,
    /// For each ray cell, the set of that ray's cells up to and including it (same spans as `rays`).
    pub ray_prefix: Lists<Bits>,
    /// Cells whose eight rays never meet or repeat a cell: there a slider's destinations can be
    /// counted ray by ray without a set.
    pub disjoint_rays: Bits,
    /// Distinct knight destinations per cell.
    pub knight: Lists,
    /// Distinct king destinations per cell.
    pub king: Lists,
    /// Knight destinations per cell as a set.
    pub knight_set: Vec<Bits>,
    /// King destinations per cell as a set.
    pub king_set: Vec<Bits>,
    /// Cells from which a pawn with the given facing attacks this cell: up to four per cell.
    pub pawn_attackers: Lists<(Cell, Facing)>,
    /// Pawn routes per `cell * 2 + facing index`.
    pub pawn: Vec<PawnRoutes>,
}

/// The ray from a cell in a chart direction: each step transports the direction; stops at a
/// boundary, a forbidden diagonal, the departure cell or a repeated directed state.
pub fn ray(complex: &Complex, start: Cell, dir: Vector) -> Vec<Cell> {
    let mut cells = Vec::new();
    let mut seen = vec![(start, dir)];
    let (mut c, mut v) = (start, dir);
    while let Some((next, t)) = complex.unit_step(c, v) {
        let nv = t.apply(v);
        if next == start || seen.contains(&(next, nv)) {
            break;
        }
        seen.push((next, nv));
        cells.push(next);
        (c, v) = (next, nv);
    }
    cells
}

/// The knight's destinations: all eight edge words L,S,L, transported at each crossing; a word
/// with a missing step is unavailable, and the departure cell is never a destination.
pub fn knight_targets(complex: &Complex, c: Cell) -> Vec<Cell> {
    let mut out = Vec::new();
    for long in Dir::ALL {
        for short in long.perpendicular() {
            let word = [long.vector(), short.vector(), long.vector()];
            let end = word.iter().try_fold((c, Frame::IDENTITY), |(at, frame), &local| complex.walk(at, frame, local));
            if let Some((to, _)) = end
                && to != c
                && !out.contains(&to)
            {
                out.push(to);
            }
        }
    }
    out
}

/// The king's destinations: the four cardinal steps and the allowed diagonals.
pub fn king_targets(complex: &Complex, c: Cell) -> Vec<Cell> {
    let mut out = Vec::new();
    for v in Vector::ALL {
        if let Some((to, _)) = complex.unit_step(c, v)
            && to != c
            && !out.contains(&to)
        {
            out.push(to);
        }
    }
    out
}

fn transported(mode: FacingMode, t: Frame, facing: Facing) -> Facing {
    match mode {
        FacingMode::Fixed => facing,
        FacingMode::Transported => {
            let forward = t.apply(Vector::new(0, facing.sign()));
            assert_eq!(forward.x, 0, "pawn facing must stay vertical");
            Facing::from_sign(forward.y)
        }
    }
}

fn pawn_routes(complex: &Complex, mode: FacingMode, c: Cell, facing: Facing) -> PawnRoutes {
    let ahead =
        |at: Cell, f: Facing| complex.step(at, Vector::new(0, f.sign())).map(|(to, t)| (to, transported(mode, t, f)));
    let forward = ahead(c, facing);
    let double = forward.and_then(|(mid, f1)| ahead(mid, f1).filter(|&(to, _)| to != c).map(|(to, f2)| (mid, to, f2)));
    let mut diagonals = [-1, 1].map(|x| {
        complex
            .diagonal(c, Vector::new(x, facing.sign()))
            .filter(|&(to, _)| to != c)
            .map(|(to, t)| (to, transported(mode, t, facing)))
    });
    // Two diagonals with one final state are one route.
    if diagonals[0].is_some() && diagonals[0] == diagonals[1] {
        diagonals[1] = None;
    }
    PawnRoutes { forward, double, diagonals }
}

impl Tables {
    /// Computes every table of a board.
    pub(crate) fn new(complex: &Complex, mode: FacingMode) -> Tables {
        let mut rays = Lists::default();
        let mut knight = Lists::default();
        let mut king = Lists::default();
        let mut pawn = Vec::new();
        for c in complex.cells() {
            for v in Vector::ALL {
                rays.push(&ray(complex, c, v));
            }
            knight.push(&knight_targets(complex, c));
            king.push(&king_targets(complex, c));
            for facing in [Facing::Up, Facing::Down] {
                pawn.push(pawn_routes(complex, mode, c, facing));
            }
        }
        let mut attackers = vec![Vec::new(); complex.len()];
        for (i, routes) in pawn.iter().enumerate() {
            let from = Cell((i / 2) as u8);
            let facing = if i % 2 == 0 { Facing::Up } else { Facing::Down };
            for (to, _) in routes.diagonals.into_iter().flatten() {
                let entry = (from, facing);
                if !attackers[to.index()].contains(&entry) {
                    attackers[to.index()].push(entry);
                }
            }
        }
        let mut pawn_attackers = Lists::default();
        for list in &attackers {
            pawn_attackers.push(list);
        }
        let set = |lists: &Lists| (0..complex.len()).map(|i| lists.get(i).iter().copied().collect()).collect();
        let mut ray_prefix = Lists::default();
        let mut disjoint_rays = Bits::EMPTY;
        for c in complex.cells() {
            let mut all = Vec::new();
            for d in 0..8 {
                let cells = rays.get(c.index() * 8 + d);
                let prefix: Vec<Bits> =
                    (1..=cells.len()).map(|n| cells[..n].iter().copied().collect::<Bits>()).collect();
                ray_prefix.push(&prefix);
                all.extend_from_slice(cells);
            }
            let n = all.len();
            all.sort();
            all.dedup();
            if all.len() == n {
                disjoint_rays.insert(c);
            }
        }
        Tables {
            knight_set: set(&knight),
            king_set: set(&king),
            rays,
            ray_prefix,
            disjoint_rays,
            knight,
            king,
            pawn_attackers,
            pawn,
        }
    }

    /// The ray from `c` in direction index `d`.
    #[inline]
    pub(crate) fn ray(&self, c: Cell, d: usize) -> &[Cell] {
        self.rays.get(c.index() * 8 + d)
    }

    /// The prefix sets of the ray from `c` in direction index `d`.
    #[inline]
    pub(crate) fn ray_prefix(&self, c: Cell, d: usize) -> &[Bits] {
        self.ray_prefix.get(c.index() * 8 + d)
    }

    /// Pawn routes from a cell with a facing.
    #[inline]
    pub(crate) fn pawn(&self, c: Cell, facing: Facing) -> &PawnRoutes {
        &self.pawn[c.index() * 2 + facing.index()]
    }
}
