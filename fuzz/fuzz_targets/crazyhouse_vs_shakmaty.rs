//! Differential: our `Flavour::Crazyhouse` against shakmaty's `Crazyhouse`
//! (standard castling mode) on random play from a position (a FEN line, or
//! a first byte picking a seed position; the bytes after choose moves).
//! At every position: the same legal moves (sorted UCI), the same check and
//! checkmate (in the crazyhouse flavour mate is crazyhouse mate), and after
//! every move the same position (read through our FEN reader, so both
//! writers' spellings compare). Positions shakmaty refuses are skipped.
//!
//! One known convention differs and is not compared: shakmaty resets the
//! halfmove clock on a pawn drop; we count only pawn moves and captures (the
//! counter is kept for FEN only, R33).
#![no_main]

use bughouse_core::{Board, Flavour};
use bughouse_fuzz::{Bytes, board_and_rest, check_board};
use libfuzzer_sys::fuzz_target;
use shakmaty::fen::Fen;
use shakmaty::variant::Crazyhouse;
use shakmaty::{CastlingMode, EnPassantMode, Position};

/// Our legal moves as sorted UCI.
fn ours(board: &Board) -> Vec<String> {
    let mut moves: Vec<String> = board.legal_moves().iter().map(|m| m.to_string()).collect();
    moves.sort();
    moves
}

/// shakmaty's legal moves as sorted UCI, with the moves themselves.
fn theirs(pos: &Crazyhouse) -> Vec<(String, shakmaty::Move)> {
    let mut moves: Vec<(String, shakmaty::Move)> = pos
        .legal_moves()
        .into_iter()
        .map(|m| (m.to_uci(CastlingMode::Standard).to_string(), m))
        .collect();
    moves.sort_by(|a, b| a.0.cmp(&b.0));
    moves
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
    for ply in 0..256 {
        let ours_moves = ours(&board);
        let theirs_moves = theirs(&pos);
        let theirs_uci: Vec<&String> = theirs_moves.iter().map(|(u, _)| u).collect();
        assert!(
            ours_moves.iter().eq(theirs_uci.iter().copied()),
            "legal moves differ at ply {ply} on {board}\nours:   {ours_moves:?}\ntheirs: {theirs_uci:?}"
        );
        assert_eq!(board.is_check(), pos.is_check(), "check on {board}");
        assert_eq!(board.is_checkmate(), pos.is_checkmate(), "mate on {board}");
        if ours_moves.is_empty() || b.is_empty() {
            break;
        }
        let i = b.index(ours_moves.len());
        let uci = &ours_moves[i];
        let m = bughouse_core::Move::from_uci(uci).expect("our own UCI reads");
        board
            .play(m)
            .unwrap_or_else(|e| panic!("{uci} on {board}: {e}"));
        pos.play_unchecked(theirs_moves[i].1);
        check_board(&board);
        let theirs_board = as_ours(&pos, board.halfmoves());
        assert_eq!(
            theirs_board.to_string(),
            board.to_string(),
            "after {uci} the positions differ"
        );
    }
});
