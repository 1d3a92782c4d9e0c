//! The connection to the server: opened on the first request, opened again when the address or
//! name changed, and its state as the panel shows it. [`Server`] is the way every online system
//! sends: the settings it connects with and the link it sends on.

use super::settings::OnlineSettings;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use std::time::Duration;
use surface_chess_online::client::{ClientEvent, Connection};
use surface_chess_online::{ClientMessage, server_secret};

/// What the secret for the server inside this app is derived from (instead of its address).
const OWN_SERVER_KEY: &str = "surface-chess://this-app/ws";

/// The connection's state, for the panel.
#[derive(Clone, Debug, PartialEq)]
pub enum Link {
    /// No connection asked for yet.
    Offline,
    /// Connecting (attempt 1, 2, …).
    Connecting {
        /// The attempt.
        attempt: u32,
    },
    /// Connected and welcomed.
    Connected,
    /// Lost; the next attempt is at `retry_at` (app seconds).
    Retrying {
        /// Why.
        why: String,
        /// When the next attempt starts.
        retry_at: f64,
    },
}

/// The open connection and the settings it was opened with.
struct Open {
    connection: Connection,
    server: String,
    name: String,
}

/// The connection to the server and what the panel says of it.
#[derive(Resource)]
pub struct OnlineLink {
    /// The connection's state.
    pub state: Link,
    /// The last round trip measured.
    pub latency: Option<Duration>,
    /// The last problem (the server's refusal, a bad address): shown until the next request.
    pub error: Option<String>,
    open: Option<Open>,
}

impl Default for OnlineLink {
    fn default() -> Self {
        OnlineLink { state: Link::Offline, latency: None, error: None, open: None }
    }
}

impl OnlineLink {
    /// Whether a connection has been asked for.
    pub fn connecting(&self) -> bool {
        self.open.is_some()
    }

    /// The server the connection goes to, once one is asked for.
    pub fn server(&self) -> Option<&str> {
        self.open.as_ref().map(|o| o.server.as_str())
    }

    /// Closes the connection (the next request opens one again).
    pub fn close(&mut self) {
        self.open = None;
        self.state = Link::Offline;
        self.latency = None;
    }

    /// The connection to `server` in words, at app time `now`: `connected · 12 ms`,
    /// `reconnecting in 3 s (…)`.
    pub fn words(&self, server: &str, now: f64) -> String {
        match &self.state {
            Link::Offline => "not connected".into(),
            Link::Connecting { attempt: 1 } => format!("connecting to {server}…"),
            Link::Connecting { attempt } => format!("connecting to {server} (attempt {attempt})…"),
            Link::Connected => match self.latency {
                Some(d) if d < Duration::from_millis(10) => format!("connected · {:.1} ms", d.as_secs_f64() * 1000.0),
                Some(d) => format!("connected · {} ms", d.as_millis()),
                None => "connected".into(),
            },
            Link::Retrying { why, retry_at } => {
                let seconds = (retry_at - now).max(0.0).ceil() as u64;
                format!("reconnecting in {seconds} s ({why})")
            }
        }
    }

    /// What happened on the connection since the last poll; the link's state follows it.
    pub(super) fn poll(&mut self, now: f64) -> Vec<ClientEvent> {
        let events = self.open.as_ref().map(|c| c.connection.poll()).unwrap_or_default();
        for event in &events {
            match event {
                ClientEvent::Connecting { attempt } => self.state = Link::Connecting { attempt: *attempt },
                ClientEvent::Connected => self.state = Link::Connected,
                ClientEvent::Disconnected { why, retry } => {
                    self.state = Link::Retrying { why: why.clone(), retry_at: now + retry.as_secs_f64() }
                }
                ClientEvent::Latency(d) => self.latency = Some(*d),
                ClientEvent::Message(_) => {}
            }
        }
        events
    }
}

/// The way to the server: the settings a connection is opened with and the link.
#[derive(SystemParam)]
pub struct Server<'w> {
    /// The player's choices.
    pub settings: ResMut<'w, OnlineSettings>,
    /// The connection.
    pub link: ResMut<'w, OnlineLink>,
}

impl Server<'_> {
    /// Connects (again) with the server and name as they are now. Returns false, with the problem
    /// in [`OnlineLink::error`], when they cannot be used.
    pub(super) fn connect(&mut self) -> bool {
        if let Err(e) = self.settings.check() {
            self.link.error = Some(e);
            return false;
        }
        let (secret, problem) = self.settings.secret();
        if problem.is_some() {
            self.link.error = problem;
        }
        let (server, name) = (self.settings.server.clone(), self.settings.name.clone());
        // Each server gets its own secret, derived from the kept one; the server inside this app
        // keeps its player's games on whichever port it found free.
        let key = match &self.settings.own_server {
            Some(own) if *own == server => OWN_SERVER_KEY,
            _ => &server,
        };
        let connection = Connection::open(&server, &server_secret(&secret, key), &name);
        self.link.open = Some(Open { connection, server, name });
        self.link.state = Link::Connecting { attempt: 1 };
        self.link.latency = None;
        true
    }

    /// Whether the connection is the one the settings ask for now.
    fn current(&self) -> bool {
        self.link.open.as_ref().is_some_and(|c| c.server == self.settings.server && c.name == self.settings.name)
    }

    /// Sends a message, connecting first when there is no connection or the address or name
    /// changed. Returns whether a new connection was opened for it.
    pub(super) fn send(&mut self, message: ClientMessage) -> bool {
        let fresh = !self.current();
        if fresh && !self.connect() {
            return false;
        }
        if let Some(open) = &self.link.open {
            open.connection.send(message);
        }
        fresh
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::online::settings::DEFAULT_SERVER;

    #[test]
    fn the_link_says_where_the_connection_stands() {
        let mut link = OnlineLink::default();
        assert_eq!(link.words(DEFAULT_SERVER, 0.0), "not connected");
        link.state = Link::Connecting { attempt: 2 };
        assert_eq!(link.words(DEFAULT_SERVER, 0.0), format!("connecting to {DEFAULT_SERVER} (attempt 2)…"));
        link.state = Link::Connected;
        link.latency = Some(Duration::from_millis(23));
        assert_eq!(link.words(DEFAULT_SERVER, 0.0), "connected · 23 ms");
        link.latency = Some(Duration::from_micros(420));
        assert_eq!(link.words(DEFAULT_SERVER, 0.0), "connected · 0.4 ms", "loopback is under a millisecond");
        link.state = Link::Retrying { why: "refused".into(), retry_at: 10.0 };
        assert_eq!(link.words(DEFAULT_SERVER, 7.2), "reconnecting in 3 s (refused)");
    }
}
