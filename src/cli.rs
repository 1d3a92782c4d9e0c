//! The command line (clap): `surface-chess [--variant V | --load FILE] [--screenshot OUT.png
//! [--frames N]] [--size WxH] [--bench-frames N] [--demo] [--kiosk [--idle S]] [--pace S]
//! [--ui-scale X] [--msaa auto|off|4] [--quality auto|low|high] [--select CELL] [--point CELL] [--no-rays] [--atlas] [--lessons DIR] [--lesson ID]
//! [--unrolled] [--compare] [--mesh-stats V] [--server URL] [--name NAME] [--host [--side S] [--clock C]
//! [--spectators] | --join CODE | --watch GAME]`.

use crate::scene::camera::Antialias;
use crate::scene::quality::Quality;
use clap::{Parser, ValueEnum};
use std::path::PathBuf;
use surface_chess_online::{ClockSpec, InviteCode, Name, SideChoice};
use surface_chess_rules::Variant;

/// `WxH` within sane window sizes.
fn parse_size(text: &str) -> Result<(u32, u32), String> {
    text.split_once('x')
        .and_then(|(w, h)| Some((w.parse::<u32>().ok()?, h.parse::<u32>().ok()?)))
        .filter(|&(w, h)| (320..=8192).contains(&w) && (240..=8192).contains(&h))
        .ok_or_else(|| "expected WxH between 320x240 and 8192x8192, e.g. 1280x720".to_owned())
}

/// A number of seconds from 0.1 to 3600.
fn parse_seconds(text: &str) -> Result<f32, String> {
    text.parse::<f32>()
        .ok()
        .filter(|s| (0.1..=3600.0).contains(s))
        .ok_or_else(|| "expected a number of seconds from 0.1 to 3600".to_owned())
}

/// A UI scale from 0.5 to 4.
fn parse_scale(text: &str) -> Result<f32, String> {
    text.parse::<f32>()
        .ok()
        .filter(|s| (0.5..=4.0).contains(s))
        .ok_or_else(|| "expected a scale from 0.5 to 4".to_owned())
}

/// The side a host takes in an online game.
#[derive(ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum HostSide {
    /// The host plays White.
    #[default]
    White,
    /// The host plays Black.
    Black,
    /// The server draws the host's side.
    Random,
}

impl From<HostSide> for SideChoice {
    fn from(side: HostSide) -> SideChoice {
        match side {
            HostSide::White => SideChoice::White,
            HostSide::Black => SideChoice::Black,
            HostSide::Random => SideChoice::Random,
        }
    }
}

/// A game server's WebSocket address.
fn parse_server(text: &str) -> Result<String, String> {
    crate::state::online::check_server(text).map(|()| text.to_owned())
}

/// A player's name as the server accepts it.
fn parse_name(text: &str) -> Result<String, String> {
    Name::parse(text).map(|n| n.as_str().to_owned()).map_err(|e| e.to_string())
}

/// An invite code's shape (the server says whether a game has it).
fn parse_invite(text: &str) -> Result<String, String> {
    InviteCode::parse(text).map(|c| c.expose().to_owned()).map_err(|e| e.to_string())
}

/// A game to watch: its number on `--server`, or a link `ws[s]://HOST[:PORT]/PATH#NUMBER` that
/// names its server too.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Watch {
    /// The server the link names.
    pub server: Option<String>,
    /// The game's number.
    pub game: u64,
}

fn parse_watch(text: &str) -> Result<Watch, String> {
    let (server, number) = match text.rsplit_once('#') {
        Some((url, n)) if url.contains("://") => (Some(parse_server(url)?), n),
        _ => (None, text),
    };
    let game = number
        .trim()
        .parse()
        .map_err(|_| format!("{number:?} is not a game number (write 12, or wss://HOST/ws#12)"))?;
    Ok(Watch { server, game })
}

/// A clock setting: `30`, `10+5`, `3d`.
fn parse_clock(text: &str) -> Result<ClockSpec, String> {
    text.parse::<ClockSpec>().map_err(|e| e.to_string())
}

/// Chess on curved surfaces: the Möbius strip, the Klein bottle, the double torus, the Endless
/// strip and the flat board.
#[derive(Parser, Clone, Debug, PartialEq)]
#[command(name = "surface-chess", version)]
pub struct Options {
    /// Start a new game on this board (default: resume the autosave, else Möbius).
    #[arg(long, value_enum, conflicts_with = "load")]
    pub variant: Option<Variant>,
    /// Start from this saved record.
    #[arg(long, value_name = "FILE")]
    pub load: Option<PathBuf>,
    /// Render, save a screenshot here and exit.
    #[arg(long, value_name = "OUT.png")]
    pub screenshot: Option<PathBuf>,
    /// Frames to render before the screenshot.
    #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u32).range(1..))]
    pub frames: u32,
    /// Window size in logical pixels (default: fits the monitor).
    #[arg(long, value_name = "WxH", value_parser = parse_size)]
    pub size: Option<(u32, u32)>,
    /// Render this many frames, print mean and p95 frame time, exit.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub bench_frames: Option<u32>,
    /// Start in exhibition mode (the computer plays both sides on a loop).
    #[arg(long)]
    pub demo: bool,
    /// Exhibition kiosk: fullscreen, the exhibition starts after --idle seconds without input,
    /// any touch or key returns to play.
    #[arg(long)]
    pub kiosk: bool,
    /// Seconds without input before a kiosk starts the exhibition.
    #[arg(long, value_name = "SECONDS", default_value_t = 90.0, value_parser = parse_seconds)]
    pub idle: f32,
    /// Least seconds between two exhibition moves.
    #[arg(long, value_name = "SECONDS", default_value_t = 3.0, value_parser = parse_seconds)]
    pub pace: f32,
    /// Scale of the panel and its text (on top of the system's scale factor).
    #[arg(long, value_name = "X", default_value_t = 1.0, value_parser = parse_scale)]
    pub ui_scale: f32,
    /// Multisampling of the 3D view.
    #[arg(long, value_enum, default_value_t)]
    pub msaa: Antialias,
    /// Lighting of the 3D view: baked shading (low) or a key light with soft shadows (high).
    #[arg(long, value_enum, default_value_t)]
    pub quality: Quality,
    /// Select the piece on this cell at start (screenshots, a teacher's prepared view).
    #[arg(long, value_name = "CELL")]
    pub select: Option<String>,
    /// Put the keyboard cursor on this cell at start (the panel explains it).
    #[arg(long, value_name = "CELL")]
    pub point: Option<String>,
    /// Start with the seam and cone-point atlas open (A toggles it).
    #[arg(long)]
    pub atlas: bool,
    /// Start with the selected piece's rays hidden (T shows them).
    #[arg(long)]
    pub no_rays: bool,
    /// Start with the unrolled view in the chart's place (U toggles it).
    #[arg(long)]
    pub unrolled: bool,
    /// Start with the board's untwisted twin beside it, on boards that have one (W toggles it).
    #[arg(long)]
    pub compare: bool,
    /// Offer the lessons in this folder (`*.json`, checked by the rules) instead of the built-in ones.
    #[arg(long, value_name = "DIR")]
    pub lessons: Option<PathBuf>,
    /// Start with this lesson open (its id: the file name without `.json`).
    #[arg(long, value_name = "ID")]
    pub lesson: Option<String>,
    /// Print the embedded surface's mesh statistics for this board and exit.
    #[arg(long, value_name = "VARIANT", value_enum)]
    pub mesh_stats: Option<Variant>,
    /// Online play: the game server's WebSocket address (default ws://127.0.0.1:7878/ws);
    /// connects at start.
    #[arg(long, value_name = "URL", value_parser = parse_server)]
    pub server: Option<String>,
    /// Online play: the name the opponent sees (default Guest).
    #[arg(long, value_name = "NAME", value_parser = parse_name)]
    pub name: Option<String>,
    /// Online play: host a game on the board of --variant (or the resumed game's) and print its
    /// invite code.
    #[arg(long, conflicts_with = "join")]
    pub host: bool,
    /// Online play: the host's side.
    #[arg(long, value_enum, default_value_t)]
    pub side: HostSide,
    /// Online play: the host's clock: minutes (10, 20, 30, 60), minutes+increment seconds (10+5,
    /// 15+10), or days per move (1d, 2d, 3d, 5d, 7d, 14d).
    #[arg(long, value_name = "CLOCK", default_value = "30", value_parser = parse_clock)]
    pub clock: ClockSpec,
    /// Online play: the hosted game may be watched by anyone who knows its number.
    #[arg(long, requires = "host")]
    pub spectators: bool,
    /// Online play: take the open seat of the game with this invite code.
    #[arg(long, value_name = "CODE", value_parser = parse_invite)]
    pub join: Option<String>,
    /// Online play: watch the game with this number on --server, or a link to it
    /// (wss://HOST/ws#12); one its players opened to watchers, or one of your own.
    #[arg(long, value_name = "GAME|LINK", value_parser = parse_watch, conflicts_with_all = ["join", "host"])]
    pub watch: Option<Watch>,
    /// Online play on this network, without a server: with --host, host on the server inside
    /// this app (announced on this network); alone, list the games announced on this network.
    #[arg(long, conflicts_with_all = ["server", "join", "watch"])]
    pub lan: bool,
    /// Online play: allow an unencrypted ws:// server that is not on this machine (the identity
    /// then travels in the clear; only on a network you trust).
    #[arg(long)]
    pub insecure: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options::parse_from(["surface-chess"])
    }
}

impl Options {
    /// Whether this run only renders (screenshot or benchmark): no autosave, no resume.
    pub fn headless_run(&self) -> bool {
        self.screenshot.is_some() || self.bench_frames.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::OsString;

    fn parse(args: &[&str]) -> Result<Options, String> {
        Options::try_parse_from(std::iter::once("surface-chess").chain(args.iter().copied())).map_err(|e| e.to_string())
    }

    #[test]
    fn parses_every_option() {
        let o =
            parse(&["--variant", "genus2", "--screenshot", "g.png", "--frames", "5", "--size", "1280x720"]).unwrap();
        assert_eq!(o.variant, Some(Variant::Genus2));
        assert_eq!((o.frames, o.size), (5, Some((1280, 720))));
        assert!(o.headless_run());
        assert_eq!(parse(&["--bench-frames", "100"]).unwrap().bench_frames, Some(100));
        assert!(parse(&["--demo"]).unwrap().demo);
        assert_eq!(parse(&["--msaa", "4"]).unwrap().msaa, Antialias::Msaa4);
        assert_eq!(parse(&["--msaa", "off"]).unwrap().msaa, Antialias::Off);
        let kiosk = parse(&["--kiosk", "--idle", "30", "--ui-scale", "1.5", "--pace", "2"]).unwrap();
        assert!(kiosk.kiosk);
        assert_eq!((kiosk.idle, kiosk.ui_scale, kiosk.pace), (30.0, 1.5, 2.0));
        assert_eq!(parse(&["--mesh-stats", "klein"]).unwrap().mesh_stats, Some(Variant::Klein));
        assert!(parse(&["--unrolled"]).unwrap().unrolled);
        assert!(parse(&["--compare"]).unwrap().compare);
        let host = parse(&[
            "--server",
            "wss://example.org/ws",
            "--name",
            " Ann ",
            "--host",
            "--side",
            "random",
            "--clock",
            "10+5",
        ])
        .unwrap();
        assert_eq!(host.server.as_deref(), Some("wss://example.org/ws"));
        assert_eq!(host.name.as_deref(), Some("Ann"), "trimmed as the server will");
        assert!(host.host);
        assert_eq!((host.side, host.clock), (HostSide::Random, ClockSpec::rapid(10, 5)));
        assert_eq!(parse(&["--clock", "3d"]).unwrap().clock, ClockSpec::correspondence(3));
        let join = parse(&["--join", " ABCDEFGHIJKMNPQRSTUV "]).unwrap();
        assert_eq!(join.join.as_deref(), Some("abcdefghijkmnpqrstuv"), "as the server reads it");
        assert_eq!(parse(&["--watch", "12"]).unwrap().watch, Some(Watch { server: None, game: 12 }));
        let link = parse(&["--watch", "wss://chess.example.org/ws#40"]).unwrap().watch.unwrap();
        assert_eq!((link.server.as_deref(), link.game), (Some("wss://chess.example.org/ws"), 40));
        for bad in ["twelve", "wss://chess.example.org/ws#x", "http://x/ws#3", "#"] {
            assert!(parse(&["--watch", bad]).is_err(), "{bad}");
        }
        assert!(parse(&["--watch", "12", "--host"]).is_err(), "watch or host");
        assert!(parse(&["--host", "--spectators"]).unwrap().spectators);
        assert!(parse(&["--spectators"]).is_err(), "only for a hosted game");
        let defaults = parse(&[]).unwrap();
        assert_eq!(defaults, Options::default());
        assert_eq!((defaults.idle, defaults.pace, defaults.ui_scale, defaults.size), (90.0, 3.0, 1.0, None));
        assert_eq!((defaults.server, defaults.name, defaults.host, defaults.join), (None, None, false, None));
        assert_eq!((defaults.side, defaults.clock), (HostSide::White, ClockSpec::DEFAULT));
    }

    #[test]
    fn bad_online_flags_say_what_is_wrong() {
        let server = parse(&["--server", "127.0.0.1:7878"]).unwrap_err();
        assert!(server.contains("not a server address") && server.contains("ws://127.0.0.1:7878/ws"), "{server}");
        assert!(parse(&["--name", "   "]).unwrap_err().contains("at least one visible character"));
        assert!(parse(&["--name", &"n".repeat(40)]).unwrap_err().contains("at most 32 characters"));
        assert!(parse(&["--join", "abc"]).unwrap_err().contains("an invite code is 20 characters"));
        assert!(parse(&["--clock", "7"]).is_ok(), "custom clocks are the server's to accept");
        assert!(parse(&["--clock", "4d"]).unwrap_err().contains("1, 2, 3, 5, 7 or 14 days"));
        assert!(parse(&["--clock", "fast"]).unwrap_err().contains("e.g. 30, 10+5 or 3d"));
        assert!(parse(&["--side", "red"]).unwrap_err().contains("'red'"));
        let both = parse(&["--host", "--join", "abcdefghijkmnpqrstuv"]).unwrap_err();
        assert!(both.contains("cannot be used with"), "{both}");
    }

    #[test]
    fn bad_flags_say_what_is_wrong() {
        let unknown = parse(&["--variant", "hyperbolic"]).unwrap_err();
        assert!(unknown.contains("'hyperbolic'") && unknown.contains("mobius"), "{unknown}");
        assert!(parse(&["--size", "big"]).unwrap_err().contains("WxH"));
        assert!(parse(&["--frames", "0"]).unwrap_err().contains("--frames"));
        assert!(parse(&["--fly"]).unwrap_err().contains("'--fly'"));
        assert!(parse(&["--msaa", "8"]).unwrap_err().contains("'8'"));
        assert!(parse(&["--ui-scale", "9"]).unwrap_err().contains("0.5 to 4"));
        assert!(parse(&["--variant", "klein", "--load", "x.json"]).unwrap_err().contains("cannot be used with"));
    }

    #[cfg(unix)]
    #[test]
    fn a_file_name_that_is_not_utf8_is_kept_as_given() {
        use std::os::unix::ffi::OsStringExt;
        let name = OsString::from_vec(b"game-\xff.json".to_vec());
        let args = [OsString::from("surface-chess"), OsString::from("--load"), name.clone()];
        let o = Options::try_parse_from(args).expect("a non-UTF-8 path is a valid path");
        assert_eq!(o.load.map(PathBuf::into_os_string), Some(name));
    }
}
