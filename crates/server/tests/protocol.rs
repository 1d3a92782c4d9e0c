//! The messages: round trips of every message, the documented shapes, bounded parsing, and
//! random or hostile input that must never panic and always gets an Error naming the problem.

mod common;

use common::{hub, started, token};
use proptest::prelude::*;
use surface_chess_rules::Variant;
use surface_chess_server::{
    ClientMessage, ClockSpec, ClockState, GameState, LobbyEntry, LobbyList, MAX_MESSAGE_BYTES, PROTOCOL_VERSION, Phase,
    ProtocolError, ResultState, ServerMessage, Side, SideChoice, game_state, parse_client,
};

fn every_client_message() -> Vec<ClientMessage> {
    vec![
        ClientMessage::Hello { version: PROTOCOL_VERSION, token: "a".repeat(32).into(), name: "Ada".into() },
        ClientMessage::CreateGame {
            variant: Variant::Chess3,
            side: SideChoice::Random,
            clock: ClockSpec::rapid(10, 5),
            spectators: false,
        },
        ClientMessage::CreateGame {
            variant: Variant::Klein,
            side: SideChoice::Black,
            clock: ClockSpec::correspondence(3),
            spectators: true,
        },
        ClientMessage::JoinGame { invite: "k7m2x9qd4tb8hw3nc5vp".into() },
        ClientMessage::Ready { game: 7 },
        ClientMessage::Move { game: 7, ply: 0, action: "e2-e4".into() },
        ClientMessage::OfferDraw { game: 7 },
        ClientMessage::AcceptDraw { game: 7 },
        ClientMessage::Resign { game: 7 },
        ClientMessage::Abort { game: 7 },
        ClientMessage::ClaimDraw { game: 7 },
        ClientMessage::GetGame { game: 7 },
        ClientMessage::Rematch { game: 7 },
        ClientMessage::Lobby { finished_before: None },
        ClientMessage::Lobby { finished_before: Some(40) },
    ]
}

fn every_server_message() -> Vec<ServerMessage> {
    let g = started(Variant::Strato, ClockSpec::DEFAULT);
    let state = game_state(&g, &token("alice"), 5).unwrap();
    let entry = LobbyEntry {
        game: 7,
        variant: Variant::Mobius,
        you: Side::White,
        opponent: Some("Bob".into()),
        moves: 3,
        clock: ClockSpec::DEFAULT,
        result: Some(ResultState { winner: None, reason: "agreement".into() }),
    };
    vec![
        ServerMessage::Welcome { version: PROTOCOL_VERSION, name: "Ada".into() },
        ServerMessage::GameState(state),
        ServerMessage::MoveAccepted { game: 7, ply: 0, action: "e2–e4".into(), duplicate: false },
        ServerMessage::error("not_seated", "you are not seated in this game"),
        ServerMessage::Lobby(LobbyList {
            your_turn: vec![entry.clone()],
            opponents_turn: vec![],
            waiting: vec![entry.clone()],
            finished: vec![entry],
            more_finished: true,
        }),
    ]
}

#[test]
fn every_client_message_round_trips() {
    for m in every_client_message() {
        let text = serde_json::to_string(&m).unwrap();
        assert_eq!(parse_client(&text), Ok(m), "{text}");
    }
}

#[test]
fn every_server_message_round_trips() {
    for m in every_server_message() {
        let text = serde_json::to_string(&m).unwrap();
        assert_eq!(serde_json::from_str::<ServerMessage>(&text).unwrap(), m, "{text}");
    }
}

#[test]
fn messages_have_the_documented_shape() {
    let m = parse_client(r#"{"type":"Move","game":3,"ply":4,"action":"Qd8-h4"}"#).unwrap();
    assert_eq!(m, ClientMessage::Move { game: 3, ply: 4, action: "Qd8-h4".into() });
    let m = parse_client(r#"{"type":"CreateGame","variant":"genus2","side":"white"}"#).unwrap();
    let default = ClientMessage::CreateGame {
        variant: Variant::Genus2,
        side: SideChoice::White,
        clock: ClockSpec::DEFAULT,
        spectators: false,
    };
    assert_eq!(m, default, "clock and spectators have defaults");
    let m = parse_client(
        r#"{"type":"CreateGame","variant":"chess","side":"black","clock":{"kind":"rapid","minutes":15,"increment_seconds":10}}"#,
    )
    .unwrap();
    assert!(matches!(m, ClientMessage::CreateGame { clock, .. } if clock == ClockSpec::rapid(15, 10)));
    let text = serde_json::to_string(&ServerMessage::error("illegal_move", "no")).unwrap();
    assert_eq!(text, r#"{"type":"Error","code":"illegal_move","message":"no"}"#);
    let g = started(Variant::Chess, ClockSpec::DEFAULT);
    let state: GameState = game_state(&g, &token("bob"), 1_000).unwrap();
    assert_eq!((state.you, state.phase, state.to_move), (Some(Side::Black), Phase::Playing, Side::White));
    assert_eq!(
        state.clock,
        ClockState {
            spec: ClockSpec::DEFAULT,
            now: 1_000,
            white_ms: 30 * 60_000 - 1_000,
            black_ms: 30 * 60_000,
            running: Some(Side::White),
            deadline: Some(30 * 60_000),
            white_ready: true,
            black_ready: true,
        }
    );
    let json = serde_json::to_value(&state).unwrap();
    assert_eq!(json["variant"], "chess");
    assert_eq!(json["white"], "alice");
    assert!(json["invite"].is_null(), "no invite once both are seated");
}

#[test]
fn errors_name_what_is_wrong() {
    let err = |t: &str| parse_client(t).unwrap_err().to_string();
    assert!(err("not json").contains("malformed"));
    assert!(err(r#"{"type":"Teleport"}"#).contains("Teleport"), "{}", err(r#"{"type":"Teleport"}"#));
    assert!(err(r#"{"type":"Move","game":1,"ply":0}"#).contains("action"));
    assert!(err(r#"{"type":"Move","game":-1,"ply":0,"action":"e2-e4"}"#).contains("-1"));
    let e = err(r#"{"type":"CreateGame","variant":"go","side":"white"}"#);
    assert!(e.contains("unknown variant") && e.contains("mobius"), "{e}");
    assert!(err(r#"{"type":"CreateGame","variant":"chess","side":"purple"}"#).contains("purple"));
    assert!(err(r#"{"game":1}"#).contains("type"));
}

#[tokio::test]
async fn messages_over_16_kib_are_refused_before_parsing() {
    let big = format!(r#"{{"type":"Hello","version":1,"token":"{}","name":"x"}}"#, "a".repeat(MAX_MESSAGE_BYTES));
    assert_eq!(parse_client(&big), Err(ProtocolError::TooLarge(big.len())));
    let (hub, _) = hub().await;
    let reply = hub.handle(&mut hub.connect(None), &big).await;
    assert!(matches!(&reply[..], [ServerMessage::Error { code, .. }] if code == "too_large"));
}

#[test]
fn deep_nesting_and_control_characters_are_answered_safely() {
    let deep = "[".repeat(10_000);
    assert!(matches!(parse_client(&deep), Err(ProtocolError::Malformed(_))));
    let nasty = "{\"type\":\"\u{1b}[31mred\u{7}\"}";
    let ProtocolError::Malformed(m) = parse_client(nasty).unwrap_err() else { panic!() };
    assert!(!m.chars().any(char::is_control), "{m:?}");
}

/// Valid messages with one hostile edit: cut short, a byte replaced, a value swapped.
fn mutated() -> impl Strategy<Value = String> {
    let bases: Vec<String> = every_client_message().iter().map(|m| serde_json::to_string(m).unwrap()).collect();
    (proptest::sample::select(bases), any::<usize>(), any::<u8>(), 0..3u8).prop_map(|(base, at, byte, how)| {
        let mut bytes = base.into_bytes();
        let at = at % bytes.len();
        match how {
            0 => bytes.truncate(at),
            1 => bytes[at] = byte,
            _ => bytes.insert(at, byte),
        }
        String::from_utf8_lossy(&bytes).into_owned()
    })
}

/// Well-formed messages with hostile values.
fn hostile_values() -> impl Strategy<Value = String> {
    let types = proptest::sample::select(vec![
        "Hello",
        "CreateGame",
        "JoinGame",
        "Ready",
        "Move",
        "OfferDraw",
        "AcceptDraw",
        "Resign",
        "Abort",
        "ClaimDraw",
        "GetGame",
        "Lobby",
        "Rematch",
    ]);
    let value = prop_oneof![
        any::<i64>().prop_map(|n| n.to_string()),
        any::<u64>().prop_map(|n| n.to_string()),
        any::<f64>().prop_map(|f| if f.is_finite() { f.to_string() } else { "null".into() }),
        ".{0,40}".prop_map(|s| serde_json::to_string(&s).unwrap()),
        Just("null".to_owned()),
        Just("[]".to_owned()),
        Just("{}".to_owned()),
        Just(r#"{"kind":"rapid","minutes":4294967295,"increment_seconds":0}"#.to_owned()),
        Just(r#""chess3""#.to_owned()),
        Just(r#""random""#.to_owned()),
    ];
    let field = proptest::sample::select(vec![
        "version",
        "token",
        "name",
        "variant",
        "side",
        "clock",
        "spectators",
        "invite",
        "game",
        "ply",
        "action",
    ]);
    (types, proptest::collection::vec((field, value), 0..6)).prop_map(|(t, fields)| {
        let mut text = format!(r#"{{"type":"{t}""#);
        for (f, v) in fields {
            text.push_str(&format!(r#","{f}":{v}"#));
        }
        text.push('}');
        text
    })
}

fn answers_without_panic(texts: &[String]) -> Result<(), TestCaseError> {
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    runtime.block_on(async {
        let (hub, clock) = hub().await;
        let mut session = hub.connect(None);
        // A seated identity with a game, so that game numbers and moves reach the referee.
        let hello = format!(r#"{{"type":"Hello","version":1,"token":"{}","name":"Ada"}}"#, "t".repeat(30));
        hub.handle(&mut session, &hello).await;
        hub.handle(&mut session, r#"{"type":"CreateGame","variant":"chess","side":"white"}"#).await;
        for text in texts {
            clock.advance(1_000);
            let replies = hub.handle(&mut session, text).await;
            prop_assert!(!replies.is_empty(), "no reply to {text:?}");
            if let Err(e) = parse_client(text) {
                let [ServerMessage::Error { code, message }] = &replies[..] else {
                    return Err(TestCaseError::fail(format!("{text:?} was not answered by one Error")));
                };
                prop_assert_eq!(code.as_str(), e.code());
                prop_assert!(!message.is_empty() && message.chars().count() <= 260, "{message:?}");
            }
            for reply in &replies {
                let echoed = serde_json::to_string(reply).unwrap();
                prop_assert!(echoed.len() <= 4 * MAX_MESSAGE_BYTES);
            }
        }
        Ok(())
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn random_text_never_panics_and_gets_an_error(texts in proptest::collection::vec(any::<String>(), 1..8)) {
        answers_without_panic(&texts)?;
    }

    #[test]
    fn mutated_messages_never_panic(texts in proptest::collection::vec(mutated(), 1..8)) {
        answers_without_panic(&texts)?;
    }

    #[test]
    fn hostile_values_never_panic(texts in proptest::collection::vec(hostile_values(), 1..8)) {
        answers_without_panic(&texts)?;
    }
}
