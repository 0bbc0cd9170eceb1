//! `Game`'s actions as both builds expose them: each checks its arguments
//! in the order F12 gives (the game is on, a known seat, a timestamp that is
//! a non-negative integer), then the core checks the rest and returns its
//! [`core::Report`] (issue 17), which the build keeps, with the core's
//! snapshot taken after it, for `game.report` and returns through
//! [`crate::shapes::report`]. Nothing changes on error,
//! except that a flag found fallen ends the game at its time (F2).
//!
//! Also `Game.fromBpgn`: a game restored from the engine's own BPGN.

use bughouse_core as core;
use bughouse_core::bpgn::BpgnReader;

use crate::args;
use crate::error::{self, Code, Result};

/// `push(seat, move, atMs)`: a move or drop as UCI or SAN (N3).
pub fn push(
    g: &mut core::Game,
    seat: &str,
    text: &str,
    at_ms: Option<f64>,
) -> Result<core::Report> {
    let seat = g.acting_seat(seat).map_err(error::game)?;
    let at_ms = args::maybe_timestamp("atMs", at_ms)?;
    g.play_text(seat, text, at_ms).map_err(error::game)
}

/// `sit(seat)` (R24).
pub fn sit(g: &mut core::Game, seat: &str) -> Result<core::Report> {
    let seat = g.acting_seat(seat).map_err(error::game)?;
    g.sit(seat).map_err(error::game)
}

/// `tick(atMs)` (R21, F2).
pub fn tick(g: &mut core::Game, at_ms: f64) -> Result<core::Report> {
    g.ensure_open().map_err(error::game)?;
    let at_ms = args::timestamp("atMs", at_ms)?;
    g.tick(at_ms).map_err(error::game)
}

/// `resign(seat, atMs)` (R29, F10).
pub fn resign(g: &mut core::Game, seat: &str, at_ms: Option<f64>) -> Result<core::Report> {
    let seat = g.acting_seat(seat).map_err(error::game)?;
    let at_ms = args::maybe_timestamp("atMs", at_ms)?;
    g.resign(seat, at_ms).map_err(error::game)
}

/// `abandon(seat, atMs)` (R29, F10).
pub fn abandon(g: &mut core::Game, seat: &str, at_ms: Option<f64>) -> Result<core::Report> {
    let seat = g.acting_seat(seat).map_err(error::game)?;
    let at_ms = args::maybe_timestamp("atMs", at_ms)?;
    g.abandon(seat, at_ms).map_err(error::game)
}

/// `offerDraw(seat)` (R30, F11).
pub fn offer_draw(g: &mut core::Game, seat: &str) -> Result<core::Report> {
    let seat = g.acting_seat(seat).map_err(error::game)?;
    g.offer_draw(seat).map_err(error::game)
}

/// `withdrawDraw(seat)` (R30).
pub fn withdraw_draw(g: &mut core::Game, seat: &str) -> Result<core::Report> {
    let seat = g.acting_seat(seat).map_err(error::game)?;
    g.withdraw_draw(seat).map_err(error::game)
}

/// A resignation's or abandonment's ending: its report always carries one;
/// should it not, an error rather than a panic.
pub fn ending(r: &core::Report) -> Result<core::Outcome> {
    r.outcome().ok_or_else(|| {
        error::error(
            Code::Core(core::ErrorCode::GameOver),
            "the game reported no ending",
        )
    })
}

/// `clock(seat, atMs)`: ms left on `seat`'s clock at the game's time, or
/// at `atMs` (nothing changes); `None` without clocks.
pub fn clock(g: &core::Game, seat: &str, at_ms: Option<f64>) -> Result<Option<u64>> {
    let seat = args::seat(seat)?;
    match args::maybe_timestamp("atMs", at_ms)? {
        None => Ok(g.clock_ms(seat)),
        Some(at) => g.clock_ms_at(seat, at).map_err(error::game),
    }
}

/// `Game.fromBpgn(text)`: the first record of `bytes` replayed with the
/// settings its tags give (the engine's own BPGN keeps the way of playing,
/// clocks, humans, move cap and exact timestamps, so the game read back is
/// the one written, live or turn-based, ended or not). `ERR_INVALID_BPGN`
/// when the text holds no record, a tag names a rule this engine does not
/// play, or the rules refuse a move (the message says which and why).
pub fn from_bpgn(bytes: &[u8]) -> Result<core::Game> {
    let Some(record) = BpgnReader::new(bytes).next() else {
        return Err(error::error(
            Code::InvalidBpgn,
            "Game.fromBpgn: no BPGN game record in the text (N4)",
        ));
    };
    let replay = record.replay();
    if let Some(e) = replay.error {
        return Err(error::error(
            Code::InvalidBpgn,
            format!("Game.fromBpgn: {e}"),
        ));
    }
    Ok(replay.game)
}
