//! The table of bad calls (tests/data/bad_calls.json) through the core: each
//! gives its stable error code and changes nothing. The Python and Node
//! packages run the same table and must give the same codes.

use bughouse_core::{
    Board, ErrorCode, Flavour, Game, GameError, GameSettings, Mode, Seat, SetupError, TimeControl,
    game::{check_move_cap, parse_humans},
};
use serde_json::Value;

fn settings(spec: &Value) -> Result<GameSettings, ErrorCode> {
    let mode = match spec.get("mode") {
        Some(m) => Mode::from_name(m.as_str().unwrap()).map_err(|e| e.code())?,
        None => Mode::Live,
    };
    let mut settings = GameSettings::of_mode(mode);
    match spec.get("time_control") {
        None => {}
        Some(Value::Null) => settings.time_control = None,
        // As the bindings read a person's setting: the core's
        // `from_setting`, which refuses an ambiguous base under a minute.
        Some(tc) => {
            let tc = TimeControl::from_setting(tc.as_str().unwrap()).map_err(|e| e.code())?;
            settings.time_control = Some(tc);
        }
    }
    if let Some(h) = spec.get("humans") {
        settings.humans = parse_humans(h.as_str().unwrap()).map_err(|e| e.code())?;
    }
    if let Some(cap) = spec.get("move_cap") {
        settings.move_cap = check_move_cap(cap.as_u64().unwrap()).map_err(|e| e.code())?;
    }
    Ok(settings)
}

fn new_game(spec: &Value) -> Result<Game, ErrorCode> {
    let settings = settings(spec)?;
    match spec.get("bfen") {
        Some(bfen) => Game::from_bfen(bfen.as_str().unwrap(), settings),
        None => Game::new(settings),
    }
    .map_err(|e: SetupError| e.code())
}

fn at(v: &Value) -> Option<u64> {
    v.as_u64()
}

/// One call: `Ok` if accepted, else the error's code.
fn call(game: &mut Game, c: &[Value]) -> Result<(), ErrorCode> {
    let s = |i: usize| c[i].as_str().unwrap();
    let seat = |g: &Game, i: usize| -> Result<Seat, ErrorCode> {
        g.acting_seat(s(i)).map_err(|e| e.code())
    };
    let code = |e: GameError| e.code();
    match s(0) {
        "push" => {
            let seat = seat(game, 1)?;
            game.play_text(seat, s(2), at(&c[3]))
                .map(drop)
                .map_err(code)
        }
        "sit" => {
            let seat = seat(game, 1)?;
            game.sit(seat).map(drop).map_err(code)
        }
        "tick" => {
            game.ensure_open().map_err(code)?;
            game.tick(c[1].as_u64().unwrap()).map(drop).map_err(code)
        }
        "resign" => {
            let seat = seat(game, 1)?;
            game.resign(seat, at(&c[2])).map(drop).map_err(code)
        }
        "abandon" => {
            let seat = seat(game, 1)?;
            game.abandon(seat, at(&c[2])).map(drop).map_err(code)
        }
        "offer_draw" => {
            let seat = seat(game, 1)?;
            game.offer_draw(seat).map(drop).map_err(code)
        }
        "withdraw_draw" => {
            let seat = seat(game, 1)?;
            game.withdraw_draw(seat).map(drop).map_err(code)
        }
        "board" => Board::from_fen(s(1), Flavour::Bughouse)
            .map(drop)
            .map_err(|e| e.code()),
        "board_san" => {
            let mut board = Board::from_fen(s(1), Flavour::Bughouse).map_err(|e| e.code())?;
            let before = board;
            let m = board.parse_san(s(2)).map_err(|e| e.code());
            assert_eq!(board, before);
            board.play(m?).map(drop).map_err(|e| e.code())
        }
        other => panic!("unknown call {other}"),
    }
}

#[test]
fn bad_calls_give_their_codes_and_change_nothing() {
    let table: Value =
        serde_json::from_str(include_str!("data/bad_calls.json")).expect("the table is JSON");
    let cases = table["cases"].as_array().unwrap();
    assert!(cases.len() >= 30);
    let mut codes = std::collections::BTreeSet::new();
    for case in cases {
        let name = case["name"].as_str().unwrap();
        let expected = case["code"].as_str().unwrap();
        let spec = case.get("game").cloned().unwrap_or(Value::Null);
        let spec = if spec.is_null() {
            serde_json::json!({})
        } else {
            spec
        };
        let c = case["call"].as_array().unwrap();
        let got = if c[0] == "new" {
            new_game(&spec).map(drop)
        } else {
            let mut game = new_game(&spec).unwrap_or_else(|e| panic!("{name}: setup {e}"));
            for b in case
                .get("before")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                call(&mut game, b.as_array().unwrap())
                    .unwrap_or_else(|e| panic!("{name}: {b} refused with {e}"));
            }
            let before = game.clone();
            let got = call(&mut game, c);
            // A refused action changes nothing, except a flag found fallen
            // (F2), which ends the game at its time.
            if expected != "ERR_GAME_OVER" || before.is_over() {
                assert!(game == before, "{name}: the refused call changed the game");
            }
            got
        };
        assert_eq!(got.map_err(|e| e.as_str()), Err(expected), "{name}");
        codes.insert(expected);
    }
    // Every code the core gives is in the table.
    for code in ErrorCode::ALL {
        if code != ErrorCode::InvalidBpgn {
            assert!(codes.contains(code.as_str()), "no case gives {code}");
        }
    }
}
