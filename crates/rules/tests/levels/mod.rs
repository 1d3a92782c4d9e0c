//! Fixtures for the three-level variants, by the documents' convention: White king 1h1, Black
//! king 3h8 (unless the list places a king of that colour), White to move, pieces moved unless
//! marked `*`, castling rights exactly where the marks allow them.

#![allow(dead_code)]

use surface_chess_rules::{Action, Color, Position, Variant};

/// A position from tokens like `"Q2d4 n3e5 P*1e2 K*1e1 R*1h1"`: the letter (upper case White),
/// `*` for a never-moved piece, then the cell.
pub fn fixture(v: Variant, pieces: &str) -> Position {
    fixture_to_move(v, pieces, Color::White)
}

/// As [`fixture`] with the side to move.
pub fn fixture_to_move(v: Variant, pieces: &str, side: Color) -> Position {
    let mut tokens: Vec<String> = pieces.split_whitespace().map(str::to_owned).collect();
    if !tokens.iter().any(|t| t.starts_with('K')) {
        tokens.push("K1h1".into());
    }
    if !tokens.iter().any(|t| t.starts_with('k')) {
        tokens.push("k3h8".into());
    }
    let mut levels = vec![vec![vec!['.'; 8]; 8]; 3];
    let mut marks = vec![vec![vec![false; 8]; 8]; 3];
    for t in &tokens {
        let mut chars = t.chars();
        let letter = chars.next().unwrap();
        let rest = chars.as_str();
        let (marked, cell) = match rest.strip_prefix('*') {
            Some(cell) => (true, cell),
            None => (false, rest),
        };
        let b = cell.as_bytes();
        let (level, file, rank) = ((b[0] - b'1') as usize, (b[1] - b'a') as usize, (b[2] - b'1') as usize);
        levels[level][rank][file] = letter;
        marks[level][rank][file] = marked;
    }
    let placement: Vec<String> = (0..3)
        .map(|l| {
            (0..8)
                .rev()
                .map(|r| {
                    let mut row = String::new();
                    let mut empty = 0;
                    for f in 0..8 {
                        let ch = levels[l][r][f];
                        if ch == '.' {
                            empty += 1;
                            continue;
                        }
                        if empty > 0 {
                            row.push_str(&empty.to_string());
                            empty = 0;
                        }
                        row.push(ch);
                        if marks[l][r][f] {
                            row.push('*');
                        }
                    }
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                    }
                    row
                })
                .collect::<Vec<_>>()
                .join("/")
        })
        .collect();
    let has = |token: &str| tokens.iter().any(|t| t == token);
    let mut castling: String =
        [("K", "K*1e1", "R*1h1"), ("Q", "K*1e1", "R*1a1"), ("k", "k*3e8", "r*3h8"), ("q", "k*3e8", "r*3a8")]
            .into_iter()
            .filter(|(_, k, r)| has(k) && has(r))
            .map(|(c, _, _)| c)
            .collect();
    if castling.is_empty() {
        castling = "-".into();
    }
    let side = if side == Color::White { "w" } else { "b" };
    let text = format!("{} {side} {castling} - 0 10", placement.join("|"));
    Position::from_text(v, &text).unwrap_or_else(|e| panic!("{pieces}: {e}"))
}

/// The legal destinations of the piece on `from`, by name, sorted and without repeats.
pub fn dests(p: &Position, from: &str) -> Vec<String> {
    let complex = p.complex();
    let from = complex.parse_cell(from).unwrap();
    let mut out: Vec<String> =
        p.legal_actions().into_iter().filter(|a| a.from == from).map(|a| complex.name(a.to)).collect();
    out.sort();
    out.dedup();
    out
}

/// Whether `from`–`to` is among the legal actions.
pub fn can(p: &Position, from: &str, to: &str) -> bool {
    dests(p, from).iter().any(|d| d == to)
}

/// The legal action written `text` in technical coordinates (`1e2-2e3`, `1e7-1e8=Q`).
pub fn action(p: &Position, text: &str) -> Action {
    p.parse_action(text).unwrap_or_else(|e| panic!("{text} in {}: {e}", p.to_text()))
}

/// The position after the technical move `text`.
pub fn after(p: &Position, text: &str) -> Position {
    p.play(action(p, text)).unwrap()
}

/// Plays a sequence of technical moves from the variant's start.
pub fn line(v: Variant, moves: &str) -> Position {
    moves.split_whitespace().fold(Position::new(v), |p, m| after(&p, m))
}

/// Names to compare with `dests`.
pub fn names(list: &str) -> Vec<String> {
    let mut out: Vec<String> = list.split_whitespace().map(str::to_owned).collect();
    out.sort();
    out
}
