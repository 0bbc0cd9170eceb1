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
    match (ending.kind, game.outcome()) {
        (RecordedKind::Checkmate, Some(o)) => {
            o.reason == EndReason::Checkmate && (ending.loser.is_none() || o.seat == ending.loser)
        }
        (RecordedKind::Checkmate, None) => false,
        (_, outcome) => outcome.is_none(),
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
    game.play_recorded_legal(seat, m, rec.clock_ms)
        .map_err(ReplayErrorKind::Refused)?;
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

/// The moves of a record with their seats (BPGN board letters), clocks, and
/// the termination comment.
struct Moves<'a, 'r> {
    tokens: core::iter::Peekable<super::lexer::Lexer<'a>>,
    record: &'r Record<'a>,
    number: u32,
    letter: Option<u8>,
    termination: Option<&'a [u8]>,
}

struct RecordedMove<'a> {
    number: u32,
    letter: Option<u8>,
    text: &'a [u8],
    clock_ms: Option<i32>,
}

impl<'a> Moves<'a, '_> {
    fn next_move(&mut self) -> Option<RecordedMove<'a>> {
        loop {
            match self.tokens.next()? {
                Token::Number { number, letter, .. } => {
                    self.number = number;
                    self.letter = letter;
                }
                Token::Move(text) => {
                    let clock_ms = match self.tokens.peek() {
                        Some(Token::Comment(c)) => parse_clock(c),
                        _ => None,
                    };
                    if clock_ms.is_some() {
                        self.tokens.next();
                    }
                    self.termination = None;
                    let letter = self.letter.take();
                    return Some(RecordedMove {
                        number: self.number,
                        letter,
                        text,
                        clock_ms,
                    });
                }
                Token::Comment(text) => self.termination = Some(text),
                Token::Result(_) => return None,
            }
        }
    }

    fn finish(mut self) -> RecordedEnding<'a> {
        while self.next_move().is_some() {}
        RecordedEnding::of(self.record, self.termination)
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
        let boards = match self.start_fen().map(parse_bfen) {
            None => [Board::new(), Board::new()],
            Some(Ok(boards)) => boards,
            Some(Err(e)) => {
                game.reset([Board::new(), Board::new()], replay_settings());
                return ReplayReport {
                    moves: 0,
                    error: Some(error(ReplayErrorKind::BadStart(e), None, 0, b"")),
                    ending: RecordedEnding::of(self, None),
                };
            }
        };
        game.reset(boards, replay_settings());
        let mut moves = self.moves();
        let mut count = 0;
        let mut failure = None;
        let mut held = None;
        let mut index = 0;
        while let Some(rec) = moves.next_move() {
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
