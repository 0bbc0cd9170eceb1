//! Differential: our `Flavour::Crazyhouse` against shakmaty's `Crazyhouse`
//! (standard castling mode) on random play from a position (a FEN line, or
//! a first byte picking a seed position; the bytes after choose moves).
//! At every position: the same legal moves, the same check and checkmate
//! (in the crazyhouse flavour mate is crazyhouse mate), and after every
//! move the same placement, promoted marks, pockets and side to move; every
//! [`FEN_EVERY`] plies and at the end, the same whole position read through
//! our FEN reader (so both writers' spellings compare, with castling, en
//! passant and counters). Positions shakmaty refuses are skipped.
//!
//! Speed (issue 11): the moves are compared as sets of move codes
//! (shakmaty's moves through their UCI form, no text, no sorting), and the
//! text round trips run every [`FEN_EVERY`] plies, not after every move.
//!
//! One known convention differs and is not compared: shakmaty resets the
//! halfmove clock on a pawn drop; we count only pawn moves and captures (the
//! counter is kept for FEN only, R33).
#![no_main]

use bughouse_core::{Board, Color, Flavour, Move, Role, Square};
use bughouse_fuzz::{Bytes, board_and_rest, check_board, check_board_structure};
use libfuzzer_sys::fuzz_target;
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::variant::Crazyhouse;
use shakmaty::{CastlingMode, EnPassantMode, Position};

/// The whole positions (FEN text) are compared every this many plies.
const FEN_EVERY: usize = 16;

/// Our role for shakmaty's.
fn role(r: shakmaty::Role) -> Role {
    match r {
        shakmaty::Role::Pawn => Role::Pawn,
        shakmaty::Role::Knight => Role::Knight,
        shakmaty::Role::Bishop => Role::Bishop,
        shakmaty::Role::Rook => Role::Rook,
        shakmaty::Role::Queen => Role::Queen,
        shakmaty::Role::King => Role::King,
    }
}

fn square(s: shakmaty::Square) -> Square {
    Square::ALL[usize::from(s)]
}

/// shakmaty's move as ours, through its UCI form (castling as the king's
/// two-square move, as ours).
fn our_move(m: &shakmaty::Move) -> Move {
    match m.to_uci(CastlingMode::Standard) {
        UciMove::Normal {
            from,
            to,
            promotion,
        } => Move::Normal {
            from: square(from),
            to: square(to),
            promotion: promotion.map(role),
        },
        UciMove::Put { role: r, to } => Move::Drop {
            role: role(r),
            to: square(to),
        },
        UciMove::Null => panic!("shakmaty listed a null move"),
    }
}

/// A set of moves by their codes ([`Move::to_u16`]): comparing move lists
/// without sorting them.
struct MoveSet([u64; 1024]);

impl MoveSet {
    /// Adds `m`; false when it was there already.
    fn insert(&mut self, m: Move) -> bool {
        let code = usize::from(m.to_u16());
        let (word, bit) = (code / 64, 1u64 << (code % 64));
        let new = self.0[word] & bit == 0;
        self.0[word] |= bit;
        new
    }

    fn contains(&self, m: Move) -> bool {
        let code = usize::from(m.to_u16());
        self.0[code / 64] & (1u64 << (code % 64)) != 0
    }

    /// Empties the set of `moves` (cheaper than clearing it all).
    fn remove_all(&mut self, moves: &[Move]) {
        for m in moves {
            self.0[usize::from(m.to_u16()) / 64] = 0;
        }
    }
}

/// Our legal moves and shakmaty's (as ours, with the moves themselves) are
/// the same set, and ours has no move twice.
fn check_same_moves(
    board: &Board,
    ours: &[Move],
    theirs: &[(Move, shakmaty::Move)],
    set: &mut MoveSet,
    ply: usize,
) {
    let distinct = ours.iter().all(|m| set.insert(*m));
    let same =
        distinct && ours.len() == theirs.len() && theirs.iter().all(|(m, _)| set.contains(*m));
    set.remove_all(ours);
    if !same {
        let sorted = |mut v: Vec<Move>| {
            v.sort_by_key(|m| m.to_u16());
            v
        };
        panic!(
            "legal moves differ at ply {ply} on {board}\nours:   {:?}\ntheirs: {:?}",
            sorted(ours.to_vec()),
            sorted(theirs.iter().map(|(m, _)| *m).collect())
        );
    }
}

/// The same placement, promoted marks, pockets and side to move.
fn check_same_pieces(board: &Board, pos: &Crazyhouse, after: Move) {
    let theirs = pos.board();
    for (color, their_color) in [
        (Color::White, shakmaty::Color::White),
        (Color::Black, shakmaty::Color::Black),
    ] {
        assert_eq!(
            board.by_color(color).0,
            u64::from(theirs.by_color(their_color)),
            "{color:?} pieces differ after {after} on {board}"
        );
        let pockets = pos.pockets().expect("crazyhouse has pockets");
        for r in shakmaty::Role::ALL {
            if r == shakmaty::Role::King {
                continue;
            }
            assert_eq!(
                board.pocket(color).count(role(r)),
                *pockets.get(their_color).get(r),
                "{color:?} pocket differs after {after} on {board}"
            );
        }
    }
    for r in shakmaty::Role::ALL {
        assert_eq!(
            board.by_role(role(r)).0,
            u64::from(theirs.by_role(r)),
            "{r:?} placement differs after {after} on {board}"
        );
    }
    assert_eq!(
        board.promoted().0,
        u64::from(pos.promoted()),
        "promoted marks differ after {after} on {board}"
    );
    let turn = match pos.turn() {
        shakmaty::Color::White => Color::White,
        shakmaty::Color::Black => Color::Black,
    };
    assert_eq!(board.turn(), turn, "side to move after {after} on {board}");
}

/// shakmaty's position read by our FEN reader, with our halfmove clock.
fn as_ours(pos: &Crazyhouse, halfmoves: u32) -> Board {
    let fen = Fen::from_position(pos, EnPassantMode::Legal).to_string();
    let mut fields: Vec<&str> = fen.split(' ').collect();
    let half = halfmoves.to_string();
    if fields.len() == 6 {
        fields[4] = &half;
    }
    let fen = fields.join(" ");
    Board::from_fen(&fen, Flavour::Crazyhouse)
        .unwrap_or_else(|e| panic!("shakmaty's FEN {fen} does not read: {e}"))
}

/// The whole position, through both FEN writers and our reader, and our
/// board's FEN round trip.
fn check_same_position(board: &Board, pos: &Crazyhouse, after: Option<Move>) {
    check_board(board);
    let theirs_board = as_ours(pos, board.halfmoves());
    assert_eq!(
        theirs_board.to_string(),
        board.to_string(),
        "after {after:?} the positions differ"
    );
}

fuzz_target!(|data: &[u8]| {
    let (mut board, rest) = board_and_rest(data, Flavour::Crazyhouse);
    let fen = board.to_string();
    let Ok(setup) = Fen::from_ascii(fen.as_bytes()) else {
        return;
    };
    let Ok(mut pos) = setup.into_position::<Crazyhouse>(CastlingMode::Standard) else {
        return;
    };
    let mut b = Bytes::new(rest);
    let mut last = None;
    let mut set = Box::new(MoveSet([0; 1024]));
    for ply in 0..256 {
        let ours_moves = board.legal_moves();
        let theirs_moves: Vec<(Move, shakmaty::Move)> = pos
            .legal_moves()
            .into_iter()
            .map(|m| (our_move(&m), m))
            .collect();
        check_same_moves(&board, &ours_moves, &theirs_moves, &mut set, ply);
        assert_eq!(board.is_check(), pos.is_check(), "check on {board}");
        assert_eq!(board.is_checkmate(), pos.is_checkmate(), "mate on {board}");
        if ply % FEN_EVERY == 0 {
            check_same_position(&board, &pos, last);
        }
        if ours_moves.is_empty() || b.is_empty() {
            break;
        }
        let i = b.index(ours_moves.len());
        let m = ours_moves[i];
        board
            .play(m)
            .unwrap_or_else(|e| panic!("{m} on {board}: {e}"));
        let (_, theirs_move) = theirs_moves
            .iter()
            .find(|(t, _)| *t == m)
            .expect("the same moves");
        pos.play_unchecked(*theirs_move);
        check_board_structure(&board);
        check_same_pieces(&board, &pos, m);
        last = Some(m);
    }
    check_same_position(&board, &pos, last);
});
