//! Helpers shared by the referee's tests: identities, a seeded generator, a started game.
#![allow(dead_code)]

use std::sync::Arc;

use rand::SeedableRng;
use rand::rngs::StdRng;
use surface_chess_rules::Variant;
use surface_chess_server::{ClockSpec, Name, NewGame, Seat, ServerGame, SideChoice, Token};
use surface_chess_server::{Hub, ManualClock, ServerMessage, Session, Store};

/// A deterministic cryptographic generator.
pub fn rng(seed: u64) -> StdRng {
    StdRng::seed_from_u64(seed)
}

/// An identity secret made from a short tag.
pub fn secret(tag: &str) -> String {
    format!("{tag:_<24}")
}

/// The identity token of a tag's secret.
pub fn token(tag: &str) -> Token {
    Token::parse(&secret(tag)).expect("a valid token")
}

/// A seat for a tag, named after it.
pub fn seat(tag: &str) -> Seat {
    Seat { token: token(tag), name: Name::parse(tag).unwrap() }
}

/// Alice (White) created a game on `variant` with `clock`; Bob (Black) joined at time 0.
pub fn joined(variant: Variant, clock: ClockSpec) -> ServerGame {
    let settings = NewGame { variant, side: SideChoice::White, clock, spectators: false };
    let mut g = ServerGame::create(1, settings, seat("alice"), &mut rng(1)).unwrap();
    let invite = g.invite().cloned().expect("made here");
    g.join(&invite, seat("bob"), 0).unwrap();
    g
}

/// As [`joined`], and both pressed Ready at time 0: White's clock runs.
pub fn started(variant: Variant, clock: ClockSpec) -> ServerGame {
    let mut g = joined(variant, clock);
    g.ready(&token("alice"), 0).unwrap();
    g.ready(&token("bob"), 0).unwrap();
    g
}

/// Alice's and Bob's tokens.
pub fn alice() -> Token {
    token("alice")
}

/// Bob's token.
pub fn bob() -> Token {
    token("bob")
}

/// A hub over a fresh in-memory SQLite database, in virtual time starting at 0.
pub async fn hub() -> (Hub, Arc<ManualClock>) {
    let clock = Arc::new(ManualClock::new(0));
    let store = Store::open("sqlite::memory:").await.expect("an in-memory database");
    (Hub::new(store, clock.clone()), clock)
}

/// A session that said Hello as `tag`, named `name`.
pub async fn hello(hub: &Hub, tag: &str, name: &str) -> Session {
    let mut session = hub.connect(None);
    let text = format!(r#"{{"type":"Hello","version":1,"token":"{}","name":"{name}"}}"#, secret(tag));
    let replies = hub.handle(&mut session, &text).await;
    assert!(matches!(&replies[..], [ServerMessage::Welcome { version: 1, .. }]), "{replies:?}");
    session
}

pub mod net;
