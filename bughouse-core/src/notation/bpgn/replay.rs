//! Replays a record through the rules: every move must be legal, and the
//! ending the engine finds must agree with the one recorded.
//!
//! The recorded clocks are data, not a referee: a replay never ends a game on
//! time by itself (FICS records moves made with a negative clock; its
//! termination comment says who flagged). The replay plays with the largest
//! move cap, since archives know no cap.

use core::fmt;

use super::ending::{RecordedEnding, RecordedKind};
use super::lexer::{Token, parse_clock};
use super::reader::Record;
use crate::{
    Board, EndReason, FenError, Flavour, Game, GameError, GameSettings, MAX_MOVE_CAP, Mode,
    MoveTextError, Outcome, San, SanError, Seat, Seats, parse_bfen,
};

/// What went wrong at one move of a record.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ReplayErrorKind {
    /// The record's `FEN` tag is not a valid (B)FEN.
    BadStart(FenError),
    /// A move in a bughouse record without a board letter before it.
    NoSeat,
    /// The seat's colour is not to move on its board.
    NotYourTurn,
    /// The move text is not SAN.
    Invalid(MoveTextError),
    /// The SAN names no legal move, or several.
    Illegal(SanError),
    /// The game refused the move.
    Refused(GameError),
    /// The engine ended the game before the record did.
    EndedEarly(Outcome),
    /// A tag names a rule this engine does not play, or a setting it cannot
    /// read: the tag's name (its value is the error's `text`). The record
    /// is never replayed under other rules.
    UnsupportedRule(&'static str),
}

impl fmt::Display for ReplayErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayErrorKind::BadStart(e) => write!(f, "bad FEN tag: {e}"),
            ReplayErrorKind::NoSeat => f.write_str("no board letter names the seat"),
            ReplayErrorKind::NotYourTurn => f.write_str("not that seat's turn on its board"),
            ReplayErrorKind::Invalid(e) => write!(f, "{e}"),
            ReplayErrorKind::Illegal(e) => write!(f, "{e}"),
            ReplayErrorKind::Refused(e) => write!(f, "{e}"),
            ReplayErrorKind::EndedEarly(o) => write!(f, "the game had already ended: {o}"),
            ReplayErrorKind::UnsupportedRule(tag) => {
                write!(f, "the {tag} tag names a rule this engine does not play")
            }
        }
    }
}

/// A record that breaks the rules: which game, which move, which seat, what
/// text, and why.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ReplayError<'a> {
    /// The game's position in the archive, from 1.
    pub game: usize,
    /// The move number as written (0 before the first move).
    pub move_number: u32,
    /// The seat that was to move, if known.
    pub seat: Option<Seat>,
    /// The move text as written.
    pub text: &'a [u8],
    /// Why the move was refused.
    pub kind: ReplayErrorKind,
}

impl fmt::Display for ReplayError<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {}, move {}", self.game, self.move_number)?;
        if let Some(seat) = self.seat {
            write!(f, "{} ({seat})", seat.char())?;
        }
        f.write_str(" '")?;
        for &b in self.text {
            let c = if b.is_ascii_graphic() || b == b' ' {
                char::from(b)
            } else {
                '?'
            };
            write!(f, "{c}")?;
        }
        write!(f, "': {}", self.kind)
    }
}

/// A bughouse record replayed.
#[derive(Clone, Debug)]
pub struct Replay<'a> {
    /// The game as far as the record went (or up to the refused move).
    pub game: Game,
    /// How many moves were replayed.
    pub moves: usize,
    /// Why replay stopped early, if it did.
    pub error: Option<ReplayError<'a>>,
    /// The ending the record states.
    pub ending: RecordedEnding<'a>,
}

impl Replay<'_> {
    /// Writes the replayed game back as BPGN, keeping the record's ending
    /// when the moves do not show it (see [`super::write_with_ending`]).
    ///
    /// # Errors
    ///
    /// As [`super::write_bpgn`].
    pub fn write_bpgn<W: fmt::Write>(
        &self,
        tags: &[(&str, &str)],
        out: &mut W,
    ) -> Result<(), super::WriteError> {
        super::write_with_ending(&self.game, tags, Some(&self.ending), out)
    }

    /// Whether the engine agrees with the record: a recorded checkmate is a
    /// bughouse checkmate of the same seat at the last move (R16), and no
    /// other record ends by a rule the engine applied first.
    pub fn agrees(&self) -> bool {
        self.error.is_none() && ending_agrees(&self.ending, &self.game)
    }
}

/// What replaying a record into a caller's [`Game`] found.
#[derive(Copy, Clone, Debug)]
pub struct ReplayReport<'a> {
    /// How many moves were replayed.
    pub moves: usize,
    /// Why replay stopped early, if it did.
    pub error: Option<ReplayError<'a>>,
    /// The ending the record states.
    pub ending: RecordedEnding<'a>,
}

impl ReplayReport<'_> {
    /// As [`Replay::agrees`], for the game this report was replayed into.
    pub fn agrees(&self, game: &Game) -> bool {
        self.error.is_none() && ending_agrees(&self.ending, game)
    }
}

fn ending_agrees(ending: &RecordedEnding<'_>, game: &Game) -> bool {
    let Some(o) = game.outcome() else {
        // The engine found no ending: any the record states came from
        // outside the moves (a resignation, a flag, an agreement), except a
        // checkmate, which the moves must show.
        return ending.kind != RecordedKind::Checkmate;
    };
    let same_loser = ending.loser.is_none() || o.seat == ending.loser;
    match ending.kind {
        // A record that claims no ending (`*`, or no termination comment)
        // cannot contradict the engine's.
        RecordedKind::Unknown => true,
        RecordedKind::Checkmate => o.reason == EndReason::Checkmate && same_loser,
        RecordedKind::Time => o.reason == EndReason::Time && same_loser,
        RecordedKind::Resignation => o.reason == EndReason::Resignation && same_loser,
        RecordedKind::Abandonment => o.reason == EndReason::Abandonment && same_loser,
        RecordedKind::Draw => o.is_draw(),
        RecordedKind::Aborted => false,
    }
}

/// A single-board (crazyhouse) record replayed.
#[derive(Clone, Debug)]
pub struct BoardReplay<'a> {
    /// The position reached.
    pub board: Board,
    /// How many moves were replayed.
    pub moves: usize,
    /// Why replay stopped early, if it did.
    pub error: Option<ReplayError<'a>>,
    /// The ending the record states.
    pub ending: RecordedEnding<'a>,
}

impl BoardReplay<'_> {
    /// Whether a recorded checkmate is mate on the board reached.
    pub fn agrees(&self) -> bool {
        self.error.is_none()
            && (self.ending.kind != RecordedKind::Checkmate || self.board.is_checkmate())
    }
}

/// Plays one recorded move: the seat from its board letter, the move from
/// its SAN on that seat's board.
fn play_recorded(game: &mut Game, rec: &RecordedMove<'_>) -> Result<(), ReplayErrorKind> {
    let seat = rec
        .letter
        .and_then(|l| Seat::from_char(char::from(l)))
        .ok_or(ReplayErrorKind::NoSeat)?;
    if let Some(outcome) = game.outcome() {
        return Err(ReplayErrorKind::EndedEarly(outcome));
    }
    let board = game.board(seat.board);
    if board.turn() != seat.color {
        return Err(ReplayErrorKind::NotYourTurn);
    }
    let san = San::from_ascii(rec.text).map_err(ReplayErrorKind::Invalid)?;
    let m = san.to_move(board).map_err(ReplayErrorKind::Illegal)?;
    game.play_recorded_legal(seat, m, rec.at_ms, rec.clock_ms)
        .map_err(ReplayErrorKind::Refused)?;
    Ok(())
}

/// Applies one of the engine's command comments to the game.
fn apply_command(game: &mut Game, c: &Command) -> Result<(), ReplayErrorKind> {
    use crate::ActionKind;
    let refused = ReplayErrorKind::Refused;
    let seat = c.seat.ok_or(ReplayErrorKind::NoSeat);
    match c.kind {
        Some(ActionKind::Sit) => {
            if let Some(at) = c.at_ms.filter(|&at| at > game.now_ms()) {
                game.tick(at).map_err(refused)?;
            }
            game.sit(seat?).map_err(refused)?;
        }
        Some(ActionKind::Tick) => {
            game.tick(c.at_ms.unwrap_or(game.now_ms()))
                .map_err(refused)?;
        }
        Some(ActionKind::OfferDraw) => {
            game.offer_draw(seat?).map_err(refused)?;
        }
        Some(ActionKind::WithdrawDraw) => {
            game.withdraw_draw(seat?).map_err(refused)?;
        }
        Some(ActionKind::Resign) => {
            game.resign(seat?, c.at_ms).map_err(refused)?;
        }
        Some(ActionKind::Abandon) => {
            game.abandon(seat?, c.at_ms).map_err(refused)?;
        }
        Some(ActionKind::Move(_)) | None => {}
    }
    Ok(())
}

/// Settings for replaying archives: live, no clocks, the largest cap.
pub fn replay_settings() -> GameSettings {
    GameSettings {
        mode: Mode::Live,
        time_control: None,
        humans: Seats::all(),
        move_cap: MAX_MOVE_CAP,
    }
}

/// The moves of a record with their seats (BPGN board letters), clocks,
/// timestamps and the engine's commands, and the termination comment.
struct Moves<'a, 'r> {
    tokens: core::iter::Peekable<super::lexer::Lexer<'a>>,
    record: &'r Record<'a>,
    number: u32,
    letter: Option<u8>,
    termination: Option<&'a [u8]>,
    last_move: Option<(Option<u8>, &'a [u8])>,
    result: &'a [u8],
}

struct RecordedMove<'a> {
    number: u32,
    letter: Option<u8>,
    text: &'a [u8],
    clock_ms: Option<i32>,
    /// The exact timestamp, from a `{[ts=…]}` comment after the move.
    at_ms: Option<u64>,
}

/// What the engine's command comments say (`{[sit=A][ts=1.5]}`,
/// `{[offer=b]}`, `{[tick=60]}`, `{[resign=B][ts=3]}`): one action of the
/// log that is not a move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Command {
    /// The action; `None` for a lone `[ts=…]`, a move's timestamp.
    pub(crate) kind: Option<crate::ActionKind>,
    pub(crate) seat: Option<Seat>,
    pub(crate) at_ms: Option<u64>,
}

/// Reads a command comment: `[key=value]` groups, keys `sit`, `offer`,
/// `withdraw`, `resign`, `abandon` (a seat letter), `tick` and `ts`
/// (seconds with up to three decimals). `None` for any other comment.
fn parse_command(comment: &[u8]) -> Option<Command> {
    use crate::ActionKind;
    let mut text = comment.trim_ascii();
    let mut command = Command {
        kind: None,
        seat: None,
        at_ms: None,
    };
    if !text.starts_with(b"[") {
        return None;
    }
    while let Some(rest) = text.strip_prefix(b"[") {
        let close = rest.iter().position(|&c| c == b']')?;
        let group = core::str::from_utf8(&rest[..close]).ok()?;
        text = rest[close + 1..].trim_ascii_start();
        let (key, value) = group.split_once('=')?;
        let seat = || {
            let mut chars = value.chars();
            let seat = Seat::from_char(chars.next()?)?;
            chars.next().is_none().then_some(seat)
        };
        let seconds = || crate::game::clock::parse_seconds(value).ok();
        match key {
            "ts" => command.at_ms = Some(seconds()?),
            "tick" => {
                command.kind = Some(ActionKind::Tick);
                command.at_ms = Some(seconds()?);
            }
            "sit" | "offer" | "withdraw" | "resign" | "abandon" => {
                command.kind = Some(match key {
                    "sit" => ActionKind::Sit,
                    "offer" => ActionKind::OfferDraw,
                    "withdraw" => ActionKind::WithdrawDraw,
                    "resign" => ActionKind::Resign,
                    _ => ActionKind::Abandon,
                });
                command.seat = Some(seat()?);
            }
            _ => return None,
        }
    }
    // A lone `[ts=…]` is a move's timestamp (bughouse.pro writes these).
    (text.is_empty() && (command.kind.is_some() || command.at_ms.is_some())).then_some(command)
}

/// One step of a record: a move, or an engine command.
enum Event<'a> {
    Move(RecordedMove<'a>),
    Command(Command),
}

impl<'a> Moves<'a, '_> {
    fn next_event(&mut self) -> Option<Event<'a>> {
        loop {
            match self.tokens.next()? {
                Token::Number { number, letter, .. } => {
                    self.number = number;
                    self.letter = letter;
                }
                Token::Move(text) => {
                    // A clock comment and a timestamp, in either order.
                    let (mut clock_ms, mut at_ms) = (None, None);
                    for _ in 0..2 {
                        let Some(Token::Comment(c)) = self.tokens.peek() else {
                            break;
                        };
                        if let (None, Some(ms)) = (clock_ms, parse_clock(c)) {
                            clock_ms = Some(ms);
                        } else if let (
                            None,
                            Some(Command {
                                kind: None,
                                at_ms: ts,
                                ..
                            }),
                        ) = (at_ms, parse_command(c))
                        {
                            at_ms = ts;
                        } else {
                            break;
                        }
                        self.tokens.next();
                    }
                    self.termination = None;
                    let letter = self.letter.take();
                    self.last_move = Some((letter, text));
                    return Some(Event::Move(RecordedMove {
                        number: self.number,
                        letter,
                        text,
                        clock_ms,
                        at_ms,
                    }));
                }
                Token::Comment(text) => match parse_command(text) {
                    Some(c) if c.kind.is_some() => return Some(Event::Command(c)),
                    Some(_) => {}
                    None if parse_clock(text).is_some() => {}
                    None => self.termination = Some(text),
                },
                Token::Result(r) => {
                    self.result = r;
                    return None;
                }
            }
        }
    }

    fn next_move(&mut self) -> Option<RecordedMove<'a>> {
        loop {
            if let Event::Move(m) = self.next_event()? {
                return Some(m);
            }
        }
    }

    /// The ending the record states: its termination comment, or a `#` on
    /// its last move when it has none; a `*` result claims no ending.
    fn finish(mut self) -> RecordedEnding<'a> {
        while self.next_event().is_some() {}
        let mut ending = RecordedEnding::of(self.record, self.termination);
        ending.result = self.result;
        if self.result == b"*" {
            ending.kind = RecordedKind::Unknown;
            ending.loser = None;
        } else if ending.kind == RecordedKind::Unknown && self.termination.is_none() {
            if let Some((letter, _)) = self.last_move.filter(|(_, t)| t.contains(&b'#')) {
                ending.kind = RecordedKind::Checkmate;
                ending.loser = letter
                    .and_then(|l| Seat::from_char(char::from(l)))
                    .map(Seat::opponent);
            }
        }
        ending
    }
}

impl<'a> Record<'a> {
    fn moves<'r>(&'r self) -> Moves<'a, 'r> {
        Moves {
            tokens: self.tokens().peekable(),
            record: self,
            number: 0,
            letter: None,
            termination: None,
            last_move: None,
            result: b"",
        }
    }

    fn start_fen(&self) -> Option<&'a str> {
        self.tag("FEN").and_then(|v| core::str::from_utf8(v).ok())
    }

    /// Replays this record as a bughouse match through [`Game`], in record
    /// order; stops at the first move the rules refuse.
    ///
    /// Records rebuilt from two per-board archives (chess.com) order moves of
    /// different boards by their clocks, which is approximate: a move of the
    /// other board may be listed after the mate that ended the match. When
    /// the rules end the game early and only moves of the other board follow,
    /// the replay tries again with the ending move played last.
    pub fn replay(&self) -> Replay<'a> {
        let mut game = Game::build([Board::new(), Board::new()], replay_settings());
        let report = self.replay_into(&mut game);
        Replay {
            game,
            moves: report.moves,
            error: report.error,
            ending: report.ending,
        }
    }

    /// As [`Record::replay`], into a game the caller keeps: it is reset to the
    /// record's start, so one `Game` can replay a whole archive without
    /// copying its fixed-capacity history around.
    pub fn replay_into(&self, game: &mut Game) -> ReplayReport<'a> {
        let first = self.replay_deferring(game, None);
        let Some(ReplayError {
            kind: ReplayErrorKind::EndedEarly(_),
            ..
        }) = first.error
        else {
            return first;
        };
        let ending_board = game.history().last().and_then(|a| a.seat).map(|s| s.board);
        let mut moves = self.moves();
        let mut i = 0;
        let mut rest_on_other_board = true;
        while let Some(rec) = moves.next_move() {
            if i >= first.moves {
                let board = rec
                    .letter
                    .and_then(|l| Seat::from_char(char::from(l)))
                    .map(|s| s.board);
                rest_on_other_board &= board != ending_board;
            }
            i += 1;
        }
        if rest_on_other_board {
            let second = self.replay_deferring(game, first.moves.checked_sub(1));
            if second.error.is_none() {
                return second;
            }
        }
        self.replay_deferring(game, None)
    }

    fn replay_deferring(&self, game: &mut Game, defer: Option<usize>) -> ReplayReport<'a> {
        let error = |kind, seat, number, text| ReplayError {
            game: self.number,
            move_number: number,
            seat,
            text,
            kind,
        };
        let stop = |game: &mut Game, kind, text| {
            game.reset([Board::new(), Board::new()], replay_settings());
            ReplayReport {
                moves: 0,
                error: Some(error(kind, None, 0, text)),
                ending: RecordedEnding::of(self, None),
            }
        };
        let settings = match self.settings() {
            Ok(settings) => settings,
            Err((kind, value)) => return stop(game, kind, value),
        };
        let boards = match self.start_fen().map(parse_bfen) {
            None => [Board::new(), Board::new()],
            Some(Ok(boards)) => boards,
            Some(Err(e)) => return stop(game, ReplayErrorKind::BadStart(e), b""),
        };
        game.reset(boards, settings);
        let mut moves = self.moves();
        let mut count = 0;
        let mut failure = None;
        let mut held = None;
        let mut index = 0;
        while let Some(event) = moves.next_event() {
            let rec = match event {
                Event::Command(c) => {
                    if let Err(kind) = apply_command(game, &c) {
                        failure = Some(error(kind, c.seat, moves.number, b""));
                        break;
                    }
                    continue;
                }
                Event::Move(rec) => rec,
            };
            if Some(index) == defer {
                held = Some(rec);
                index += 1;
                continue;
            }
            index += 1;
            if let Err(kind) = play_recorded(game, &rec) {
                let seat = rec.letter.and_then(|l| Seat::from_char(char::from(l)));
                failure = Some(error(kind, seat, rec.number, rec.text));
                break;
            }
            count += 1;
        }
        if let (Some(rec), None) = (held, failure) {
            match play_recorded(game, &rec) {
                Ok(()) => count += 1,
                Err(kind) => {
                    let seat = rec.letter.and_then(|l| Seat::from_char(char::from(l)));
                    failure = Some(error(kind, seat, rec.number, rec.text));
                }
            }
        }
        let ending = moves.finish();
        ReplayReport {
            moves: count,
            error: failure,
            ending,
        }
    }

    /// The settings a record is replayed with: live (or the `Mode` tag's
    /// way of playing), its `Humans` and `MoveCap` tags (an archive without
    /// one gets the largest cap, [`MAX_MOVE_CAP`]: archives know no cap),
    /// and its `TimeControl` as the referee's clocks when the record was
    /// written by this engine (it has a `Mode` tag and no `Clocks "none"`,
    /// and exact `[ts=…]` timestamps on its moves). Other archives' clocks
    /// stay data: FICS clocks are lag
    /// compensated and go negative, so they cannot referee.
    ///
    /// # Errors
    ///
    /// A rule tag naming a rule this engine does not play (a `Variant`
    /// other than bughouse, Chess960, `Promotion` "Steal", a
    /// `DropAggression` or `PawnDropRanks` that restricts drops), or an
    /// unreadable `Mode`, `Humans` or `MoveCap`: the rule's tag and the
    /// value as written.
    pub fn settings(&self) -> Result<GameSettings, (ReplayErrorKind, &'a [u8])> {
        let mut settings = replay_settings();
        let mut engine_record = false;
        let mut no_clocks = false;
        for (name, value) in self.tags() {
            let text = core::str::from_utf8(value).unwrap_or("\u{fffd}").trim();
            let is = |names: &[&str]| names.iter().any(|n| text.eq_ignore_ascii_case(n));
            let refuse = |tag: &'static str| Err((ReplayErrorKind::UnsupportedRule(tag), value));
            match name {
                b"Variant" if !is(&["bughouse", "bughouse chess", "bug"]) => {
                    return refuse("Variant");
                }
                b"Chess960" | b"FischerRandom" if !is(&["0", "false", "no", ""]) => {
                    return refuse("Chess960");
                }
                b"Promotion" if !is(&["upgrade", "standard", "normal", "regular"]) => {
                    return refuse("Promotion");
                }
                b"DropAggression" if !is(&["no restriction", "none", "any", "mate allowed"]) => {
                    return refuse("DropAggression");
                }
                b"PawnDropRanks" if !is(&["2-7", "2-7 2-7"]) => return refuse("PawnDropRanks"),
                b"Mode" => {
                    engine_record = true;
                    settings.mode = match text {
                        "live" => Mode::Live,
                        "turn_based" => Mode::TurnBased,
                        _ => return refuse("Mode"),
                    };
                }
                b"Clocks" => no_clocks = text == "none",
                b"Humans" => match Seats::from_letters(text) {
                    Some(humans) => settings.humans = humans,
                    None => return refuse("Humans"),
                },
                b"MoveCap" => match text.parse::<u16>() {
                    Ok(cap) if (1..=MAX_MOVE_CAP).contains(&cap) => settings.move_cap = cap,
                    _ => return refuse("MoveCap"),
                },
                _ => {}
            }
        }
        if engine_record && !no_clocks {
            settings.time_control = self
                .tag("TimeControl")
                .and_then(|v| core::str::from_utf8(v).ok())
                .and_then(|t| t.parse().ok());
        }
        Ok(settings)
    }

    /// Replays this record as a single-board game in `flavour` (crazyhouse
    /// archives: [`Flavour::Crazyhouse`]), White and Black alternating.
    pub fn replay_board(&self, flavour: Flavour) -> BoardReplay<'a> {
        self.replay_board_each(flavour, &mut |_, _| {})
    }

    /// As [`Record::replay_board`], calling `on_move(board, move)` with the
    /// position before each move replayed: how a caller keeps the game's
    /// moves (a move stack, a list of positions) without a second replay.
    ///
    /// ```
    /// use bughouse_core::{Flavour, bpgn::BpgnReader};
    /// let record = BpgnReader::new(b"1. e4 e5 2. Nf3 *\n").next().unwrap();
    /// let mut seen = 0;
    /// let replay = record.replay_board_each(Flavour::Crazyhouse, &mut |_, _| seen += 1);
    /// assert_eq!((seen, replay.moves), (3, 3));
    /// ```
    pub fn replay_board_each(
        &self,
        flavour: Flavour,
        on_move: &mut impl FnMut(&Board, crate::Move),
    ) -> BoardReplay<'a> {
        let error = |kind, seat, number, text| ReplayError {
            game: self.number,
            move_number: number,
            seat,
            text,
            kind,
        };
        let mut board = match self.start_fen().map(|f| Board::from_fen(f, flavour)) {
            Some(Ok(board)) => board,
            None => Board::new_with(flavour),
            Some(Err(e)) => {
                return BoardReplay {
                    board: Board::new_with(flavour),
                    moves: 0,
                    error: Some(error(ReplayErrorKind::BadStart(e), None, 0, b"")),
                    ending: RecordedEnding::of(self, None),
                };
            }
        };
        let mut moves = self.moves();
        let mut count = 0;
        let mut failure = None;
        while let Some(rec) = moves.next_move() {
            let seat = Some(Seat::new(crate::BoardId::A, board.turn()));
            let result = San::from_ascii(rec.text)
                .map_err(ReplayErrorKind::Invalid)
                .and_then(|san| san.to_move(&board).map_err(ReplayErrorKind::Illegal));
            match result {
                Ok(m) => {
                    on_move(&board, m);
                    board.play_unchecked(m);
                    count += 1;
                }
                Err(kind) => {
                    failure = Some(error(kind, seat, rec.number, rec.text));
                    break;
                }
            }
        }
        let ending = moves.finish();
        BoardReplay {
            board,
            moves: count,
            error: failure,
            ending,
        }
    }
}
