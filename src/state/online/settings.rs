//! What the player chose for online play: the server, the name, how a hosted game is set up, and
//! where the identity secret comes from. The settings outlive every connection and online game.

use super::identity;
use super::invites::{self, KeptInvites};
use bevy::prelude::*;
use std::path::PathBuf;
use surface_chess_online::{ClockSpec, Name, SideChoice};

/// The server used when none is given (`--server`).
pub const DEFAULT_SERVER: &str = "ws://127.0.0.1:7878/ws";
/// The name used when none is given (`--name`).
pub const DEFAULT_NAME: &str = "Guest";

/// How a hosted game is set up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HostSettings {
    /// The host's side.
    pub side: SideChoice,
    /// The clock.
    pub clock: ClockSpec,
    /// Whether anyone who knows the game's number may watch it.
    pub spectators: bool,
}

impl Default for HostSettings {
    fn default() -> Self {
        HostSettings { side: SideChoice::White, clock: ClockSpec::DEFAULT, spectators: false }
    }
}

/// Where the identity secret comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IdentitySource {
    /// Kept in this file (made on first use).
    Kept(PathBuf),
    /// Made for this run only (screenshots, no data directory).
    ThisRun,
}

/// The player's choices for online play (the panel's fields, `--server`, `--name`, `--side`,
/// `--clock`).
#[derive(Resource, Clone, Debug)]
pub struct OnlineSettings {
    /// The server's WebSocket URL (`ws://HOST:PORT/ws`).
    pub server: String,
    /// The player's name for seats taken from now on.
    pub name: String,
    /// How the next hosted game is set up.
    pub host: HostSettings,
    /// Whether `ws://` may go to a host other than this machine (`--insecure`).
    pub insecure: bool,
    /// A server chosen from the games announced on this network: `ws://` may go to it.
    pub nearby: Option<String>,
    /// The server inside this app, while it hosts: its identity is the same on any port.
    pub own_server: Option<String>,
    identity: IdentitySource,
    secret: Option<String>,
    /// The invite codes of the games hosted from here.
    pub invites: KeptInvites,
}

impl Default for OnlineSettings {
    fn default() -> Self {
        OnlineSettings::new(DEFAULT_SERVER, DEFAULT_NAME, IdentitySource::ThisRun)
    }
}

impl OnlineSettings {
    /// These server, name and identity, with the default host settings.
    pub fn new(server: &str, name: &str, identity: IdentitySource) -> OnlineSettings {
        OnlineSettings {
            server: server.to_owned(),
            name: name.to_owned(),
            host: HostSettings::default(),
            insecure: false,
            nearby: None,
            own_server: None,
            invites: KeptInvites::at(match &identity {
                IdentitySource::Kept(path) => Some(invites::beside(path)),
                IdentitySource::ThisRun => None,
            }),
            identity,
            secret: None,
        }
    }

    /// The server and name, when both can be used: the server over `wss://`, or over `ws://`
    /// on this machine (elsewhere only when told `--insecure`).
    pub fn check(&self) -> Result<(), String> {
        check_server(&self.server)?;
        let nearby = self.nearby.as_ref() == Some(&self.server);
        if !self.insecure && !nearby && !encrypted_or_local(&self.server) {
            return Err(format!(
                "{} is not encrypted (ws://) and not on this machine: your identity would travel in the clear; \
                 use wss://, or start with --insecure on a network you trust",
                surface_chess_rules::Quoted(&self.server)
            ));
        }
        Name::parse(&self.name).map_err(|e| format!("name: {e}"))?;
        Ok(())
    }

    /// The file `name` beside the kept identity (`None` when the identity is for this run only).
    pub fn kept_file(&self, name: &str) -> Option<PathBuf> {
        match &self.identity {
            IdentitySource::Kept(path) => Some(path.with_file_name(name)),
            IdentitySource::ThisRun => None,
        }
    }

    /// The secret, read from (or first written to) the identity file, else made for this run; with
    /// the problem, when the kept one could not be used.
    pub(super) fn secret(&mut self) -> (String, Option<String>) {
        if let Some(secret) = &self.secret {
            return (secret.clone(), None);
        }
        let (secret, problem) = match &self.identity {
            IdentitySource::Kept(path) => match identity::load_or_create(path) {
                Ok(secret) => (secret, None),
                Err(e) => {
                    warn!("online identity: {e}");
                    (identity::ephemeral(), Some(format!("{e}; playing with an identity for this run only")))
                }
            },
            IdentitySource::ThisRun => (identity::ephemeral(), None),
        };
        self.secret = Some(secret.clone());
        (secret, problem)
    }
}

/// A server address must be a WebSocket URL.
pub fn check_server(url: &str) -> Result<(), String> {
    let rest = url.strip_prefix("ws://").or_else(|| url.strip_prefix("wss://"));
    match rest {
        Some(host) if !host.is_empty() && !host.starts_with('/') && !url.contains(char::is_whitespace) => Ok(()),
        _ => Err(format!("{} is not a server address (write e.g. {DEFAULT_SERVER})", surface_chess_rules::Quoted(url))),
    }
}

/// Whether a server URL is `wss://`, or `ws://` to a loopback host (localhost, 127.0.0.0/8, ::1).
pub fn encrypted_or_local(url: &str) -> bool {
    let Some(rest) = url.strip_prefix("ws://") else { return url.starts_with("wss://") };
    let authority = rest.split('/').next().unwrap_or_default();
    let authority = authority.rsplit_once('@').map_or(authority, |(_, host)| host);
    let host = match authority.strip_prefix('[') {
        Some(v6) => v6.split(']').next().unwrap_or_default(),
        None => authority.split(':').next().unwrap_or_default(),
    };
    host.eq_ignore_ascii_case("localhost") || host.parse::<std::net::IpAddr>().is_ok_and(|ip| ip.is_loopback())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn server_addresses_are_websocket_urls() {
        assert!(check_server(DEFAULT_SERVER).is_ok());
        assert!(check_server("wss://chess.example.org/ws").is_ok());
        for bad in ["http://x/ws", "127.0.0.1:7878", "ws://", "ws:///ws", "ws://a b/ws", ""] {
            let e = check_server(bad).unwrap_err();
            assert!(e.contains("not a server address"), "{bad}: {e}");
        }
    }

    #[test]
    fn ws_goes_only_to_this_machine_unless_told_insecure() {
        for local in [
            DEFAULT_SERVER,
            "ws://localhost:7878/ws",
            "ws://127.0.0.2/ws",
            "ws://[::1]:7878/ws",
            "wss://example.org/ws",
        ] {
            assert!(encrypted_or_local(local), "{local}");
        }
        for remote in [
            "ws://example.org/ws",
            "ws://192.168.1.20:7878/ws",
            "ws://[2001:db8::1]/ws",
            "ws://127.0.0.1.evil.org/ws",
            "ws://localhost@evil.org/ws",
        ] {
            assert!(!encrypted_or_local(remote), "{remote}");
        }
        let mut settings = OnlineSettings::new("ws://example.org:7878/ws", DEFAULT_NAME, IdentitySource::ThisRun);
        let e = settings.check().unwrap_err();
        assert!(e.contains("'ws://example.org:7878/ws'") && e.contains("--insecure"), "{e}");
        settings.nearby = Some("ws://example.org:7878/ws".into());
        assert_eq!(settings.check(), Ok(()), "a host chosen from those announced on this network");
        settings.server = "ws://example.org:7879/ws".into();
        assert!(settings.check().is_err(), "only that host");
        settings.insecure = true;
        assert_eq!(settings.check(), Ok(()));
    }

    #[test]
    fn a_name_must_be_one_the_server_takes() {
        let mut settings = OnlineSettings::default();
        assert_eq!(settings.check(), Ok(()));
        settings.name = String::new();
        assert!(settings.check().unwrap_err().starts_with("name: "));
    }
}
