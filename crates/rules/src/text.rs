//! Positions as text: a FEN-style line that round-trips every state field of every variant, and
//! reads and writes standard FEN on the `chess` variant.
//!
//! Fields: `placement side castling ep halfmove ply` (`fullmove` instead of `ply` on `chess`).
//! * placement: ranks from the top, `/` between ranks, `|` between charts (I then II); digits count
//!   empty cells. On boards that transport pawn facing every pawn carries `+` (facing up) or `-`;
//!   on boards other than `chess` a pawn with its unused double step carries `*` (`P+*`, `p-*`).
//! * castling: `-` or letters from `KQkq` (K = White east, Q = White west).
//! * ep: `-`, the middle cell on `chess` and the three-level boards (`2e3`), else
//!   `source-middle-destination` of the trace.
//! * The three-level boards (`strato`, `chess3`): levels 1 to 3 separated by `|`, cells named with
//!   their level (`2e4`), and `*` after every piece that has never moved (Strato's first-move rule,
//!   the pawns' double step, castling); the castling letters must agree with the marks.
//! * ply: halfmoves since the game's start. Standard FEN on `chess` has the fullmove number
//!   instead, `1 + ply/2`, and the ply read back is `2·(fullmove − 1)`, plus one when Black is to
//!   move (so a flat-board position cannot hold a ply whose parity disagrees with the side).

use crate::complex::{Cell, Complex, Coord};
use crate::piece::{Color, Facing, Piece, Role};
use crate::position::{CastlingRights, EpTrace, Position};
use crate::quote::Quoted;
use crate::tables::FacingMode;
use crate::variant::{CastleSide, Variant, VariantRules};
use crate::variants::TextStyle;
use std::fmt;

/// A text field of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// The whole line (wrong number of fields).
    Line,
    /// Piece placement.
    Placement,
    /// Side to move.
    Side,
    /// Castling rights.
    Castling,
    /// En-passant trace.
    EnPassant,
    /// Halfmove counter.
    Halfmove,
    /// Ply count (fullmove number on `chess`).
    Ply,
    /// The position as a whole (kings, checks).
    Legality,
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Field::Line => "line",
            Field::Placement => "placement",
            Field::Side => "side to move",
            Field::Castling => "castling",
            Field::EnPassant => "en passant",
            Field::Halfmove => "halfmove",
            Field::Ply => "ply",
            Field::Legality => "position",
        })
    }
}

/// Malformed or impossible position text: which field and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad position text, {field} field: {reason}")]
pub struct ParsePositionError {
    /// The field at fault.
    pub field: Field,
    /// What is wrong (user text in it is escaped and cut).
    pub reason: String,
}

/// The largest halfmove or ply count a position text may give.
pub const MAX_COUNTER: u32 = 100_000_000;

fn err<T>(field: Field, reason: impl Into<String>) -> Result<T, ParsePositionError> {
    Err(ParsePositionError { field, reason: reason.into() })
}

fn standard_fen(rules: &VariantRules) -> bool {
    rules.spec.text == TextStyle::Fen
}

/// The three-level boards' text: `*` on every never-moved piece.
fn levels(rules: &VariantRules) -> bool {
    rules.spec.text == TextStyle::Levels
}

/// Whether the ep field is the middle cell alone (FEN and the three-level boards).
fn ep_by_middle(rules: &VariantRules) -> bool {
    rules.spec.text != TextStyle::Surface
}

/// Writes a position in the text format.
pub fn write_position(p: &Position) -> String {
    let rules = p.rules();
    let complex = &rules.complex;
    let mut charts = Vec::new();
    for (ci, chart) in complex.charts().iter().enumerate() {
        let mut ranks = Vec::new();
        for rank in (0..chart.height).rev() {
            let mut row = String::new();
            let mut empty = 0;
            for file in 0..chart.width {
                let cell = complex.cell_at(Coord { chart: ci as u8, file, rank }).expect("on the chart");
                match p.piece_at(cell) {
                    None => empty += 1,
                    Some(piece) => {
                        if empty > 0 {
                            row.push_str(&empty.to_string());
                            empty = 0;
                        }
                        row.push_str(&piece_token(rules, piece));
                    }
                }
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            ranks.push(row);
        }
        charts.push(ranks.join("/"));
    }
    let side = if p.side_to_move() == Color::White { "w" } else { "b" };
    let mut castling = String::new();
    for (color, side, ch) in CASTLE_LETTERS {
        if p.castling().has(color, side) {
            castling.push(ch);
        }
    }
    if castling.is_empty() {
        castling.push('-');
    }
    let ep = match p.ep_trace() {
        None => "-".to_owned(),
        Some(t) if ep_by_middle(rules) => complex.name(t.middle),
        Some(t) => format!("{}-{}-{}", complex.name(t.source), complex.name(t.middle), complex.name(t.destination)),
    };
    let counter = if standard_fen(rules) { p.fullmove() } else { p.ply() };
    format!("{} {side} {castling} {ep} {} {counter}", charts.join("|"), p.halfmove())
}

const CASTLE_LETTERS: [(Color, CastleSide, char); 4] = [
    (Color::White, CastleSide::East, 'K'),
    (Color::White, CastleSide::West, 'Q'),
    (Color::Black, CastleSide::East, 'k'),
    (Color::Black, CastleSide::West, 'q'),
];

fn piece_token(rules: &VariantRules, piece: Piece) -> String {
    let mut token = piece.letter().to_string();
    if let Some(facing) = piece.facing()
        && rules.facing_mode == FacingMode::Transported
    {
        token.push(if facing == Facing::Up { '+' } else { '-' });
    }
    if piece.unused() && !standard_fen(rules) {
        token.push('*');
    }
    token
}

/// Parses a position of `variant` from the text format, checking that it is a legal state.
pub fn parse_position(variant: Variant, text: &str) -> Result<Position, ParsePositionError> {
    let rules = variant.rules();
    let fields: Vec<&str> = text.split_whitespace().collect();
    if !(fields.len() == 6 || (fields.len() == 4 && standard_fen(rules))) {
        return err(Field::Line, format!("expected 6 space-separated fields, found {}", fields.len()));
    }
    let placement = parse_placement(rules, fields[0])?;
    let side = match fields[1] {
        "w" => Color::White,
        "b" => Color::Black,
        other => return err(Field::Side, format!("expected 'w' or 'b', found {}", Quoted(other))),
    };
    let castling = parse_castling(rules, fields[2], &placement)?;
    let halfmove = match fields.get(4) {
        Some(s) => match s.parse::<u32>().ok().filter(|&n| n <= MAX_COUNTER) {
            Some(n) => n,
            None => return err(Field::Halfmove, format!("{} is not a count up to {MAX_COUNTER}", Quoted(s))),
        },
        None => 0,
    };
    let ply = match (fields.get(5), standard_fen(rules)) {
        (None, _) => u32::from(side == Color::Black),
        (Some(s), true) => match s.parse::<u32>().ok().filter(|&n| (1..=MAX_COUNTER / 2).contains(&n)) {
            Some(fullmove) => 2 * (fullmove - 1) + u32::from(side == Color::Black),
            None => {
                return err(Field::Ply, format!("{} is not a move number from 1 to {}", Quoted(s), MAX_COUNTER / 2));
            }
        },
        (Some(s), false) => match s.parse::<u32>().ok().filter(|&n| n <= MAX_COUNTER) {
            Some(ply) => ply,
            None => return err(Field::Ply, format!("{} is not a ply count up to {MAX_COUNTER}", Quoted(s))),
        },
    };
    let probe = Position::from_parts(rules, &placement, side, castling, None, halfmove, ply);
    let ep = parse_ep(rules, fields[3], &probe)?;
    let position = Position::from_parts(rules, &placement, side, castling, ep, halfmove, ply);
    if position.is_attacked(position.king(!side), side) {
        return err(Field::Legality, format!("{} is in check but it is {}'s turn", (!side).name(), side.name()));
    }
    Ok(position)
}

fn parse_placement(rules: &VariantRules, text: &str) -> Result<Vec<(Cell, Piece)>, ParsePositionError> {
    let complex = &rules.complex;
    let charts: Vec<&str> = text.split('|').collect();
    if charts.len() != complex.charts().len() {
        return err(
            Field::Placement,
            format!("expected {} chart(s) separated by '|', found {}", complex.charts().len(), charts.len()),
        );
    }
    let mut placement = Vec::new();
    let mut kings = [0; 2];
    for (ci, (chart_text, chart)) in charts.iter().zip(complex.charts()).enumerate() {
        let ranks: Vec<&str> = chart_text.split('/').collect();
        if ranks.len() != usize::from(chart.height) {
            return err(Field::Placement, format!("expected {} ranks, found {}", chart.height, ranks.len()));
        }
        for (row, rank_text) in ranks.iter().enumerate() {
            let rank = chart.height - 1 - row as u8;
            let mut file: u32 = 0;
            let mut chars = rank_text.chars().peekable();
            let where_ = |file: u32| format!("rank {} of chart {} (file {})", rank + 1, ci + 1, u64::from(file) + 1);
            while let Some(ch) = chars.next() {
                if let Some(d) = ch.to_digit(10) {
                    let mut n = d;
                    while let Some(d2) = chars.peek().and_then(|c| c.to_digit(10)) {
                        n = n.saturating_mul(10).saturating_add(d2);
                        chars.next();
                    }
                    if n == 0 || n > u32::from(chart.width) - file.min(u32::from(chart.width)) {
                        return err(Field::Placement, format!("an empty run of {n} does not fit {}", where_(file)));
                    }
                    file += n;
                    continue;
                }
                let Some(role) = Role::from_letter(ch) else {
                    let piece = Quoted(ch.encode_utf8(&mut [0; 4])).to_string();
                    return err(Field::Placement, format!("unknown piece {piece} in {}", where_(file)));
                };
                let color = if ch.is_ascii_uppercase() { Color::White } else { Color::Black };
                let cell = complex.cell_at(Coord { chart: ci as u8, file: file.min(255) as u8, rank });
                let Some(cell) = cell else {
                    return err(Field::Placement, format!("too many cells in {}", where_(file)));
                };
                let piece = if role == Role::Pawn {
                    parse_pawn(rules, color, cell, &mut chars).map_err(|reason| ParsePositionError {
                        field: Field::Placement,
                        reason: format!("{reason} for the pawn on {}", complex.name(cell)),
                    })?
                } else if levels(rules) && chars.peek() == Some(&'*') {
                    chars.next();
                    Piece::new(color, role).with_unused(true)
                } else {
                    Piece::new(color, role)
                };
                if levels(rules) && piece.unused() && !rules.setup.contains(&(cell, piece)) {
                    let reason = format!(
                        "{} on {} is marked '*' (never moved) but does not start there",
                        piece.letter(),
                        complex.name(cell)
                    );
                    return err(Field::Placement, reason);
                }
                if role == Role::King {
                    kings[color.index()] += 1;
                }
                placement.push((cell, piece));
                file += 1;
            }
            if file != u32::from(chart.width) {
                return err(Field::Placement, format!("{} has {file} cells, expected {}", where_(file), chart.width));
            }
        }
    }
    for color in Color::ALL {
        if kings[color.index()] != 1 {
            return err(
                Field::Placement,
                format!("{} has {} kings, expected exactly 1", color.name(), kings[color.index()]),
            );
        }
    }
    Ok(placement)
}

fn parse_pawn(
    rules: &VariantRules,
    color: Color,
    cell: Cell,
    chars: &mut std::iter::Peekable<std::str::Chars<'_>>,
) -> Result<Piece, String> {
    let facing = match rules.facing_mode {
        FacingMode::Transported => match chars.next() {
            Some('+') => Facing::Up,
            Some('-') => Facing::Down,
            _ => return Err("missing facing '+' or '-'".into()),
        },
        FacingMode::Fixed => color.home_facing(),
    };
    let unused = if standard_fen(rules) {
        rules.complex.coord(cell).rank == if color == Color::White { 1 } else { 6 }
    } else if chars.peek() == Some(&'*') {
        chars.next();
        true
    } else {
        false
    };
    if rules.promotes(color, cell, facing) {
        return Err("a pawn cannot stand on its promotion target".into());
    }
    Ok(Piece::pawn(color, facing, unused))
}

fn parse_castling(
    rules: &VariantRules,
    text: &str,
    placement: &[(Cell, Piece)],
) -> Result<CastlingRights, ParsePositionError> {
    let mut rights = CastlingRights::NONE;
    for ch in text.chars().filter(|_| text != "-") {
        let Some(&(color, side, _)) = CASTLE_LETTERS.iter().find(|(_, _, c)| *c == ch) else {
            let letter = Quoted(ch.encode_utf8(&mut [0; 4])).to_string();
            return err(Field::Castling, format!("unknown castling letter {letter} (expected KQkq or -)"));
        };
        let Some(spec) = rules.castle(color, side) else {
            return err(Field::Castling, format!("{} has no castling", rules.variant));
        };
        let at = |c: Cell| placement.iter().find(|(cell, _)| *cell == c).map(|&(_, p)| p);
        let role_at = |c: Cell, role: Role| at(c).is_some_and(|p| p.with_unused(false) == Piece::new(color, role));
        if !role_at(spec.king_from, Role::King) {
            return err(
                Field::Castling,
                format!("'{ch}' needs the {} king on {}", color.name(), rules.complex.name(spec.king_from)),
            );
        }
        if !role_at(spec.rook_from, Role::Rook) {
            return err(
                Field::Castling,
                format!("'{ch}' needs a {} rook on {}", color.name(), rules.complex.name(spec.rook_from)),
            );
        }
        if rights.has(color, side) {
            return err(Field::Castling, format!("'{ch}' is repeated"));
        }
        rights = rights.with(color, side, true);
    }
    if levels(rules) {
        agree_with_marks(rules, rights, placement)?;
    }
    Ok(rights)
}

/// On the three-level boards a castling right stands exactly when its king and rook are both
/// unmarked by a move (`*`) on their home cells.
fn agree_with_marks(
    rules: &VariantRules,
    rights: CastlingRights,
    placement: &[(Cell, Piece)],
) -> Result<(), ParsePositionError> {
    let marked = |c: Cell, role: Role, color: Color| {
        placement.iter().any(|&(cell, p)| cell == c && p == Piece::new(color, role).with_unused(true))
    };
    for (color, side, ch) in CASTLE_LETTERS {
        let Some(spec) = rules.castle(color, side) else { continue };
        let unmoved = marked(spec.king_from, Role::King, color) && marked(spec.rook_from, Role::Rook, color);
        if unmoved != rights.has(color, side) {
            let (king, rook) = (rules.complex.name(spec.king_from), rules.complex.name(spec.rook_from));
            let reason = if unmoved {
                format!(
                    "'{ch}' is missing: the king on {king} and the rook on {rook} are both marked '*' (never moved)"
                )
            } else {
                format!("'{ch}' needs the king on {king} and the rook on {rook} both marked '*' (never moved)")
            };
            return err(Field::Castling, reason);
        }
    }
    Ok(())
}

fn parse_ep(rules: &VariantRules, text: &str, p: &Position) -> Result<Option<EpTrace>, ParsePositionError> {
    if text == "-" {
        return Ok(None);
    }
    let complex = &rules.complex;
    let cell = |name: &str| {
        complex.parse_cell(name).ok_or_else(|| ParsePositionError {
            field: Field::EnPassant,
            reason: format!("{} is not a cell", Quoted(name)),
        })
    };
    let owner = !p.side_to_move();
    let parts: Vec<&str> = text.split('-').collect();
    let wanted = if ep_by_middle(rules) { 1 } else { 3 };
    if parts.len() != wanted {
        let form = if wanted == 1 { "a middle cell" } else { "source-middle-destination" };
        return err(Field::EnPassant, format!("expected '-' or {form}, found {}", Quoted(text)));
    }
    let middle = cell(parts[wanted / 2])?;
    // Every double step of the owner's pawns that passes `middle` (at most one can match the board).
    let mut candidates = double_steps(rules, owner, complex).into_iter().filter(|&(_, m, _, _)| m == middle);
    let found = candidates.find(|&(source, _, destination, facing)| {
        let named =
            parts.len() == 1 || (cell(parts[0]).ok() == Some(source) && cell(parts[2]).ok() == Some(destination));
        named
            && p.piece_at(destination).is_some_and(|q| q.color() == owner && q.facing() == Some(facing) && !q.unused())
            && p.piece_at(source).is_none()
            && p.piece_at(middle).is_none()
    });
    match found {
        Some((source, middle, destination, facing)) => Ok(Some(EpTrace { owner, source, middle, destination, facing })),
        None => err(
            Field::EnPassant,
            format!("no {} double step through {} fits the board", owner.name(), complex.name(middle)),
        ),
    }
}

/// Every geometric double step: (source, middle, destination, final facing), over both facings.
fn double_steps(rules: &VariantRules, owner: Color, complex: &Complex) -> Vec<(Cell, Cell, Cell, Facing)> {
    let facings = match rules.facing_mode {
        FacingMode::Fixed => vec![owner.home_facing()],
        FacingMode::Transported => vec![Facing::Up, Facing::Down],
    };
    let mut out = Vec::new();
    for source in complex.cells() {
        for &f in &facings {
            if let Some((middle, destination, facing)) = rules.tables.pawn(source, f).double
                && !rules.promotes(owner, destination, facing)
            {
                out.push((source, middle, destination, facing));
            }
        }
    }
    out
}

impl Position {
    /// Parses a position of a variant (see the module docs for the format).
    pub fn from_text(variant: Variant, text: &str) -> Result<Position, ParsePositionError> {
        parse_position(variant, text)
    }

    /// Writes the position (see the module docs for the format).
    pub fn to_text(&self) -> String {
        write_position(self)
    }
}
