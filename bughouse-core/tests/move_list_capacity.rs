//! The move list's capacity (`MAX_LEGAL_MOVES`) against the heaviest
//! positions we can build: many queens (promoted `Q~` ones count as pawns,
//! R6, R7), full pockets, open boards, in both flavours.
//!
//! The fixed positions below are the 218-move chess position with full
//! pockets and the best a seeded annealing climb over legal positions found
//! (the climb itself runs here too, briefly in debug and at length under
//! `#[ignore]`); none reaches 440 moves, against a capacity of 1024. Every
//! position is checked both ways the generator reports moves (listed and
//! counted) and against shakmaty's count.

use bughouse_testkit::{Rng, placement};

use bughouse_core::{Board, Flavour, Role, board::MAX_LEGAL_MOVES, board::POCKET_MAX};

/// The 218-move chess position (nine queens), with White's spare material
/// in its pocket: 8 of the queens are promoted pawns.
const QUEENS_218: &str =
    "R6R/3Q~4/1Q~4Q~1/4Q~3/2Q~4Q/Q~4Q~2/pp1Q~4/kBNN1KB1[QRBNPPPPPPP] w - - 0 1";

/// The heaviest positions found (by the long climb below; its own best
/// results vary with the seed and were never above the first one here).
const HEAVY: &[&str] = &[
    QUEENS_218,
    "kn2Q~3/pp4K1/3Q4/Q~4Q~2/2Q~4Q~/4Q~3/1Q~4R1/3R4[PPPPPPPNNNBBBBRRQ] w - - 0 1",
    "kn4R1/pp1Q~4/R4Q2/2Q~4Q~/4Q~3/1Q~4K1/3Q~4/5R2[PPPPPPPPPPNNNNBBBBRQ] w - - 0 1",
    "kn2Q~2R/pp2Q~3/1Q~6/5Q~2/2Q5/6Q~1/1K1Q~4/R6R[PPPPPPPPPPNNNNBBBBRQ] w - - 0 1",
];

/// Shakmaty's crazyhouse move count for the same position (one ply is the
/// same in both flavours), told to ignore that the material exceeds one
/// crazyhouse game.
fn shakmaty_count(fen: &str) -> u64 {
    use shakmaty::{CastlingMode, Position, fen::Fen, variant::Crazyhouse};
    let setup: Fen = fen.parse().unwrap();
    let pos: Crazyhouse = match setup.into_position(CastlingMode::Standard) {
        Ok(pos) => pos,
        Err(e) => e
            .ignore_too_much_material()
            .unwrap_or_else(|e| panic!("shakmaty rejects {fen}: {e}")),
    };
    pos.legal_moves().len() as u64
}

fn legal_count(b: &Board) -> u64 {
    let counted = b.count_legal_moves();
    let listed = b.legal_moves().len() as u64;
    assert_eq!(counted, listed, "{b}");
    assert!(
        (counted as usize) < MAX_LEGAL_MOVES,
        "{counted} moves in {b}"
    );
    counted
}

/// A position as the climb edits it: 64 squares of `(letter, promoted)` and
/// the two pockets as letter counts. White moves.
#[derive(Clone)]
struct Sketch {
    squares: [Option<(char, bool)>; 64],
    pockets: [[u8; 5]; 2],
}

const LETTERS: [char; 5] = ['P', 'N', 'B', 'R', 'Q'];

impl Sketch {
    fn fen(&self) -> String {
        let mut fen = placement(&self.squares);
        fen.push('[');
        for (color, pocket) in self.pockets.iter().enumerate() {
            for (i, &n) in pocket.iter().enumerate() {
                for _ in 0..n {
                    let c = LETTERS[i];
                    fen.push(if color == 0 {
                        c
                    } else {
                        c.to_ascii_lowercase()
                    });
                }
            }
        }
        fen.push_str("] w - - 0 1");
        fen
    }

    /// One random edit of White's side (Black keeps a shielded corner king).
    fn mutate(&mut self, rng: &mut Rng) {
        let white_squares: Vec<usize> = (0..64)
            .filter(|&i| matches!(self.squares[i], Some((c, _)) if c.is_ascii_uppercase()))
            .collect();
        let empty: Vec<usize> = (0..64).filter(|&i| self.squares[i].is_none()).collect();
        match rng.below(5) {
            // Move a white piece (the king too) to an empty square.
            0 | 1 if !empty.is_empty() => {
                let from = white_squares[rng.below(white_squares.len())];
                let to = empty[rng.below(empty.len())];
                self.squares[to] = self.squares[from].take();
            }
            // Put a pocket piece on the board, or lift one into the pocket.
            2 if !empty.is_empty() => {
                let role = rng.below(5);
                if self.pockets[0][role] > 0 {
                    self.pockets[0][role] -= 1;
                    let to = empty[rng.below(empty.len())];
                    self.squares[to] = Some((LETTERS[role], false));
                }
            }
            3 => {
                let from = white_squares[rng.below(white_squares.len())];
                if let Some((c, promoted)) = self.squares[from] {
                    if c != 'K' {
                        let role = if promoted {
                            0
                        } else {
                            LETTERS.iter().position(|&l| l == c).unwrap()
                        };
                        self.squares[from] = None;
                        self.pockets[0][role] += 1;
                    }
                }
            }
            // Promote or demote: a pawn's worth becomes a marked piece.
            _ => {
                let from = white_squares[rng.below(white_squares.len())];
                if let Some((c, promoted)) = self.squares[from] {
                    if c == 'P' || promoted {
                        let new = ['N', 'B', 'R', 'Q', 'P'][rng.below(5)];
                        self.squares[from] = Some((new, new != 'P'));
                    }
                }
            }
        }
    }
}

/// A sketch of a FEN built by this file (placement and pockets only).
fn sketch_of(fen: &str) -> Sketch {
    let mut squares = [None; 64];
    let (placement, rest) = fen.split_once('[').unwrap();
    let (mut rank, mut file) = (7usize, 0usize);
    let mut chars = placement.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '/' => (rank, file) = (rank - 1, 0),
            '1'..='8' => file += c as usize - '0' as usize,
            _ => {
                let promoted = chars.peek() == Some(&'~');
                if promoted {
                    chars.next();
                }
                squares[rank * 8 + file] = Some((c, promoted));
                file += 1;
            }
        }
    }
    let mut pockets = [[0u8; 5]; 2];
    for c in rest.split(']').next().unwrap().chars() {
        let role = LETTERS
            .iter()
            .position(|&l| l == c.to_ascii_uppercase())
            .unwrap();
        pockets[usize::from(c.is_ascii_lowercase())][role] += 1;
    }
    Sketch { squares, pockets }
}

/// The start of a climb: Black's king shielded in a corner, White's whole
/// material (R7: 16 pawns' worth, 4 N, 4 B, 4 R, 2 Q) in its pocket.
fn start() -> Sketch {
    let mut squares = [None; 64];
    squares[56] = Some(('k', false)); // a8
    squares[57] = Some(('n', false)); // b8
    squares[48] = Some(('p', false)); // a7
    squares[49] = Some(('p', false)); // b7
    squares[4] = Some(('K', false)); // e1
    let mut white = [0u8; 5];
    white.copy_from_slice(&POCKET_MAX);
    Sketch {
        squares,
        pockets: [white, [0; 5]],
    }
}

/// Anneals from `start` for `steps` edits: better positions are always kept,
/// worse ones sometimes while the temperature is high, so the climb can
/// leave a local peak. Returns the best FEN met and its count.
fn climb(seed: u64, steps: usize, flavour: Flavour, from: Option<&str>) -> (String, u64) {
    let mut rng = Rng::new(seed);
    let mut current = from.map_or_else(start, sketch_of);
    if from.is_none() && flavour == Flavour::Crazyhouse {
        // One game's material for both colours: Black holds a knight and
        // two pawns already.
        current.pockets[0][Role::Pawn.index()] -= 2;
        current.pockets[0][Role::Knight.index()] -= 1;
    }
    let mut current_count = Board::from_fen(&current.fen(), flavour)
        .map(|b| legal_count(&b))
        .unwrap_or(0);
    let (mut best, mut best_count) = (current.fen(), current_count);
    for step in 0..steps {
        let temperature = 12.0 * (1.0 - step as f64 / steps as f64) + 0.1;
        let mut next = current.clone();
        for _ in 0..1 + rng.below(3) {
            next.mutate(&mut rng);
        }
        let fen = next.fen();
        let Ok(b) = Board::from_fen(&fen, flavour) else {
            continue;
        };
        let n = legal_count(&b);
        let loss = current_count as f64 - n as f64;
        let uniform = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        if loss <= 0.0 || uniform < (-loss / temperature).exp() {
            current = next;
            current_count = n;
            if n > best_count {
                (best, best_count) = (fen, n);
            }
        }
    }
    (best, best_count)
}

#[test]
fn move_list_capacity_holds_heavy_positions() {
    for fen in HEAVY {
        let b = Board::from_fen(fen, Flavour::Bughouse).unwrap();
        let n = legal_count(&b);
        assert_eq!(n, shakmaty_count(fen), "{fen}");
        assert!(n > 400, "{n} in {fen}");
        println!("{n} moves in {fen}");
    }
    for flavour in [Flavour::Bughouse, Flavour::Crazyhouse] {
        let (fen, n) = climb(7, 3_000, flavour, None);
        println!("{flavour:?}: {n} moves in {fen}");
        assert!(n > 250, "the climb should get far: {n} in {fen}");
        assert_eq!(n, shakmaty_count(&fen), "{fen}");
    }
}

#[test]
#[ignore = "a long climb: run in release (make test does)"]
fn move_list_capacity_long_climb() {
    for flavour in [Flavour::Bughouse, Flavour::Crazyhouse] {
        for seed in 1..=4 {
            // The 218-move start holds too much for one crazyhouse game.
            let from = (seed % 2 == 0 && flavour == Flavour::Bughouse).then_some(QUEENS_218);
            let (fen, n) = climb(seed, 150_000, flavour, from);
            println!("{flavour:?} seed {seed}: {n} moves in {fen}");
            assert_eq!(n, shakmaty_count(&fen), "{fen}");
        }
    }
}
