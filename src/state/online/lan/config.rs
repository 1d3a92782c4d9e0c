//! Where play on this network happens: multicast DNS's port and interfaces, and the port the
//! server inside the app tries first. Tests use ports of their own, on loopback only.

use bevy::prelude::*;

/// The port the server inside the app tries first, so that a host that quits and comes back is
/// found where it was.
pub const PREFERRED_PORT: u16 = 7879;

/// Where play on this network happens.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct LanConfig {
    /// Multicast DNS's UDP port (5353 is the standard one).
    pub mdns_port: u16,
    /// Multicast DNS on the loopback interface only (tests).
    pub loopback_only: bool,
    /// The port the server inside the app tries first (any free one when it is taken).
    pub server_port: u16,
}

impl Default for LanConfig {
    fn default() -> Self {
        LanConfig { mdns_port: 5353, loopback_only: false, server_port: PREFERRED_PORT }
    }
}
