//! Seats: the computer in empty seats, after a leave and after a lost
//! connection's grace period; reconnect with a token; draws by agreement
//! among the humans (R30); the turn-based game with sits (R22–R24).

mod common;

use common::{Client, Server, TempDb};
use serde_json::{Value, json};

fn holder(frame: &Value, seat: &str) -> String {
    frame["seats"]
        .as_array()
        .expect("seats")
        .iter()
        .find(|s| s["seat"] == seat)
        .expect("seat")["holder"]
        .as_str()
        .expect("holder")
        .to_string()
}

async fn report_by(client: &mut Client, seat: &str) -> Value {
    let frame = client
        .until(|f| (f["type"] == "report" && f["seat"] == seat) || f["type"] == "error")
        .await;
    assert_eq!(frame["type"], "report", "{frame}");
    frame
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_computer_plays_a_seat_after_a_leave_and_after_the_grace_period() {
    let db = TempDb::new("seats");
    let server = Server::start(&db.path(), &["--grace-ms", "300"]);
    let mut host = server.client().await;
    let table = host
        .create(json!({"base_ms": 600_000, "bot_nodes": 300, "bot_delay_ms": 20}))
        .await;
    let mut clients = Vec::new();
    let mut tokens = Vec::new();
    for seat in ["A", "a", "B", "b"] {
        let mut c = server.client().await;
        tokens.push(c.join(table, seat).await);
        clients.push(c);
    }
    let [mut a_white, mut a_black, mut b_white, b_black] =
        <[Client; 4]>::try_from(clients).ok().unwrap();
    a_white.send(json!({"type": "move", "move": "e4"})).await;
    report_by(&mut a_black, "A").await;

    // A-White leaves: the computer plays on for it.
    a_white.send(json!({"type": "leave"})).await;
    let left = a_white.expect("left").await;
    assert_eq!(left["seat"], "A");
    let seats = a_black
        .until(|f| f["type"] == "seats" && holder(f, "A") == "computer")
        .await;
    assert_eq!(holder(&seats, "a"), "human");
    a_black.send(json!({"type": "move", "move": "e5"})).await;
    let by_computer = report_by(&mut a_black, "A").await;
    assert_eq!(by_computer["kind"], "move");
    // The one who left holds no seat any more.
    a_white.send(json!({"type": "move", "move": "d4"})).await;
    let refused = a_white.expect("error").await;
    assert_eq!(refused["code"], "ERR_NOT_SEATED");

    // B-Black's connection drops: after the grace period the computer
    // takes the seat, and answers B-White's moves.
    let b_black_token = tokens[3].clone();
    drop(b_black);
    b_white
        .until(|f| f["type"] == "seats" && holder(f, "b") == "computer")
        .await;
    b_white.send(json!({"type": "move", "move": "d4"})).await;
    report_by(&mut b_white, "b").await;

    // B-Black comes back with its token and plays its seat again.
    let mut back = server.client().await;
    back.send(json!({"type": "reconnect", "table": table, "token": "0".repeat(32)}))
        .await;
    assert_eq!(back.expect("error").await["code"], "ERR_BAD_TOKEN");
    back.send(json!({"type": "reconnect", "table": table, "token": b_black_token}))
        .await;
    let joined = back.expect("joined").await;
    assert_eq!(joined["seat"], "b");
    let state = back.expect("state").await;
    assert_eq!(state["you"], "b");
    assert_eq!(holder(&state, "b"), "human");
    // Play B-White until it is B-Black's turn with the human back.
    let mut state = back.state().await;
    loop {
        let bfen = state["bfen"].as_str().unwrap().to_string();
        let board_b = bfen.split('|').nth(1).unwrap().trim();
        let black_to_move = board_b.split(' ').nth(1) == Some("b");
        if black_to_move {
            break;
        }
        // White on B is a human too: make a quiet move.
        let legal = board_b
            .parse::<bughouse_core::Board>()
            .unwrap()
            .legal_moves();
        b_white
            .send(json!({"type": "move", "move": legal[0].to_string()}))
            .await;
        report_by(&mut b_white, "B").await;
        state = report_by(&mut back, "B").await;
    }
    let board_b: bughouse_core::Board = state["bfen"]
        .as_str()
        .unwrap()
        .split('|')
        .nth(1)
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    let reply = board_b.legal_moves()[0].to_string();
    back.send(json!({"type": "move", "move": reply})).await;
    let mine = report_by(&mut back, "b").await;
    assert_eq!(
        mine["uci"],
        reply.as_str(),
        "the human's move, not the computer's"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn humans_who_stayed_agree_a_draw_and_computer_seats_cannot_offer() {
    let db = TempDb::new("draw");
    let server = Server::start(&db.path(), &[]);
    let mut host = server.client().await;
    // The computer waits a minute per decision: nobody moves during the test.
    let table = host.create(json!({"bot_delay_ms": 60_000})).await;
    let mut clients = Vec::new();
    for seat in ["A", "a", "B", "b"] {
        let mut c = server.client().await;
        c.join(table, seat).await;
        clients.push(c);
    }
    // b leaves: the computer takes b.
    clients[3].send(json!({"type": "leave"})).await;
    clients[3].expect("left").await;
    for c in &mut clients[..3] {
        c.send(json!({"type": "offer_draw"})).await;
    }
    // The third offer completes the agreement of the humans who stayed;
    // the computer, standing in for the human who left, agrees (R30).
    let end = clients[0]
        .until(|f| f["type"] == "report" && !f["outcome"].is_null())
        .await;
    assert_eq!(end["outcome"]["reason"], "agreement");
    assert_eq!(end["kind"], "offer_draw");
    assert_eq!(end["seat"], "b");
    assert_eq!(end["outcome"]["winner"], Value::Null);

    // A table whose game started with one human: offers are the human's
    // alone, and a withdrawn offer stands no more.
    let solo = host.create(json!({"bot_delay_ms": 60_000})).await;
    let mut human = server.client().await;
    human.join(solo, "a").await;
    human.send(json!({"type": "start"})).await;
    let state = human
        .until(|f| f["type"] == "state" && f["status"] == "running")
        .await;
    assert_eq!(state["humans"], "a");
    assert_eq!(holder(&state, "A"), "computer");
    human.send(json!({"type": "offer_draw"})).await;
    let over = human.until(|f| f["type"] == "report").await;
    assert_eq!(
        over["outcome"]["reason"], "agreement",
        "one human agrees alone (R30)"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_human_and_three_computers_play_turn_based_with_a_sit() {
    let db = TempDb::new("turn");
    let server = Server::start(&db.path(), &[]);
    let mut host = server.client().await;
    let table = host
        .create(json!({"mode": "turn_based", "bot_nodes": 200, "bot_delay_ms": 5, "move_cap": 60}))
        .await;
    let mut human = server.client().await;
    human.join(table, "A").await;
    // A move before the start is refused.
    human.send(json!({"type": "move", "move": "e4"})).await;
    assert_eq!(human.expect("error").await["code"], "ERR_NOT_STARTED");
    // The lobby lists it, waiting, with its one human.
    host.send(json!({"type": "list"})).await;
    let list = host.expect("tables").await;
    let listed = list["tables"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["table"] == table)
        .expect("the table is listed")
        .clone();
    assert_eq!(listed["status"], "waiting");
    assert_eq!(listed["settings"]["mode"], "turn_based");
    assert_eq!(holder(&listed, "A"), "human");
    assert_eq!(holder(&listed, "a"), "empty");
    human.send(json!({"type": "start"})).await;
    let mut frame = human
        .until(|f| f["type"] == "state" && f["status"] == "running")
        .await;
    assert!(
        frame["clocks"].is_null(),
        "no clocks in the turn-based game (R26)"
    );
    let mut sat = false;
    let mut own = 0;
    let mut others = 0;
    loop {
        if !frame["outcome"].is_null() {
            break;
        }
        if frame["to_act"] == "A" {
            let fen = frame["bfen"]
                .as_str()
                .unwrap()
                .split('|')
                .next()
                .unwrap()
                .trim()
                .to_string();
            if !sat && frame["moves_played"].as_u64().unwrap() > 4 {
                human.send(json!({"type": "sit"})).await;
                sat = true;
            } else {
                let board: bughouse_core::Board = fen.parse().unwrap();
                let legal = board.legal_moves();
                human
                    .send(json!({"type": "move", "move": legal[own % legal.len()].to_string()}))
                    .await;
            }
        }
        frame = human
            .until(|f| f["type"] == "report" || f["type"] == "error")
            .await;
        assert_eq!(frame["type"], "report", "{frame}");
        if frame["seat"] == "A" {
            own += 1;
        } else {
            others += 1;
        }
        if frame["kind"] == "sit" {
            // The human sat once; a computer seat may sit too (R24: the bot
            // sits when its search finds waiting better than any move).
            let seat = frame["seat"].as_str().unwrap();
            let left = frame["sits_left"][seat].as_u64().unwrap();
            if seat == "A" {
                assert_eq!(left, 2, "three sits each (R24)");
            } else {
                assert!(left < 3, "a sit is counted (R24): {frame}");
            }
        }
    }
    assert!(sat, "the human sat once");
    assert!(own >= 5 && others >= 15, "own {own}, computers {others}");
    assert_eq!(
        frame["outcome"]["rule"]
            .as_str()
            .map(|r| r.starts_with('R')),
        Some(true)
    );
}
