//! The computer player behind `game.botMove(seat, opts)`: the addon's
//! option checks (`../src/bot.rs`), with the same codes and messages. Every
//! decision is the core's (`bughouse_core::bot::choose`).
//!
//! Where it runs: WebAssembly here has no threads, so `_botMove` searches on
//! the caller's thread; `botMoveAsync` (the JS layer, `bot-worker.mjs`)
//! runs it in a Web Worker (a worker thread in Node) on a copy of the game,
//! so the page stays responsive. The core's search needs about 600 KiB of
//! stack: build.mjs links with an 8 MiB WebAssembly stack.

use bughouse_core as core;
use wasm_bindgen::prelude::*;

use crate::convert::{self, MAX_SAFE_INTEGER, type_name};
use crate::error::{self, Code, Result};
use crate::game::Game;

const _: () = assert!(core::bot::SearchLimits::DEFAULT_NODES == 25_000);

#[derive(Copy, Clone, Debug)]
struct BotCall {
    limits: core::bot::SearchLimits,
    play: bool,
    at_ms: Option<u64>,
}

/// A field of `opts`; `null` reads as absent.
fn field(obj: &JsValue, name: &str) -> Result<Option<JsValue>> {
    let value = convert::field(obj, name)?;
    Ok((!convert::absent(&value)).then_some(value))
}

fn integer(obj: &JsValue, name: &str, min: u64, default: u64) -> Result<u64> {
    match field(obj, name)? {
        None => Ok(default),
        Some(v) => match v.as_f64() {
            Some(n) if n.fract() == 0.0 && (min as f64..=MAX_SAFE_INTEGER).contains(&n) => {
                Ok(n as u64)
            }
            Some(n) => Err(error::error(
                Code::OutOfRange,
                format!(
                    "opts.{name} must be an integer from {min} to {}, got {n}",
                    MAX_SAFE_INTEGER as u64
                ),
            )),
            None => Err(error::error(
                Code::InvalidArgValue,
                format!("opts.{name} must be a number, got {}", type_name(&v)),
            )),
        },
    }
}

fn parse_options(opts: &JsValue) -> Result<BotCall> {
    if convert::absent(opts) {
        return Ok(BotCall {
            limits: core::bot::SearchLimits::default(),
            play: false,
            at_ms: None,
        });
    }
    if !opts.is_object() || opts.is_function() {
        return Err(error::error(
            Code::InvalidArgValue,
            format!(
                "opts must be an object {{ nodes, seed, play, atMs }}, got {}",
                type_name(opts)
            ),
        ));
    }
    let nodes = integer(opts, "nodes", 1, core::bot::SearchLimits::DEFAULT_NODES)?;
    let seed = integer(opts, "seed", 0, 0)?;
    let play = match field(opts, "play")? {
        None => false,
        Some(v) => v.as_bool().ok_or_else(|| {
            error::error(
                Code::InvalidArgValue,
                format!("opts.play must be a boolean, got {}", type_name(&v)),
            )
        })?,
    };
    let at_ms = match field(opts, "atMs")? {
        None => None,
        Some(v) => match v.as_f64() {
            Some(ms) => Some(convert::timestamp("opts.atMs", ms)?),
            None => {
                return Err(error::error(
                    Code::InvalidArgValue,
                    format!("opts.atMs must be a number, got {}", type_name(&v)),
                ));
            }
        },
    };
    if at_ms.is_some() && !play {
        return Err(error::error(
            Code::InvalidArgValue,
            "opts.atMs is the time of the move played with play: true; without play nothing is played",
        ));
    }
    Ok(BotCall {
        limits: core::bot::SearchLimits::nodes(nodes).with_seed(seed),
        play,
        at_ms,
    })
}

impl Game {
    /// The checks of a bot call, in the addon's order.
    fn bot_call(&self, seat: &JsValue, opts: &JsValue) -> Result<(core::Seat, BotCall)> {
        let seat = self.acting_seat(seat)?;
        let call = parse_options(opts)?;
        if !self.inner.is_turn_of(seat) {
            return Err(error::game(core::GameError::NotYourTurn { seat }));
        }
        Ok((seat, call))
    }
}

#[wasm_bindgen]
impl Game {
    /// Behind `botMove`: checks the call, searches, plays with `play: true`.
    /// `null` for a sit or a seat that has no move; a sit is played too.
    #[wasm_bindgen(js_name = "_botMove")]
    pub fn bot_move(&mut self, seat: JsValue, opts: JsValue) -> Result<JsValue> {
        let (seat, call) = self.bot_call(&seat, &opts)?;
        let mut tt = core::bot::TranspositionTable::from_storage(vec![
            core::bot::TableEntry::EMPTY;
            core::bot::DEFAULT_TT_ENTRIES
        ]);
        let Some(action) = core::bot::choose(&self.inner, seat, &call.limits, &mut tt) else {
            return Ok(JsValue::NULL);
        };
        if call.play {
            action
                .apply(&mut self.inner, seat, call.at_ms)
                .map_err(error::game)?;
        }
        Ok(convert::nullable(match action {
            core::bot::BotAction::Move(m) => Some(convert::uci(m)),
            core::bot::BotAction::Sit => None,
        }))
    }

    /// Behind `botMoveAsync`: the checks of the call only (the search runs
    /// in a worker); returns the seat's board letter.
    #[wasm_bindgen(js_name = "_botCheck")]
    pub fn bot_check(&self, seat: JsValue, opts: JsValue) -> Result<()> {
        self.bot_call(&seat, &opts).map(|_| ())
    }

    /// The worker's search: the action for `seat` as UCI, `'sit'`, or
    /// `null`, without playing it.
    #[wasm_bindgen(js_name = "_botSearch")]
    pub fn bot_search(&self, seat: JsValue, opts: JsValue) -> Result<JsValue> {
        let (seat, call) = self.bot_call(&seat, &opts)?;
        let mut tt = core::bot::TranspositionTable::from_storage(vec![
            core::bot::TableEntry::EMPTY;
            core::bot::DEFAULT_TT_ENTRIES
        ]);
        Ok(convert::nullable(
            core::bot::choose(&self.inner, seat, &call.limits, &mut tt).map(|a| match a {
                core::bot::BotAction::Move(m) => convert::uci(m),
                core::bot::BotAction::Sit => "sit".to_owned(),
            }),
        ))
    }
}
