//! `surface-chess-server`: the online game server, and its load tester.
//!
//! ```text
//! surface-chess-server --listen 127.0.0.1:7878                      # SQLite file surface-chess.db
//! surface-chess-server --database postgres://user@host/db           # several servers may share it
//! surface-chess-server --tls-cert cert.pem --tls-key key.pem        # wss://
//! surface-chess-server loadtest --connect 127.0.0.1:7878 --games 1000
//! ```

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use clap::{Args, Parser, Subcommand};
use surface_chess_rules::Variant;
use surface_chess_server::SystemClock;
use surface_chess_server::limits::Limits;
use surface_chess_server::loadtest::{self, LoadConfig};
use surface_chess_server::logging::{self, LogFormat};
use surface_chess_server::serve::{self, Config};

/// mimalloc, not glibc's malloc: see `docs/DESIGN.md` ("The server's allocator").
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The Surface Chess game server.
#[derive(Parser, Debug)]
#[command(name = "surface-chess-server", version, about, args_conflicts_with_subcommands = true)]
struct Cli {
    #[command(flatten)]
    serve: ServeArgs,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Args, Debug)]
struct ServeArgs {
    /// The address to listen on (port 0: any free port; the address is printed).
    #[arg(long, default_value = "127.0.0.1:7878")]
    listen: SocketAddr,
    /// The database: a SQLite file (created if missing) or a `postgres://` URL.
    #[arg(long, default_value = "sqlite://surface-chess.db")]
    database: String,
    /// A PEM certificate chain: serve wss:// (with --tls-key).
    #[arg(long, requires = "tls_key")]
    tls_cert: Option<PathBuf>,
    /// The PEM private key of --tls-cert.
    #[arg(long, requires = "tls_cert")]
    tls_key: Option<PathBuf>,
    /// Messages a connection may send per second on average.
    #[arg(long, default_value_t = 20)]
    rate: u32,
    /// Games one identity may start (create or join) in an hour; more creations are refused.
    #[arg(long, default_value_t = surface_chess_server::hub::GAMES_PER_HOUR)]
    games_per_hour: usize,
    /// Unfinished games one identity may be seated in; more creations and joins are refused.
    #[arg(long, default_value_t = surface_chess_server::hub::MAX_UNFINISHED)]
    max_unfinished: usize,
    /// Open connections in all; more are answered 503 and closed.
    #[arg(long, default_value_t = Limits::default().connections)]
    max_connections: usize,
    /// Open connections from one IP address; more are answered 429 and closed.
    #[arg(long, default_value_t = Limits::default().per_ip)]
    max_per_ip: usize,
    /// Seconds a connection may take to send its request's headers (and TLS handshake).
    #[arg(long, value_name = "SECONDS", default_value_t = Limits::default().header_timeout.as_secs_f64())]
    header_timeout: f64,
    /// Seconds between the server's pings; a ping not answered within as long again closes.
    #[arg(long, value_name = "SECONDS", default_value_t = Limits::default().ping_every.as_secs_f64())]
    ping: f64,
    /// Seconds a connection may send no message before it is closed.
    #[arg(long, value_name = "SECONDS", default_value_t = Limits::default().idle.as_secs_f64())]
    idle: f64,
    /// How log lines are written (filtered by RUST_LOG, default info).
    #[arg(long, value_enum, default_value_t = LogFormat::Plain)]
    log_format: LogFormat,
    /// Seconds a reply may wait for its reader before the connection is dropped.
    #[arg(long, value_name = "SECONDS", default_value_t = Limits::default().send_timeout.as_secs_f64())]
    send_timeout: f64,
}

/// Seconds as a duration, for a flag: positive and finite.
fn seconds(flag: &str, s: f64) -> Result<Duration, String> {
    Duration::try_from_secs_f64(s)
        .ok()
        .filter(|d| !d.is_zero())
        .ok_or(format!("--{flag} {s}: give a positive number of seconds"))
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Plays N games at once through a running server and prints one line of results.
    Loadtest {
        /// The server's address (HOST:PORT) or WebSocket URL; several, comma-separated, to play
        /// each game's two sides through different servers.
        #[arg(long, value_delimiter = ',', required = true)]
        connect: Vec<String>,
        /// Games at once.
        #[arg(long, default_value_t = 100)]
        games: usize,
        /// Plies per game at most.
        #[arg(long, default_value_t = 40)]
        plies: usize,
        /// The variant.
        #[arg(long, default_value = "chess")]
        variant: Variant,
        /// Check the stored games in this database afterwards (default: ask the server).
        #[arg(long)]
        database: Option<String>,
        /// Moves per second offered, all games together, each game evenly paced (0: as fast as
        /// the server answers).
        #[arg(long, default_value_t = 2200.0)]
        rate: f64,
        /// Write every acknowledged move to this CSV file (game, ply, seconds into the play
        /// when sent, milliseconds to its acknowledgement).
        #[arg(long)]
        series: Option<PathBuf>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("surface-chess-server: cannot start the async runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    runtime.block_on(async move {
        match cli.command {
            None => serve_forever(cli.serve).await,
            Some(Command::Loadtest { connect, games, plies, variant, database, rate, series }) => {
                let urls =
                    connect.into_iter().map(|c| if c.contains("://") { c } else { format!("ws://{c}/ws") }).collect();
                match loadtest::run(&LoadConfig { urls, games, plies, variant, database, rate, series }).await {
                    Ok(report) => {
                        println!("{report}");
                        if report.lost == 0 { ExitCode::SUCCESS } else { ExitCode::FAILURE }
                    }
                    Err(e) => {
                        eprintln!("surface-chess-server loadtest: {e}");
                        ExitCode::FAILURE
                    }
                }
            }
        }
    })
}

async fn serve_forever(args: ServeArgs) -> ExitCode {
    logging::init(args.log_format, std::io::stderr);
    let mut config = Config::new(args.listen, &args.database);
    config.tls = args.tls_cert.zip(args.tls_key);
    config.rate = args.rate;
    config.burst = args.rate.saturating_mul(2);
    config.games_per_hour = args.games_per_hour;
    config.max_unfinished = args.max_unfinished;
    let durations = (|| -> Result<_, String> {
        let ping = seconds("ping", args.ping)?;
        Ok(Limits {
            connections: args.max_connections,
            per_ip: args.max_per_ip,
            header_timeout: seconds("header-timeout", args.header_timeout)?,
            ping_every: ping,
            pong_deadline: ping,
            idle: seconds("idle", args.idle)?,
            send_timeout: seconds("send-timeout", args.send_timeout)?,
        })
    })();
    config.limits = match durations {
        Ok(limits) => limits,
        Err(e) => {
            eprintln!("surface-chess-server: {e}");
            return ExitCode::from(2);
        }
    };
    let scheme = if config.tls.is_some() { "wss" } else { "ws" };
    match serve::start(config, Arc::new(SystemClock)).await {
        Ok(running) => {
            println!("surface-chess-server: listening on {scheme}://{}/ws", running.addr);
            let _ = tokio::signal::ctrl_c().await;
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("surface-chess-server: {e}");
            ExitCode::from(2)
        }
    }
}
