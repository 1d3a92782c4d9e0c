//! Several servers sharing one PostgreSQL database: a move made through one reaches a client of
//! another, a request judged on an out-of-date copy is judged again, two servers racing for the
//! same move store exactly one, two writers racing for the same events never deadlock, and the
//! load tester loses nothing across two servers. All ignored unless `SURFACE_CHESS_POSTGRES`
//! names a server (CI runs them; `.ci/postgres` starts one).

mod common;

use std::sync::Arc;

use common::hello;
use common::net::{player, postgres_database, send, server, started, state_until};
use surface_chess_rules::Variant;
use surface_chess_server::loadtest::{self, LoadConfig};
use surface_chess_server::{Hub, ManualClock, Phase, ServerMessage, Side, Store, SystemClock};

#[tokio::test]
#[ignore = "needs PostgreSQL: SURFACE_CHESS_POSTGRES (CI runs it; .ci/postgres starts one)"]
async fn a_move_made_through_one_server_reaches_a_client_of_another() {
    let database = postgres_database().await;
    let (a, b) = (server(&database, Arc::new(SystemClock)).await, server(&database, Arc::new(SystemClock)).await);
    let mut ada = player(&a.url(), "ada").await;
    let mut bo = player(&b.url(), "bo").await;
    let game = started(&mut ada, &mut bo, r#""variant":"klein","side":"white""#).await;
    let g = a.hub.game(game).await.unwrap();
    let first = g.rules_game().position().notation(g.rules_game().position().legal_actions()[3]);
    send(&mut ada, &format!(r#"{{"type":"Move","game":{game},"ply":0,"action":"{first}"}}"#)).await;
    let seen = state_until(&mut bo, |s| s.moves.len() == 1).await;
    assert_eq!((seen.moves[0].as_str(), seen.to_move), (first.as_str(), Side::Black), "through the notice");
    let g = b.hub.game(game).await.unwrap();
    let reply = g.rules_game().position().notation(g.rules_game().position().legal_actions()[0]);
    send(&mut bo, &format!(r#"{{"type":"Move","game":{game},"ply":1,"action":"{reply}"}}"#)).await;
    assert_eq!(state_until(&mut ada, |s| s.moves.len() == 2).await.moves[1], reply, "and back");
    send(&mut bo, &format!(r#"{{"type":"Resign","game":{game}}}"#)).await;
    let over = state_until(&mut ada, |s| s.phase == Phase::Finished).await.result.unwrap();
    assert_eq!((over.winner, over.reason.as_str()), (Some(Side::White), "resignation"));
    a.stop();
    b.stop();
}

#[tokio::test]
#[ignore = "needs PostgreSQL: SURFACE_CHESS_POSTGRES (CI runs it; .ci/postgres starts one)"]
async fn a_forged_notice_changes_nothing() {
    use sqlx::Connection;
    let database = postgres_database().await;
    let (a, b) = (server(&database, Arc::new(SystemClock)).await, server(&database, Arc::new(SystemClock)).await);
    let mut ada = player(&a.url(), "ada").await;
    let mut bo = player(&a.url(), "bo").await;
    let game = started(&mut ada, &mut bo, r#""variant":"chess","side":"white""#).await;
    let next = a.hub.store().load(game, 0).await.unwrap().len();
    // Any role allowed to NOTIFY sends the next event of the game: White resigns.
    let mut role = sqlx::PgConnection::connect(&database).await.unwrap();
    let resign = r#"{"event":"acted","side":"white","act":{"act":"resign"}}"#;
    for forged in [format!("{game} {next} 0 {resign}"), format!("{game} {next}"), format!("{game} 999 x y")] {
        sqlx::query("SELECT pg_notify('surface_chess', $1)").bind(forged).execute(&mut role).await.unwrap();
    }
    // Then a real move through the other server: its notice comes after the forged ones.
    let mut ada_b = player(&b.url(), "ada").await;
    send(&mut ada_b, &format!(r#"{{"type":"Move","game":{game},"ply":0,"action":"e2-e4"}}"#)).await;
    let seen = state_until(&mut bo, |s| s.moves.len() == 1).await;
    assert_eq!((seen.phase, seen.result), (Phase::Playing, None), "the forged resignation was not applied");
    let stored = a.hub.store().load(game, 0).await.unwrap().len();
    assert_eq!(stored, next + 1, "the table holds the move alone");
    assert!(a.hub.game(game).await.unwrap().result().is_none());
    a.stop();
    b.stop();
}

#[tokio::test]
#[ignore = "needs PostgreSQL: SURFACE_CHESS_POSTGRES (CI runs it; .ci/postgres starts one)"]
async fn a_request_judged_on_an_old_copy_is_judged_again_and_a_race_stores_one_move() {
    let database = postgres_database().await;
    let clock = Arc::new(ManualClock::new(0));
    // Two hubs without notices: each keeps its copy until a request makes it look.
    let a = Hub::new(Store::open(&database).await.unwrap(), clock.clone());
    let b = Hub::new(Store::open(&database).await.unwrap(), clock.clone());
    let (mut ada_a, mut bo_b) = (hello(&a, "ada", "Ada").await, hello(&b, "bo", "Bo").await);
    let created = a.handle(&mut ada_a, r#"{"type":"CreateGame","variant":"chess","side":"white"}"#).await;
    let ServerMessage::GameState(s) = &created[0] else { panic!("{created:?}") };
    let (game, invite) = (s.game, s.invite.clone().unwrap().expose().to_owned());
    b.handle(&mut bo_b, &format!(r#"{{"type":"JoinGame","invite":"{invite}"}}"#)).await;
    // Ada's Ready reaches A, whose copy still has the seat open: judged again after catching up.
    let ready = a.handle(&mut ada_a, &format!(r#"{{"type":"Ready","game":{game}}}"#)).await;
    assert!(matches!(&ready[0], ServerMessage::GameState(s) if s.clock.white_ready), "{ready:?}");
    b.handle(&mut bo_b, &format!(r#"{{"type":"Ready","game":{game}}}"#)).await;
    // Ada moves through A, then again through B with another move for the same ply, at once.
    let mut ada_b = hello(&b, "ada", "Ada").await;
    let e4 = format!(r#"{{"type":"Move","game":{game},"ply":0,"action":"e2-e4"}}"#);
    let d4 = format!(r#"{{"type":"Move","game":{game},"ply":0,"action":"d2-d4"}}"#);
    let (x, y) = tokio::join!(a.handle(&mut ada_a, &e4), b.handle(&mut ada_b, &d4));
    let accepted = |r: &[ServerMessage]| matches!(r[0], ServerMessage::MoveAccepted { duplicate: false, .. });
    assert!(accepted(&x) ^ accepted(&y), "exactly one of {x:?} / {y:?}");
    let (ga, gb) = (a.game(game).await.unwrap(), b.game(game).await.unwrap());
    // Whichever lost has caught up on its refusal; both agree with the store.
    let log = a.store().load(game, 0).await.unwrap();
    let stored = surface_chess_server::replay(game, log.iter().map(|(s, t, x)| (*s, *t, x.as_str()))).unwrap();
    assert_eq!(stored.rules_game().notations().len(), 1);
    for g in [&ga, &gb] {
        assert_eq!(g.rules_game().notations(), stored.rules_game().notations());
    }
    // Bo answers through B, whose copy is current: accepted.
    let reply = b.handle(&mut bo_b, &format!(r#"{{"type":"Move","game":{game},"ply":1,"action":"e7-e5"}}"#)).await;
    assert!(matches!(reply[0], ServerMessage::MoveAccepted { duplicate: false, .. }), "{reply:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: SURFACE_CHESS_POSTGRES (CI runs it; .ci/postgres starts one)"]
async fn the_load_tester_through_two_servers_loses_nothing() {
    let database = postgres_database().await;
    let (a, b) = (server(&database, Arc::new(SystemClock)).await, server(&database, Arc::new(SystemClock)).await);
    let config = LoadConfig {
        urls: vec![a.url(), b.url()],
        games: 24,
        plies: 30,
        variant: Variant::Mobius,
        database: Some(database.clone()),
        rate: 0.0,
        series: None,
    };
    let report = loadtest::run(&config).await.expect("a load test");
    assert_eq!((report.games, report.lost), (24, 0), "{report}");
    assert!(report.moves >= 24 * 10, "{report}");
    let line = report.to_string();
    assert!(line.starts_with("games 24 moves ") && line.contains(" moves/s ") && line.contains(" lost 0"), "{line}");
    a.stop();
    b.stop();
}

#[tokio::test]
#[ignore = "needs PostgreSQL: SURFACE_CHESS_POSTGRES (CI runs it; .ci/postgres starts one)"]
async fn one_insert_sends_one_notice_naming_every_event_it_stored() {
    use sqlx::Connection;
    use surface_chess_server::store::Notice;
    let database = postgres_database().await;
    Store::open(&database).await.unwrap();
    let mut listener = sqlx::postgres::PgListener::connect(&database).await.unwrap();
    listener.listen("surface_chess").await.unwrap();
    let mut conn = sqlx::PgConnection::connect(&database).await.unwrap();
    let games: Vec<i64> =
        sqlx::query_scalar("INSERT INTO games (invite, created_at) VALUES ('a', 0), ('b', 0) RETURNING id")
            .fetch_all(&mut conn)
            .await
            .unwrap();
    let (g, h) = (games[0], games[1]);
    let three = format!(
        "INSERT INTO events VALUES ({g}, 0, 0, '{{}}'), ({h}, 0, 0, '{{}}'), ({g}, 1, 0, '{{}}') ON CONFLICT DO NOTHING"
    );
    sqlx::query(&three).execute(&mut conn).await.unwrap();
    // The same rows again store nothing and tell nothing; then one new event, its own notice.
    sqlx::query(&three).execute(&mut conn).await.unwrap();
    sqlx::query(&format!("INSERT INTO events VALUES ({h}, 1, 0, '{{}}')")).execute(&mut conn).await.unwrap();
    let mut next = async || {
        let n = tokio::time::timeout(std::time::Duration::from_secs(5), listener.recv()).await.expect("a notice");
        Notice::parse(n.unwrap().payload())
    };
    let stored = |game: i64, seq| Notice::Stored { game: game as u64, seq };
    assert_eq!(next().await, [stored(g, 0), stored(h, 0), stored(g, 1)], "one notice for the three");
    assert_eq!(next().await, [stored(h, 1)], "nothing for the insert that stored nothing");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: SURFACE_CHESS_POSTGRES (CI runs it; .ci/postgres starts one)"]
async fn two_writers_racing_for_the_same_events_store_each_once_and_never_deadlock() {
    use sqlx::Connection;
    use std::collections::HashMap;
    use surface_chess_server::writer::Writer;
    let database = postgres_database().await;
    Store::open(&database).await.unwrap();
    let pool = async || sqlx::any::AnyPoolOptions::new().max_connections(4).connect(&database).await.unwrap();
    // Two servers' writers, four batches in flight each.
    let (a, b) = (Writer::start(pool().await, 4), Writer::start(pool().await, 4));
    let mut conn = sqlx::PgConnection::connect(&database).await.unwrap();
    let games: Vec<u64> = sqlx::query_scalar::<_, i64>(
        "INSERT INTO games (invite, created_at) SELECT 'g' || n, 0 FROM generate_series(1, 256) AS n RETURNING id",
    )
    .fetch_all(&mut conn)
    .await
    .unwrap()
    .into_iter()
    .map(|id| id as u64)
    .collect();
    let rounds = async {
        for seq in 0..12 {
            // Each writer is handed every game's next event, in opposite orders, all at once:
            // their batches share every key.
            let mut tasks = tokio::task::JoinSet::new();
            for (writer, reversed) in [(&a, false), (&b, true)] {
                let mut order = games.clone();
                if reversed {
                    order.reverse();
                }
                for game in order {
                    let writer = writer.clone();
                    tasks.spawn(async move { (game, writer.append(game, seq, 0, "{}".to_owned()).await) });
                }
            }
            let mut stored = HashMap::new();
            while let Some(done) = tasks.join_next().await {
                let (game, written) = done.unwrap();
                let written = written.unwrap_or_else(|e| panic!("event {seq} of game {game} failed: {e}"));
                *stored.entry(game).or_insert(0) += u32::from(written);
            }
            assert!(games.iter().all(|g| stored[g] == 1), "each event stored once: {stored:?}");
        }
    };
    tokio::time::timeout(std::time::Duration::from_secs(60), rounds).await.expect("12 rounds within a minute");
    let count: i64 = sqlx::query_scalar("SELECT count(*) FROM events").fetch_one(&mut conn).await.unwrap();
    assert_eq!(count, 256 * 12);
}
