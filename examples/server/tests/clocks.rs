//! The table's one timer, armed from the next flag (R21, R28): nobody
//! moves, and the flag ends the game at its own millisecond.

mod common;

use std::time::Instant;

use common::{Server, TempDb};
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_timer_ends_the_game_when_the_first_clock_runs_out() {
    let db = TempDb::new("clocks");
    let server = Server::start(&db.path(), &[]);
    let mut host = server.client().await;
    let table = host.create(json!({"base_ms": 1_500})).await;
    let mut players = Vec::new();
    for seat in ["A", "a", "B", "b"] {
        let mut c = server.client().await;
        c.join(table, seat).await;
        players.push(c);
    }
    let started = Instant::now();
    let state = players[0].expect("state").await;
    assert_eq!(state["status"], "running");
    assert_eq!(state["next_flag_ms"], 1_500);
    assert_eq!(
        state["running"],
        json!(["A", "B"]),
        "both White clocks run (F1)"
    );
    // B-White moves at once: its clock stops, B-Black's starts; A-White's
    // runs on and falls first.
    players[2].send(json!({"type": "move", "move": "e4"})).await;
    let moved = players[2].until(|f| f["type"] == "report").await;
    assert_eq!(moved["running"], json!(["A", "b"]));
    assert_eq!(moved["next_flag_ms"], 1_500);
    let flag = players[3]
        .until(|f| f["type"] == "report" && f["kind"] == "flag")
        .await;
    let waited = started.elapsed().as_millis();
    assert!(waited >= 1_400, "not before the flag: {waited} ms");
    assert!(waited < 10_000, "the timer fired: {waited} ms");
    assert_eq!(flag["outcome"]["reason"], "time");
    assert_eq!(flag["outcome"]["seat"], "A");
    assert_eq!(flag["outcome"]["winner"], 2);
    assert_eq!(flag["seat"], json!(null));
    // The game ends at the flag's millisecond (F2), whenever the timer ran.
    assert_eq!(flag["now_ms"], 1_500);
    assert_eq!(flag["clocks"]["A"], 0);
    // Nothing more is accepted.
    players[1].send(json!({"type": "move", "move": "e5"})).await;
    assert_eq!(players[1].expect("error").await["code"], "ERR_GAME_OVER");
}
