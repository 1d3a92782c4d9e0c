//! The Klein bottle's cut-away wall, headless: from the home view the cells in front of White's
//! camp are cut away (left out of the sheet, not picked, their pieces hidden), the camp is then
//! seen, and no other board cuts anything. Picking, through Bevy's own mesh ray cast: a click on
//! any cell in sight from a home view picks it, or the piece standing in front of it.

use bevy::camera::primitives::{Aabb, MeshAabb};
use bevy::mesh::Indices;
use bevy::platform::collections::HashSet;
use bevy::prelude::*;
use bevy_panorbit_camera::PanOrbitCamera;
use surface_chess::features::cutaway;
use surface_chess::logic_plugin;
use surface_chess::scene::board::{self, CellPatch, Embedded};
use surface_chess::scene::camera::SurfaceCamera;
use surface_chess::scene::flat::FlatMaterial;
use surface_chess::scene::pieces::{self, PieceModel};
use surface_chess::scene::sheet::{CellPaint, CellSheet, CutAway};
use surface_chess::scene::surface::Surface;
use surface_chess::scene::surface::sight::Sight;
use surface_chess::scene::views::{View, home_view};
use surface_chess::state::game::CurrentGame;
use surface_chess_rules::{Cell, Color, Variant};

/// A board with its pieces and the cut-away, the camera at White's home view.
fn app_with(v: Variant) -> App {
    app_facing(v, Color::White)
}

/// A board with `side` to move (after a first move of White's if Black), the camera at `side`'s
/// home view.
fn app_facing(v: Variant, side: Color) -> App {
    let mut game = surface_chess_rules::Game::new(v);
    if side == Color::Black {
        let first = game.position().legal_actions()[0];
        game.play(first).unwrap();
    }
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, AssetPlugin::default(), logic_plugin, TransformPlugin))
        .init_asset::<Mesh>()
        .init_asset::<FlatMaterial>()
        .init_resource::<ButtonInput<KeyCode>>()
        .insert_resource(CurrentGame::from_game(game))
        .add_plugins((board::plugin, pieces::plugin, cutaway::plugin));
    app.update();
    let surface = app.world().resource::<Embedded>().0.clone();
    let (focus, view, radius) = home_view(&surface, side);
    let eye = focus + view.direction() * radius;
    app.world_mut().spawn((
        PanOrbitCamera { focus, target_focus: focus, ..default() },
        SurfaceCamera,
        Transform::from_translation(eye).looking_at(focus, Vec3::Y),
    ));
    for _ in 0..3 {
        app.update();
    }
    app
}

fn white(app: &App) -> Vec<Cell> {
    let p = app.world().resource::<CurrentGame>().game.position().clone();
    p.pieces().filter(|(_, piece)| piece.color() == Color::White).map(|(c, _)| c).collect()
}

#[test]
fn the_wall_in_front_of_whites_camp_is_cut_away_on_the_klein_bottle() {
    let mut app = app_with(Variant::Klein);
    let cut = app.world().resource::<CutAway>().0.clone();
    let camp = white(&app);
    assert!(!cut.is_empty(), "the body's wall hides part of White's camp");
    assert!(camp.iter().all(|c| !cut.contains(c)), "no cell of White's camp is cut");
    // What is drawn: the sheet leaves the cut cells' triangles out.
    let mut sheets = app.world_mut().query::<(&CellSheet, &Mesh3d)>();
    let (sheet, mesh) = sheets.single(app.world()).map(|(s, m)| (s.clone(), m.0.clone())).unwrap();
    let drawn = match app.world().resource::<Assets<Mesh>>().get(&mesh).unwrap().indices() {
        Some(Indices::U32(i)) => i.clone(),
        _ => panic!("a sheet has u32 indices"),
    };
    assert_eq!(drawn, sheet.indices_without(&cut), "the cut cells are not drawn");
    let all = sheet.indices_without(&HashSet::new());
    assert!(drawn.len() < all.len());
    // Not picked, and their pieces hidden.
    let mut patches = app.world_mut().query_filtered::<(&CellPatch, Option<&Pickable>), With<CellPaint>>();
    for (CellPatch(c), pickable) in patches.iter(app.world()) {
        let takes_clicks = pickable.is_none_or(|p| p.is_hoverable);
        assert_eq!(takes_clicks, !cut.contains(c), "a cut cell takes no clicks, the others do");
    }
    let mut models = app.world_mut().query::<(&PieceModel, &Visibility)>();
    for (model, visibility) in models.iter(app.world()) {
        assert_eq!(*visibility == Visibility::Hidden, cut.contains(&model.cell), "pieces on cut cells are hidden");
    }
    // With the cut, the camera sees more of the camp than without.
    let surface = app.world().resource::<Embedded>().0.clone();
    let sight = Sight::new(&surface);
    let (focus, view, radius) = home_view(&surface, Color::White);
    let eye = focus + view.direction() * radius;
    let seen = |cut: &HashSet<Cell>| camp.iter().filter(|&&c| sight.sees(eye, c, surface.centre(c), cut)).count();
    assert!(seen(&cut) > seen(&HashSet::new()), "{} seen with the cut, {} without", seen(&cut), seen(&HashSet::new()));
}

#[test]
fn no_other_board_cuts_anything() {
    // The Klein bottle and Boy's surface (the projective plane) have sheets inside others.
    for v in Variant::ALL.into_iter().filter(|&v| !matches!(v, Variant::Klein | Variant::Projective)) {
        let app = app_with(v);
        assert!(app.world().resource::<CutAway>().0.is_empty(), "{v}");
    }
}

/// Gives every mesh its bounds, as the renderer's visibility systems do (the ray cast culls by
/// them).
fn bound_meshes(app: &mut App) {
    let mut q = app.world_mut().query::<(Entity, &Mesh3d)>();
    let meshes = app.world().resource::<Assets<Mesh>>();
    let bounds: Vec<(Entity, Aabb)> =
        q.iter(app.world()).filter_map(|(e, m)| Some((e, meshes.get(&m.0)?.compute_aabb()?))).collect();
    for (e, aabb) in bounds {
        app.world_mut().entity_mut(e).insert(aabb);
    }
}

/// The cell a click along the ray from `eye` through `point` picks, as Bevy's mesh picking
/// backend finds it: the nearest hit among the shown entities that take clicks, and the cell its
/// observers read (a piece's part's is its piece's).
fn picked(app: &mut App, eye: Vec3, point: Vec3) -> Option<Cell> {
    first_hit(app, eye, point).map(|(cell, _)| cell)
}

/// The cell a click picks (as [`picked`]), and whether what it hit is a piece.
fn first_hit(app: &mut App, eye: Vec3, point: Vec3) -> Option<(Cell, bool)> {
    use bevy::ecs::system::RunSystemOnce;
    use bevy::picking::mesh_picking::ray_cast::{MeshRayCast, MeshRayCastSettings, RayCastVisibility};
    let ray = Ray3d::new(eye, Dir3::new(point - eye).unwrap());
    app.world_mut()
        .run_system_once(
            move |mut cast: MeshRayCast,
                  pickables: Query<&Pickable>,
                  cells: Query<&CellPatch>,
                  models: Query<(), With<PieceModel>>,
                  shown: Query<(&Visibility, Option<&ChildOf>)>| {
                let visible = |e: Entity| shown.get(e).is_ok_and(|(v, _)| *v != Visibility::Hidden);
                let on_show = |e: Entity| {
                    visible(e) && shown.get(e).ok().and_then(|(_, p)| p).is_none_or(|p| visible(p.parent()))
                };
                let takes = |e: Entity| on_show(e) && pickables.get(e).ok().is_none_or(|p| p.is_hoverable);
                let settings = MeshRayCastSettings {
                    visibility: RayCastVisibility::Any,
                    filter: &takes,
                    early_exit_test: &|e| pickables.get(e).ok().is_none_or(|p| p.should_block_lower),
                };
                // A click on a part of a piece (its facing arrow) goes on to the piece.
                let cell_of = |e: Entity| {
                    cells.get(e).ok().or_else(|| shown.get(e).ok()?.1.and_then(|p| cells.get(p.parent()).ok()))
                };
                let piece = |e: Entity| {
                    models.contains(e)
                        || shown.get(e).ok().and_then(|(_, p)| p).is_some_and(|p| models.contains(p.parent()))
                };
                cast.cast_ray(ray, &settings).first().and_then(|(e, _)| Some((cell_of(*e)?.0, piece(*e))))
            },
        )
        .unwrap()
}

/// A board seen from `side`'s home view with `side` to move, its meshes bounded for the ray cast.
struct AtHome {
    app: App,
    surface: Surface,
    focus: Vec3,
    view: View,
    radius: f32,
    /// Where the camera is.
    eye: Vec3,
    /// `side`'s pieces: the cells in play, whose wall is cut away.
    camp: Vec<Cell>,
    king: Cell,
}

fn at_home(v: Variant, side: Color) -> AtHome {
    let mut app = app_facing(v, side);
    bound_meshes(&mut app);
    let surface = app.world().resource::<Embedded>().0.clone();
    let (focus, view, radius) = home_view(&surface, side);
    let p = app.world().resource::<CurrentGame>().game.position().clone();
    let camp = p.pieces().filter(|(_, piece)| piece.color() == side).map(|(c, _)| c).collect();
    AtHome { app, surface, focus, view, radius, eye: focus + view.direction() * radius, camp, king: p.king(side) }
}

#[test]
fn from_each_home_view_a_click_reaches_most_of_its_sides_camp_and_the_king() {
    for v in Variant::ALL {
        for side in [Color::White, Color::Black] {
            let AtHome { mut app, surface, eye, camp, king, .. } = at_home(v, side);
            // A cell is in sight when the ray from the eye to it meets it (its cell or its
            // piece) before anything else, pieces included; then a click there picks it. The
            // point is a little off the centre, a lattice point where four triangles meet.
            let mut reached = Vec::new();
            for &c in &camp {
                let (point, _) = surface.at(c, 0.49, 0.51);
                if picked(&mut app, eye, point) == Some(c) {
                    reached.push(c);
                }
            }
            let names: Vec<String> = reached.iter().map(|&c| v.rules().complex.name(c)).collect();
            assert!(reached.len() * 5 >= camp.len() * 3, "{v} {side:?}: only {names:?} of {} reached", camp.len());
            assert!(reached.contains(&king), "{v} {side:?}: the king is reached ({names:?})");
        }
    }
}

#[test]
fn from_each_home_view_a_click_on_any_cell_in_sight_picks_it_or_the_piece_in_front() {
    for v in Variant::ALL {
        for side in [Color::White, Color::Black] {
            // The side to move's pieces are the cells in play: the wall in front of them is cut.
            let AtHome { mut app, surface, focus, view, radius, eye, camp, .. } = at_home(v, side);
            let complex = &v.rules().complex;
            let mut in_sight = 0;
            let mut missed = Vec::new();
            for c in complex.cells() {
                if !crate::follow::seen(&surface, c, view, radius, focus, &camp) {
                    continue;
                }
                in_sight += 1;
                // A point a hair off the cell's centre (the centre is a lattice point where
                // triangles meet); a piece standing in front takes the click instead, as a
                // person sees it.
                let (point, _) = surface.at(c, 0.49, 0.51);
                match first_hit(&mut app, eye, point) {
                    Some((hit, piece)) if hit == c || piece => {}
                    // A cell seen through a translucent level is picked there only in the view of
                    // its own level (the nearest hit wins, as DESIGN's "Picking on levels" says).
                    Some((hit, _)) if surface.stacked() && surface.level(hit) != surface.level(c) => {}
                    other => missed.push(format!("{} → {:?}", complex.name(c), other.map(|(h, _)| complex.name(h)))),
                }
            }
            assert!(in_sight > 0, "{v} {side:?}: something is in sight");
            assert!(
                missed.is_empty(),
                "{v} {side:?}: {} of {in_sight} cells in sight not picked: {missed:?}",
                missed.len()
            );
        }
    }
}
