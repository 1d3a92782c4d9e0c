//! The unrolled view, headless: the copies of the chart placed as the gluings place them (a
//! cell's neighbour across a seam drawn right beside it, rays straight lines), genus two's trails
//! developed into straight strips, U and the panel's button toggling the view, and every cell of
//! every copy a patch of its rules cell.

use bevy::math::IVec2;
use bevy::prelude::*;
use surface_chess::features::unrolled::strips::{Development, develop};
use surface_chess::features::unrolled::tiles::{Tile, Tiling};
use surface_chess::features::unrolled::{
    self, Unrolled, UnrolledCell, UnrolledDrawing, UnrolledShown, tile_glyph, zoom_about, zoom_factor,
};
use surface_chess::logic_plugin;
use surface_chess::scene::board::{self, CellPatch};
use surface_chess::scene::chart::{self, Flipped};
use surface_chess::scene::flat::FlatMaterial;
use surface_chess::state::game::CurrentGame;
use surface_chess::state::messages::CellPicked;
use surface_chess_rules::{Cell, Color as Side, Dir, Piece, Position, Role, Setup, TrailKind, Variant};

const TILED: [Variant; 4] = [Variant::Mobius, Variant::Klein, Variant::Endless, Variant::Chess];

fn cell(v: Variant, name: &str) -> Cell {
    v.rules().complex.parse_cell(name).unwrap_or_else(|| panic!("{name} on {v}"))
}

fn close(a: Vec2, b: Vec2) -> bool {
    a.distance(b) < 1e-4
}

/// The unit vector of a chart direction.
fn unit(d: Dir) -> Vec2 {
    let v = d.vector();
    Vec2::new(f32::from(v.x), f32::from(v.y))
}

#[test]
fn a_neighbour_across_a_seam_is_drawn_beside_the_cell() {
    for v in TILED {
        for flipped in [false, true] {
            let tiling = Tiling::new(v, flipped).unwrap();
            let complex = &v.rules().complex;
            for tile in &tiling.tiles {
                for c in complex.cells() {
                    for side in Dir::ALL {
                        let Some(g) = complex.gluing(c, side) else {
                            assert!(tiling.neighbour(tile, c, side).is_none());
                            continue;
                        };
                        let found = tiling.neighbour(tile, c, side);
                        // From the original every neighbour is drawn; from the outer copies the
                        // next copy out may not be.
                        if tile.index == IVec2::ZERO {
                            assert!(found.is_some(), "{v}: {} {side:?}", complex.name(c));
                        }
                        let Some((next, n)) = found else { continue };
                        assert_eq!(n, g.to);
                        let step = tiling.direction(tile, unit(side));
                        assert!(
                            close(tiling.centre(&next, n), tiling.centre(tile, c) + step),
                            "{v}: {} {side:?} in copy {:?}",
                            complex.name(c),
                            tile.index
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn mobius_east_of_j_is_a_in_the_mirrored_east_copy() {
    let v = Variant::Mobius;
    let tiling = Tiling::new(v, false).unwrap();
    let original = tiling.original();
    assert_eq!(original, &Tile::ORIGINAL);
    for (from, to) in [("j1", "a9"), ("j5", "a5"), ("j9", "a1")] {
        let (east, n) = tiling.neighbour(original, cell(v, from), Dir::East).unwrap();
        assert_eq!(n, cell(v, to));
        assert_eq!(east.index, IVec2::new(1, 0));
        assert!(east.mirrored(), "the east copy has its ranks reversed");
        assert!(close(tiling.centre(&east, n), tiling.centre(original, cell(v, from)) + Vec2::X), "{from}");
    }
    let west = tiling.tile(IVec2::new(-1, 0)).unwrap();
    assert!(west.mirrored());
    assert!(close(tiling.centre(west, cell(v, "j9")), tiling.centre(original, cell(v, "a1")) - Vec2::X));
    // Top and bottom are unglued: no copies there.
    assert!(tiling.tile(IVec2::new(0, 1)).is_none() && tiling.tile(IVec2::new(0, -1)).is_none());
}

#[test]
fn klein_north_of_rank_18_is_rank_1_right_above_in_the_shifted_north_copy() {
    let v = Variant::Klein;
    let tiling = Tiling::new(v, false).unwrap();
    let original = tiling.original();
    for file in ["a", "e", "i"] {
        let (north, n) = tiling.neighbour(original, cell(v, &format!("{file}18")), Dir::North).unwrap();
        assert_eq!(n, cell(v, &format!("{file}1")));
        assert_eq!(north.index, IVec2::new(0, 1));
        assert!(!north.mirrored(), "the ranks wrap by translation");
        let above = tiling.centre(original, cell(v, &format!("{file}18"))) + Vec2::Y;
        assert!(close(tiling.centre(&north, n), above));
    }
    // The side seam reverses ranks (r -> 19 - r): i3 east is a16, in the mirrored east copy.
    let (east, n) = tiling.neighbour(original, cell(v, "i3"), Dir::East).unwrap();
    assert_eq!((n, east.index, east.mirrored()), (cell(v, "a16"), IVec2::new(1, 0), true));
    // A three-by-three block: the corner copies are mirrored in the side columns.
    assert_eq!(tiling.tiles.len(), 9);
    for x in -1..=1 {
        for y in -1..=1 {
            assert!(tiling.tile(IVec2::new(x, y)).is_some(), "copy {x}, {y}");
        }
    }
    for tile in &tiling.tiles {
        assert_eq!(tile.mirrored(), tile.index.x != 0, "{:?}", tile.index);
    }
}

#[test]
fn endless_and_chess() {
    let endless = Tiling::new(Variant::Endless, false).unwrap();
    let (east, n) = endless.neighbour(endless.original(), cell(Variant::Endless, "h2"), Dir::East).unwrap();
    assert_eq!((n, east.index), (cell(Variant::Endless, "a7"), IVec2::new(1, 0)));
    let chess = Tiling::new(Variant::Chess, false).unwrap();
    assert_eq!(chess.tiles, vec![Tile::ORIGINAL], "the flat board's edges are closed");
    assert!(Tiling::new(Variant::Genus2, false).is_none());
}

/// A position with the kings and one more White piece.
fn lone(v: Variant, kings: [&str; 2], piece: Role, on: &str) -> Position {
    let mut setup = Setup::empty(v);
    setup.put(cell(v, kings[0]), Some(Piece::new(Side::White, Role::King)));
    setup.put(cell(v, kings[1]), Some(Piece::new(Side::Black, Role::King)));
    setup.put(cell(v, on), Some(Piece::new(Side::White, piece)));
    setup.position().expect("a legal setup")
}

/// Whether points lie on one straight line, evenly spaced.
fn straight(points: &[Vec2]) -> bool {
    let step = points[1] - points[0];
    points.windows(2).all(|w| close(w[1] - w[0], step))
}

#[test]
fn a_rook_ray_through_the_seam_is_straight_in_the_unrolled_plane() {
    // Möbius: h5 east runs i5, j5, across the seam to a5 (the middle rank maps to itself), on
    // through the east copy.
    let v = Variant::Mobius;
    let p = lone(v, ["c1", "c9"], Role::Rook, "h5");
    let tiling = Tiling::new(v, false).unwrap();
    let east = p.trails(cell(v, "h5")).into_iter().find(|t| t.start.x == 1 && t.start.y == 0).unwrap();
    let lifted = tiling.lift(cell(v, "h5"), &east);
    assert!(lifted.len() > 4, "the ray crosses the seam");
    let centres: Vec<Vec2> = lifted.iter().map(|l| l.2).collect();
    assert!(straight(&centres), "{centres:?}");
    assert!(close(centres[1] - centres[0], Vec2::X));
    let (tile, c, _) = lifted[3];
    assert_eq!((c, tile.index), (cell(v, "a5"), IVec2::new(1, 0)));
    // Off the middle rank the copy is needed: g3 east crosses to a7, drawn on rank 3's line.
    let p = lone(v, ["c1", "c9"], Role::Queen, "g3");
    for trail in p.trails(cell(v, "g3")) {
        let lifted = tiling.lift(cell(v, "g3"), &trail);
        let centres: Vec<Vec2> = lifted.iter().map(|l| l.2).collect();
        assert!(centres.len() < 2 || straight(&centres), "{:?}: {centres:?}", trail.start);
        // Every cell of the ray inside the drawn copies is where that copy draws it.
        for (tile, c, at) in lifted {
            if let Some(drawn) = tiling.tile(tile.index) {
                assert!(close(tiling.centre(drawn, c), at));
            }
        }
    }
    // Klein: a bishop's diagonals through both kinds of seam are straight too.
    let v = Variant::Klein;
    let tiling = Tiling::new(v, false).unwrap();
    let p = lone(v, ["e4", "e15"], Role::Bishop, "h17");
    let trails = p.trails(cell(v, "h17"));
    assert!(trails.iter().any(|t| t.steps.iter().any(|s| s.seam)));
    for trail in trails {
        let centres: Vec<Vec2> = tiling.lift(cell(v, "h17"), &trail).iter().map(|l| l.2).collect();
        assert!(centres.len() < 2 || straight(&centres), "{:?}: {centres:?}", trail.start);
    }
}

#[test]
fn pawn_arrows_turn_round_in_the_mirrored_copies() {
    let v = Variant::Mobius;
    let tiling = Tiling::new(v, false).unwrap();
    let pawn = Position::new(v).piece_at(cell(v, "e2")).unwrap();
    assert_eq!(tile_glyph(&tiling, tiling.original(), pawn), "P↑");
    assert_eq!(tile_glyph(&tiling, tiling.tile(IVec2::new(1, 0)).unwrap(), pawn), "P↓");
    assert_eq!(tile_glyph(&tiling, tiling.tile(IVec2::new(-1, 0)).unwrap(), pawn), "P↓");
    let flipped = Tiling::new(v, true).unwrap();
    assert_eq!(tile_glyph(&flipped, flipped.original(), pawn), "P↓", "Black's view turns the picture");
}

#[test]
fn genus_two_trails_develop_into_straight_strips() {
    let v = Variant::Genus2;
    // A queen in the middle of chart I: rays through the seams to chart II, and the diagonals
    // that stop at a cone point.
    let p = lone(v, ["I:a1", "II:i9"], Role::Queen, "I:d4");
    let from = cell(v, "I:d4");
    let trails = p.trails(from);
    assert!(trails.iter().any(|t| t.steps.iter().any(|s| s.seam)), "a ray crosses a seam");
    for trail in &trails {
        let developed = develop(p.complex(), from, trail);
        assert_eq!(developed.len(), trail.steps.len() + 1);
        let centres: Vec<Vec2> = developed.iter().map(|d| d.1).collect();
        assert!(centres.len() < 2 || straight(&centres), "{:?}", trail.start);
    }
    let development = Development::new(&p, from);
    assert_eq!(development.strips.len(), 8);
    let (lo, hi) = development.bounds;
    for strip in &development.strips {
        let start = strip.cells[0];
        assert_eq!(start.cell, from, "each strip starts at the piece");
        assert!(strip.cells.iter().all(|c| c.centre.x >= start.centre.x), "each strip runs to the right");
        // Turned to run to the right along a horizontal line.
        let centres: Vec<Vec2> = strip.cells.iter().map(|c| c.centre).collect();
        if centres.len() > 1 {
            assert!(straight(&centres));
            let step = centres[1] - centres[0];
            assert!(step.x > 0.9 && step.y.abs() < 1e-4, "{step:?}");
        }
        for c in &strip.cells {
            assert!(c.centre.cmpge(lo).all() && c.centre.cmple(hi).all() && c.label.cmpge(lo).all());
        }
    }
    // The strips do not overlap.
    for (i, a) in development.strips.iter().enumerate() {
        for b in &development.strips[i + 1..] {
            for (x, y) in a.cells.iter().flat_map(|x| b.cells.iter().map(move |y| (x, y))) {
                assert!(x.centre.distance(y.centre) > 1.5, "{x:?} {y:?}");
            }
        }
    }
    // A knight's jumps bend (long, short, long) but are laid flat step by step too.
    let p = lone(v, ["I:a1", "II:i9"], Role::Knight, "I:e5");
    let development = Development::new(&p, cell(v, "I:e5"));
    assert_eq!(development.strips.len(), 8);
    assert!(p.trails(cell(v, "I:e5")).iter().all(|t| t.kind == TrailKind::Jump));
    for strip in &development.strips {
        for pair in strip.cells.windows(2) {
            assert!(close(Vec2::splat(pair[0].centre.distance(pair[1].centre)), Vec2::ONE), "edge to edge");
        }
    }
}

#[test]
fn zooming_keeps_the_point_under_the_pointer() {
    let (at, offset) = (Vec2::new(3.0, -2.0), Vec2::new(4.0, 1.0));
    let (new_at, scale) = zoom_about(at, 1.0, offset, zoom_factor(2.0));
    assert!(scale < 1.0, "the wheel away from the user zooms in");
    // The plane point under the pointer: camera position + offset scaled with the zoom.
    assert!(close(new_at + offset * scale, at + offset));
    assert_eq!(zoom_about(at, 1.0, offset, 1e-6).1, 0.15, "zoom is bounded");
}

/// The app's logic with the chart and the unrolled view, without a renderer.
fn app(variant: Variant) -> App {
    app_with(variant, board::palette_plugin)
}

/// The same with other plugins for the board (its palette, or the board and the cells' look).
fn app_with(variant: Variant, board: fn(&mut App)) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, AssetPlugin::default(), logic_plugin))
        .init_asset::<Mesh>()
        .init_asset::<FlatMaterial>()
        .init_resource::<ButtonInput<KeyCode>>()
        .insert_resource(CurrentGame::new(variant))
        .add_plugins((board, chart::plugin, unrolled::plugin, surface_chess::ui::keyboard::plugin));
    app.update();
    app.update();
    app
}

fn press_u(app: &mut App) {
    let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    keys.release(KeyCode::KeyU);
    keys.clear();
    keys.press(KeyCode::KeyU);
    app.update();
    // Nothing clears the keys without the input plugin: once pressed is enough.
    app.world_mut().resource_mut::<ButtonInput<KeyCode>>().clear();
    app.update();
}

fn unrolled_cells(app: &mut App) -> Vec<(Cell, UnrolledCell, Vec2)> {
    let mut q = app.world_mut().query::<(&CellPatch, &UnrolledCell, &Transform)>();
    q.iter(app.world()).map(|(p, u, t)| (p.0, *u, t.translation.truncate())).collect()
}

#[test]
fn u_toggles_the_view_and_every_copy_carries_the_original_cells() {
    for v in TILED {
        let mut app = app(v);
        assert_eq!(*app.world().resource::<UnrolledShown>(), UnrolledShown::Off);
        assert!(unrolled_cells(&mut app).is_empty());
        press_u(&mut app);
        assert!(app.world().resource::<Unrolled>().0);
        let UnrolledShown::Tiles(tiling) = app.world().resource::<UnrolledShown>().clone() else {
            panic!("{v}: the copies are on show")
        };
        let complex = &v.rules().complex;
        let cells = unrolled_cells(&mut app);
        assert_eq!(cells.len(), tiling.tiles.len() * complex.len(), "{v}: every cell in every copy");
        for (c, place, at) in &cells {
            let UnrolledCell::Copy(index) = place else { panic!("a copy's cell") };
            let tile = tiling.tile(*index).expect("a drawn copy");
            assert!(close(*at, tiling.centre(tile, *c)), "{v}: {} in {index:?}", complex.name(*c));
        }
        for tile in &tiling.tiles {
            let mut in_copy: Vec<Cell> =
                cells.iter().filter(|(_, p, _)| *p == UnrolledCell::Copy(tile.index)).map(|x| x.0).collect();
            in_copy.sort();
            assert_eq!(in_copy, complex.cells().collect::<Vec<_>>(), "{v}: each cell once per copy");
        }
        // Flipping turns the picture half a turn.
        app.world_mut().resource_mut::<Flipped>().0 = true;
        app.update();
        app.update();
        for (c, place, at) in unrolled_cells(&mut app) {
            let before = cells.iter().find(|x| x.0 == c && x.1 == place).expect("still there");
            assert!(close(at, -before.2));
        }
        press_u(&mut app);
        assert_eq!(*app.world().resource::<UnrolledShown>(), UnrolledShown::Off);
        assert!(unrolled_cells(&mut app).is_empty(), "{v}: back to the chart");
    }
}

#[test]
fn a_selection_draws_its_rays_and_marks_in_the_copies_and_lights_every_copy() {
    let v = Variant::Mobius;
    let mut app = app_with(v, |app| {
        app.add_plugins((board::plugin, surface_chess::features::cell_look::plugin));
    });
    press_u(&mut app);
    // The drawings on show (the view keeps one per material, hidden while empty).
    let drawings = |app: &mut App| {
        let mut q = app.world_mut().query_filtered::<&Visibility, With<UnrolledDrawing>>();
        q.iter(app.world()).filter(|v| **v != Visibility::Hidden).count()
    };
    // Discs and letters in both colours, rims.
    assert_eq!(drawings(&mut app), 5);
    app.world_mut().write_message(CellPicked(cell(v, "e2")));
    app.update();
    app.update();
    // Now also the rays and the destination marks.
    assert_eq!(drawings(&mut app), 7);
    let selected = app.world().resource::<board::Palette>().selected.clone();
    let mut q = app.world_mut().query::<(&CellPatch, &UnrolledCell, &MeshMaterial3d<FlatMaterial>)>();
    let lit: Vec<(Cell, UnrolledCell)> =
        q.iter(app.world()).filter(|(_, _, m)| m.0 == selected).map(|(c, u, _)| (c.0, *u)).collect();
    assert_eq!(lit.len(), 3, "the selected cell lights up in each copy: {lit:?}");
    assert!(lit.iter().all(|(c, _)| *c == cell(v, "e2")));
}

#[test]
fn genus_two_shows_the_charts_until_a_piece_is_selected_then_its_strips() {
    let v = Variant::Genus2;
    let mut app = app(v);
    press_u(&mut app);
    assert_eq!(*app.world().resource::<UnrolledShown>(), UnrolledShown::Off, "nothing selected: the charts");
    let rook = cell(v, "I:d2");
    app.world_mut().write_message(CellPicked(rook));
    app.update();
    app.update();
    let UnrolledShown::Strips(development) = app.world().resource::<UnrolledShown>().clone() else {
        panic!("the strips are on show")
    };
    assert_eq!(development.from, rook);
    let cells = unrolled_cells(&mut app);
    let total: usize = development.strips.iter().map(|s| s.cells.len()).sum();
    assert_eq!(cells.len(), total);
    for (c, place, at) in cells {
        let UnrolledCell::Strip { strip, place } = place else { panic!("a strip's cell") };
        let placed = development.strips[strip].cells[place];
        assert_eq!(c, placed.cell);
        assert!(close(at, placed.centre));
    }
    // Clearing the selection returns to the charts.
    app.world_mut().write_message(CellPicked(rook));
    app.update();
    app.update();
    assert_eq!(*app.world().resource::<UnrolledShown>(), UnrolledShown::Off);
}

#[test]
fn the_panel_button_toggles_the_view() {
    use surface_chess::ui::button::{self, Activate, ButtonLabel};
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, AssetPlugin::default(), logic_plugin))
        .init_resource::<ButtonInput<KeyCode>>()
        .init_resource::<Flipped>()
        .init_resource::<board::ShowLabels>()
        .init_resource::<surface_chess::features::follow::FollowGame>()
        .init_resource::<Unrolled>()
        .add_message::<surface_chess::scene::camera::ResetCamera>()
        .insert_resource(CurrentGame::new(Variant::Klein))
        .init_asset::<Mesh>()
        .init_asset::<FlatMaterial>()
        // The button sends its command; the unrolled view carries it out.
        .add_plugins((surface_chess::ui::panel::plugin, button::plugin, unrolled::plugin));
    app.update();
    let mut q = app.world_mut().query::<(Entity, &ButtonLabel)>();
    let found: Vec<Entity> = q.iter(app.world()).filter(|(_, l)| l.0 == "Unrolled (U)").map(|(e, _)| e).collect();
    assert_eq!(found.len(), 1, "one 'Unrolled (U)' button");
    for on in [true, false] {
        app.world_mut().trigger(Activate { entity: found[0] });
        app.update();
        assert_eq!(app.world().resource::<Unrolled>().0, on);
    }
}
