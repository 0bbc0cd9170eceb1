//! Bad clients: every malformed or forbidden frame is answered with an
//! error frame naming what is wrong, and the game is unchanged; floods are
//! rate limited per connection and the table goes on.

mod common;

use common::{Server, TempDb};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

/// What must not change: the position, the log, the seats, the outcome.
fn essence(state: &Value) -> Value {
    json!([
        state["bfen"],
        state["log"],
        state["seats"],
        state["outcome"],
        state["draw_offers"]
    ])
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_bad_frame_is_answered_with_an_error_and_the_game_is_unchanged() {
    let db = TempDb::new("bad");
    let server = Server::start(&db.path(), &[]);
    let mut host = server.client().await;
    let table = host.create(json!({"base_ms": 600_000})).await;
    let mut players = Vec::new();
    for seat in ["A", "a", "B", "b"] {
        let mut c = server.client().await;
        c.join(table, seat).await;
        players.push(c);
    }
    players[0].send(json!({"type": "move", "move": "e4"})).await;
    players[1].until(|f| f["type"] == "report").await;
    let before = essence(&players[0].state().await);

    let a = &mut players[1]; // A-Black, to move on board A
    let long_name = "n".repeat(40);
    let huge = format!(r#"{{"type":"move","move":"{}"}}"#, "e".repeat(5000));
    let cases: Vec<(String, &str, &str)> = vec![
        ("not json".into(), "ERR_BAD_FRAME", "expected"),
        ("[1,2]".into(), "ERR_BAD_FRAME", ""),
        ("{}".into(), "ERR_BAD_FRAME", "type"),
        (r#"{"type":"fly"}"#.into(), "ERR_BAD_FRAME", "fly"),
        (r#"{"type":"move"}"#.into(), "ERR_BAD_FRAME", "move"),
        (
            r#"{"type":"move","move":7}"#.into(),
            "ERR_BAD_FRAME",
            "string",
        ),
        (
            r#"{"type":"move","move":"e5","at_ms":5}"#.into(),
            "ERR_BAD_FRAME",
            "at_ms",
        ),
        (
            r#"{"type":"move","move":"e2e5"}"#.into(),
            "ERR_ILLEGAL_MOVE",
            "",
        ),
        (
            r#"{"type":"move","move":"Qxx9"}"#.into(),
            "ERR_INVALID_MOVE",
            "",
        ),
        (
            r#"{"type":"move","move":"P@e4"}"#.into(),
            "ERR_ILLEGAL_MOVE",
            "",
        ),
        (
            r#"{"type":"move","move":"e5","seat":"A"}"#.into(),
            "ERR_NOT_YOUR_SEAT",
            "you hold seat a",
        ),
        (
            r#"{"type":"move","move":"e5","seat":"Q"}"#.into(),
            "ERR_BAD_VALUE",
            "seat",
        ),
        (r#"{"type":"sit"}"#.into(), "ERR_SIT_IN_LIVE_GAME", ""),
        (
            r#"{"type":"join","table":999999,"seat":"A"}"#.into(),
            "ERR_ALREADY_AT_TABLE",
            "",
        ),
        (
            format!(r#"{{"type":"join","table":{table},"seat":"b"}}"#),
            "ERR_ALREADY_AT_TABLE",
            "",
        ),
        (
            format!(r#"{{"type":"reconnect","table":{table},"token":"nope"}}"#),
            "ERR_BAD_TOKEN",
            "",
        ),
        (r#"{"type":"start"}"#.into(), "ERR_GAME_STARTED", ""),
        (
            r#"{"type":"create","base_ms":5}"#.into(),
            "ERR_BAD_VALUE",
            "base_ms",
        ),
        (
            r#"{"type":"create","mode":"blitz"}"#.into(),
            "ERR_BAD_VALUE",
            "mode",
        ),
        (
            r#"{"type":"create","bot_level":11}"#.into(),
            "ERR_BAD_VALUE",
            "bot_level",
        ),
        (
            format!(r#"{{"type":"join","table":{table},"seat":"A","name":"{long_name}"}}"#),
            "ERR_BAD_VALUE",
            "name",
        ),
        (huge, "ERR_BAD_FRAME", "bytes"),
    ];
    for (frame, code, needle) in &cases {
        a.send_text(frame.clone()).await;
        let reply = a.expect("error").await;
        assert_eq!(reply["code"], *code, "frame {frame:.80}: {reply}");
        let message = reply["message"].as_str().unwrap();
        assert!(message.contains(needle), "frame {frame:.80}: {message}");
        assert!(
            message.len() < 400,
            "messages never echo megabytes: {message:.100}"
        );
    }
    a.send_raw(Message::Binary(vec![1, 2, 3].into())).await;
    assert_eq!(a.expect("error").await["code"], "ERR_BAD_FRAME");

    // Another seat's move, by a player of the other board.
    players[2].send(json!({"type": "move", "move": "e5"})).await;
    assert_eq!(players[2].expect("error").await["code"], "ERR_ILLEGAL_MOVE");
    players[3].send(json!({"type": "move", "move": "e5"})).await;
    assert_eq!(
        players[3].expect("error").await["code"],
        "ERR_NOT_YOUR_TURN"
    );
    // A spectator cannot act, nor can a connection at no table.
    let mut watcher = server.client().await;
    watcher.send(json!({"type": "move", "move": "e5"})).await;
    assert_eq!(watcher.expect("error").await["code"], "ERR_NOT_SEATED");
    watcher
        .send(json!({"type": "spectate", "table": table}))
        .await;
    watcher.expect("state").await;
    watcher.send(json!({"type": "move", "move": "e5"})).await;
    assert_eq!(watcher.expect("error").await["code"], "ERR_NOT_SEATED");
    watcher
        .send(json!({"type": "join", "table": 424242, "seat": "A"}))
        .await;
    assert_eq!(
        watcher.expect("error").await["code"],
        "ERR_ALREADY_AT_TABLE"
    );
    let mut stranger = server.client().await;
    stranger
        .send(json!({"type": "join", "table": 424242, "seat": "A"}))
        .await;
    assert_eq!(stranger.expect("error").await["code"], "ERR_UNKNOWN_TABLE");
    stranger
        .send(json!({"type": "join", "table": table, "seat": "a"}))
        .await;
    assert_eq!(stranger.expect("error").await["code"], "ERR_SEAT_TAKEN");

    let after = essence(&players[0].state().await);
    assert_eq!(before, after, "no bad frame changed the game");

    // The table is unharmed: A-Black's good move is accepted.
    players[1].send(json!({"type": "move", "move": "e5"})).await;
    let report = players[0].until(|f| f["type"] == "report").await;
    assert_eq!(report["san"], "e5");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_is_rate_limited_per_connection_and_the_table_goes_on() {
    let db = TempDb::new("flood");
    let server = Server::start(&db.path(), &[]);
    let mut host = server.client().await;
    let table = host.create(json!({"base_ms": 600_000})).await;
    let mut players = Vec::new();
    for seat in ["A", "a", "B", "b"] {
        let mut c = server.client().await;
        c.join(table, seat).await;
        players.push(c);
    }
    let before = essence(&players[0].state().await);
    // 300 illegal moves as fast as the socket takes them.
    let flooder = &mut players[1];
    for _ in 0..300 {
        flooder
            .send_text(r#"{"type":"move","move":"e2e4"}"#.into())
            .await;
    }
    let mut limited = 0;
    let mut refused = 0;
    for _ in 0..300 {
        let frame = flooder.expect("error").await;
        match frame["code"].as_str().unwrap() {
            "ERR_RATE_LIMITED" => limited += 1,
            "ERR_NOT_YOUR_TURN" => refused += 1,
            other => panic!("unexpected {other}"),
        }
    }
    assert!(
        limited >= 200,
        "the burst is 40 and the rate 20/s: {limited} limited"
    );
    assert!(
        refused >= 30,
        "the burst got through to the table: {refused}"
    );
    // The others were not slowed down: A-White moves and everyone sees it.
    players[0].send(json!({"type": "move", "move": "d4"})).await;
    let report = players[2].until(|f| f["type"] == "report").await;
    assert_eq!(report["san"], "d4");
    // After a pause the flooder is served again, and nothing else changed.
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    let state = players[1].state().await;
    assert_eq!(state["log"].as_array().unwrap().len(), 1);
    let mut expected = before;
    expected[0] = state["bfen"].clone();
    expected[1] = state["log"].clone();
    assert_eq!(essence(&state), expected);
}
