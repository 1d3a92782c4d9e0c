//! What a host announces on the local network for each game it waits in, and how a finder reads
//! it back. The announcement is a DNS-SD TXT record: the protocol version, the host's name and
//! side, the board, the game's number and the invite code of its open seat. Anyone on the network
//! may read it: announcing a game on this network is offering its seat to this network.

use surface_chess_online::identity::{InviteCode, Name};
use surface_chess_online::{GameId, PROTOCOL_VERSION, Side};
use surface_chess_rules::{Color, Variant};

/// The DNS-SD service type of a Surface Chess host.
pub const SERVICE_TYPE: &str = "_surface-chess._tcp.local.";

/// A game waiting for its second player on this network.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Announcement {
    /// The host's name.
    pub name: String,
    /// The host's side (the joiner gets the other).
    pub host_side: Side,
    /// The board.
    pub variant: Variant,
    /// The game's number on the host's server.
    pub game: GameId,
    /// The open seat's invite code.
    pub invite: String,
}

/// Why an announcement heard on the network is not listed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Unreadable {
    /// A key is missing.
    #[error("no {0}")]
    Missing(&'static str),
    /// A key's value is not one this app reads.
    #[error("{key} {value:?}: {why}")]
    Bad {
        /// The key.
        key: &'static str,
        /// Its value (as heard, cut to 40 characters).
        value: String,
        /// What is wrong with it.
        why: String,
    },
}

impl Announcement {
    /// The TXT record's keys and values.
    pub fn properties(&self) -> Vec<(&'static str, String)> {
        vec![
            ("v", PROTOCOL_VERSION.to_string()),
            ("name", self.name.clone()),
            ("side", Color::from(self.host_side).name().to_owned()),
            ("variant", self.variant.name().to_owned()),
            ("game", self.game.to_string()),
            ("invite", self.invite.clone()),
        ]
    }

    /// Reads an announcement from its TXT record's values (`get` gives a key's value).
    pub fn read<'a>(get: impl Fn(&str) -> Option<&'a str>) -> Result<Announcement, Unreadable> {
        let value = |key: &'static str| get(key).ok_or(Unreadable::Missing(key));
        let bad = |key: &'static str, value: &str, why: String| Unreadable::Bad {
            key,
            value: value.chars().take(40).collect(),
            why,
        };
        let version = value("v")?;
        if version != PROTOCOL_VERSION.to_string() {
            return Err(bad("v", version, format!("this app speaks protocol {PROTOCOL_VERSION}")));
        }
        let name = value("name")?;
        let name = Name::parse(name).map_err(|e| bad("name", name, e.to_string()))?;
        let side = value("side")?;
        let host_side = match side {
            "white" => Side::White,
            "black" => Side::Black,
            _ => return Err(bad("side", side, "expected white or black".into())),
        };
        let variant = value("variant")?;
        let variant =
            variant.parse().map_err(|e: surface_chess_rules::UnknownVariant| bad("variant", variant, e.to_string()))?;
        let game = value("game")?;
        let game = game.parse().map_err(|_| bad("game", game, "expected a game number".into()))?;
        let invite = value("invite")?;
        let invite = InviteCode::parse(invite).map_err(|e| bad("invite", invite, e.to_string()))?;
        Ok(Announcement {
            name: name.as_str().to_owned(),
            host_side,
            variant,
            game,
            invite: invite.expose().to_owned(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn sample() -> Announcement {
        Announcement {
            name: "Alice".into(),
            host_side: Side::White,
            variant: Variant::Klein,
            game: 7,
            invite: "23456789abcdefghijkm".into(),
        }
    }

    fn read(record: &HashMap<&str, String>) -> Result<Announcement, Unreadable> {
        Announcement::read(|key| record.get(key).map(String::as_str))
    }

    #[test]
    fn an_announcement_reads_back_as_it_was_made() {
        let record: HashMap<_, _> = sample().properties().into_iter().collect();
        assert_eq!(read(&record), Ok(sample()));
    }

    #[test]
    fn a_hostile_announcement_says_what_is_wrong() {
        let cases: [(&str, &str, &str); 8] = [
            ("v", "99", "v \"99\": this app speaks protocol"),
            ("name", "\u{3164}", "name \"\u{3164}\""),
            ("name", &"x".repeat(300), "name \"xxxx"),
            ("side", "purple", "side \"purple\": expected white or black"),
            ("variant", "hyperbolic", "variant \"hyperbolic\": unknown variant"),
            ("game", "-1", "game \"-1\": expected a game number"),
            ("invite", "0OIl", "invite \"0OIl\""),
            ("invite", "", "invite \"\""),
        ];
        for (key, value, expected) in cases {
            let mut record: HashMap<_, _> = sample().properties().into_iter().collect();
            record.insert(key, value.to_owned());
            let e = read(&record).unwrap_err().to_string();
            assert!(e.starts_with(expected), "{key}={value:?}: {e}");
            assert!(e.chars().count() < 200, "the value is cut: {e}");
        }
        let mut record: HashMap<_, _> = sample().properties().into_iter().collect();
        record.remove("invite");
        assert_eq!(read(&record), Err(Unreadable::Missing("invite")));
    }
}
