//! This app on the local network's multicast DNS (DNS-SD through `mdns-sd`): the games it
//! announces while it hosts, and the games other hosts announce, as a finder lists them. What is
//! heard is bounded: at most [`MAX_FOUND`] hosts are listed, and an announcement that does not
//! read is counted, never listed.

use super::announcement::{Announcement, SERVICE_TYPE};
use super::config::LanConfig;
use bevy::prelude::*;
use mdns_sd::{IfKind, Receiver, ServiceDaemon, ServiceEvent, ServiceInfo};
use std::collections::BTreeMap;
use std::net::{IpAddr, SocketAddr};
use surface_chess_online::GameId;

/// The most hosts listed at once.
pub const MAX_FOUND: usize = 32;

/// A game announced on the network, and where its host listens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// What the host announced.
    pub announcement: Announcement,
    /// The host's server (`ws://ADDRESS:PORT/ws`).
    pub url: String,
}

/// The app on the network's multicast DNS.
#[derive(Resource, Default)]
pub struct Neighbourhood {
    daemon: Option<ServiceDaemon>,
    browsing: Option<Receiver<ServiceEvent>>,
    /// This app's name on the network (random, made once).
    instance: String,
    /// The games announced from here: their full service names.
    announced: BTreeMap<GameId, String>,
    /// The games found, by their full service names.
    pub found: BTreeMap<String, Found>,
    /// Announcements heard that did not read (or came when the list was full).
    pub ignored: usize,
    /// The last problem with the network, in words.
    pub problem: Option<String>,
}

impl Neighbourhood {
    /// Whether the network is being searched for games.
    pub fn finding(&self) -> bool {
        self.browsing.is_some()
    }

    /// The games announced from here.
    pub fn announced(&self) -> impl Iterator<Item = GameId> + '_ {
        self.announced.keys().copied()
    }

    fn daemon(&mut self, config: LanConfig) -> Result<&ServiceDaemon, String> {
        if self.daemon.is_none() {
            let daemon = ServiceDaemon::new_with_port(config.mdns_port)
                .map_err(|e| format!("cannot use the local network's multicast DNS: {e}"))?;
            if config.loopback_only {
                let _ = daemon.disable_interface(IfKind::All);
                let _ = daemon.enable_interface(IfKind::LoopbackV4);
            }
            self.instance = format!("surface-chess-{:08x}", rand::random::<u32>());
            self.daemon = Some(daemon);
        }
        Ok(self.daemon.as_ref().expect("made above"))
    }

    /// Starts looking for games on the network (once).
    pub fn find(&mut self, config: LanConfig) {
        if self.browsing.is_some() {
            return;
        }
        let browsing = self.daemon(config).and_then(|d| d.browse(SERVICE_TYPE).map_err(|e| e.to_string()));
        match browsing {
            Ok(receiver) => self.browsing = Some(receiver),
            Err(e) => self.problem = Some(e),
        }
    }

    /// Takes in what was heard since the last call; returns whether the list changed.
    pub fn hear(&mut self) -> bool {
        let Some(receiver) = &self.browsing else { return false };
        let events: Vec<_> = receiver.try_iter().collect();
        let mut changed = false;
        for event in events {
            match event {
                ServiceEvent::ServiceResolved(service) => {
                    let fullname = service.fullname.clone();
                    if self.announced.values().any(|own| *own == fullname) {
                        continue;
                    }
                    let read = Announcement::read(|key| service.get_property_val_str(key));
                    let address = best_address(service.addresses.iter().map(|a| a.to_ip_addr()));
                    let full = self.found.len() >= MAX_FOUND && !self.found.contains_key(&fullname);
                    match (read, address) {
                        (Ok(announcement), Some(address)) if !full => {
                            let url = format!("ws://{}/ws", SocketAddr::new(address, service.port));
                            let found = Found { announcement, url };
                            changed |= self.found.insert(fullname, found.clone()).as_ref() != Some(&found);
                        }
                        (read, _) => {
                            if let Err(e) = read {
                                debug!("ignored an announcement on the network ({fullname}): {e}");
                            }
                            self.ignored += 1;
                        }
                    }
                }
                ServiceEvent::ServiceRemoved(_, fullname) => changed |= self.found.remove(&fullname).is_some(),
                _ => {}
            }
        }
        changed
    }

    /// Announces a game hosted here, its server on `port` of this machine's addresses.
    pub fn announce(&mut self, config: LanConfig, port: u16, announcement: &Announcement) {
        let game = announcement.game;
        let registered = self.daemon(config).cloned().and_then(|daemon| {
            let instance = format!("{}-{game}", self.instance);
            let host = format!("{}.local.", self.instance);
            let properties = announcement.properties();
            let info = ServiceInfo::new(SERVICE_TYPE, &instance, &host, "", port, &properties[..])
                .map_err(|e| e.to_string())?
                .enable_addr_auto();
            let fullname = info.get_fullname().to_owned();
            daemon.register(info).map_err(|e| e.to_string())?;
            Ok(fullname)
        });
        match registered {
            Ok(fullname) => {
                self.announced.insert(game, fullname);
            }
            Err(e) => self.problem = Some(format!("cannot announce game {game} on this network: {e}")),
        }
    }

    /// Withdraws the announcement of game `game`.
    pub fn withdraw(&mut self, game: GameId) {
        if let (Some(daemon), Some(fullname)) = (&self.daemon, self.announced.remove(&game)) {
            let _ = daemon.unregister(&fullname);
        }
    }
}

impl Drop for Neighbourhood {
    /// The games announced from here are withdrawn (goodbye packets) before the app goes.
    fn drop(&mut self) {
        if let Some(done) = self.daemon.as_ref().and_then(|d| d.shutdown().ok()) {
            let _ = done.recv_timeout(std::time::Duration::from_millis(500));
        }
    }
}

/// The address to reach a host at: IPv4 before IPv6, a routable one before loopback; never an
/// IPv6 link-local address (it would need its interface in the URL).
fn best_address(addresses: impl Iterator<Item = IpAddr>) -> Option<IpAddr> {
    addresses
        .filter(|a| !matches!(a, IpAddr::V6(v6) if v6.is_unicast_link_local()))
        .min_by_key(|a| (a.is_ipv6(), a.is_loopback(), *a))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_host_is_reached_at_a_routable_ipv4_address_first() {
        let ips = |list: &[&str]| list.iter().map(|a| a.parse::<IpAddr>().unwrap()).collect::<Vec<_>>();
        let best = |list: &[&str]| best_address(ips(list).into_iter()).map(|a| a.to_string());
        assert_eq!(best(&["fd00::2", "127.0.0.1", "192.168.1.20"]).as_deref(), Some("192.168.1.20"));
        assert_eq!(best(&["fd00::2", "127.0.0.1"]).as_deref(), Some("127.0.0.1"));
        assert_eq!(best(&["fe80::1", "fd00::2"]).as_deref(), Some("fd00::2"));
        assert_eq!(best(&["fe80::1"]), None, "a link-local address would need its interface");
        assert_eq!(best(&[]), None);
    }
}
