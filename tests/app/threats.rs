//! Threats in sight, headless: H draws every attack on the side to move's pieces on both views;
//! a move that gives check draws its route for a while and names it, toggle or not.

use bevy::prelude::*;
use std::time::Duration;
use surface_chess::features::threats::{self, CheckShown, ShowThreats, ThreatPart};
use surface_chess::scene::board;
use surface_chess::scene::chart;
use surface_chess::state::commands::{Command, View};
use surface_chess::state::game::{CurrentGame, Notice};
use surface_chess::state::messages::ActionChosen;
use surface_chess_rules::{Game, Position, Start, Variant};

fn app_on(game: Game) -> App {
    crate::drawing_app(game, Duration::from_millis(500), |app| {
        app.add_plugins((board::plugin, chart::plugin, threats::plugin));
    })
}

/// Whether each view's threat drawing shows, with its triangle count.
fn drawn(app: &mut App) -> Vec<(ThreatPart, bool, usize)> {
    let mut q = app.world_mut().query::<(&ThreatPart, &Mesh3d, &Visibility)>();
    let meshes = app.world().resource::<Assets<Mesh>>();
    let mut out: Vec<_> = q
        .iter(app.world())
        .map(|(part, mesh, v)| {
            let triangles = meshes.get(&mesh.0).and_then(|m| m.indices()).map_or(0, |i| i.len() / 3);
            (*part, *v != Visibility::Hidden, triangles)
        })
        .collect();
    out.sort_by_key(|(p, ..)| *p == ThreatPart::Chart);
    out
}

#[test]
fn h_draws_every_threat_on_both_views() {
    let mut app = app_on(Game::opening(Variant::Torus));
    assert!(drawn(&mut app).iter().all(|&(_, shown, _)| !shown), "off at first");
    app.world_mut().write_message(Command::Toggle(View::Threats));
    app.update();
    app.update();
    assert!(app.world().resource::<ShowThreats>().0);
    let views = drawn(&mut app);
    assert_eq!(views.len(), 2);
    assert!(views.iter().all(|&(_, shown, triangles)| shown && triangles > 0), "{views:?}");
    app.world_mut().write_message(Command::Toggle(View::Threats));
    app.update();
    app.update();
    assert!(drawn(&mut app).iter().all(|&(_, shown, _)| !shown), "off again");
}

#[test]
fn a_check_is_drawn_for_a_while_and_named() {
    let v = Variant::Torus;
    let start = Position::from_text(v, "8/8/7n/8/8/8/P7/4K2k b - - 0 0").unwrap();
    let mut app = app_on(Game::from_position(start, Start::Edited { label: "test".into() }));
    // The knight jumps to f7 or g8, from where it checks e1 through the seam.
    let p = app.world().resource::<CurrentGame>().game.position().clone();
    let checking =
        p.legal_actions().into_iter().find(|&a| p.play(a).is_ok_and(|q| q.is_check())).expect("a checking move");
    app.world_mut().write_message(ActionChosen(checking));
    app.update();
    app.update();
    assert!(app.world().resource::<CheckShown>().on);
    let notice = app.world().resource::<Notice>().0.clone();
    assert!(notice.starts_with("check from the knight on") && notice.ends_with("through the seam"), "{notice}");
    assert!(drawn(&mut app).iter().all(|&(_, shown, triangles)| shown && triangles > 0));
    // Some seconds later (a quarter of a second a frame: the clock caps each step) it is gone.
    for _ in 0..24 {
        app.update();
    }
    assert!(!app.world().resource::<CheckShown>().on);
    assert!(drawn(&mut app).iter().all(|&(_, shown, _)| !shown));
}
