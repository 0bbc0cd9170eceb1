//! Bad FEN and UCI text never panics: arbitrary strings, strings over the
//! FEN alphabet, and valid FENs and moves with random edits. Every error
//! points inside the text (or just past its end, for text that stops too
//! early); every text that is accepted writes back (`Display`) to text that
//! reads back to the same value. Boards that are accepted are also walked —
//! legal moves, status, every move played — so no accepted position can
//! make the generator panic.

use bughouse_core::{Board, Flavour, Move};
use proptest::prelude::*;

const VALID_FENS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R[] w KQkq - 0 1",
    "r1bqk2r/pppp1ppp/2n2n2/4p3/1bB1P3/2N2N2/PPPP1PPP/R1BQK2R[QRBNPqrbnp] w KQkq - 0 1",
    "r1b1k2r/ppp2ppp/2n5/3pP3/1b1P4/2q2N2/PP3PPP/R1BQKB1R[QRBNPPqrbnpp] w KQkq - 0 10",
    "4k3/1Q~6/8/8/4b3/8/Kpp5/8/ b - - 0 1",
    "2k5/8/8/8/8/8/8/4K3/Qn w - -",
    "4k3/8/8/2pP4/8/8/8/4K3[Pp] w - c6 0 2",
    "R5k1/5ppp/8/8/8/8/8/4K3[pp] b - - 0 1",
];

const VALID_UCI: &[&str] = &["e2e4", "e7e8q", "a2a1n", "N@f3", "P@e4", "q@h8", "e1g1"];

/// Reads `text` as a FEN in both flavours and checks the properties above.
fn check_fen(text: &str) {
    for flavour in [Flavour::Bughouse, Flavour::Crazyhouse] {
        match Board::from_fen(text, flavour) {
            Err(e) => {
                assert!(e.offset <= text.len(), "{e} for {text:?}");
                let _ = e.to_string();
            }
            Ok(board) => {
                let written = board.to_string();
                let again = Board::from_fen(&written, flavour)
                    .unwrap_or_else(|e| panic!("{text:?} wrote {written:?}: {e}"));
                assert_eq!(again, board, "{text:?} wrote {written:?}");
                assert_eq!(again.to_string(), written);
                walk(&board);
            }
        }
    }
}

/// Every call a game makes on an accepted board, and every move played.
fn walk(board: &Board) {
    let moves = board.legal_moves();
    assert_eq!(board.count_legal_moves(), moves.len() as u64);
    assert_eq!(board.has_legal_move(), !moves.is_empty());
    let _ = (board.status(), board.is_checkmate(), board.is_waiting());
    for m in moves {
        let mut child = *board;
        child.play(m).unwrap();
        assert_eq!(child.hash(), child.compute_hash());
        let _ = (child.status(), child.count_legal_moves());
    }
}

fn check_uci(text: &str) {
    match Move::from_uci(text) {
        Err(e) => {
            assert!(e.offset <= text.len(), "{e} for {text:?}");
            let _ = e.to_string();
        }
        Ok(m) => {
            let written = m.to_string();
            assert_eq!(Move::from_uci(&written), Ok(m), "{text:?} wrote {written}");
            // Any board may be asked about any well-formed move.
            for fen in VALID_FENS {
                let mut board: Board = fen.parse().unwrap();
                let before = board;
                match board.play(m) {
                    Ok(_) => assert!(before.is_legal(m)),
                    Err(_) => assert_eq!(board, before),
                }
            }
        }
    }
}

/// Characters that edits insert: FEN and UCI ones, separators, and a few
/// that are not ASCII.
fn edit_char() -> impl Strategy<Value = char> {
    prop_oneof![
        4 => proptest::sample::select(
            "pnbrqkPNBRQK12345678/[]~- wbKQkqabcdefgh09@\t".chars().collect::<Vec<_>>()
        ),
        1 => any::<char>(),
    ]
}

#[derive(Debug, Clone)]
enum Edit {
    Insert(usize, char),
    Delete(usize),
    Replace(usize, char),
    Swap(usize, usize),
    Truncate(usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<usize>(), edit_char()).prop_map(|(i, c)| Edit::Insert(i, c)),
        any::<usize>().prop_map(Edit::Delete),
        (any::<usize>(), edit_char()).prop_map(|(i, c)| Edit::Replace(i, c)),
        (any::<usize>(), any::<usize>()).prop_map(|(i, j)| Edit::Swap(i, j)),
        any::<usize>().prop_map(Edit::Truncate),
    ]
}

/// Applies edits to the characters of `text` (so the result stays UTF-8).
fn mutate(text: &str, edits: &[Edit]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for e in edits {
        let n = chars.len();
        match *e {
            Edit::Insert(i, c) => chars.insert(i % (n + 1), c),
            Edit::Delete(i) if n > 0 => {
                chars.remove(i % n);
            }
            Edit::Replace(i, c) if n > 0 => chars[i % n] = c,
            Edit::Swap(i, j) if n > 0 => chars.swap(i % n, j % n),
            Edit::Truncate(i) => chars.truncate(i % (n + 1)),
            _ => {}
        }
    }
    chars.into_iter().collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    #[test]
    fn fen_arbitrary_strings_never_panic(text in any::<String>()) {
        check_fen(&text);
    }

    #[test]
    fn fen_alphabet_strings_never_panic(
        text in "[pnbrqkPNBRQK1-9/~\\[\\] wbKQkqa-h0-9@-]{0,90}"
    ) {
        check_fen(&text);
    }

    #[test]
    fn mutated_fens_never_panic(
        which in 0..VALID_FENS.len(),
        edits in proptest::collection::vec(edit(), 1..4),
    ) {
        check_fen(&mutate(VALID_FENS[which], &edits));
    }

    #[test]
    fn uci_arbitrary_strings_never_panic(text in any::<String>()) {
        check_uci(&text);
    }

    #[test]
    fn uci_alphabet_strings_never_panic(text in "[a-hA-Z1-9@qrbnkpPNBRQK]{0,7}") {
        check_uci(&text);
    }

    #[test]
    fn mutated_uci_never_panics(
        which in 0..VALID_UCI.len(),
        edits in proptest::collection::vec(edit(), 1..3),
    ) {
        check_uci(&mutate(VALID_UCI[which], &edits));
    }
}

#[test]
fn the_valid_inputs_are_valid() {
    // The mutations start from text that reads; otherwise they prove less.
    for fen in VALID_FENS {
        assert!(fen.parse::<Board>().is_ok(), "{fen}");
        check_fen(fen);
    }
    for m in VALID_UCI {
        assert!(Move::from_uci(m).is_ok(), "{m}");
    }
}

#[test]
fn one_edit_mutations_reach_both_outcomes() {
    // The mutation tests are worth something only if edited FENs are
    // sometimes still read (then written, re-read and walked) and sometimes
    // refused: count both over every one-character edit of each valid FEN.
    let (mut accepted, mut refused) = (0, 0);
    for fen in VALID_FENS {
        for i in 0..fen.len() {
            for c in ['1', 'q', 'K', '~', ' ', '/', 'P', '-', 'x'] {
                let text = mutate(fen, &[Edit::Replace(i, c)]);
                check_fen(&text);
                match Board::from_fen(&text, Flavour::Bughouse) {
                    Ok(_) => accepted += 1,
                    Err(_) => refused += 1,
                }
            }
        }
    }
    println!("{accepted} accepted, {refused} refused");
    assert!(accepted > 200 && refused > 200, "{accepted} {refused}");
}
