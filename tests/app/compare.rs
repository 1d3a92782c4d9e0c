//! "What if it were not twisted?", headless: W puts the board's twin beside it with the same
//! position, the selected piece's destinations on both and the cells where they differ marked on
//! both boards and both views; boards without a twin say so and change nothing.

use bevy::prelude::*;
use std::time::Duration;
use surface_chess::features::compare::chart::{TwinChart, TwinChartMark, TwinToken};
use surface_chess::features::compare::twin::{TwinBoard, TwinMark, TwinPiece};
use surface_chess::features::compare::{self, Compared, DifferencePart};
use surface_chess::scene::camera::{ChartFrame, SplitView};
use surface_chess::scene::kept::shown as on_show;
use surface_chess::scene::{board, chart, pieces};
use surface_chess::state::commands::{Command, View};
use surface_chess::state::game::Notice;
use surface_chess::state::selection::Selection;
use surface_chess_rules::{Game, Position, Variant};

/// M after 1. a1–a3 j9–j7: west of a1 is j9 on M (the twist), so the rook on b1 runs on to j9
/// and takes the rook on i9; on the cylinder west of a1 is j1, White's own pawn.
fn m_game() -> Game {
    let mut game = Game::new(Variant::Mobius);
    for text in ["a1-a3", "j9-j7"] {
        let a = game.position().parse_action(text).expect("legal");
        game.play(a).expect("plays");
    }
    game
}

/// The app on `game` with the piece on `selected` selected (none for `""`).
fn app_on(game: Game, selected: &str) -> App {
    let cell = game.position().complex().parse_cell(selected);
    let mut app = crate::drawing_app(game, Duration::from_millis(100), |app| {
        app.add_plugins((board::plugin, pieces::plugin, chart::plugin, compare::plugin, compare::drawing_plugin));
    });
    app.world_mut().resource_mut::<Selection>().selected = cell;
    app.update();
    app
}

fn toggle(app: &mut App) {
    app.world_mut().write_message(Command::Toggle(View::Compare));
    app.update();
    app.update();
    app.update();
}

fn names(p: &Position, cells: impl IntoIterator<Item = surface_chess_rules::Cell>) -> Vec<String> {
    cells.into_iter().map(|c| p.complex().name(c)).collect()
}

/// Whether each view's difference marks show, with their triangle count.
fn differences(app: &mut App) -> Vec<(DifferencePart, bool, usize)> {
    let mut q = app.world_mut().query::<(&DifferencePart, &Mesh3d, &Visibility)>();
    let meshes = app.world().resource::<Assets<Mesh>>();
    q.iter(app.world())
        .map(|(part, mesh, v)| {
            let triangles = meshes.get(&mesh.0).and_then(|m| m.indices()).map_or(0, |i| i.len() / 3);
            (*part, *v != Visibility::Hidden, triangles)
        })
        .collect()
}

#[test]
fn w_shows_the_twin_with_the_same_position_and_where_the_piece_goes_on_each() {
    let mut app = app_on(m_game(), "b1");
    assert!(app.world().resource::<Compared>().0.is_none(), "off at first");
    assert!(!app.world().resource::<SplitView>().0);
    toggle(&mut app);
    let shown = app.world().resource::<Compared>().0.clone().expect("compared");
    assert_eq!(shown.variant(), Variant::WideCylinder);
    assert!(app.world().resource::<SplitView>().0, "the 3D view is split");
    let p = m_game().position().clone();
    assert_eq!(shown.twin.pieces().count(), p.pieces().count(), "the same pieces");
    let (_, c) = shown.moves.clone().expect("the rook's moves");
    let here = names(&p, c.here.iter().copied());
    let there = names(&p, c.there.iter().copied());
    assert!(here.contains(&"j9".into()) && here.contains(&"i9".into()), "{here:?}");
    assert!(!there.contains(&"j9".into()) && !there.contains(&"i9".into()), "{there:?}");
    assert!(here.contains(&"a1".into()) && there.contains(&"a1".into()));
    // The twin drawn: its surface, every piece on both sides of the tube, its destinations
    // (a1 and c1, on both sides), its chart with the pieces and the same marks.
    assert_eq!(app.world().resource::<TwinBoard>().0.variant, Variant::WideCylinder);
    let pieces = shown.twin.pieces().count();
    assert_eq!(on_show::<TwinPiece>(app.world_mut()), pieces * 2);
    assert_eq!(on_show::<TwinMark>(app.world_mut()), c.there.len() * 2);
    assert_eq!(on_show::<TwinToken>(app.world_mut()), pieces * 3, "disc, rim and letter");
    assert_eq!(on_show::<TwinChartMark>(app.world_mut()), c.there.len());
    let twin_chart = app.world().resource::<TwinChart>().clone();
    assert!(twin_chart.origin.x > 0.0, "the twin's chart lies right of the board's");
    let frame = app.world().resource::<ChartFrame>().0.expect("the chart camera frames both");
    assert!(frame.1.x > 2.0 * twin_chart.layout.size.x, "{frame:?}");
    // The differing cells marked on the board's two views.
    let marks = differences(&mut app);
    assert_eq!(marks.len(), 2);
    assert!(marks.iter().all(|&(_, on, triangles)| on && triangles > 0), "{marks:?}");
    // And off again: the twin goes, the view is whole.
    toggle(&mut app);
    assert!(app.world().resource::<Compared>().0.is_none());
    assert!(!app.world().resource::<SplitView>().0);
    assert!(app.world().get_resource::<TwinBoard>().is_none());
    assert_eq!(on_show::<TwinPiece>(app.world_mut()), 0);
    assert_eq!(on_show::<TwinToken>(app.world_mut()), 0);
    assert!(differences(&mut app).iter().all(|&(_, on, _)| !on));
    assert_eq!(app.world().resource::<ChartFrame>().0, None);
}

#[test]
fn the_comparison_follows_the_selection_and_works_back_from_the_untwisted_board() {
    // From the cylinder back to Endless: the same position, and the piece's moves on each.
    let mut app = app_on(Game::opening(Variant::Cylinder), "a1");
    toggle(&mut app);
    let shown = app.world().resource::<Compared>().0.clone().expect("compared");
    assert_eq!(shown.variant(), Variant::Endless);
    let (from, _) = shown.moves.expect("moves");
    assert_eq!(
        app.world().resource::<surface_chess::state::game::CurrentGame>().game.position().complex().name(from),
        "a1"
    );
    let b1 = shown.twin.complex().parse_cell("b1").unwrap();
    app.world_mut().resource_mut::<Selection>().selected = Some(b1);
    app.update();
    let moved = app.world().resource::<Compared>().0.clone().expect("compared");
    assert_eq!(moved.moves.map(|(c, _)| c), Some(b1), "the new selection is compared");
}

#[test]
fn a_board_without_a_twin_says_so_and_stays_whole() {
    for v in [Variant::Genus2, Variant::Sphere, Variant::Chess] {
        let mut app = app_on(Game::opening(v), "");
        toggle(&mut app);
        assert!(app.world().resource::<Compared>().0.is_none(), "{v}");
        assert!(!app.world().resource::<SplitView>().0, "{v}");
        let notice = app.world().resource::<Notice>().0.clone();
        assert!(notice.contains("nothing to compare"), "{v}: {notice}");
    }
}
