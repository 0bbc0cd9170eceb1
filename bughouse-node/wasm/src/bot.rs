//! The computer player behind `game.botMove(seat, opts)` and a lone
//! board's `board.botMove(opts)`: the addon's
//! option checks (`../src/bot.rs`), with the same codes and messages. Every
//! decision is the core's (`bughouse_core::bot::choose`).
//!
//! Where it runs: WebAssembly here has no threads, so `_botMove` searches on
//! the caller's thread; `botMoveAsync` (the JS layer, `bot-worker.mjs`)
//! runs it in a Web Worker (a worker thread in Node) on a copy of the game,
//! so the page stays responsive. The core's search needs about 600 KiB of
//! stack: build.mjs links with an 8 MiB WebAssembly stack.

use bughouse_core as core;
use bughouse_js::options::BotCall;
use wasm_bindgen::prelude::*;

use crate::board::Board;
use crate::convert;
use crate::error::{Js, Result};
use crate::game::Game;

const _: () = assert!(core::bot::SearchLimits::DEFAULT_NODES == 25_000);

/// Milliseconds from a clock of the page (`Date.now()`: WebAssembly here
/// has no clock of its own; in a worker it is the worker's).
fn now() -> std::time::Duration {
    std::time::Duration::from_secs_f64(js_sys::Date::now() / 1000.0)
}

/// Runs `decide` with a fresh table (on the heap) and, with `timeMs`, the
/// call's time (the core's time plan).
fn search(
    call: &BotCall,
    decide: impl FnOnce(
        &core::bot::SearchControl<'_>,
        &mut core::bot::TranspositionTable<Vec<core::bot::TableEntry>, Vec<core::bot::HistoryCell>>,
    ) -> Option<core::bot::Decision>,
) -> Option<core::bot::Decision> {
    let mut tt = core::bot::TranspositionTable::from_storage(vec![
        core::bot::TableEntry::EMPTY;
        core::bot::DEFAULT_TT_ENTRIES
    ])
    .with_history(vec![
        core::bot::HistoryCell::EMPTY;
        core::bot::HISTORY_CELLS
    ]);
    let start = now();
    let clock = move || now().saturating_sub(start);
    let mut control = core::bot::SearchControl::new();
    if let Some(ms) = call.time_ms {
        control = control.with_time(
            &clock,
            core::bot::TimePlan::fixed(std::time::Duration::from_millis(ms)),
        );
    }
    decide(&control, &mut tt)
}

/// Searches `game` for `seat` within the call's limits.
fn search_game(
    game: &core::Game,
    seat: core::Seat,
    call: &BotCall,
) -> Option<core::bot::BotAction> {
    search(call, |control, tt| {
        core::bot::decide_with(game, seat, &call.limits, control, tt)
    })
    .map(|d| d.action)
}

/// Searches a lone `board` within the call's limits (the core's
/// `decide_board`: it never sits there).
fn search_board(board: &core::Board, call: &BotCall) -> Option<core::Move> {
    search(call, |control, tt| {
        core::bot::decide_board(board, &call.limits, control, tt)
    })
    .and_then(|d| d.action.as_move())
}

impl Game {
    /// The checks of a bot call, in the addon's order: the game is on and
    /// the seat known (F12), the options, then the seat's turn.
    fn bot_call(&self, seat: &JsValue, opts: &JsValue) -> Result<(core::Seat, BotCall)> {
        let seat = convert::string(seat, "Game.botMove: argument 1")?;
        let seat = self
            .inner
            .acting_seat(&seat)
            .map_err(bughouse_js::error::game)
            .js()?;
        let call = bughouse_js::options::bot(&convert::value_of(opts)?).js()?;
        if !self.inner.is_turn_of(seat) {
            return Err(bughouse_js::error::game(core::GameError::NotYourTurn {
                seat,
            }))
            .js();
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
        let Some(action) = search_game(&self.inner, seat, &call) else {
            return Ok(JsValue::NULL);
        };
        if call.play {
            action
                .apply(&mut self.inner, seat, call.at_ms)
                .map_err(bughouse_js::error::game)
                .js()?;
        }
        Ok(convert::nullable(action.as_move().map(convert::uci)))
    }

    /// Behind `botMoveAsync`: the checks of the call only (the search runs
    /// in a worker).
    #[wasm_bindgen(js_name = "_botCheck")]
    pub fn bot_check(&self, seat: JsValue, opts: JsValue) -> Result<()> {
        self.bot_call(&seat, &opts).map(|_| ())
    }

    /// The worker's search: the action for `seat` as UCI, `'sit'`, or
    /// `null`, without playing it.
    #[wasm_bindgen(js_name = "_botSearch")]
    pub fn bot_search(&self, seat: JsValue, opts: JsValue) -> Result<JsValue> {
        let (seat, call) = self.bot_call(&seat, &opts)?;
        Ok(convert::nullable(
            search_game(&self.inner, seat, &call).map(convert::action_text),
        ))
    }
}

/// A lone board's options (`{ nodes, seed, timeMs, play }`), read as the
/// addon reads them.
fn board_call(opts: &JsValue) -> Result<BotCall> {
    bughouse_js::options::board_bot(&convert::value_of(opts)?).js()
}

#[wasm_bindgen]
impl Board {
    /// Behind `board.botMove`: checks the options, searches, pushes the
    /// move with `play: true`. `null` when the side to move has none.
    #[wasm_bindgen(js_name = "_botMove")]
    pub fn bot_move(&mut self, opts: JsValue) -> Result<JsValue> {
        let call = board_call(&opts)?;
        let Some(m) = search_board(&self.played.inner, &call) else {
            return Ok(JsValue::NULL);
        };
        if call.play {
            self.played.play(m).js()?;
        }
        Ok(convert::nullable(Some(convert::uci(m))))
    }

    /// Behind `board.botMoveAsync`: the checks of the options only (the
    /// search runs in a worker).
    #[wasm_bindgen(js_name = "_botCheck")]
    pub fn bot_check(&self, opts: JsValue) -> Result<()> {
        board_call(&opts).map(|_| ())
    }

    /// The worker's search: the move as UCI, or `null`, without playing it.
    #[wasm_bindgen(js_name = "_botSearch")]
    pub fn bot_search(&self, opts: JsValue) -> Result<JsValue> {
        let call = board_call(&opts)?;
        Ok(convert::nullable(
            search_board(&self.played.inner, &call).map(convert::uci),
        ))
    }

    /// Whether the board is in the crazyhouse flavour: what a worker needs,
    /// with `fen()`, to rebuild it for `botMoveAsync`.
    #[wasm_bindgen(js_name = "_isCrazyhouse")]
    pub fn is_crazyhouse(&self) -> bool {
        self.played.inner.flavour() == core::Flavour::Crazyhouse
    }
}
