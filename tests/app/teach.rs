//! Teaching overlays: the rays' geometry on both views (continuous across seams, lying on the
//! surface, numbered seam ends on the chart), "why not?" with its culprits, and the story of a
//! move that crosses a seam, driven headlessly like a player's hover and clicks.

use bevy::prelude::*;
use surface_chess::features::explain::Explained;
use surface_chess::features::rays::legs::{Leg, leg_segments, seam_numbers};
use surface_chess::features::rays::piece_legs;
use surface_chess::logic_plugin;
use surface_chess::scene::chart::ChartLayout;
use surface_chess::scene::overlay::{on_chart, on_surface};
use surface_chess::scene::surface::Surface;
use surface_chess::state::game::CurrentGame;
use surface_chess::state::messages::CellPicked;
use surface_chess::state::selection::Hovered;
use surface_chess::state::viewing::Viewing;
use surface_chess_rules::{Cell, Game, Position, Start, Variant};

fn cell(v: Variant, name: &str) -> Cell {
    v.rules().complex.parse_cell(name).unwrap()
}

fn position(v: Variant, text: &str) -> Position {
    Position::from_text(v, text).unwrap()
}

/// The first leg of `legs` on `name`.
fn leg<'a>(legs: &'a [Vec<Leg>], v: Variant, name: &str) -> &'a Leg {
    legs.iter().flatten().find(|l| l.cell == cell(v, name)).unwrap_or_else(|| panic!("no leg on {name}"))
}

/// A rook on a4 of the Möbius strip: its west ray leaves a4 at the chart's west edge and comes
/// back on j6 at the east edge; both ends carry the same number.
#[test]
fn a_ray_through_the_moebius_seam_is_numbered_at_both_ends_of_the_chart() {
    let v = Variant::Mobius;
    let p = position(v, "5k4/10/10/10/10/R9/10/10/5K4 w - - 0 0");
    let legs = piece_legs(&p, cell(v, "a4"));
    // The west ray: a4, then j6 across the seam.
    let west = legs.iter().find(|l| l.len() > 1 && l[1].cell == cell(v, "j6")).expect("the west ray");
    assert!(west[0].exit_seam.is_some() && west[0].exit_seam == west[1].entry_seam, "{west:?}");
    let layout = ChartLayout::new(v, false);
    let complex = p.complex();
    // Its exit from a4 lies on the chart's west edge, its entry into j6 on the east edge.
    let exit = leg_segments(&west[0]).last().copied().unwrap();
    let entry = leg_segments(&west[1])[0];
    let exit_at = on_chart(&layout, complex, west[0].cell, exit).1;
    let entry_at = on_chart(&layout, complex, west[1].cell, entry).0;
    let left = layout.point(0, 0.0, 0.0).x;
    let right = layout.point(0, 10.0, 0.0).x;
    assert!((exit_at.x - left).abs() < 1e-4 && (entry_at.x - right).abs() < 1e-4, "{exit_at} {entry_at}");
    // The ray crosses the seam twice (a4 to j6, then a6 to j4, back to the rook): each crossing's
    // number is written twice, at its two ends.
    let numbers: Vec<usize> = seam_numbers(&layout, complex, west).iter().map(|(n, _)| *n).collect();
    assert_eq!(numbers.len(), 4, "{numbers:?}");
    assert!(numbers[0] == numbers[1] && numbers[2] == numbers[3] && numbers[1] != numbers[2], "{numbers:?}");
}

/// On the surface the same ray is one continuous curve: where it leaves a4 it enters j6 at the
/// same point in space, and every piece is a short step along the surface, not a chord.
#[test]
fn rays_on_the_surface_are_continuous_across_seams_and_lie_on_it() {
    for (v, text, from) in [
        (Variant::Mobius, "5k4/10/10/10/10/R9/10/10/5K4 w - - 0 0", "a4"),
        (Variant::Klein, "9/9/9/9/9/9/4k4/9/9/9/9/9/9/9/9/4K4/9/1R7 w - - 0 0", "b1"),
        (Variant::Genus2, "9/9/9/9/9/9/9/9/4Q4|9/9/9/9/9/9/9/9/k3K4 w - - 0 0", "I:e1"),
    ] {
        let p = position(v, text);
        let surface = Surface::new(v);
        let size = surface.cell_size();
        let legs = piece_legs(&p, cell(v, from));
        assert!(legs.iter().flatten().any(|l| l.entry_seam.is_some()), "{v}: some ray crosses a seam");
        for trail in &legs {
            let mut previous: Option<Vec3> = None;
            for leg in trail {
                for stroke in leg_segments(leg) {
                    let points = on_surface(&surface, leg.cell, stroke, 6, 0.0);
                    if let Some(end) = previous.filter(|_| stroke.0 != Vec2::splat(0.5)) {
                        let gap = end.distance(points[0].0);
                        assert!(gap < size * 1e-3, "{v}: the ray jumps {gap} entering {}", p.complex().name(leg.cell));
                    }
                    for pair in points.windows(2) {
                        assert!(pair[0].0.distance(pair[1].0) < size * 0.3, "{v}: a chord");
                    }
                    previous = Some(points.last().unwrap().0);
                }
            }
        }
    }
}

#[test]
fn a_pawn_whose_facing_flips_is_marked_and_a_closed_edge_ends_with_a_bar() {
    let v = Variant::Mobius;
    // A White pawn on j1 facing up: its east diagonal crosses the seam to a8 and faces down there.
    let p = position(v, "5k4/p-*9/10/10/10/10/10/10/5K3P+ w - - 0 0");
    let legs = piece_legs(&p, cell(v, "j1"));
    assert!(leg(&legs, v, "a8").flip, "the facing flips across the seam");
    // A rook on e9 going north runs off the unglued top edge.
    let p = position(v, "4R5/10/10/10/10/10/7k2/10/5K4 w - - 0 0");
    let legs = piece_legs(&p, cell(v, "e9"));
    assert!(legs.iter().flatten().any(|l| l.cell == cell(v, "e9") && l.dead_end), "a bar at the edge");
}

fn app_with(game: Game) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, logic_plugin)).insert_resource(CurrentGame::from_game(game));
    app.update();
    app
}

fn hover(app: &mut App, c: Option<Cell>) {
    app.world_mut().resource_mut::<Hovered>().0 = c;
    app.update();
}

#[test]
fn hovering_a_cell_that_is_not_a_destination_says_why_and_marks_the_culprit() {
    let v = Variant::Mobius;
    let mut app = app_with(Game::new(v));
    app.world_mut().write_message(CellPicked(cell(v, "b1")));
    app.update();
    hover(&mut app, Some(cell(v, "b4")));
    let explained = app.world().resource::<Explained>().clone();
    assert_eq!(explained.text, "Why not? The white pawn on b2 is in the way.");
    assert_eq!(explained.culprits, vec![cell(v, "b2")]);
    hover(&mut app, None);
    assert!(app.world().resource::<Explained>().culprits.is_empty(), "nothing blamed without a hover");
}

#[test]
fn hovering_a_destination_through_a_seam_tells_what_the_seam_does() {
    let v = Variant::Mobius;
    let p = position(v, "5k4/10/10/10/10/R9/10/10/5K4 w - - 0 0");
    let mut app = app_with(Game::from_position(p, Start::Edited { label: "test".into() }));
    app.world_mut().write_message(CellPicked(cell(v, "a4")));
    app.update();
    hover(&mut app, Some(cell(v, "i6")));
    let text = app.world().resource::<Explained>().text.clone();
    assert!(text.starts_with("The white rook on a4 can go to i6 through a seam."), "{text}");
    assert!(text.contains("left a4 across the west edge and re-entered on j6 moving left"), "{text}");
}

#[test]
fn replaying_a_move_through_a_seam_explains_it() {
    let v = Variant::Mobius;
    let p = position(v, "5k4/10/10/10/10/R9/10/10/5K4 w - - 0 0");
    let mut game = Game::from_position(p.clone(), Start::Edited { label: "test".into() });
    game.play(p.parse_action("Ra4–i6").unwrap()).unwrap();
    let mut app = app_with(game);
    app.world_mut().insert_resource(Viewing(Some(1)));
    app.update();
    let text = app.world().resource::<Explained>().text.clone();
    assert!(text.starts_with("Ra4–i6: The rook left a4 across the west edge"), "{text}");
    app.world_mut().insert_resource(Viewing(Some(0)));
    app.update();
    assert_eq!(app.world().resource::<Explained>().text, "", "no move on show before the first");
}

mod atlas {
    use super::*;
    use crate::transitions::switch_atlas;
    use surface_chess::features::atlas::atlas_words;
    use surface_chess::features::atlas::glue::{cone_at, describe, pair_arrows, seam_pairs};
    use surface_chess::state::atlas::AtlasPin;
    use surface_chess::state::mode::AtlasView;
    use surface_chess_rules::Dir;

    #[test]
    fn a_moebius_side_seam_is_glued_reversed() {
        let v = Variant::Mobius;
        let complex = &v.rules().complex;
        let pairs = seam_pairs(complex, cell(v, "j3"));
        assert_eq!(pairs.len(), 1, "only the east side of j3 is a seam");
        let pair = pairs[0];
        assert_eq!((pair.side, pair.partner, pair.partner_side), (Dir::East, cell(v, "a7"), Dir::West));
        assert_eq!(describe(complex, &pair), "east of j3 is a7: directions flip vertically (up becomes down)");
        // The arrows on the two sides point opposite ways along the edge.
        let [(_, here), (_, there)] = pair_arrows(&pair);
        let rise = |strokes: &[(Vec2, Vec2)]| strokes[0].1.y - strokes[0].0.y;
        assert!(rise(&here) > 0.0 && rise(&there) < 0.0, "{here:?} {there:?}");
    }

    #[test]
    fn klein_ranks_wrap_without_a_flip_and_genus_two_has_cones_of_eight() {
        let k = Variant::Klein;
        let pairs = seam_pairs(&k.rules().complex, cell(k, "b18"));
        assert_eq!(describe(&k.rules().complex, &pairs[0]), "north of b18 is b1: directions unchanged");
        let g = Variant::Genus2;
        let complex = &g.rules().complex;
        let cones: Vec<_> = complex.cells().filter_map(|c| cone_at(complex, c)).collect();
        assert!(!cones.is_empty());
        for cone in &cones {
            assert_eq!(cone.corners.len(), 8, "eight cell corners meet at a cone point");
        }
        let words = atlas_words(complex, cones[0].corners[0].0);
        assert!(words.text.contains("a cone point: 8 cells meet here"), "{}", words.text);
        assert_eq!(words.culprits.len(), 8);
    }

    #[test]
    fn the_atlas_explains_the_hovered_seam_and_a_click_pins_it_without_moving() {
        let v = Variant::Mobius;
        let mut app = app_with(Game::new(v));
        switch_atlas(&mut app, AtlasView::Open);
        hover(&mut app, Some(cell(v, "j3")));
        let text = app.world().resource::<Explained>().text.clone();
        assert_eq!(text, "Atlas: east of j3 is a7: directions flip vertically (up becomes down)");
        app.world_mut().write_message(CellPicked(cell(v, "a1")));
        app.update();
        assert_eq!(app.world().resource::<AtlasPin>().0, Some(cell(v, "a1")));
        assert!(app.world().resource::<CurrentGame>().game.actions().is_empty());
        hover(&mut app, Some(cell(v, "e5")));
        let text = app.world().resource::<Explained>().text.clone();
        assert!(text.starts_with("Atlas: west of a1 is j9"), "the pinned cell stays: {text}");
        switch_atlas(&mut app, AtlasView::Closed);
        assert_eq!(app.world().resource::<Explained>().text, "", "closing clears the words");
    }
}

#[test]
fn why_not_at_a_cone_point_blames_its_eight_cells() {
    let v = Variant::Genus2;
    let p = position(v, "9/9/9/9/9/8K/2P+6/9/9|4k4/9/6p-2/9/9/9/9/9/9 w - - 0 0");
    let mut app = app_with(Game::from_position(p, Start::Edited { label: "test".into() }));
    app.world_mut().write_message(CellPicked(cell(v, "I:i4")));
    app.update();
    hover(&mut app, Some(cell(v, "I:a5")));
    let explained = app.world().resource::<Explained>().clone();
    assert!(
        explained.text.starts_with("Why not? The diagonal step up-right from I:i4 meets a cone point"),
        "{}",
        explained.text
    );
    assert_eq!(explained.culprits.len(), 8, "the cone point's eight cells");
}
