//! Both clocks of an online game as the panel shows them: the server's remaining times at the
//! moment its state was taken, the running side's counted down locally since the state arrived
//! (the server alone decides when time is up).

use surface_chess_online::{ClockSpec, ClockState, Side};

/// Each side's time left, in milliseconds, `elapsed_ms` after the state arrived.
pub fn remaining(clock: &ClockState, elapsed_ms: u64) -> (u64, u64) {
    let run = |side: Side, ms: u64| if clock.running == Some(side) { ms.saturating_sub(elapsed_ms) } else { ms };
    (run(Side::White, clock.white_ms), run(Side::Black, clock.black_ms))
}

/// A time left as a clock shows it: `29:58`, `1:05:00` from an hour, `2d 03:14` from a day
/// (correspondence), tenths under ten seconds (`0:07.3`).
pub fn format_ms(ms: u64) -> String {
    let seconds = ms / 1000;
    let (days, hours, minutes, secs) = (seconds / 86_400, seconds / 3600 % 24, seconds / 60 % 60, seconds % 60);
    if days > 0 {
        format!("{days}d {hours:02}:{minutes:02}")
    } else if seconds >= 3600 {
        format!("{}:{minutes:02}:{secs:02}", seconds / 3600)
    } else if ms < 10_000 {
        format!("0:{secs:02}.{}", ms % 1000 / 100)
    } else {
        format!("{}:{secs:02}", seconds / 60)
    }
}

/// A clock setting in words: `30 min`, `10+5`, `3 days per move`.
pub fn spec_words(spec: ClockSpec) -> String {
    match spec {
        ClockSpec::Rapid { minutes, increment_seconds: 0 } => format!("{minutes} min"),
        ClockSpec::Rapid { .. } => spec.to_string(),
        ClockSpec::Correspondence { days: 1 } => "1 day per move".into(),
        ClockSpec::Correspondence { days } => format!("{days} days per move"),
    }
}

/// The clock settings a host can choose: the rapid presets, then the correspondence days.
pub fn choices() -> Vec<ClockSpec> {
    let days = surface_chess_online::clock::CORRESPONDENCE_DAYS.iter().map(|&d| ClockSpec::correspondence(d));
    ClockSpec::PRESETS.iter().copied().chain(days).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state(running: Option<Side>) -> ClockState {
        ClockState {
            spec: ClockSpec::DEFAULT,
            now: 5_000,
            white_ms: 1_800_000,
            black_ms: 1_795_000,
            running,
            deadline: None,
            white_ready: true,
            black_ready: true,
        }
    }

    #[test]
    fn only_the_running_side_counts_down_and_never_below_zero() {
        assert_eq!(remaining(&state(Some(Side::White)), 2_500), (1_797_500, 1_795_000));
        assert_eq!(remaining(&state(Some(Side::Black)), 2_500), (1_800_000, 1_792_500));
        assert_eq!(remaining(&state(None), 2_500), (1_800_000, 1_795_000), "stopped clocks stand still");
        assert_eq!(remaining(&state(Some(Side::White)), 10_000_000).0, 0);
    }

    #[test]
    fn times_read_as_on_a_clock() {
        assert_eq!(format_ms(1_800_000), "30:00");
        assert_eq!(format_ms(1_797_500), "29:57");
        assert_eq!(format_ms(3_600_000), "1:00:00");
        assert_eq!(format_ms(9_999), "0:09.9");
        assert_eq!(format_ms(0), "0:00.0");
        assert_eq!(format_ms(3 * 86_400_000 - 1), "2d 23:59");
    }

    #[test]
    fn every_preset_and_correspondence_choice_is_offered() {
        let texts: Vec<String> = choices().iter().map(ToString::to_string).collect();
        assert_eq!(texts, ["10", "10+5", "15+10", "20", "30", "60", "1d", "2d", "3d", "5d", "7d", "14d"]);
        assert_eq!(spec_words(ClockSpec::DEFAULT), "30 min");
        assert_eq!(spec_words(ClockSpec::rapid(15, 10)), "15+10");
        assert_eq!(spec_words(ClockSpec::correspondence(1)), "1 day per move");
    }
}
