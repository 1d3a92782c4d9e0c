//! Stacked levels as geometry: the vertical guide from one level to a cell on another (which
//! level a cell lies on is data: `state::stack`); pure functions, no ECS.

use super::geometry::Surface;
use crate::state::stack::{level_of, on_level};
use bevy::math::Vec3;
use surface_chess_rules::Cell;

/// The vertical guide to a destination `to` on another level than `from`: from the point on
/// `from`'s level under (or over) `to` to `to`'s centre. `None` when both lie on one level or the
/// board has no levels.
pub fn guide(surface: &Surface, from: Cell, to: Cell) -> Option<(Vec3, Vec3)> {
    let complex = &surface.variant.rules().complex;
    let level = level_of(complex, from)?;
    if level_of(complex, to)? == level {
        return None;
    }
    let foot = on_level(complex, to, level)?;
    Some((surface.centre(foot), surface.centre(to)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::surface::look::{Shape, look};
    use crate::state::stack::{is_stacked, level_step, level_title};
    use bevy::math::Vec3Swizzles;
    use surface_chess_rules::Variant;

    fn spacing(v: Variant) -> f32 {
        match look(v).shape {
            Shape::Levels { spacing } => spacing as f32,
            other => panic!("{v} is drawn as {other:?}"),
        }
    }

    #[test]
    fn levels_are_horizontal_and_stacked_by_the_spacing_with_white_on_the_near_side() {
        for v in [Variant::Strato, Variant::Chess3] {
            let s = Surface::new(v);
            let complex = &v.rules().complex;
            assert!(s.stacked() && s.sides() == [1.0]);
            let cell = |name: &str| complex.parse_cell(name).unwrap();
            for name in ["1a1", "2e4", "3h8"] {
                assert!(s.centre_normal(cell(name)).distance(Vec3::Y) < 1e-5, "{v}: {name} faces up");
            }
            let (a, b, c) = (s.centre(cell("1e4")), s.centre(cell("2e4")), s.centre(cell("3e4")));
            assert!((b.y - a.y - spacing(v)).abs() < 1e-5 && (c.y - b.y - spacing(v)).abs() < 1e-5, "{v}");
            assert!(a.xz().distance(c.xz()) < 1e-5, "{v}: one square, one column");
            assert!(b.y.abs() < 1e-5, "{v}: the middle level at the centre");
            // Seen from rank 1's side (+z), files run left to right.
            let (a1, h1, a8) = (s.centre(cell("1a1")), s.centre(cell("1h1")), s.centre(cell("1a8")));
            assert!(a1.z > a8.z && h1.x > a1.x, "{v}");
            assert!((s.cell_size() - 1.0).abs() < 1e-4, "{v}: unit cells");
        }
        for v in [Variant::Mobius, Variant::Chess, Variant::Genus2] {
            let s = Surface::new(v);
            assert!(!s.stacked() && s.sides() == [1.0, -1.0] && s.level(Cell(0)).is_none(), "{v}");
        }
    }

    #[test]
    fn level_steps_keep_the_square_and_stop_at_the_top_and_bottom() {
        let complex = &Variant::Strato.rules().complex;
        let cell = |name: &str| complex.parse_cell(name).unwrap();
        assert_eq!(level_step(complex, cell("1e2"), 1), Some(cell("2e2")));
        assert_eq!(level_step(complex, cell("2e2"), 1), Some(cell("3e2")));
        assert_eq!(level_step(complex, cell("3e2"), 1), None);
        assert_eq!(level_step(complex, cell("1e2"), -1), None);
        assert_eq!(level_step(complex, cell("3a8"), -2), Some(cell("1a8")));
        assert_eq!(on_level(complex, cell("3c5"), 1), Some(cell("2c5")));
        assert_eq!(level_of(complex, cell("2c5")), Some(1));
        let flat = &Variant::Chess.rules().complex;
        assert_eq!(level_step(flat, flat.parse_cell("e2").unwrap(), 1), None);
        assert!(!is_stacked(flat) && !is_stacked(&Variant::Genus2.rules().complex));
    }

    #[test]
    fn a_guide_stands_vertically_under_the_destination_from_the_movers_level() {
        let s = Surface::new(Variant::Strato);
        let complex = &Variant::Strato.rules().complex;
        let cell = |name: &str| complex.parse_cell(name).unwrap();
        let (foot, top) = guide(&s, cell("1e2"), cell("3e4")).expect("another level");
        assert_eq!(foot, s.centre(cell("1e4")));
        assert_eq!(top, s.centre(cell("3e4")));
        assert!((top - foot).normalize().distance(Vec3::Y) < 1e-5);
        let (foot, end) = guide(&s, cell("3d7"), cell("2d5")).expect("down a level");
        assert_eq!((foot, end), (s.centre(cell("3d5")), s.centre(cell("2d5"))));
        assert_eq!(guide(&s, cell("1e2"), cell("1e4")), None, "same level: no guide");
    }

    #[test]
    fn levels_are_titled_by_number_and_letter() {
        let complex = &Variant::Chess3.rules().complex;
        let titles: Vec<Option<String>> = (0..4).map(|c| level_title(complex, c)).collect();
        assert_eq!(titles, [Some("1 α".into()), Some("2 β".into()), Some("3 γ".into()), None]);
        assert_eq!(level_title(&Variant::Genus2.rules().complex, 0), None);
    }
}
