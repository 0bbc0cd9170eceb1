//! The JavaScript shapes of what the package returns, once for both builds
//! (documented in `index.d.ts`): outcomes, pockets, pieces, the log, the
//! history, time controls, action reports and snapshots (issue 17), and the
//! `toJSON()` object with its reading back for `Game.fromJSON`.
//!
//! Seats are BPGN letters (`'A'` A-White, `'a'` A-Black, `'B'` B-White,
//! `'b'` B-Black), sets of seats arrays of letters in the order `A a B b`,
//! per-seat and per-board values objects keyed by letter, pockets counts by
//! role (chessops' `Material` side), times integers of ms.

use bughouse_core as core;

use crate::args::{self, seat_str};
use crate::error::{self, Result};
use crate::out::Out;
use crate::value::Value;

/// How a game ended (R27–R34, F13): `{ winner, reason, seat, message }`.
pub fn outcome(o: core::Outcome) -> Out {
    Out::Object(vec![
        ("winner", o.winner.map(|t| u32::from(t.number())).into()),
        ("reason", o.reason.as_str().into()),
        ("seat", o.seat.map(seat_str).into()),
        ("message", o.to_string().into()),
    ])
}

/// An optional outcome, `null` when the game goes on.
pub fn maybe_outcome(o: Option<core::Outcome>) -> Out {
    o.map_or(Out::Null, outcome)
}

/// One seat's pieces in hand (R3): `{ pawn, knight, bishop, rook, queen }`.
pub fn pocket(p: &core::Pocket) -> Out {
    let n = |r| Out::from(p.count(r));
    Out::Object(vec![
        ("pawn", n(core::Role::Pawn)),
        ("knight", n(core::Role::Knight)),
        ("bishop", n(core::Role::Bishop)),
        ("rook", n(core::Role::Rook)),
        ("queen", n(core::Role::Queen)),
    ])
}

/// A piece: `{ role, color }`, as chessops names them.
pub fn piece(p: core::Piece) -> Out {
    Out::Object(vec![
        ("role", p.role.name().into()),
        ("color", p.color.name().into()),
    ])
}

/// A set of seats as letters, in the order `A a B b`.
pub fn seats(s: core::Seats) -> Out {
    Out::Array(s.seats().map(|s| seat_str(s).into()).collect())
}

/// A set of seats as one string of letters (`'Ab'`), as the log and the
/// settings write them.
pub fn seat_letters(s: core::Seats) -> String {
    s.seats().map(core::Seat::char).collect()
}

/// One value per seat, keyed by letter.
fn per_seat(f: impl Fn(core::Seat) -> Out) -> Out {
    Out::Object(core::Seat::ALL.map(|s| (seat_str(s), f(s))).to_vec())
}

/// One value per board, keyed `A` and `B`.
fn per_board(f: impl Fn(core::BoardId) -> Out) -> Out {
    Out::Object(vec![("A", f(core::BoardId::A)), ("B", f(core::BoardId::B))])
}

/// One entry of `Game.log()`: `{ seat, kind, move, atMs, clockMs, offers }`.
pub fn log_entry(a: &core::Action) -> Out {
    Out::Object(vec![
        ("seat", a.seat.map(seat_str).into()),
        ("kind", a.kind.as_str().into()),
        ("move", a.as_move().map(args::uci).into()),
        ("atMs", a.at_ms.into()),
        ("clockMs", a.clock_ms.into()),
        ("offers", seat_letters(a.offers).into()),
    ])
}

/// The whole log.
pub fn log(g: &core::Game) -> Out {
    Out::Array(g.log().iter().map(log_entry).collect())
}

/// `Game.moves()`: every move and drop, `{ seat, move }`; sits left out.
pub fn moves(g: &core::Game) -> Out {
    Out::Array(
        g.history()
            .filter_map(|a| {
                Some(Out::Object(vec![
                    ("seat", seat_str(a.seat?).into()),
                    ("move", args::uci(a.as_move()?).into()),
                ]))
            })
            .collect(),
    )
}

/// `Game.history()`: every move, drop and sit, `{ seat, kind, move, atMs,
/// clockMs }`.
pub fn history(g: &core::Game) -> Out {
    Out::Array(
        g.history()
            .filter_map(|a| {
                Some(Out::Object(vec![
                    ("seat", seat_str(a.seat?).into()),
                    ("kind", a.kind.as_str().into()),
                    ("move", a.as_move().map(args::uci).into()),
                    ("atMs", a.at_ms.into()),
                    ("clockMs", a.clock_ms.into()),
                ]))
            })
            .collect(),
    )
}

/// A live game's time control, `{ baseMs, incrementMs }`, or `null`.
pub fn time_control(settings: &core::GameSettings) -> Out {
    match (settings.mode, settings.time_control) {
        (core::Mode::Live, Some(tc)) => Out::Object(vec![
            ("baseMs", tc.base_ms.into()),
            ("incrementMs", tc.increment_ms.into()),
        ]),
        _ => Out::Null,
    }
}

/// What a front end shows (the core's `Snapshot`): `{ nowMs, movesPlayed,
/// pockets, clocks, turn, waiting, mayMove, toAct, skipped, sitsLeft,
/// drawOffers, outcome }`.
pub fn snapshot(s: &core::game::Snapshot) -> Out {
    Out::Object(vec![
        ("nowMs", s.now_ms.into()),
        ("movesPlayed", s.moves_played.into()),
        ("pockets", per_seat(|seat| pocket(&s.pockets[seat.index()]))),
        (
            "clocks",
            s.clocks
                .map_or(Out::Null, |c| per_seat(|seat| c[seat.index()].into())),
        ),
        ("turn", per_board(|id| s.to_move[id.index()].name().into())),
        ("waiting", per_board(|id| s.waiting[id.index()].into())),
        ("mayMove", seats(s.may_move)),
        ("toAct", s.to_act.map(seat_str).into()),
        ("skipped", seats(s.skipped)),
        (
            "sitsLeft",
            per_seat(|seat| s.sits_left[seat.index()].into()),
        ),
        ("drawOffers", seats(s.draw_offers)),
        ("outcome", maybe_outcome(s.outcome)),
    ])
}

/// What both builds keep of the last accepted action for `game.report`:
/// the core's report, its move's SAN (the core's `san_of`, asked while the
/// move is the game's last) and the state after it (the core's snapshot).
#[derive(Copy, Clone, Debug)]
pub struct Reported {
    report: core::Report,
    san: Option<core::san::SanPlus>,
    state: core::game::Snapshot,
}

impl Reported {
    /// What `game` says of `report`, the report of the action it accepted
    /// last.
    pub fn of(game: &core::Game, report: core::Report) -> Reported {
        Reported {
            report,
            san: game.san_of(&report),
            state: game.snapshot(),
        }
    }
}

/// What one accepted action did (the core's `Report`) and the state it left
/// (the core's `Snapshot` taken after it): `{ action, logged, san, capture,
/// state }`, `action` a log entry, `san` with `+`/`#` (R16) for a move,
/// `capture` `{ piece, to }` the captured piece demoted (R6) and the seat
/// whose pocket received it (R5), `state` the snapshot after it.
pub fn report(reported: &Reported) -> Out {
    let Reported {
        report: r,
        san,
        state,
    } = reported;
    Out::Object(vec![
        ("action", log_entry(&r.action)),
        ("logged", r.logged.into()),
        ("san", san.map(|s| s.to_string()).into()),
        (
            "capture",
            r.capture.map_or(Out::Null, |c| {
                Out::Object(vec![
                    ("piece", piece(c.piece)),
                    ("to", seat_str(c.to).into()),
                ])
            }),
        ),
        ("state", snapshot(state)),
    ])
}

/// `Game.toJSON()`: `{ mode, timeControl, humans, moveCap, bfen, log }`, all
/// a game is rebuilt from; `timeControl` `'base+inc'` in seconds, exact to
/// the ms, or `'-'`.
pub fn game_json(g: &core::Game) -> Out {
    let s = g.settings();
    Out::Object(vec![
        ("mode", s.mode.as_str().into()),
        (
            "timeControl",
            s.time_control
                .map_or("-".to_string(), |tc| tc.to_string())
                .into(),
        ),
        ("humans", seat_letters(s.humans).into()),
        ("moveCap", s.move_cap.into()),
        (
            "bfen",
            core::bfen::Bfen(g.start_boards()).to_string().into(),
        ),
        ("log", log(g)),
    ])
}

/// The keys of a `toJSON()` object.
const GAME_JSON_KEYS: &[&str] = &["mode", "timeControl", "humans", "moveCap", "bfen", "log"];

/// The keys of a log entry.
const LOG_ENTRY_KEYS: &[&str] = &["seat", "kind", "move", "atMs", "clockMs", "offers"];

/// `Game.fromJSON(json)`: a `toJSON()` object (or its parsed JSON) rebuilt
/// with the core's restore, the very game; `ERR_INVALID_ARG_TYPE` for a
/// field of the wrong type, `ERR_INVALID_ARG_VALUE` for a bad one or naming
/// the first log entry that does not follow.
pub fn game_from_json(json: &Value) -> Result<core::Game> {
    let Some(obj) = crate::value::options("json", json, GAME_JSON_KEYS)? else {
        return Err(error::invalid_type(
            "json",
            "a Game's toJSON() object",
            json.type_name(),
        ));
    };
    let field = |name: &str| obj.get(name).string(&format!("json.{name}"));
    let mode_text = field("mode")?;
    let mode = core::Mode::from_name(mode_text)
        .map_err(|_| error::invalid_arg("mode", "a way of playing", mode_text))?;
    let time_control = match field("timeControl")? {
        "-" => None,
        text => Some(text.parse().map_err(|_| {
            error::invalid_arg("timeControl", "'base+inc' in seconds or '-'", text)
        })?),
    };
    let humans_text = field("humans")?;
    let humans = core::game::parse_humans(humans_text)
        .map_err(|_| error::invalid_arg("humans", "seat letters", humans_text))?;
    let cap = obj
        .get("moveCap")
        .opt_number("json.moveCap")?
        .ok_or_else(|| error::invalid_type("json.moveCap", "a number", "undefined"))?;
    let move_cap = u16::try_from(args::safe_integer("json.moveCap", cap, 0)?)
        .map_err(|_| error::invalid_arg("moveCap", "a move cap", &cap.to_string()))?;
    let settings = core::GameSettings {
        mode,
        time_control,
        humans,
        move_cap,
    };
    let start = core::bfen::parse_bfen(field("bfen")?)
        .map_err(|e| error::error(error::Code::InvalidArgValue, format!("bfen: {e}")))?;
    let Value::Array(entries) = obj.get("log") else {
        return Err(error::invalid_type(
            "json.log",
            "an array of log entries",
            obj.get("log").type_name(),
        ));
    };
    let log = entries.iter().map(action_of).collect::<Result<Vec<_>>>()?;
    core::Game::restore(settings, start, &log).map_err(|e| {
        error::error(
            error::Code::InvalidArgValue,
            format!("cannot rebuild the game: {e}"),
        )
    })
}

/// One log entry read back.
fn action_of(entry: &Value) -> Result<core::Action> {
    let Some(e) = crate::value::options("json.log[]", entry, LOG_ENTRY_KEYS)? else {
        return Err(error::invalid_type(
            "json.log[]",
            "a log entry",
            entry.type_name(),
        ));
    };
    let kind_text = e.get("kind").string("kind")?;
    let mv = match e.get("move").opt_string("move")? {
        Some(uci) => {
            Some(core::Move::from_uci(uci).map_err(|_| error::invalid_arg("move", "UCI", uci))?)
        }
        None => None,
    };
    let kind = core::game::ActionKind::from_name(kind_text, mv)
        .ok_or_else(|| error::invalid_arg("kind", "a log entry's kind", kind_text))?;
    let at_ms = match e.get("atMs").opt_number("atMs")? {
        Some(ms) => args::timestamp("atMs", ms)?,
        None => 0,
    };
    let clock_ms = match e.get("clockMs").opt_number("clockMs")? {
        Some(ms) if ms.fract() == 0.0 && ms.abs() <= f64::from(i32::MAX) => Some(ms as i32),
        Some(ms) => {
            return Err(error::invalid_arg(
                "clockMs",
                "an integer of ms",
                &ms.to_string(),
            ));
        }
        None => None,
    };
    let offers = e.get("offers").opt_string("offers")?.unwrap_or("");
    Ok(core::Action {
        seat: e
            .get("seat")
            .opt_string("seat")?
            .map(args::seat)
            .transpose()?,
        kind,
        at_ms,
        clock_ms,
        offers: core::Seats::from_letters(offers)
            .ok_or_else(|| error::invalid_arg("offers", "seat letters", offers))?,
    })
}
