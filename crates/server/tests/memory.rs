//! What a server holds for its clients is bounded: a game stays in memory while a connection
//! reads it and is read back from the store when asked for again; a refused or unknown look-up
//! keeps nothing; an identity sits in a bounded number of unfinished games.

mod common;

use std::sync::Arc;
use std::time::Duration;

use common::net::{error_until, player, send, server, started, state_until};
use common::{hello, hub};
use surface_chess_server::{Phase, ServerMessage, SystemClock};

/// Waits (at most five seconds) until the server holds `n` games.
async fn held(hub: &surface_chess_server::Hub, n: usize) {
    for _ in 0..250 {
        if hub.games_in_memory() == n {
            return;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("{} games in memory, expected {n}", hub.games_in_memory());
}

#[tokio::test]
async fn a_game_leaves_memory_when_nobody_reads_it_and_comes_back_when_asked() {
    let running = server("sqlite::memory:", Arc::new(SystemClock)).await;
    let url = running.url();
    let (mut ada, mut bo) = (player(&url, "ada").await, player(&url, "bo").await);
    let game = started(&mut ada, &mut bo, r#""variant":"mobius","side":"white""#).await;
    send(&mut ada, &format!(r#"{{"type":"OfferDraw","game":{game}}}"#)).await;
    state_until(&mut bo, |s| s.draw_offer.is_some()).await;
    held(&running.hub, 1).await;
    drop(ada);
    held(&running.hub, 1).await;
    drop(bo);
    held(&running.hub, 0).await;
    // Read back from the store as it was.
    let mut bo = player(&url, "bo").await;
    send(&mut bo, &format!(r#"{{"type":"GetGame","game":{game}}}"#)).await;
    let back = state_until(&mut bo, |s| s.game == game).await;
    assert_eq!((back.phase, back.draw_offer.is_some()), (Phase::Playing, true));
    held(&running.hub, 1).await;
    // Refused and unknown look-ups keep nothing.
    let mut eve = player(&url, "eve").await;
    for asked in [game, game + 1, 999_999] {
        send(&mut eve, &format!(r#"{{"type":"GetGame","game":{asked}}}"#)).await;
        let code = error_until(&mut eve).await;
        assert!(["not_seated", "unknown_game"].contains(&code.as_str()), "{code}");
    }
    held(&running.hub, 1).await;
    drop(bo);
    held(&running.hub, 0).await;
    running.stop();
}

#[tokio::test]
async fn an_identity_sits_in_a_bounded_number_of_unfinished_games() {
    let (hub, _) = hub().await;
    let hub = hub.with_max_unfinished(2);
    let mut ada = hello(&hub, "ada", "Ada").await;
    let mut bo = hello(&hub, "bo", "Bo").await;
    let create = r#"{"type":"CreateGame","variant":"chess","side":"white"}"#;
    let game_of = |replies: &[ServerMessage]| match replies {
        [ServerMessage::GameState(s)] => (s.game, s.invite.clone()),
        other => panic!("{other:?}"),
    };
    let (first, _) = game_of(&hub.handle(&mut ada, create).await);
    let (_, invite) = game_of(&hub.handle(&mut ada, create).await);
    let refused = hub.handle(&mut ada, create).await;
    assert!(
        matches!(&refused[..], [ServerMessage::Error { code, .. }] if code == "too_many_unfinished"),
        "{refused:?}"
    );
    // Bo at his limit cannot take a third seat; with one game over he can.
    hub.handle(&mut bo, create).await;
    let (_, bo_second) = game_of(&hub.handle(&mut bo, create).await);
    let join = |invite: &str| format!(r#"{{"type":"JoinGame","invite":"{invite}"}}"#);
    let invite = invite.unwrap();
    let refused = hub.handle(&mut bo, &join(invite.expose())).await;
    assert!(
        matches!(&refused[..], [ServerMessage::Error { code, .. }] if code == "too_many_unfinished"),
        "{refused:?}"
    );
    let (bos, _) = game_of(&hub.handle(&mut bo, &join(bo_second.unwrap().expose())).await);
    hub.handle(&mut bo, &format!(r#"{{"type":"Abort","game":{bos}}}"#)).await;
    let joined = hub.handle(&mut bo, &join(invite.expose())).await;
    assert!(matches!(&joined[..], [ServerMessage::GameState(s)] if s.phase != Phase::Finished), "{joined:?}");
    // Ada, seated in two unfinished games, may still read and rejoin them.
    let again = hub.handle(&mut ada, &format!(r#"{{"type":"GetGame","game":{first}}}"#)).await;
    assert!(matches!(&again[..], [ServerMessage::GameState(_)]), "{again:?}");
}
