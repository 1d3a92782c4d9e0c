//! The game server inside the app, for play on this network: the same referee as
//! `surface-chess-server`, on SQLite, on its own runtime's threads, listening on every interface.
//! It stops when dropped.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;
use surface_chess_server::SystemClock;
use surface_chess_server::serve::{self, Config, Running};

/// A running server inside the app.
pub struct LocalServer {
    running: Option<Running>,
    runtime: Option<tokio::runtime::Runtime>,
}

impl LocalServer {
    /// Starts a server on `port` (else any free port) of every interface, keeping its games in
    /// the SQLite file `database` (in memory when `None`).
    ///
    /// # Errors
    /// The runtime, the database or the address, in words.
    pub fn start(port: u16, database: Option<&Path>) -> Result<LocalServer, String> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("lan-server")
            .enable_all()
            .build()
            .map_err(|e| format!("cannot start the server's runtime: {e}"))?;
        if let Some(folder) = database.and_then(Path::parent).filter(|f| !f.as_os_str().is_empty()) {
            std::fs::create_dir_all(folder)
                .map_err(|e| format!("cannot host on this network: cannot make {}: {e}", folder.display()))?;
        }
        let url = match database {
            Some(path) => format!("sqlite://{}", path.display()),
            None => "sqlite::memory:".to_owned(),
        };
        let on = |port| Config::new(SocketAddr::new(IpAddr::V4(Ipv4Addr::UNSPECIFIED), port), &url);
        let running = runtime.block_on(async {
            match serve::start(on(port), Arc::new(SystemClock)).await {
                Err(serve::ServeError::Listen { .. }) => serve::start(on(0), Arc::new(SystemClock)).await,
                started => started,
            }
        });
        let running = running.map_err(|e| format!("cannot host on this network: {e}"))?;
        Ok(LocalServer { running: Some(running), runtime: Some(runtime) })
    }

    /// The port it listens on.
    pub fn port(&self) -> u16 {
        self.running.as_ref().map_or(0, |r| r.addr.port())
    }

    /// The address this app connects to it at.
    pub fn local_url(&self) -> String {
        format!("ws://127.0.0.1:{}/ws", self.port())
    }
}

impl Drop for LocalServer {
    fn drop(&mut self) {
        if let (Some(running), Some(runtime)) = (self.running.take(), self.runtime.take()) {
            {
                let _entered = runtime.enter();
                running.stop();
            }
            // The listener is closed before the next Host (the same port again).
            runtime.shutdown_timeout(Duration::from_secs(2));
        }
    }
}
