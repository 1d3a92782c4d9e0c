//! Seam crossings of a move, told in words: where the piece left the chart, where it came back
//! and which way it was then moving. Replays and lessons read these.

use crate::action::Action;
use crate::complex::{Cell, Complex};
use crate::explain::direction_words;
use crate::frame::Vector;
use crate::position::Position;

/// One step of a move's route that crossed a seam.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Crossing {
    /// The cell the piece left.
    pub left: Cell,
    /// The cell it entered across the seam.
    pub entered: Cell,
    /// Its direction before the crossing, in the chart of `left`.
    pub before: Vector,
    /// Its direction after, in the chart of `entered`.
    pub after: Vector,
}

impl Position {
    /// The seam crossings of an action's route (none for a move inside the chart).
    pub fn crossings(&self, a: Action) -> Vec<Crossing> {
        let complex = self.complex();
        let Some(route) = self.route(a) else { return Vec::new() };
        let mut out = Vec::new();
        let mut at = a.from;
        for step in route {
            if step.seam
                && let Some(before) = complex.departure(at, step.cell, step.heading)
            {
                out.push(Crossing { left: at, entered: step.cell, before, after: step.heading });
            }
            at = step.cell;
        }
        out
    }

    /// What the seams did to an action, one sentence per crossing, e.g. "The bishop left j3 across
    /// the east edge and re-entered on a7 moving down-left; the seam turned up into down."
    pub fn crossing_story(&self, a: Action) -> Vec<String> {
        let role = self.piece_at(a.from).map_or("piece", |p| p.role().name());
        self.crossings(a).iter().map(|c| c.sentence(self.complex(), role)).collect()
    }
}

impl Crossing {
    /// The crossing in words, for a piece called `role`.
    pub fn sentence(&self, complex: &Complex, role: &str) -> String {
        let (left, entered) = (complex.name(self.left), complex.name(self.entered));
        let moving = direction_words(self.after);
        let mut text = match edge(complex, self.left, self.before) {
            Some(edge) => {
                format!("The {role} left {left} across the {edge} and re-entered on {entered} moving {moving}")
            }
            None => format!("The {role} crossed the seam from {left} to {entered}, moving {moving}"),
        };
        let turned = |a: i8, b: i8, [plus, minus]: [&str; 2]| {
            let word = |s: i8| if s > 0 { plus } else { minus };
            (a != 0 && a == -b).then(|| format!("; the seam turned {} into {}", word(a), word(b)))
        };
        text += &turned(self.before.y, self.after.y, ["up", "down"]).unwrap_or_default();
        text += &turned(self.before.x, self.after.x, ["right", "left"]).unwrap_or_default();
        text + "."
    }
}

/// The chart edge (or corner) that a step from `c` in direction `v` leaves by, if it leaves the
/// chart; `None` for a seam inside the chart's drawing (genus two's staircase).
fn edge(complex: &Complex, c: Cell, v: Vector) -> Option<String> {
    let at = complex.coord(c);
    let chart = &complex.charts()[usize::from(at.chart)];
    let file = i16::from(at.file) + i16::from(v.x);
    let rank = i16::from(at.rank) + i16::from(v.y);
    let side = match file {
        f if f < 0 => Some("west"),
        f if f >= i16::from(chart.width) => Some("east"),
        _ => None,
    };
    let end = match rank {
        r if r < 0 => Some("south"),
        r if r >= i16::from(chart.height) => Some("north"),
        _ => None,
    };
    match (end, side) {
        (Some(a), Some(b)) => Some(format!("{a}-{b} corner")),
        (Some(a), None) | (None, Some(a)) => Some(format!("{a} edge")),
        (None, None) => None,
    }
}
