//! Who is who: a client's identity [`Token`] (random, kept on its machine, bound to a seat), the
//! guest [`Name`] a seat shows, and a game's [`InviteCode`]. Tokens and invite codes are secrets:
//! their `Debug` output hides them, so logging a value never leaks one, and a token is kept only
//! as a digest.

use std::fmt;

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use rand::{CryptoRng, RngExt};
use sha2::{Digest, Sha256};
use unicode_normalization::UnicodeNormalization;
use unicode_properties::{GeneralCategoryGroup, UnicodeGeneralCategory};

/// The url-safe alphabet of invite codes: lower-case letters and digits without `0 1 l o`
/// (32 symbols, 5 bits each), easy to read aloud and to type.
pub const INVITE_ALPHABET: &[u8; 32] = b"23456789abcdefghijkmnpqrstuvwxyz";
/// Symbols in an invite code: 20 × 5 = 100 random bits.
pub const INVITE_LEN: usize = 20;
/// The shortest identity token accepted (22 base64url symbols = 132 bits).
pub const TOKEN_MIN: usize = 22;
/// The longest identity token accepted.
pub const TOKEN_MAX: usize = 64;
/// The longest guest name, in characters.
pub const NAME_MAX: usize = 32;

/// Why a token, name or invite code is refused. Messages never repeat the secret.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IdentityError {
    /// A token of the wrong length or with characters outside `A–Z a–z 0–9 - _`.
    #[error("an identity token is 22 to 64 characters from A-Z a-z 0-9 - _")]
    Token,
    /// A name empty after trimming.
    #[error("a name needs at least one visible character")]
    EmptyName,
    /// A name over 32 characters after trimming.
    #[error("a name has at most 32 characters, this one has {0}")]
    LongName(usize),
    /// A name with a control or bidirectional-formatting character.
    #[error("a name is plain text: character U+{0:04X} is not allowed")]
    NameCharacter(u32),
    /// A name with too many combining marks on one character.
    #[error("a name has at most {0} combining marks on one character")]
    StackedMarks(usize),
    /// An invite code not of the invite shape.
    #[error("an invite code is 20 characters from 2-9 and a-z without l and o")]
    Invite,
}

/// A client's identity: the random secret its machine keeps. Whoever holds the secret holds its
/// seats. The server keeps only the secret's SHA-256 digest (in memory and in the database), so
/// neither a log line nor a stolen database gives a seat away.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Token(String);

impl Token {
    /// Checks a secret's shape (length and url-safe characters) and keeps its digest.
    ///
    /// # Errors
    /// [`IdentityError::Token`].
    pub fn parse(secret: &str) -> Result<Token, IdentityError> {
        let ok = (TOKEN_MIN..=TOKEN_MAX).contains(&secret.len())
            && secret.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
        if !ok {
            return Err(IdentityError::Token);
        }
        let digest = Sha256::digest(secret.as_bytes());
        Ok(Token(URL_SAFE_NO_PAD.encode(digest)))
    }

    /// A token as stored: its digest text (from [`Token::digest`]).
    pub fn from_digest(digest: &str) -> Token {
        Token(digest.to_owned())
    }

    /// The digest text, to store (43 url-safe characters).
    pub fn digest(&self) -> &str {
        &self.0
    }
}

/// A fresh random identity secret of 32 base64url symbols (192 bits), as a client creates one
/// and keeps on its machine.
pub fn new_secret(rng: &mut (impl CryptoRng + ?Sized)) -> String {
    const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    (0..32).map(|_| B64[rng.random_range(0..64)] as char).collect()
}

/// The secret a client sends to one server, derived from the one secret kept on its machine and
/// the server's address (HMAC-SHA256 keyed by the kept secret, 43 base64url symbols): each server
/// sees its own, so no server (nor anyone who reads a `ws://` Hello on its way) learns a secret
/// that another server accepts. The same server, however its address is spelled, gets the same
/// secret ([`server_key`]).
pub fn server_secret(kept: &str, server: &str) -> String {
    use hmac::{Hmac, Mac};
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(kept.as_bytes()).expect("HMAC takes a key of any length");
    mac.update(b"surface-chess server identity/1\n");
    mac.update(server_key(server).as_bytes());
    URL_SAFE_NO_PAD.encode(mac.finalize().into_bytes())
}

/// Which server a WebSocket URL names: its host (lower case) and port (80 for `ws://` and 443
/// for `wss://` when not written), without the path or any user name.
pub fn server_key(url: &str) -> String {
    let (rest, default_port) = match url.split_once("://") {
        Some((scheme, rest)) if scheme.eq_ignore_ascii_case("wss") => (rest, 443),
        Some((_, rest)) => (rest, 80),
        None => (url, 80),
    };
    let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
    let authority = authority.rsplit_once('@').map_or(authority, |(_, host)| host).to_ascii_lowercase();
    // A port follows the last colon, unless that colon is inside an IPv6 address's brackets.
    let has_port = authority.rsplit_once(':').is_some_and(|(host, port)| {
        !port.is_empty() && port.bytes().all(|b| b.is_ascii_digit()) && (!host.contains(':') || host.ends_with(']'))
    });
    if has_port { authority } else { format!("{authority}:{default_port}") }
}

impl fmt::Debug for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Token(…)")
    }
}

/// A game's invite code: 100 random bits; whoever first uses it takes the open seat.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct InviteCode(String);

impl InviteCode {
    /// A fresh code from a cryptographic generator.
    pub fn generate(rng: &mut (impl CryptoRng + ?Sized)) -> InviteCode {
        InviteCode((0..INVITE_LEN).map(|_| INVITE_ALPHABET[rng.random_range(0..32)] as char).collect())
    }

    /// Reads a code as typed: surrounding blanks dropped, upper case accepted.
    ///
    /// # Errors
    /// [`IdentityError::Invite`] when it is not 20 symbols of the alphabet.
    pub fn parse(text: &str) -> Result<InviteCode, IdentityError> {
        let code = text.trim().to_ascii_lowercase();
        let ok = code.len() == INVITE_LEN && code.bytes().all(|b| INVITE_ALPHABET.contains(&b));
        if ok { Ok(InviteCode(code)) } else { Err(IdentityError::Invite) }
    }

    /// The code's text (for the players it is meant for, never for logs).
    pub fn expose(&self) -> &str {
        &self.0
    }

    /// The code's SHA-256 digest in base64url (43 characters): what a server stores and looks
    /// codes up by, so that its database gives no seat away.
    pub fn digest(&self) -> String {
        URL_SAFE_NO_PAD.encode(Sha256::digest(self.0.as_bytes()))
    }
}

impl fmt::Debug for InviteCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("InviteCode(…)")
    }
}

/// A guest name: trimmed plain text of 1–32 characters in NFC, that shows as it reads. Different
/// players may share a name.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Name(String);

/// Combining marks one character may carry (Thai and Devanagari stack two or three).
const MARKS_MAX: usize = 3;

impl Name {
    /// Trims a name, normalises it to NFC and checks it.
    ///
    /// # Errors
    /// Empty or with nothing visible; longer than 32 characters; holding a control, format
    /// (bidirectional marks, joiners, the soft hyphen, tags), private-use, unassigned or
    /// invisible filler character, or a separator other than the space; a combining mark with
    /// nothing to combine with, or more than three on one character.
    pub fn parse(text: &str) -> Result<Name, IdentityError> {
        let name: String = text.trim().nfc().collect();
        let mut marks = 0;
        for c in name.chars() {
            let refused = || Err(IdentityError::NameCharacter(c as u32));
            match c.general_category_group() {
                GeneralCategoryGroup::Other => return refused(),
                GeneralCategoryGroup::Separator if c != ' ' => return refused(),
                GeneralCategoryGroup::Mark => {
                    marks += 1;
                    if marks > MARKS_MAX {
                        return Err(IdentityError::StackedMarks(MARKS_MAX));
                    }
                }
                _ => marks = 0,
            }
            if is_invisible(c) {
                return refused();
            }
        }
        if let Some(first) = name.chars().next().filter(|c| c.general_category_group() == GeneralCategoryGroup::Mark) {
            return Err(IdentityError::NameCharacter(first as u32));
        }
        let count = name.chars().count();
        if count == 0 {
            return Err(IdentityError::EmptyName);
        }
        if count > NAME_MAX {
            return Err(IdentityError::LongName(count));
        }
        Ok(Name(name))
    }

    /// The name.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Characters that draw nothing though they are letters, symbols or marks: the Hangul fillers,
/// the blank braille pattern, the combining grapheme joiner, Khmer's inherent vowels and
/// Mongolian's variation selectors.
fn is_invisible(c: char) -> bool {
    matches!(
        c,
        '\u{115F}'
            | '\u{1160}'
            | '\u{3164}'
            | '\u{FFA0}'
            | '\u{2800}'
            | '\u{034F}'
            | '\u{17B4}'
            | '\u{17B5}'
            | '\u{180B}'..='\u{180F}'
    )
}

impl fmt::Display for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_server_gets_its_own_secret_and_one_server_one_secret() {
        let kept = new_secret(&mut rand::rng());
        let mine = |server: &str| server_secret(&kept, server);
        let here = mine("wss://chess.example.org/ws");
        assert!(Token::parse(&here).is_ok(), "a secret the server accepts");
        assert_ne!(here, kept, "never the kept secret itself");
        // The same server however written: case, path, a default port, a user name.
        for same in ["wss://CHESS.example.org/ws", "wss://chess.example.org:443/", "wss://me@chess.example.org"] {
            assert_eq!(mine(same), here, "{same}");
        }
        // Another host, port or scheme's default port is another server.
        let others = [
            "wss://chess.example.net/ws",
            "wss://chess.example.org:8443/ws",
            "ws://chess.example.org/ws",
            "ws://127.0.0.1:7878/ws",
            "ws://[::1]:7878/ws",
            "ws://[::1]/ws",
        ];
        let mut all: Vec<String> = others.iter().map(|s| mine(s)).collect();
        all.push(here);
        let n = all.len();
        all.sort();
        all.dedup();
        assert_eq!(all.len(), n, "one secret per server");
        // Another machine's kept secret gives another secret on the same server.
        assert_ne!(
            server_secret(&new_secret(&mut rand::rng()), "wss://chess.example.org/ws"),
            mine("wss://chess.example.org/ws")
        );
    }

    #[test]
    fn server_keys_name_host_and_port() {
        assert_eq!(server_key("ws://127.0.0.1:7878/ws"), "127.0.0.1:7878");
        assert_eq!(server_key("wss://Chess.Example.org/ws?x=1"), "chess.example.org:443");
        assert_eq!(server_key("ws://[::1]/ws"), "[::1]:80");
        assert_eq!(server_key("ws://[::1]:9/ws"), "[::1]:9");
        assert_eq!(server_key("ws://user:pw@host:81/"), "host:81");
    }

    #[test]
    fn secrets_never_show_in_debug_output() {
        let secret = new_secret(&mut rand::rng());
        let token = Token::parse(&secret).unwrap();
        let invite = InviteCode::generate(&mut rand::rng());
        for shown in [format!("{token:?}"), format!("{invite:?}")] {
            assert!(!shown.contains(&secret) && !shown.contains(token.digest()) && !shown.contains(invite.expose()));
        }
    }
}
