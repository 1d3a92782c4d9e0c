//! User-supplied text inside messages: escaped, so that control characters, terminal escapes and
//! invisible format characters cannot disturb the output, and cut to a sane length. Printable
//! characters, the notation's `–`, `↑`, `↓` among them, are shown as they are.

use std::fmt;

/// The most characters of user-supplied text a message shows; longer text ends in `…`.
pub const QUOTE_LIMIT: usize = 60;

/// User-supplied text as a message shows it: escaped and cut to [`QUOTE_LIMIT`] characters.
///
/// ```
/// use surface_chess_rules::Escaped;
/// assert_eq!(Escaped("e2–e4\n\u{1b}[2J").to_string(), "e2–e4\\n\\u{1b}[2J");
/// assert_eq!(Escaped(&"x".repeat(100)).to_string(), format!("{}…", "x".repeat(60)));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Escaped<'a>(pub &'a str);

/// [`Escaped`] text in single quotes (a quote inside is escaped).
///
/// ```
/// use surface_chess_rules::Quoted;
/// assert_eq!(Quoted("it's").to_string(), "'it\\'s'");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Quoted<'a>(pub &'a str);

impl fmt::Display for Escaped<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        escape(f, self.0, false, QUOTE_LIMIT)
    }
}

impl fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("'")?;
        escape(f, self.0, true, QUOTE_LIMIT)?;
        f.write_str("'")
    }
}

/// Text escaped as [`Escaped`] does, cut to `limit` characters instead.
pub(crate) fn escaped_to(text: &str, limit: usize) -> String {
    struct Cut<'a>(&'a str, usize);
    impl fmt::Display for Cut<'_> {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            escape(f, self.0, false, self.1)
        }
    }
    Cut(text, limit).to_string()
}

fn escape(f: &mut fmt::Formatter<'_>, text: &str, quote: bool, limit: usize) -> fmt::Result {
    for (i, ch) in text.chars().enumerate() {
        if i == limit {
            return f.write_str("…");
        }
        match ch {
            '\\' => f.write_str("\\\\")?,
            '\'' if quote => f.write_str("\\'")?,
            // `escape_debug` would also escape these; they are harmless inside single quotes.
            '"' | '\'' => fmt::Write::write_char(f, ch)?,
            _ => write!(f, "{}", ch.escape_debug())?,
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_and_invisible_characters_are_escaped() {
        assert_eq!(Quoted("a\tb\r\0").to_string(), "'a\\tb\\r\\0'");
        // Right-to-left override and zero-width space: shown as their code points.
        assert_eq!(Escaped("\u{202e}x\u{200b}").to_string(), "\\u{202e}x\\u{200b}");
        assert_eq!(Escaped("I:e4–II:e5↑ \"x\" \\").to_string(), "I:e4–II:e5↑ \"x\" \\\\");
    }

    #[test]
    fn long_text_is_cut_by_characters_not_bytes() {
        let long = "–".repeat(QUOTE_LIMIT + 1);
        assert_eq!(Escaped(&long).to_string(), format!("{}…", "–".repeat(QUOTE_LIMIT)));
        let exact = "–".repeat(QUOTE_LIMIT);
        assert_eq!(Escaped(&exact).to_string(), exact);
    }
}
