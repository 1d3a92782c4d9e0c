//! Moves as UCI writes them: pure coordinates, `e2e4`, `e7e8q`, castling as the king's move
//! (`e1g1`); on the surfaces the cells' own names (`I:e4II:e5`, `j9j10q`) with `^`/`v` after a
//! pawn's arrival facing where two actions differ only by it; on the three-level boards their
//! technical coordinates (`1e2-2e3`), as their records store them.

use crate::action::Action;
use crate::notation::ParseActionError;
use crate::piece::{Facing, Role};
use crate::position::Position;
use crate::variants::TextStyle;

/// The action `a`, legal in `p`, in UCI's coordinates.
pub fn to_uci(p: &Position, a: Action) -> String {
    write(p, a, &p.legal_actions())
}

/// The legal action that `text` names: in UCI's coordinates, or else in the long notation of
/// [`Position::parse_action`] (`e2–e4`, `O-O`, `1e2-2e3`). Two of the board's cells that no legal
/// action joins (`e2e5`) are an illegal move, not a malformed one.
pub fn from_uci(p: &Position, text: &str) -> Result<Action, ParseActionError> {
    let legal = p.legal_actions();
    legal.iter().copied().find(|&a| write(p, a, &legal) == text).map_or_else(
        || match p.parse_action(text) {
            Err(ParseActionError::Malformed(_)) if names_two_cells(p, text) => {
                Err(ParseActionError::Illegal(text.to_owned()))
            }
            parsed => parsed,
        },
        Ok,
    )
}

/// Whether `text` is UCI's shape on this board: a cell's name, then another's, then perhaps a
/// promotion's letter and a facing's arrow.
fn names_two_cells(p: &Position, text: &str) -> bool {
    let complex = p.complex();
    let text = text.strip_suffix([arrow(Facing::Up), arrow(Facing::Down)]).unwrap_or(text);
    let promotion = |c: char| Role::PROMOTIONS.iter().any(|r| letter(*r) == c);
    let text = text.strip_suffix(promotion).unwrap_or(text);
    (1..text.len())
        .filter(|&i| text.is_char_boundary(i))
        .any(|i| complex.parse_cell(&text[..i]).is_some() && complex.parse_cell(&text[i..]).is_some())
}

/// [`to_uci`] with the position's legal actions at hand (to tell whether the facing must be
/// written).
fn write(p: &Position, a: Action, legal: &[Action]) -> String {
    if p.rules().spec.text == TextStyle::Levels {
        return p.notation(a);
    }
    let complex = p.complex();
    let mut out = complex.name(a.from) + &complex.name(a.to);
    if let Some(role) = a.promotion() {
        out.push(letter(role));
    }
    if let Some(facing) = a.facing() {
        let shared = legal
            .iter()
            .any(|b| b.from == a.from && b.to == a.to && b.promotion() == a.promotion() && b.facing() != a.facing());
        if shared {
            out.push(arrow(facing));
        }
    }
    out
}

/// A promotion's piece as UCI writes it, in lower case.
fn letter(role: Role) -> char {
    role.letter().to_ascii_lowercase()
}

/// The arrow written after a pawn's arrival facing where it must be told.
const fn arrow(facing: Facing) -> char {
    match facing {
        Facing::Up => '^',
        Facing::Down => 'v',
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;

    fn texts(p: &Position) -> Vec<String> {
        p.legal_actions().into_iter().map(|a| to_uci(p, a)).collect()
    }

    #[test]
    fn chess_moves_are_pure_coordinates() {
        let castles = Position::from_text(Variant::Chess, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
        let all = texts(&castles);
        assert!(all.contains(&"e1g1".into()) && all.contains(&"e1c1".into()), "{all:?}");
        let promotes = Position::from_text(Variant::Chess, "1r5k/P7/8/8/8/8/8/7K w - - 0 1").unwrap();
        let all = texts(&promotes);
        for t in ["a7a8q", "a7a8r", "a7a8b", "a7a8n", "a7b8q", "a7b8n"] {
            assert!(all.contains(&t.into()), "{t} in {all:?}");
        }
        assert!(texts(&Position::new(Variant::Chess)).contains(&"g1f3".into()));
    }

    #[test]
    fn each_action_of_every_board_reads_back_as_itself() {
        for v in Variant::ALL {
            // The start, and the position after each first action (pawns, facings, levels).
            let start = Position::new(v);
            let mut positions = vec![start.clone()];
            positions.extend(start.legal_actions().into_iter().map(|a| start.play(a).unwrap()));
            for p in positions {
                for a in p.legal_actions() {
                    let text = to_uci(&p, a);
                    assert_eq!(from_uci(&p, &text), Ok(a), "{v}: {text}");
                }
            }
        }
    }

    #[test]
    fn long_notation_is_read_too_and_a_bad_move_is_named() {
        let p = Position::new(Variant::Mobius);
        assert_eq!(from_uci(&p, "e2–e4").map(|a| to_uci(&p, a)), Ok("e2e4".into()));
        // Two cells that no legal action joins are an illegal move; anything else is malformed.
        for illegal in ["e2e5", "e2e4q", "a1a4v"] {
            assert_eq!(from_uci(&p, illegal), Err(ParseActionError::Illegal(illegal.into())));
        }
        for malformed in ["e2", "e2e4qq", "e2z9", "castle", "e2e4 "] {
            assert_eq!(from_uci(&p, malformed), Err(ParseActionError::Malformed(malformed.into())));
        }
        let g = Position::new(Variant::Genus2);
        assert_eq!(from_uci(&g, "I:e2II:e5"), Err(ParseActionError::Illegal("I:e2II:e5".into())));
    }
}
