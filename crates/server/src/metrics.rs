//! What an operator watches, in Prometheus's text format at `/metrics`: connections, games in
//! memory, moves accepted, how long storing takes, refusals by code, and the process's memory
//! (resident now and at its peak, where the system tells: Linux's `/proc/self/status`).

use std::collections::BTreeMap;
use std::fmt::Write;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// Counters the server adds to as it runs.
#[derive(Debug, Default)]
pub struct Metrics {
    moves: AtomicU64,
    stored: AtomicU64,
    storing_micros: AtomicU64,
    refusals: Mutex<BTreeMap<String, u64>>,
}

/// What is measured at the moment of asking.
#[derive(Clone, Copy, Debug)]
pub struct Gauges {
    /// Open connections.
    pub connections: usize,
    /// Games held in memory.
    pub games: usize,
}

impl Metrics {
    /// A move was accepted (not a resent one).
    pub fn moved(&self) {
        self.moves.fetch_add(1, Ordering::Relaxed);
    }

    /// An event was stored, taking `took`.
    pub fn stored(&self, took: Duration) {
        self.stored.fetch_add(1, Ordering::Relaxed);
        self.storing_micros.fetch_add(took.as_micros() as u64, Ordering::Relaxed);
    }

    /// A request or a connection was refused with `code`.
    pub fn refused(&self, code: &str) {
        *self.refusals.lock().unwrap_or_else(|e| e.into_inner()).entry(code.to_owned()).or_default() += 1;
    }

    /// Refusals of `code` so far.
    pub fn refusals(&self, code: &str) -> u64 {
        self.refusals.lock().unwrap_or_else(|e| e.into_inner()).get(code).copied().unwrap_or(0)
    }

    /// The metrics in Prometheus's text exposition format.
    pub fn render(&self, gauges: Gauges) -> String {
        let mut out = String::new();
        let mut metric = |name: &str, kind: &str, help: &str, lines: &[(String, String)]| {
            let _ = writeln!(out, "# HELP surface_chess_{name} {help}\n# TYPE surface_chess_{name} {kind}");
            for (labels, value) in lines {
                let _ = writeln!(out, "surface_chess_{name}{labels} {value}");
            }
        };
        let one = |v: String| [(String::new(), v)];
        metric("connections", "gauge", "Open connections.", &one(gauges.connections.to_string()));
        metric("games_in_memory", "gauge", "Games held in memory.", &one(gauges.games.to_string()));
        metric("moves_total", "counter", "Moves accepted.", &one(self.moves.load(Ordering::Relaxed).to_string()));
        let seconds = self.storing_micros.load(Ordering::Relaxed) as f64 / 1e6;
        let count = self.stored.load(Ordering::Relaxed);
        metric(
            "storage_seconds",
            "summary",
            "Time taken to store an event.",
            &[("_sum".into(), seconds.to_string()), ("_count".into(), count.to_string())],
        );
        let refusals: Vec<(String, String)> = self
            .refusals
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .iter()
            .map(|(code, n)| (format!("{{code=\"{code}\"}}"), n.to_string()))
            .collect();
        metric("refusals_total", "counter", "Requests and connections refused, by code.", &refusals);
        if let Some((now, peak)) = resident_bytes() {
            metric("resident_bytes", "gauge", "The process's resident memory.", &one(now.to_string()));
            metric("peak_resident_bytes", "gauge", "The process's peak resident memory.", &one(peak.to_string()));
        }
        out
    }
}

/// The process's resident memory now and at its peak, in bytes (Linux; `None` elsewhere).
pub fn resident_bytes() -> Option<(u64, u64)> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let kib = |key: &str| {
        let line = status.lines().find(|l| l.starts_with(key))?;
        line[key.len()..].trim().trim_end_matches("kB").trim().parse::<u64>().ok().map(|k| k * 1024)
    };
    Some((kib("VmRSS:")?, kib("VmHWM:")?))
}

/// The value of an unlabelled metric in a `/metrics` text (for the load tester and tests).
pub fn read_metric(text: &str, name: &str) -> Option<f64> {
    text.lines().find_map(|l| l.strip_prefix(name)?.strip_prefix(' ')?.trim().parse().ok())
}
