//! The hub over an in-memory SQLite database in virtual time: whole games played through JSON
//! messages by two sessions, the lobby, timeouts, refusals, resent moves, and games that replay
//! from the store exactly as they were played.

mod common;

use common::{hello, hub, secret};
use surface_chess_server::changes::Changes;
use surface_chess_server::{
    GameState, Hub, LobbyEntry, LobbyList, Phase, ServerMessage, Session, Side, Store, move_number, replay,
};

async fn send(hub: &Hub, p: &mut Session, text: &str) -> Vec<ServerMessage> {
    hub.handle(p, text).await
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

async fn lobby_of(hub: &Hub, p: &mut Session) -> LobbyList {
    match &send(hub, p, r#"{"type":"Lobby"}"#).await[..] {
        [ServerMessage::Lobby(list)] => list.clone(),
        other => panic!("{other:?}"),
    }
}

/// Creates a game as `creator` with the JSON fields given, joins it as `friend`, presses Ready
/// for both; returns its number.
async fn started(hub: &Hub, creator: &mut Session, friend: &mut Session, fields: &str) -> u64 {
    let created = send(hub, creator, &format!(r#"{{"type":"CreateGame",{fields}}}"#)).await;
    let (game, invite) = (state(&created).game, state(&created).invite.clone().expect("the creator sees the invite"));
    send(hub, friend, &format!(r#"{{"type":"JoinGame","invite":"{}"}}"#, invite.expose())).await;
    for p in [creator, friend] {
        send(hub, p, &format!(r#"{{"type":"Ready","game":{game}}}"#)).await;
    }
    game
}

#[tokio::test]
async fn two_sessions_play_fools_mate_through_json_messages() {
    let (hub, clock) = hub().await;
    let mut ada = hello(&hub, "ada", "  Ada  ").await;
    let mut bo = hello(&hub, "bo", "Bo").await;
    let created = send(&hub, &mut ada, r#"{"type":"CreateGame","variant":"chess","side":"white"}"#).await;
    let s = state(&created);
    assert_eq!((s.you, s.phase, s.white.as_deref()), (Some(Side::White), Phase::WaitingForOpponent, Some("Ada")));
    let (game, invite) = (s.game, s.invite.clone().expect("the creator sees the invite"));
    clock.advance(10);
    let joined = send(&hub, &mut bo, &format!(r#"{{"type":"JoinGame","invite":"{}"}}"#, invite.expose())).await;
    assert_eq!(state(&joined).you, Some(Side::Black));
    assert_eq!(state(&joined).invite, None);
    for p in [&mut ada, &mut bo] {
        send(&hub, p, &format!(r#"{{"type":"Ready","game":{game}}}"#)).await;
    }
    for (ply, action) in ["f2-f3", "e7-e5", "g2-g4", "Qd8-h4"].into_iter().enumerate() {
        clock.advance(1_000);
        let who = if ply % 2 == 0 { &mut ada } else { &mut bo };
        let text = format!(r#"{{"type":"Move","game":{game},"ply":{ply},"action":"{action}"}}"#);
        let replies = send(&hub, who, &text).await;
        assert!(matches!(&replies[0], ServerMessage::MoveAccepted { duplicate: false, .. }), "{replies:?}");
    }
    let over = send(&hub, &mut ada, &format!(r#"{{"type":"GetGame","game":{game}}}"#)).await;
    let s = state(&over);
    assert_eq!(s.phase, Phase::Finished);
    let result = s.result.clone().unwrap();
    assert_eq!((result.winner, result.reason.as_str()), (Some(Side::Black), "checkmate"));
    assert_eq!(s.moves.len(), 4);
    let late = format!(r#"{{"type":"Move","game":{game},"ply":4,"action":"a2-a3"}}"#);
    assert_eq!(error_code(&send(&hub, &mut ada, &late).await), "finished");
    let list = lobby_of(&hub, &mut ada).await;
    assert_eq!(list.finished.len(), 1);
    assert_eq!((list.finished[0].moves, list.finished[0].opponent.as_deref()), (2, Some("Bo")));
}

#[tokio::test]
async fn the_lobby_sorts_games_into_your_turn_opponents_turn_waiting_and_finished() {
    let (hub, _) = hub().await;
    let mut ada = hello(&hub, "ada", "Ada").await;
    let mut bo = hello(&hub, "bo", "Bo").await;
    let created = send(&hub, &mut ada, r#"{"type":"CreateGame","variant":"endless","side":"white"}"#).await;
    let waiting = state(&created).game;
    let mut both = Vec::new();
    for side in ["white", "black", "white"] {
        both.push(started(&hub, &mut ada, &mut bo, &format!(r#""variant":"endless","side":"{side}""#)).await);
    }
    // Game 2: Ada is White, to move. Game 3: Ada is Black, White (Bo) to move. Game 4: resigned.
    send(&hub, &mut bo, &format!(r#"{{"type":"Resign","game":{}}}"#, both[2])).await;
    let list = lobby_of(&hub, &mut ada).await;
    let ids = |v: &[LobbyEntry]| v.iter().map(|e| e.game).collect::<Vec<_>>();
    assert_eq!(ids(&list.your_turn), [both[0]]);
    assert_eq!(ids(&list.opponents_turn), [both[1]]);
    assert_eq!(ids(&list.waiting), [waiting]);
    assert_eq!(ids(&list.finished), [both[2]]);
    assert_eq!(list.waiting[0].opponent, None);
    assert_eq!(list.your_turn[0].moves, 0, "a new game has zero moves");
    let bo_list = lobby_of(&hub, &mut bo).await;
    assert_eq!((ids(&bo_list.your_turn), ids(&bo_list.opponents_turn)), (vec![both[1]], vec![both[0]]));
    assert!(bo_list.waiting.is_empty());
    let mut eve = hello(&hub, "eve", "Eve").await;
    assert_eq!(lobby_of(&hub, &mut eve).await, LobbyList::default(), "nobody else's games");
}

#[test]
fn move_numbers_are_pairs_of_plies_rounded_up() {
    assert_eq!([0, 1, 2, 3, 4, 5].map(move_number), [0, 1, 1, 2, 2, 3]);
}

#[tokio::test]
async fn a_timeout_is_stored_by_the_timer_without_any_request() {
    let (hub, clock) = hub().await;
    let mut ada = hello(&hub, "ada", "Ada").await;
    let mut bo = hello(&hub, "bo", "Bo").await;
    let fields = r#""variant":"chess3","side":"white","clock":{"kind":"rapid","minutes":1,"increment_seconds":0}"#;
    let game = started(&hub, &mut ada, &mut bo, fields).await;
    clock.advance(59_999);
    assert_eq!(hub.tick().await, 0);
    clock.advance(1);
    assert_eq!(hub.tick().await, 1, "at the deadline White loses on time");
    assert_eq!(hub.tick().await, 0, "once");
    let stored = hub.store().load(game, 0).await.unwrap();
    assert!(stored.last().unwrap().2.contains("timed_out"), "the timeout is stored: {stored:?}");
    assert_eq!(lobby_of(&hub, &mut bo).await.finished[0].result.as_ref().unwrap().reason, "timeout");
}

#[tokio::test]
async fn a_move_at_the_deadline_loses_on_time_and_the_timeout_is_stored() {
    let (hub, clock) = hub().await;
    let mut ada = hello(&hub, "ada", "Ada").await;
    let mut bo = hello(&hub, "bo", "Bo").await;
    let fields = r#""variant":"mobius","side":"white","clock":{"kind":"rapid","minutes":1,"increment_seconds":0}"#;
    let game = started(&hub, &mut ada, &mut bo, fields).await;
    clock.advance(60_000);
    let mv = format!(r#"{{"type":"Move","game":{game},"ply":0,"action":"e2-e3"}}"#);
    assert_eq!(error_code(&send(&hub, &mut ada, &mv).await), "finished");
    let g = hub.game(game).await.unwrap();
    assert_eq!(g.result().unwrap().to_string(), "black wins by timeout");
    assert_eq!(g.plies(), 0, "the late move was not played");
}

#[tokio::test]
async fn requests_before_hello_wrong_versions_and_strangers_are_refused() {
    let (hub, _) = hub().await;
    let mut anon = hub.connect(None);
    assert_eq!(error_code(&send(&hub, &mut anon, r#"{"type":"Lobby"}"#).await), "hello_first");
    let v2 = format!(r#"{{"type":"Hello","version":2,"token":"{}","name":"x"}}"#, secret("x"));
    assert_eq!(error_code(&send(&hub, &mut anon, &v2).await), "version");
    let bad = r#"{"type":"Hello","version":1,"token":"short","name":"x"}"#;
    assert_eq!(error_code(&send(&hub, &mut anon, bad).await), "bad_token");
    let bad_name = format!(r#"{{"type":"Hello","version":1,"token":"{}","name":"   "}}"#, secret("x"));
    assert_eq!(error_code(&send(&hub, &mut anon, &bad_name).await), "bad_name");
    assert!(anon.token().is_none());

    let mut ada = hello(&hub, "ada", "Ada").await;
    let mut eve = hello(&hub, "eve", "Eve").await;
    let created = send(&hub, &mut ada, r#"{"type":"CreateGame","variant":"mobius","side":"random"}"#).await;
    let game = state(&created).game;
    // What the game is (not whether this server still remembers the invite code it made).
    let standing = |g: surface_chess_server::ServerGame| {
        (g.phase(), g.plies(), g.draw_offer(), g.clock().clone(), g.seat(surface_chess_rules::Color::Black).cloned())
    };
    let before = standing(hub.game(game).await.unwrap());
    for text in [
        format!(r#"{{"type":"GetGame","game":{game}}}"#),
        format!(r#"{{"type":"Ready","game":{game}}}"#),
        format!(r#"{{"type":"Move","game":{game},"ply":0,"action":"e2-e3"}}"#),
        format!(r#"{{"type":"Resign","game":{game}}}"#),
        format!(r#"{{"type":"OfferDraw","game":{game}}}"#),
    ] {
        assert_eq!(error_code(&send(&hub, &mut eve, &text).await), "not_seated", "{text}");
    }
    assert_eq!(standing(hub.game(game).await.unwrap()), before, "nothing changed");
    assert_eq!(hub.store().load(game, 0).await.unwrap().len(), 1, "nothing stored but the creation");
    let unknown = send(&hub, &mut eve, r#"{"type":"GetGame","game":999}"#).await;
    assert_eq!(error_code(&unknown), "unknown_game");
    let wrong = send(&hub, &mut eve, r#"{"type":"JoinGame","invite":"22222222222222222222"}"#).await;
    assert_eq!(error_code(&wrong), "bad_invite");
    let bad_clock =
        r#"{"type":"CreateGame","variant":"chess","side":"white","clock":{"kind":"correspondence","days":4}}"#;
    assert_eq!(error_code(&send(&hub, &mut ada, bad_clock).await), "bad_clock");
    assert_eq!(hub.store().games().await.unwrap(), [game], "the refused game was not stored");
}

#[tokio::test]
async fn a_resent_move_is_acknowledged_again_and_stored_once() {
    let (hub, clock) = hub().await;
    let mut ada = hello(&hub, "ada", "Ada").await;
    let mut bo = hello(&hub, "bo", "Bo").await;
    let fields =
        r#"{"type":"CreateGame","variant":"strato","side":"white","clock":{"kind":"correspondence","days":2}}"#;
    let created = send(&hub, &mut ada, fields).await;
    let (game, invite) = (state(&created).game, state(&created).invite.clone().unwrap().expose().to_owned());
    let joined = send(&hub, &mut bo, &format!(r#"{{"type":"JoinGame","invite":"{}"}}"#, invite.to_uppercase())).await;
    assert_eq!(state(&joined).phase, Phase::Playing, "correspondence starts on join");
    let g = hub.game(game).await.unwrap();
    let text = g.rules_game().position().notation(g.rules_game().position().legal_actions()[0]);
    let mv = format!(r#"{{"type":"Move","game":{game},"ply":0,"action":"{text}"}}"#);
    clock.advance(5);
    let a = send(&hub, &mut ada, &mv).await;
    let b = send(&hub, &mut ada, &mv).await;
    assert!(matches!(&a[0], ServerMessage::MoveAccepted { duplicate: false, ply: 0, .. }), "{a:?}");
    assert!(matches!(&b[0], ServerMessage::MoveAccepted { duplicate: true, ply: 0, .. }), "{b:?}");
    assert_eq!(hub.game(game).await.unwrap().plies(), 1);
    assert_eq!(hub.store().load(game, 0).await.unwrap().len(), 3, "created, joined, one move");
}

#[tokio::test]
async fn a_stored_game_replays_to_the_game_as_played() {
    let (hub, clock) = hub().await;
    let mut ada = hello(&hub, "ada", "Ada").await;
    let mut bo = hello(&hub, "bo", "Bo").await;
    let fields = r#""variant":"klein","side":"random","clock":{"kind":"rapid","minutes":10,"increment_seconds":5}"#;
    let game = started(&hub, &mut ada, &mut bo, fields).await;
    for ply in 0..12 {
        clock.advance(700 + 13 * ply as u64);
        let g = hub.game(game).await.unwrap();
        let p = g.rules_game().position();
        let who = if g.side_of(&common::token("ada")) == Some(p.side_to_move()) { &mut ada } else { &mut bo };
        let text = p.notation(p.legal_actions()[ply % p.legal_actions().len()]);
        let replies =
            send(&hub, who, &format!(r#"{{"type":"Move","game":{game},"ply":{ply},"action":"{text}"}}"#)).await;
        assert!(matches!(&replies[0], ServerMessage::MoveAccepted { .. }), "{replies:?}");
    }
    send(&hub, &mut ada, &format!(r#"{{"type":"OfferDraw","game":{game}}}"#)).await;
    let log = hub.store().load(game, 0).await.unwrap();
    let again = replay(game, log.iter().map(|(s, a, t)| (*s, *a, t.as_str()))).unwrap();
    let played = hub.game(game).await.unwrap();
    let summary = |g: &surface_chess_server::ServerGame| {
        let p = g.rules_game().position().to_text();
        (g.rules_game().notations(), p, format!("{:?}", g.clock()), g.draw_offer(), g.creator_side(), g.phase())
    };
    assert_eq!(summary(&again), summary(&played), "the same game, clocks included");
    assert_eq!(again.moves(), again.rules_game().notations(), "the moves kept are the rules' notation");
    assert_eq!(again.position_text(), again.rules_game().position().to_text(), "and the position's text");
}

#[tokio::test]
async fn a_damaged_log_is_refused_with_the_event_named() {
    let store = Store::open("sqlite::memory:").await.unwrap();
    let log = [(0, 0, "{\"event\":\"timed_out\"}")];
    let e = replay(7, log).unwrap_err().to_string();
    assert!(e.contains("game 7") && e.contains("creation"), "{e}");
    drop(store);
    let (hub, _) = hub().await;
    let mut ada = hello(&hub, "ada", "Ada").await;
    let game = state(&send(&hub, &mut ada, r#"{"type":"CreateGame","variant":"chess","side":"white"}"#).await).game;
    let created = &hub.store().load(game, 0).await.unwrap()[0].2;
    let bad =
        [(0, 0, created.as_str()), (1, 5, "{\"event\":\"acted\",\"side\":\"white\",\"act\":{\"act\":\"resign\"}}")];
    let e = replay(game, bad).unwrap_err().to_string();
    assert!(e.contains("event 1") && e.contains("not started"), "{e}");
}

/// A session that said Hello as Ada and hears of changes.
async fn listening_ada(hub: &Hub) -> (Session, std::sync::Arc<Changes>) {
    let changes = std::sync::Arc::new(Changes::default());
    let mut ada = hub.connect(Some(changes.clone()));
    let text = format!(r#"{{"type":"Hello","version":1,"token":"{}","name":"Ada"}}"#, secret("ada"));
    hub.handle(&mut ada, &text).await;
    (ada, changes)
}

#[tokio::test]
async fn announcements_of_one_game_coalesce_for_a_slow_reader() {
    let (hub, _) = hub().await;
    let (mut ada, heard) = listening_ada(&hub).await;
    let mut bo = hello(&hub, "bo", "Bo").await;
    let created = send(&hub, &mut ada, r#"{"type":"CreateGame","variant":"chess","side":"white"}"#).await;
    let (game, invite) = (state(&created).game, state(&created).invite.clone().unwrap().expose().to_owned());
    let other = send(&hub, &mut ada, r#"{"type":"CreateGame","variant":"klein","side":"white"}"#).await;
    let (second, second_invite) = (state(&other).game, state(&other).invite.clone().unwrap().expose().to_owned());
    send(&hub, &mut bo, &format!(r#"{{"type":"JoinGame","invite":"{invite}"}}"#)).await;
    assert_eq!(heard.take(), vec![game], "Ada hears of the join");
    // Three changes of one game and one of another while Ada does not read: two announcements.
    send(&hub, &mut bo, &format!(r#"{{"type":"Ready","game":{game}}}"#)).await;
    send(&hub, &mut bo, &format!(r#"{{"type":"JoinGame","invite":"{second_invite}"}}"#)).await;
    send(&hub, &mut bo, &format!(r#"{{"type":"OfferDraw","game":{game}}}"#)).await;
    send(&hub, &mut bo, &format!(r#"{{"type":"Resign","game":{game}}}"#)).await;
    assert_eq!(heard.take(), vec![game, second]);
    // Each read then shows the game as it stands.
    let ServerMessage::GameState(now) = hub.state_for(&ada, game).await.unwrap() else { panic!() };
    assert_eq!(now.phase, Phase::Finished);
}

#[tokio::test]
async fn a_game_is_cancelled_only_before_its_first_move() {
    let (hub, _) = hub().await;
    let mut ada = hello(&hub, "ada", "Ada").await;
    let mut bo = hello(&hub, "bo", "Bo").await;
    let created = send(&hub, &mut ada, r#"{"type":"CreateGame","variant":"genus2","side":"white"}"#).await;
    let (nobody_came, invite) = (state(&created).game, state(&created).invite.clone().unwrap().expose().to_owned());
    let mut eve = hello(&hub, "eve", "Eve").await;
    let abort = |game| format!(r#"{{"type":"Abort","game":{game}}}"#);
    assert_eq!(error_code(&send(&hub, &mut eve, &abort(nobody_came)).await), "not_seated");
    let cancelled = send(&hub, &mut ada, &abort(nobody_came)).await;
    let result = state(&cancelled).result.clone().unwrap();
    assert_eq!((result.winner, result.reason.as_str()), (None, "aborted"));
    let late = send(&hub, &mut bo, &format!(r#"{{"type":"JoinGame","invite":"{invite}"}}"#)).await;
    assert_eq!(error_code(&late), "finished", "the cancelled game's seat stays empty");
    assert_eq!(lobby_of(&hub, &mut ada).await.finished[0].game, nobody_came, "cancelled games are finished");

    let game = started(&hub, &mut ada, &mut bo, r#""variant":"chess","side":"white""#).await;
    send(&hub, &mut ada, &format!(r#"{{"type":"Move","game":{game},"ply":0,"action":"e2-e4"}}"#)).await;
    assert_eq!(error_code(&send(&hub, &mut bo, &abort(game)).await), "moves_played");
    assert_eq!(hub.game(game).await.unwrap().phase(), Phase::Playing);
}

#[tokio::test]
async fn a_draw_is_claimed_only_when_the_rules_allow_it() {
    let (hub, _) = hub().await;
    let mut ada = hello(&hub, "ada", "Ada").await;
    let mut bo = hello(&hub, "bo", "Bo").await;
    let game = started(&hub, &mut ada, &mut bo, r#""variant":"chess","side":"white""#).await;
    let claim = format!(r#"{{"type":"ClaimDraw","game":{game}}}"#);
    assert_eq!(error_code(&send(&hub, &mut ada, &claim).await), "no_claim");
    // The knights go out and back twice: the start position a third time, Black to claim.
    let knights = ["Ng1-f3", "Ng8-f6", "Nf3-g1", "Nf6-g8", "Ng1-f3", "Ng8-f6", "Nf3-g1", "Nf6-g8"];
    for (ply, action) in knights.into_iter().enumerate() {
        let who = if ply % 2 == 0 { &mut ada } else { &mut bo };
        let replies =
            send(&hub, who, &format!(r#"{{"type":"Move","game":{game},"ply":{ply},"action":"{action}"}}"#)).await;
        assert!(matches!(&replies[0], ServerMessage::MoveAccepted { .. }), "{replies:?}");
    }
    let claimed = send(&hub, &mut bo, &claim).await;
    let result = state(&claimed).result.clone().unwrap();
    assert_eq!((result.winner, result.reason.as_str()), (None, "threefold repetition claimed"));
}

#[tokio::test]
async fn a_connection_keeps_the_identity_it_said_hello_with() {
    let (hub, _) = hub().await;
    let mut ada = hello(&hub, "ada", "Ada").await;
    let again = format!(r#"{{"type":"Hello","version":1,"token":"{}","name":"Ada L."}}"#, secret("ada"));
    assert!(
        matches!(&send(&hub, &mut ada, &again).await[..], [ServerMessage::Welcome { name, .. }] if name == "Ada L.")
    );
    let other = format!(r#"{{"type":"Hello","version":1,"token":"{}","name":"Eve"}}"#, secret("eve"));
    assert_eq!(error_code(&send(&hub, &mut ada, &other).await), "identity_taken");
    assert_eq!(ada.token(), Some(&common::token("ada")));
}

#[tokio::test]
async fn a_repeated_ready_or_draw_offer_changes_stores_and_announces_nothing() {
    let (hub, _) = hub().await;
    let (mut ada, heard) = listening_ada(&hub).await;
    let mut bo = hello(&hub, "bo", "Bo").await;
    let created = send(&hub, &mut ada, r#"{"type":"CreateGame","variant":"chess","side":"white"}"#).await;
    let (game, invite) = (state(&created).game, state(&created).invite.clone().unwrap().expose().to_owned());
    send(&hub, &mut bo, &format!(r#"{{"type":"JoinGame","invite":"{invite}"}}"#)).await;
    let events = async |hub: &Hub| hub.store().load(game, 0).await.unwrap().len();
    heard.take();
    let before = events(&hub).await;
    // Bo presses Ready 400 times: Ada hears of the first alone, and one event is stored.
    for i in 0..400 {
        let replies = send(&hub, &mut bo, &format!(r#"{{"type":"Ready","game":{game}}}"#)).await;
        assert_eq!(state(&replies).phase, Phase::WaitingForReady, "acknowledged with the state");
        assert_eq!(heard.take().len(), usize::from(i == 0), "press {i}");
    }
    assert_eq!(events(&hub).await, before + 1);
    send(&hub, &mut ada, &format!(r#"{{"type":"Ready","game":{game}}}"#)).await;
    let before = events(&hub).await;
    // Ada offers a draw 400 times: one offer stored; Bo's copy of the game shows it.
    for _ in 0..400 {
        send(&hub, &mut ada, &format!(r#"{{"type":"OfferDraw","game":{game}}}"#)).await;
    }
    assert_eq!(events(&hub).await, before + 1);
    let seen = send(&hub, &mut bo, &format!(r#"{{"type":"GetGame","game":{game}}}"#)).await;
    assert_eq!(state(&seen).draw_offer, Some(Side::White));
}

#[tokio::test]
async fn an_identity_starts_a_bounded_number_of_games_an_hour() {
    let (hub, clock) = hub().await;
    let hub = hub.with_games_per_hour(3);
    clock.advance(5_000);
    let mut ada = hello(&hub, "ada", "Ada").await;
    let create = r#"{"type":"CreateGame","variant":"chess","side":"white"}"#;
    for _ in 0..3 {
        state(&send(&hub, &mut ada, create).await);
    }
    let games = hub.store().games().await.unwrap().len();
    assert_eq!(error_code(&send(&hub, &mut ada, create).await), "too_many_games");
    assert_eq!(hub.store().games().await.unwrap().len(), games, "nothing stored");
    // Another identity is not held back, and an hour later Ada may start again.
    let mut bo = hello(&hub, "bo", "Bo").await;
    state(&send(&hub, &mut bo, create).await);
    clock.advance(3_600_000);
    state(&send(&hub, &mut ada, create).await);
}

#[tokio::test]
async fn an_invite_expires_after_a_week_but_a_seated_player_still_rejoins() {
    let (hub, clock) = hub().await;
    let mut ada = hello(&hub, "ada", "Ada").await;
    let mut bo = hello(&hub, "bo", "Bo").await;
    let mut cy = hello(&hub, "cy", "Cy").await;
    let create = r#"{"type":"CreateGame","variant":"chess","side":"white"}"#;
    let invite_of = |replies: &[ServerMessage]| state(replies).invite.clone().unwrap().expose().to_owned();
    let joined = invite_of(&send(&hub, &mut ada, create).await);
    let stale = invite_of(&send(&hub, &mut ada, create).await);
    let join = |invite: &str| format!(r#"{{"type":"JoinGame","invite":"{invite}"}}"#);
    clock.advance(7 * 24 * 3_600_000 - 1);
    assert_eq!(state(&send(&hub, &mut bo, &join(&joined)).await).you, Some(Side::Black), "on the last day");
    clock.advance(2);
    assert_eq!(error_code(&send(&hub, &mut cy, &join(&stale)).await), "invite_expired");
    assert_eq!(state(&send(&hub, &mut bo, &join(&joined)).await).you, Some(Side::Black), "Bo rejoins");
}

#[tokio::test]
async fn the_lobby_pages_finished_games_and_shows_every_unfinished_one() {
    let (hub, _) = hub().await;
    let mut ada = hello(&hub, "ada", "Ada").await;
    let mut ids = Vec::new();
    for _ in 0..25 {
        let created = send(&hub, &mut ada, r#"{"type":"CreateGame","variant":"chess","side":"white"}"#).await;
        ids.push(state(&created).game);
    }
    // All but the last two are cancelled.
    for &game in &ids[..23] {
        send(&hub, &mut ada, &format!(r#"{{"type":"Abort","game":{game}}}"#)).await;
    }
    let first = lobby_of(&hub, &mut ada).await;
    let numbers = |entries: &[LobbyEntry]| entries.iter().map(|e| e.game).collect::<Vec<_>>();
    assert_eq!(numbers(&first.waiting), ids[23..].to_vec(), "every unfinished game");
    let mut latest: Vec<u64> = ids[3..23].to_vec();
    latest.sort_unstable();
    assert_eq!((numbers(&first.finished), first.more_finished), (latest, true), "the latest 20 finished");
    let oldest = first.finished.iter().map(|e| e.game).min().unwrap();
    let next = match &send(&hub, &mut ada, &format!(r#"{{"type":"Lobby","finished_before":{oldest}}}"#)).await[..] {
        [ServerMessage::Lobby(list)] => list.clone(),
        other => panic!("{other:?}"),
    };
    assert_eq!((numbers(&next.finished), next.more_finished), (ids[..3].to_vec(), false));
    assert_eq!(numbers(&next.waiting), ids[23..].to_vec());
}

#[tokio::test]
async fn after_a_finished_game_both_ask_for_a_rematch_and_play_it_with_the_colours_swapped() {
    let (hub, _) = hub().await;
    let mut ada = hello(&hub, "ada", "Ada").await;
    let mut bo = hello(&hub, "bo", "Bo").await;
    let fields = r#""variant":"klein","side":"white","clock":{"kind":"rapid","minutes":10,"increment_seconds":5},"spectators":true"#;
    let game = started(&hub, &mut ada, &mut bo, fields).await;
    let rematch = format!(r#"{{"type":"Rematch","game":{game}}}"#);
    assert_eq!(error_code(&send(&hub, &mut ada, &rematch).await), "not_over");
    send(&hub, &mut bo, &format!(r#"{{"type":"Resign","game":{game}}}"#)).await;
    let mut eve = hello(&hub, "eve", "Eve").await;
    assert_eq!(error_code(&send(&hub, &mut eve, &rematch).await), "not_seated", "only the players");
    // Ada offers; offering again stores nothing.
    let offered = send(&hub, &mut ada, &rematch).await;
    assert_eq!((state(&offered).rematch_offer, state(&offered).rematch), (Some(Side::White), None));
    let stored = hub.store().load(game, 0).await.unwrap().len();
    send(&hub, &mut ada, &rematch).await;
    assert_eq!(hub.store().load(game, 0).await.unwrap().len(), stored);
    // Bo accepts: the answer carries the finished game, linked, and the rematch.
    let accepted = send(&hub, &mut bo, &rematch).await;
    let states: Vec<&GameState> =
        accepted.iter().filter_map(|m| if let ServerMessage::GameState(s) = m { Some(s) } else { None }).collect();
    assert_eq!(states.len(), 2, "{accepted:?}");
    let new = states[1];
    assert_eq!(states[0].rematch, Some(new.game));
    assert_eq!((new.you, new.white.as_deref(), new.black.as_deref()), (Some(Side::White), Some("Bo"), Some("Ada")));
    assert_eq!((new.variant, new.clock.spec, new.spectators), (states[0].variant, states[0].clock.spec, true));
    assert_eq!((new.phase, new.moves.len()), (Phase::WaitingForReady, 0));
    // Ada asking again is led to the rematch, as Black.
    let again = send(&hub, &mut ada, &rematch).await;
    assert!(
        again
            .iter()
            .any(|m| matches!(m, ServerMessage::GameState(s) if s.game == new.game && s.you == Some(Side::Black))),
        "{again:?}"
    );
    // The link is stored: the finished game replays with it.
    let log = hub.store().load(game, 0).await.unwrap();
    let replayed = replay(game, log.iter().map(|(s, t, x)| (*s, *t, x.as_str()))).unwrap();
    assert_eq!(replayed.rematch(), Some(new.game));
}

#[tokio::test]
async fn a_change_the_store_refuses_is_taken_back() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("games.db").display());
    let clock = std::sync::Arc::new(surface_chess_server::ManualClock::new(0));
    let hub = Hub::new(Store::open(&url).await.unwrap(), clock.clone());
    let mut ada = hello(&hub, "ada", "Ada").await;
    let mut bo = hello(&hub, "bo", "Bo").await;
    let fields = r#""variant":"chess","side":"white","clock":{"kind":"rapid","minutes":5,"increment_seconds":2}"#;
    let game = started(&hub, &mut ada, &mut bo, fields).await;
    let mv = |ply: usize, text: &str| format!(r#"{{"type":"Move","game":{game},"ply":{ply},"action":"{text}"}}"#);
    for (ply, text) in ["e2-e4", "e7-e5", "g1-f3"].into_iter().enumerate() {
        clock.advance(1_000);
        let who = if ply % 2 == 0 { &mut ada } else { &mut bo };
        assert!(matches!(&send(&hub, who, &mv(ply, text)).await[0], ServerMessage::MoveAccepted { .. }));
    }
    let standing = |g: surface_chess_server::ServerGame| {
        let rules = g.rules_game();
        let history = (g.moves().to_vec(), g.position_text().to_owned(), rules.position().clone(), rules.repetitions());
        (history, rules.outcome(), g.clock().clone(), g.draw_offer(), g.result(), g.phase())
    };
    let before = standing(hub.game(game).await.unwrap());

    // The database refuses every new event from now on (as a full disk would).
    let other = sqlx::SqlitePool::connect(&url).await.unwrap();
    let refuse = "CREATE TRIGGER refuse BEFORE INSERT ON events BEGIN SELECT RAISE(ABORT, 'refused'); END";
    sqlx::query(refuse).execute(&other).await.unwrap();
    clock.advance(1_000);
    for (black, text) in [
        (true, mv(3, "b8-c6")),
        (true, format!(r#"{{"type":"OfferDraw","game":{game}}}"#)),
        (false, format!(r#"{{"type":"Resign","game":{game}}}"#)),
    ] {
        let who = if black { &mut bo } else { &mut ada };
        assert_eq!(error_code(&send(&hub, who, &text).await), "storage", "{text}");
        assert_eq!(standing(hub.game(game).await.unwrap()), before, "{text}: nothing changed");
    }

    sqlx::query("DROP TRIGGER refuse").execute(&other).await.unwrap();
    assert!(matches!(&send(&hub, &mut bo, &mv(3, "b8-c6")).await[0], ServerMessage::MoveAccepted { ply: 3, .. }));
    let g = hub.game(game).await.unwrap();
    let log = hub.store().load(game, 0).await.unwrap();
    let replayed = replay(game, log.iter().map(|(s, a, t)| (*s, *a, t.as_str()))).unwrap();
    assert_eq!(standing(replayed), standing(g), "the game in memory is the game stored");
    assert_eq!(hub.game(game).await.unwrap().moves(), ["e2–e4", "e7–e5", "Ng1–f3", "Nb8–c6"]);
}
