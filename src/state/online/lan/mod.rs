//! Play on this network without a server: "Host on this network" starts the game server inside
//! the app and announces its waiting games by multicast DNS; "Join on this network" lists
//! the games announced by others, and joining one connects to its host. Everything else is
//! online play as with any server.
//!
//! - [`announcement`]: what a host announces, and how it is read back.
//! - [`config`]: the ports and interfaces.
//! - [`local_server`]: the server inside the app.
//! - [`neighbourhood`]: the app on the network's multicast DNS.

pub mod announcement;
pub mod config;
pub mod local_server;
pub mod neighbourhood;

pub use announcement::Announcement;
pub use config::LanConfig;
pub use local_server::LocalServer;
pub use neighbourhood::{Found, Neighbourhood};

use super::link::Server;
use super::lobby::Lobby;
use super::settings::OnlineSettings;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use std::collections::BTreeMap;
use std::net::IpAddr;
use surface_chess_online::{Phase, Side};

/// The file the hosted games are kept in, beside the identity.
pub const DATABASE_FILE: &str = "lan-games.db";

/// The server inside the app, while it hosts.
#[derive(Resource)]
pub struct Hosting {
    server: LocalServer,
    /// The server address before hosting began; it comes back when hosting ends.
    previous: String,
    /// Where others on this network reach it.
    pub addresses: Vec<String>,
}

impl Hosting {
    /// The address this app reaches it at.
    pub fn local_url(&self) -> String {
        self.server.local_url()
    }
}

/// The addresses of a server on `port` as others on this network reach it: this machine's IPv4
/// addresses other than loopback (loopback when it has none).
pub fn addresses(port: u16) -> Vec<String> {
    let mut ips: Vec<IpAddr> = if_addrs::get_if_addrs()
        .unwrap_or_default()
        .into_iter()
        .map(|i| i.ip())
        .filter(|ip| ip.is_ipv4() && !ip.is_loopback())
        .collect();
    ips.sort();
    ips.dedup();
    if ips.is_empty() {
        ips.push(IpAddr::from([127, 0, 0, 1]));
    }
    ips.into_iter().map(|ip| format!("ws://{ip}:{port}/ws")).collect()
}

/// Play on this network: hosting, the network, and its settings.
#[derive(SystemParam)]
pub struct Lan<'w, 's> {
    commands: Commands<'w, 's>,
    /// The server inside the app, while it hosts.
    pub hosting: Option<Res<'w, Hosting>>,
    /// The network's multicast DNS.
    pub network: ResMut<'w, Neighbourhood>,
    config: Res<'w, LanConfig>,
}

impl Lan<'_, '_> {
    /// Starts the server inside the app (unless it runs) and points the settings at it.
    pub(super) fn host(&mut self, server: &mut Server) -> Result<(), String> {
        let local = match &self.hosting {
            Some(hosting) => hosting.local_url(),
            None => {
                let database = server.settings.kept_file(DATABASE_FILE);
                let local = LocalServer::start(self.config.server_port, database.as_deref())?;
                let url = local.local_url();
                let addresses = addresses(local.port());
                info!("hosting on this network at {}", addresses.join(", "));
                let previous = server.settings.server.clone();
                self.commands.insert_resource(Hosting { server: local, previous, addresses });
                url
            }
        };
        server.settings.own_server = Some(local.clone());
        server.settings.server = local;
        Ok(())
    }

    /// Stops hosting: the server stops, its games are no longer announced, and the settings point
    /// where they did before.
    pub(super) fn stop(&mut self, server: &mut Server) {
        // Its announcements are withdrawn by `announce_open_seats` once `Hosting` is gone.
        let Some(hosting) = &self.hosting else { return };
        if server.settings.server == hosting.local_url() {
            server.settings.server = hosting.previous.clone();
        }
        server.settings.own_server = None;
        server.link.close();
        self.commands.remove_resource::<Hosting>();
    }

    /// Starts looking for games on this network.
    pub(super) fn find(&mut self) {
        let config = *self.config;
        self.network.find(config);
    }

    /// Points the settings at the host of the game found as `fullname`; its invite code.
    pub(super) fn choose(&mut self, server: &mut Server, fullname: &str) -> Result<String, String> {
        let found = self.network.found.get(fullname).ok_or("that game is no longer announced on this network")?;
        server.settings.server = found.url.clone();
        server.settings.nearby = Some(found.url.clone());
        Ok(found.announcement.invite.clone())
    }
}

/// The systems that hear the network and announce the games hosted here.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LanSystems;

/// Play on this network.
pub fn plugin(app: &mut App) {
    app.init_resource::<Neighbourhood>().init_resource::<LanConfig>().add_systems(
        Update,
        (hear_the_network, announce_open_seats).in_set(LanSystems).in_set(crate::schedule::AppSystems::Input),
    );
}

/// What the network said since the last frame.
fn hear_the_network(mut network: ResMut<Neighbourhood>) {
    if network.finding() && network.bypass_change_detection().hear() {
        network.set_changed();
    }
}

/// While this app hosts, each of its games waiting for an opponent is announced, and no other.
fn announce_open_seats(
    hosting: Option<Res<Hosting>>,
    settings: Res<OnlineSettings>,
    lobby: Res<Lobby>,
    config: Res<LanConfig>,
    mut network: ResMut<Neighbourhood>,
) {
    let hosting_changed = hosting.as_ref().map_or(network.announced().next().is_some(), |h| h.is_changed());
    if !lobby.is_changed() && !settings.is_changed() && !hosting_changed {
        return;
    }
    let mut wanted = BTreeMap::new();
    if let Some(hosting) = hosting.as_ref().filter(|h| settings.server == h.local_url()) {
        for known in lobby.games.values() {
            let state = &known.state;
            let (Some(side), Some(invite)) = (state.you, &state.invite) else { continue };
            if state.phase != Phase::WaitingForOpponent {
                continue;
            }
            let name = match side {
                Side::White => &state.white,
                Side::Black => &state.black,
            };
            let announcement = Announcement {
                name: name.clone().unwrap_or_else(|| settings.name.clone()),
                host_side: side,
                variant: state.variant,
                game: state.game,
                invite: invite.expose().to_owned(),
            };
            wanted.insert(state.game, (announcement, hosting.server.port()));
        }
    }
    let stale: Vec<_> = network.announced().filter(|game| !wanted.contains_key(game)).collect();
    for game in stale {
        network.withdraw(game);
    }
    let announced: Vec<_> = network.announced().collect();
    for (game, (announcement, port)) in wanted {
        if !announced.contains(&game) {
            network.announce(*config, port, &announcement);
        }
    }
}
