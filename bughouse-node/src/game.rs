//! `Game`: the match, two boards and four seats, wrapping `bughouse_core::Game`.
//!
//! Every rule is the core's: turns, capture routing (R5, R6), clocks (R20,
//! R21, F1–F4), the turn-based rotation with sits and repetition (R22–R25,
//! F5–F7) and every ending (R27–R34). The binding reads seats, options and
//! timestamps, and checks them in the order F12 gives before the core sees
//! the action: the game is on, a known seat, a timestamp that is a
//! non-negative integer; the core then checks the rest (the timestamp not
//! going backwards, flags, the turn, the move text, legality).

use bughouse_core as core;
use napi::bindgen_prelude::{BufferSlice, Either, Object, Unknown};
use napi_derive::napi;

use crate::board::Board;
use crate::convert::{self, Outcome, Pocket, seat_str};
use crate::error::{self, Code, Result};

/// Options of `new Game(opts)`. Every field is optional.
#[napi(object)]
#[derive(Debug, Default)]
pub struct GameOptions {
    /// `'live'` (default): both boards at once, with clocks (R19–R21).
    /// `'turn'`: one seat at a time in the rotation A, B, b, a, with sits and
    /// threefold repetition, no clocks (R22–R26).
    #[napi(ts_type = "'live' | 'turn'")]
    pub mode: Option<String>,
    /// Live game: base and increment in whole seconds, `'180+0'` by default
    /// (R20), or `'-'` for a live game without clocks (then no timestamps are
    /// required and `clock()` is `null`). Checked, and ignored, in the
    /// turn-based game.
    pub time_control: Option<String>,
    /// Which seats are people (R30), as letters: `'AaBb'` by default. Only
    /// they offer draws, and all of them must agree.
    pub humans: Option<String>,
    /// The start as BFEN (N2): `'fenA | fenB'`; the standard start on both
    /// boards by default (R4). Judged at once (F8).
    pub bfen: Option<String>,
    /// The move cap (R32): moves and drops on both boards together; 800 by
    /// default, at most 2000.
    pub move_cap: Option<f64>,
}

/// One move of `Game.moves()`.
#[napi(object, object_from_js = false)]
#[derive(Debug)]
pub struct SeatMove {
    /// Who moved.
    #[napi(ts_type = "Seat")]
    pub seat: &'static str,
    /// The move or drop, as UCI.
    #[napi(js_name = "move")]
    pub uci: String,
}

/// One entry of `Game.history()`: a move, a drop or a sit, with its time.
#[napi(object, object_from_js = false, use_nullable = true)]
#[derive(Debug)]
pub struct HistoryEntry {
    /// Who acted.
    #[napi(ts_type = "Seat")]
    pub seat: &'static str,
    /// `'move'` (a move or drop) or `'sit'` (R24).
    #[napi(ts_type = "'move' | 'sit'")]
    pub kind: &'static str,
    /// The move or drop as UCI; `null` for a sit.
    #[napi(js_name = "move")]
    pub uci: Option<String>,
    /// The game's time when the action was accepted, in ms since the start.
    pub at_ms: f64,
    /// The mover's clock after the move, in ms: computed in a live game with
    /// clocks, as recorded in a game read from BPGN (may be negative there),
    /// else `null`.
    pub clock_ms: Option<f64>,
}

/// A bughouse match: two boards, four seats, two teams (R1, R2).
///
/// Seats are BPGN letters: `'A'` A-White, `'a'` A-Black, `'B'` B-White,
/// `'b'` B-Black; team 1 is A-White and B-Black. Timestamps (`atMs`) are
/// the caller's, in ms since the game was created: the engine keeps no
/// clock of its own (R21). A live game with clocks needs one on every move.
#[napi]
#[derive(Debug, Clone)]
pub struct Game {
    /// Boxed: a core game is about 65 KiB (its fixed-capacity history).
    pub(crate) inner: Box<core::Game>,
}

impl Game {
    /// Wraps a core game (one read from BPGN, a copy).
    pub(crate) fn from_core(inner: Box<core::Game>) -> Game {
        Game { inner }
    }

    /// F12's first checks, the core's: the game is on, then `seat` names
    /// a seat.
    pub(crate) fn acting_seat(&self, seat: &str) -> Result<core::Seat> {
        self.inner.acting_seat(seat).map_err(error::game)
    }
}

/// Reads the `mode` option (the core's names).
fn parse_mode(text: Option<&str>) -> Result<core::Mode> {
    text.map_or(Ok(core::Mode::Live), core::Mode::from_name)
        .map_err(|e| error::core(e.code(), e))
}

/// Reads the `timeControl` option: `'base+inc'` in seconds, or `'-'` for
/// none; by default the mode's (R20, R26).
fn parse_time_control(text: Option<&str>, mode: core::Mode) -> Result<Option<core::TimeControl>> {
    match text {
        None => Ok(core::GameSettings::of_mode(mode).time_control),
        Some("-") => Ok(None),
        Some(text) => text.parse().map(Some).map_err(|e: core::TimeControlError| {
            error::core(
                e.code(),
                format_args!("{e}, or \"-\", got {}", core::Excerpt::of(text)),
            )
        }),
    }
}

/// Reads the `moveCap` option as a whole number; the core bounds it (R32).
fn parse_move_cap(cap: Option<f64>) -> Result<u16> {
    match cap {
        None => Ok(core::DEFAULT_MOVE_CAP),
        Some(cap) if cap.fract() == 0.0 && (0.0..=convert::MAX_SAFE_INTEGER).contains(&cap) => {
            core::game::check_move_cap(cap as u64).map_err(|e| error::core(e.code(), e))
        }
        Some(cap) => Err(error::out_of_range("moveCap", core::MAX_MOVE_CAP, cap)),
    }
}

/// A tag name the BPGN reader reads back: letters, digits and `_`.
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

#[napi]
impl Game {
    /// A new game from the standard start (R4) or a BFEN. Throws
    /// `ERR_INVALID_FEN` (bad BFEN, or more material than one game holds,
    /// R7), `ERR_INVALID_ARG_VALUE` (a bad mode, time control or humans
    /// letter) or `ERR_OUT_OF_RANGE` (a move cap that is not an integer from
    /// 0 to 2000).
    #[napi(constructor, catch_unwind)]
    pub fn new(opts: Option<GameOptions>) -> Result<Game> {
        let opts = opts.unwrap_or_default();
        let mode = parse_mode(opts.mode.as_deref())?;
        let time_control = parse_time_control(opts.time_control.as_deref(), mode)?;
        let humans = match opts.humans.as_deref() {
            None => core::Seats::all(),
            Some(text) => core::game::parse_humans(text).map_err(|e| error::core(e.code(), e))?,
        };
        // The core checks the whole (R26: no time control in the turn-based game).
        let settings = core::GameSettings {
            mode,
            time_control,
            humans,
            move_cap: parse_move_cap(opts.move_cap)?,
        };
        let game = match opts.bfen.as_deref() {
            None => core::Game::new(settings),
            Some(bfen) => core::Game::from_bfen(bfen, settings),
        }
        .map_err(error::setup)?;
        Ok(Game::from_core(Box::new(game)))
    }

    /// A copy of one board, `'A'` or `'B'`, as a `Board` (bughouse flavour:
    /// its captures leave it). Changing it does not change the game.
    #[napi(catch_unwind, ts_args_type = "board: BoardLetter")]
    pub fn board(&self, board: String) -> Result<Board> {
        let id = convert::parse_board_id(&board)?;
        Ok(Board::from_core(*self.inner.board(id)))
    }

    /// Both boards as BFEN (N2): `'fenA | fenB'`.
    #[napi(catch_unwind)]
    pub fn bfen(&self) -> String {
        self.inner.bfen().to_string()
    }

    /// The legal moves of `seat` as move codes, for `legalMoves(seat)` in
    /// index.js (see `Board._legalMoveCodes`); none when it may not move.
    #[napi(js_name = "_legalMoveCodes", skip_typescript, catch_unwind)]
    pub fn legal_move_codes(&self, seat: String, codes: BufferSlice) -> Result<u32> {
        let seat = convert::parse_seat(&seat)?;
        convert::write_move_codes(&self.inner.legal_moves(seat), codes)
    }

    /// Plays a move or drop for `seat`, given as UCI or SAN (N3), at `atMs`
    /// (required in a live game with clocks), and returns its UCI. Captures
    /// go to the partner (R5, R6). Checked in the order of F12; throws
    /// `ERR_GAME_OVER`, `ERR_INVALID_ARG_VALUE` (seat), `ERR_OUT_OF_RANGE`
    /// (atMs), `ERR_TIMESTAMP_REQUIRED`, `ERR_TIME_WENT_BACKWARDS`,
    /// `ERR_NOT_YOUR_TURN`, `ERR_INVALID_MOVE`, `ERR_AMBIGUOUS_MOVE` or
    /// `ERR_ILLEGAL_MOVE`. Nothing changes on error, except that a flag
    /// found fallen ends the game at its time (F2: `ERR_GAME_OVER`).
    #[napi(
        catch_unwind,
        ts_args_type = "seat: Seat, move: string, atMs?: number | undefined | null"
    )]
    pub fn push(&mut self, seat: String, text: String, at_ms: Option<f64>) -> Result<String> {
        let seat = self.acting_seat(&seat)?;
        let at_ms = convert::maybe_timestamp("atMs", at_ms)?;
        let (m, _) = self
            .inner
            .play_text(seat, &text, at_ms)
            .map_err(error::game)?;
        Ok(convert::uci(m))
    }

    /// Turn-based game: the seat whose turn it is (F5); `null` in the live
    /// game (every seat whose colour is to move may move, R19) and once the
    /// game is over.
    #[napi(getter, catch_unwind, ts_return_type = "Seat | null")]
    pub fn to_act(&self) -> Option<&'static str> {
        self.inner.to_act().map(seat_str)
    }

    /// Turn-based game: `seat` sits instead of moving (R24), at most three
    /// times; not a move (F7). Returns the outcome if the sit repeated a
    /// state for the third time (R25), else `null`. Throws `ERR_GAME_OVER`,
    /// `ERR_INVALID_ARG_VALUE`, `ERR_SIT_IN_LIVE_GAME`, `ERR_NOT_YOUR_TURN`
    /// or `ERR_NO_SITS_LEFT`.
    #[napi(catch_unwind, ts_args_type = "seat: Seat")]
    pub fn sit(&mut self, seat: String) -> Result<Option<Outcome>> {
        let seat = self.acting_seat(&seat)?;
        Ok(self
            .inner
            .sit(seat)
            .map_err(error::game)?
            .map(Outcome::from))
    }

    /// How many sits `seat` has left (R24): 3 at the start.
    #[napi(catch_unwind, ts_args_type = "seat: Seat")]
    pub fn sits_left(&self, seat: String) -> Result<u32> {
        Ok(u32::from(self.inner.sits_left(convert::parse_seat(&seat)?)))
    }

    /// Whether `seat` may sit now (R24): turn-based, its turn, sits left.
    #[napi(catch_unwind, ts_args_type = "seat: Seat")]
    pub fn can_sit(&self, seat: String) -> Result<bool> {
        Ok(self.inner.can_sit(convert::parse_seat(&seat)?))
    }

    /// Whether `seat` may move now: the game is on, its colour is to move on
    /// its board, and in the turn-based game it is the seat to act.
    #[napi(catch_unwind, ts_args_type = "seat: Seat")]
    pub fn is_turn_of(&self, seat: String) -> Result<bool> {
        Ok(self.inner.is_turn_of(convert::parse_seat(&seat)?))
    }

    /// Live game: checks the clocks at `atMs` (R21, F2). Returns the ending
    /// if a flag fell at or before it (the game ends at the flag's time),
    /// else `null`, and the game's time becomes `atMs`. Throws
    /// `ERR_GAME_OVER`, `ERR_OUT_OF_RANGE` or `ERR_TIME_WENT_BACKWARDS`.
    #[napi(catch_unwind)]
    pub fn tick(&mut self, at_ms: f64) -> Result<Option<Outcome>> {
        self.inner.ensure_open().map_err(error::game)?;
        let at_ms = convert::timestamp("atMs", at_ms)?;
        Ok(self
            .inner
            .tick(at_ms)
            .map_err(error::game)?
            .map(Outcome::from))
    }

    /// `seat` resigns (R29), at any moment, not only on its turn (F10): its
    /// team loses. With `atMs`, flags are checked first (F2). Throws
    /// `ERR_GAME_OVER`, `ERR_INVALID_ARG_VALUE`, `ERR_OUT_OF_RANGE` or
    /// `ERR_TIME_WENT_BACKWARDS`.
    #[napi(
        catch_unwind,
        ts_args_type = "seat: Seat, atMs?: number | undefined | null"
    )]
    pub fn resign(&mut self, seat: String, at_ms: Option<f64>) -> Result<Outcome> {
        let seat = self.acting_seat(&seat)?;
        let at_ms = convert::maybe_timestamp("atMs", at_ms)?;
        Ok(self.inner.resign(seat, at_ms).map_err(error::game)?.into())
    }

    /// `seat` leaves the game (R29, F10): its team loses. Throws as `resign`.
    #[napi(
        catch_unwind,
        ts_args_type = "seat: Seat, atMs?: number | undefined | null"
    )]
    pub fn abandon(&mut self, seat: String, at_ms: Option<f64>) -> Result<Outcome> {
        let seat = self.acting_seat(&seat)?;
        let at_ms = convert::maybe_timestamp("atMs", at_ms)?;
        Ok(self.inner.abandon(seat, at_ms).map_err(error::game)?.into())
    }

    /// A human seat offers a draw (R30, F11). When every human seat has a
    /// standing offer the game is drawn by agreement and the outcome is
    /// returned, else `null`. Any move or drop clears the offers. Throws
    /// `ERR_GAME_OVER`, `ERR_INVALID_ARG_VALUE` or `ERR_NOT_HUMAN`.
    #[napi(catch_unwind, ts_args_type = "seat: Seat")]
    pub fn offer_draw(&mut self, seat: String) -> Result<Option<Outcome>> {
        let seat = self.acting_seat(&seat)?;
        Ok(self
            .inner
            .offer_draw(seat)
            .map_err(error::game)?
            .map(Outcome::from))
    }

    /// Withdraws `seat`'s standing draw offer, if any (R30). Throws
    /// `ERR_GAME_OVER` or `ERR_INVALID_ARG_VALUE`.
    #[napi(catch_unwind, ts_args_type = "seat: Seat")]
    pub fn withdraw_draw(&mut self, seat: String) -> Result<()> {
        let seat = self.acting_seat(&seat)?;
        self.inner.withdraw_draw(seat).map_err(error::game)
    }

    /// The seats with a standing draw offer, in the order `A a B b`.
    #[napi(catch_unwind, ts_return_type = "Seat[]")]
    pub fn draw_offers(&self) -> Vec<&'static str> {
        self.inner.draw_offers().seats().map(seat_str).collect()
    }

    /// Milliseconds left on `seat`'s clock (R20) at the game's time, or at
    /// `atMs` if given (a display of running clocks, nothing changes; a
    /// time before the game's time throws `TimeWentBackwards`, F3). `null` when the game has no clocks (the
    /// turn-based game, or `timeControl: '-'`). Throws
    /// `ERR_INVALID_ARG_VALUE` or `ERR_OUT_OF_RANGE`.
    #[napi(
        catch_unwind,
        ts_args_type = "seat: Seat, atMs?: number | undefined | null"
    )]
    pub fn clock(&self, seat: String, at_ms: Option<f64>) -> Result<Option<f64>> {
        let seat = convert::parse_seat(&seat)?;
        let ms = match convert::maybe_timestamp("atMs", at_ms)? {
            None => self.inner.clock_ms(seat),
            Some(at) => self.inner.clock_ms_at(seat, at).map_err(error::game)?,
        };
        Ok(ms.map(convert::ms_number))
    }

    /// `seat`'s pocket (R3): the pieces of its colour it may drop on its board.
    #[napi(catch_unwind, ts_args_type = "seat: Seat")]
    pub fn pocket(&self, seat: String) -> Result<Pocket> {
        Ok(self.inner.pocket(convert::parse_seat(&seat)?).into())
    }

    /// How the game ended (R27–R34, F13), or `null` while it goes on.
    #[napi(catch_unwind)]
    pub fn outcome(&self) -> Option<Outcome> {
        self.inner.outcome().map(Outcome::from)
    }

    /// Whether the game has ended.
    #[napi(catch_unwind)]
    pub fn is_over(&self) -> bool {
        self.inner.is_over()
    }

    /// Every move and drop in play order, with its seat; sits left out.
    #[napi(catch_unwind)]
    pub fn moves(&self) -> Vec<SeatMove> {
        self.inner
            .history()
            .iter()
            .filter_map(|a| match a.kind {
                core::ActionKind::Move(m) => Some(SeatMove {
                    seat: seat_str(a.seat),
                    uci: convert::uci(m),
                }),
                core::ActionKind::Sit => None,
            })
            .collect()
    }

    /// Every move, drop and sit in play order, with its time and the
    /// mover's clock.
    #[napi(catch_unwind)]
    pub fn history(&self) -> Vec<HistoryEntry> {
        self.inner
            .history()
            .iter()
            .map(|a| {
                let (kind, uci) = match a.kind {
                    core::ActionKind::Move(m) => ("move", Some(convert::uci(m))),
                    core::ActionKind::Sit => ("sit", None),
                };
                HistoryEntry {
                    seat: seat_str(a.seat),
                    kind,
                    uci,
                    at_ms: convert::ms_number(a.at_ms),
                    clock_ms: a.clock_ms.map(f64::from),
                }
            })
            .collect()
    }

    /// The game as BPGN (N4): tags (`tags` override the defaults, such as
    /// the players' names `WhiteA` … `BlackB`, and add others; `Result`,
    /// `SetUp` and `FEN` are always the game's own), the moves with clocks,
    /// the termination comment and the team result. `readBpgn` reads it
    /// back to the same moves and ending. Throws `ERR_INVALID_ARG_VALUE` for
    /// a tag name that is not letters, digits and `_`, or a value that is
    /// not a string.
    #[napi(
        catch_unwind,
        ts_args_type = "tags?: Record<string, string> | undefined | null"
    )]
    pub fn bpgn(&self, tags: Option<Either<Object<'_>, Unknown<'_>>>) -> Result<String> {
        let not_tags = || {
            error::error(
                Code::InvalidArgValue,
                "tags must be an object of tag names to strings",
            )
        };
        let mut pairs: Vec<(String, String)> = Vec::new();
        if let Some(tags) = tags {
            let Either::A(obj) = tags else {
                return Err(not_tags());
            };
            let keys = Object::keys(&obj).map_err(|_| not_tags())?;
            for key in keys {
                check_tag_name(&key)?;
                let value = obj.get::<String>(&key).ok().flatten().ok_or_else(|| {
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

    /// The game's time (F4): the timestamp of the last accepted timed action,
    /// in ms since the start.
    #[napi(getter, catch_unwind)]
    pub fn now_ms(&self) -> f64 {
        convert::ms_number(self.inner.now_ms())
    }

    /// How many moves and drops were made on both boards together (R32, F9).
    #[napi(getter, catch_unwind)]
    pub fn moves_played(&self) -> u32 {
        u32::from(self.inner.moves_played())
    }

    /// `'live'` or `'turn'`.
    #[napi(getter, catch_unwind, ts_return_type = "'live' | 'turn'")]
    pub fn mode(&self) -> &'static str {
        match self.inner.settings().mode {
            core::Mode::Live => "live",
            core::Mode::TurnBased => "turn",
        }
    }

    /// The time control as `'base+inc'` in seconds, or `null` without clocks.
    #[napi(getter, catch_unwind)]
    pub fn time_control(&self) -> Option<String> {
        let settings = self.inner.settings();
        match settings.mode {
            core::Mode::Live => settings.time_control.map(|tc| tc.to_string()),
            core::Mode::TurnBased => None,
        }
    }

    /// The human seats as letters, in the order `AaBb`.
    #[napi(getter, catch_unwind)]
    pub fn humans(&self) -> String {
        self.inner.settings().humans.seats().map(seat_str).collect()
    }

    /// The move cap (R32).
    #[napi(getter, catch_unwind)]
    pub fn move_cap(&self) -> u32 {
        u32::from(self.inner.settings().move_cap)
    }

    /// An independent copy of the game, history and clocks included.
    #[napi(catch_unwind)]
    pub fn copy(&self) -> Game {
        self.clone()
    }
}
