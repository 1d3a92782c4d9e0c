//! Stacked boards as data: which level a cell lies on, the same square on another level, the
//! levels' titles. Boards are stacked when their charts are levels (`Chart::is_level`); pure
//! functions, no ECS.

use surface_chess_rules::{Cell, Complex, Coord};

/// Whether a board's charts are stacked levels.
pub fn is_stacked(complex: &Complex) -> bool {
    complex.charts().iter().any(|c| c.is_level())
}

/// The level a cell lies on: its chart's index (0 = level 1, the bottom), if that chart is a level.
pub fn level_of(complex: &Complex, cell: Cell) -> Option<u8> {
    let chart = complex.coord(cell).chart;
    complex.charts()[usize::from(chart)].is_level().then_some(chart)
}

/// The cell on `level` with the same file and rank as `cell`.
pub fn on_level(complex: &Complex, cell: Cell, level: u8) -> Option<Cell> {
    level_of(complex, cell)?;
    complex.charts().get(usize::from(level)).filter(|c| c.is_level())?;
    let Coord { file, rank, .. } = complex.coord(cell);
    complex.cell_at(Coord { chart: level, file, rank })
}

/// The same square `delta` levels up (negative: down), if there is such a level.
pub fn level_step(complex: &Complex, cell: Cell, delta: i8) -> Option<Cell> {
    let level = level_of(complex, cell)?.checked_add_signed(delta)?;
    on_level(complex, cell, level)
}

/// A level's title: its number and its letter as the rules text names them (`1 α`); `None` for a
/// chart that is not a level.
pub fn level_title(complex: &Complex, chart: u8) -> Option<String> {
    let c = complex.charts().get(usize::from(chart)).filter(|c| c.is_level())?;
    let name = c.label?;
    Some(format!("{name} {}", surface_chess_rules::level_letter(chart)))
}
