//! The registry and the lobby, and whole games played through JSON messages by two sessions.

mod common;

use common::{rng, seat, token};
use rand::rngs::StdRng;
use surface_chess_rules::Variant;
use surface_chess_server::{
    ClockSpec, GameState, Lobby, LobbyList, NewGame, Phase, ServerMessage, Session, Side, SideChoice, move_number,
};

struct Player {
    session: Session,
}

fn send(lobby: &mut Lobby, p: &mut Player, text: &str, now: u64, r: &mut StdRng) -> Vec<ServerMessage> {
    lobby.handle(&mut p.session, text, now, r).replies
}

fn hello(lobby: &mut Lobby, tag: &str, name: &str, r: &mut StdRng) -> Player {
    let mut p = Player { session: Session::new() };
    let text = format!(r#"{{"type":"Hello","version":1,"token":"{}","name":"{name}"}}"#, token(tag).expose());
    let replies = send(lobby, &mut p, &text, 0, r);
    assert!(matches!(&replies[..], [ServerMessage::Welcome { version: 1, .. }]), "{replies:?}");
    p
}

fn state(replies: &[ServerMessage]) -> &GameState {
    replies
        .iter()
        .find_map(|m| match m {
            ServerMessage::GameState(s) => Some(s),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no state in {replies:?}"))
}

fn error_code(replies: &[ServerMessage]) -> &str {
    match replies {
        [ServerMessage::Error { code, .. }] => code,
        other => panic!("not one error: {other:?}"),
    }
}

fn lobby_of(lobby: &mut Lobby, p: &mut Player, now: u64, r: &mut StdRng) -> LobbyList {
    match &send(lobby, p, r#"{"type":"Lobby"}"#, now, r)[..] {
        [ServerMessage::Lobby(list)] => list.clone(),
        other => panic!("{other:?}"),
    }
}

#[test]
fn two_sessions_play_fools_mate_through_json_messages() {
    let mut r = rng(1);
    let mut lobby = Lobby::new();
    let mut ada = hello(&mut lobby, "ada", "  Ada  ", &mut r);
    let mut bo = hello(&mut lobby, "bo", "Bo", &mut r);
    let created = send(&mut lobby, &mut ada, r#"{"type":"CreateGame","variant":"chess","side":"white"}"#, 0, &mut r);
    let s = state(&created);
    assert_eq!((s.you, s.phase, s.white.as_deref()), (Some(Side::White), Phase::WaitingForOpponent, Some("Ada")));
    let (game, invite) = (s.game, s.invite.clone().expect("the creator sees the invite"));
    let joined = send(&mut lobby, &mut bo, &format!(r#"{{"type":"JoinGame","invite":"{invite}"}}"#), 10, &mut r);
    assert_eq!(state(&joined).you, Some(Side::Black));
    assert_eq!(state(&joined).invite, None);
    for p in [&mut ada, &mut bo] {
        send(&mut lobby, p, &format!(r#"{{"type":"Ready","game":{game}}}"#), 20, &mut r);
    }
    for (ply, action) in ["f2-f3", "e7-e5", "g2-g4", "Qd8-h4"].into_iter().enumerate() {
        let who = if ply % 2 == 0 { &mut ada } else { &mut bo };
        let text = format!(r#"{{"type":"Move","game":{game},"ply":{ply},"action":"{action}"}}"#);
        let replies = send(&mut lobby, who, &text, 1_000 + ply as u64, &mut r);
        assert!(matches!(&replies[0], ServerMessage::MoveAccepted { duplicate: false, .. }), "{replies:?}");
    }
    let over = send(&mut lobby, &mut ada, &format!(r#"{{"type":"GetGame","game":{game}}}"#), 5_000, &mut r);
    let s = state(&over);
    assert_eq!(s.phase, Phase::Finished);
    let result = s.result.clone().unwrap();
    assert_eq!((result.winner, result.reason.as_str()), (Some(Side::Black), "checkmate"));
    assert_eq!(s.moves.len(), 4);
    let late = format!(r#"{{"type":"Move","game":{game},"ply":4,"action":"a2-a3"}}"#);
    assert_eq!(error_code(&send(&mut lobby, &mut ada, &late, 6_000, &mut r)), "finished");
    let list = lobby_of(&mut lobby, &mut ada, 6_000, &mut r);
    assert_eq!(list.finished.len(), 1);
    assert_eq!((list.finished[0].moves, list.finished[0].opponent.as_deref()), (2, Some("Bo")));
}

#[test]
fn the_lobby_sorts_games_into_your_turn_opponents_turn_waiting_and_finished() {
    let mut r = rng(2);
    let mut lobby = Lobby::new();
    let settings = |side| NewGame { variant: Variant::Endless, side, clock: ClockSpec::DEFAULT, spectators: false };
    let waiting = lobby.create(settings(SideChoice::White), seat("ada"), &mut r).unwrap();
    let mut both = Vec::new();
    for side in [SideChoice::White, SideChoice::Black, SideChoice::White] {
        let id = lobby.create(settings(side), seat("ada"), &mut r).unwrap();
        let invite = lobby.game(id).unwrap().invite().clone();
        lobby.join(&invite, seat("bo"), 0).unwrap();
        for who in ["ada", "bo"] {
            lobby.game_mut(id).unwrap().ready(&token(who), 0).unwrap();
        }
        both.push(id);
    }
    // Game 2: Ada is White, to move. Game 3: Ada is Black, White (Bo) to move. Game 4: resigned.
    lobby.game_mut(both[2]).unwrap().resign(&token("bo"), 5).unwrap();
    let list = lobby.list(&token("ada"), 10);
    let ids = |v: &[surface_chess_server::LobbyEntry]| v.iter().map(|e| e.game).collect::<Vec<_>>();
    assert_eq!(ids(&list.your_turn), [both[0]]);
    assert_eq!(ids(&list.opponents_turn), [both[1]]);
    assert_eq!(ids(&list.waiting), [waiting]);
    assert_eq!(ids(&list.finished), [both[2]]);
    assert_eq!(list.waiting[0].opponent, None);
    assert_eq!(list.your_turn[0].moves, 0, "a new game has zero moves");
    let bo = lobby.list(&token("bo"), 10);
    assert_eq!((ids(&bo.your_turn), ids(&bo.opponents_turn)), (vec![both[1]], vec![both[0]]));
    assert!(bo.waiting.is_empty());
    assert_eq!(lobby.list(&token("eve"), 10), LobbyList::default(), "nobody else's games");
}

#[test]
fn move_numbers_are_pairs_of_plies_rounded_up() {
    assert_eq!([0, 1, 2, 3, 4, 5].map(move_number), [0, 1, 1, 2, 2, 3]);
}

#[test]
fn a_timeout_moves_a_game_to_finished_without_any_request() {
    let mut r = rng(3);
    let mut lobby = Lobby::new();
    let settings =
        NewGame { variant: Variant::Chess3, side: SideChoice::White, clock: ClockSpec::rapid(1, 0), spectators: false };
    let id = lobby.create(settings, seat("ada"), &mut r).unwrap();
    let invite = lobby.game(id).unwrap().invite().clone();
    lobby.join(&invite, seat("bo"), 0).unwrap();
    for who in ["ada", "bo"] {
        lobby.game_mut(id).unwrap().ready(&token(who), 0).unwrap();
    }
    assert!(lobby.tick(59_999).is_empty());
    assert_eq!(lobby.tick(60_000), [id]);
    assert_eq!(lobby.list(&token("bo"), 60_000).finished[0].result.as_ref().unwrap().reason, "timeout");
}

#[test]
fn requests_before_hello_wrong_versions_and_strangers_are_refused() {
    let mut r = rng(4);
    let mut lobby = Lobby::new();
    let mut anon = Player { session: Session::new() };
    assert_eq!(error_code(&send(&mut lobby, &mut anon, r#"{"type":"Lobby"}"#, 0, &mut r)), "hello_first");
    let v2 = format!(r#"{{"type":"Hello","version":2,"token":"{}","name":"x"}}"#, token("x").expose());
    assert_eq!(error_code(&send(&mut lobby, &mut anon, &v2, 0, &mut r)), "version");
    let bad = r#"{"type":"Hello","version":1,"token":"short","name":"x"}"#;
    assert_eq!(error_code(&send(&mut lobby, &mut anon, bad, 0, &mut r)), "bad_token");
    let bad_name = format!(r#"{{"type":"Hello","version":1,"token":"{}","name":"   "}}"#, token("x").expose());
    assert_eq!(error_code(&send(&mut lobby, &mut anon, &bad_name, 0, &mut r)), "bad_name");
    assert!(anon.session.token().is_none());

    let mut ada = hello(&mut lobby, "ada", "Ada", &mut r);
    let mut eve = hello(&mut lobby, "eve", "Eve", &mut r);
    let created = send(&mut lobby, &mut ada, r#"{"type":"CreateGame","variant":"mobius","side":"random"}"#, 0, &mut r);
    let game = state(&created).game;
    let before = format!("{:?}", lobby.game(game).unwrap());
    for text in [
        format!(r#"{{"type":"GetGame","game":{game}}}"#),
        format!(r#"{{"type":"Ready","game":{game}}}"#),
        format!(r#"{{"type":"Move","game":{game},"ply":0,"action":"e2-e3"}}"#),
        format!(r#"{{"type":"Resign","game":{game}}}"#),
        format!(r#"{{"type":"OfferDraw","game":{game}}}"#),
    ] {
        assert_eq!(error_code(&send(&mut lobby, &mut eve, &text, 1, &mut r)), "not_seated", "{text}");
    }
    assert_eq!(format!("{:?}", lobby.game(game).unwrap()), before, "nothing changed");
    let unknown = send(&mut lobby, &mut eve, r#"{"type":"GetGame","game":999}"#, 1, &mut r);
    assert_eq!(error_code(&unknown), "unknown_game");
    let wrong = send(&mut lobby, &mut eve, r#"{"type":"JoinGame","invite":"22222222222222222222"}"#, 1, &mut r);
    assert_eq!(error_code(&wrong), "bad_invite");
    let bad_clock =
        r#"{"type":"CreateGame","variant":"chess","side":"white","clock":{"kind":"correspondence","days":4}}"#;
    let refused = send(&mut lobby, &mut ada, bad_clock, 1, &mut r);
    assert_eq!(error_code(&refused), "bad_clock");
    assert_eq!(lobby.len(), 1);
}

#[test]
fn a_resent_move_is_acknowledged_again_and_changes_nothing() {
    let mut r = rng(5);
    let mut lobby = Lobby::new();
    let mut ada = hello(&mut lobby, "ada", "Ada", &mut r);
    let mut bo = hello(&mut lobby, "bo", "Bo", &mut r);
    let created = send(
        &mut lobby,
        &mut ada,
        r#"{"type":"CreateGame","variant":"strato","side":"white","clock":{"kind":"correspondence","days":2}}"#,
        0,
        &mut r,
    );
    let (game, invite) = (state(&created).game, state(&created).invite.clone().unwrap());
    let joined =
        send(&mut lobby, &mut bo, &format!(r#"{{"type":"JoinGame","invite":"{}"}}"#, invite.to_uppercase()), 0, &mut r);
    assert_eq!(state(&joined).phase, Phase::Playing, "correspondence starts on join");
    let first = lobby.game(game).unwrap().rules_game().position().legal_actions()[0];
    let text = lobby.game(game).unwrap().rules_game().position().notation(first);
    let mv = format!(r#"{{"type":"Move","game":{game},"ply":0,"action":"{text}"}}"#);
    let a = lobby.handle(&mut ada.session, &mv, 5, &mut r);
    let b = lobby.handle(&mut ada.session, &mv, 6, &mut r);
    assert_eq!(a.changed, Some(game));
    assert_eq!(b.changed, None);
    assert!(matches!(&b.replies[0], ServerMessage::MoveAccepted { duplicate: true, ply: 0, .. }));
    assert_eq!(lobby.game(game).unwrap().plies(), 1);
}
