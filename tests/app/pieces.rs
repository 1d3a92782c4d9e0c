//! Pieces persist on the surface: a move moves the mover's models (and a castling rook's), a
//! capture removes the taken piece's models once the mover arrives; nothing is respawned.

use bevy::prelude::*;
use std::time::Duration;
use surface_chess::scene::animate;
use surface_chess::scene::board;
use surface_chess::scene::motion::MoveAnimation;
use surface_chess::scene::pieces::{self, PieceModel};
use surface_chess::state::game::CurrentGame;
use surface_chess::state::messages::ActionChosen;
use surface_chess_rules::{Cell, Game, Position, Start, Variant};

fn app_with(game: Game) -> App {
    crate::drawing_app(game, Duration::from_millis(50), |app| {
        app.add_plugins((board::plugin, pieces::plugin, animate::plugin));
    })
}

/// The model entities standing on each cell.
fn models_on(app: &mut App, cell: Cell) -> Vec<Entity> {
    let mut q = app.world_mut().query::<(Entity, &PieceModel)>();
    let mut out: Vec<Entity> = q.iter(app.world()).filter(|(_, m)| m.cell == cell).map(|(e, _)| e).collect();
    out.sort();
    out
}

fn play_and_finish(app: &mut App, text: &str) {
    let action = app.world().resource::<CurrentGame>().game.position().parse_action(text).unwrap();
    app.world_mut().write_message(ActionChosen(action));
    app.update();
    assert!(app.world().contains_resource::<MoveAnimation>(), "{text} animates");
    for _ in 0..100 {
        app.update();
        if !app.world().contains_resource::<MoveAnimation>() {
            break;
        }
    }
    app.update();
    assert!(!app.world().contains_resource::<MoveAnimation>(), "{text} finished animating");
}

#[test]
fn castling_moves_the_king_and_the_rook_and_a_capture_removes_the_taken_piece() {
    let v = Variant::Chess;
    let cell = |name: &str| v.rules().complex.parse_cell(name).unwrap();
    let start = Position::from_text(v, "4k3/8/8/8/8/8/1p6/4K2R w K - 0 1").unwrap();
    let mut app = app_with(Game::from_position(start, Start::Edited { label: "test".into() }));
    let king = models_on(&mut app, cell("e1"));
    let rook = models_on(&mut app, cell("h1"));
    let pawn = models_on(&mut app, cell("b2"));
    assert_eq!((king.len(), rook.len(), pawn.len()), (2, 2, 2), "two models per piece, one per side");
    play_and_finish(&mut app, "O-O");
    assert_eq!(models_on(&mut app, cell("g1")), king, "the king's own models moved");
    assert_eq!(models_on(&mut app, cell("f1")), rook, "the rook's own models moved");
    play_and_finish(&mut app, "Ke8–d8");
    play_and_finish(&mut app, "Rf1–f2");
    play_and_finish(&mut app, "b2–b1=Q");
    assert_eq!(models_on(&mut app, cell("b1")), pawn, "a promoted pawn keeps its models (the mesh changes)");
    play_and_finish(&mut app, "Rf2–f1");
    let rook_now = models_on(&mut app, cell("f1"));
    assert_eq!(rook_now, rook);
    play_and_finish(&mut app, "Qb1xf1");
    assert_eq!(models_on(&mut app, cell("f1")), pawn, "the queen stands where the rook was");
    for e in rook {
        assert!(app.world().get_entity(e).is_err(), "the captured rook's models are gone");
    }
}

#[test]
fn a_knight_carried_across_the_twist_is_mirrored_and_turns_back_when_it_returns() {
    let v = Variant::Endless;
    let cell = |name: &str| v.rules().complex.parse_cell(name).unwrap();
    let start = Position::from_text(v, "4k3/8/8/8/8/8/8/4K1N1 w - - 0 0").unwrap();
    let mut app = app_with(Game::from_position(start, Start::Edited { label: "test".into() }));
    let mirrored = |app: &mut App, at: &str| {
        let mut q = app.world_mut().query::<(&PieceModel, &Mesh3d, &Transform)>();
        q.iter(app.world())
            .filter(|(m, ..)| m.cell == cell(at))
            .map(|(m, mesh, t)| (m.mirrored, mesh.0.clone(), *t))
            .collect::<Vec<_>>()
    };
    let before = mirrored(&mut app, "g1");
    assert!(before.iter().all(|(m, ..)| !m), "unmoved: not mirrored");
    // g1–h1 and across the seam to a8, then a7: ranks reversed on the way.
    play_and_finish(&mut app, "Ng1–a7");
    let over = mirrored(&mut app, "a7");
    assert_eq!(over.len(), 2);
    assert!(over.iter().all(|(m, ..)| *m), "mirrored after the twist");
    assert!(over.iter().all(|(_, mesh, _)| *mesh != before[0].1), "the mirrored knight's mesh");
    play_and_finish(&mut app, "Ke8–d8");
    play_and_finish(&mut app, "Na7–g1");
    let back = mirrored(&mut app, "g1");
    assert!(back.iter().all(|(m, ..)| !m), "back across the twist: itself again");
    // It stands as it stood before it left: the same mesh, the same pose.
    for ((_, mesh, t), (_, mesh0, t0)) in back.iter().zip(&before) {
        assert_eq!(mesh, mesh0);
        assert!(t.rotation.angle_between(t0.rotation) < 1e-4, "{t:?} {t0:?}");
    }
}
