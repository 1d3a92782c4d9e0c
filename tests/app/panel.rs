//! The panel, headless: each button does its own thing when activated, and is disabled exactly
//! when it cannot be used — the claimable draws appear on Endless and chess exactly when the
//! rules allow them.

use bevy::prelude::*;
use surface_chess::ui::button;

use crate::buttons::{activate as press, enabled};
use surface_chess::state::game::CurrentGame;
use surface_chess::state::messages::ActionChosen;
use surface_chess::state::mode::{ComputerLevel, PlayMode};
use surface_chess::{logic_plugin, scene::chart, ui::panel};
use surface_chess_rules::engine::Level;
use surface_chess_rules::{EndReason, Variant};

fn panel_app(variant: Variant) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, AssetPlugin::default(), logic_plugin))
        .init_resource::<ButtonInput<KeyCode>>()
        .init_resource::<chart::Flipped>()
        .init_resource::<surface_chess::scene::board::ShowLabels>()
        .init_resource::<surface_chess::features::follow::FollowGame>()
        .add_message::<surface_chess::scene::camera::ResetCamera>()
        .insert_resource(CurrentGame::new(variant))
        .add_plugins((panel::plugin, button::plugin));
    app.update();
    app.update();
    app
}

fn play(app: &mut App, moves: &[&str]) {
    for text in moves {
        let game = &app.world().resource::<CurrentGame>().game;
        let action = game.position().parse_action(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        app.world_mut().write_message(ActionChosen(action));
        app.update();
    }
    app.update();
}

#[test]
fn new_game_buttons_start_each_board() {
    let mut app = panel_app(Variant::Mobius);
    // The untwisted twins are not listed: W shows them beside their boards.
    for v in Variant::ALL.into_iter().filter(|v| !v.spec().companion) {
        let serial = app.world().resource::<CurrentGame>().serial();
        press(&mut app, v.name());
        let current = app.world().resource::<CurrentGame>();
        assert_eq!((current.variant(), current.plies()), (v, 0));
        assert_ne!(current.serial(), serial, "another game");
    }
}

#[test]
fn the_draw_claim_is_offered_exactly_when_the_rules_allow_it() {
    let knights = ["Ng1–f3", "Ng8–f6", "Nf3–g1", "Nf6–g8"];
    for v in [Variant::Chess, Variant::Endless] {
        let mut app = panel_app(v);
        assert!(!enabled(&mut app, "Claim draw"), "{v}: nothing to claim at the start");
        play(&mut app, &knights);
        assert!(!enabled(&mut app, "Claim draw"), "{v}: the start position has occurred twice");
        play(&mut app, &knights);
        assert!(enabled(&mut app, "Claim draw"), "{v}: threefold repetition");
        press(&mut app, "Claim draw");
        let outcome = app.world().resource::<CurrentGame>().game.outcome().expect("claimed");
        assert_eq!((outcome.winner, outcome.reason), (None, EndReason::ThreefoldClaim));
        assert!(!enabled(&mut app, "Claim draw") && !enabled(&mut app, "Resign"), "{v}: the game is over");
    }
    // The surfaces have no claims: automatic endings only.
    let mut app = panel_app(Variant::Mobius);
    let knights = ["Nh1–g3", "Nh9–g7", "Ng3–h1", "Ng7–h9"];
    play(&mut app, &knights);
    play(&mut app, &knights);
    let game = &app.world().resource::<CurrentGame>().game;
    assert_eq!((game.actions().len(), game.outcome()), (8, None), "the moves were played; the game goes on");
    assert!(!enabled(&mut app, "Claim draw"), "no claims on the Möbius board");
}

#[test]
fn buttons_are_disabled_when_they_cannot_act() {
    let mut app = panel_app(Variant::Chess);
    app.insert_resource(ComputerLevel(Level::Strongest));
    app.update();
    assert!(!enabled(&mut app, "Level +"), "already the strongest");
    press(&mut app, "Level -");
    assert_eq!(app.world().resource::<ComputerLevel>().0, Level::Champion);
    assert!(enabled(&mut app, "Level +"));
    app.insert_resource(ComputerLevel(Level::Beginner));
    app.update();
    assert!(!enabled(&mut app, "Level -"), "already the weakest");
    assert!(enabled(&mut app, "Hint") && enabled(&mut app, "Exhibition"));
    press(&mut app, "You Black vs computer");
    assert_eq!(*app.world().resource::<PlayMode>(), PlayMode::VsComputer(surface_chess_rules::Color::White));
    assert!(!enabled(&mut app, "Hint"), "no hint while the computer is to move");
    press(&mut app, "Resign");
    assert!(app.world().resource::<CurrentGame>().game.outcome().is_some());
    assert!(!enabled(&mut app, "Resign") && !enabled(&mut app, "Agree draw"));
}

fn pick(app: &mut App, name: &str) {
    let v = app.world().resource::<CurrentGame>().variant();
    let cell = v.rules().complex.parse_cell(name).unwrap();
    app.world_mut().write_message(surface_chess::state::messages::CellPicked(cell));
    app.update();
    app.update();
}

#[test]
fn a_game_starts_from_a_setup_only_when_the_rules_accept_it_and_is_saved_with_it() {
    use surface_chess::state::setup::SetupBoard;
    use surface_chess_rules::Record;
    let mut app = panel_app(Variant::Chess);
    press(&mut app, "Set up");
    assert!(app.world().contains_resource::<SetupBoard>());
    assert!(!enabled(&mut app, "Set up"), "already setting up");
    assert!(enabled(&mut app, "Start game"), "the position on show is legal");
    press(&mut app, "Clear");
    assert!(!enabled(&mut app, "Start game"), "no kings");
    assert_eq!(app.world().resource::<SetupBoard>().setup.castling, surface_chess_rules::CastlingRights::NONE);
    let summary = app.world().resource::<SetupBoard>().summary();
    assert!(summary.contains("kings"), "the reason is given: {summary}");
    let status = |app: &mut App| {
        let mut texts = app.world_mut().query::<&Text>();
        let shown: Vec<String> = texts.iter(app.world()).map(|t| t.0.clone()).collect();
        shown.into_iter().find(|t| t.starts_with("chess · setup")).expect("the status line says what the setup is")
    };
    assert!(status(&mut app).ends_with(&summary), "{}", status(&mut app));
    // What is noticed during setup shows under it.
    press(&mut app, "Level -");
    assert!(status(&mut app).ends_with(&format!("{summary}\ncomputer level 3: casual")), "{}", status(&mut app));
    press(&mut app, "White");
    press(&mut app, "K");
    pick(&mut app, "e1");
    press(&mut app, "Black");
    pick(&mut app, "e8");
    press(&mut app, "Q");
    pick(&mut app, "d8");
    press(&mut app, "White");
    press(&mut app, "R");
    pick(&mut app, "h1");
    assert_eq!(app.world().resource::<CurrentGame>().plies(), 0, "picks edit the setup, not the game");
    assert!(enabled(&mut app, "Start game"));
    press(&mut app, "Castle K");
    assert!(enabled(&mut app, "Start game"), "king e1 and rook h1 allow White's short castling");
    press(&mut app, "Castle q");
    assert!(!enabled(&mut app, "Start game"), "Black has no rook for long castling");
    press(&mut app, "Castle q");
    press(&mut app, "Start game");
    assert!(!app.world().contains_resource::<SetupBoard>(), "setup mode ends");
    let game = app.world().resource::<CurrentGame>().game.clone();
    assert_eq!(game.position().to_text(), "3qk3/8/8/8/8/8/8/4K2R w K - 0 1");
    let record = Record::of(&game);
    let json = record.to_json();
    assert!(json.contains("\"setup\""), "the record keeps the setup: {json}");
    let replayed = Record::from_json(&json).and_then(|r| r.replay()).expect("the record loads");
    assert_eq!(replayed.position(), game.position());
}

#[test]
fn a_toggle_shows_whether_it_is_on() {
    use surface_chess::ui::toggles::{OFF, ON};
    let mut app = panel_app(Variant::Klein);
    app.add_plugins(surface_chess::scene::facing::plugin);
    app.update();
    let border = |app: &mut App, label: &str| {
        let button = crate::buttons::find(app, label);
        app.world().get::<BorderColor>(button).unwrap().top
    };
    assert_eq!(border(&mut app, "Flip board (B)"), OFF);
    press(&mut app, "Flip board (B)");
    app.update();
    assert_eq!(border(&mut app, "Flip board (B)"), ON, "turned: lit");
    press(&mut app, "Flip board (B)");
    app.update();
    assert_eq!(border(&mut app, "Flip board (B)"), OFF);
    for (follow, wanted) in [(true, ON), (false, OFF)] {
        app.insert_resource(surface_chess::features::follow::FollowGame(follow));
        app.update();
        assert_eq!(border(&mut app, "Follow (F)"), wanted, "follow {follow}");
    }
    assert_eq!(border(&mut app, "Resign"), OFF, "not a toggle: its own border");
}

#[test]
fn the_turn_shows_in_the_sides_colour_and_the_taken_pieces_are_listed() {
    use surface_chess::ui::panel::{SWATCH, TakenText, TurnSwatch};
    let mut app = panel_app(Variant::Chess);
    let look = |app: &mut App| {
        let mut swatch = app.world_mut().query_filtered::<&BackgroundColor, With<TurnSwatch>>();
        let colour = swatch.single(app.world()).unwrap().0;
        let mut taken = app.world_mut().query_filtered::<&Text, With<TakenText>>();
        (colour, taken.single(app.world()).unwrap().0.clone())
    };
    assert_eq!(look(&mut app), (SWATCH[0], String::new()), "White to move, nothing taken");
    play(&mut app, &["e2–e4", "d7–d5", "e4xd5"]);
    assert_eq!(look(&mut app), (SWATCH[1], "taken: White P · Black —".to_owned()), "Black to move");
}

#[test]
fn a_button_under_the_pointer_says_what_it_does() {
    use bevy::picking::hover::Hovered;
    use surface_chess::ui::tips::TipBox;
    let mut app = panel_app(Variant::Mobius);
    let tip = |app: &mut App| {
        let mut boxes = app.world_mut().query_filtered::<(&Node, &Children), With<TipBox>>();
        let (node, children) = boxes.single(app.world()).unwrap();
        let shown = node.display != Display::None;
        let text = app.world().get::<Text>(children[0]).unwrap().0.clone();
        (shown, text)
    };
    assert_eq!(tip(&mut app), (false, String::new()), "nothing under the pointer: no tip");
    let follow = crate::buttons::find(&mut app, "Follow (F)");
    app.world_mut().entity_mut(follow).insert(Hovered(true));
    app.update();
    assert_eq!(tip(&mut app), (true, "The camera turns to show selections and moves".to_owned()));
    app.world_mut().entity_mut(follow).insert(Hovered(false));
    app.update();
    assert!(!tip(&mut app).0, "the pointer left: the tip goes");
    // The online section's buttons have theirs too.
    let host = crate::buttons::find(&mut app, "Host");
    app.world_mut().entity_mut(host).insert(Hovered(true));
    app.update();
    assert_eq!(tip(&mut app), (true, "Creates a game on this board; pass its invite code on".to_owned()));
}
