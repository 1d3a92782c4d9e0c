//! Long coordinate notation: `e2–e4`, `Bd1–g4`, `I:e4–II:e5`, `Ra1xh8`, `j9–j10=Q`, `O-O`
//! (castling east), `O-O-O` (west), and the arrival facing (`↑`/`↓`) where two actions share a
//! destination. Parsing also accepts `-` for `–`, `^`/`v` for the arrows and a trailing `+` or `#`.
//! The three-level boards write technical coordinates instead (`1e2-2e3`, `1e1-1g1`), as their
//! records store them; their algebraic notation is [`crate::san`].

use crate::action::{Action, ActionKind};
use crate::piece::{Facing, Role};
use crate::position::Position;
use crate::quote::{Escaped, Quoted};
use crate::variant::CastleSide;
use crate::variants::TextStyle;

/// Why a move text does not name exactly one legal action. Messages show the text escaped and
/// cut (see [`Quoted`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseActionError {
    /// The text is not in the notation's shape.
    #[error("{} is not a move in long coordinate notation", Quoted(.0))]
    Malformed(String),
    /// A cell name is not on this board.
    #[error("{} is not a cell of this board", Quoted(.0))]
    UnknownCell(String),
    /// Well formed, but no legal action matches.
    #[error("{} is not a legal move here", Quoted(.0))]
    Illegal(String),
    /// A pawn reaches its promotion target but the text names no piece (never implicitly a queen).
    #[error("{} promotes: add the piece chosen, e.g. '{}=Q' (there is no default)", Quoted(.0), Escaped(.0))]
    MissingPromotion(String),
    /// Several legal actions match; the text must say which (facing or promotion).
    #[error("{} is ambiguous: it could be {}", Quoted(.0), .1.join(" or "))]
    Ambiguous(String, Vec<String>),
}

const CASTLES: [(CastleSide, &str); 2] = [(CastleSide::West, "O-O-O"), (CastleSide::East, "O-O")];

fn facing_arrow(f: Facing) -> char {
    match f {
        Facing::Up => '↑',
        Facing::Down => '↓',
    }
}

impl Position {
    /// Whether an action captures (including en passant).
    pub fn is_capture(&self, a: Action) -> bool {
        matches!(a.kind, ActionKind::EnPassant { .. })
            || (!matches!(a.kind, ActionKind::Castle(_)) && self.piece_at(a.to).is_some())
    }

    /// The action in long coordinate notation. `a` should be legal here: the facing is shown when
    /// another legal action shares its destination with another facing.
    pub fn notation(&self, a: Action) -> String {
        self.notation_among(a, || self.legal_actions())
    }

    /// [`Position::notation`] with the facing shown when another of `candidates` shares its
    /// destination with another facing.
    pub(crate) fn notation_among(&self, a: Action, candidates: impl FnOnce() -> Vec<Action>) -> String {
        if self.rules.spec.text == TextStyle::Levels {
            return self.technical(a);
        }
        if let ActionKind::Castle(side) = a.kind {
            return CASTLES.iter().find(|(s, _)| *s == side).map(|(_, t)| t.to_string()).unwrap_or_default();
        }
        let complex = self.complex();
        let mut out = String::new();
        if let Some(piece) = self.piece_at(a.from)
            && piece.role() != Role::Pawn
        {
            out.push(piece.role().letter());
        }
        out.push_str(&complex.name(a.from));
        out.push(if self.is_capture(a) { 'x' } else { '–' });
        out.push_str(&complex.name(a.to));
        if let Some(role) = a.promotion() {
            out.push('=');
            out.push(role.letter());
        }
        if let Some(facing) = a.facing() {
            let shared = candidates().into_iter().any(|b| {
                b.from == a.from && b.to == a.to && b.promotion() == a.promotion() && b.facing() != a.facing()
            });
            if shared {
                out.push(facing_arrow(facing));
            }
        }
        out
    }

    /// The three-level boards' technical coordinates, as records store them: `1e2-2e3`, castling
    /// as the king's move (`1e1-1g1`, `1e1-2g1` with Strato's joint transfer), `=Q` on promotion.
    fn technical(&self, a: Action) -> String {
        let complex = self.complex();
        let mut out = format!("{}-{}", complex.name(a.from), complex.name(a.to));
        if let Some(role) = a.promotion() {
            out.push('=');
            out.push(role.letter());
        }
        out
    }

    /// Parses long coordinate notation into the one legal action it names.
    pub fn parse_action(&self, text: &str) -> Result<Action, ParseActionError> {
        self.parse_among(text, self.legal_actions())
    }

    /// Parses long coordinate notation into the one of `legal` it names.
    pub(crate) fn parse_among(&self, text: &str, legal: Vec<Action>) -> Result<Action, ParseActionError> {
        let malformed = || ParseActionError::Malformed(text.to_owned());
        let mut t = text.trim().trim_end_matches(['+', '#']).to_owned();
        if let Some(stripped) = t.strip_suffix("e.p.") {
            t = stripped.trim_end().to_owned();
        }
        let castle = t.replace('0', "O");
        if let Some(&(side, _)) = CASTLES.iter().find(|(_, s)| castle == *s) {
            return legal
                .into_iter()
                .find(|a| a.kind == ActionKind::Castle(side))
                .ok_or_else(|| ParseActionError::Illegal(text.to_owned()));
        }
        let mut facing = None;
        for (suffix, f) in [('↑', Facing::Up), ('^', Facing::Up), ('↓', Facing::Down), ('v', Facing::Down)] {
            if let Some(s) = t.strip_suffix(suffix) {
                facing = Some(f);
                t = s.to_owned();
                break;
            }
        }
        let mut promotion = None;
        if let Some((head, tail)) = t.rsplit_once('=') {
            let mut chars = tail.chars();
            let role = chars.next().and_then(Role::from_letter).filter(|r| Role::PROMOTIONS.contains(r));
            if role.is_none() || chars.next().is_some() {
                return Err(malformed());
            }
            promotion = role;
            t = head.to_owned();
        }
        let mut role = None;
        if let Some(first) = t.chars().next()
            && first.is_ascii_uppercase()
            && let Some(r) = Role::from_letter(first)
        {
            role = Some(r);
            t = t[1..].to_owned();
        }
        let split = t.char_indices().skip(1).find(|&(_, c)| matches!(c, '–' | '-' | 'x' | '×'));
        let Some((at, sep)) = split else {
            return Err(malformed());
        };
        let (from_text, to_text) = (&t[..at], &t[at + sep.len_utf8()..]);
        let complex = self.complex();
        // On the three-level boards castling is also written as the king's move.
        let levels = self.rules.spec.text == TextStyle::Levels;
        let from = complex.parse_cell(from_text).ok_or_else(|| ParseActionError::UnknownCell(from_text.to_owned()))?;
        let to = complex.parse_cell(to_text).ok_or_else(|| ParseActionError::UnknownCell(to_text.to_owned()))?;
        if let Some(r) = role
            && self.piece_at(from).map(|p| p.role()) != Some(r)
        {
            return Err(ParseActionError::Illegal(text.to_owned()));
        }
        let routes: Vec<Action> = legal
            .into_iter()
            .filter(|a| a.from == from && a.to == to && (levels || !matches!(a.kind, ActionKind::Castle(_))))
            .filter(|a| facing.is_none() || a.facing() == facing)
            .collect();
        let matches: Vec<Action> = routes.iter().copied().filter(|a| a.promotion() == promotion).collect();
        match matches.as_slice() {
            [one] => Ok(*one),
            [] if promotion.is_none() && !routes.is_empty() => Err(ParseActionError::MissingPromotion(text.to_owned())),
            [] => Err(ParseActionError::Illegal(text.to_owned())),
            many => Err(ParseActionError::Ambiguous(
                text.to_owned(),
                many.iter().map(|&a| self.notation_among(a, || many.to_vec())).collect(),
            )),
        }
    }
}
