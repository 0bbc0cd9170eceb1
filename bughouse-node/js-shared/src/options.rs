//! Options objects: `new Game(opts)`, `{ crazyhouse }` of `new Board` and
//! `perft`, and the tags of `game.bpgn(tags)`. Checked as every options
//! object is ([`crate::value::options`]), then read in the order F12 gives.

use bughouse_core as core;

use crate::args;
use crate::error::{self, Code, Result};
use crate::value::{self, Value};

/// Where captures go, from a `{ crazyhouse }` argument: the crazyhouse
/// flavour (the capturer's own pocket) or bughouse (the board loses it, R5).
pub fn flavour(opts: &Value) -> Result<core::Flavour> {
    let crazyhouse = match value::options("opts", opts, &["crazyhouse"])? {
        None => None,
        Some(obj) => obj.get("crazyhouse").opt_bool("opts.crazyhouse")?,
    };
    Ok(match crazyhouse {
        Some(true) => core::Flavour::Crazyhouse,
        _ => core::Flavour::Bughouse,
    })
}

/// The keys of `new Game(opts)`.
pub const GAME_OPTIONS: &[&str] = &["mode", "timeControl", "humans", "bfen", "moveCap"];

/// The keys of a time control object.
const TIME_CONTROL_KEYS: &[&str] = &["baseMs", "incrementMs"];

/// What `new Game(opts)` reads: the settings and the start (`None`: the
/// standard one), checked by the core as a whole.
#[derive(Clone, Debug)]
pub struct GameOptions {
    /// The way of playing, clocks, humans and move cap.
    pub settings: core::GameSettings,
    /// The start as BFEN, if not the standard one.
    pub bfen: Option<Box<str>>,
}

/// Reads `new Game(opts)`'s options and checks them by building the game
/// once (F8): `ERR_INVALID_ARG_TYPE`, `ERR_INVALID_ARG_VALUE`,
/// `ERR_OUT_OF_RANGE` or `ERR_INVALID_FEN` (see index.d.ts).
pub fn game_options(opts: &Value) -> Result<GameOptions> {
    let obj = value::options("opts", opts, GAME_OPTIONS)?;
    let none = Value::Undefined;
    let get = |name: &str| obj.map_or(&none, |o| o.get(name));
    let string = |name: &str| get(name).opt_string(&format!("opts.{name}"));
    let mode = string("mode")?
        .map_or(Ok(core::Mode::Live), core::Mode::from_name)
        .map_err(|e| error::core(e.code(), e))?;
    let time_control = time_control(get("timeControl"), mode)?;
    let humans = match string("humans")? {
        None => core::Seats::all(),
        Some(text) => core::game::parse_humans(text).map_err(|e| error::core(e.code(), e))?,
    };
    let move_cap = move_cap(get("moveCap").opt_number("opts.moveCap")?)?;
    // The core checks the whole (R26: no time control in the turn-based
    // game; the clock bounds).
    let settings = core::GameSettings {
        mode,
        time_control,
        humans,
        move_cap,
    };
    let bfen = string("bfen")?.map(Box::from);
    build(settings, bfen.as_deref())?;
    Ok(GameOptions { settings, bfen })
}

/// Builds a game; the same settings and start give the same answer.
pub fn build(settings: core::GameSettings, bfen: Option<&str>) -> Result<core::Game> {
    match bfen {
        None => core::Game::new(settings),
        Some(bfen) => core::Game::from_bfen(bfen, settings),
    }
    .map_err(error::setup)
}

/// Reads the `timeControl` option: `{ baseMs, incrementMs }` (exact, in
/// ms), or the PGN tag form `'base+inc'` in whole seconds, read by the core
/// ([`core::TimeControl::from_setting`]: a base under a minute, such as
/// `'3+2'`, is ambiguous and refused); `'-'` or `null` for none. Absent: 3
/// minutes (R20).
fn time_control(value: &Value, mode: core::Mode) -> Result<Option<core::TimeControl>> {
    let name = "opts.timeControl";
    let expected = "an object { baseMs, incrementMs }, a string 'base+inc' in seconds, or '-'";
    match value {
        v if v.is_nullish() => Ok(core::GameSettings::of_mode(mode).time_control),
        Value::String(text) if text == "-" => Ok(None),
        Value::String(text) => core::TimeControl::from_setting(text)
            .map(Some)
            .map_err(|e| {
                error::core(
                    e.code(),
                    format_args!("{name}: {e}, or {{ baseMs, incrementMs }} in ms"),
                )
            }),
        Value::Object(_) => {
            let obj = value::options(name, value, TIME_CONTROL_KEYS)?.unwrap_or(value);
            let base = obj
                .get("baseMs")
                .opt_number(&format!("{name}.baseMs"))?
                .ok_or_else(|| {
                    error::invalid_type(&format!("{name}.baseMs"), "a number", "undefined")
                })?;
            let increment = obj
                .get("incrementMs")
                .opt_number(&format!("{name}.incrementMs"))?;
            Ok(Some(core::TimeControl {
                base_ms: args::safe_integer(&format!("{name}.baseMs"), base, 0)?,
                increment_ms: match increment {
                    None => 0,
                    Some(ms) => args::safe_integer(&format!("{name}.incrementMs"), ms, 0)?,
                },
            }))
        }
        v => Err(error::invalid_type(name, expected, v.type_name())),
    }
}

/// Reads the `moveCap` option as a whole number; the core bounds it (R32).
fn move_cap(cap: Option<f64>) -> Result<u16> {
    match cap {
        None => Ok(core::game::DEFAULT_MOVE_CAP),
        Some(cap) if cap.fract() == 0.0 && (0.0..=args::MAX_SAFE_INTEGER).contains(&cap) => {
            core::game::check_move_cap(cap as u64).map_err(|e| error::core(e.code(), e))
        }
        Some(cap) => Err(error::out_of_range(
            "moveCap",
            core::game::MAX_MOVE_CAP,
            cap,
        )),
    }
}

/// The tags of `game.bpgn(tags)`: an object of tag names to strings, each
/// name one the BPGN reader reads back (letters, digits and `_`).
pub fn tags(value: &Value) -> Result<Vec<(&str, &str)>> {
    let fields = match value {
        v if v.is_nullish() => return Ok(Vec::new()),
        Value::Object(fields) => fields,
        _ => {
            return Err(error::invalid_type(
                "tags",
                "an object of tag names to strings",
                "another type",
            ));
        }
    };
    fields
        .iter()
        .map(|(key, value)| {
            if key.is_empty() || !key.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_') {
                return Err(error::invalid_arg(
                    "tag name",
                    "letters, digits and '_' (BPGN)",
                    key,
                ));
            }
            match value {
                Value::String(v) => Ok((key.as_str(), v.as_str())),
                _ => Err(error::invalid_type(
                    &format!("tag {}", error::quote(key)),
                    "a string",
                    "another type",
                )),
            }
        })
        .collect()
}

/// The game as BPGN (N4) with the caller's `tags`.
pub fn write_bpgn(g: &core::Game, tags: &Value) -> Result<String> {
    let pairs = self::tags(tags)?;
    let mut out = String::new();
    core::bpgn::write_bpgn(g, &pairs, &mut out).map_err(|_| {
        error::error(
            Code::InvalidArgValue,
            "the game could not be written as BPGN",
        )
    })?;
    Ok(out)
}

/// The options of one computer-player call (`botMove`, `botMoveAsync`),
/// checked.
#[derive(Copy, Clone, Debug)]
pub struct BotCall {
    /// The node budget and seed.
    pub limits: core::bot::SearchLimits,
    /// A wall-time budget in ms, on top of the node budget.
    pub time_ms: Option<u64>,
    /// Whether the choice is played.
    pub play: bool,
    /// When it is played (with `play`), in ms since the start.
    pub at_ms: Option<u64>,
}

/// The keys of the computer player's options (a `signal` of
/// `botMoveAsync` and a function `atMs` are the JS layers' own, read there).
pub const BOT_OPTIONS: &[&str] = &["nodes", "seed", "timeMs", "play", "atMs"];

/// The keys of a lone board's computer player (`board.botMove`,
/// `board.botMoveAsync`): those of a game's but `atMs` (a board has no
/// clock; the key is refused as unknown).
pub const BOARD_BOT_OPTIONS: &[&str] = &["nodes", "seed", "timeMs", "play"];

/// Reads `{ nodes, seed, timeMs, play, atMs }` (every field optional;
/// `undefined` and `null` mean the default). `nodes`: an integer ≥ 1,
/// 25 000 by default (unlimited when only `timeMs` bounds the search);
/// `seed`: an integer ≥ 0, 0 by default; `timeMs`: an integer ≥ 1; `play`:
/// a boolean; `atMs`: a timestamp, only with `play: true`.
pub fn bot(opts: &Value) -> Result<BotCall> {
    bot_options(opts, BOT_OPTIONS)
}

/// Reads a lone board's `{ nodes, seed, timeMs, play }` as [`bot`] reads
/// a game's (the same checks, codes and messages); `at_ms` is always
/// `None`.
pub fn board_bot(opts: &Value) -> Result<BotCall> {
    bot_options(opts, BOARD_BOT_OPTIONS)
}

/// [`bot`] over the keys `known` (an unknown key is refused, so `atMs` is
/// read only where it is known).
fn bot_options(opts: &Value, known: &[&str]) -> Result<BotCall> {
    let Some(obj) = value::options("opts", opts, known)? else {
        return Ok(BotCall {
            limits: core::bot::SearchLimits::default(),
            time_ms: None,
            play: false,
            at_ms: None,
        });
    };
    let integer = |name: &str, min: u64| -> Result<Option<u64>> {
        let full = format!("opts.{name}");
        obj.get(name)
            .opt_number(&full)?
            .map(|n| args::safe_integer(&full, n, min))
            .transpose()
    };
    let time_ms = integer("timeMs", 1)?;
    let default_nodes = match time_ms {
        None => core::bot::SearchLimits::DEFAULT_NODES,
        Some(_) => core::bot::SearchLimits::unlimited().nodes,
    };
    let nodes = integer("nodes", 1)?.unwrap_or(default_nodes);
    let seed = integer("seed", 0)?.unwrap_or(0);
    let play = obj.get("play").opt_bool("opts.play")?.unwrap_or(false);
    let at_ms = match obj.get("atMs") {
        v if v.is_nullish() => None,
        Value::Number(ms) => Some(args::timestamp("opts.atMs", *ms)?),
        v => {
            return Err(error::invalid_type(
                "opts.atMs",
                "a number or a function returning one",
                v.type_name(),
            ));
        }
    };
    if at_ms.is_some() && !play {
        return Err(error::error(
            Code::InvalidArgValue,
            "opts.atMs is the time of the move played with play: true; without play nothing is played",
        ));
    }
    Ok(BotCall {
        limits: core::bot::SearchLimits::nodes(nodes).with_seed(seed),
        time_ms,
        play,
        at_ms,
    })
}
