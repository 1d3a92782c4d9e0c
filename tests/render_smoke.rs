//! The real app as a process. The rendering smoke test runs it under a display (CI: Xvfb with
//! Mesa's software Vulkan) and takes a screenshot of each surface; each must show the surface
//! filling a sensible part of the 3D view. Ignored by default (it needs a display):
//!
//! ```sh
//! WGPU_BACKEND=vulkan xvfb-run -a -s "-screen 0 1600x900x24" cargo test --test render_smoke -- --ignored
//! ```

use std::path::PathBuf;
use std::process::Command;

const WIDTH: u32 = 1280;
const HEIGHT: u32 = 720;
const PANEL: u32 = 440;

/// Fraction of the 3D view's pixels that differ from the background colour, and whether the
/// chart panel shows something too.
fn coverage(path: &PathBuf) -> (f64, f64) {
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).expect("screenshot written")));
    let mut reader = decoder.read_info().expect("a PNG");
    let mut buf = vec![0; reader.output_buffer_size().expect("size")];
    let info = reader.next_frame(&mut buf).expect("decodes");
    assert_eq!((info.width, info.height), (WIDTH, HEIGHT), "window size");
    let channels = info.line_size / info.width as usize;
    let pixel = |x: u32, y: u32| {
        let at = y as usize * info.line_size + x as usize * channels;
        [buf[at], buf[at + 1], buf[at + 2]]
    };
    let background = pixel(2, 2);
    let differs = |p: [u8; 3]| p.iter().zip(background).any(|(a, b)| a.abs_diff(b) > 12);
    let (mut surface, mut total) = (0u64, 0u64);
    for y in (0..HEIGHT).step_by(2) {
        for x in (0..WIDTH - PANEL).step_by(2) {
            total += 1;
            surface += u64::from(differs(pixel(x, y)));
        }
    }
    let panel_bg = pixel(WIDTH - 4, HEIGHT - 4);
    let mut chart = (0u64, 0u64);
    for y in (10..300).step_by(3) {
        for x in (WIDTH - PANEL + 10..WIDTH - 10).step_by(3) {
            chart.1 += 1;
            chart.0 += u64::from(pixel(x, y).iter().zip(panel_bg).any(|(a, b)| a.abs_diff(b) > 12));
        }
    }
    (surface as f64 / total as f64, chart.0 as f64 / chart.1 as f64)
}

#[test]
#[ignore = "needs a display: run under xvfb-run (see the module docs)"]
fn every_surface_renders_and_fills_the_view() {
    let out = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    for variant in ["mobius", "klein", "genus2", "endless", "chess"] {
        let path = out.join(format!("smoke-{variant}.png"));
        let _ = std::fs::remove_file(&path);
        let status = Command::new(env!("CARGO_BIN_EXE_surface-chess"))
            .args(["--variant", variant, "--screenshot"])
            .arg(&path)
            .args(["--frames", "20", "--size", &format!("{WIDTH}x{HEIGHT}")])
            .status()
            .expect("the app starts");
        assert!(status.success(), "{variant}: the app failed ({status})");
        let (surface, chart) = coverage(&path);
        assert!(
            (0.12..0.95).contains(&surface),
            "{variant}: the surface covers {:.0}% of the 3D view",
            surface * 100.0
        );
        assert!(chart > 0.2, "{variant}: the chart is nearly empty ({:.0}%)", chart * 100.0);
    }
}

/// `--mesh-stats` prints one line of the documented form for every board (no display needed).
#[test]
fn mesh_stats_print_one_line_per_board() {
    for variant in ["mobius", "klein", "genus2", "endless", "chess"] {
        let out = Command::new(env!("CARGO_BIN_EXE_surface-chess")).args(["--mesh-stats", variant]).output().unwrap();
        assert!(out.status.success(), "{variant}");
        let text = String::from_utf8(out.stdout).unwrap();
        let words: Vec<&str> = text.trim_end().lines().last().unwrap().split(' ').collect();
        assert_eq!(words.len(), 15, "{variant}: {text}");
        let names: Vec<&str> = words[..14].iter().step_by(2).copied().collect();
        assert_eq!(
            names,
            ["cells", "min", "median", "max", "aspect", "self-intersections", "build"],
            "{variant}: {text}"
        );
        assert_eq!(words.last(), Some(&"ms"), "{variant}: {text}");
    }
}
