//! `Game`: the match, two boards and four seats; the addon's `Game`
//! (`../src/game.rs`) method for method. Every rule is the core's; the
//! checks before the core sees an action come in the addon's order (F12).

use bughouse_core as core;
use wasm_bindgen::prelude::*;

use crate::board::Board;
use crate::convert::{self, seat_str};
use crate::error::{self, Code, Result};

/// A bughouse match: two boards, four seats, two teams (R1, R2).
#[wasm_bindgen]
#[derive(Debug, Clone)]
pub struct Game {
    /// Boxed: a core game is about 65 KiB (its fixed-capacity history).
    pub(crate) inner: Box<core::Game>,
}

impl Game {
    /// Wraps a core game.
    pub(crate) fn from_core(inner: Box<core::Game>) -> Game {
        Game { inner }
    }

    /// F12 first: the game is on, then a known seat (the core's order).
    pub(crate) fn acting_seat(&self, seat: &JsValue) -> Result<core::Seat> {
        let text = convert::string(seat, "seat")?;
        self.inner.acting_seat(&text).map_err(error::game)
    }
}

fn parse_mode(text: Option<&str>) -> Result<core::Mode> {
    text.map_or(Ok(core::Mode::Live), core::Mode::from_name)
        .map_err(|e| error::core(e.code(), e))
}

fn parse_time_control(text: Option<&str>, mode: core::Mode) -> Result<Option<core::TimeControl>> {
    match text {
        None => Ok(core::GameSettings::of_mode(mode).time_control),
        Some("-") => Ok(None),
        Some(text) => text
            .parse()
            .map(Some)
            .map_err(|e: core::game::TimeControlError| {
                error::core(
                    e.code(),
                    format_args!("{e}, or \"-\", got {}", core::error::Excerpt::of(text)),
                )
            }),
    }
}

fn parse_move_cap(cap: Option<f64>) -> Result<u16> {
    match cap {
        None => Ok(core::game::DEFAULT_MOVE_CAP),
        Some(cap) if cap.fract() == 0.0 && (0.0..=convert::MAX_SAFE_INTEGER).contains(&cap) => {
            core::game::check_move_cap(cap as u64).map_err(|e| error::core(e.code(), e))
        }
        Some(cap) => Err(error::out_of_range(
            "moveCap",
            core::game::MAX_MOVE_CAP,
            cap,
        )),
    }
}

fn check_tag_name(name: &str) -> Result<()> {
    if !name.is_empty() && name.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_') {
        Ok(())
    } else {
        Err(error::invalid_arg(
            "tag name",
            "letters, digits and '_' (BPGN)",
            name,
        ))
    }
}

/// One option of `new Game(opts)`, a string.
fn string_option(obj: &Option<JsValue>, name: &str) -> Result<Option<String>> {
    match obj {
        None => Ok(None),
        Some(obj) => convert::opt_string(&convert::field(obj, name)?, &format!("opts.{name}")),
    }
}

#[wasm_bindgen]
impl Game {
    /// A new game from the standard start (R4) or a BFEN.
    #[wasm_bindgen(constructor)]
    pub fn new(opts: JsValue) -> Result<Game> {
        let obj = convert::opt_object(&opts, "opts")?;
        let mode = parse_mode(string_option(&obj, "mode")?.as_deref())?;
        let time_control =
            parse_time_control(string_option(&obj, "timeControl")?.as_deref(), mode)?;
        let humans = match string_option(&obj, "humans")?.as_deref() {
            None => core::Seats::all(),
            Some(text) => core::game::parse_humans(text).map_err(|e| error::core(e.code(), e))?,
        };
        let bfen = string_option(&obj, "bfen")?;
        let move_cap = match &obj {
            None => None,
            Some(obj) => convert::opt_number(&convert::field(obj, "moveCap")?, "opts.moveCap")?,
        };
        let settings = core::GameSettings {
            mode,
            // The core checks the whole (R26: no time control in the turn-based game).
            time_control,
            humans,
            move_cap: parse_move_cap(move_cap)?,
        };
        let game = match bfen.as_deref() {
            None => core::Game::new(settings),
            Some(bfen) => core::Game::from_bfen(bfen, settings),
        }
        .map_err(error::setup)?;
        Ok(Game::from_core(Box::new(game)))
    }

    /// A copy of one board, `'A'` or `'B'`, as a `Board`.
    pub fn board(&self, board: JsValue) -> Result<Board> {
        let id = convert::parse_board_id(&board)?;
        Ok(Board::from_core(*self.inner.board(id)))
    }

    /// Both boards as BFEN (N2).
    pub fn bfen(&self) -> String {
        self.inner.bfen().to_string()
    }

    /// The legal moves of `seat` as move codes (behind `legalMoves(seat)`).
    #[wasm_bindgen(js_name = "_legalMoveCodes")]
    pub fn legal_move_codes(&self, seat: JsValue) -> Result<u32> {
        let seat = convert::parse_seat(&seat)?;
        Ok(convert::write_move_codes(&self.inner.legal_moves(seat)))
    }

    /// Plays a move or drop for `seat` at `atMs`, and returns its UCI.
    pub fn push(&mut self, seat: JsValue, text: JsValue, at_ms: JsValue) -> Result<String> {
        let seat = self.acting_seat(&seat)?;
        let at_ms = convert::maybe_timestamp("atMs", &at_ms)?;
        let text = convert::string(&text, "move")?;
        let report = self
            .inner
            .play_text(seat, &text, at_ms)
            .map_err(error::game)?;
        Ok(report
            .action
            .as_move()
            .map(convert::uci)
            .unwrap_or_default())
    }

    /// Turn-based game: the seat whose turn it is (F5), else `null`.
    #[wasm_bindgen(getter, js_name = "toAct")]
    pub fn to_act(&self) -> JsValue {
        convert::nullable(self.inner.to_act().map(seat_str))
    }

    /// Turn-based game: `seat` sits instead of moving (R24).
    pub fn sit(&mut self, seat: JsValue) -> Result<JsValue> {
        let seat = self.acting_seat(&seat)?;
        Ok(convert::maybe_outcome(
            self.inner.sit(seat).map_err(error::game)?.outcome(),
        ))
    }

    /// How many sits `seat` has left (R24).
    #[wasm_bindgen(js_name = "sitsLeft")]
    pub fn sits_left(&self, seat: JsValue) -> Result<u32> {
        Ok(u32::from(self.inner.sits_left(convert::parse_seat(&seat)?)))
    }

    /// Whether `seat` may sit now (R24).
    #[wasm_bindgen(js_name = "canSit")]
    pub fn can_sit(&self, seat: JsValue) -> Result<bool> {
        Ok(self.inner.can_sit(convert::parse_seat(&seat)?))
    }

    /// Whether `seat` may move now.
    #[wasm_bindgen(js_name = "isTurnOf")]
    pub fn is_turn_of(&self, seat: JsValue) -> Result<bool> {
        Ok(self.inner.is_turn_of(convert::parse_seat(&seat)?))
    }

    /// Live game: checks the clocks at `atMs` (R21, F2).
    pub fn tick(&mut self, at_ms: JsValue) -> Result<JsValue> {
        self.inner.ensure_open().map_err(error::game)?;
        let at_ms = convert::timestamp("atMs", convert::number(&at_ms, "atMs")?)?;
        Ok(convert::maybe_outcome(
            self.inner.tick(at_ms).map_err(error::game)?.outcome(),
        ))
    }

    /// `seat` resigns (R29, F10).
    pub fn resign(&mut self, seat: JsValue, at_ms: JsValue) -> Result<JsValue> {
        let seat = self.acting_seat(&seat)?;
        let at_ms = convert::maybe_timestamp("atMs", &at_ms)?;
        let report = self.inner.resign(seat, at_ms).map_err(error::game)?;
        report.outcome().map(convert::outcome).ok_or_else(no_ending)
    }

    /// `seat` leaves the game (R29, F10).
    pub fn abandon(&mut self, seat: JsValue, at_ms: JsValue) -> Result<JsValue> {
        let seat = self.acting_seat(&seat)?;
        let at_ms = convert::maybe_timestamp("atMs", &at_ms)?;
        let report = self.inner.abandon(seat, at_ms).map_err(error::game)?;
        report.outcome().map(convert::outcome).ok_or_else(no_ending)
    }

    /// A human seat offers a draw (R30, F11).
    #[wasm_bindgen(js_name = "offerDraw")]
    pub fn offer_draw(&mut self, seat: JsValue) -> Result<JsValue> {
        let seat = self.acting_seat(&seat)?;
        Ok(convert::maybe_outcome(
            self.inner.offer_draw(seat).map_err(error::game)?.outcome(),
        ))
    }

    /// Withdraws `seat`'s standing draw offer, if any (R30).
    #[wasm_bindgen(js_name = "withdrawDraw")]
    pub fn withdraw_draw(&mut self, seat: JsValue) -> Result<()> {
        let seat = self.acting_seat(&seat)?;
        self.inner
            .withdraw_draw(seat)
            .map_err(error::game)
            .map(drop)
    }

    /// The seats with a standing draw offer, in the order `A a B b`.
    #[wasm_bindgen(js_name = "drawOffers")]
    pub fn draw_offers(&self) -> Vec<String> {
        self.inner
            .draw_offers()
            .seats()
            .map(|s| seat_str(s).into())
            .collect()
    }

    /// Milliseconds left on `seat`'s clock, or `null` without clocks.
    pub fn clock(&self, seat: JsValue, at_ms: JsValue) -> Result<JsValue> {
        let seat = convert::parse_seat(&seat)?;
        let ms = match convert::maybe_timestamp("atMs", &at_ms)? {
            None => self.inner.clock_ms(seat),
            Some(at) => self.inner.clock_ms_at(seat, at).map_err(error::game)?,
        };
        Ok(convert::nullable(ms.map(|ms| ms as f64)))
    }

    /// `seat`'s pocket (R3).
    pub fn pocket(&self, seat: JsValue) -> Result<JsValue> {
        Ok(convert::pocket(
            self.inner.pocket(convert::parse_seat(&seat)?),
        ))
    }

    /// How the game ended, or `null` while it goes on.
    pub fn outcome(&self) -> JsValue {
        convert::maybe_outcome(self.inner.outcome())
    }

    /// Whether the game has ended.
    #[wasm_bindgen(js_name = "isOver")]
    pub fn is_over(&self) -> bool {
        self.inner.is_over()
    }

    /// Every move and drop in play order, with its seat; sits left out.
    pub fn moves(&self) -> js_sys::Array {
        self.inner
            .history()
            .filter_map(|a| {
                Some(convert::object(&[
                    ("seat", seat_str(a.seat?).into()),
                    ("move", convert::uci(a.as_move()?).into()),
                ]))
            })
            .collect()
    }

    /// Every move, drop and sit in play order, with its time and clock.
    pub fn history(&self) -> js_sys::Array {
        self.inner
            .history()
            .filter_map(|a| {
                Some(convert::object(&[
                    ("seat", seat_str(a.seat?).into()),
                    ("kind", a.kind.as_str().into()),
                    ("move", convert::nullable(a.as_move().map(convert::uci))),
                    ("atMs", (a.at_ms as f64).into()),
                    ("clockMs", convert::nullable(a.clock_ms.map(f64::from))),
                ]))
            })
            .collect()
    }

    /// The game as BPGN (N4), with the caller's tags.
    pub fn bpgn(&self, tags: JsValue) -> Result<String> {
        let not_tags = || {
            error::error(
                Code::InvalidArgValue,
                "tags must be an object of tag names to strings",
            )
        };
        let mut pairs: Vec<(String, String)> = Vec::new();
        if !convert::absent(&tags) {
            if !tags.is_object() || tags.is_function() {
                return Err(not_tags());
            }
            let obj: &js_sys::Object = tags.unchecked_ref();
            for key in js_sys::Object::keys(obj).iter() {
                let key = key.as_string().unwrap_or_default();
                check_tag_name(&key)?;
                let value = convert::field(&tags, &key)?.as_string().ok_or_else(|| {
                    error::error(
                        Code::InvalidArgValue,
                        format!("tag {key:?} must have a string value"),
                    )
                })?;
                pairs.push((key, value));
            }
        }
        let refs: Vec<(&str, &str)> = pairs
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        let mut out = String::new();
        core::bpgn::write_bpgn(&self.inner, &refs, &mut out).map_err(|_| {
            error::error(
                Code::InvalidArgValue,
                "the game could not be written as BPGN",
            )
        })?;
        Ok(out)
    }

    /// The game's time (F4), in ms since the start.
    #[wasm_bindgen(getter, js_name = "nowMs")]
    pub fn now_ms(&self) -> f64 {
        self.inner.now_ms() as f64
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

    /// The time control as `'base+inc'` in seconds, or `null` without clocks.
    #[wasm_bindgen(getter, js_name = "timeControl")]
    pub fn time_control(&self) -> JsValue {
        let settings = self.inner.settings();
        convert::nullable(match settings.mode {
            core::Mode::Live => settings.time_control.map(|tc| tc.to_string()),
            core::Mode::TurnBased => None,
        })
    }

    /// The human seats as letters, in the order `AaBb`.
    #[wasm_bindgen(getter)]
    pub fn humans(&self) -> String {
        self.inner.settings().humans.seats().map(seat_str).collect()
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

/// A resignation's report always carries its ending; should it not, an
/// error rather than a panic.
fn no_ending() -> JsValue {
    error::error(
        Code::Core(bughouse_core::ErrorCode::GameOver),
        "the game reported no ending",
    )
}
