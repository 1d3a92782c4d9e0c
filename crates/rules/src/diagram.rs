//! Text diagrams of the charts, for terminals and tests.

use crate::complex::Coord;
use crate::piece::Facing;
use crate::position::Position;
use crate::tables::FacingMode;

impl Position {
    /// A text drawing of every chart: ranks from the top, files labelled below; pawns show their
    /// facing (`^` up, `v` down) on boards that transport it, and `*` marks an unused double step.
    pub fn diagram(&self) -> String {
        let complex = self.complex();
        let mut out = String::new();
        for (ci, chart) in complex.charts().iter().enumerate() {
            match chart.label {
                Some(label) if chart.is_level() => {
                    let letter = crate::san::level_letter(ci as u8);
                    out.push_str(&format!("level {label} ({letter})\n"));
                }
                Some(label) => out.push_str(&format!("chart {label}\n")),
                None => {}
            }
            for rank in (0..chart.height).rev() {
                out.push_str(&format!("{:>3} ", rank + 1));
                for file in 0..chart.width {
                    let cell = complex.cell_at(Coord { chart: ci as u8, file, rank }).expect("on chart");
                    let token = match self.piece_at(cell) {
                        None => ".  ".to_owned(),
                        Some(p) => {
                            let facing = match (p.facing(), self.rules().facing_mode) {
                                (Some(Facing::Up), FacingMode::Transported) => '^',
                                (Some(Facing::Down), FacingMode::Transported) => 'v',
                                _ => ' ',
                            };
                            let unused = if p.unused() { '*' } else { ' ' };
                            format!("{}{facing}{unused}", p.letter())
                        }
                    };
                    out.push_str(&token);
                }
                out.push('\n');
            }
            out.push_str("    ");
            for file in 0..chart.width {
                out.push_str(&format!("{}  ", char::from(b'a' + file)));
            }
            out.push('\n');
        }
        let side = self.side_to_move().name();
        out.push_str(&format!("{side} to move{}\n", if self.is_check() { ", in check" } else { "" }));
        out
    }
}
