//! Guided tours, headless: the built-in tours load; opening one sets its first step up (board,
//! position, selection, overlays, camera pose); Next, N, Back and P step; a step's move is played;
//! the end of the tour gives the board its own home view back.

use bevy::prelude::*;
use std::time::Duration;
use surface_chess::features::compare::{self, Compare};
use surface_chess::features::rays::{self, ShowRays};
use surface_chess::features::threats::{self, ShowThreats};
use surface_chess::features::tour_view;
use surface_chess::scene::board;
use surface_chess::scene::camera::HomePose;
use surface_chess::state::commands::Command;
use surface_chess::state::game::CurrentGame;
use surface_chess::state::selection::Selection;
use surface_chess::state::tours::{TourCommand, Touring, Tours};
use surface_chess_rules::tour::Overlay;
use surface_chess_rules::{Game, Variant};

fn app() -> App {
    crate::drawing_app(Game::new(Variant::Chess), Duration::from_millis(100), |app| {
        app.add_plugins((board::plugin, rays::plugin, threats::plugin, compare::plugin, tour_view::plugin));
    })
}

fn settle(app: &mut App) {
    for _ in 0..4 {
        app.update();
    }
}

fn tour_index(app: &App, id: &str) -> usize {
    app.world().resource::<Tours>().0.iter().position(|t| t.id() == id).unwrap_or_else(|| panic!("no tour {id}"))
}

#[test]
fn the_four_tours_ship_and_each_step_is_set_up_as_written() {
    let mut app = app();
    let ids: Vec<String> = app.world().resource::<Tours>().0.iter().map(|t| t.id().to_owned()).collect();
    assert_eq!(ids, ["arc", "curvature", "twisting", "wrapping"]);
    let t = tour_index(&app, "twisting");
    app.world_mut().write_message(TourCommand::Open(t));
    settle(&mut app);
    let steps = app.world().resource::<Tours>().0[t].steps.clone();
    for (s, step) in steps.iter().enumerate() {
        assert_eq!(app.world().resource::<Touring>().at, Some((t, s)));
        let game = app.world().resource::<CurrentGame>().game.clone();
        assert_eq!(game.position().variant(), step.position.variant(), "step {}", s + 1);
        match step.play {
            // The move is played from the step's position, which the game starts from.
            Some(action) => {
                assert_eq!(game.actions(), &[action], "step {}: its move is played", s + 1);
                assert_eq!(game.initial().to_text(), step.position.to_text());
            }
            None => {
                assert_eq!(game.position().to_text(), step.position.to_text(), "step {}", s + 1);
                assert_eq!(app.world().resource::<Selection>().selected, step.select, "step {}", s + 1);
            }
        }
        assert_eq!(game.is_exploring(), step.exploring);
        assert_eq!(app.world().resource::<ShowRays>().0, step.overlays.contains(&Overlay::Rays));
        assert_eq!(app.world().resource::<ShowThreats>().0, step.overlays.contains(&Overlay::Threats));
        assert_eq!(app.world().resource::<Compare>().0, step.overlays.contains(&Overlay::Compare));
        let pose = step.camera.map(|c| (c.yaw, c.pitch, c.distance));
        assert_eq!(app.world().resource::<HomePose>().0, pose, "step {}", s + 1);
        app.world_mut().write_message(TourCommand::Next);
        settle(&mut app);
    }
    // Past the last step the tour ends: the list is offered, the home view is the board's own.
    let touring = *app.world().resource::<Touring>();
    assert_eq!((touring.at, touring.list), (None, true));
    assert_eq!(app.world().resource::<HomePose>().0, None);
    assert!(steps.iter().any(|s| s.overlays.contains(&Overlay::Compare)), "the twisting tour compares");
}

#[test]
fn n_and_p_step_and_back_stays_on_the_first_step() {
    let mut app = app();
    let t = tour_index(&app, "wrapping");
    // N does nothing while no tour is on show.
    app.world_mut().write_message(Command::TourNext);
    settle(&mut app);
    assert_eq!(app.world().resource::<Touring>().at, None);
    app.world_mut().write_message(TourCommand::Open(t));
    settle(&mut app);
    app.world_mut().write_message(Command::TourBack);
    settle(&mut app);
    assert_eq!(app.world().resource::<Touring>().at, Some((t, 0)), "no step before the first");
    app.world_mut().write_message(Command::TourNext);
    settle(&mut app);
    assert_eq!(app.world().resource::<Touring>().at, Some((t, 1)));
    assert_eq!(app.world().resource::<CurrentGame>().variant(), Variant::Cylinder);
    app.world_mut().write_message(Command::TourBack);
    settle(&mut app);
    assert_eq!(app.world().resource::<Touring>().at, Some((t, 0)));
    assert_eq!(app.world().resource::<CurrentGame>().variant(), Variant::Chess);
    app.world_mut().write_message(TourCommand::Close);
    settle(&mut app);
    assert_eq!(app.world().resource::<Touring>().at, None);
}
