//! The chart view and the surface's cell names, headless: one pickable cell per rules cell at its
//! chart place, pieces and destination marks following the position, flipping turning the picture
//! half a turn, and L hiding and showing the names on the surface.

use bevy::prelude::*;
use surface_chess::logic_plugin;
use surface_chess::scene::board::{self, CellPatch};
use surface_chess::scene::chart::{self, ChartLayout, ChartPart, Flipped};
use surface_chess::scene::flat::FlatMaterial;
use surface_chess::state::game::CurrentGame;
use surface_chess::state::messages::CellPicked;
use surface_chess::state::selection::Selection;
use surface_chess_rules::{Cell, Variant};

/// The app's logic with the given drawing plugins, without a renderer: meshes and materials
/// are plain assets.
fn app_with(variant: Variant, plugins: impl FnOnce(&mut App)) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, AssetPlugin::default(), logic_plugin))
        .init_asset::<Mesh>()
        .init_asset::<FlatMaterial>()
        .init_resource::<ButtonInput<KeyCode>>()
        .insert_resource(CurrentGame::new(variant));
    plugins(&mut app);
    app.update();
    app.update();
    app
}

fn chart_app(variant: Variant) -> App {
    app_with(variant, |app| {
        app.add_plugins((board::palette_plugin, chart::plugin));
    })
}

/// Chart cells and where they are.
fn chart_cells(app: &mut App) -> Vec<(CellPatch, Vec3)> {
    let mut q = app.world_mut().query_filtered::<(&CellPatch, &Transform), With<ChartPart>>();
    q.iter(app.world()).map(|(c, t)| (*c, t.translation)).collect()
}

#[test]
fn every_cell_is_on_the_chart_once_at_its_place() {
    for v in Variant::ALL {
        let mut app = chart_app(v);
        let cells = chart_cells(&mut app);
        let complex = &v.rules().complex;
        assert_eq!(cells.len(), complex.len(), "{v}");
        let layout = ChartLayout::new(v, false);
        for (CellPatch(cell), at) in cells {
            assert_eq!(at.truncate(), layout.centre(cell), "{v}: {}", complex.name(cell));
        }
    }
}

#[test]
fn tokens_and_marks_follow_the_position_and_flipping_turns_the_chart() {
    let mut app = chart_app(Variant::Mobius);
    let count = |app: &mut App, f: fn(&World, Entity) -> bool| {
        let mut q = app.world_mut().query::<Entity>();
        let entities: Vec<Entity> = q.iter(app.world()).collect();
        entities.into_iter().filter(|&e| f(app.world(), e)).count()
    };
    // The ones on show: the sets are kept, the members not needed hidden.
    fn shown(w: &World, e: Entity) -> bool {
        w.get::<Visibility>(e).is_some_and(|v| *v != Visibility::Hidden)
    }
    let tokens = |w: &World, e: Entity| w.get::<chart::ChartToken>(e).is_some() && shown(w, e);
    let marks = |w: &World, e: Entity| w.get::<chart::ChartMark>(e).is_some() && shown(w, e);
    let members = |app: &mut App| {
        let mut q = app.world_mut().query_filtered::<Entity, Or<(With<chart::ChartToken>, With<chart::ChartMark>)>>();
        let mut all: Vec<Entity> = q.iter(app.world()).collect();
        all.sort();
        all
    };
    let pieces = app.world().resource::<CurrentGame>().game.position().pieces().count();
    assert_eq!(count(&mut app, tokens), 3 * pieces, "disc, rim and letter per piece");
    assert_eq!(count(&mut app, marks), 0);
    let b2 = Variant::Mobius.rules().complex.parse_cell("b2").unwrap();
    app.world_mut().write_message(CellPicked(b2));
    app.update();
    let destinations = {
        let game = &app.world().resource::<CurrentGame>().game;
        app.world().resource::<Selection>().destinations(game, true).len()
    };
    assert!(destinations > 0);
    assert_eq!(count(&mut app, marks), destinations, "one mark per destination");
    let kept = members(&mut app);
    let before = chart_cells(&mut app);
    app.world_mut().resource_mut::<Flipped>().0 = true;
    app.update();
    let after = chart_cells(&mut app);
    assert_eq!(members(&mut app), kept, "flipping moves the tokens and marks, it makes none");
    app.world_mut().write_message(CellPicked(b2));
    app.update();
    assert_eq!(count(&mut app, marks), 0, "deselected: no mark on show");
    assert_eq!(members(&mut app), kept, "the marks are hidden, not removed");
    for (cell, at) in before {
        let (_, flipped) = after.iter().find(|(c, _)| *c == cell).expect("still there");
        assert_eq!(flipped.truncate(), -at.truncate());
    }
}

#[test]
fn the_surface_carries_cell_names_and_l_hides_them() {
    let mut app = app_with(Variant::Klein, |app| {
        app.add_plugins((board::plugin, surface_chess::ui::keyboard::plugin));
    });
    let visibilities = |app: &mut App| {
        let mut q = app.world_mut().query_filtered::<&Visibility, With<board::CellLabels>>();
        q.iter(app.world()).copied().collect::<Vec<_>>()
    };
    assert_eq!(visibilities(&mut app), vec![Visibility::Inherited; 2], "two inks, shown");
    let press = |app: &mut App| {
        let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        keys.release(KeyCode::KeyL);
        keys.clear();
        keys.press(KeyCode::KeyL);
        app.update();
    };
    press(&mut app);
    assert_eq!(visibilities(&mut app), vec![Visibility::Hidden; 2]);
    press(&mut app);
    assert_eq!(visibilities(&mut app), vec![Visibility::Inherited; 2]);
}

#[test]
fn selecting_lights_the_cell_on_both_views_and_leaves_the_pieces_their_colour() {
    let mut app = app_with(Variant::Mobius, |app| {
        app.add_plugins((
            board::plugin,
            chart::plugin,
            surface_chess::scene::pieces::plugin,
            surface_chess::features::cell_look::plugin,
        ));
    });
    let b2 = Variant::Mobius.rules().complex.parse_cell("b2").unwrap();
    app.world_mut().write_message(CellPicked(b2));
    app.update();
    app.update();
    let palette = app.world().resource::<board::Palette>().clone();
    let selected = palette.selected.clone();
    let cell_colours: Vec<_> =
        palette.base.iter().chain([&palette.selected, &palette.last, &palette.hover]).cloned().collect();
    let mut q = app.world_mut().query::<(
        &CellPatch,
        &MeshMaterial3d<FlatMaterial>,
        Has<ChartPart>,
        Has<surface_chess::scene::pieces::PieceModel>,
    )>();
    let (mut chart_lit, mut pieces) = (0, 0);
    for (&CellPatch(cell), material, on_chart, piece) in q.iter(app.world()) {
        let lit = material.0 == selected;
        if piece {
            pieces += 1;
            assert!(!cell_colours.contains(&material.0), "a piece keeps its colour");
        } else if lit {
            assert_eq!(cell, b2, "only the selected cell lights up");
            assert!(on_chart, "the surface's cells are drawn by the sheet");
            chart_lit += 1;
        }
    }
    // On the surface: the colour each cell is drawn in.
    let colour = |app: &App, handle: &Handle<FlatMaterial>| {
        app.world().resource::<Assets<FlatMaterial>>().get(handle).unwrap().color
    };
    let lit_colour = colour(&app, &selected);
    let cells: Vec<Cell> = Variant::Mobius.rules().complex.cells().collect();
    let mut surface_lit = 0;
    for cell in cells {
        let drawn = crate::drawn_colour(&mut app, cell).expect("every cell drawn, in one colour");
        if (drawn.to_vec4() - lit_colour.to_vec4()).abs().max_element() < 1e-4 {
            assert_eq!(cell, b2, "only the selected cell lights up on the surface");
            surface_lit += 1;
        }
    }
    assert_eq!((surface_lit, chart_lit), (1, 1), "the cell lights up on the surface and the chart");
    assert!(pieces > 0, "pieces are on the board");
}
