//! A full live game between four scripted WebSocket clients (R19–R21):
//! every client follows the game from the reports alone, checks each one
//! against its own copy of the game, and plays its seat's moves.

mod common;

use bughouse_core::{Game, GameSettings, Move, Seat, TimeControl};
use common::{Client, Server, TempDb};
use serde_json::{Value, json};

const MOVE_CAP: u16 = 120;
/// The scripted players' pause before each move: 18 moves a second at most.
const MOVE_PAUSE: std::time::Duration = std::time::Duration::from_millis(55);

fn settings() -> GameSettings {
    GameSettings {
        time_control: Some(TimeControl {
            base_ms: 600_000,
            increment_ms: 0,
        }),
        move_cap: MOVE_CAP,
        ..GameSettings::default()
    }
}

/// Applies a report to the client's copy of the game (the server's time
/// stamps, R21) and checks that the copy now shows what the report says.
fn follow(mirror: &mut Game, report: &Value) {
    let at = report["at_ms"].as_u64().expect("at_ms");
    let seat = report["seat"]
        .as_str()
        .and_then(|s| Seat::from_char(s.chars().next()?));
    match report["kind"].as_str().expect("kind") {
        "move" => {
            let m = Move::from_uci(report["uci"].as_str().expect("uci")).expect("UCI");
            let san = mirror.board(seat.expect("seat").board).san(m).to_string();
            assert_eq!(report["san"], san.as_str(), "SAN of {report}");
            mirror
                .play(seat.expect("seat"), m, Some(at))
                .expect("a legal move");
        }
        "flag" => assert!(
            mirror.tick(at).expect("tick").outcome().is_some(),
            "{report}"
        ),
        "resign" => {
            mirror
                .resign(seat.expect("seat"), Some(at))
                .expect("resign");
        }
        "offer_draw" => {
            mirror.offer_draw(seat.expect("seat")).expect("offer");
        }
        "withdraw_draw" => {
            mirror.withdraw_draw(seat.expect("seat")).expect("withdraw");
        }
        other => panic!("unexpected kind {other}"),
    }
    assert_eq!(report["bfen"], mirror.bfen().to_string().as_str());
    for s in Seat::ALL {
        let letter = s.char().to_string();
        assert_eq!(
            report["pockets"][&letter],
            mirror.pocket(s).letters().collect::<String>().as_str()
        );
        assert_eq!(report["clocks"][&letter], json!(mirror.clock_ms(s)));
    }
    assert_eq!(report["moves_played"], mirror.moves_played());
    assert_eq!(report["outcome"].is_null(), !mirror.is_over());
}

/// One scripted player: follows every report, plays a move (chosen from
/// its copy's legal moves by a seed) whenever its seat is to move.
async fn play(mut client: Client, seat: Seat, seed: u64) -> Vec<Value> {
    let mut mirror = Game::new(settings()).expect("game");
    let mut reports = Vec::new();
    let mut awaiting_own = false;
    loop {
        let frame = client.recv().await;
        match frame["type"].as_str() {
            Some("report") => {
                follow(&mut mirror, &frame);
                if frame["seat"] == seat.char().to_string().as_str() {
                    awaiting_own = false;
                }
                let over = !frame["outcome"].is_null();
                reports.push(frame);
                if over {
                    return reports;
                }
            }
            Some("error") => panic!("{seat}: unexpected error {frame}"),
            _ => {}
        }
        if !awaiting_own && mirror.is_turn_of(seat) {
            let legal = mirror.legal_moves(seat);
            if !legal.is_empty() {
                // Prefer captures and drops now and then, so pockets fill.
                let n = reports.len() as u64;
                let pick = legal
                    .iter()
                    .copied()
                    .find(|m| {
                        matches!(m, Move::Drop { .. })
                            || mirror.board(seat.board).piece_at(m.to()).is_some()
                    })
                    .filter(|_| (seed + n) % 2 == 0)
                    .unwrap_or(
                        legal[((seed.wrapping_mul(31) + n * 7) % legal.len() as u64) as usize],
                    );
                // At a human's pace, under the server's 20 frames a second
                // (`Config::frames_per_second`): the two boards run apart,
                // and one seat may make half the game's moves while the
                // other board waits, too fast for the limit otherwise.
                tokio::time::sleep(MOVE_PAUSE).await;
                client
                    .send(json!({"type": "move", "move": pick.to_string()}))
                    .await;
                awaiting_own = true;
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn full_live_game_between_four_websocket_clients() {
    let db = TempDb::new("live");
    let server = Server::start(&db.path(), &[]);
    let mut host = server.client().await;
    let table = host
        .create(json!({"mode": "live", "base_ms": 600_000, "move_cap": MOVE_CAP}))
        .await;

    let mut players = Vec::new();
    for seat in Seat::ALL {
        let mut client = server.client().await;
        client.join(table, &seat.char().to_string()).await;
        players.push((client, seat));
    }
    let mut spectator = server.client().await;
    spectator
        .send(json!({"type": "spectate", "table": table}))
        .await;
    let first = spectator.expect("state").await;
    assert_eq!(first["status"], "running", "four humans start the game");
    assert_eq!(first["humans"], "AaBb");

    let tasks: Vec<_> = players
        .into_iter()
        .enumerate()
        .map(|(i, (client, seat))| tokio::spawn(play(client, seat, i as u64 + 1)))
        .collect();
    let mut all = Vec::new();
    for task in tasks {
        all.push(task.await.expect("player task"));
    }
    // Every player saw the same reports, numbered 1, 2, 3, … (each action
    // broadcast once, in order).
    for reports in &all[1..] {
        assert_eq!(reports, &all[0]);
    }
    for (i, r) in all[0].iter().enumerate() {
        assert_eq!(r["seq"], i as u64 + 1);
    }
    let last = all[0].last().expect("reports");
    let outcome = &last["outcome"];
    assert!(!outcome.is_null());
    // Captures go to the partner's pocket (R5), on the other board.
    let captures: Vec<&Value> = all[0].iter().filter(|r| !r["capture"].is_null()).collect();
    assert!(!captures.is_empty(), "the scripted players capture");
    for r in &captures {
        let mover = Seat::from_char(r["seat"].as_str().unwrap().chars().next().unwrap()).unwrap();
        assert_eq!(
            r["capture"]["to"],
            mover.partner().char().to_string().as_str()
        );
    }
    assert!(
        all[0]
            .iter()
            .any(|r| r["uci"].as_str().is_some_and(|u| u.contains('@'))),
        "a captured piece was dropped (R9)"
    );
    // The spectator saw the same game, and a late state frame agrees.
    let mut seen = Vec::new();
    while seen.len() < all[0].len() {
        let frame = spectator.recv().await;
        if frame["type"] == "report" {
            seen.push(frame);
        }
    }
    assert_eq!(seen, all[0]);
    let state = spectator.state().await;
    assert_eq!(state["status"], "over");
    // The state numbers the reports on; its log is the engine's, whose
    // moves are the reported ones (offers fold into the next move's entry).
    assert_eq!(state["seq"], all[0].len());
    let logged: Vec<Value> = state["log"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["kind"] == "move")
        .map(|e| json!([e["seat"], e["uci"], e["at_ms"]]))
        .collect();
    let reported: Vec<Value> = all[0]
        .iter()
        .filter(|r| r["kind"] == "move")
        .map(|r| json!([r["seat"], r["uci"], r["at_ms"]]))
        .collect();
    assert_eq!(logged, reported);
    assert_eq!(state["bfen"], last["bfen"]);
    assert_eq!(&state["outcome"], outcome);
    eprintln!(
        "live game: {} actions, ended: {}",
        all[0].len(),
        outcome["text"]
    );
}
