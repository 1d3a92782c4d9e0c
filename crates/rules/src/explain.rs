//! Explanations: for a piece and a target cell, the legal actions that get there with their
//! routes, or the most specific reason it cannot, as data. The CLI (`surfchess explain`), the
//! app's "why not?" and the lessons all read these.

use crate::action::{Action, ActionKind};
use crate::complex::{Cell, Complex};
use crate::frame::Vector;
use crate::mesh::{Corner, Mesh};
use crate::piece::{Facing, Piece, Role};
use crate::position::Position;
use crate::route::RouteStep;
use crate::trail::{Trail, TrailEnd, TrailKind, trails};
use crate::variant::{CastleSide, CastleSpec, Variant};

/// The words only the surfaces give: the three-level boards have no seams, edges of the surface
/// kind or pawn facings.
pub(crate) const SURFACE_WORDS: [&str; 3] = ["forbidden-diagonal", "edge", "pawn-facing"];

/// The words only Strato gives: it alone restricts first moves and transfers.
pub(crate) const STRATO_WORDS: [&str; 3] = ["must-change-level", "no-capture-on-transfer", "first-move-only"];

/// What a piece on `from` can do about `to`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    /// The piece's cell.
    pub from: Cell,
    /// The target cell.
    pub to: Cell,
    /// Legal, with its actions, or the reason not.
    pub verdict: Verdict,
}

/// Legal (one entry per action: several facings or promotions are several actions) or not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The legal actions from `from` to `to`, each with the route shown for it.
    Legal(Vec<LegalMove>),
    /// Why no action goes there.
    Illegal(Reason),
}

/// A legal action and its route.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LegalMove {
    /// The action.
    pub action: Action,
    /// The cells passed, with seams crossed and the direction carried at each.
    pub route: Vec<RouteStep>,
}

/// Why a piece cannot go to a cell. The most specific reason is given: a target behind a piece is
/// `Blocked`, one that a diagonal's two disagreeing orders would reach is `ForbiddenDiagonal`, and
/// `NotAMove` only when the movement never reaches it, even on an empty board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// There is no piece on the departure cell.
    EmptySquare,
    /// The piece belongs to the player not to move.
    NotYourTurn,
    /// This piece's movement never reaches the target from here on an empty board.
    NotAMove,
    /// A piece stands in the way (for a pawn's advance, possibly on the target itself).
    Blocked(Cell),
    /// The route needs a diagonal step whose two orders disagree at a vertex (a cone point).
    ForbiddenDiagonal {
        /// The cell the diagonal would leave.
        at: Cell,
        /// The diagonal's direction in the chart of `at`.
        heading: Vector,
        /// The cells the horizontal-first and vertical-first orders reach.
        orders: [Cell; 2],
        /// The cells around the vertex (eight at a cone point).
        vertex: Vec<Cell>,
    },
    /// The route runs off an unglued edge (it would reach the target if that edge wrapped).
    Edge {
        /// The last cell before the edge.
        at: Cell,
        /// The direction that leaves the board, in the chart of `at`.
        heading: Vector,
    },
    /// The target holds one of the mover's own pieces.
    OwnPiece(Cell),
    /// The move is otherwise possible but leaves the mover's king attacked by this piece.
    LeavesKingInCheck(Cell),
    /// A castling move whose test failed.
    Castling(CastlingTest),
    /// A pawn goes that way only with the other facing.
    PawnFacing,
    /// A pawn's diagonal to an empty cell that is not the en-passant cell.
    NoCapture,
    /// The pawn's double step was used (it has moved before).
    DoubleStepUsed,
    /// Strato: a piece that has never moved must change level (castling, and in check a
    /// same-level capture of a checker or, for a piece other than the king, a block, excepted).
    MustChangeLevel,
    /// Strato: a move that changes level never captures; the enemy piece on this cell is in the way.
    NoCaptureOnTransfer(Cell),
    /// Strato: only a king's first move may add a step in the plane to its change of level.
    FirstMoveOnly,
}

/// The castling test that failed, in the order the rules apply them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CastlingTest {
    /// The king or that rook has moved (or the rook was captured): the right is gone.
    NoRight,
    /// A cell between king and rook is occupied.
    Occupied(Cell),
    /// The king is in check, from this piece.
    InCheck(Cell),
    /// The king's transit cell is attacked, by this piece.
    Transit(Cell, Cell),
    /// The king's landing cell is attacked (rook still home), by this piece.
    Landing(Cell, Cell),
    /// After both pieces move, the king is attacked by this piece.
    Final(Cell),
}

impl Reason {
    /// Every reason's word ([`Reason::word`]), in the order of the variants.
    pub const WORDS: [&'static str; 15] = [
        "empty-square",
        "not-your-turn",
        "not-a-move",
        "blocked",
        "forbidden-diagonal",
        "edge",
        "own-piece",
        "leaves-king-in-check",
        "castling",
        "pawn-facing",
        "no-capture",
        "double-step-used",
        "must-change-level",
        "no-capture-on-transfer",
        "first-move-only",
    ];

    /// The words a variant's movement family can give: the surfaces have no levels, the
    /// three-level boards no seams, edges of the surface kind or pawn facings, and only Strato
    /// restricts first moves and transfers.
    pub fn words_on(variant: Variant) -> Vec<&'static str> {
        let family = crate::family::of(variant.spec().movement);
        Reason::WORDS.into_iter().filter(|w| family.gives(w)).collect()
    }

    /// The reason's fixed first word, as `surfchess explain` prints it.
    pub fn word(&self) -> &'static str {
        match self {
            Reason::EmptySquare => "empty-square",
            Reason::NotYourTurn => "not-your-turn",
            Reason::NotAMove => "not-a-move",
            Reason::Blocked(_) => "blocked",
            Reason::ForbiddenDiagonal { .. } => "forbidden-diagonal",
            Reason::Edge { .. } => "edge",
            Reason::OwnPiece(_) => "own-piece",
            Reason::LeavesKingInCheck(_) => "leaves-king-in-check",
            Reason::Castling(_) => "castling",
            Reason::PawnFacing => "pawn-facing",
            Reason::NoCapture => "no-capture",
            Reason::DoubleStepUsed => "double-step-used",
            Reason::MustChangeLevel => "must-change-level",
            Reason::NoCaptureOnTransfer(_) => "no-capture-on-transfer",
            Reason::FirstMoveOnly => "first-move-only",
        }
    }

    /// The cells to mark as the culprit: the blocker, the attacker, the cells around the vertex,
    /// the cell at the edge, the piece a transfer may not capture.
    pub fn culprits(&self) -> Vec<Cell> {
        match self {
            Reason::Blocked(c)
            | Reason::OwnPiece(c)
            | Reason::LeavesKingInCheck(c)
            | Reason::NoCaptureOnTransfer(c) => vec![*c],
            Reason::ForbiddenDiagonal { vertex, .. } => vertex.clone(),
            Reason::Edge { at, .. } => vec![*at],
            Reason::Castling(test) => match *test {
                CastlingTest::NoRight => vec![],
                CastlingTest::Occupied(c) | CastlingTest::InCheck(c) | CastlingTest::Final(c) => vec![c],
                CastlingTest::Transit(c, a) | CastlingTest::Landing(c, a) => vec![c, a],
            },
            _ => vec![],
        }
    }

    /// Specificity: among the reasons several routes give, the highest wins.
    fn rank(&self) -> u8 {
        match self {
            Reason::EmptySquare | Reason::NotYourTurn | Reason::NotAMove => 0,
            Reason::Edge { .. } => 1,
            Reason::PawnFacing => 2,
            Reason::ForbiddenDiagonal { .. } => 3,
            Reason::NoCapture | Reason::DoubleStepUsed => 4,
            Reason::Blocked(_) => 5,
            Reason::OwnPiece(_) => 6,
            Reason::FirstMoveOnly => 7,
            Reason::NoCaptureOnTransfer(_) => 8,
            Reason::MustChangeLevel => 9,
            Reason::Castling(_) => 10,
            Reason::LeavesKingInCheck(_) => 11,
        }
    }
}

/// Collects candidate reasons and keeps the most specific.
#[derive(Default)]
pub(crate) struct Best(pub(crate) Option<Reason>);

impl Best {
    pub(crate) fn offer(&mut self, r: Reason) {
        if self.0.as_ref().is_none_or(|b| r.rank() > b.rank()) {
            self.0 = Some(r);
        }
    }
}

impl Position {
    /// Explains whether and how the piece on `from` can go to `to` now.
    pub fn explain(&self, from: Cell, to: Cell) -> Explanation {
        let verdict = match self.piece_at(from) {
            None => Verdict::Illegal(Reason::EmptySquare),
            Some(p) if p.color() != self.side_to_move() => Verdict::Illegal(Reason::NotYourTurn),
            Some(piece) => {
                let legal: Vec<LegalMove> = self
                    .legal_actions()
                    .into_iter()
                    .filter(|a| a.from == from && a.to == to)
                    .map(|action| LegalMove { action, route: self.route(action).unwrap_or_default() })
                    .collect();
                if legal.is_empty() { Verdict::Illegal(self.why_not(from, to, piece)) } else { Verdict::Legal(legal) }
            }
        };
        Explanation { from, to, verdict }
    }

    /// The most specific reason the side to move's `piece` on `from` cannot go to `to`.
    fn why_not(&self, from: Cell, to: Cell, piece: Piece) -> Reason {
        if to == from {
            return Reason::NotAMove;
        }
        self.rules.family.why_not(self, from, to, piece)
    }

    /// [`Position::why_not`] on a surface: the walks of the empty board that reach `to`, each
    /// judged, and the walks that would reach it through an edge, a cone point or the other
    /// facing.
    pub(crate) fn surface_why_not(&self, from: Cell, to: Cell, piece: Piece) -> Reason {
        let mut best = Best::default();
        if piece.role() == Role::King {
            for side in CastleSide::ALL {
                if let Some(spec) = self.rules().castle(piece.color(), side)
                    && spec.king_from == from
                    && spec.king_to == to
                {
                    best.offer(Reason::Castling(self.castling_test(side, spec)));
                }
            }
        }
        let complex = self.complex();
        let mode = self.rules().facing_mode;
        let facing = piece.facing().unwrap_or(Facing::Up);
        // An unused pawn walks its double step here; whether the flag allows it is judged below.
        let walker = if piece.role() == Role::Pawn { Piece::pawn(piece.color(), facing, true) } else { piece };
        let empty = trails(complex, mode, from, walker, facing, |_| false);
        let mut wrapped = None;
        for (i, trail) in empty.iter().enumerate() {
            match reach(trail, to) {
                Some(n) => self.judge(from, to, piece, trail, n, &mut best),
                None => {
                    if let TrailEnd::ForbiddenDiagonal { at, heading, orders } = trail.end
                        && orders.contains(&to)
                    {
                        let vertex = vertex_cells(complex, at, heading);
                        best.offer(Reason::ForbiddenDiagonal { at, heading, orders, vertex });
                    }
                    if let TrailEnd::Edge { at, heading } = trail.end {
                        let wrapped = wrapped.get_or_insert_with(|| {
                            let w = complex.wrapped();
                            trails(&w, mode, from, walker, facing, |_| false)
                        });
                        if reach(&wrapped[i], to).is_some() {
                            best.offer(Reason::Edge { at, heading });
                        }
                    }
                }
            }
        }
        if piece.role() == Role::Pawn {
            let back = Piece::pawn(piece.color(), facing.reversed(), true);
            if trails(complex, mode, from, back, facing.reversed(), |_| false).iter().any(|t| reach(t, to).is_some()) {
                best.offer(Reason::PawnFacing);
            }
        }
        best.0.unwrap_or(Reason::NotAMove)
    }

    /// Judges a walk of the empty board that reaches `to` as its step `n` against this position.
    fn judge(&self, from: Cell, to: Cell, piece: Piece, trail: &Trail, n: usize, best: &mut Best) {
        if trail.kind != TrailKind::Jump
            && let Some(c) = trail.steps[..n].iter().map(|s| s.cell).find(|&c| self.piece_at(c).is_some())
        {
            return best.offer(Reason::Blocked(c));
        }
        let occupant = self.piece_at(to);
        let kind = match trail.kind {
            TrailKind::Advance => {
                if n == 1 && !piece.unused() {
                    return best.offer(Reason::DoubleStepUsed);
                }
                if occupant.is_some() {
                    return best.offer(Reason::Blocked(to));
                }
                let routes = self.rules.tables.pawn(from, piece.facing().unwrap_or(Facing::Up));
                if n == 0 {
                    let Some((_, facing)) = routes.forward else { return };
                    ActionKind::Pawn { facing, promotion: None }
                } else {
                    let Some((_, _, facing)) = routes.double else { return };
                    ActionKind::DoubleStep { facing, promotion: None }
                }
            }
            TrailKind::Diagonal => {
                let routes = self.rules.tables.pawn(from, piece.facing().unwrap_or(Facing::Up));
                let Some((_, facing)) = routes.diagonals.into_iter().flatten().find(|&(c, _)| c == to) else {
                    return;
                };
                match occupant {
                    None if self.ep_trace().is_some_and(|t| t.owner != self.side_to_move() && t.middle == to) => {
                        ActionKind::EnPassant { facing, promotion: None }
                    }
                    None => return best.offer(Reason::NoCapture),
                    Some(_) => ActionKind::Pawn { facing, promotion: None },
                }
            }
            _ => ActionKind::Piece,
        };
        match occupant {
            Some(p) if p.color() == piece.color() => return best.offer(Reason::OwnPiece(to)),
            Some(p) if p.role() == Role::King => return best.offer(Reason::Blocked(to)),
            _ => {}
        }
        let mut action = Action { from, to, kind };
        if let Some(facing) = action.facing()
            && self.rules().promotes(piece.color(), to, facing)
        {
            action = action.with_promotion(Some(Role::Queen));
        }
        let mut next = self.clone();
        next.play_unchecked(action);
        let me = piece.color();
        if let Some(&attacker) = next.attackers(next.king(me), !me, None).first() {
            best.offer(Reason::LeavesKingInCheck(attacker));
        }
    }

    /// The first castling test that fails for the side to move on `side`.
    pub(crate) fn castling_test(&self, side: CastleSide, spec: &CastleSpec) -> CastlingTest {
        self.castling_failure(side, spec).unwrap_or(CastlingTest::NoRight)
    }

    /// The first castling test that fails for the side to move on `side`; `None` when ordinary
    /// castling is legal.
    pub(crate) fn castling_failure(&self, side: CastleSide, spec: &CastleSpec) -> Option<CastlingTest> {
        let me = self.side_to_move();
        if !self.castling().has(me, side) || self.king(me) != spec.king_from {
            return Some(CastlingTest::NoRight);
        }
        if let Some(c) = spec.between.iter().find(|&c| self.piece_at(c).is_some()) {
            return Some(CastlingTest::Occupied(c));
        }
        let attacker = |cell: Cell| self.attackers(cell, !me, Some(spec.king_from)).first().copied();
        if let Some(a) = attacker(spec.king_from) {
            return Some(CastlingTest::InCheck(a));
        }
        if let Some(a) = attacker(spec.king_transit) {
            return Some(CastlingTest::Transit(spec.king_transit, a));
        }
        if let Some(a) = attacker(spec.king_to) {
            return Some(CastlingTest::Landing(spec.king_to, a));
        }
        let mut next = self.clone();
        next.play_unchecked(Action { from: spec.king_from, to: spec.king_to, kind: ActionKind::Castle(side) });
        next.attackers(next.king(me), !me, None).first().map(|&a| CastlingTest::Final(a))
    }
}

/// The step of a walk at which it reaches `to` as a destination.
fn reach(trail: &Trail, to: Cell) -> Option<usize> {
    match trail.kind {
        TrailKind::Jump | TrailKind::Diagonal | TrailKind::Step => {
            let destination = trail.destinations().first()?;
            (destination.cell == to).then(|| trail.steps.len() - 1)
        }
        TrailKind::Slide | TrailKind::Advance => trail.steps.iter().position(|s| s.cell == to),
    }
}

/// The cells around the vertex at the corner of `at` that `heading` (a diagonal) points to.
fn vertex_cells(complex: &Complex, at: Cell, heading: Vector) -> Vec<Cell> {
    let corner = match (heading.x > 0, heading.y > 0) {
        (false, false) => Corner::SouthWest,
        (true, false) => Corner::SouthEast,
        (true, true) => Corner::NorthEast,
        (false, true) => Corner::NorthWest,
    };
    let mesh = Mesh::of(complex);
    let id = mesh.corners[at.index()][corner as usize];
    complex.cells().filter(|c| mesh.corners[c.index()].contains(&id)).collect()
}

/// Each of [`Vector::ALL`]'s directions by its compass name and in words.
const DIRECTION_NAMES: [(&str, &str); 8] = [
    ("north", "up"),
    ("east", "right"),
    ("south", "down"),
    ("west", "left"),
    ("northeast", "up-right"),
    ("southeast", "down-right"),
    ("southwest", "down-left"),
    ("northwest", "up-left"),
];

/// The names of a unit chart direction (none for the zero vector).
fn names(v: Vector) -> Option<(&'static str, &'static str)> {
    Vector::ALL.iter().position(|&u| u == v).map(|i| DIRECTION_NAMES[i])
}

/// A chart direction in words: up, down-left, …
pub fn direction_words(v: Vector) -> &'static str {
    names(v).map_or("nowhere", |(_, words)| words)
}

/// A compass name for a chart direction: north, northeast, east, …
pub fn compass(v: Vector) -> &'static str {
    names(v).map_or("none", |(compass, _)| compass)
}

impl Explanation {
    /// The lines `surfchess explain` prints: `legal <action> route <cells…>` per action, or one
    /// `illegal <reason> <details…>` line. The first two words are fixed for tools to read.
    pub fn lines(&self, p: &Position) -> Vec<String> {
        let complex = p.complex();
        let names =
            |cells: &mut dyn Iterator<Item = Cell>| cells.map(|c| complex.name(c)).collect::<Vec<_>>().join(" ");
        match &self.verdict {
            Verdict::Legal(moves) => moves
                .iter()
                .map(|m| {
                    let mut cells = std::iter::once(self.from).chain(m.route.iter().map(|s| s.cell));
                    let mut line = format!("legal {} route {}", p.notation(m.action), names(&mut cells));
                    let seams: Vec<String> = seam_pairs(self.from, &m.route)
                        .map(|(a, b)| format!("{}>{}", complex.name(a), complex.name(b)))
                        .collect();
                    if !seams.is_empty() {
                        line += &format!(" seams {}", seams.join(" "));
                    }
                    if let Some(f) = m.action.facing() {
                        line += &format!(" facing {}", if f == Facing::Up { "up" } else { "down" });
                    }
                    line
                })
                .collect(),
            Verdict::Illegal(reason) => {
                let details = match reason {
                    Reason::Blocked(c)
                    | Reason::OwnPiece(c)
                    | Reason::LeavesKingInCheck(c)
                    | Reason::NoCaptureOnTransfer(c) => complex.name(*c),
                    Reason::ForbiddenDiagonal { vertex, .. } => names(&mut vertex.iter().copied()),
                    Reason::Edge { at, heading } => format!("{} {}", complex.name(*at), compass(*heading)),
                    Reason::Castling(test) => match *test {
                        CastlingTest::NoRight => "no-right".into(),
                        CastlingTest::Occupied(c) => format!("occupied {}", complex.name(c)),
                        CastlingTest::InCheck(a) => format!("in-check {}", complex.name(a)),
                        CastlingTest::Transit(c, a) => format!("transit {} {}", complex.name(c), complex.name(a)),
                        CastlingTest::Landing(c, a) => format!("landing {} {}", complex.name(c), complex.name(a)),
                        CastlingTest::Final(a) => format!("final {}", complex.name(a)),
                    },
                    _ => String::new(),
                };
                vec![format!("illegal {} {details}", reason.word()).trim_end().to_string()]
            }
        }
    }

    /// The explanation in words, for the panel.
    pub fn sentence(&self, p: &Position) -> String {
        let complex = p.complex();
        let name = |c: Cell| complex.name(c);
        let what = |c: Cell| {
            p.piece_at(c).map_or_else(|| "nothing".to_string(), |q| format!("{} {}", q.color().name(), q.role().name()))
        };
        let mover = what(self.from);
        let (from, to) = (name(self.from), name(self.to));
        let reason = match &self.verdict {
            Verdict::Legal(moves) => {
                let seams = moves.iter().any(|m| m.route.iter().any(|s| s.seam));
                let through = if seams { " through a seam" } else { "" };
                return format!("The {mover} on {from} can go to {to}{through}.");
            }
            Verdict::Illegal(r) => r,
        };
        match reason {
            Reason::EmptySquare => format!("There is no piece on {from}."),
            Reason::NotYourTurn => {
                format!("It is {}'s turn; the {mover} on {from} must wait.", p.side_to_move().name())
            }
            Reason::NotAMove => format!("The {mover} on {from} never reaches {to}, even on an empty board."),
            Reason::Blocked(c) if *c == self.to => {
                format!("A pawn moves straight only onto an empty cell; {to} is occupied.")
            }
            Reason::Blocked(c) => format!("The {} on {} is in the way.", what(*c), name(*c)),
            Reason::ForbiddenDiagonal { at, heading, orders, .. } => format!(
                "The diagonal step {} from {} meets a cone point: going across then along reaches {}, along then \
                 across reaches {}, so that diagonal does not exist.",
                direction_words(*heading),
                name(*at),
                name(orders[0]),
                name(orders[1])
            ),
            Reason::Edge { at, heading } => format!(
                "The way to {to} runs off the board at {} going {}: that edge is not glued to anything.",
                name(*at),
                direction_words(*heading)
            ),
            Reason::OwnPiece(c) => format!("{} holds your own {}.", name(*c), what(*c)),
            Reason::LeavesKingInCheck(a) => {
                format!("That would leave your king attacked by the {} on {}.", what(*a), name(*a))
            }
            Reason::Castling(test) => match *test {
                CastlingTest::NoRight => "Castling is gone: the king or that rook has moved.".into(),
                CastlingTest::Occupied(c) => format!("Castling needs {} empty.", name(c)),
                CastlingTest::InCheck(a) => format!("No castling out of check (the {} on {}).", what(a), name(a)),
                CastlingTest::Transit(c, a) | CastlingTest::Landing(c, a) => {
                    format!("The king would pass or land on {}, attacked by the {} on {}.", name(c), what(a), name(a))
                }
                CastlingTest::Final(a) => format!("After castling the {} on {} attacks the king.", what(a), name(a)),
            },
            Reason::PawnFacing => {
                let facing = p.piece_at(self.from).and_then(|q| q.facing()).unwrap_or(Facing::Up);
                let (now, other) = if facing == Facing::Up { ("up", "down") } else { ("down", "up") };
                format!("This pawn faces {now}; it could reach {to} only facing {other}.")
            }
            Reason::NoCapture => format!("A pawn {} only to capture, and {to} is empty.", p.rules.family.capture_way()),
            Reason::DoubleStepUsed => "This pawn has moved before: its double step is used.".into(),
            Reason::MustChangeLevel => {
                let exception = if p.piece_at(self.from).is_some_and(|q| q.role() == Role::King) {
                    "castling, or in check a capture of the checker on its level"
                } else {
                    "in check, a capture of the checker or a block on its level"
                };
                format!(
                    "The {mover} on {from} has not moved yet: its first move must change level (except {exception})."
                )
            }
            Reason::NoCaptureOnTransfer(c) => {
                format!("A move that changes level never captures, and {} holds the {}.", name(*c), what(*c))
            }
            Reason::FirstMoveOnly => {
                "This king has moved before: only a king's first move may add a step on the new level.".into()
            }
        }
    }
}

/// The consecutive cells of a route whose step crossed a seam.
fn seam_pairs(from: Cell, route: &[RouteStep]) -> impl Iterator<Item = (Cell, Cell)> + '_ {
    std::iter::once(from)
        .chain(route.iter().map(|s| s.cell))
        .zip(route.iter())
        .filter(|(_, s)| s.seam)
        .map(|(a, s)| (a, s.cell))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_word_list_holds_every_reason_once() {
        let (c, v) = (Cell(0), Vector::new(1, 1));
        let reasons = [
            Reason::EmptySquare,
            Reason::NotYourTurn,
            Reason::NotAMove,
            Reason::Blocked(c),
            Reason::ForbiddenDiagonal { at: c, heading: v, orders: [c, c], vertex: vec![] },
            Reason::Edge { at: c, heading: v },
            Reason::OwnPiece(c),
            Reason::LeavesKingInCheck(c),
            Reason::Castling(CastlingTest::NoRight),
            Reason::PawnFacing,
            Reason::NoCapture,
            Reason::DoubleStepUsed,
            Reason::MustChangeLevel,
            Reason::NoCaptureOnTransfer(c),
            Reason::FirstMoveOnly,
        ];
        assert_eq!(reasons.map(|r| r.word()), Reason::WORDS);
    }
}
