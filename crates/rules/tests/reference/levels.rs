//! The reference for the three-level boards, written again from `peer-gg3-strato-chess3.md` and
//! `gg3-movement-tables.md` on plain `(file, rank, level)` coordinates: Strato's same-level chess,
//! transfers, first-move rule and castling with the joint transfer; Chess³'s displacements, pawns
//! and castling; en passant, promotion, and king safety by the opponent's attacks generated
//! forwards on the reference's own board after its own placement of the pieces.

use std::collections::BTreeSet;
use surface_chess_rules::{Action, ActionKind, CastleSide, Cell, Color, Coord, Piece, Position, Role, Variant};

type Board = Vec<Option<Piece>>;
type At = (i8, i8, i8);

fn at(p: &Position, c: Cell) -> At {
    let co = p.complex().coord(c);
    (co.file as i8, co.rank as i8, co.chart as i8)
}

fn cell(p: &Position, (f, r, l): At) -> Option<Cell> {
    if !(0..8).contains(&f) || !(0..8).contains(&r) || !(0..3).contains(&l) {
        return None;
    }
    p.complex().cell_at(Coord { chart: l as u8, file: f as u8, rank: r as u8 })
}

fn add((f, r, l): At, (a, b, c): At, k: i8) -> At {
    (f + a * k, r + b * k, l + c * k)
}

/// All displacements with coordinates in −n..=n, except zero.
fn cube(n: i8) -> Vec<At> {
    let mut out = Vec::new();
    for a in -n..=n {
        for b in -n..=n {
            for c in -n..=n {
                if (a, b, c) != (0, 0, 0) {
                    out.push((a, b, c));
                }
            }
        }
    }
    out
}

fn strato(p: &Position) -> bool {
    p.variant() == Variant::Strato
}

/// The cells a piece attacks (captures on if an enemy stood there) on `board`.
fn attacks(p: &Position, board: &Board, c: Cell, piece: Piece) -> Vec<Cell> {
    let from = at(p, c);
    let forward = if piece.color() == Color::White { 1 } else { -1 };
    let planar_only = strato(p);
    let mut out = Vec::new();
    let mut slide = |d: At| {
        let mut k = 1;
        while let Some(to) = cell(p, add(from, d, k)) {
            out.push(to);
            if board[to.index()].is_some() {
                break;
            }
            k += 1;
        }
    };
    let nonzero = |(a, b, c): At| [a, b, c].iter().filter(|x| **x != 0).count();
    match piece.role() {
        Role::Pawn => {
            let mut d = vec![(-1, forward, 0), (1, forward, 0)];
            if !planar_only {
                for l in [-1, 1] {
                    for f in [-1, 0, 1] {
                        d.push((f, forward, l));
                    }
                }
            }
            return d.into_iter().filter_map(|d| cell(p, add(from, d, 1))).collect();
        }
        Role::Knight => {
            return cube(2)
                .into_iter()
                .filter(|&(a, b, c)| {
                    let mut v = [a.abs(), b.abs(), c.abs()];
                    v.sort();
                    v == [0, 1, 2] && (!planar_only || c == 0)
                })
                .filter_map(|d| cell(p, add(from, d, 1)))
                .collect();
        }
        Role::King => {
            return cube(1)
                .into_iter()
                .filter(|d| !planar_only || d.2 == 0)
                .filter_map(|d| cell(p, add(from, d, 1)))
                .collect();
        }
        role => {
            for d in cube(1) {
                let n = nonzero(d);
                let ok = match role {
                    Role::Rook => n == 1,
                    Role::Bishop => (n == 2 && d.2 == 0) || n == 3,
                    _ => true,
                };
                if ok && (!planar_only || d.2 == 0) {
                    slide(d);
                }
            }
        }
    }
    out
}

fn attacked(p: &Position, board: &Board, target: Cell, by: Color) -> bool {
    p.complex()
        .cells()
        .any(|c| board[c.index()].is_some_and(|q| q.color() == by && attacks(p, board, c, q).contains(&target)))
}

fn king_of(board: &Board, color: Color) -> Cell {
    Cell(board.iter().position(|q| q.is_some_and(|q| q.color() == color && q.role() == Role::King)).unwrap() as u8)
}

/// The board after an action, by the reference's own placement.
fn after(p: &Position, board: &Board, a: Action) -> Board {
    let mut b = board.clone();
    let mover = b[a.from.index()].take().unwrap();
    let color = mover.color();
    let moved = |q: Piece| q.with_unused(false);
    match a.kind {
        ActionKind::Piece => b[a.to.index()] = Some(moved(mover)),
        ActionKind::Pawn { facing, promotion }
        | ActionKind::DoubleStep { facing, promotion }
        | ActionKind::EnPassant { facing, promotion } => {
            if let ActionKind::EnPassant { .. } = a.kind {
                let (f, r, l) = at(p, a.to);
                let behind = cell(p, (f, r - if color == Color::White { 1 } else { -1 }, l)).unwrap();
                b[behind.index()] = None;
            }
            b[a.to.index()] = Some(match promotion {
                Some(role) => Piece::new(color, role),
                None => Piece::pawn(color, facing, false),
            });
        }
        ActionKind::Castle(side) => {
            let (kf, kr, kl) = at(p, a.from);
            let (_, _, tl) = at(p, a.to);
            let (rook_file, rook_to) = if side == CastleSide::East { (7, 5) } else { (0, 3) };
            let rook = b[cell(p, (rook_file, kr, kl)).unwrap().index()].take().unwrap();
            b[a.to.index()] = Some(moved(mover));
            b[cell(p, (rook_to, kr, tl)).unwrap().index()] = Some(moved(rook));
            let _ = kf;
        }
    }
    b
}

/// Pushes a pawn action, spelled out for each promotion piece on the far rank.
fn push_pawn(p: &Position, out: &mut Vec<Action>, from: Cell, to: Cell, double: bool) {
    let color = p.side_to_move();
    let facing = color.home_facing();
    let far = if color == Color::White { 7 } else { 0 };
    if at(p, to).1 == far {
        for role in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
            out.push(Action { from, to, kind: ActionKind::Pawn { facing, promotion: Some(role) } });
        }
    } else if double {
        out.push(Action { from, to, kind: ActionKind::DoubleStep { facing, promotion: None } });
    } else {
        out.push(Action { from, to, kind: ActionKind::Pawn { facing, promotion: None } });
    }
}

/// Pawn actions before king safety.
fn pawn(p: &Position, board: &Board, c: Cell, piece: Piece, out: &mut Vec<Action>) {
    let me = piece.color();
    let fwd = if me == Color::White { 1 } else { -1 };
    let from = at(p, c);
    let empty = |a: At| cell(p, a).filter(|t| board[t.index()].is_none());
    // Quiet: forward on the level (both), vertical (Chess³), forward plus one level (Strato).
    if let Some(one) = empty(add(from, (0, fwd, 0), 1)) {
        push_pawn(p, out, c, one, false);
        if piece.unused()
            && let Some(two) = empty(add(from, (0, fwd, 0), 2))
        {
            push_pawn(p, out, c, two, true);
        }
    }
    for l in [-1, 1] {
        let Some(_) = empty(add(from, (0, 0, l), 1)) else { continue };
        if strato(p) {
            let side = add(from, (0, 0, l), 1);
            if let Some(one) = empty(add(side, (0, fwd, 0), 1)) {
                push_pawn(p, out, c, one, false);
                if piece.unused()
                    && let Some(two) = empty(add(side, (0, fwd, 0), 2))
                {
                    push_pawn(p, out, c, two, false);
                }
            }
        } else {
            push_pawn(p, out, c, cell(p, add(from, (0, 0, l), 1)).unwrap(), false);
            if piece.unused()
                && let Some(two) = empty(add(from, (0, 0, l), 2))
            {
                push_pawn(p, out, c, two, false);
            }
        }
    }
    for to in attacks(p, board, c, piece) {
        match board[to.index()] {
            Some(q) if q.color() != me && q.role() != Role::King => push_pawn(p, out, c, to, false),
            None if at(p, to).2 == from.2 && p.ep_trace().is_some_and(|t| t.owner != me && t.middle == to) => {
                out.push(Action {
                    from: c,
                    to,
                    kind: ActionKind::EnPassant { facing: me.home_facing(), promotion: None },
                });
            }
            _ => {}
        }
    }
}

/// Strato transfers of non-pawns before king safety: never a capture, every passed cell empty.
fn transfers(p: &Position, board: &Board, c: Cell, piece: Piece, out: &mut Vec<Action>) {
    let from = at(p, c);
    let empty = |a: At| cell(p, a).filter(|t| board[t.index()].is_none());
    let mut push = |to: Cell| out.push(Action { from: c, to, kind: ActionKind::Piece });
    let column = |levels: i8| {
        (1..=levels.abs()).try_fold(from, |_, k| empty(add(from, (0, 0, levels.signum()), k)).map(|t| at(p, t)))
    };
    match piece.role() {
        Role::Knight => {
            for levels in [-2, -1, 1, 2] {
                let Some(top) = column(levels) else { continue };
                for (a, b) in [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)] {
                    if let Some(to) = empty(add(top, (a, b, 0), 1)) {
                        push(to);
                    }
                }
            }
        }
        Role::King => {
            for levels in [-1, 1] {
                let Some(top) = column(levels) else { continue };
                push(cell(p, top).unwrap());
                if piece.unused() {
                    for d in cube(1).into_iter().filter(|d| d.2 == 0) {
                        if let Some(to) = empty(add(top, d, 1)) {
                            push(to);
                        }
                    }
                }
            }
        }
        role => {
            let mut lines = Vec::new();
            if matches!(role, Role::Rook | Role::Queen) {
                lines.extend([(0, 0, 1), (0, 0, -1)]);
            }
            if matches!(role, Role::Bishop | Role::Queen) {
                lines.extend(cube(1).into_iter().filter(|&(a, b, c)| a != 0 && b != 0 && c != 0));
            }
            for d in lines {
                for k in 1..=2 {
                    let Some(to) = empty(add(from, d, k)) else { break };
                    push(to);
                }
            }
        }
    }
}

/// Castling (and in Strato its joint transfer) with every safety test.
fn castlings(p: &Position, board: &Board, out: &mut Vec<Action>) {
    let me = p.side_to_move();
    let (rank, level) = if me == Color::White { (0, 0) } else { (7, 2) };
    let king = cell(p, (4, rank, level)).unwrap();
    for (side, rook_file, king_file, transit) in [(CastleSide::East, 7, 6, 5), (CastleSide::West, 0, 2, 3)] {
        let rook = cell(p, (rook_file, rank, level)).unwrap();
        let original = |c: Cell, role| board[c.index()] == Some(Piece::new(me, role).with_unused(true));
        let (lo, hi) = (rook_file.min(4) + 1, rook_file.max(4));
        let clear = (lo..hi).all(|f| board[cell(p, (f, rank, level)).unwrap().index()].is_none());
        if !original(king, Role::King) || !original(rook, Role::Rook) || !clear {
            continue;
        }
        let safe_on = |f: i8| {
            let mut b = board.clone();
            b[king.index()] = None;
            let c = cell(p, (f, rank, level)).unwrap();
            b[c.index()] = Some(Piece::new(me, Role::King));
            !attacked(p, &b, c, !me)
        };
        if attacked(p, board, king, !me) || !safe_on(transit) || !safe_on(king_file) {
            continue;
        }
        let castle = |to: Cell| Action { from: king, to, kind: ActionKind::Castle(side) };
        let plain = castle(cell(p, (king_file, rank, level)).unwrap());
        let b = after(p, board, plain);
        if attacked(p, &b, king_of(&b, me), !me) {
            continue;
        }
        out.push(plain);
        if strato(p) {
            for l in [level - 1, level + 1] {
                let (Some(k), Some(r)) = (cell(p, (king_file, rank, l)), cell(p, (transit, rank, l))) else { continue };
                if board[k.index()].is_none() && board[r.index()].is_none() {
                    out.push(castle(k));
                }
            }
        }
    }
}

/// The legal actions of a three-level position, by the reference rules.
pub fn legal(p: &Position) -> Vec<Action> {
    let board: Board = p.complex().cells().map(|c| p.piece_at(c)).collect();
    let me = p.side_to_move();
    let mut pseudo = Vec::new();
    for c in p.complex().cells() {
        let Some(piece) = board[c.index()].filter(|q| q.color() == me) else { continue };
        if piece.role() == Role::Pawn {
            pawn(p, &board, c, piece, &mut pseudo);
            continue;
        }
        for to in attacks(p, &board, c, piece) {
            if board[to.index()].is_none_or(|q| q.color() != me && q.role() != Role::King) {
                pseudo.push(Action { from: c, to, kind: ActionKind::Piece });
            }
        }
        if strato(p) {
            transfers(p, &board, c, piece, &mut pseudo);
        }
    }
    castlings(p, &board, &mut pseudo);
    let checkers: Vec<Cell> = p
        .complex()
        .cells()
        .filter(|&c| {
            board[c.index()].is_some_and(|q| q.color() != me && attacks(p, &board, c, q).contains(&king_of(&board, me)))
        })
        .collect();
    let mut out: Vec<Action> = pseudo
        .into_iter()
        .filter(|&a| {
            let b = after(p, &board, a);
            !attacked(p, &b, king_of(&b, me), !me)
        })
        .filter(|a| {
            // Strato: a first move changes level, except castling and, in check, a same-level
            // capture of a checker or (not by the king) a block.
            let piece = board[a.from.index()].unwrap();
            let same = at(p, a.from).2 == at(p, a.to).2;
            !strato(p)
                || !piece.unused()
                || !same
                || matches!(a.kind, ActionKind::Castle(_))
                || (!checkers.is_empty() && (piece.role() != Role::King || checkers.contains(&a.to)))
        })
        .collect();
    let mut seen = BTreeSet::new();
    out.retain(|a| seen.insert(format!("{a:?}")));
    out
}

/// The board the reference expects after the library plays `a`, as position-text placement
/// tokens per cell (piece letter and never-moved mark).
pub fn placement_after(p: &Position, a: Action) -> Vec<Option<(char, bool)>> {
    let board: Board = p.complex().cells().map(|c| p.piece_at(c)).collect();
    after(p, &board, a).into_iter().map(|q| q.map(|q| (q.letter(), q.unused()))).collect()
}
