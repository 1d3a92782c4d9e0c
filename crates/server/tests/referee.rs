//! The referee: seats, turns, plies, legality, endings, draw offers, resignation and time, with
//! real positions from the rules crate, in virtual time.

mod common;

use common::{alice, bob, joined, rng, seat, started, token};
use surface_chess_rules::Color::{Black, White};
use surface_chess_rules::{EndReason, Variant};
use surface_chess_server::clock::{DAY, MINUTE, SECOND};
use surface_chess_server::{
    ClockSpec, GameResult, IdentityError, InviteCode, Name, NewGame, Phase, RefereeError, ResultReason, ServerGame,
    SideChoice, Token, new_secret,
};

const FOOLS_MATE: [&str; 4] = ["f2-f3", "e7-e5", "g2-g4", "Qd8-h4"];

/// The parts of a game a refused request must leave alone.
fn snapshot(g: &ServerGame) -> String {
    format!(
        "{:?} {:?} {:?} {:?} {:?} {}",
        g.phase(),
        g.rules_game().actions(),
        g.clock(),
        g.draw_offer(),
        g.result(),
        g.rules_game().position().to_text()
    )
}

fn play_all(g: &mut ServerGame, moves: &[&str], now: u64) {
    for (ply, m) in moves.iter().enumerate() {
        let who = if ply % 2 == 0 { alice() } else { bob() };
        g.play(&who, g.plies(), m, now).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

#[test]
fn fools_mate_on_chess_is_checkmate_and_the_game_then_refuses_everything() {
    let mut g = started(Variant::Chess, ClockSpec::DEFAULT);
    play_all(&mut g, &FOOLS_MATE, SECOND);
    let result = GameResult { winner: Some(Black), reason: ResultReason::Rules(EndReason::Checkmate) };
    assert_eq!(g.result(), Some(result));
    assert_eq!(g.phase(), Phase::Finished);
    assert_eq!(g.clock().running(), None);
    assert_eq!(result.to_string(), "black wins by checkmate");
    let before = snapshot(&g);
    assert_eq!(g.play(&alice(), 4, "a2-a3", 2 * SECOND), Err(RefereeError::Finished(result)));
    assert_eq!(g.resign(&alice(), 2 * SECOND), Err(RefereeError::Finished(result)));
    assert_eq!(g.offer_draw(&bob(), 2 * SECOND), Err(RefereeError::Finished(result)));
    assert_eq!(g.accept_draw(&alice(), 2 * SECOND), Err(RefereeError::Finished(result)));
    assert_eq!(g.ready(&alice(), 2 * SECOND), Err(RefereeError::Finished(result)));
    assert!(!g.tick(DAY), "no timeout after the end");
    assert_eq!(snapshot(&g), before);
    // The mating move resent (its acknowledgement was lost) is acknowledged, not replayed.
    let again = g.play(&bob(), 3, "Qd8-h4", 3 * SECOND).unwrap();
    assert!(again.duplicate);
    assert_eq!(snapshot(&g), before);
}

#[test]
fn a_non_seated_identity_gets_an_error_and_nothing_changes() {
    let mut g = started(Variant::Chess, ClockSpec::DEFAULT);
    let eve = token("eve");
    let before = snapshot(&g);
    assert_eq!(g.play(&eve, 0, "e2-e4", 1), Err(RefereeError::NotSeated));
    assert_eq!(g.resign(&eve, 1), Err(RefereeError::NotSeated));
    assert_eq!(g.offer_draw(&eve, 1), Err(RefereeError::NotSeated));
    assert_eq!(g.accept_draw(&eve, 1), Err(RefereeError::NotSeated));
    assert_eq!(g.ready(&eve, 1), Err(RefereeError::NotSeated));
    assert!(!g.can_read(&eve), "spectating is off unless the creator opens it");
    assert!(g.can_read(&alice()) && g.can_read(&bob()));
    assert_eq!(snapshot(&g), before);
    assert_eq!(RefereeError::NotSeated.code(), "not_seated");
}

#[test]
fn spectating_is_opt_in_by_the_creator() {
    let settings =
        NewGame { variant: Variant::Klein, side: SideChoice::White, clock: ClockSpec::DEFAULT, spectators: true };
    let g = ServerGame::create(7, settings, seat("alice"), &mut rng(3)).unwrap();
    assert!(g.can_read(&token("eve")));
}

#[test]
fn moves_out_of_turn_are_refused_and_change_nothing() {
    let mut g = started(Variant::Chess, ClockSpec::DEFAULT);
    let before = snapshot(&g);
    let e = g.play(&bob(), 0, "e7-e5", 1).unwrap_err();
    assert_eq!(e, RefereeError::NotYourTurn(White));
    assert_eq!(e.to_string(), "it is not your turn: white is to move");
    assert_eq!(snapshot(&g), before);
}

#[test]
fn an_illegal_move_gets_the_rules_reason_and_changes_nothing() {
    let mut g = started(Variant::Chess, ClockSpec::DEFAULT);
    let before = snapshot(&g);
    let e = g.play(&alice(), 0, "e2-e5", 1).unwrap_err();
    assert_eq!(e.code(), "illegal_move");
    assert_eq!(e.to_string(), g.rules_game().position().parse_action("e2-e5").unwrap_err().to_string());
    assert!(e.to_string().contains("not a legal move"), "{e}");
    let e = g.play(&alice(), 0, "hello", 1).unwrap_err();
    assert!(e.to_string().contains("not a move in long coordinate notation"), "{e}");
    assert_eq!(snapshot(&g), before);
}

#[test]
fn the_ply_guards_against_duplicates_and_out_of_date_moves() {
    let mut g = started(Variant::Chess, ClockSpec::DEFAULT);
    let first = g.play(&alice(), 0, "e2-e4", 1).unwrap();
    assert_eq!((first.ply, first.duplicate), (0, false));
    let before = snapshot(&g);
    let again = g.play(&alice(), 0, "e2-e4", 2).unwrap();
    assert_eq!((again.ply, again.duplicate, again.notation.as_str()), (0, true, first.notation.as_str()));
    assert_eq!(g.plies(), 1, "not played twice");
    assert_eq!(g.play(&alice(), 0, "d2-d4", 2), Err(RefereeError::StalePly { sent: 0, current: 1 }));
    assert_eq!(g.play(&bob(), 0, "e2-e4", 2), Err(RefereeError::StalePly { sent: 0, current: 1 }), "not Bob's move");
    assert_eq!(g.play(&bob(), 2, "e7-e5", 2), Err(RefereeError::PlyAhead { sent: 2, current: 1 }));
    assert_eq!(snapshot(&g), before);
    assert!(!g.play(&bob(), 1, "e7-e5", 3).unwrap().duplicate);
}

#[test]
fn rapid_games_wait_for_both_ready_presses_and_a_second_press_restarts_nothing() {
    let mut g = joined(Variant::Chess, ClockSpec::rapid(10, 0));
    assert_eq!(g.phase(), Phase::WaitingForReady);
    assert_eq!(g.play(&alice(), 0, "e2-e4", 5), Err(RefereeError::NotStarted(Phase::WaitingForReady)));
    assert_eq!(g.offer_draw(&alice(), 5), Err(RefereeError::NotStarted(Phase::WaitingForReady)));
    assert_eq!(g.ready(&bob(), 10), Ok(false));
    assert_eq!(g.ready(&bob(), 20), Ok(false));
    assert_eq!(g.ready(&alice(), 30), Ok(true));
    assert_eq!((g.phase(), g.clock().running()), (Phase::Playing, Some(White)));
    assert_eq!(g.clock().deadline(), Some(30 + 10 * MINUTE));
    assert_eq!(g.ready(&alice(), MINUTE), Ok(false));
    assert_eq!(g.ready(&bob(), MINUTE), Ok(false));
    assert_eq!(g.clock().deadline(), Some(30 + 10 * MINUTE), "nothing restarted");
}

#[test]
fn a_move_at_the_deadline_loses_on_time_one_millisecond_before_is_played() {
    let mut late = started(Variant::Chess, ClockSpec::rapid(1, 0));
    let mut early = late.clone();
    let lost = GameResult { winner: Some(Black), reason: ResultReason::Timeout };
    assert_eq!(late.play(&alice(), 0, "e2-e4", MINUTE), Err(RefereeError::Finished(lost)));
    assert_eq!(late.result(), Some(lost));
    assert_eq!(late.plies(), 0, "the timeout leaves the position alone");
    assert_eq!(late.clock().remaining(White, MINUTE), 0);
    assert_eq!(lost.to_string(), "black wins by timeout");
    assert!(!early.play(&alice(), 0, "e2-e4", MINUTE - 1).unwrap().duplicate);
    assert_eq!(early.result(), None);
    assert_eq!(early.clock().remaining(White, MINUTE), 1);
}

#[test]
fn time_runs_out_with_nobody_connected_even_with_a_draw_offer_standing() {
    let mut g = started(Variant::Mobius, ClockSpec::rapid(10, 0));
    g.offer_draw(&alice(), SECOND).unwrap();
    assert!(!g.tick(10 * MINUTE - 1));
    assert!(g.tick(10 * MINUTE));
    assert_eq!(g.result(), Some(GameResult { winner: Some(Black), reason: ResultReason::Timeout }));
    assert_eq!(g.draw_offer(), None);
    assert!(!g.tick(10 * MINUTE + 1), "ends once");
}

#[test]
fn the_increment_is_added_after_each_accepted_move_not_after_refused_ones() {
    let mut g = started(Variant::Chess, ClockSpec::rapid(10, 5));
    g.play(&alice(), 0, "e2-e4", 20 * SECOND).unwrap();
    assert_eq!(g.clock().remaining(White, 20 * SECOND), 10 * MINUTE - 15 * SECOND);
    g.play(&bob(), 1, "e7-e4", 21 * SECOND).unwrap_err();
    assert_eq!(g.clock().remaining(Black, 21 * SECOND), 10 * MINUTE - SECOND);
    g.play(&bob(), 1, "e7-e5", 25 * SECOND).unwrap();
    assert_eq!(g.clock().remaining(Black, 25 * SECOND), 10 * MINUTE);
}

#[test]
fn correspondence_starts_when_the_friend_joins_and_resets_each_turn() {
    let settings = NewGame {
        variant: Variant::Chess,
        side: SideChoice::Black,
        clock: ClockSpec::correspondence(1),
        spectators: false,
    };
    let mut g = ServerGame::create(2, settings, seat("alice"), &mut rng(2)).unwrap();
    assert_eq!(g.phase(), Phase::WaitingForOpponent);
    assert!(!g.clock().started());
    let invite = g.invite().cloned().expect("made here");
    assert_eq!(g.join(&invite, seat("bob"), 1_000), Ok(White));
    assert_eq!(g.phase(), Phase::Playing, "no Ready for correspondence");
    assert_eq!(g.clock().deadline(), Some(1_000 + DAY));
    g.play(&bob(), 0, "d2-d4", 1_000 + DAY - 1).unwrap();
    assert_eq!(g.clock().deadline(), Some(1_000 + 2 * DAY - 1), "a full day again");
    g.play(&alice(), 1, "d7-d5", 1_000 + DAY).unwrap();
    assert_eq!(g.clock().remaining(Black, 1_000 + DAY), DAY, "nothing banked");
    assert_eq!(g.play(&bob(), 2, "c2-c4", 1_000 + 2 * DAY).unwrap_err().code(), "finished");
    assert_eq!(g.result(), Some(GameResult { winner: Some(Black), reason: ResultReason::Timeout }));
}

#[test]
fn a_draw_offer_expires_when_either_side_moves() {
    let mut g = started(Variant::Chess, ClockSpec::DEFAULT);
    g.offer_draw(&alice(), 1).unwrap();
    g.play(&alice(), 0, "e2-e4", 2).unwrap();
    assert_eq!(g.draw_offer(), None, "the offerer's own move");
    g.offer_draw(&alice(), 3).unwrap();
    g.play(&bob(), 1, "e7-e5", 4).unwrap();
    assert_eq!(g.draw_offer(), None, "the opponent's move");
    assert_eq!(g.accept_draw(&bob(), 5), Err(RefereeError::NoDrawOffer));
}

#[test]
fn only_the_opponent_can_accept_a_draw_offer() {
    let mut g = started(Variant::Chess, ClockSpec::DEFAULT);
    g.offer_draw(&alice(), 1).unwrap();
    assert_eq!(g.offer_draw(&alice(), 2), Ok(()), "offering again is acknowledged");
    assert_eq!(g.offer_draw(&bob(), 2), Err(RefereeError::DrawOfferPending(White)));
    let before = snapshot(&g);
    assert_eq!(g.accept_draw(&alice(), 3), Err(RefereeError::OwnDrawOffer));
    assert_eq!(g.accept_draw(&token("eve"), 3), Err(RefereeError::NotSeated));
    assert_eq!(snapshot(&g), before);
    let draw = GameResult { winner: None, reason: ResultReason::Rules(EndReason::Agreement) };
    assert_eq!(g.accept_draw(&bob(), 4), Ok(draw));
    assert_eq!(g.result(), Some(draw));
    assert_eq!(g.rules_game().outcome().map(|o| o.reason), Some(EndReason::Agreement));
}

#[test]
fn either_player_may_resign_at_any_turn() {
    let mut g = started(Variant::Strato, ClockSpec::DEFAULT);
    let won = GameResult { winner: Some(White), reason: ResultReason::Rules(EndReason::Resignation) };
    assert_eq!(g.resign(&bob(), MINUTE), Ok(won), "Black resigns on White's turn");
    assert_eq!(g.clock().remaining(White, DAY), 30 * MINUTE - MINUTE, "the clock stopped");
    assert_eq!(g.resign(&alice(), MINUTE), Err(RefereeError::Finished(won)));
}

#[test]
fn random_side_is_resolved_once_and_both_sides_occur() {
    let mut seen = [0; 2];
    for seed in 0..64 {
        let settings =
            NewGame { variant: Variant::Chess, side: SideChoice::Random, clock: ClockSpec::DEFAULT, spectators: false };
        let mut g = ServerGame::create(seed, settings, seat("alice"), &mut rng(seed)).unwrap();
        let side = g.creator_side();
        assert_eq!(g.side_of(&alice()), Some(side));
        let invite = g.invite().cloned().expect("made here");
        assert_eq!(g.join(&invite, seat("bob"), 0), Ok(!side), "the friend gets the other side");
        assert_eq!((g.creator_side(), g.side_of(&alice())), (side, Some(side)), "never rerolled");
        seen[side.index()] += 1;
    }
    assert!(seen[0] > 10 && seen[1] > 10, "{seen:?}");
}

#[test]
fn the_invite_seats_the_first_friend_only() {
    let settings =
        NewGame { variant: Variant::Genus2, side: SideChoice::White, clock: ClockSpec::DEFAULT, spectators: false };
    let mut g = ServerGame::create(3, settings, seat("alice"), &mut rng(9)).unwrap();
    let invite = g.invite().cloned().expect("made here");
    let wrong = InviteCode::generate(&mut rng(10));
    assert_eq!(g.join(&wrong, seat("bob"), 0), Err(RefereeError::BadInvite));
    assert_eq!(g.ready(&alice(), 0), Err(RefereeError::NotStarted(Phase::WaitingForOpponent)));
    assert_eq!(g.resign(&alice(), 0), Err(RefereeError::NotStarted(Phase::WaitingForOpponent)));
    assert_eq!(g.join(&invite, seat("alice"), 0), Ok(White), "the creator's own identity keeps its seat");
    assert_eq!(g.join(&invite, seat("bob"), 0), Ok(Black));
    assert_eq!(g.join(&invite, seat("bob"), 5), Ok(Black), "a rejoin");
    assert_eq!(g.join(&invite, seat("carol"), 0), Err(RefereeError::GameFull));
    assert_eq!(g.seat(Black).unwrap().name.as_str(), "bob");
}

#[test]
fn invite_codes_are_long_url_safe_and_distinct() {
    let mut r = rng(42);
    let codes: std::collections::HashSet<String> =
        (0..10_000).map(|_| InviteCode::generate(&mut r).expose().to_owned()).collect();
    assert_eq!(codes.len(), 10_000);
    for c in &codes {
        assert_eq!(c.len(), 20, "20 symbols of 5 bits = 100 bits");
        assert!(c.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit()));
        assert_eq!(InviteCode::parse(&c.to_uppercase()).unwrap().expose(), c);
    }
    assert_eq!(InviteCode::parse("short"), Err(IdentityError::Invite));
    assert_eq!(format!("{:?}", InviteCode::generate(&mut r)), "InviteCode(…)", "never in logs");
}

#[test]
fn tokens_are_checked_and_hidden_from_logs() {
    let secret = new_secret(&mut rng(5));
    assert_eq!(secret.len(), 32);
    let t = Token::parse(&secret).unwrap();
    assert_eq!(Token::parse(&secret), Ok(t.clone()), "the same secret is the same identity");
    assert_ne!(Token::parse(&new_secret(&mut rng(6))), Ok(t.clone()));
    assert!(!t.digest().contains(&secret) && t.digest().len() == 43, "only a digest is kept");
    assert_eq!(Token::from_digest(t.digest()), t, "a stored digest is the identity again");
    assert_eq!(format!("{t:?}"), "Token(…)");
    assert_eq!(Token::parse("too-short"), Err(IdentityError::Token));
    assert_eq!(Token::parse(&"a".repeat(65)), Err(IdentityError::Token));
    assert_eq!(Token::parse("has spaces in it, twenty-two+"), Err(IdentityError::Token));
}

#[test]
fn names_are_trimmed_plain_text_of_1_to_32_characters() {
    assert_eq!(Name::parse("  Ada  ").unwrap().as_str(), "Ada");
    assert_eq!(Name::parse(&"é".repeat(32)).unwrap().as_str().chars().count(), 32);
    assert_eq!(Name::parse(&"é".repeat(33)), Err(IdentityError::LongName(33)));
    assert_eq!(Name::parse(" \t "), Err(IdentityError::EmptyName));
    assert_eq!(Name::parse(""), Err(IdentityError::EmptyName));
    assert_eq!(Name::parse("a\u{7}b"), Err(IdentityError::NameCharacter(7)));
    assert_eq!(Name::parse("evil\u{202E}gnp"), Err(IdentityError::NameCharacter(0x202E)));
    assert_eq!(Name::parse("two\nlines"), Err(IdentityError::NameCharacter(10)));
    assert_eq!(Name::parse("Ada Lovelace ♞").unwrap().to_string(), "Ada Lovelace ♞");
}

#[test]
fn hostile_names_are_refused_and_names_in_every_script_accepted() {
    let refused = [
        ("\u{3164}", 0x3164),         // Hangul filler: looks blank
        ("a\u{3164}b", 0x3164),       // ... inside a name
        ("\u{115F}\u{1160}", 0x115F), // Hangul choseong and jungseong fillers
        ("\u{FFA0}", 0xFFA0),         // halfwidth Hangul filler
        ("\u{2800}", 0x2800),         // blank braille pattern
        ("a\u{2028}b", 0x2028),       // line separator
        ("a\u{2029}b", 0x2029),       // paragraph separator
        ("\u{2060}", 0x2060),         // word joiner
        ("Ada\u{00AD}", 0xAD),        // soft hyphen
        ("a\u{200B}b", 0x200B),       // zero-width space
        ("a\u{200D}b", 0x200D),       // zero-width joiner
        ("a\u{00A0}b", 0xA0),         // no-break space
        ("a\u{3000}b", 0x3000),       // ideographic space
        ("a\u{E0041}b", 0xE0041),     // a tag character
        ("a\u{E000}b", 0xE000),       // private use
        ("a\u{0378}b", 0x378),        // unassigned
        ("a\u{034F}b", 0x34F),        // combining grapheme joiner
        ("\u{0301}a", 0x301),         // a mark with nothing before it
        ("a\u{1D173}b", 0x1D173),     // musical formatting
        ("\u{FEFF}Ada", 0xFEFF),      // byte order mark
    ];
    for (name, code) in refused {
        assert_eq!(Name::parse(name), Err(IdentityError::NameCharacter(code)), "{name:?}");
    }
    let stacked = format!("a{}", "\u{0301}".repeat(31));
    assert_eq!(Name::parse(&stacked), Err(IdentityError::StackedMarks(3)));
    // NFC: a decomposed é becomes one character, so the two spellings are one name.
    assert_eq!(Name::parse("Jose\u{0301}").unwrap(), Name::parse("Jos\u{e9}").unwrap());
    for fine in
        ["Ada", "Zoë", "Łukasz", "Иван", "محمد", "דוד", "李小龙", "กานต์", "क्षत्रिय", "Nguyễn", "김민준", "Ada ♞ 2"]
    {
        assert_eq!(Name::parse(fine).unwrap().as_str(), fine, "{fine} is a name");
    }
}

#[test]
fn a_clock_outside_the_contract_is_refused_at_creation() {
    let settings = NewGame {
        variant: Variant::Chess,
        side: SideChoice::White,
        clock: ClockSpec::rapid(121, 0),
        spectators: false,
    };
    let e = ServerGame::create(4, settings, seat("alice"), &mut rng(4)).unwrap_err();
    assert_eq!(e.code(), "bad_clock");
}

#[test]
fn every_variant_plays_its_first_moves_through_the_referee() {
    for variant in Variant::ALL {
        let mut g = started(variant, ClockSpec::DEFAULT);
        for ply in 0..4 {
            let who = if ply % 2 == 0 { alice() } else { bob() };
            let position = g.rules_game().position().clone();
            let action = position.legal_actions()[0];
            let text = position.notation(action);
            let played =
                g.play(&who, ply, &text, ply as u64 * SECOND).unwrap_or_else(|e| panic!("{variant}: {text}: {e}"));
            assert_eq!(played.notation, text, "{variant}");
            assert_eq!(g.rules_game().actions()[ply], action, "{variant}");
        }
        assert_eq!(g.plies(), 4, "{variant}");
    }
}
