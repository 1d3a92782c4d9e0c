//! The server's log: structured events through `tracing`, written one per line as plain text or
//! JSON (`--log-format`), filtered by `RUST_LOG` (default `info`). What is logged names
//! connections by number, games by number and refusals by code; never a secret (identity
//! tokens, their digests and invite codes are not in any event, and their `Debug` output hides
//! them).

use tracing_subscriber::EnvFilter;
use tracing_subscriber::fmt::MakeWriter;

/// How log lines are written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum LogFormat {
    /// One line of text per event.
    #[default]
    Plain,
    /// One JSON object per line (for log collectors).
    Json,
}

/// Sets the process's logger: `format`, filtered by `RUST_LOG` (default `info`), to `writer`.
/// Does nothing if a logger is already set.
pub fn init<W>(format: LogFormat, writer: W)
where
    W: for<'a> MakeWriter<'a> + Send + Sync + 'static,
{
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let _ = tracing::subscriber::set_global_default(subscriber(format, filter, writer));
}

/// A logger writing `format` to `writer`, keeping the events `filter` lets through.
pub fn subscriber<W>(format: LogFormat, filter: EnvFilter, writer: W) -> Box<dyn tracing::Subscriber + Send + Sync>
where
    W: for<'a> MakeWriter<'a> + Send + Sync + 'static,
{
    // Colours only for a terminal: a file or a log collector gets plain text.
    let ansi = std::io::IsTerminal::is_terminal(&std::io::stderr());
    let builder =
        tracing_subscriber::fmt().with_env_filter(filter).with_writer(writer).with_target(false).with_ansi(ansi);
    match format {
        LogFormat::Plain => Box::new(builder.finish()),
        LogFormat::Json => Box::new(builder.json().flatten_event(true).finish()),
    }
}
