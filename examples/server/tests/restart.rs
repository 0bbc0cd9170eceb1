//! `kill -9` in the middle of 20 running games, restart on the same
//! database: every game is back in the state of its last logged action —
//! moves, pockets, clocks (frozen at that action's time while the server
//! was down, as the README documents) — and plays on to its end.

mod common;

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use bughouse_core::{Game, GameSettings, Move, Seat, Seats, TimeControl};
use common::{Client, Server, TempDb};
use serde_json::{Value, json};

const TABLES: usize = 20;
const MOVE_CAP: u16 = 200;
const BASE_MS: u64 = 120_000;
const DOWNTIME: Duration = Duration::from_secs(3);

fn live(i: usize) -> bool {
    i % 2 == 0
}

fn settings(live: bool) -> GameSettings {
    let mut settings = if live {
        GameSettings {
            time_control: Some(TimeControl {
                base_ms: BASE_MS,
                increment_ms: 0,
            }),
            humans: Seats::empty(),
            ..GameSettings::default()
        }
    } else {
        GameSettings::turn_based(Seats::empty())
    };
    settings.move_cap = MOVE_CAP;
    settings
}

/// Rebuilds a game from the engine's log (a `state` frame's) with the
/// engine's calls alone.
fn replay(live: bool, log: &[Value]) -> Game {
    let mut game = Game::new(settings(live)).unwrap();
    for entry in log {
        let at = entry["at_ms"].as_u64().unwrap();
        let seat = entry["seat"]
            .as_str()
            .map(|s| Seat::from_char(s.chars().next().unwrap()).unwrap());
        match entry["kind"].as_str().unwrap() {
            "move" => {
                let m = Move::from_uci(entry["uci"].as_str().unwrap()).unwrap();
                game.play(seat.unwrap(), m, Some(at)).unwrap();
            }
            "sit" => {
                game.sit(seat.unwrap()).unwrap();
            }
            "tick" => {
                assert!(game.tick(at).unwrap().outcome().is_some());
            }
            other => panic!("an all-computer game logs no {other}"),
        }
    }
    game
}

fn fields(frame: &Value) -> Value {
    json!([
        frame["bfen"],
        frame["pockets"],
        frame["clocks"],
        frame["moves_played"],
        frame["to_act"],
        frame["sits_left"]
    ])
}

/// A report as the engine logs its action (the timer's flag is a tick).
fn log_of(report: &Value) -> Value {
    let kind = if report["kind"] == "flag" {
        json!("tick")
    } else {
        report["kind"].clone()
    };
    json!({"seat": report["seat"], "kind": kind, "uci": report["uci"], "at_ms": report["at_ms"]})
}

/// The fields of a log entry a report shows.
fn reported_part(entry: &Value) -> Value {
    json!({"seat": entry["seat"], "kind": entry["kind"], "uci": entry["uci"], "at_ms": entry["at_ms"]})
}

/// Watches a table and keeps its reports until the connection ends.
fn watch(mut client: Client, reports: Arc<Mutex<Vec<Value>>>) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        while let Some(frame) = client.try_recv(Duration::from_secs(120)).await {
            if frame["type"] == "report" {
                let over = !frame["outcome"].is_null();
                reports.lock().unwrap().push(frame);
                if over {
                    break;
                }
            }
        }
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kill_9_in_the_middle_of_20_games_then_all_continue_from_the_same_state_and_finish() {
    let db = TempDb::new("restart");
    let mut server = Server::start(&db.path(), &[]);
    let mut host = server.client().await;
    // A table waiting for players, with one human seated.
    let waiting = host.create(json!({})).await;
    let mut human = server.client().await;
    let token = human.join(waiting, "B").await;
    // A running turn-based game with one human (A-Black) who has played a
    // move: the rotation waits for them, so it cannot end before the kill.
    let mixed = host
        .create(json!({"mode": "turn_based", "bot_nodes": 200, "bot_delay_ms": 40}))
        .await;
    let mut a_black = server.client().await;
    a_black.join(mixed, "a").await;
    a_black.send(json!({"type": "start"})).await;
    a_black.until(|f| f["to_act"] == "a").await;
    a_black.send(json!({"type": "move", "move": "e7e5"})).await;
    a_black
        .until(|f| f["type"] == "report" && f["seat"] == "a")
        .await;
    let mut tables = Vec::new();
    for i in 0..TABLES {
        let mode = if live(i) { "live" } else { "turn_based" };
        let id = host
            .create(
                json!({"mode": mode, "base_ms": BASE_MS, "bot_nodes": 200, "bot_delay_ms": 40,
                           "move_cap": MOVE_CAP, "start": true}),
            )
            .await;
        tables.push(id);
    }
    let mut before = Vec::new();
    let mut watchers = Vec::new();
    for &id in &tables {
        let mut c = server.client().await;
        c.send(json!({"type": "spectate", "table": id})).await;
        c.expect("state").await;
        let reports = Arc::new(Mutex::new(Vec::new()));
        watchers.push(watch(c, reports.clone()));
        before.push(reports);
    }
    let deadline = Instant::now() + Duration::from_secs(60);
    while before.iter().any(|r| r.lock().unwrap().len() < 8) {
        assert!(Instant::now() < deadline, "the games move");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    server.kill();
    // Down for a while: the restored clocks must not count it.
    tokio::time::sleep(DOWNTIME).await;
    for w in watchers {
        w.await.unwrap();
    }
    let before: Vec<Vec<Value>> = before.iter().map(|r| r.lock().unwrap().clone()).collect();
    for (i, reports) in before.iter().enumerate() {
        assert!(
            reports.iter().all(|r| r["outcome"].is_null()),
            "table {i} was running at the kill"
        );
    }

    let server = Server::start(&db.path(), &["--grace-ms", "1000"]);
    // The waiting table's human comes back within the grace period: the
    // token still opens their seat.
    let mut back = server.client().await;
    back.send(json!({"type": "reconnect", "table": waiting, "token": token}))
        .await;
    assert_eq!(back.expect("joined").await["seat"], "B");
    assert_eq!(back.expect("state").await["status"], "waiting");
    let mut after = Vec::new();
    let mut watchers = Vec::new();
    let mut exact = 0;
    for (i, &id) in tables.iter().enumerate() {
        let mut c = server.client().await;
        c.send(json!({"type": "spectate", "table": id})).await;
        let state = c
            .until(|f| f["type"] == "state" || f["type"] == "error")
            .await;
        // Running, or already played to its end since the restart (a
        // finished table stays a minute for late watchers).
        assert!(
            state["status"] == "running" || state["status"] == "over",
            "table {id}: {state}"
        );
        let log = state["log"].as_array().unwrap().clone();
        // No draw offers in these games: one log entry per report.
        assert_eq!(state["seq"], log.len(), "table {id}");
        let seen = &before[i];
        // Every action a client saw was logged first (written before the
        // broadcast), in the same order with the same times.
        let last_seen = seen.last().unwrap()["seq"].as_u64().unwrap() as usize;
        assert!(
            log.len() >= last_seen,
            "table {id}: {} < {last_seen}",
            log.len()
        );
        // (The watcher joined a running game: its first report may be a
        // later one; reports are numbered on without a gap.)
        for report in seen {
            let seq = report["seq"].as_u64().unwrap() as usize;
            assert_eq!(reported_part(&log[seq - 1]), log_of(report), "table {id}");
            // …with each move's SAN kept for display.
            assert_eq!(log[seq - 1]["san"], report["san"], "table {id}");
        }
        for pair in seen.windows(2) {
            assert_eq!(pair[1]["seq"], pair[0]["seq"].as_u64().unwrap() + 1);
        }
        // The restored state is exactly the engine's replay of the log…
        let game = replay(live(i), &log);
        assert_eq!(
            state["bfen"],
            game.bfen().to_string().as_str(),
            "table {id}"
        );
        assert_eq!(state["moves_played"], game.moves_played());
        for s in Seat::ALL {
            let l = s.char().to_string();
            assert_eq!(
                state["pockets"][&l],
                game.pocket(s).letters().collect::<String>().as_str()
            );
            // …with the clocks as they were at the last logged action.
            if live(i) {
                assert_eq!(
                    state["clocks"][&l],
                    json!(game.clock_ms(s)),
                    "table {id} seat {l}"
                );
            }
        }
        assert_eq!(state["now_ms"], game.now_ms());
        // …and its log up to the last report any client saw gives exactly
        // the state that report showed.
        let at_last = replay(live(i), &log[..last_seen]);
        let last = seen.last().unwrap();
        assert_eq!(
            last["bfen"],
            at_last.bfen().to_string().as_str(),
            "table {id}"
        );
        for s in Seat::ALL {
            let l = s.char().to_string();
            assert_eq!(last["clocks"][&l], json!(at_last.clock_ms(s)), "table {id}");
        }
        // The clocks did not run while the server was down: no gap of the
        // downtime between two actions' times.
        let gap = log
            .windows(2)
            .map(|w| w[1]["at_ms"].as_u64().unwrap() - w[0]["at_ms"].as_u64().unwrap())
            .max()
            .unwrap();
        assert!(
            gap < DOWNTIME.as_millis() as u64,
            "table {id}: a gap of {gap} ms"
        );
        if log.len() == last_seen {
            exact += 1;
            assert_eq!(fields(&state), fields(last), "table {id}");
        }
        let reports = Arc::new(Mutex::new(Vec::new()));
        if state["status"] == "over" {
            assert!(!state["outcome"].is_null(), "table {id}");
        } else {
            watchers.push(watch(c, reports.clone()));
        }
        after.push((log.len(), reports));
    }
    eprintln!("{exact} of {TABLES} games had not moved on since their last report");
    // The running game's human did not come back: after the grace period
    // from the restart, the computer plays A-Black on.
    let mut watcher = server.client().await;
    watcher
        .send(json!({"type": "spectate", "table": mixed}))
        .await;
    let state = watcher.expect("state").await;
    assert_eq!(state["status"], "running");
    assert_eq!(state["humans"], "a");
    assert!(
        state["log"]
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e["seat"] == "a")
    );
    let computer_holds_a = |seats: &Value| {
        seats
            .as_array()
            .unwrap()
            .iter()
            .any(|s| s["seat"] == "a" && s["holder"] == "computer")
    };
    // The grace period may already be over when the watcher arrives (on a
    // loaded machine the checks above take more than a second): then the
    // state shows the handover, and no later frame will.
    if !computer_holds_a(&state["seats"]) {
        watcher
            .until(|f| f["type"] == "seats" && computer_holds_a(&f["seats"]))
            .await;
    }
    watcher
        .until(|f| f["type"] == "report" && f["seat"] == "a")
        .await;

    // All 20 play on, numbering on from the log, to their end.
    for w in watchers {
        w.await.unwrap();
    }
    for (i, (logged, reports)) in after.iter().enumerate() {
        let reports = reports.lock().unwrap();
        let last = reports
            .last()
            .unwrap_or_else(|| panic!("table {i} went on"));
        assert!(!last["outcome"].is_null(), "table {i} finished");
        for (k, r) in reports.iter().enumerate() {
            assert_eq!(r["seq"], (logged + k + 1) as u64);
        }
    }
}
