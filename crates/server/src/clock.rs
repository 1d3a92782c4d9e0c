//! Match clocks, after the peer's clock contract (clock-v1): rapid presets and custom clocks with
//! an increment, started when both players pressed Ready; correspondence clocks with a full
//! allowance for every turn. Time is injected: every function takes `now` in [`Millis`], so the
//! server decides with its own clock and tests run in virtual time. The settings ([`ClockSpec`])
//! are the protocol's, from `surface-chess-online`.

use surface_chess_rules::Color;

/// The clock settings and times: `surface_chess_online::clock`, re-exported so that
/// `surface_chess_server::clock::ClockSpec` (and the rest) keep working.
pub use surface_chess_online::clock::*;

/// Whose clock runs and since when.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Running {
    side: Color,
    since: Millis,
}

/// A match clock: both players' time, Ready presses, and the side whose time is running.
///
/// The clock does not know the position: the game tells it who moved. A move [`Clock::flagged`]
/// at its instant must be refused by the caller (the referee), which ends the game on time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    spec: ClockSpec,
    remaining: [Millis; 2],
    ready: [bool; 2],
    running: Option<Running>,
    started: bool,
}

impl Clock {
    /// A clock not yet started: both players have the full allowance.
    pub fn new(spec: ClockSpec) -> Clock {
        Clock { spec, remaining: [spec.allowance(); 2], ready: [false; 2], running: None, started: false }
    }

    /// The setting.
    pub fn spec(&self) -> ClockSpec {
        self.spec
    }

    /// Whether the clock has started (it keeps this once stopped).
    pub fn started(&self) -> bool {
        self.started
    }

    /// Whether a player has pressed Ready.
    pub fn is_ready(&self, side: Color) -> bool {
        self.ready[side.index()]
    }

    /// The side whose time is running, if any.
    pub fn running(&self) -> Option<Color> {
        self.running.map(|r| r.side)
    }

    /// A player presses Ready (rapid clocks). When both have, `first`'s clock starts (the side to
    /// move: White). Pressing again changes nothing; correspondence clocks ignore Ready. Returns
    /// whether this press started the clock.
    pub fn press_ready(&mut self, side: Color, first: Color, now: Millis) -> bool {
        if self.spec.is_correspondence() || self.started {
            return false;
        }
        self.ready[side.index()] = true;
        if self.ready == [true; 2] {
            self.start(first, now);
            return true;
        }
        false
    }

    /// Starts `side`'s clock now (correspondence: when the friend joins; rapid: through
    /// [`Clock::press_ready`]). Does nothing once started.
    pub fn start(&mut self, side: Color, now: Millis) {
        if self.started {
            return;
        }
        self.started = true;
        self.running = Some(Running { side, since: now });
    }

    /// The instant the running side's time runs out.
    pub fn deadline(&self) -> Option<Millis> {
        self.running.map(|r| r.since.saturating_add(self.remaining[r.side.index()]))
    }

    /// The side whose time has run out at `now`: at or after the deadline.
    pub fn flagged(&self, now: Millis) -> Option<Color> {
        let r = self.running?;
        (now >= self.deadline()?).then_some(r.side)
    }

    /// A player's time left at `now` (zero once flagged).
    pub fn remaining(&self, side: Color, now: Millis) -> Millis {
        let left = self.remaining[side.index()];
        match self.running {
            Some(r) if r.side == side => left.saturating_sub(now.saturating_sub(r.since)),
            _ => left,
        }
    }

    /// `mover` made an accepted move at `now`: their time is charged and the increment added
    /// (rapid), or the allowance reset (correspondence); the opponent's clock starts.
    ///
    /// # Errors
    /// [`Flagged`] if `mover`'s time ran out at or before `now` (nothing changes), or if the clock
    /// is not running for `mover`.
    pub fn moved(&mut self, mover: Color, now: Millis) -> Result<(), Flagged> {
        let Some(r) = self.running else {
            return Err(Flagged::NotRunning);
        };
        if r.side != mover {
            return Err(Flagged::NotRunning);
        }
        if self.flagged(now).is_some() {
            return Err(Flagged::OutOfTime(mover));
        }
        let i = mover.index();
        if self.spec.is_correspondence() {
            self.remaining = [self.spec.allowance(); 2];
        } else {
            self.remaining[i] = self.remaining(mover, now) + self.spec.increment();
        }
        self.running = Some(Running { side: !mover, since: now });
        Ok(())
    }

    /// The service was down from `down_since` until `now`: the running side is not charged that
    /// time (its turn is taken to have started that much later), as the big chess servers credit
    /// an outage. Returns the time credited.
    pub fn resume(&mut self, down_since: Millis, now: Millis) -> Millis {
        let Some(r) = self.running.as_mut() else { return 0 };
        let credit = now.saturating_sub(r.since.max(down_since));
        r.since += credit;
        credit
    }

    /// Stops the clock at `now` (the game ended): the running side is charged its time.
    pub fn stop(&mut self, now: Millis) {
        if let Some(r) = self.running.take() {
            let left = self.remaining[r.side.index()].saturating_sub(now.saturating_sub(r.since));
            self.remaining[r.side.index()] = left;
        }
    }
}

/// Why [`Clock::moved`] refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Flagged {
    /// The mover's time had run out.
    #[error("{} ran out of time", .0.name())]
    OutOfTime(Color),
    /// The mover's clock was not running (not started, stopped, or not their turn).
    #[error("the mover's clock is not running")]
    NotRunning,
}
