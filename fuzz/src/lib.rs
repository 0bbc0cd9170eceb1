//! What the fuzz targets share: the seed positions, a byte reader that never
//! runs dry, and the invariants every board must keep.
//!
//! The targets panic (and libFuzzer reports a crash) when an invariant
//! fails; the messages name the position so that a crash is reproducible
//! without the fuzzer.

use std::sync::OnceLock;

use bughouse_core::{Bitboard, Board, Color, Flavour, Role, bfen::parse_bfen};
/// Material counting (R7), shared with the core's tests.
pub use bughouse_testkit::{board_material, match_material};

/// The published perft positions the core is tested against.
const PERFT_FILES: [&str; 3] = [
    include_str!("../../bughouse-core/tests/data/chess.perft"),
    include_str!("../../bughouse-core/tests/data/crazyhouse.perft"),
    include_str!("../../bughouse-core/tests/data/bughouse.perft"),
];

/// Positions the perft files miss: a legal en passant next to promotions
/// and castling, an en passant pinned along the rank (R15), checks a drop
/// could block (R16, R17) and one it could not, a promoted piece (R6), a
/// waiting side (R18), full pockets, and the middle of real games (lichess
/// and FICS crazyhouse records in `bughouse-core/tests/data/corpus/`).
const EXTRA_FENS: [&str; 19] = [
    "4k3/1P6/8/3pP3/8/8/6p1/R3K2R[Nn] w KQ d6 0 1",
    "8/8/8/KPp4r/8/8/8/4k3[] w - c6 0 1",
    "4k3/8/8/8/4r3/8/8/4K3[NQ] w - - 0 1",
    "R5k1/5ppp/8/8/8/8/8/4K3[] b - - 0 1",
    "6Rk/7p/8/8/8/8/8/4K1R1[] b - - 0 1",
    "4k3/8/8/8/8/8/1q~6/4K3[P] w - - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R[Pn] w KQkq - 0 1",
    "r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[QRBNPqrbnp] b KQkq - 0 1",
    "k7/8/8/8/8/8/8/7K[QQRRRRBBBBNNNNPPPPPPPPqqrrrrbbbbnnnnpppppppp] w - - 0 1",
    "r1b1k2r/ppp2ppp/2n5/3np3/1b1P4/2N2N2/PP2BPPP/R2QK2R[Qbp] b KQkq - 0 9",
    "r2q1rk1/ppp2ppp/2np1n2/2b1p1B1/2B1P1b1/2NP1N2/PPP2PPP/R2Q1RK1[] w - - 4 8",
    "rnb1kbnr/pppp1ppp/8/4p3/5PPq/8/PPPPP2P/RNBQKBNR[] w KQkq - 1 3",
    "3r2k1/5ppp/8/8/8/8/5PPP/6K1[] w - - 0 30",
    "4k3/P7/8/8/8/8/7p/4K3[] w - - 0 60",
    "r2Nkb1r/1Bpb1pp1/p3p3/3pPn1p/3P4/2P2P2/P1P1N1PP/R1Bn1RK1[QPq] b kq - 0 16",
    "3rk2r/2pb1pp1/4p3/3p3p/1P1P4/3PbP2/P1P1N1PP/6RK[QRNNNPqbbp] b k - 0 29",
    "b2q1k1r/1bpn1pp1/1p2p2p/pP2N3/2PP1R2/1P2Q3/4BPPP/2R2R1K[BPnnp] b - - 1 29",
    "rq1k1br1/p1pBpp1p/B1p2p2/2Np4/3P4/2P2p2/PPnK1PPP/RNB3R1[qn] b - - 5 16",
    "1R2nk2/p1pq2bp/3p1pp1/1B6/5P2/6QP/P1P2RP1/1R4K1[RPPbbnnnppp] b - - 1 29",
];

/// Starting BFENs for whole games: the standard start, a few made-up ones
/// (full pockets, bare kings, a waiting side in check), and the middle of
/// real matches (after 30 and 60 moves of records in
/// `bughouse-core/tests/data/corpus/`).
pub const SEED_BFENS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1 | rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
    "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R[] w KQkq - 0 5 | rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R[] b KQkq - 1 2",
    "4k3/8/8/8/8/8/8/4K3[QRRBBNNPPPPPPPP] w - - 0 40 | 4k3/8/8/8/8/8/8/4K3[qrrbbnnpppppppp] b - - 0 40",
    "7k/8/8/8/8/8/8/K7[] w - - 0 1 | 7k/8/8/8/8/8/8/K7[] w - - 0 1",
    "R5k1/5ppp/8/8/8/8/8/4K3[] b - - 0 1 | 4k3/8/8/8/8/8/8/4K3[] w - - 0 1",
    "r1bqkb1r/ppp2ppp/2n1p3/8/3P4/P3BP1P/1PP2PP1/R2QKB1R[BNbnp] b KQkq - 0 8 | r2qkbnr/1pp2ppp/p1p2p2/4nQ2/4P3/8/PPPP1PPP/RNB1K2R[NN] b KQkq - 2 8",
    "r6r/pN1bkppp/2p1p3/8/8/P4P1P/1PP2PP1/3RK2R[NPPnp] b K - 3 18 | r2qk1nr/1pp3pp/p2bNpp1/3pn3/5Q2/8/PPPP1PPP/RNB1K2R[QBBBqbbnp] b KQkq - 1 13",
    "3r2r1/ppp1kp1p/4b3/8/8/3BPNnP/2PR2P1/4K1R1[] b - - 6 21 | rnbk1b1r/ppp1qppp/4pN2/4NnPN/3P4/4B3/PPPPPPPP/R2QKB1R[QBPPqbnpppp] b KQ - 4 10",
    "r3k2r/pppq2pp/4p1p1/3pN1nB/4n3/2P2Q2/PPP2PPP/4RRK1[QPq] w kq - 3 18 | r1bNk2r/p1pb1p1p/2Pbpp2/1B1p4/3P4/2P1PN2/PPn3PP/RN1nK2R[BBbp] w KQkq - 4 14",
    "r3bk1r/ppp3pp/3pPb2/7B/P2p1N2/3P4/1PP2PPP/R2Q1RK1[nnp] w - - 2 20 | r2qk2r/ppp1bppp/2n5/3P4/3p1N2/4pN2/PPP1BP1P/R1B2QK1[RBNPPqbn] w kq - 1 12",
    "r1bq1rk1/ppp2ppp/2B1pn1p/2b5/3pPN2/5P2/PPPP1PQP/R1B2RK1[BNNPqn] b - - 2 15 | 3rkb1r/p1p2ppp/2p5/4Q3/4nB2/3NP3/PpP1KPPP/3R3R[Pbn] b k - 1 16",
    "rnbqk2r/pppp1pPp/4pp2/8/3P1B2/3b1N2/P1P2PPP/Q3K2R[QRBBPPbnnp] b Kkq - 0 13 | r7/p1pbkprp/2p2n2/4P3/5p2/2N5/PPP2PPP/2KR4[RBNNqp] b - - 0 18",
    "rn1qkb1r/ppp1r1pp/4Pn2/3pP3/3n4/2N5/PPP1QPpP/R1B1K1R1[BBNPPpp] w Qkq - 1 14 | r1b2k2/p1pp1pbp/2p5/2b5/2B1Pq2/2N5/PPP2PPP/R2Q1RK1[Nnp] w - - 0 18",
];

/// Every seed FEN: the perft positions, then [`EXTRA_FENS`].
pub fn seed_fens() -> Vec<&'static str> {
    let mut out: Vec<&'static str> = PERFT_FILES
        .iter()
        .flat_map(|text| text.lines())
        .filter_map(|line| line.trim().strip_prefix("epd "))
        .collect();
    out.extend(EXTRA_FENS);
    out
}

/// The seed positions in `flavour`, parsed once.
pub fn seed_boards(flavour: Flavour) -> &'static [Board] {
    static BUGHOUSE: OnceLock<Vec<Board>> = OnceLock::new();
    static CRAZYHOUSE: OnceLock<Vec<Board>> = OnceLock::new();
    let cell = match flavour {
        Flavour::Bughouse => &BUGHOUSE,
        Flavour::Crazyhouse => &CRAZYHOUSE,
    };
    cell.get_or_init(|| {
        // The bughouse flavour reads every seed; crazyhouse bounds the
        // material of both colours together, so a few are too rich for it.
        let boards: Vec<Board> = seed_fens()
            .into_iter()
            .filter_map(|fen| match Board::from_fen(fen, flavour) {
                Ok(board) => Some(board),
                Err(e) if flavour == Flavour::Bughouse => {
                    panic!("seed FEN {fen} is refused: {e}")
                }
                Err(_) => None,
            })
            .collect();
        assert!(boards.len() > 20, "{} seed boards", boards.len());
        boards
    })
}

/// The seed BFENs, parsed once.
pub fn seed_bfen_boards() -> &'static [[Board; 2]] {
    static BOARDS: OnceLock<Vec<[Board; 2]>> = OnceLock::new();
    BOARDS.get_or_init(|| {
        SEED_BFENS
            .iter()
            .map(|bfen| {
                parse_bfen(bfen).unwrap_or_else(|e| panic!("seed BFEN {bfen} is refused: {e}"))
            })
            .collect()
    })
}

/// A position and the bytes left over. The input is either a FEN line
/// (`FEN\nrest`, so that the seeds can be read by people) or a first byte
/// that picks one of the seed positions.
pub fn board_and_rest(data: &[u8], flavour: Flavour) -> (Board, &[u8]) {
    if let Some(nl) = data.iter().position(|&b| b == b'\n')
        && let Ok(text) = std::str::from_utf8(&data[..nl])
        && let Ok(board) = Board::from_fen(text, flavour)
    {
        return (board, &data[nl + 1..]);
    }
    let boards = seed_boards(flavour);
    match data.split_first() {
        Some((&i, rest)) => (boards[usize::from(i) % boards.len()], rest),
        None => (boards[0], &[]),
    }
}

/// `board` in `flavour`, if it is a valid board there: crazyhouse bounds
/// the material of both colours together (R7 for one board), so a rich
/// bughouse board may be none. (`Board::with_flavour` does not check.)
pub fn in_flavour(board: &Board, flavour: Flavour) -> Option<Board> {
    Board::from_fen(&board.to_string(), flavour).ok()
}

/// Reads fuzz bytes as small numbers; past the end it reads zeros, so a
/// decoder never fails and short inputs still mean something.
#[derive(Clone, Debug)]
pub struct Bytes<'a> {
    data: &'a [u8],
}

impl<'a> Bytes<'a> {
    /// A reader over `data`.
    pub fn new(data: &'a [u8]) -> Bytes<'a> {
        Bytes { data }
    }

    /// Whether every byte was read.
    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    /// The next byte, or 0.
    pub fn u8(&mut self) -> u8 {
        match self.data.split_first() {
            Some((&b, rest)) => {
                self.data = rest;
                b
            }
            None => 0,
        }
    }

    /// Two bytes, little-endian.
    pub fn u16(&mut self) -> u16 {
        u16::from_le_bytes([self.u8(), self.u8()])
    }

    /// Four bytes, little-endian.
    pub fn u32(&mut self) -> u32 {
        u32::from_le_bytes([self.u8(), self.u8(), self.u8(), self.u8()])
    }

    /// Up to `n` bytes.
    pub fn take(&mut self, n: usize) -> &'a [u8] {
        let (head, tail) = self.data.split_at(n.min(self.data.len()));
        self.data = tail;
        head
    }

    /// An index below `len` (which must not be 0).
    pub fn index(&mut self, len: usize) -> usize {
        usize::from(self.u16()) % len
    }
}

/// Every invariant of a board built by the crate: [`check_board_structure`]
/// and the FEN round trip (reads back equal and writes back the same text).
pub fn check_board(board: &Board) {
    check_board_structure(board);
    let text = board.to_string();
    let again = Board::from_fen(&text, board.flavour())
        .unwrap_or_else(|e| panic!("written FEN {text} does not read back: {e}"));
    assert_eq!(again, *board, "FEN {text} reads back different");
    assert_eq!(again.to_string(), text, "FEN {text} writes back different");
}

/// The invariants of a board that need no text: one king each, no pawn on
/// rank 1 or 8, the side not to move not in check, consistent bitboards and
/// promoted marks, the incremental hash equal to the one computed from
/// scratch, and the status queries agreeing with the move list. Cheap
/// enough for every position a stateful target walks; the FEN round trip
/// of [`check_board`] is for fewer positions.
pub fn check_board_structure(board: &Board) {
    for color in Color::ALL {
        assert_eq!(
            board.by_piece(Role::King.of(color)).count(),
            1,
            "{color:?} king count on {board}"
        );
    }
    assert!(
        (board.by_role(Role::Pawn) & Bitboard::BACKRANKS).is_empty(),
        "pawn on a back rank: {board}"
    );
    let moved = board.turn().other();
    assert!(
        board
            .attackers_to(board.king_of(moved), board.turn(), board.occupied())
            .is_empty(),
        "the side that just moved is in check: {board}"
    );
    assert!(
        (board.by_color(Color::White) & board.by_color(Color::Black)).is_empty(),
        "a square of both colours: {board}"
    );
    let mut roles = Bitboard::EMPTY;
    for role in Role::ALL {
        assert!(
            (roles & board.by_role(role)).is_empty(),
            "a square of two roles: {board}"
        );
        roles |= board.by_role(role);
    }
    assert_eq!(
        roles,
        board.occupied(),
        "roles and colours disagree: {board}"
    );
    let unpromotable = board.by_role(Role::Pawn) | board.by_role(Role::King);
    assert!(
        (board.promoted() - board.occupied()).is_empty()
            && (board.promoted() & unpromotable).is_empty(),
        "promoted mark on an empty square, a pawn or a king: {board}"
    );
    assert_eq!(board.hash(), board.compute_hash(), "hash of {board}");

    let legal = board.legal_moves();
    assert_eq!(board.has_legal_move(), !legal.is_empty(), "{board}");
    assert_eq!(board.count_legal_moves(), legal.len() as u64, "{board}");
    if board.is_checkmate() {
        assert!(
            board.is_check() && legal.is_empty(),
            "mate without check: {board}"
        );
    }
    if legal.is_empty() {
        // Bughouse: mate or waiting (R16, R18); the crazyhouse flavour has
        // stalemate, a draw, where bughouse waits.
        assert!(
            board.is_checkmate() || board.is_waiting() || board.is_stalemate(),
            "no move, neither mate nor waiting nor stalemate: {board}"
        );
        assert!(
            !board.is_stalemate() || board.flavour() == Flavour::Crazyhouse,
            "stalemate in the bughouse flavour: {board}"
        );
    }
}
