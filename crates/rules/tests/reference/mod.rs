#![allow(dead_code)] // Each test crate uses part of this module.

//! A reference move generator written again from the rules text, sharing nothing with the
//! library's movement code but the complex's gluings (`Complex::step`), the frames' algebra and
//! the variant data (promotion targets, castling cells): its own two-order diagonal rule, rays
//! (stopping at the departure cell or a repeated directed state), knight words, king steps, pawn
//! routes with facing transport, en passant, castling with the rules' explicit safety tests, and
//! king safety by generating the opponent's attacks forwards on its own board. It is slow and
//! plain on purpose: it checks the library, which is fast and clever.

mod levels;

use std::collections::BTreeSet;
use std::sync::OnceLock;
use surface_chess_rules::{
    Action, ActionKind, CastleSide, Cell, Color, Complex, Facing, FacingMode, Frame, Piece, Position, Role, Variant,
    Vector,
};

/// A board of the reference: the piece on each cell.
type Board = Vec<Option<Piece>>;

/// The two-order diagonal rule: both orders of the two cardinal steps exist and agree in cell
/// and transport.
fn diagonal(complex: &Complex, c: Cell, v: Vector) -> Option<(Cell, Frame)> {
    let orders = [(Vector::new(v.x, 0), Vector::new(0, v.y)), (Vector::new(0, v.y), Vector::new(v.x, 0))];
    let [a, b] = orders.map(|(first, second)| {
        let (c1, t1) = complex.step(c, first)?;
        let (c2, t2) = complex.step(c1, t1.apply(second))?;
        Some((c2, t2 * t1))
    });
    if a.is_some() && a == b { a } else { None }
}

/// One step in a chart direction: a cardinal gluing or an allowed diagonal.
fn step(complex: &Complex, c: Cell, v: Vector) -> Option<(Cell, Frame)> {
    if v.x == 0 || v.y == 0 { complex.step(c, v) } else { diagonal(complex, c, v) }
}

/// The cells of a ray on an empty board, in order.
fn ray(complex: &Complex, start: Cell, dir: Vector) -> Vec<Cell> {
    let mut states = BTreeSet::new();
    let mut cells = Vec::new();
    let (mut at, mut v) = (start, dir);
    while let Some((next, t)) = step(complex, at, v) {
        let w = t.apply(v);
        if next == start || !states.insert((next, w.x, w.y)) {
            break;
        }
        cells.push(next);
        (at, v) = (next, w);
    }
    cells
}

/// The cardinal directions, then the diagonals.
fn directions(diagonals: bool) -> Vec<Vector> {
    let cardinals = [(0, 1), (1, 0), (0, -1), (-1, 0)];
    let corners = [(1, 1), (1, -1), (-1, -1), (-1, 1)];
    let list: &[(i8, i8)] = if diagonals { &corners } else { &cardinals };
    list.iter().map(|&(x, y)| Vector::new(x, y)).collect()
}

/// Knight destinations: the eight words long, short, long in the knight's own frame.
fn knight(complex: &Complex, c: Cell) -> BTreeSet<Cell> {
    let mut out = BTreeSet::new();
    for long in directions(false) {
        for short in [Vector::new(-long.y, long.x), Vector::new(long.y, -long.x)] {
            let mut walker = Some((c, Frame::IDENTITY));
            for local in [long, short, long] {
                walker = walker.and_then(|(at, frame)| {
                    let (to, t) = complex.step(at, frame.apply(local))?;
                    Some((to, t * frame))
                });
            }
            if let Some((to, _)) = walker
                && to != c
            {
                out.insert(to);
            }
        }
    }
    out
}

/// King destinations: the eight unit steps.
fn king(complex: &Complex, c: Cell) -> BTreeSet<Cell> {
    let all = directions(false).into_iter().chain(directions(true));
    all.filter_map(|v| step(complex, c, v)).map(|(to, _)| to).filter(|&to| to != c).collect()
}

/// The facing after a route whose derivative is `t`.
fn arrival(mode: FacingMode, t: Frame, facing: Facing) -> Facing {
    match mode {
        FacingMode::Fixed => facing,
        FacingMode::Transported => match t.apply(Vector::new(0, facing.sign())).y {
            1 => Facing::Up,
            -1 => Facing::Down,
            _ => panic!("a pawn's forward direction turned sideways"),
        },
    }
}

/// A pawn's forward diagonals: the cell and the arrival facing.
fn pawn_diagonals(p: &Position, c: Cell, facing: Facing) -> Vec<(Cell, Facing)> {
    let rules = p.rules();
    [-1, 1]
        .into_iter()
        .filter_map(|x| diagonal(&rules.complex, c, Vector::new(x, facing.sign())))
        .filter(|&(to, _)| to != c)
        .map(|(to, t)| (to, arrival(rules.facing_mode, t, facing)))
        .collect()
}

/// The reference's movement on an empty board, per cell, computed once per variant by the
/// functions above.
struct Geometry {
    /// Rays: the four cardinal ones, then the four diagonal ones.
    rays: Vec<[Vec<Cell>; 8]>,
    knight: Vec<BTreeSet<Cell>>,
    king: Vec<BTreeSet<Cell>>,
}

fn geometry(p: &Position) -> &'static Geometry {
    static CACHE: [OnceLock<Geometry>; Variant::ALL.len()] = [const { OnceLock::new() }; Variant::ALL.len()];
    let v = p.variant();
    let slot = Variant::ALL.iter().position(|&w| w == v).expect("a variant");
    CACHE[slot].get_or_init(|| {
        let complex = &p.rules().complex;
        let dirs = [directions(false), directions(true)].concat();
        Geometry {
            rays: complex.cells().map(|c| std::array::from_fn(|d| ray(complex, c, dirs[d]))).collect(),
            knight: complex.cells().map(|c| knight(complex, c)).collect(),
            king: complex.cells().map(|c| king(complex, c)).collect(),
        }
    })
}

/// The cells a piece on `c` attacks on `board`.
fn attacks(p: &Position, board: &Board, c: Cell, piece: Piece) -> BTreeSet<Cell> {
    let g = geometry(p);
    let slide = |dirs: std::ops::Range<usize>| {
        let mut out = BTreeSet::new();
        for d in dirs {
            for &to in &g.rays[c.index()][d] {
                out.insert(to);
                if board[to.index()].is_some() {
                    break;
                }
            }
        }
        out
    };
    match piece.role() {
        Role::Pawn => pawn_diagonals(p, c, piece.facing().expect("a pawn's facing")).into_iter().map(|d| d.0).collect(),
        Role::Knight => g.knight[c.index()].clone(),
        Role::King => g.king[c.index()].clone(),
        Role::Bishop => slide(4..8),
        Role::Rook => slide(0..4),
        Role::Queen => slide(0..8),
    }
}

/// Whether any piece of `by` attacks `target` on `board`.
fn attacked(p: &Position, board: &Board, target: Cell, by: Color) -> bool {
    p.rules().complex.cells().any(|c| {
        board[c.index()].is_some_and(|piece| piece.color() == by && attacks(p, board, c, piece).contains(&target))
    })
}

/// The board after a pseudo-legal action (the reference's own placement of pieces).
fn after(p: &Position, board: &Board, a: Action) -> Board {
    let mut b = board.clone();
    let mover = b[a.from.index()].take().expect("a piece moves");
    let color = mover.color();
    let arrived = |facing: Facing, promotion: Option<Role>| match promotion {
        Some(role) => Piece::new(color, role),
        None => Piece::pawn(color, facing, false),
    };
    match a.kind {
        ActionKind::Piece => b[a.to.index()] = Some(mover),
        ActionKind::Pawn { facing, promotion } | ActionKind::DoubleStep { facing, promotion } => {
            b[a.to.index()] = Some(arrived(facing, promotion));
        }
        ActionKind::EnPassant { facing, promotion } => {
            let trace = p.ep_trace().expect("a trace");
            b[trace.destination.index()] = None;
            b[a.to.index()] = Some(arrived(facing, promotion));
        }
        ActionKind::Castle(side) => {
            let spec = p.rules().castle(color, side).expect("castling cells");
            let rook = b[spec.rook_from.index()].take();
            b[spec.king_to.index()] = Some(mover);
            b[spec.rook_to.index()] = rook;
        }
    }
    b
}

fn king_cell(board: &Board, color: Color) -> Cell {
    let i = board.iter().position(|q| *q == Some(Piece::new(color, Role::King))).expect("a king");
    Cell(i as u8)
}

/// The actions of the pawn on `c`, before king safety.
fn pawn_actions(p: &Position, board: &Board, c: Cell, pawn: Piece, out: &mut Vec<Action>) {
    let rules = p.rules();
    let me = pawn.color();
    let facing = pawn.facing().expect("a pawn's facing");
    let forward = |at: Cell, f: Facing| {
        rules.complex.step(at, Vector::new(0, f.sign())).map(|(to, t)| (to, arrival(rules.facing_mode, t, f)))
    };
    let mut push = |to: Cell, arriving: Facing, kind: fn(Facing, Option<Role>) -> ActionKind| {
        if rules.promotes(me, to, arriving) {
            for role in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
                out.push(Action { from: c, to, kind: kind(arriving, Some(role)) });
            }
        } else {
            out.push(Action { from: c, to, kind: kind(arriving, None) });
        }
    };
    let pawn_kind: fn(Facing, Option<Role>) -> ActionKind = |facing, promotion| ActionKind::Pawn { facing, promotion };
    if let Some((one, f1)) = forward(c, facing)
        && board[one.index()].is_none()
    {
        push(one, f1, pawn_kind);
        if pawn.unused()
            && let Some((two, f2)) = forward(one, f1)
            && two != c
            && board[two.index()].is_none()
        {
            push(two, f2, |facing, promotion| ActionKind::DoubleStep { facing, promotion });
        }
    }
    for (to, f) in pawn_diagonals(p, c, facing) {
        match board[to.index()] {
            Some(victim) if victim.color() != me && victim.role() != Role::King => push(to, f, pawn_kind),
            None if p.ep_trace().is_some_and(|t| {
                t.owner != me && t.middle == to && board[t.destination.index()].is_some_and(|v| v.color() == t.owner)
            }) =>
            {
                push(to, f, |facing, promotion| ActionKind::EnPassant { facing, promotion })
            }
            _ => {}
        }
    }
}

/// Castling: rights, the king and rook at home, the cells between empty, the king not in check,
/// not attacked on its transit or landing cell with its source vacated (rook at home), and not
/// attacked after both have moved.
fn castlings(p: &Position, board: &Board, out: &mut Vec<Action>) {
    let me = p.side_to_move();
    for side in [CastleSide::East, CastleSide::West] {
        let Some(spec) = p.rules().castle(me, side) else { continue };
        let home = board[spec.king_from.index()] == Some(Piece::new(me, Role::King))
            && board[spec.rook_from.index()] == Some(Piece::new(me, Role::Rook));
        if !p.castling().has(me, side) || !home || spec.between.iter().any(|c| board[c.index()].is_some()) {
            continue;
        }
        let king_on = |cell: Cell| {
            let mut b = board.clone();
            b[spec.king_from.index()] = None;
            b[cell.index()] = Some(Piece::new(me, Role::King));
            attacked(p, &b, cell, !me)
        };
        if attacked(p, board, spec.king_from, !me) || king_on(spec.king_transit) || king_on(spec.king_to) {
            continue;
        }
        out.push(Action { from: spec.king_from, to: spec.king_to, kind: ActionKind::Castle(side) });
    }
}

/// The legal actions of a position, by the reference rules.
pub fn legal_actions(p: &Position) -> BTreeSet<String> {
    legal(p).into_iter().map(|a| format!("{a:?}")).collect()
}

/// The legal actions as values.
pub fn legal(p: &Position) -> Vec<Action> {
    let complex = &p.rules().complex;
    if complex.charts()[0].is_level() {
        return levels::legal(p);
    }
    let board: Board = complex.cells().map(|c| p.piece_at(c)).collect();
    let me = p.side_to_move();
    let mut pseudo = Vec::new();
    for c in complex.cells() {
        let Some(piece) = board[c.index()].filter(|q| q.color() == me) else { continue };
        if piece.role() == Role::Pawn {
            pawn_actions(p, &board, c, piece, &mut pseudo);
        } else {
            for to in attacks(p, &board, c, piece) {
                if board[to.index()].is_none_or(|q| q.color() != me && q.role() != Role::King) {
                    pseudo.push(Action { from: c, to, kind: ActionKind::Piece });
                }
            }
        }
    }
    castlings(p, &board, &mut pseudo);
    let mut legal: Vec<Action> = pseudo
        .into_iter()
        .filter(|&a| {
            let b = after(p, &board, a);
            !attacked(p, &b, king_cell(&b, me), !me)
        })
        .collect();
    let mut seen = BTreeSet::new();
    legal.retain(|a| seen.insert(format!("{a:?}")));
    legal
}

/// perft by the reference generator (the library plays the actions).
pub fn perft(p: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let actions = legal(p);
    if depth == 1 {
        return actions.len() as u64;
    }
    actions
        .into_iter()
        .map(|a| {
            let mut next = p.clone();
            next.play_unchecked(a);
            perft(&next, depth - 1)
        })
        .sum()
}

/// Compares the library's legal actions with the reference's at every node of the tree to
/// `depth`; returns the leaf count, or the first position where they differ and how.
pub fn compare_tree(p: &Position, depth: u32) -> Result<u64, String> {
    if depth == 0 {
        return Ok(1);
    }
    let ours = legal_actions(p);
    let library: BTreeSet<String> = p.legal_actions().iter().map(|a| format!("{a:?}")).collect();
    if ours != library {
        let missing: Vec<&String> = ours.difference(&library).collect();
        let extra: Vec<&String> = library.difference(&ours).collect();
        return Err(format!("{}: the library lacks {missing:?} and adds {extra:?}", p.to_text()));
    }
    if depth == 1 {
        return Ok(ours.len() as u64);
    }
    let mut total = 0;
    for a in p.legal_actions() {
        let mut next = p.clone();
        next.play_unchecked(a);
        if p.complex().charts()[0].is_level() {
            let placed: Vec<_> =
                p.complex().cells().map(|c| next.piece_at(c).map(|q| (q.letter(), q.unused()))).collect();
            if placed != levels::placement_after(p, a) {
                return Err(format!("{}: the library places {a:?} differently", p.to_text()));
            }
        }
        total += compare_tree(&next, depth - 1)?;
    }
    Ok(total)
}
