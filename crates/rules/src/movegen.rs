//! Legal move generation: pieces by table walks, pawns by their routes, castling by the spec's
//! explicit safety tests. Destinations are sets, so several routes to one final state are one action.

use crate::action::{Action, ActionKind};
use crate::attacks::KingSafety;
use crate::bits::{Bits, Set};
use crate::complex::Cell;
use crate::piece::{Facing, Role};
use crate::position::Position;
use crate::tables::{PawnShift, Width};
use crate::variant::CastleSide;

/// Receives generated legal actions.
pub(crate) trait Visitor {
    /// True for visitors that only count: they accept [`Visitor::count`] (a promotion's four
    /// choices at once, the pawns' moves by shifted sets).
    const COUNTS: bool = false;
    /// Adds `n` legal actions without naming them (only called when `COUNTS`).
    fn count(&mut self, _n: u64) {}
    /// All of `dests` are legal destinations of the non-pawn piece on `from`.
    fn piece_moves<S: Set>(&mut self, from: Cell, dests: S);
    /// One legal action.
    fn action(&mut self, action: Action);
}

impl Visitor for Vec<Action> {
    fn piece_moves<S: Set>(&mut self, from: Cell, dests: S) {
        self.extend(dests.cells().map(|to| Action { from, to, kind: ActionKind::Piece }));
    }
    fn action(&mut self, action: Action) {
        self.push(action);
    }
}

/// Looks for one action among those generated, without keeping them.
struct Seeks {
    action: Action,
    found: bool,
}

impl Visitor for Seeks {
    fn piece_moves<S: Set>(&mut self, from: Cell, dests: S) {
        let a = self.action;
        self.found |= a.kind == ActionKind::Piece && a.from == from && dests.contains(a.to);
    }
    fn action(&mut self, action: Action) {
        self.found |= action == self.action;
    }
}

/// What generation needs to know once per position, in a set width.
struct Generation<S> {
    /// The side to move is in check.
    in_check: bool,
    /// Where non-king moves must land (see [`KingSafety::evasion`]).
    evasion: S,
    /// Pieces whose moves are tested (they shield the king from a slider).
    pinned: S,
    /// Cells no piece may move to: own pieces and the enemy king (when only captures are
    /// wanted, every cell but the opponent's pieces).
    blocked: S,
    /// Whether actions that capture nothing are wanted: pawn steps that do not promote, castling.
    quiet: bool,
    /// Cells of either colour.
    occupied: S,
    /// The opponent's pieces other than the king.
    capturable: S,
    /// Where the side to move's pawns promote, by their facing on arrival.
    promotes: [S; 2],
}

/// Counts actions without listing them.
struct Counter(u64);

impl Visitor for Counter {
    const COUNTS: bool = true;
    fn count(&mut self, n: u64) {
        self.0 += n;
    }
    fn piece_moves<S: Set>(&mut self, _: Cell, dests: S) {
        self.0 += u64::from(dests.len());
    }
    fn action(&mut self, _: Action) {
        self.0 += 1;
    }
}

impl Position {
    /// All legal actions.
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut out = Vec::with_capacity(64);
        self.legal_actions_into(&mut out);
        out
    }

    /// Appends all legal actions to `out` (reuse the buffer to avoid allocation).
    pub fn legal_actions_into(&self, out: &mut Vec<Action>) {
        self.rules.family.legal(self, out);
    }

    /// Appends the legal captures (en passant among them) and promotions to `out`: the actions
    /// of [`Position::legal_actions_into`] that capture or promote, in some order.
    pub fn legal_captures_into(&self, out: &mut Vec<Action>) {
        self.rules.family.captures(self, out);
    }

    /// The number of legal actions.
    pub fn count_legal(&self) -> u64 {
        self.rules.family.count_legal(self)
    }

    /// Whether the player to move has any legal action.
    pub fn has_legal_action(&self) -> bool {
        // Counting is cheap enough; positions with actions usually have many.
        self.count_legal() > 0
    }

    /// Whether an action is legal here.
    pub fn is_legal(&self, action: Action) -> bool {
        self.rules.family.is_legal(self, action)
    }

    /// [`Position::is_legal`] by the surfaces' tables: the piece's actions, and castling.
    pub(crate) fn table_is_legal(&self, action: Action) -> bool {
        match self.rules.tables.width {
            Width::W64 => self.is_legal_in::<u64>(action),
            Width::W128 => self.is_legal_in::<u128>(action),
            Width::W256 => self.is_legal_in::<Bits>(action),
        }
    }

    fn is_legal_in<S: Set>(&self, action: Action) -> bool {
        let mut seeks = Seeks { action, found: false };
        if self.piece_at(action.from).is_some_and(|p| p.color() == self.side) {
            self.visit_piece(action.from, &mut seeks, &self.generation::<S>(true));
        }
        if let ActionKind::Castle(_) = action.kind {
            self.visit_castling_in::<S>(&mut seeks, self.is_check());
        }
        seeks.found
    }

    /// Whether the action (pseudo-legal) leaves the mover's own king safe.
    pub(crate) fn keeps_king_safe(&self, action: Action) -> bool {
        let mut next = self.clone();
        next.play_unchecked(action);
        !next.is_attacked(next.king(self.side), !self.side)
    }

    /// [`Position::keeps_king_safe`] for a move of a piece other than the king, by the tables'
    /// attacks (the table walks' own test: they serve the surfaces and Strato's levels, whose
    /// attacks are the tables'). Without playing it: the piece leaves its cell and occupies its
    /// destination, the captured piece (en passant: the passed pawn) attacks no more. Kept out of
    /// line: inlined into the generators, it made the surfaces' perft about a tenth slower.
    #[inline(never)]
    fn keeps_king_safe_on_tables<S: Set>(&self, action: Action, g: &Generation<S>) -> bool {
        let taken = match (action.kind, self.ep) {
            (ActionKind::EnPassant { .. }, Some(trace)) => trace.destination,
            _ => action.to,
        };
        let mut them = self.attackers_of::<S>(!self.side);
        let [cardinal, diagonal] = &mut them.sliders;
        let [up, down] = &mut them.pawns;
        for set in [&mut them.knights, cardinal, diagonal, up, down] {
            set.remove(taken);
        }
        let mut occupied = g.occupied;
        occupied.remove(action.from);
        occupied.remove(taken);
        occupied.insert(action.to);
        !self.attacked_by(self.king(self.side), &them, occupied)
    }

    /// What generation needs here; `quiet`: whether actions that capture nothing are wanted.
    fn generation<S: Set>(&self, quiet: bool) -> Generation<S> {
        let KingSafety { in_check, evasion, pinned } = self.king_safety::<S>();
        let me = self.side;
        let mut capturable = S::of(&self.occupied[(!me).index()]);
        capturable.remove(self.king(!me));
        let blocked = if quiet {
            let mut blocked = S::of(&self.occupied[me.index()]);
            blocked.insert(self.king(!me));
            blocked
        } else {
            S::ALL.without(capturable)
        };
        Generation {
            in_check,
            evasion,
            pinned,
            blocked,
            quiet,
            occupied: self.all_occupied_in(),
            capturable,
            promotes: self.rules.promotes[me.index()].each_ref().map(S::of),
        }
    }

    /// Legal actions by the surfaces' tables (on the three-level boards: the moves within a level).
    pub(crate) fn visit_surface<V: Visitor>(&self, v: &mut V) {
        self.visit_surface_as(v, true);
    }

    /// The number of [`Position::visit_surface`]'s actions.
    pub(crate) fn count_surface(&self) -> u64 {
        match self.rules.tables.width {
            Width::W64 => self.count_in::<u64>(),
            Width::W128 => self.count_in::<u128>(),
            Width::W256 => self.count_in::<Bits>(),
        }
    }

    fn count_in<S: Set>(&self) -> u64 {
        // Counting sums set sizes. The default x86-64 target has no `popcnt` instruction, so where
        // the processor has one, the counting generation is compiled a second time to use it.
        #[cfg(all(target_arch = "x86_64", not(target_feature = "popcnt")))]
        if std::is_x86_feature_detected!("popcnt") {
            // SAFETY: the processor has the only feature the function enables.
            return unsafe { self.count_with_popcnt::<S>() };
        }
        self.count_by_role::<S>()
    }

    #[cfg(all(target_arch = "x86_64", not(target_feature = "popcnt")))]
    #[target_feature(enable = "popcnt")]
    fn count_with_popcnt<S: Set>(&self) -> u64 {
        self.count_by_role::<S>()
    }

    /// [`Position::visit_surface`]'s captures and promotions.
    pub(crate) fn visit_surface_captures(&self, out: &mut Vec<Action>) {
        self.visit_surface_as(out, false);
    }

    fn visit_surface_as<V: Visitor>(&self, v: &mut V, quiet: bool) {
        match self.rules.tables.width {
            Width::W64 => self.generate::<u64, V>(v, quiet),
            Width::W128 => self.generate::<u128, V>(v, quiet),
            Width::W256 => self.generate::<Bits, V>(v, quiet),
        }
    }

    fn generate<S: Set, V: Visitor>(&self, v: &mut V, quiet: bool) {
        let g = self.generation::<S>(quiet);
        for from in S::of(&self.occupied[self.side.index()]).cells() {
            self.visit_piece(from, v, &g);
        }
        if quiet {
            self.visit_castling_in::<S>(v, g.in_check);
        }
    }

    /// The number of [`Position::generate`]'s actions (all, quiet ones included), the pieces
    /// visited by role rather than in cell order.
    #[inline(always)]
    fn count_by_role<S: Set>(&self) -> u64 {
        let g = self.generation::<S>(true);
        let v = &mut Counter(0);
        let mine = S::of(&self.occupied[self.side.index()]);
        let king = self.king(self.side);
        let knights = S::of(&self.knights).intersection(mine);
        let [cardinal, diagonal] = self.sliders.map(|s| S::of(&s).intersection(mine));
        for from in knights.cells() {
            self.visit_moves(from, S::of(&self.rules.tables.knight_set[from.index()]), v, &g);
        }
        for from in cardinal.union(diagonal).cells() {
            let dirs = match (cardinal.contains(from), diagonal.contains(from)) {
                (true, false) => 0..4,
                (false, true) => 4..8,
                _ => 0..8,
            };
            self.visit_moves(from, self.slides_in(from, dirs, g.occupied), v, &g);
        }
        let mut pawns = mine.without(knights).without(cardinal).without(diagonal);
        pawns.remove(king);
        self.count_pawns(pawns, v, &g);
        self.visit_king(king, v, &g);
        self.visit_castling_in::<S>(v, g.in_check);
        v.0
    }

    /// The actions of the side to move's piece on `from` by the tables, its own king's safety
    /// ignored: no pins, no check, a king may step into attack (explore mode). The enemy king is
    /// never captured.
    pub(crate) fn free_actions_of(&self, from: Cell, out: &mut Vec<Action>) {
        match self.rules.tables.width {
            Width::W64 => self.free_actions_in::<u64>(from, out),
            Width::W128 => self.free_actions_in::<u128>(from, out),
            Width::W256 => self.free_actions_in::<Bits>(from, out),
        }
    }

    fn free_actions_in<S: Set>(&self, from: Cell, out: &mut Vec<Action>) {
        let me = self.side;
        let mut blocked = S::of(&self.occupied[me.index()]);
        blocked.insert(self.king(!me));
        let mut capturable = S::of(&self.occupied[(!me).index()]);
        capturable.remove(self.king(!me));
        let g = Generation {
            in_check: false,
            evasion: S::ALL,
            pinned: S::EMPTY,
            blocked,
            quiet: true,
            occupied: self.all_occupied_in(),
            capturable,
            promotes: self.rules.promotes[me.index()].each_ref().map(S::of),
        };
        if self.piece_at(from).is_some_and(|p| p.role() == Role::King) {
            out.piece_moves(from, S::of(&self.rules.tables.king_set[from.index()]).without(g.blocked));
        } else {
            self.visit_piece(from, out, &g);
        }
    }

    /// Legal actions of the side to move's piece on `from`.
    fn visit_piece<S: Set, V: Visitor>(&self, from: Cell, v: &mut V, g: &Generation<S>) {
        let Some(piece) = self.piece_at(from) else { return };
        let t = &self.rules.tables;
        let dests = match piece.role() {
            Role::Pawn => return self.visit_pawn(from, v, g),
            Role::King => return self.visit_king(from, v, g),
            Role::Knight => S::of(&t.knight_set[from.index()]),
            role => {
                let dirs = match role {
                    Role::Rook => 0..4,
                    Role::Bishop => 4..8,
                    _ => 0..8,
                };
                self.slides_in(from, dirs, g.occupied)
            }
        };
        self.visit_moves(from, dests, v, g);
    }

    /// The moves of the knight or slider on `from` to `dests` (its reach, own cells included).
    #[inline]
    fn visit_moves<S: Set, V: Visitor>(&self, from: Cell, dests: S, v: &mut V, g: &Generation<S>) {
        let dests = dests.without(g.blocked);
        if !g.pinned.contains(from) {
            let dests = if g.in_check { dests.intersection(g.evasion) } else { dests };
            v.piece_moves(from, dests);
        } else {
            for to in dests.cells() {
                let action = Action { from, to, kind: ActionKind::Piece };
                if self.keeps_king_safe_on_tables(action, g) {
                    v.action(action);
                }
            }
        }
    }

    /// A slider's reach along the given rays: each ray up to and including its first occupied cell.
    #[inline]
    pub(crate) fn slides_in<S: Set>(&self, from: Cell, dirs: std::ops::Range<usize>, occupied: S) -> S {
        self.rules.tables.slides(from, dirs, occupied)
    }

    /// King steps to cells the opponent does not attack once the king has left `from`.
    #[inline(always)]
    fn visit_king<S: Set>(&self, from: Cell, v: &mut impl Visitor, g: &Generation<S>) {
        let dests = S::of(&self.rules.tables.king_set[from.index()]).without(g.blocked);
        if dests.is_empty() {
            return;
        }
        let them = self.attackers_of::<S>(!self.side);
        let mut occupied = g.occupied;
        occupied.remove(from);
        for to in dests.cells() {
            if !self.attacked_by(to, &them, occupied) {
                v.action(Action { from, to, kind: ActionKind::Piece });
            }
        }
    }

    /// The pawn on `from`'s actions.
    #[inline(always)]
    fn visit_pawn<S: Set, V: Visitor>(&self, from: Cell, v: &mut V, g: &Generation<S>) {
        let Some(pawn) = self.piece_at(from) else { return };
        let routes = self.rules.tables.pawn(from, pawn.facing().unwrap_or(Facing::Up));
        let test = g.pinned.contains(from);
        let empty = |c: Cell| self.squares[c.index()] == 0;
        // Steps capture nothing: without quiet actions, only those that promote are wanted.
        let wanted = |to: Cell, f: Facing| g.quiet || g.promotes[f.index()].contains(to);
        if let Some((to, f)) = routes.forward
            && empty(to)
        {
            if wanted(to, f) {
                let action = Action { from, to, kind: ActionKind::Pawn { facing: f, promotion: None } };
                self.pawn_action(action, f, test, v, g);
            }
            if let Some((_, to2, f2)) = routes.double
                && empty(to2)
                && pawn.unused()
                && wanted(to2, f2)
            {
                let action = Action { from, to: to2, kind: ActionKind::DoubleStep { facing: f2, promotion: None } };
                self.pawn_action(action, f2, test, v, g);
            }
        }
        for (to, f) in routes.diagonals.into_iter().flatten() {
            if g.capturable.contains(to) {
                self.pawn_action(
                    Action { from, to, kind: ActionKind::Pawn { facing: f, promotion: None } },
                    f,
                    test,
                    v,
                    g,
                );
            } else if empty(to) && self.ep.is_some_and(|t| t.owner != self.side && t.middle == to) {
                let action = Action { from, to, kind: ActionKind::EnPassant { facing: f, promotion: None } };
                self.pawn_action(action, f, true, v, g);
            }
        }
    }

    /// One pawn action arriving with `arrival`, with each promotion choice where it promotes. A
    /// free pawn's ordinary move must land on the evasion cells; a pinned pawn's and en passant
    /// (two cells change) are tested in full (`test`).
    #[inline]
    fn pawn_action<S: Set, V: Visitor>(
        &self,
        action: Action,
        arrival: Facing,
        test: bool,
        v: &mut V,
        g: &Generation<S>,
    ) {
        let legal = if test { self.keeps_king_safe_on_tables(action, g) } else { g.evasion.contains(action.to) };
        if !legal {
            return;
        }
        if !g.promotes[arrival.index()].contains(action.to) {
            v.action(action);
        } else if V::COUNTS {
            v.count(Role::PROMOTIONS.len() as u64);
        } else {
            for role in Role::PROMOTIONS {
                v.action(action.with_promotion(Some(role)));
            }
        }
    }

    /// Counts the actions of `pawns` (the side to move's): those of free pawns on regular cells
    /// (see [`crate::tables::PawnShifts`]) by shifting sets, the others one by one.
    #[inline(always)]
    fn count_pawns<S: Set, V: Visitor>(&self, pawns: S, v: &mut V, g: &Generation<S>) {
        debug_assert!(V::COUNTS, "only counting skips naming the actions");
        let t = &self.rules.tables;
        let empty = S::ALL.without(g.occupied);
        let mut one_by_one = pawns;
        for facing in [Facing::Up, Facing::Down] {
            let shifts = &t.pawn_shifts[facing.index()];
            let regular = S::of(&self.pawns[facing.index()]).intersection(S::of(&shifts.regular));
            let free = pawns.intersection(regular).without(g.pinned);
            if free.is_empty() {
                continue;
            }
            one_by_one = one_by_one.without(free);
            let promotes = g.promotes[facing.index()];
            // Empty sets are common (captures, promotions): skip counting their cells.
            let mut add = |to: S| {
                let to = to.intersection(g.evasion);
                if !to.is_empty() {
                    let promoting = to.intersection(promotes);
                    let choices = if promoting.is_empty() { 0 } else { 3 * u64::from(promoting.len()) };
                    v.count(u64::from(to.len()) + choices);
                }
            };
            let step = |shift: &PawnShift, from: S| from.intersection(S::of(&shift.cells)).shifted(shift.offset);
            add(step(&shifts.forward, free).intersection(empty));
            // Double steps of unused pawns whose forward cell is empty.
            let starters = free.intersection(S::of(&self.unused)).intersection(empty.shifted(-shifts.forward.offset));
            add(step(&shifts.double, starters).intersection(empty));
            for diagonal in &shifts.diagonals {
                add(step(diagonal, free).intersection(g.capturable));
            }
            // En passant, tested in full.
            if let Some(trace) = self.ep.filter(|trace| trace.owner != self.side && empty.contains(trace.middle)) {
                for &(from, f) in t.pawn_attackers.get(trace.middle.index()) {
                    if f != facing || !free.contains(from) {
                        continue;
                    }
                    for (to, arrival) in
                        t.pawn(from, f).diagonals.into_iter().flatten().filter(|&(to, _)| to == trace.middle)
                    {
                        let action =
                            Action { from, to, kind: ActionKind::EnPassant { facing: arrival, promotion: None } };
                        self.pawn_action(action, arrival, true, v, g);
                    }
                }
            }
        }
        for from in one_by_one.cells() {
            self.visit_pawn(from, v, g);
        }
    }

    /// Castling actions (`in_check`: the side to move is in check).
    pub(crate) fn visit_castling(&self, v: &mut impl Visitor, in_check: bool) {
        match self.rules.tables.width {
            Width::W64 => self.visit_castling_in::<u64>(v, in_check),
            Width::W128 => self.visit_castling_in::<u128>(v, in_check),
            Width::W256 => self.visit_castling_in::<Bits>(v, in_check),
        }
    }

    fn visit_castling_in<S: Set>(&self, v: &mut impl Visitor, in_check: bool) {
        let me = self.side;
        if in_check || self.castling.is_empty() {
            return;
        }
        let occupied = self.all_occupied_in::<S>();
        for side in CastleSide::ALL {
            if !self.castling.has(me, side) {
                continue;
            }
            let Some(spec) = self.rules.castle(me, side) else {
                continue;
            };
            if self.king(me) != spec.king_from || S::of(&spec.between).intersects(occupied) {
                continue;
            }
            let action = Action { from: spec.king_from, to: spec.king_to, kind: ActionKind::Castle(side) };
            let rook_to = self.rules.castled_rook(spec, spec.king_to);
            let landing_empty = [spec.king_to, rook_to]
                .iter()
                .all(|&c| self.squares[c.index()] == 0 || c == spec.king_from || c == spec.rook_from);
            let safe = if !self.rules.family.table_attacks() || !landing_empty {
                // The source, then the transit and landing cells with the source vacated and the
                // rook at home, then the king's actual final cell.
                let king_on = |cell: Cell| self.is_attacked_ignoring(cell, !me, Some(spec.king_from));
                !king_on(spec.king_transit) && !king_on(spec.king_to) && self.keeps_king_safe(action)
            } else {
                // The same tests on the table boards without playing: the king and the rook only
                // change which cells block, nothing is captured.
                let them = self.attackers_of::<S>(!me);
                let mut occupied = occupied;
                occupied.remove(spec.king_from);
                let king_on = |cell: Cell, occupied: S| self.attacked_by(cell, &them, occupied);
                !king_on(spec.king_transit, occupied) && !king_on(spec.king_to, occupied) && {
                    occupied.remove(spec.rook_from);
                    occupied.insert(spec.king_to);
                    occupied.insert(rook_to);
                    !king_on(spec.king_to, occupied)
                }
            };
            if safe {
                v.action(action);
            }
        }
    }
}
