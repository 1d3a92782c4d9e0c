//! Movement tables precomputed once per board from its complex: rays, knight jumps, king steps and
//! pawn routes, so that move generation is table walks.

use crate::bits::{Bits, Set};
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

/// A stretch of a ray along which cell indices only increase or only decrease: the first of a
/// set of its cells, in the ray's order, is the lowest or the highest index.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Run {
    /// The stretch's cells.
    pub cells: Bits,
    /// Whether the indices decrease along the ray.
    pub down: bool,
    /// Where the ray's next run is in [`Tables::runs`]; 0 after its last.
    pub next: u32,
}

impl Run {
    /// The run's cells up to its first cell of `occupied` (included; all when there is none),
    /// and whether there is one.
    #[inline]
    fn reach<S: Set>(&self, occupied: S) -> (S, bool) {
        let cells = S::of(&self.cells);
        let hit = cells.intersection(occupied);
        let upto = if self.down { hit.at_least_highest() } else { hit.at_most_lowest() };
        (cells.intersection(upto), !hit.is_empty())
    }

    /// The first cell of `occupied` on the run, if any.
    #[inline]
    fn first<S: Set>(&self, occupied: S) -> Option<Cell> {
        let hit = S::of(&self.cells).intersection(occupied);
        if self.down { hit.last() } else { hit.first() }
    }
}

/// Two opposite rays from a cell as one line, for [`Set::line_reach`]: each ray is monotone in
/// its cell indices, `below` descending and `above` ascending, and every cell of `below` is lower
/// than every cell of `above` (a ray without cells fits either side).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Line {
    below: Bits,
    above: Bits,
}

impl Line {
    /// The line of two rays (given by their cells in order), if they form one.
    fn of(a: &[Cell], b: &[Cell]) -> Option<Line> {
        let descends = |r: &[Cell]| r.windows(2).all(|w| w[1] < w[0]);
        let ascends = |r: &[Cell]| r.windows(2).all(|w| w[1] > w[0]);
        let fits = |below: &[Cell], above: &[Cell]| {
            descends(below)
                && ascends(above)
                && below.iter().max().zip(above.iter().min()).is_none_or(|(high, low)| high < low)
        };
        let line = |below: &[Cell], above: &[Cell]| Line {
            below: below.iter().copied().collect(),
            above: above.iter().copied().collect(),
        };
        if fits(a, b) {
            Some(line(a, b))
        } else if fits(b, a) {
            Some(line(b, a))
        } else {
            None
        }
    }
}

/// The width of the sets move generation uses on a board: the narrowest that holds its cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Width {
    /// At most 64 cells: `u64`.
    W64,
    /// At most 128 cells: `u128`.
    W128,
    /// Up to 256 cells: [`Bits`].
    W256,
}

/// Splits a ray into runs of monotone cell indices (one empty run for an empty ray), unlinked.
fn runs(cells: &[Cell]) -> Vec<Run> {
    let mut out: Vec<Run> = Vec::new();
    for (i, &c) in cells.iter().enumerate() {
        let prev = i.checked_sub(1).map(|j| cells[j]);
        match (out.last_mut(), prev) {
            // A run of one cell takes the direction of its next step.
            (Some(run), Some(prev)) if run.cells.len() == 1 && c != prev => {
                run.down = c < prev;
                run.cells.insert(c);
            }
            (Some(run), Some(prev)) if (run.down && c < prev) || (!run.down && c > prev) => run.cells.insert(c),
            _ => out.push(Run { cells: Bits::single(c), ..Run::default() }),
        }
    }
    if out.is_empty() {
        out.push(Run::default());
    }
    out
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

/// One kind of pawn route taken by many pawns at once: from each cell of `cells` the route leads
/// to the cell `offset` indices away, keeping the pawn's facing.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct PawnShift {
    /// The index offset of the route.
    pub offset: i32,
    /// The cells from which the route exists and has that offset.
    pub cells: Bits,
}

/// The pawn routes of one facing as shifts of sets, for counting the moves of many pawns at once:
/// the most common offset of each route kind. A pawn on a `regular` cell has no other route.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct PawnShifts {
    /// The forward step.
    pub forward: PawnShift,
    /// The double step (from cells whose forward step is the first shift too).
    pub double: PawnShift,
    /// The forward diagonals, west and east.
    pub diagonals: [PawnShift; 2],
    /// Cells from which every route of a pawn with this facing is one of the shifts above.
    pub regular: Bits,
}

impl PawnShifts {
    fn new(pawn: &[PawnRoutes], facing: Facing) -> PawnShifts {
        let routes = || (0..pawn.len() / 2).map(|i| (i as i32, &pawn[i * 2 + facing.index()]));
        // The most common offset among the routes that keep the facing; none beyond one word.
        let common = |route: &dyn Fn(&PawnRoutes) -> Option<(Cell, Facing)>| {
            let mut counts = std::collections::BTreeMap::new();
            for (from, r) in routes() {
                if let Some((to, f)) = route(r)
                    && f == facing
                    && (1..64).contains(&(to.0 as i32 - from).abs())
                {
                    *counts.entry(to.0 as i32 - from).or_insert(0) += 1;
                }
            }
            let offset = counts.into_iter().max_by_key(|&(offset, n)| (n, -offset.abs())).map_or(0, |(o, _)| o);
            let cells = routes()
                .filter(|&(from, r)| offset != 0 && route(r) == Some((Cell((from + offset) as u8), facing)))
                .map(|(from, _)| Cell(from as u8))
                .collect();
            PawnShift { offset, cells }
        };
        let forward = common(&|r| r.forward);
        let double = common(&|r| r.double.map(|(_, to, f)| (to, f)));
        let double = PawnShift { cells: double.cells.intersection(forward.cells), ..double };
        let diagonals = [0, 1].map(|i| common(&|r| r.diagonals[i]));
        let covered = |shift: &PawnShift, from: i32, exists: bool| !exists || shift.cells.contains(Cell(from as u8));
        let regular = routes()
            .filter(|&(from, r)| {
                covered(&forward, from, r.forward.is_some())
                    && covered(&double, from, r.double.is_some())
                    && (0..2).all(|i| covered(&diagonals[i], from, r.diagonals[i].is_some()))
            })
            .map(|(from, _)| Cell(from as u8))
            .collect();
        PawnShifts { forward, double, diagonals, regular }
    }
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
    /// Each ray as runs of monotone cell indices: the first run of the ray `cell * 8 + direction
    /// index` at that index, the others after all first runs, linked by [`Run::next`].
    pub runs: Vec<Run>,
    /// For each ray cell, the set of that ray's cells up to and including it (same spans as `rays`).
    pub ray_prefix: Lists<Bits>,
    /// Each ray's cells as a set, per `cell * 8 + direction index`.
    pub ray_set: Vec<Bits>,
    /// Per `cell * 4 + pair`, the pair's two opposite rays (directions `d` and `d + 2` with `d`
    /// = 0, 1, 4, 5 for pairs 0..4) as one line where they form one.
    pub opposite_rays: Vec<Option<Line>>,
    /// Per cell, the union of its four cardinal rays and of its four diagonal rays: a slider of
    /// the matching kind elsewhere never attacks the cell.
    pub lines: Vec<[Bits; 2]>,
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
    /// The same per cell as sets, by the attacking pawn's facing (up, down).
    pub pawn_attacker_sets: Vec<[Bits; 2]>,
    /// Pawn routes per `cell * 2 + facing index`.
    pub pawn: Vec<PawnRoutes>,
    /// The pawn routes of each facing as shifts of sets.
    pub pawn_shifts: [PawnShifts; 2],
    /// The width of generation's sets.
    pub width: Width,
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
        let mut pawn_attacker_sets = Vec::new();
        for list in &attackers {
            pawn_attackers.push(list);
            let by = |facing: Facing| list.iter().filter(|&&(_, f)| f == facing).map(|&(c, _)| c).collect();
            pawn_attacker_sets.push([by(Facing::Up), by(Facing::Down)]);
        }
        let set = |lists: &Lists| (0..complex.len()).map(|i| lists.get(i).iter().copied().collect()).collect();
        let mut ray_runs = Vec::new();
        let mut more_runs = Vec::new();
        let first_more = complex.len() * 8;
        let mut ray_prefix = Lists::default();
        let mut ray_set = Vec::new();
        let mut lines = Vec::new();
        let mut opposite_rays = Vec::new();
        for c in complex.cells() {
            let mut line = [Bits::EMPTY; 2];
            for d in 0..8 {
                let cells = rays.get(c.index() * 8 + d);
                let mut ray = runs(cells);
                // Link the runs: the first here, the others after every ray's first run.
                for k in 0..ray.len() - 1 {
                    ray[k].next = (first_more + more_runs.len() + k) as u32;
                }
                ray_runs.push(ray[0]);
                more_runs.extend_from_slice(&ray[1..]);
                let prefix: Vec<Bits> =
                    (1..=cells.len()).map(|n| cells[..n].iter().copied().collect::<Bits>()).collect();
                ray_prefix.push(&prefix);
                let set: Bits = cells.iter().copied().collect();
                ray_set.push(set);
                line[d / 4] = line[d / 4].union(set);
            }
            lines.push(line);
            for d in [0, 1, 4, 5] {
                let ray = |d: usize| rays.get(c.index() * 8 + d);
                opposite_rays.push(Line::of(ray(d), ray(d + 2)));
            }
        }
        ray_runs.extend(more_runs);
        Tables {
            knight_set: set(&knight),
            king_set: set(&king),
            rays,
            runs: ray_runs,
            ray_prefix,
            ray_set,
            opposite_rays,
            lines,
            knight,
            king,
            pawn_attackers,
            pawn_attacker_sets,
            pawn_shifts: [Facing::Up, Facing::Down].map(|f| PawnShifts::new(&pawn, f)),
            pawn,
            width: match complex.len() {
                0..=64 => Width::W64,
                65..=128 => Width::W128,
                _ => Width::W256,
            },
        }
    }

    /// The ray from `c` in direction index `d`.
    #[inline]
    pub(crate) fn ray(&self, c: Cell, d: usize) -> &[Cell] {
        self.rays.get(c.index() * 8 + d)
    }

    /// The first cell of `occupied` on the ray from `c` in direction index `d`, if any.
    #[inline]
    pub(crate) fn first_on_ray<S: Set>(&self, c: Cell, d: usize, occupied: S) -> Option<Cell> {
        let i = c.index() * 8 + d;
        if !S::BITSCAN {
            return self.rays.get(i).iter().copied().find(|&c| occupied.contains(c));
        }
        let mut run = &self.runs[i];
        loop {
            if let Some(first) = run.first(occupied) {
                return Some(first);
            }
            if run.next == 0 {
                return None;
            }
            run = &self.runs[run.next as usize];
        }
    }

    /// The cells of the ray from `c` in direction index `d` up to its first cell of `occupied`
    /// (included; the whole ray when there is none), and that cell.
    #[inline]
    pub(crate) fn reach<S: Set>(&self, c: Cell, d: usize, occupied: S) -> (S, Option<Cell>) {
        let i = c.index() * 8 + d;
        if !S::BITSCAN {
            let ray = self.rays.get(i);
            let prefix = self.ray_prefix.get(i);
            return match ray.iter().position(|&c| occupied.contains(c)) {
                Some(k) => (S::of(&prefix[k]), Some(ray[k])),
                None => (prefix.last().map_or(S::EMPTY, S::of), None),
            };
        }
        (self.slide(c, d, occupied), self.first_on_ray(c, d, occupied))
    }

    /// The cells of the ray from `c` in direction index `d` up to its first cell of `occupied`
    /// (included; the whole ray when there is none): a slider's reach.
    #[inline]
    pub(crate) fn slide<S: Set>(&self, c: Cell, d: usize, occupied: S) -> S {
        let i = c.index() * 8 + d;
        if !S::BITSCAN {
            return self.reach(c, d, occupied).0;
        }
        let mut run = &self.runs[i];
        let mut reach = S::EMPTY;
        loop {
            let (cells, hit) = run.reach(occupied);
            reach = reach.union(cells);
            if hit || run.next == 0 {
                return reach;
            }
            run = &self.runs[run.next as usize];
        }
    }

    /// A slider's reach along the rays `dirs` (0..4, 4..8 or 0..8): each ray up to and including
    /// its first cell of `occupied`. In widths that scan bits, opposite rays that form a [`Line`]
    /// are swept together.
    #[inline(always)]
    pub(crate) fn slides<S: Set>(&self, c: Cell, dirs: std::ops::Range<usize>, occupied: S) -> S {
        if !S::BITSCAN {
            return self.slides_by_ray(c, dirs, occupied);
        }
        let mut reach = S::EMPTY;
        for pair in dirs.start / 2..dirs.end / 2 {
            let swept = match &self.opposite_rays[c.index() * 4 + pair] {
                Some(line) => S::line_reach(S::of(&line.below), S::of(&line.above), occupied),
                None => {
                    let d = pair / 2 * 4 + pair % 2;
                    self.slide(c, d, occupied).union(self.slide(c, d + 2, occupied))
                }
            };
            reach = reach.union(swept);
        }
        reach
    }

    /// [`Tables::slides`] ray by ray.
    fn slides_by_ray<S: Set>(&self, c: Cell, dirs: std::ops::Range<usize>, occupied: S) -> S {
        dirs.fold(S::EMPTY, |reach, d| reach.union(self.slide(c, d, occupied)))
    }

    /// Pawn routes from a cell with a facing.
    #[inline]
    pub(crate) fn pawn(&self, c: Cell, facing: Facing) -> &PawnRoutes {
        &self.pawn[c.index() * 2 + facing.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;

    /// Occupancies of a board's cells at several densities, from a fixed pseudo-random sequence.
    fn occupancies(n: usize) -> Vec<Bits> {
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        (0..24)
            .map(|i| {
                let percent = [5, 20, 45, 80][i % 4];
                (0..n).filter(|_| next() % 100 < percent).map(|c| Cell(c as u8)).collect()
            })
            .collect()
    }

    /// `first_on_ray` and `reach` in width `S` against walking each ray.
    fn rays_agree<S: Set + std::fmt::Debug>(variant: Variant) {
        let (t, n) = (&variant.rules().tables, variant.rules().complex.len());
        for occupied in occupancies(n) {
            for c in (0..n).map(|c| Cell(c as u8)) {
                for d in 0..8 {
                    let ray = t.ray(c, d);
                    let hit = ray.iter().position(|&x| occupied.contains(x));
                    let first = hit.map(|k| ray[k]);
                    let reach: Bits = ray[..hit.map_or(ray.len(), |k| k + 1)].iter().copied().collect();
                    let at = S::of(&occupied);
                    assert_eq!(t.first_on_ray(c, d, at), first, "{variant} {c:?} {d}");
                    assert_eq!(t.reach(c, d, at), (S::of(&reach), first), "{variant} {c:?} {d}");
                }
                for dirs in [0..4, 4..8, 0..8] {
                    let walked = dirs.clone().fold(S::EMPTY, |all, d| all.union(t.reach(c, d, S::of(&occupied)).0));
                    assert_eq!(t.slides(c, dirs.clone(), S::of(&occupied)), walked, "{variant} {c:?} {dirs:?}");
                }
            }
        }
    }

    #[test]
    fn ray_scans_agree_with_walking_the_rays() {
        for v in Variant::ALL {
            rays_agree::<Bits>(v);
            match v.rules().tables.width {
                Width::W64 => {
                    rays_agree::<u64>(v);
                    rays_agree::<u128>(v);
                }
                Width::W128 => rays_agree::<u128>(v),
                Width::W256 => {}
            }
        }
    }

    #[test]
    fn opposite_rays_form_lines_where_indices_allow() {
        let lines = |v: Variant| v.rules().tables.opposite_rays.iter().filter(|l| l.is_some()).count();
        // Every line of the flat board, none through Endless's seam (files 0 and 7 rays wrap).
        assert_eq!(lines(Variant::Chess), 64 * 4);
        assert!(lines(Variant::Endless) < 64 * 4);
        // A ray that crosses the seam breaks index order: a line never includes such a ray.
        for v in Variant::ALL {
            let t = &v.rules().tables;
            for (i, line) in t.opposite_rays.iter().enumerate() {
                let (c, d) = (i / 4, [0, 1, 4, 5][i % 4]);
                if line.is_some() {
                    for d in [d, d + 2] {
                        let ray = t.ray(Cell(c as u8), d);
                        let monotone = ray.windows(2).all(|w| w[1] > w[0]) || ray.windows(2).all(|w| w[1] < w[0]);
                        assert!(monotone, "{v} cell {c} direction {d}");
                    }
                }
            }
        }
    }

    #[test]
    fn pawn_shifts_follow_the_routes() {
        for v in Variant::ALL {
            let (t, n) = (&v.rules().tables, v.rules().complex.len());
            for facing in [Facing::Up, Facing::Down] {
                let shifts = &t.pawn_shifts[facing.index()];
                let target = |shift: &PawnShift, c: Cell| Some((Cell((c.0 as i32 + shift.offset) as u8), facing));
                for c in (0..n).map(|c| Cell(c as u8)) {
                    let r = t.pawn(c, facing);
                    let double = r.double.map(|(_, to, f)| (to, f));
                    for (shift, route) in [(&shifts.forward, r.forward), (&shifts.double, double)]
                        .into_iter()
                        .chain((0..2).map(|i| (&shifts.diagonals[i], r.diagonals[i])))
                    {
                        if shift.cells.contains(c) {
                            assert_eq!(route, target(shift, c), "{v} {c:?} {facing:?}");
                        } else if shifts.regular.contains(c) {
                            assert_eq!(route, None, "{v} {c:?} {facing:?}: a route outside the shifts");
                        }
                    }
                    if shifts.double.cells.contains(c) {
                        assert!(
                            shifts.forward.cells.contains(c)
                                && r.double.map(|(mid, _, _)| mid) == r.forward.map(|f| f.0)
                        );
                    }
                }
                if v == Variant::Chess {
                    assert_eq!(shifts.regular.len(), 64, "every cell of the flat board is regular");
                }
            }
        }
    }
}
