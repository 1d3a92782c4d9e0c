//! gg³ algebraic notation, the display form of moves on the three-level boards (`strato`,
//! `chess3`), as the peer's rules page defines it (section "Algebraic move notation") with the
//! movement tables' "Notation examples": [`Position::san`] writes it, [`Position::parse_san`]
//! reads it back.

use crate::action::{Action, ActionKind};
use crate::notation::ParseActionError;
use crate::piece::Role;
use crate::position::Position;
use crate::variant::CastleSide;
use crate::variants::TextStyle;

/// The level suffixes, bottom to top.
const LEVELS: [char; 3] = ['α', 'β', 'γ'];

/// The Greek letter of a level, from 0 (bottom, α) up (`?` above the third).
pub fn level_letter(level: u8) -> char {
    LEVELS.get(usize::from(level)).copied().unwrap_or('?')
}

/// Which parts of the origin a qualifier shows.
#[derive(Clone, Copy)]
struct Qualifier {
    file: bool,
    rank: bool,
    level: bool,
}

const fn q(file: bool, rank: bool, level: bool) -> Qualifier {
    Qualifier { file, rank, level }
}

/// Pieces and quiet pawns: nothing, then file, rank, file+rank, level, file+level, rank+level and
/// the whole origin.
const PIECE_QUALIFIERS: [Qualifier; 8] = [
    q(false, false, false),
    q(true, false, false),
    q(false, true, false),
    q(true, true, false),
    q(false, false, true),
    q(true, false, true),
    q(false, true, true),
    q(true, true, true),
];

/// Pawn captures: the file always, then file+rank, file+level and the whole origin.
const PAWN_CAPTURE_QUALIFIERS: [Qualifier; 4] =
    [q(true, false, false), q(true, true, false), q(true, false, true), q(true, true, true)];

/// The castling sides and their words (the longer first, for parsing).
const CASTLES: [(CastleSide, &str); 2] = [(CastleSide::West, "O-O-O"), (CastleSide::East, "O-O")];

impl Position {
    fn has_levels(&self) -> bool {
        self.rules.spec.text == TextStyle::Levels
    }

    /// The action in gg³ algebraic notation, the display form of moves on the three-level boards
    /// (`e3β`, `Nf3α`, `Bxe5γ+`, `e8γ=Q`, `exd8β=N`, `O-Oβ`, `Nbαd2β`):
    ///
    /// * every destination carries its level as a Greek suffix: α bottom (level 1), β middle (2),
    ///   γ top (3), so the cell `2e4` is written `e4β`;
    /// * pieces are written K, Q, R, B, N; pawns have no letter;
    /// * `x` marks a capture, en passant included; a pawn capture always starts with its origin
    ///   file (`exd8β`), also when a Chess³ capture keeps the file while changing level (`exe5β`);
    /// * promotion follows the destination level: `e8γ=Q`;
    /// * castling is `O-O` (east, the king's side) or `O-O-O` (west), followed by the level the
    ///   king ends on: `O-Oα`, or `O-Oβ` after Strato's joint transfer;
    /// * `+` is appended on check, `#` on checkmate (nothing on stalemate);
    /// * when several pieces of the same role can legally reach the same destination cell (file,
    ///   rank and level), the origin is qualified by the first of file, rank, file+rank, level,
    ///   file+level, rank+level, file+rank+level that no other of those pieces shares, written
    ///   file, rank, level (`Nbd2α`, `N1d2α`, `Nb1d2α`, `Nαc3β`, `Nbαd2β`). Only legal
    ///   alternatives count (a pinned rival does not). A pawn capture keeps its file and tries
    ///   file, file+rank, file+level, then the whole origin (`eαxe5β`); a quiet pawn is qualified
    ///   like a piece (`αe4β` and `γe4β`, arriving from the bottom and from the top). Rivals are
    ///   moves of the same kind: the `x` already tells a capture from a quiet move, so a quiet
    ///   pawn beside an en-passant capture onto the same cell is `d6γ` beside `exd6γ`, as in
    ///   standard algebraic notation.
    ///
    /// `a` should be legal here: the qualifier is chosen among the legal actions, and `+`/`#`
    /// are added only to a legal action.
    ///
    /// Only the three-level boards (`strato`, `chess3`) have this notation; on the other boards
    /// this returns the long coordinate notation of [`Position::notation`].
    pub fn san(&self, a: Action) -> String {
        if !self.has_levels() {
            return self.notation(a);
        }
        let legal = self.legal_actions();
        let mut out = self.san_core(a, &legal);
        if legal.contains(&a) {
            let mut next = self.clone();
            next.play_unchecked(a);
            if next.is_check() {
                out.push(if next.has_legal_action() { '+' } else { '#' });
            }
        }
        out
    }

    /// The notation without the check or mate sign, qualified against `legal`.
    fn san_core(&self, a: Action, legal: &[Action]) -> String {
        let complex = self.complex();
        let to = complex.coord(a.to);
        if let ActionKind::Castle(side) = a.kind {
            let word = CASTLES.iter().find(|(s, _)| *s == side).map_or("O-O", |(_, w)| *w);
            return format!("{word}{}", level_letter(to.chart));
        }
        let Some(piece) = self.piece_at(a.from) else {
            return self.notation(a);
        };
        let role = piece.role();
        let capture = self.is_capture(a);
        let from = complex.coord(a.from);
        let rivals: Vec<_> = legal
            .iter()
            .filter(|b| {
                b.to == a.to
                    && b.from != a.from
                    && !matches!(b.kind, ActionKind::Castle(_))
                    && self.piece_at(b.from).is_some_and(|p| p.role() == role)
                    && self.is_capture(**b) == capture
            })
            .map(|b| complex.coord(b.from))
            .collect();
        let choices: &[Qualifier] =
            if role == Role::Pawn && capture { &PAWN_CAPTURE_QUALIFIERS } else { &PIECE_QUALIFIERS };
        let distinguishes = |k: &Qualifier| {
            rivals.iter().all(|r| {
                (k.file && r.file != from.file) || (k.rank && r.rank != from.rank) || (k.level && r.chart != from.chart)
            })
        };
        // The whole origin always distinguishes: two rivals are two cells.
        let k = choices.iter().copied().find(distinguishes).unwrap_or(q(true, true, true));
        let mut out = String::new();
        if role != Role::Pawn {
            out.push(role.letter());
        }
        if k.file {
            out.push(char::from(b'a' + from.file));
        }
        if k.rank {
            out.push_str(&(u32::from(from.rank) + 1).to_string());
        }
        if k.level {
            out.push(level_letter(from.chart));
        }
        if capture {
            out.push('x');
        }
        out.push(char::from(b'a' + to.file));
        out.push_str(&(u32::from(to.rank) + 1).to_string());
        out.push(level_letter(to.chart));
        if let Some(promotion) = a.promotion() {
            out.push('=');
            out.push(promotion.letter());
        }
        out
    }

    /// Parses gg³ algebraic notation (exactly as [`Position::san`] writes it; the trailing `+` or
    /// `#` may be left out, but one that is given must be right) into the legal action it names.
    /// Over- or under-qualified moves, a pawn capture without its file and a wrong check sign are
    /// refused; an under-qualified move is [`ParseActionError::Ambiguous`], naming the choices.
    ///
    /// Only the three-level boards (`strato`, `chess3`) have this notation; on the other boards
    /// this is [`Position::parse_action`] (long coordinate notation).
    pub fn parse_san(&self, text: &str) -> Result<Action, ParseActionError> {
        if !self.has_levels() {
            return self.parse_action(text);
        }
        let text = text.trim();
        let core = text.strip_suffix(['+', '#']).unwrap_or(text);
        let shape = SanShape::read(core).ok_or_else(|| ParseActionError::Malformed(text.to_owned()))?;
        let complex = self.complex();
        let legal = self.legal_actions();
        // Only actions to the written destination can be meant.
        let to = match shape.target {
            Target::Castle => None,
            Target::Move { file, rank, level } => Some(
                complex
                    .parse_cell(&format!("{}{file}{rank}", level + 1))
                    .ok_or_else(|| ParseActionError::UnknownCell(format!("{file}{rank}{}", level_letter(level))))?,
            ),
        };
        let written: Vec<(Action, String)> = legal
            .iter()
            .filter(|a| match to {
                None => matches!(a.kind, ActionKind::Castle(_)),
                Some(to) => a.to == to && !matches!(a.kind, ActionKind::Castle(_)),
            })
            .map(|&a| (a, self.san_core(a, &legal)))
            .collect();
        if let Some(&(a, _)) = written.iter().find(|(_, s)| s == core) {
            if core != text && self.san(a) != text {
                return Err(ParseActionError::Illegal(text.to_owned()));
            }
            return Ok(a);
        }
        // Not a written form: say why as precisely as the shape allows.
        let fits = |a: &Action| {
            let from = complex.coord(a.from);
            to.is_some()
                && self.piece_at(a.from).map(|p| p.role()) == Some(shape.role)
                && self.is_capture(*a) == shape.capture
                && shape.file.is_none_or(|f| f == from.file)
                && shape.rank.is_none_or(|r| r == u32::from(from.rank) + 1)
                && shape.level.is_none_or(|l| l == from.chart)
        };
        let candidates: Vec<&(Action, String)> = written.iter().filter(|(a, _)| fits(a)).collect();
        let chosen: Vec<String> =
            candidates.iter().filter(|(a, _)| a.promotion() == shape.promotion).map(|(_, s)| s.clone()).collect();
        if chosen.len() > 1 {
            return Err(ParseActionError::Ambiguous(text.to_owned(), chosen));
        }
        if chosen.is_empty() && shape.promotion.is_none() && candidates.iter().any(|(a, _)| a.promotion().is_some()) {
            return Err(ParseActionError::MissingPromotion(text.to_owned()));
        }
        Err(ParseActionError::Illegal(text.to_owned()))
    }
}

/// What a move text says, read without the position.
struct SanShape {
    role: Role,
    file: Option<u8>,
    rank: Option<u32>,
    level: Option<u8>,
    capture: bool,
    target: Target,
    promotion: Option<Role>,
}

enum Target {
    Castle,
    Move { file: char, rank: u32, level: u8 },
}

fn level_of(ch: char) -> Option<u8> {
    LEVELS.iter().position(|&l| l == ch).and_then(|i| u8::try_from(i).ok())
}

/// Splits off a trailing rank number (digits without a leading zero).
fn split_rank(text: &str) -> Option<(&str, u32)> {
    let start = text.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    let digits = &text[start..];
    if digits.is_empty() || digits.starts_with('0') || digits.len() > 3 {
        return None;
    }
    Some((&text[..start], digits.parse().ok()?))
}

impl SanShape {
    /// Reads `[piece][file][rank][level][x]file rank level[=piece]` or `O-O[-O]level`; `None` when
    /// the text has another shape.
    fn read(text: &str) -> Option<SanShape> {
        for (_, word) in CASTLES {
            if let Some(rest) = text.strip_prefix(word) {
                let mut chars = rest.chars();
                level_of(chars.next()?)?;
                if chars.next().is_some() {
                    return None;
                }
                return Some(SanShape {
                    role: Role::King,
                    file: None,
                    rank: None,
                    level: None,
                    capture: false,
                    target: Target::Castle,
                    promotion: None,
                });
            }
        }
        let mut t = text;
        let mut promotion = None;
        if let Some((head, tail)) = t.rsplit_once('=') {
            let mut chars = tail.chars();
            promotion = Some(chars.next().and_then(Role::from_letter).filter(|r| Role::PROMOTIONS.contains(r))?);
            if chars.next().is_some() || !tail.starts_with(|c: char| c.is_ascii_uppercase()) {
                return None;
            }
            t = head;
        }
        // The destination: file, rank, level.
        let level_char = t.chars().next_back()?;
        let to_level = level_of(level_char)?;
        t = &t[..t.len() - level_char.len_utf8()];
        let (head, to_rank) = split_rank(t)?;
        let to_file = head.chars().next_back().filter(char::is_ascii_lowercase)?;
        t = &head[..head.len() - 1];
        let capture = t.ends_with('x');
        if capture {
            t = &t[..t.len() - 1];
        }
        // The piece and the qualifier: [KQRBN][file][rank][level].
        let mut role = Role::Pawn;
        if let Some(first) = t.chars().next().filter(char::is_ascii_uppercase) {
            role = Role::from_letter(first).filter(|&r| r != Role::Pawn)?;
            t = &t[1..];
        }
        let mut level = None;
        if let Some(last) = t.chars().next_back()
            && let Some(l) = level_of(last)
        {
            level = Some(l);
            t = &t[..t.len() - last.len_utf8()];
        }
        let mut rank = None;
        if t.ends_with(|c: char| c.is_ascii_digit()) {
            let (head, r) = split_rank(t)?;
            rank = Some(r);
            t = head;
        }
        let mut file = None;
        if let Some(f) = t.chars().next().filter(char::is_ascii_lowercase) {
            file = Some(f as u8 - b'a');
            t = &t[1..];
        }
        if !t.is_empty() || (role != Role::Pawn && promotion.is_some()) {
            return None;
        }
        Some(SanShape {
            role,
            file,
            rank,
            level,
            capture,
            target: Target::Move { file: to_file, rank: to_rank, level: to_level },
            promotion,
        })
    }
}
