//! The static evaluation, in centipawns for the player to move: material, mobility along the
//! board's own rays and jumps (seams included), king safety as the attacked cells among the king's
//! glued neighbours, pawn progress as the forward steps left to the pawn's own target, and pawn
//! structure along the same forward paths (passed, doubled and protected pawns). On the
//! three-level boards mobility, attacks and the king's zone follow the variant's own geometry
//! (Chess³'s lattice; Strato's levels, where only same-level pieces attack), pieces on the enemy
//! king's level count extra in Strato, and Strato's unmoved pieces, which must spend a move
//! changing level, count as undeveloped.

use super::pawn_spans::{Spans, spans};
use super::progress::steps;
use super::weights::Weights;
use crate::bits::{Bits, Set};
use crate::complex::Cell;
use crate::piece::{Color, Facing, Piece, Role};
use crate::position::Position;
use crate::tables::Width;

/// Non-pawn material of both initial armies at the base weights: the game phase runs from this
/// (opening) to 0.
const FULL_PHASE: i32 = 2 * (2 * 320 + 2 * 330 + 2 * 500 + 950);

/// The material value of a role, for ordering captures.
#[inline]
pub(crate) fn value(role: Role) -> i32 {
    Weights::BASE.material[role as usize]
}

/// One side's totals, its attacked cells in a set width.
struct Side<S> {
    material: i32,
    non_pawn: i32,
    /// Middle-game and endgame positional terms.
    middle: i32,
    end: i32,
    attacks: S,
    /// The cells its knights, its diagonal sliders (bishops, queens) and its cardinal sliders
    /// (rooks, queens) attack: where each could go to give check (empty where the weights do not
    /// count safe checks).
    lines: [S; 3],
    bishops: u32,
}

/// The evaluation of a position, in centipawns from the point of view of the player to move.
pub fn evaluate(p: &Position) -> i32 {
    evaluate_with(p, Weights::of(p.variant()))
}

/// [`evaluate`] with the given weights.
pub fn evaluate_with(p: &Position, w: &Weights) -> i32 {
    faded(p, unfaded(p, w))
}

/// The evaluation before [`faded`]: a function of what the Zobrist hash covers (placement, turn,
/// rights), not of the halfmove counter.
pub(crate) fn unfaded(p: &Position, w: &Weights) -> i32 {
    let family = p.rules.family;
    // A family whose attacks are not the tables' walks (Chess³'s lattice) has its own reach.
    if !family.table_attacks() {
        let reach = |c, piece| family.reach(p, c, piece);
        return evaluate_in::<Bits>(p, w, reach, |color| pawn_attacks_each(p, color, reach));
    }
    match p.rules.tables.width {
        Width::W64 => evaluate_by_tables::<u64>(p, w),
        Width::W128 => evaluate_by_tables::<u128>(p, w),
        Width::W256 => evaluate_by_tables::<Bits>(p, w),
    }
}

/// [`evaluate_with`] by the tables' walks (the default `Family::reach`) in the set width `S`,
/// with the blockers read once and the pawns' attacks taken a set at a time.
fn evaluate_by_tables<S: Set>(p: &Position, w: &Weights) -> i32 {
    let occupied = p.all_occupied_in::<S>();
    evaluate_in(p, w, |c, piece| p.table_reach_in(c, piece, occupied), |color| p.table_pawn_attacks_in(color))
}

/// The cells `color`'s pawns attack, as the union of each one's `reach`.
fn pawn_attacks_each<S: Set>(p: &Position, color: Color, reach: impl Fn(Cell, Piece) -> S) -> S {
    let pawns = S::of(&p.occupied[color.index()]).intersection(S::of(&p.pawns[0]).union(S::of(&p.pawns[1])));
    pawns.cells().filter_map(|c| Some(reach(c, p.piece_at(c)?))).fold(S::EMPTY, S::union)
}

/// [`evaluate_with`] given `reach`, the cells a piece attacks from a cell, and `pawn_attacks`,
/// the cells a colour's pawns attack.
fn evaluate_in<S: Set>(
    p: &Position,
    w: &Weights,
    reach: impl Fn(Cell, Piece) -> S,
    pawn_attacks: impl Fn(Color) -> S,
) -> i32 {
    let sides = Color::ALL.map(|color| side(p, color, w, &reach, pawn_attacks(color)));
    let phase = (sides[0].non_pawn + sides[1].non_pawn).min(FULL_PHASE);
    let mut score = [0; 2];
    for color in Color::ALL {
        let (me, them) = (&sides[color.index()], &sides[(!color).index()]);
        let (shelter, penalty) = king_safety(p, color, me.attacks, them, w, &reach);
        // Attacks on the king's zone matter less as the attacker's pieces leave the board. The
        // products are taken in 64 bits: weights being fitted may stray far from these.
        let full = i64::from(FULL_PHASE);
        let penalty = i64::from(penalty) * i64::from((them.non_pawn + 1_000).min(FULL_PHASE)) / full;
        let middle = i64::from(me.middle + shelter) - penalty;
        let end = i64::from(me.end) - penalty / 2;
        let phase = i64::from(phase);
        score[color.index()] = me.material
            + i32::from(me.bishops >= 2) * w.bishop_pair
            + ((middle * phase + end * (full - phase)) / full) as i32;
    }
    let us = p.side_to_move();
    score[us.index()] - score[(!us).index()] + w.tempo
}

/// An evaluation `v` of `p` faded as the move limit approaches: any advantage fades over the last
/// 50 plies before it, and progress (a pawn move or capture) resets the count.
pub(crate) fn faded(p: &Position, v: i32) -> i32 {
    let left = i64::from(p.rules().endings.halfmove_draw.saturating_sub(p.halfmove()));
    if left < 50 { (i64::from(v) * left / 50) as i32 } else { v }
}

/// Material, mobility, pawn progress and attacked cells of one side, whose pawns attack
/// `pawn_attacks`. The pieces are taken a role at a time, from the position's sets.
fn side<S: Set>(p: &Position, color: Color, w: &Weights, reach: impl Fn(Cell, Piece) -> S, pawn_attacks: S) -> Side<S> {
    let own = S::of(&p.occupied[color.index()]);
    let structure = Structure::of(p, color, w, own, pawn_attacks);
    let mut s =
        Side { material: 0, non_pawn: 0, middle: 0, end: 0, attacks: pawn_attacks, lines: [S::EMPTY; 3], bishops: 0 };
    for facing in [Facing::Up, Facing::Down] {
        for c in own.intersection(S::of(&p.pawns[facing.index()])).cells() {
            s.material += w.material[Role::Pawn as usize];
            let left = usize::from(steps(p.variant(), color, facing, c));
            let bonus = w.progress.get(left).copied().unwrap_or(0);
            s.middle += bonus / 2;
            s.end += 2 * bonus;
            let (middle, end) = structure.of_pawn(c, facing, left);
            s.middle += middle;
            s.end += end;
        }
    }
    let family = p.rules.family;
    let (first_moves, levels) = (family.first_move_changes_level(), family.attacks_stay_on_level());
    let enemy_level = p.complex().coord(p.king(!color)).chart;
    let unused = S::of(&p.unused);
    // The lines feed only the safe checks, which a weight of zero skips.
    let checks = w.safe_check != 0;
    let mut pieces = |role: Role, cells: S| {
        for c in cells.cells() {
            s.material += w.material[role as usize];
            let reach = reach(c, Piece::new(color, role));
            s.attacks = s.attacks.union(reach);
            if checks {
                for (line, on) in s.lines.iter_mut().zip(LINES[role as usize]) {
                    if on {
                        *line = line.union(reach);
                    }
                }
            }
            s.non_pawn += value(role);
            let mobility = w.mobility[role as usize] * reach.without(own).len() as i32;
            s.middle += mobility;
            s.end += mobility;
            if first_moves {
                s.middle -= i32::from(unused.contains(c)) * w.undeveloped;
            }
            if levels {
                let near = i32::from(p.complex().coord(c).chart == enemy_level) * w.king_level;
                s.middle += near;
                s.end += near;
            }
        }
    };
    let [cardinal, diagonal] = p.sliders.each_ref().map(|set| own.intersection(S::of(set)));
    pieces(Role::Knight, own.intersection(S::of(&p.knights)));
    pieces(Role::Bishop, diagonal.without(cardinal));
    pieces(Role::Rook, cardinal.without(diagonal));
    pieces(Role::Queen, cardinal.intersection(diagonal));
    s.bishops = diagonal.without(cardinal).len();
    s.material += w.material[Role::King as usize];
    s.attacks = s.attacks.union(reach(p.king(color), Piece::new(color, Role::King)));
    s
}

/// What one side's pawn structure needs to score its pawns: each pawn's spans, the enemy pawns by
/// facing, the own pawns and the cells they defend. Terms whose weights are all zero (boards not
/// fitted with them) are skipped.
struct Structure<'w, S> {
    w: &'w Weights,
    spans: &'static Spans,
    color: Color,
    enemy: [S; 2],
    own: S,
    defended: S,
    passed: bool,
    rest: bool,
}

impl<'w, S: Set> Structure<'w, S> {
    fn of(p: &Position, color: Color, w: &'w Weights, own: S, defended: S) -> Structure<'w, S> {
        let pawns = S::of(&p.pawns[0]).union(S::of(&p.pawns[1]));
        let theirs = S::of(&p.occupied[(!color).index()]);
        Structure {
            w,
            spans: spans(p.variant()),
            color,
            enemy: [0, 1].map(|f| theirs.intersection(S::of(&p.pawns[f]))),
            own: own.intersection(pawns),
            defended,
            passed: w.passed != [0; 8],
            rest: w.doubled != 0 || w.protected != 0,
        }
    }

    /// The middle-game and endgame terms of the pawn on `c` with `facing`, `left` steps from its
    /// target: passed (half in the middle game), doubled, protected.
    #[inline]
    fn of_pawn(&self, c: Cell, facing: Facing, left: usize) -> (i32, i32) {
        let (w, mut middle, mut end) = (self.w, 0, 0);
        if self.passed {
            let stoppers = self.spans.stoppers(self.color, facing, c);
            if (0..2).all(|f| S::of(&stoppers[f]).intersection(self.enemy[f]).is_empty()) {
                let passed = w.passed.get(left).copied().unwrap_or(0);
                (middle, end) = (passed / 2, passed);
            }
        }
        if self.rest {
            let path = S::of(self.spans.path(self.color, facing, c));
            let both = i32::from(self.defended.contains(c)) * w.protected
                - i32::from(!path.intersection(self.own).is_empty()) * w.doubled;
            (middle, end) = (middle + both, end + both);
        }
        (middle, end)
    }
}

/// Which of [`Side::lines`] (knight, diagonal, cardinal) a role's attacks join, by role.
const LINES: [[bool; 3]; 7] = {
    let mut lines = [[false; 3]; 7];
    lines[Role::Knight as usize] = [true, false, false];
    lines[Role::Bishop as usize] = [false, true, false];
    lines[Role::Rook as usize] = [false, false, true];
    lines[Role::Queen as usize] = [false, true, true];
    lines
};

/// The roles whose moves from the king's cell reach the cells of each of [`Side::lines`].
const CHECKERS: [Role; 3] = [Role::Knight, Role::Bishop, Role::Rook];

/// King safety of `color`, which attacks `defended`, against `them`: (shelter bonus, attack
/// penalty). Its zone is the king's cell and every cell one king step away through the complex's
/// gluings, so attacks through a seam count like any other; each of the opponent's
/// [`safe_checks`] adds to the penalty.
fn king_safety<S: Set>(
    p: &Position,
    color: Color,
    defended: S,
    them: &Side<S>,
    w: &Weights,
    reach: impl Fn(Cell, Piece) -> S,
) -> (i32, i32) {
    let king = p.king(color);
    let mut zone = reach(king, Piece::new(color, Role::King));
    zone.insert(king);
    let attacked = zone.intersection(them.attacks).len() as usize;
    let mut penalty = w.zone_attacked[attacked.min(w.zone_attacked.len() - 1)];
    if w.safe_check != 0 {
        penalty += w.safe_check * safe_checks(p, color, defended, them.lines, &reach) as i32;
    }
    let pawns = S::of(&p.pawns[0]).union(S::of(&p.pawns[1])).intersection(S::of(&p.occupied[color.index()]));
    (w.shelter * zone.intersection(pawns).len().min(3) as i32, penalty)
}

/// The opponent's safe checks against `color`'s king, given the cells `color` defends and the
/// opponent's [`Side::lines`]: the cells, neither held by the opponent nor defended, that one of
/// its knights, bishops, rooks or queens reaches and from which it would give check. They are the
/// king's own knight jumps and rays (out through seams and cone points) read backwards.
fn safe_checks<S: Set>(
    p: &Position,
    color: Color,
    defended: S,
    lines: [S; 3],
    reach: impl Fn(Cell, Piece) -> S,
) -> u32 {
    let king = p.king(color);
    let open = S::of(&p.occupied[(!color).index()]).union(defended);
    CHECKERS
        .into_iter()
        .zip(lines)
        .filter(|(_, line)| !line.is_empty())
        .map(|(role, line)| reach(king, Piece::new(color, role)).intersection(line).without(open).len())
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random_game::random_game;
    use crate::variant::Variant;

    #[test]
    fn pawns_attack_a_set_at_a_time_what_each_pawn_attacks() {
        // Along pseudo-random games on every board with the tables' attacks, in the narrowest
        // width and in 256 bits: shifting sets (seams and irregular cells one by one) gives the
        // union of each pawn's own reach.
        fn agree<S: Set + std::fmt::Debug>(p: &Position) {
            let occupied = p.all_occupied_in::<S>();
            for color in Color::ALL {
                let each = pawn_attacks_each(p, color, |c, piece| p.table_reach_in::<S>(c, piece, occupied));
                assert_eq!(p.table_pawn_attacks_in::<S>(color), each, "{:?} {color:?} {}", p.variant(), p.to_text());
            }
        }
        for variant in Variant::ALL.into_iter().filter(|v| v.rules().family.table_attacks()) {
            for p in random_game(variant, 5, 120) {
                agree::<Bits>(&p);
                match p.rules.tables.width {
                    Width::W64 => agree::<u64>(&p),
                    Width::W128 => agree::<u128>(&p),
                    Width::W256 => {}
                }
            }
        }
    }

    #[test]
    fn the_narrow_widths_evaluate_as_the_full_one() {
        // Every board's evaluation in its narrowest width equals the same terms in 256 bits, along
        // pseudo-random games.
        for variant in Variant::ALL {
            for p in random_game(variant, 7, 60) {
                let w = Weights::of(variant);
                if p.rules.family.table_attacks() {
                    assert_eq!(unfaded(&p, w), evaluate_by_tables::<Bits>(&p, w), "{variant:?} {}", p.to_text());
                }
            }
        }
    }

    /// `color`'s side and its opponent's in `p`, in 256 bits, with safe checks counted.
    fn sides(p: &Position, color: Color) -> [Side<Bits>; 2] {
        let w = Weights { safe_check: 1, ..Weights::of(p.variant()).clone() };
        let reach = |c, piece| p.rules.family.reach(p, c, piece);
        [color, !color].map(|c| side(p, c, &w, reach, pawn_attacks_each(p, c, reach)))
    }

    /// The opponent's safe checks against `color` in `p`, by [`safe_checks`].
    fn checks_against(p: &Position, color: Color) -> u32 {
        let [me, them] = sides(p, color);
        safe_checks(p, color, me.attacks, them.lines, |c, piece| p.rules.family.reach(p, c, piece))
    }

    #[test]
    fn a_safe_check_is_a_free_cell_a_piece_reaches_and_checks_from() {
        let chess = |text| Position::from_text(Variant::Chess, text).expect("a position");
        // The knight on d4 reaches e2 and f3, both a knight's jump from g1; g2's pawn defends f3.
        // The rook on a3 reaches a1 on the king's rank; the bishop's diagonals to the king end on
        // f2 and h2, which the king defends.
        let p = chess("4k3/1b6/8/8/3n4/r7/5PPP/6K1 w - - 0 1");
        assert_eq!(checks_against(&p, Color::White), 2);
        // Black's king has none to fear: White has only pawns.
        assert_eq!(checks_against(&p, Color::Black), 0);
        // A White knight on g3 defends e2: only the rook's check is left.
        assert_eq!(checks_against(&chess("4k3/1b6/8/8/3n4/r5N1/5PPP/6K1 w - - 0 1"), Color::White), 1);
    }

    #[test]
    fn safe_checks_are_the_cells_a_piece_placed_there_would_check_from() {
        // Along pseudo-random games on every board: counting from the king's own jumps and rays
        // (read backwards through seams and cone points) agrees with placing each of the
        // opponent's checkers on each free cell it reaches and asking whether it attacks the king.
        for variant in Variant::ALL {
            for p in random_game(variant, 11, 40) {
                let reach = |c, piece| p.rules.family.reach(&p, c, piece);
                for color in Color::ALL {
                    let [me, them] = sides(&p, color);
                    let open = Bits::of(&p.occupied[(!color).index()]).union(me.attacks);
                    let placed: u32 = CHECKERS
                        .into_iter()
                        .zip(them.lines)
                        .map(|(role, line)| {
                            line.without(open)
                                .cells()
                                .filter(|&c| reach(c, Piece::new(!color, role)).contains(p.king(color)))
                                .count() as u32
                        })
                        .sum();
                    assert_eq!(
                        safe_checks(&p, color, me.attacks, them.lines, reach),
                        placed,
                        "{variant:?} {color:?} {}",
                        p.to_text()
                    );
                }
            }
        }
    }

    #[test]
    fn passed_doubled_and_protected_pawns_count_by_their_weights() {
        let chess = |text| Position::from_text(Variant::Chess, text).expect("a position");
        let only = |w: Weights| Weights { passed: [0; 8], doubled: 0, protected: 0, ..w };
        let base = only(Weights::BASE);
        let with = |p: &Position, w: &Weights| unfaded(p, w) - unfaded(p, &base);
        // Kings and pawns only, so the endgame terms count whole. The black pawn on d6 attacks e5
        // and e5 attacks d6: neither is passed. On a6 neither stops the other: White's pawn, three
        // steps from its target, and Black's, five, are both passed.
        let passed = Weights { passed: [0, 10, 20, 30, 40, 50, 60, 70], ..base.clone() };
        let (stopped, free) = (chess("4k3/8/3p4/4P3/8/8/8/4K3 w - - 0 1"), chess("4k3/8/p7/4P3/8/8/8/4K3 w - - 0 1"));
        assert_eq!((with(&stopped, &passed), with(&free, &passed)), (0, 30 - 50));
        // A black pawn behind White's (d3 attacks e2 and c2, not the e-file ahead) stops nothing.
        assert_eq!(with(&chess("4k3/8/8/4P3/8/3p4/8/4K3 w - - 0 1"), &passed), 30 - 20);
        // Of the pawns on e4 and e5 the one behind is doubled; on d4 and e5, d4 protects e5.
        let doubled = Weights { doubled: 7, ..base.clone() };
        assert_eq!(with(&chess("4k3/8/8/4P3/4P3/8/8/4K3 w - - 0 1"), &doubled), -7);
        let protected = Weights { protected: 9, ..base.clone() };
        assert_eq!(with(&chess("4k3/8/8/4P3/3P4/8/8/4K3 w - - 0 1"), &protected), 9);
        assert_eq!(with(&chess("4k3/8/8/4P3/4P3/8/8/4K3 b - - 0 1"), &doubled), 7, "for the player to move");
    }
}
