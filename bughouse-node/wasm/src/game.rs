//! `Game`: the match, two boards and four seats; the addon's `Game`
//! (`../src/game.rs`) method for method, both over the shared layer
//! (`bughouse_js`): the checks, codes, messages and shapes are written once
//! there. Every rule is the core's.

use bughouse_core as core;
use bughouse_js::Out;
use bughouse_js::shapes::{self, Reported};
use wasm_bindgen::prelude::*;

use crate::board::Board;
use crate::convert::{self, seat_text};
use crate::error::{Js, Result};

/// A bughouse match: two boards, four seats, two teams (R1, R2).
#[wasm_bindgen]
#[derive(Debug, Clone)]
pub struct Game {
    /// Boxed: a core game is about 65 KiB (its fixed-capacity history).
    pub(crate) inner: Box<core::Game>,
    /// The core's report of the last accepted action and the state after
    /// it (`game.report`).
    last: Option<Reported>,
}

impl Game {
    /// Wraps a core game.
    pub(crate) fn from_core(inner: Box<core::Game>) -> Game {
        Game { inner, last: None }
    }

    /// Runs one action and keeps its report, with the state after it
    /// (`game.report`).
    fn act(
        &mut self,
        f: impl FnOnce(&mut core::Game) -> bughouse_js::Result<core::Report>,
    ) -> Result<core::Report> {
        let report = f(&mut self.inner).js()?;
        self.last = Some(Reported::of(&self.inner, report));
        Ok(report)
    }

    /// A seat argument, read as a letter (R1); `call` names the call for
    /// a wrong type.
    fn seat(&self, seat: &JsValue, call: &str) -> Result<core::Seat> {
        convert::parse_seat(seat, &format!("Game.{call}: argument 1"))
    }
}

#[wasm_bindgen]
impl Game {
    /// A new game from the standard start (R4) or a BFEN.
    #[wasm_bindgen(constructor)]
    pub fn new(opts: JsValue) -> Result<Game> {
        let opts = bughouse_js::options::game_options(&convert::value_of(&opts)?).js()?;
        let game = bughouse_js::options::build(opts.settings, opts.bfen.as_deref()).js()?;
        Ok(Game::from_core(Box::new(game)))
    }

    /// Rebuilds a game from `toJSON()`'s object with the core's restore.
    #[wasm_bindgen(js_name = "fromJSON")]
    pub fn from_json(json: JsValue) -> Result<Game> {
        let game = shapes::game_from_json(&convert::value_of(&json)?).js()?;
        Ok(Game::from_core(Box::new(game)))
    }

    /// A game restored from BPGN the engine wrote (see the addon's).
    #[wasm_bindgen(js_name = "fromBpgn")]
    pub fn from_bpgn(text: JsValue) -> Result<Game> {
        let bytes = if let Some(text) = text.as_string() {
            text.into_bytes()
        } else if let Some(bytes) = text.dyn_ref::<js_sys::Uint8Array>() {
            bytes.to_vec()
        } else {
            return Err(crate::error::js(bughouse_js::error::invalid_type(
                "Game.fromBpgn: text",
                "a string or a Uint8Array",
                convert::type_name(&text),
            )));
        };
        let game = bughouse_js::game::from_bpgn(&bytes).js()?;
        Ok(Game::from_core(Box::new(game)))
    }

    /// A copy of one board, `'A'` or `'B'`, as a `Board`.
    pub fn board(&self, board: JsValue) -> Result<Board> {
        let id = bughouse_js::args::board_id(&convert::string(&board, "Game.board: argument 1")?)
            .js()?;
        Ok(Board::from_core(*self.inner.board(id)))
    }

    /// Both boards as BFEN (N2).
    pub fn bfen(&self) -> String {
        self.inner.bfen().to_string()
    }

    /// The legal moves of `seat` as move codes (behind `legalMoves(seat)`).
    #[wasm_bindgen(js_name = "_legalMoveCodes")]
    pub fn legal_move_codes(&self, seat: JsValue) -> Result<u32> {
        let seat = self.seat(&seat, "legalMoves")?;
        Ok(convert::write_move_codes(&self.inner.legal_moves(seat)))
    }

    /// Plays a move or drop for `seat` at `atMs`, and returns its UCI.
    pub fn push(&mut self, seat: JsValue, text: JsValue, at_ms: JsValue) -> Result<String> {
        let seat = seat_text(&seat, "Game.push: argument 1")?;
        // F12's order: the game is on and the seat known before the
        // other arguments are read.
        self.inner
            .acting_seat(&seat)
            .map_err(bughouse_js::error::game)
            .js()?;
        let at_ms = convert::opt_number(&at_ms, "Game.push: argument 3")?;
        let text = convert::string(&text, "Game.push: argument 2")?;
        let report = self.act(|g| bughouse_js::game::push(g, &seat, &text, at_ms))?;
        Ok(report
            .action
            .as_move()
            .map(convert::uci)
            .unwrap_or_default())
    }

    /// Turn-based game: the seat whose turn it is (F5), else `null`.
    #[wasm_bindgen(getter, js_name = "toAct")]
    pub fn to_act(&self) -> JsValue {
        convert::nullable(self.inner.to_act().map(bughouse_js::args::seat_str))
    }

    /// Turn-based game: `seat` sits instead of moving (R24).
    pub fn sit(&mut self, seat: JsValue) -> Result<JsValue> {
        let seat = seat_text(&seat, "Game.sit: argument 1")?;
        let report = self.act(|g| bughouse_js::game::sit(g, &seat))?;
        Ok(convert::out(&shapes::maybe_outcome(report.outcome())))
    }

    /// How many sits `seat` has left (R24).
    #[wasm_bindgen(js_name = "sitsLeft")]
    pub fn sits_left(&self, seat: JsValue) -> Result<u32> {
        Ok(u32::from(
            self.inner.sits_left(self.seat(&seat, "sitsLeft")?),
        ))
    }

    /// Whether `seat` may sit now (R24).
    #[wasm_bindgen(js_name = "canSit")]
    pub fn can_sit(&self, seat: JsValue) -> Result<bool> {
        Ok(self.inner.can_sit(self.seat(&seat, "canSit")?))
    }

    /// Whether `seat` may move now.
    #[wasm_bindgen(js_name = "isTurnOf")]
    pub fn is_turn_of(&self, seat: JsValue) -> Result<bool> {
        Ok(self.inner.is_turn_of(self.seat(&seat, "isTurnOf")?))
    }

    /// Live game: checks the clocks at `atMs` (R21, F2).
    pub fn tick(&mut self, at_ms: JsValue) -> Result<JsValue> {
        self.inner
            .ensure_open()
            .map_err(bughouse_js::error::game)
            .js()?;
        let at_ms = convert::number(&at_ms, "Game.tick: argument 1")?;
        let report = self.act(|g| bughouse_js::game::tick(g, at_ms))?;
        Ok(convert::out(&shapes::maybe_outcome(report.outcome())))
    }

    /// `seat` resigns (R29, F10).
    pub fn resign(&mut self, seat: JsValue, at_ms: JsValue) -> Result<JsValue> {
        let seat = seat_text(&seat, "Game.resign: argument 1")?;
        self.inner
            .acting_seat(&seat)
            .map_err(bughouse_js::error::game)
            .js()?;
        let at_ms = convert::opt_number(&at_ms, "Game.resign: argument 2")?;
        let report = self.act(|g| bughouse_js::game::resign(g, &seat, at_ms))?;
        let ending = bughouse_js::game::ending(&report).js()?;
        Ok(convert::out(&shapes::outcome(ending)))
    }

    /// `seat` leaves the game (R29, F10).
    pub fn abandon(&mut self, seat: JsValue, at_ms: JsValue) -> Result<JsValue> {
        let seat = seat_text(&seat, "Game.abandon: argument 1")?;
        self.inner
            .acting_seat(&seat)
            .map_err(bughouse_js::error::game)
            .js()?;
        let at_ms = convert::opt_number(&at_ms, "Game.abandon: argument 2")?;
        let report = self.act(|g| bughouse_js::game::abandon(g, &seat, at_ms))?;
        let ending = bughouse_js::game::ending(&report).js()?;
        Ok(convert::out(&shapes::outcome(ending)))
    }

    /// A human seat offers a draw (R30, F11).
    #[wasm_bindgen(js_name = "offerDraw")]
    pub fn offer_draw(&mut self, seat: JsValue) -> Result<JsValue> {
        let seat = seat_text(&seat, "Game.offerDraw: argument 1")?;
        let report = self.act(|g| bughouse_js::game::offer_draw(g, &seat))?;
        Ok(convert::out(&shapes::maybe_outcome(report.outcome())))
    }

    /// Withdraws `seat`'s standing draw offer, if any (R30).
    #[wasm_bindgen(js_name = "withdrawDraw")]
    pub fn withdraw_draw(&mut self, seat: JsValue) -> Result<()> {
        let seat = seat_text(&seat, "Game.withdrawDraw: argument 1")?;
        self.act(|g| bughouse_js::game::withdraw_draw(g, &seat))
            .map(drop)
    }

    /// The seats with a standing draw offer, in the order `A a B b`.
    #[wasm_bindgen(js_name = "drawOffers")]
    pub fn draw_offers(&self) -> JsValue {
        convert::out(&shapes::seats(self.inner.draw_offers()))
    }

    /// Milliseconds left on `seat`'s clock, or `null` without clocks.
    pub fn clock(&self, seat: JsValue, at_ms: JsValue) -> Result<JsValue> {
        let seat = seat_text(&seat, "Game.clock: argument 1")?;
        let at_ms = convert::opt_number(&at_ms, "Game.clock: argument 2")?;
        let ms = bughouse_js::game::clock(&self.inner, &seat, at_ms).js()?;
        Ok(convert::nullable(ms.map(bughouse_js::args::ms_number)))
    }

    /// `seat`'s pocket (R3).
    pub fn pocket(&self, seat: JsValue) -> Result<JsValue> {
        let seat = self.seat(&seat, "pocket")?;
        Ok(convert::out(&shapes::pocket(self.inner.pocket(seat))))
    }

    /// How the game ended, or `null` while it goes on.
    pub fn outcome(&self) -> JsValue {
        convert::out(&shapes::maybe_outcome(self.inner.outcome()))
    }

    /// Whether the game has ended.
    #[wasm_bindgen(js_name = "isOver")]
    pub fn is_over(&self) -> bool {
        self.inner.is_over()
    }

    /// Every move and drop in play order, with its seat; sits left out.
    pub fn moves(&self) -> JsValue {
        convert::out(&shapes::moves(&self.inner))
    }

    /// Every move, drop and sit in play order, with its time and clock.
    pub fn history(&self) -> JsValue {
        convert::out(&shapes::history(&self.inner))
    }

    /// Every accepted action in order, with its time (the core's log).
    pub fn log(&self) -> JsValue {
        convert::out(&shapes::log(&self.inner))
    }

    /// Takes back the last action of the log, exactly; `null` when nothing
    /// was played.
    pub fn undo(&mut self) -> JsValue {
        let undone = self.inner.undo();
        self.last = None;
        convert::out(&undone.as_ref().map_or(Out::Null, shapes::log_entry))
    }

    /// The game as JSON: settings, start BFEN and log.
    #[wasm_bindgen(js_name = "toJSON")]
    pub fn to_json(&self) -> JsValue {
        convert::out(&shapes::game_json(&self.inner))
    }

    /// The core's report of the last accepted action, or `null`.
    #[wasm_bindgen(getter)]
    pub fn report(&self) -> JsValue {
        convert::out(&self.last.as_ref().map_or(Out::Null, shapes::report))
    }

    /// What a front end shows now (the core's `Snapshot`).
    pub fn snapshot(&self) -> JsValue {
        convert::out(&shapes::snapshot(&self.inner.snapshot()))
    }

    /// The game as BPGN (N4), with the caller's tags.
    pub fn bpgn(&self, tags: JsValue) -> Result<String> {
        bughouse_js::options::write_bpgn(&self.inner, &convert::value_of(&tags)?).js()
    }

    /// The game's time (F4), in ms since the start.
    #[wasm_bindgen(getter, js_name = "nowMs")]
    pub fn now_ms(&self) -> f64 {
        bughouse_js::args::ms_number(self.inner.now_ms())
    }

    /// How many moves and drops were made on both boards together (R32, F9).
    #[wasm_bindgen(getter, js_name = "movesPlayed")]
    pub fn moves_played(&self) -> u32 {
        u32::from(self.inner.moves_played())
    }

    /// `'live'` or `'turn'`.
    #[wasm_bindgen(getter)]
    pub fn mode(&self) -> String {
        match self.inner.settings().mode {
            core::Mode::Live => "live".into(),
            core::Mode::TurnBased => "turn".into(),
        }
    }

    /// The time control as `{ baseMs, incrementMs }`, or `null` without clocks.
    #[wasm_bindgen(getter, js_name = "timeControl")]
    pub fn time_control(&self) -> JsValue {
        convert::out(&shapes::time_control(self.inner.settings()))
    }

    /// The human seats as letters, in the order `AaBb`.
    #[wasm_bindgen(getter)]
    pub fn humans(&self) -> String {
        shapes::seat_letters(self.inner.settings().humans)
    }

    /// The move cap (R32).
    #[wasm_bindgen(getter, js_name = "moveCap")]
    pub fn move_cap(&self) -> u32 {
        u32::from(self.inner.settings().move_cap)
    }

    /// An independent copy of the game, history and clocks included.
    pub fn copy(&self) -> Game {
        self.clone()
    }

    /// The start position as BFEN, for the bot worker's replay.
    #[wasm_bindgen(js_name = "_startBfen")]
    pub fn start_bfen(&self) -> String {
        core::bfen::Bfen(self.inner.start_boards()).to_string()
    }
}
