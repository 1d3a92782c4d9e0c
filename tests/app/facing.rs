//! Your side in front of you, headless: against the computer as Black, or seated as Black online,
//! the home view and the chart face Black's camp; two players keep White's, and Flip board turns
//! the 3D view to the other camp.

use bevy::prelude::*;
use surface_chess::logic_plugin;
use surface_chess::scene::camera::ResetCamera;
use surface_chess::scene::chart::Flipped;
use surface_chess::scene::facing::{self, BoardSide};
use surface_chess::state::commands::{Command, View};
use surface_chess::state::game::CurrentGame;
use surface_chess::state::mode::{Seat, Who};
use surface_chess_rules::{Color, Variant};

fn app() -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, logic_plugin))
        .init_resource::<Flipped>()
        .insert_resource(CurrentGame::new(Variant::Klein))
        .add_plugins(facing::plugin);
    app.update();
    app
}

fn send(app: &mut App, command: Command) {
    app.world_mut().write_message(command);
    app.update();
    app.update();
}

/// The resets asked for since the last call.
fn resets(app: &mut App) -> usize {
    let messages = app.world().resource::<Messages<ResetCamera>>();
    let mut cursor = messages.get_cursor();
    let n = cursor.read(messages).count();
    app.world_mut().resource_mut::<Messages<ResetCamera>>().clear();
    n
}

fn facing(app: &App) -> (Color, bool) {
    (app.world().resource::<BoardSide>().facing(), app.world().resource::<Flipped>().0)
}

#[test]
fn playing_black_faces_blacks_camp_and_flip_board_turns_the_view() {
    let mut app = app();
    assert_eq!(facing(&app), (Color::White, false), "two players: White's camp, the chart upright");
    resets(&mut app);
    send(&mut app, Command::Versus(Some(Color::White)));
    assert_eq!(facing(&app), (Color::Black, true), "against the computer as Black: Black's camp, the chart turned");
    assert_eq!(resets(&mut app), 1, "the camera goes to Black's home view");
    send(&mut app, Command::Toggle(View::FlipBoard));
    assert_eq!(facing(&app), (Color::White, true), "Flip board turns the 3D view only");
    assert_eq!(resets(&mut app), 1);
    send(&mut app, Command::Versus(None));
    assert_eq!(facing(&app), (Color::White, false), "two players again: White's camp");
    send(&mut app, Command::Toggle(View::FlipBoard));
    assert_eq!(facing(&app).0, Color::Black, "two players can turn the board too");
}

#[test]
fn each_seat_faces_its_own_camp() {
    assert_eq!(Who::Online(Seat { you: Some(Color::Black), playing: true }).own_side(), Color::Black);
    assert_eq!(Who::Online(Seat { you: None, playing: true }).own_side(), Color::White, "watching");
    assert_eq!(Who::VsComputer(Color::Black).own_side(), Color::White);
    assert_eq!(Who::TwoPlayers.own_side(), Color::White);
    assert_eq!(Who::Exhibition.own_side(), Color::White);
}
