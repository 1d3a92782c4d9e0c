//! `surface-chess-server`: the online game server. Only its referee core exists so far; this
//! command reads its future options and says so, rather than pretending to serve.

use std::process::ExitCode;

use clap::Parser;

/// The Surface Chess game server.
#[derive(Parser, Debug)]
#[command(name = "surface-chess-server", version, about)]
struct Args {
    /// The address to listen on.
    #[arg(long, default_value = "127.0.0.1:7878")]
    listen: String,
    /// The database: a SQLite file (the default) or a `postgres://` URL.
    #[arg(long, default_value = "sqlite://surface-chess.db")]
    database: String,
}

fn main() -> ExitCode {
    let _args = Args::parse();
    eprintln!(
        "surface-chess-server: the network server is not built yet (issue 11 first slice: the referee core only)"
    );
    ExitCode::from(2)
}
