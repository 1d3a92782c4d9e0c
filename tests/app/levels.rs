//! The stacked boards (Strato, Chess³), headless: pieces stand upright on their levels, a
//! destination on another level gets its mark and a vertical guide, Page Up and Page Down move
//! the cursor between levels, the view of one level fades the others and lets clicks through
//! them, the chart lays the three levels side by side, and a checked king is ringed on both views.

use bevy::camera::visibility::RenderLayers;
use bevy::prelude::*;
use surface_chess::features::check_ring::{self, CheckRing};
use surface_chess::features::levels::{self, BOARD_ALPHA, FADED_ALPHA, LevelGuide, LevelView};
use surface_chess::scene::board::{self, CellPatch, DestinationMark, Embedded};
use surface_chess::scene::chart::{self, ChartLayout, ChartMark, ChartPart};
use surface_chess::scene::flat::FlatMaterial;
use surface_chess::scene::pieces::{self, PieceModel};
use surface_chess::scene::surface::level_height;
use surface_chess::scene::surface::look::{Shape, look};
use surface_chess::state::game::CurrentGame;
use surface_chess::state::messages::{ActionChosen, CellPicked};
use surface_chess::state::selection::Hovered;
use surface_chess::state::selection::Selection;
use surface_chess::{logic_plugin, ui::keyboard};
use surface_chess_rules::{Cell, Game, Position, Start, Variant};

/// The app's logic and the 3D board, pieces, levels, keyboard, chart and check rings, without a
/// renderer.
fn app_with(game: Game) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, AssetPlugin::default(), logic_plugin))
        .init_asset::<Mesh>()
        .init_asset::<FlatMaterial>()
        .init_resource::<ButtonInput<KeyCode>>()
        .insert_resource(CurrentGame::from_game(game))
        .add_plugins((
            board::plugin,
            pieces::plugin,
            levels::plugin,
            keyboard::plugin,
            chart::plugin,
            check_ring::plugin,
            surface_chess::features::cell_look::plugin,
        ));
    app.update();
    app.update();
    app
}

fn fresh(v: Variant) -> App {
    app_with(Game::new(v))
}

fn from_text(v: Variant, text: &str) -> App {
    let position = Position::from_text(v, text).unwrap();
    app_with(Game::from_position(position, Start::Edited { label: "test".into() }))
}

fn cell(v: Variant, name: &str) -> Cell {
    v.rules().complex.parse_cell(name).unwrap()
}

fn level(v: Variant, cell: Cell) -> u8 {
    v.rules().complex.coord(cell).chart
}

fn spacing(v: Variant) -> f32 {
    let Shape::Levels { spacing } = look(v).shape else { panic!("{v} is not stacked") };
    spacing as f32
}

fn press(app: &mut App, key: KeyCode) {
    let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    keys.release_all();
    keys.clear();
    keys.press(key);
    app.update();
}

fn pick(app: &mut App, v: Variant, name: &str) {
    app.world_mut().write_message(CellPicked(cell(v, name)));
    app.update();
    app.update();
}

/// The selected piece's destinations.
fn destinations(app: &App) -> Vec<Cell> {
    let game = &app.world().resource::<CurrentGame>().game;
    app.world().resource::<Selection>().destinations(game, true).into_iter().map(|d| d.0).collect()
}

/// The opacity of an entity's material.
fn alpha(app: &App, material: &MeshMaterial3d<FlatMaterial>) -> f32 {
    app.world().resource::<Assets<FlatMaterial>>().get(&material.0).expect("a material").color.alpha
}

#[test]
fn pieces_stand_upright_on_their_levels_a_spacing_apart() {
    for v in [Variant::Strato, Variant::Chess3] {
        let mut app = fresh(v);
        let pieces = app.world().resource::<CurrentGame>().game.position().pieces().count();
        let mut q = app.world_mut().query::<(&PieceModel, &Transform)>();
        let models: Vec<(PieceModel, Transform)> = q.iter(app.world()).map(|(m, t)| (*m, *t)).collect();
        assert_eq!(models.len(), pieces, "{v}: one model per piece, on the level's top");
        let mut heights = [None; 3];
        for (model, at) in &models {
            let l = level(v, model.cell);
            let want = level_height(3, l, f64::from(spacing(v))) as f32;
            assert!((at.translation.y - want).abs() < 1e-4, "{v}: a piece on level {} at {}", l + 1, at.translation.y);
            assert!((at.rotation * Vec3::Y).distance(Vec3::Y) < 1e-4, "{v}: upright");
            assert_eq!(model.face, 1.0, "{v}: on the top face");
            heights[usize::from(l)] = Some(at.translation.y);
        }
        // White starts on level 1, Black on level 3: two spacings higher.
        let (Some(white), Some(black)) = (heights[0], heights[2]) else { panic!("{v}: both camps") };
        assert!((black - white - 2.0 * spacing(v)).abs() < 1e-4, "{v}: {white} .. {black}");
        // A piece that changes level stands a spacing higher.
        let action = app.world().resource::<CurrentGame>().game.position().legal_actions()[0];
        let (from, to) = (level(v, action.from), level(v, action.to));
        assert_ne!(from, to, "{v}: the first moves change level");
        app.world_mut().write_message(ActionChosen(action));
        for _ in 0..3 {
            app.update();
        }
        let mut q = app.world_mut().query::<(&PieceModel, &Transform)>();
        let moved = q.iter(app.world()).find(|(m, _)| m.cell == action.to).map(|(_, t)| t.translation).unwrap();
        let expected = white + spacing(v) * f32::from(to - from);
        assert!((moved.y - expected).abs() < 1e-4, "{v}: the mover stands on its new level");
    }
}

#[test]
fn a_destination_on_another_level_gets_its_mark_and_a_guide() {
    let v = Variant::Strato;
    // A moved knight on 1d4 reaches squares on all three levels.
    let mut app = from_text(v, "8/8/8/8/3N4/8/8/7K|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/8 w - - 0 1");
    pick(&mut app, v, "1d4");
    let to = destinations(&app);
    let others: Vec<Cell> = to.iter().copied().filter(|&c| level(v, c) != 0).collect();
    assert!(others.len() > 4 && others.len() < to.len(), "{v}: destinations on this level and the others");
    let surface = app.world().resource::<Embedded>().0.clone();
    // The marks on show (they are kept, the ones not needed hidden).
    let mut marks = app.world_mut().query_filtered::<(&Transform, &Visibility), With<DestinationMark>>();
    let marks: Vec<Vec3> =
        marks.iter(app.world()).filter(|(_, v)| **v != Visibility::Hidden).map(|(t, _)| t.translation).collect();
    assert_eq!(marks.len(), to.len(), "one mark per destination, on its level's top");
    for &c in &to {
        let centre = surface.centre(c);
        assert!(marks.iter().any(|m| m.xz().distance(centre.xz()) < 1e-4 && m.y > centre.y), "a mark on {c:?}");
    }
    let mut guides = app.world_mut().query::<(&LevelGuide, &Transform, &Visibility)>();
    let mut guides: Vec<(LevelGuide, Transform)> =
        guides.iter(app.world()).filter(|(_, _, v)| **v != Visibility::Hidden).map(|(g, t, _)| (*g, *t)).collect();
    guides.sort_by_key(|(g, _)| g.to);
    let mut expected = others.clone();
    expected.sort();
    assert_eq!(guides.iter().map(|(g, _)| g.to).collect::<Vec<_>>(), expected, "a guide to each other level");
    let foot_height = surface.centre(cell(v, "1d4")).y;
    for (guide, at) in &guides {
        let end = surface.centre(guide.to);
        assert!((at.rotation * Vec3::Y).cross(Vec3::Y).length() < 1e-4, "vertical");
        assert!(at.translation.xz().distance(end.xz()) < 1e-4, "under the destination");
        let (low, high) = (at.translation.y - at.scale.y / 2.0, at.translation.y + at.scale.y / 2.0);
        assert!(
            (low - foot_height).abs() < 1e-4 && (high - end.y).abs() < 1e-4,
            "from the mover's level up to the mark"
        );
    }
    // Deselecting removes marks and guides.
    pick(&mut app, v, "1d4");
    let mut q = app.world_mut().query_filtered::<&Visibility, Or<(With<LevelGuide>, With<DestinationMark>)>>();
    assert_eq!(q.iter(app.world()).filter(|v| **v != Visibility::Hidden).count(), 0);
}

#[test]
fn page_up_and_page_down_move_the_cursor_between_levels() {
    let v = Variant::Chess3;
    let mut app = fresh(v);
    app.insert_resource(Hovered(Some(cell(v, "1e2"))));
    let mut seen = Vec::new();
    for key in [KeyCode::PageUp, KeyCode::PageUp, KeyCode::PageUp, KeyCode::PageDown, KeyCode::ArrowUp] {
        press(&mut app, key);
        let at = app.world().resource::<Hovered>().0.expect("a cursor");
        seen.push(v.rules().complex.name(at));
        assert_eq!(app.world().resource::<LevelView>().focus, level(v, at), "the level shown follows the cursor");
    }
    assert_eq!(seen, ["2e2", "3e2", "3e2", "2e2", "2e3"]);
    // Without a cursor it starts from the king of the side to move.
    app.insert_resource(Hovered(None));
    press(&mut app, KeyCode::PageUp);
    assert_eq!(app.world().resource::<Hovered>().0, Some(cell(v, "2e1")));
}

#[test]
fn the_view_of_one_level_fades_the_others_and_lets_clicks_through_them() {
    let v = Variant::Strato;
    let mut app = fresh(v);
    /// Per level: the opacities of its cells and pieces on the surface, and whether they all take
    /// clicks.
    fn looks(app: &mut App, v: Variant) -> Vec<(Vec<f32>, bool)> {
        let mut q = app.world_mut().query_filtered::<(&CellPatch, Option<&MeshMaterial3d<FlatMaterial>>, Option<&Pickable>), Without<ChartPart>>();
        let parts: Vec<(Cell, Option<MeshMaterial3d<FlatMaterial>>, bool)> =
            q.iter(app.world()).map(|(c, m, p)| (c.0, m.cloned(), p.is_none_or(|p| p.is_hoverable))).collect();
        let mut out = vec![(Vec::new(), true); 3];
        for (cell, material, pickable) in parts {
            // A piece wears its material; a cell is drawn by its level's sheet.
            let a = match material {
                Some(material) => alpha(app, &material),
                None => crate::drawn_colour(app, cell).expect("a cell drawn in one colour").alpha,
            };
            let entry = &mut out[usize::from(level(v, cell))];
            if !entry.0.contains(&a) {
                entry.0.push(a);
            }
            entry.1 &= pickable;
        }
        out
    }
    for (alphas, pickable) in looks(&mut app, v) {
        assert!(pickable, "every level takes clicks");
        // Plain cells are translucent, pieces opaque.
        assert!(alphas.contains(&BOARD_ALPHA) && alphas.iter().all(|&a| a == BOARD_ALPHA || a == 1.0), "{alphas:?}");
    }
    press(&mut app, KeyCode::Digit2);
    assert_eq!(*app.world().resource::<LevelView>(), LevelView { one: true, focus: 1 });
    assert_eq!(app.world().resource::<Hovered>().0.map(|c| level(v, c)), Some(1), "the cursor went to level 2");
    let seen = looks(&mut app, v);
    for (l, (alphas, pickable)) in seen.iter().enumerate() {
        if l == 1 {
            assert!(*pickable && alphas.iter().all(|&a| a > BOARD_ALPHA - 1e-6), "level 2 shown: {alphas:?}");
        } else {
            assert!(!pickable && alphas == &[FADED_ALPHA], "level {} faded: {alphas:?}", l + 1);
        }
    }
    // Page Down takes the cursor, and the view, to level 1.
    press(&mut app, KeyCode::PageDown);
    let seen = looks(&mut app, v);
    assert!(seen[0].1 && !seen[1].1 && !seen[2].1, "level 1 shown");
    // V shows all levels again.
    press(&mut app, KeyCode::KeyV);
    assert!(!app.world().resource::<LevelView>().one);
    for (alphas, pickable) in looks(&mut app, v) {
        assert!(pickable && !alphas.contains(&FADED_ALPHA), "{alphas:?}");
    }
}

#[test]
fn the_chart_lays_the_three_levels_side_by_side_with_their_titles() {
    for v in [Variant::Strato, Variant::Chess3] {
        let mut app = fresh(v);
        let mut q = app.world_mut().query_filtered::<(&CellPatch, &Transform), With<ChartPart>>();
        let cells: Vec<(Cell, Vec3)> = q.iter(app.world()).map(|(c, t)| (c.0, t.translation)).collect();
        let mut boxes = [(f32::MAX, f32::MIN, f32::MAX, f32::MIN); 3];
        for (c, at) in &cells {
            let b = &mut boxes[usize::from(level(v, *c))];
            *b = (b.0.min(at.x), b.1.max(at.x), b.2.min(at.y), b.3.max(at.y));
        }
        assert_eq!(cells.len(), 3 * 64, "{v}");
        for pair in boxes.windows(2) {
            assert!(pair[0].1 + 1.0 < pair[1].0, "{v}: left to right, apart: {boxes:?}");
            assert_eq!((pair[0].2, pair[0].3), (pair[1].2, pair[1].3), "{v}: side by side");
        }
        let titles = ChartLayout::new(v, false).titles();
        let names: Vec<&str> = titles.iter().map(|(t, _)| t.as_str()).collect();
        assert_eq!(names, ["1 α", "2 β", "3 γ"], "{v}");
        for ((_, at), b) in titles.iter().zip(&boxes) {
            assert!(at.x > b.0 && at.x < b.1 && at.y > b.3, "{v}: a title above its level");
        }
        // Destinations on every level are marked on the chart too.
        pick(&mut app, v, "1b1");
        let n = destinations(&app).len();
        let mut q = app.world_mut().query_filtered::<&Visibility, With<ChartMark>>();
        let marks = q.iter(app.world()).filter(|v| **v != Visibility::Hidden).count();
        assert!(n > 0 && marks == n, "{v}: {n} destinations");
    }
}

#[test]
fn a_checked_king_is_ringed_on_both_views() {
    for (v, text, king, escape) in [
        (Variant::Chess3, "8/8/8/8/8/8/3PP3/3QK3|8/8/8/8/8/8/8/8|7k/8/8/8/8/4q3/8/8 w - - 0 1", "1e1", None),
        (Variant::Chess, "4k3/8/8/8/8/8/8/4K2r w - - 0 1", "e1", Some("Ke1–e2")),
        (Variant::Mobius, "5k4/10/10/10/10/10/10/10/5K3r w - - 0 1", "f1", None),
    ] {
        let mut app = from_text(v, text);
        let sides = app.world().resource::<Embedded>().0.sides().len();
        // The rings on show (they are kept, hidden while no king is in check).
        let mut q = app.world_mut().query::<(&CheckRing, Has<RenderLayers>, &Visibility)>();
        let rings: Vec<(CheckRing, bool)> =
            q.iter(app.world()).filter(|(_, _, v)| **v != Visibility::Hidden).map(|(r, l, _)| (*r, l)).collect();
        assert!(rings.iter().all(|(r, _)| r.cell == cell(v, king)), "{v}: round the king");
        let on_chart = rings.iter().filter(|(_, chart)| *chart).count();
        assert_eq!((rings.len() - on_chart, on_chart), (sides, 1), "{v}: on the surface and the chart");
        if let Some(escape) = escape {
            let action = app.world().resource::<CurrentGame>().game.position().parse_action(escape).unwrap();
            app.world_mut().write_message(ActionChosen(action));
            app.update();
            let mut q = app.world_mut().query_filtered::<&Visibility, With<CheckRing>>();
            let shown = q.iter(app.world()).filter(|v| **v != Visibility::Hidden).count();
            assert_eq!(shown, 0, "{v}: no check, no ring");
        }
    }
}

#[test]
fn the_stacked_boards_draw_no_rays() {
    for v in [Variant::Strato, Variant::Chess3] {
        assert!(surface_chess::features::rays::piece_legs(&Position::new(v), cell(v, "1b1")).is_empty(), "{v}");
    }
    let m = Variant::Mobius;
    assert!(!surface_chess::features::rays::piece_legs(&Position::new(m), cell(m, "c2")).is_empty());
}
