//! The clock contract in virtual time.

use surface_chess_rules::Color::{Black, White};
use surface_chess_server::clock::{DAY, MINUTE, SECOND};
use surface_chess_server::{Clock, ClockError, ClockSpec, Flagged};

#[test]
fn presets_are_the_contracts_six_and_thirty_minutes_is_the_default() {
    let names: Vec<String> = ClockSpec::PRESETS.iter().map(ToString::to_string).collect();
    assert_eq!(names, ["10", "10+5", "15+10", "20", "30", "60"]);
    assert_eq!(ClockSpec::default(), ClockSpec::rapid(30, 0));
    for p in ClockSpec::PRESETS {
        assert_eq!(p.validate(), Ok(p));
        assert_eq!(p.to_string().parse::<ClockSpec>(), Ok(p));
    }
}

#[test]
fn custom_clocks_are_limited_to_120_minutes_and_60_seconds() {
    assert_eq!(ClockSpec::rapid(1, 0).validate(), Ok(ClockSpec::rapid(1, 0)));
    assert_eq!(ClockSpec::rapid(120, 60).validate(), Ok(ClockSpec::rapid(120, 60)));
    assert_eq!(ClockSpec::rapid(0, 0).validate(), Err(ClockError::Minutes(0)));
    assert_eq!(ClockSpec::rapid(121, 0).validate(), Err(ClockError::Minutes(121)));
    assert_eq!(ClockSpec::rapid(5, 61).validate(), Err(ClockError::Increment(61)));
    assert_eq!("45+61".parse::<ClockSpec>(), Err(ClockError::Increment(61)));
    assert!(matches!("ten".parse::<ClockSpec>(), Err(ClockError::Malformed(_))));
    assert!(ClockError::Minutes(0).to_string().contains("1 to 120 minutes"));
}

#[test]
fn correspondence_allows_the_six_day_counts() {
    for days in 0..=20 {
        let ok = [1, 2, 3, 5, 7, 14].contains(&days);
        assert_eq!(ClockSpec::correspondence(days).validate().is_ok(), ok, "{days} days");
    }
    assert_eq!("3d".parse::<ClockSpec>(), Ok(ClockSpec::correspondence(3)));
    assert_eq!("4d".parse::<ClockSpec>(), Err(ClockError::Days(4)));
}

#[test]
fn rapid_clock_starts_with_whites_time_when_both_pressed_ready() {
    let mut c = Clock::new(ClockSpec::rapid(10, 0));
    assert!(!c.press_ready(Black, White, 1_000));
    assert!(!c.started());
    assert_eq!(c.remaining(White, 50_000), 10 * MINUTE, "nothing runs before both are ready");
    assert!(c.press_ready(White, White, 2_000));
    assert_eq!(c.running(), Some(White));
    assert_eq!(c.deadline(), Some(2_000 + 10 * MINUTE));
    assert_eq!(c.remaining(White, 2_000 + 3 * SECOND), 10 * MINUTE - 3 * SECOND);
    assert_eq!(c.remaining(Black, 2_000 + 3 * SECOND), 10 * MINUTE);
}

#[test]
fn pressing_ready_again_restarts_nothing() {
    let mut c = Clock::new(ClockSpec::rapid(10, 0));
    c.press_ready(White, White, 0);
    c.press_ready(Black, White, 0);
    let before = c.clone();
    assert!(!c.press_ready(White, White, 30 * SECOND));
    assert!(!c.press_ready(Black, White, 40 * SECOND));
    assert_eq!(c, before);
    assert_eq!(c.remaining(White, 40 * SECOND), 10 * MINUTE - 40 * SECOND);
}

#[test]
fn a_move_at_the_deadline_is_out_of_time_one_millisecond_before_is_not() {
    let mut c = Clock::new(ClockSpec::rapid(1, 0));
    c.press_ready(White, White, 0);
    c.press_ready(Black, White, 0);
    assert_eq!(c.flagged(MINUTE - 1), None);
    assert_eq!(c.flagged(MINUTE), Some(White));
    let mut late = c.clone();
    assert_eq!(late.moved(White, MINUTE), Err(Flagged::OutOfTime(White)));
    assert_eq!(late, c, "a refused move changes nothing");
    assert_eq!(c.moved(White, MINUTE - 1), Ok(()));
    assert_eq!(c.remaining(White, MINUTE), 1);
    assert_eq!(c.running(), Some(Black));
}

#[test]
fn the_increment_is_added_after_each_accepted_move() {
    let mut c = Clock::new(ClockSpec::rapid(10, 5));
    c.press_ready(White, White, 0);
    c.press_ready(Black, White, 0);
    c.moved(White, 20 * SECOND).unwrap();
    assert_eq!(c.remaining(White, 20 * SECOND), 10 * MINUTE - 20 * SECOND + 5 * SECOND);
    c.moved(Black, 30 * SECOND).unwrap();
    assert_eq!(c.remaining(Black, 30 * SECOND), 10 * MINUTE - 10 * SECOND + 5 * SECOND);
    assert_eq!(c.deadline(), Some(30 * SECOND + 10 * MINUTE - 15 * SECOND));
}

#[test]
fn only_the_running_side_may_move() {
    let mut c = Clock::new(ClockSpec::rapid(10, 0));
    assert_eq!(c.moved(White, 0), Err(Flagged::NotRunning), "not started");
    c.press_ready(White, White, 0);
    c.press_ready(Black, White, 0);
    assert_eq!(c.moved(Black, 1), Err(Flagged::NotRunning));
}

#[test]
fn correspondence_starts_on_join_resets_each_turn_and_banks_nothing() {
    let mut c = Clock::new(ClockSpec::correspondence(3));
    assert!(!c.press_ready(White, White, 0), "Ready means nothing to correspondence");
    assert!(!c.started());
    c.start(White, 100);
    assert_eq!(c.deadline(), Some(100 + 3 * DAY));
    c.moved(White, 100 + MINUTE).unwrap();
    assert_eq!(c.remaining(White, 100 + MINUTE), 3 * DAY, "unused time is not banked");
    assert_eq!(c.deadline(), Some(100 + MINUTE + 3 * DAY));
    c.moved(Black, 100 + MINUTE + 3 * DAY - 1).unwrap();
    assert_eq!(c.deadline(), Some(100 + MINUTE + 6 * DAY - 1), "a full allowance again");
    assert_eq!(c.flagged(100 + MINUTE + 6 * DAY - 1), Some(White));
}

#[test]
fn time_runs_with_nobody_there_and_stop_freezes_it() {
    let mut c = Clock::new(ClockSpec::rapid(10, 0));
    c.press_ready(White, White, 0);
    c.press_ready(Black, White, 0);
    // Nobody calls anything for eleven minutes (a disconnect): White is out of time.
    assert_eq!(c.flagged(11 * MINUTE), Some(White));
    let mut d = Clock::new(ClockSpec::rapid(10, 0));
    d.press_ready(White, White, 0);
    d.press_ready(Black, White, 0);
    d.stop(MINUTE);
    assert_eq!(d.running(), None);
    assert_eq!(d.remaining(White, 5 * MINUTE), 9 * MINUTE);
    assert_eq!(d.flagged(DAY), None);
}
