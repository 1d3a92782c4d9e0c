//! The command line: `surface-chess [--variant V] [--load FILE] [--screenshot OUT.png [--frames N]]
//! [--size WxH] [--bench-frames N] [--demo] [--msaa auto|off|4]`.

use std::path::PathBuf;
use surface_chess_rules::Variant;

/// Usage text.
pub const USAGE: &str = "usage: surface-chess [--variant mobius|klein|genus2|endless|chess] [--load FILE]
                     [--screenshot OUT.png [--frames N]] [--size WxH] [--bench-frames N] [--demo]
                     [--msaa auto|off|4]";

/// Multisampling of the 3D view.
#[derive(bevy::prelude::Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Antialias {
    /// 4× on a hardware GPU, off on a software renderer (where it costs a third of the frame).
    #[default]
    Auto,
    /// No multisampling.
    Off,
    /// 4× multisampling.
    Msaa4,
}

/// Parsed options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Start a new game of this variant (default: resume the autosave, else Möbius).
    pub variant: Option<Variant>,
    /// Start from this saved record.
    pub load: Option<PathBuf>,
    /// Render, save a screenshot here and exit.
    pub screenshot: Option<PathBuf>,
    /// Frames to render before the screenshot.
    pub frames: u32,
    /// Window size in logical pixels.
    pub size: (u32, u32),
    /// Render this many frames, print mean and p95 frame time, exit.
    pub bench_frames: Option<u32>,
    /// Start in exhibition mode (the computer plays both sides on a loop).
    pub demo: bool,
    /// Multisampling of the 3D view.
    pub antialias: Antialias,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            variant: None,
            load: None,
            screenshot: None,
            frames: 30,
            size: (1600, 900),
            bench_frames: None,
            demo: false,
            antialias: Antialias::Auto,
        }
    }
}

fn number(flag: &str, value: Option<String>) -> Result<u32, String> {
    let value = value.ok_or_else(|| format!("{flag} needs a number"))?;
    value.parse::<u32>().ok().filter(|&n| n > 0).ok_or_else(|| format!("{flag}: '{value}' is not a positive number"))
}

impl Options {
    /// Parses the arguments after the program name.
    pub fn parse(args: impl IntoIterator<Item = String>) -> Result<Options, String> {
        let mut o = Options::default();
        let mut it = args.into_iter();
        while let Some(arg) = it.next() {
            match arg.as_str() {
                "--variant" => {
                    let name = it.next().ok_or("--variant needs a name")?;
                    o.variant = Some(name.parse::<Variant>().map_err(|e| e.to_string())?);
                }
                "--demo" => o.demo = true,
                "--msaa" => {
                    o.antialias = match it.next().as_deref() {
                        Some("auto") => Antialias::Auto,
                        Some("off") => Antialias::Off,
                        Some("4") => Antialias::Msaa4,
                        other => return Err(format!("--msaa: '{}' is not auto, off or 4", other.unwrap_or(""))),
                    }
                }
                "--load" => o.load = Some(it.next().ok_or("--load needs a file")?.into()),
                "--screenshot" => o.screenshot = Some(it.next().ok_or("--screenshot needs a file")?.into()),
                "--frames" => o.frames = number("--frames", it.next())?,
                "--bench-frames" => o.bench_frames = Some(number("--bench-frames", it.next())?),
                "--size" => {
                    let value = it.next().ok_or("--size needs WxH")?;
                    let parsed = value
                        .split_once('x')
                        .and_then(|(w, h)| Some((w.parse::<u32>().ok()?, h.parse::<u32>().ok()?)))
                        .filter(|&(w, h)| (320..=8192).contains(&w) && (240..=8192).contains(&h));
                    o.size = parsed.ok_or_else(|| format!("--size: '{value}' is not WxH (e.g. 1280x720)"))?;
                }
                other => return Err(format!("unknown option '{other}'")),
            }
        }
        if o.variant.is_some() && o.load.is_some() {
            return Err("--variant and --load cannot be used together".into());
        }
        Ok(o)
    }

    /// Whether this run only renders (screenshot or benchmark): no autosave, no resume.
    pub fn headless_run(&self) -> bool {
        self.screenshot.is_some() || self.bench_frames.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<Options, String> {
        Options::parse(args.iter().map(|s| s.to_string()))
    }

    #[test]
    fn parses_every_option() {
        let o =
            parse(&["--variant", "genus2", "--screenshot", "g.png", "--frames", "5", "--size", "1280x720"]).unwrap();
        assert_eq!(o.variant, Some(Variant::Genus2));
        assert_eq!((o.frames, o.size), (5, (1280, 720)));
        assert!(o.headless_run());
        assert_eq!(parse(&["--bench-frames", "100"]).unwrap().bench_frames, Some(100));
        assert!(parse(&["--demo"]).unwrap().demo);
        assert_eq!(parse(&["--msaa", "4"]).unwrap().antialias, Antialias::Msaa4);
        assert_eq!(parse(&["--msaa", "off"]).unwrap().antialias, Antialias::Off);
        assert_eq!(parse(&[]).unwrap(), Options::default());
    }

    #[test]
    fn bad_flags_say_what_is_wrong() {
        assert!(parse(&["--variant", "torus"]).unwrap_err().contains("unknown variant 'torus'"));
        assert!(parse(&["--size", "big"]).unwrap_err().contains("--size"));
        assert!(parse(&["--frames", "0"]).unwrap_err().contains("positive"));
        assert!(parse(&["--fly"]).unwrap_err().contains("unknown option '--fly'"));
        assert!(parse(&["--msaa", "8"]).unwrap_err().contains("'8' is not auto, off or 4"));
        assert!(parse(&["--variant", "klein", "--load", "x.json"]).unwrap_err().contains("together"));
    }
}
