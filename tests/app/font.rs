//! Every character the UI writes exists in the UI font: notation (dashes, the seam mark, facing
//! arrows), chooser labels, status lines and results, over every fixture game.

use std::collections::BTreeSet;
use surface_chess::scene::chart::piece_glyph;
use surface_chess::state::mode::Who;
use surface_chess::state::persist::load_game;
use surface_chess::state::selection::Selection;
use surface_chess::state::viewing::Viewing;
use surface_chess::ui::font::FONT_DATA;
use surface_chess::ui::panel::{Status, move_entries};
use surface_chess_rules::engine::Level;
use surface_chess_rules::{Color, Game};

/// The text the panel and chart show for a game at each ply, with every possible choice.
fn texts_of(game: &Game) -> Vec<String> {
    let mut out = Vec::new();
    let modes = [Who::TwoPlayers, Who::VsComputer(Color::Black), Who::Exhibition];
    for ply in 0..=game.actions().len() {
        let viewing = Viewing((ply < game.actions().len()).then_some(ply));
        for who in modes {
            let status = Status {
                game,
                viewing,
                who,
                level: Level::Club,
                thinking: None,
                notice: "",
                autosave_failure: Some("cannot write"),
                server_result: None,
            };
            out.push(status.to_string());
        }
        let position = game.position_at(ply).expect("a ply of the game");
        out.extend(position.pieces().map(|(_, piece)| piece_glyph(position.variant(), piece)));
        // Choices are labelled in the live position of a game that stopped at this ply.
        let mut upto = Game::from_position(game.initial().clone(), game.start().clone());
        for &a in &game.actions()[..ply] {
            upto.play(a).expect("the game's own action");
        }
        let selection = Selection { chooser: position.legal_actions(), ..Selection::default() };
        for &a in &selection.chooser {
            out.push(selection.choice_label(&upto, a));
        }
    }
    out.extend(move_entries(game));
    out
}

#[test]
fn the_font_draws_every_character_the_ui_writes() {
    let face = ttf_parser::Face::parse(FONT_DATA, 0).expect("the UI font parses");
    let mut seen = BTreeSet::new();
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
    let mut games = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "json") {
            let game = load_game(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            for text in texts_of(&game) {
                seen.extend(text.chars().filter(|c| !c.is_control()));
            }
            games += 1;
        }
    }
    assert!(games >= 5, "the fixtures hold games");
    for c in ['↪', '–', '↑', '↓', '·'] {
        assert!(seen.contains(&c), "the fixtures exercise {c}");
    }
    let missing: String = seen.iter().filter(|&&c| face.glyph_index(c).is_none()).collect();
    assert!(missing.is_empty(), "the UI font lacks {missing:?}");
}
