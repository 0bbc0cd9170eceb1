//! The JSON protocol over the WebSocket at `/ws` (see the README for the
//! whole contract with examples).
//!
//! Every frame is one JSON object with a `type`. Clients never send times:
//! every action is stamped by the server when its table accepts it (R21).
//! A client acts only for the seat its join (or reconnect token) gave it; an
//! action may name that seat (`"seat": "A"`), and one naming another seat is
//! refused with `ERR_NOT_YOUR_SEAT`.

use bughouse_core::{GameError, Mode, Seat};
use serde::Deserialize;
use serde_json::{Value, json};

/// The protocol's version, sent in `hello`.
pub const PROTOCOL_VERSION: u32 = 1;

/// The largest frame the server reads; larger ones close the connection.
pub const MAX_FRAME_BYTES: usize = 4096;

/// A frame from a client.
#[derive(Debug, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMsg {
    /// Opens a table; the answer is `created`. Omitted fields take the
    /// defaults of [`TableSpec`].
    Create(TableSpecInput),
    /// Lists the open tables.
    List,
    /// Takes an empty seat of a table (before or during its game).
    Join {
        /// The table's id.
        table: u64,
        /// `"A"`, `"a"`, `"B"` or `"b"` (A-White, A-Black, B-White, B-Black).
        seat: String,
        /// A name to show.
        #[serde(default)]
        name: Option<String>,
    },
    /// Takes back one's seat with the token `joined` gave.
    Reconnect {
        /// The table's id.
        table: u64,
        /// The token.
        token: String,
    },
    /// Watches a table.
    Spectate {
        /// The table's id.
        table: u64,
    },
    /// A seated player starts the game now: empty seats go to the computer.
    Start,
    /// A move or drop, as UCI (`e2e4`, `N@f3`) or SAN (`Nf3`, `exd5`, `P@e6`).
    Move {
        /// The move text.
        #[serde(rename = "move")]
        text: String,
        /// Optionally, the seat it is for: must be the client's own.
        #[serde(default)]
        seat: Option<String>,
    },
    /// A sit (R24, turn-based).
    Sit {
        /// Optionally, the client's own seat.
        #[serde(default)]
        seat: Option<String>,
    },
    /// Resigns: the client's team loses (R29).
    Resign {
        /// Optionally, the client's own seat.
        #[serde(default)]
        seat: Option<String>,
    },
    /// Offers a draw (R30).
    OfferDraw {
        /// Optionally, the client's own seat.
        #[serde(default)]
        seat: Option<String>,
    },
    /// Withdraws one's draw offer (R30).
    WithdrawDraw {
        /// Optionally, the client's own seat.
        #[serde(default)]
        seat: Option<String>,
    },
    /// Gives up the seat: before the game it is empty again, during the
    /// game the computer plays it on.
    Leave,
    /// Asks for a fresh `state` frame.
    State {
        /// Echoed in the answer, to tell it from state frames sent unasked.
        #[serde(default)]
        id: Option<u64>,
    },
    /// Answered by `pong`.
    Ping,
    /// The server's accept-to-broadcast latency so far (100 µs buckets);
    /// `reset` starts a new count.
    Stats {
        /// Start over after answering.
        #[serde(default)]
        reset: bool,
    },
}

/// A table's settings as a client may give them.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableSpecInput {
    /// `"live"` (default) or `"turn_based"`.
    #[serde(default)]
    pub mode: Option<String>,
    /// Each seat's base time in ms (live), default 180 000 (R20).
    #[serde(default)]
    pub base_ms: Option<u64>,
    /// Fischer increment in ms (live), default 0.
    #[serde(default)]
    pub increment_ms: Option<u64>,
    /// The computer's strength, 1 to 10 (`SearchLimits::level`), default 4.
    #[serde(default)]
    pub bot_level: Option<u8>,
    /// Or its node budget per decision, overriding the level.
    #[serde(default)]
    pub bot_nodes: Option<u64>,
    /// The least time the computer takes per decision, ms (default 500):
    /// without it, computer seats would play their whole game in a blink.
    #[serde(default)]
    pub bot_delay_ms: Option<u64>,
    /// The move cap (R32), default 800.
    #[serde(default)]
    pub move_cap: Option<u16>,
    /// Start at once, every seat to the computer (for watching and loads).
    #[serde(default)]
    pub start: bool,
}

/// A table's checked settings.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TableSpec {
    /// Live or turn-based.
    pub mode: Mode,
    /// Base time, ms.
    pub base_ms: u64,
    /// Increment, ms.
    pub increment_ms: u64,
    /// Node budget per computer decision.
    pub bot_nodes: u64,
    /// Least time per computer decision, ms.
    pub bot_delay_ms: u64,
    /// Move cap (R32).
    pub move_cap: u16,
}

impl TableSpecInput {
    /// Checks the ranges; the message names the field.
    pub fn check(&self) -> Result<TableSpec, String> {
        let mode = match self.mode.as_deref() {
            None | Some("live") => Mode::Live,
            Some("turn_based") => Mode::TurnBased,
            Some(other) => {
                return Err(format!(
                    "mode: expected \"live\" or \"turn_based\", got {:?}",
                    clip(other)
                ));
            }
        };
        let base_ms = self.base_ms.unwrap_or(180_000);
        if !(1_000..=10_800_000).contains(&base_ms) {
            return Err(format!("base_ms: {base_ms} is outside 1000..=10800000"));
        }
        let increment_ms = self.increment_ms.unwrap_or(0);
        if increment_ms > 60_000 {
            return Err(format!("increment_ms: {increment_ms} is above 60000"));
        }
        let level = self.bot_level.unwrap_or(4);
        if !(1..=10).contains(&level) {
            return Err(format!("bot_level: {level} is outside 1..=10"));
        }
        let bot_nodes = self
            .bot_nodes
            .unwrap_or(bughouse_core::bot::SearchLimits::level(level).nodes);
        if !(1..=400_000).contains(&bot_nodes) {
            return Err(format!("bot_nodes: {bot_nodes} is outside 1..=400000"));
        }
        let bot_delay_ms = self.bot_delay_ms.unwrap_or(500);
        if bot_delay_ms > 60_000 {
            return Err(format!("bot_delay_ms: {bot_delay_ms} is above 60000"));
        }
        let move_cap = self
            .move_cap
            .unwrap_or(bughouse_core::game::DEFAULT_MOVE_CAP);
        if move_cap == 0 || move_cap > bughouse_core::game::MAX_MOVE_CAP {
            return Err(format!(
                "move_cap: {move_cap} is outside 1..={}",
                bughouse_core::game::MAX_MOVE_CAP
            ));
        }
        Ok(TableSpec {
            mode,
            base_ms,
            increment_ms,
            bot_nodes,
            bot_delay_ms,
            move_cap,
        })
    }
}

/// The stable error codes of `error` frames. Game refusals carry the
/// engine's own codes (`ERR_ILLEGAL_MOVE`…, as the Python and Node packages
/// give them); the others are the server's own.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Code {
    /// Not JSON, not an object, an unknown `type` or field, a wrong type.
    BadFrame,
    /// A value out of its range (a seat letter, a time, a name too long).
    BadValue,
    /// No such table.
    UnknownTable,
    /// The seat is held by someone else.
    SeatTaken,
    /// An action from a client that holds no seat.
    NotSeated,
    /// An action naming a seat the client does not hold.
    NotYourSeat,
    /// A reconnect token that does not open a seat of that table.
    BadToken,
    /// The connection is already at a table: leave first.
    AlreadyAtTable,
    /// The game has not started yet.
    NotStarted,
    /// Too many frames: this one was dropped.
    RateLimited,
    /// The core refused the action: the engine's code.
    Game(&'static str),
    /// The server could not do it (the database failed); nothing changed.
    Internal,
}

impl Code {
    /// The string clients branch on.
    pub fn as_str(self) -> &'static str {
        match self {
            Code::BadFrame => "ERR_BAD_FRAME",
            Code::BadValue => "ERR_BAD_VALUE",
            Code::UnknownTable => "ERR_UNKNOWN_TABLE",
            Code::SeatTaken => "ERR_SEAT_TAKEN",
            Code::NotSeated => "ERR_NOT_SEATED",
            Code::NotYourSeat => "ERR_NOT_YOUR_SEAT",
            Code::BadToken => "ERR_BAD_TOKEN",
            Code::AlreadyAtTable => "ERR_ALREADY_AT_TABLE",
            Code::NotStarted => "ERR_NOT_STARTED",
            Code::RateLimited => "ERR_RATE_LIMITED",
            Code::Game(code) => code,
            Code::Internal => "ERR_INTERNAL",
        }
    }

    /// The code of a core refusal: the core's own stable code, the same
    /// the Python and Node packages give.
    pub fn of_game_error(error: &GameError) -> Code {
        Code::Game(error.code().as_str())
    }
}

/// An `error` frame. `message` is for people and never echoes more than a
/// few dozen characters of what the client sent.
pub fn error_frame(code: Code, message: &str) -> String {
    json!({"type": "error", "code": code.as_str(), "message": message}).to_string()
}

/// Cuts client text for quoting in a message.
pub fn clip(text: &str) -> String {
    const MAX: usize = 40;
    if text.chars().count() <= MAX {
        text.to_string()
    } else {
        let cut: String = text.chars().take(MAX).collect();
        format!("{cut}…")
    }
}

/// Reads a seat letter: `A` A-White, `a` A-Black, `B` B-White, `b` B-Black.
pub fn parse_seat(text: &str) -> Result<Seat, String> {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Seat::from_char(c).ok_or(()),
        _ => Err(()),
    }
    .map_err(|()| {
        format!(
            "seat: expected one of \"A\", \"a\", \"B\", \"b\", got {:?}",
            clip(text)
        )
    })
}

/// A seat's letter.
pub fn seat_letter(seat: Seat) -> String {
    seat.char().to_string()
}

/// The `hello` frame sent on connect.
pub fn hello() -> String {
    json!({"type": "hello", "protocol": PROTOCOL_VERSION, "server": "bughouse-server"}).to_string()
}

/// A `pong`.
pub fn pong() -> Value {
    json!({"type": "pong"})
}
