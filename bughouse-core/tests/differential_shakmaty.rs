//! Differential test against shakmaty's crazyhouse, in our crazyhouse flavour.
//!
//! Both libraries walk the same random games in lockstep from varied starts —
//! fixed ones (the start position, kiwipete, crazyhouse middlegames, the
//! pocket-heavy positions of the speed targets) and randomly built ones with
//! full pockets and promoted pieces. At every position they must agree on:
//!
//! - the legal move set, compared as sorted UCI strings (drops `N@f3`,
//!   castling `e1g1`: shakmaty in standard castling mode);
//! - `is_check` and the checkers;
//! - mate: our crazyhouse flavour's mate is crazyhouse mate ("in check with
//!   no legal move"); read as a bughouse board, a bughouse mate (R16) is
//!   always a crazyhouse mate, a crazyhouse mate whose check no drop could
//!   block is a bughouse mate, and one a drop could block is waiting for us
//!   (R17, R18);
//! - the position after each move (placement, `~` marks, pockets, side to
//!   move, castling, legal en passant, move number — the halfmove clock aside,
//!   since shakmaty zeroes it on pawn drops and we have no fifty-move rule),
//!   read back through our FEN parser, whose from-scratch hash must equal our
//!   incremental one.
//!
//! Our `count_legal_moves`, `has_legal_move` and `is_legal` are checked
//! against the same list, `is_legal` also on random candidate moves that are
//! mostly illegal, and `play` on an illegal one must fail and change nothing.

use bughouse_testkit::{Rng, placement};
use std::fmt::Write as _;

use arrayvec::ArrayString;
use bughouse_core::{Board, BoardStatus, Flavour, Move, Role, Square, board::POCKET_MAX};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::variant::Crazyhouse;
use shakmaty::{CastlingMode, EnPassantMode, Position};

/// A move's UCI text, on the stack.
type Uci = ArrayString<8>;

/// Fixed starts: quiet, tactical, pocket-heavy, promotion- and en-passant-rich.
const STARTS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R[] w KQkq - 0 1",
    "r1bqk2r/pppp1ppp/2n2n2/4p3/1bB1P3/2N2N2/PPPP1PPP/R1BQK2R[QRBNPqrbnp] w KQkq - 0 1",
    "r1b2rk1/pp1p1ppp/2n5/2b1p3/4P3/2P2N2/PP3PPP/RNB1K2R[QNPqbp] w KQ - 0 12",
    "r1b1k2r/ppp2ppp/2n5/3pP3/1b1P4/2q2N2/PP3PPP/R1BQKB1R[QRBNPPqrbnpp] w KQkq - 0 10",
    "4k3/2p5/8/8/8/8/5P2/4K3[QRBNPqrbnp] w - - 0 1",
    "r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[] b KQkq - 0 1",
    "2rn1b1r/1pp2n1p/B1PBk1pP/5p1P/P5p1/2P2RP1/RP1QNP2/1NBK4[QPp] w - - 0 1",
    "2k5/8/8/8/8/8/8/4K3[QRBNPqrbnp] w - - 0 1",
    "4k3/1Q~6/8/8/4b3/8/Kpp5/8[] b - - 0 1",
    // Pawns about to promote on both sides, and an en passant chance.
    "r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R[Nn] w KQkq - 0 1",
    "4k3/8/8/2pP4/8/8/8/4K3[Pp] w - c6 0 2",
    // En passant that would expose the king along the rank.
    "8/8/8/K1pP3q/8/8/8/4k3[] w - c6 0 2",
    // Castling through drops: empty files between king and rooks.
    "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[BNbn] w KQkq - 0 1",
];

/// Material pool of one crazyhouse game (both colours): R7/R8 bounds.
const POOL: [(Role, usize); 5] = [
    (Role::Pawn, 16),
    (Role::Knight, 4),
    (Role::Bishop, 4),
    (Role::Rook, 4),
    (Role::Queen, 2),
];

/// A random legal-looking crazyhouse FEN: two kings, part of the material
/// pool on the board (some pieces marked promoted, counting as pawns) and
/// part in the pockets, castling rights where king and rook stand at home.
/// The side to move is never in check here, so shakmaty's "impossible check"
/// rule never rejects one of these for a reason our rules do not have.
fn random_fen(rng: &mut Rng) -> String {
    let mut squares: [Option<(char, bool)>; 64] = [None; 64];
    let wk = rng.below(64);
    let mut bk = rng.below(64);
    while (wk as i32 / 8 - bk as i32 / 8).abs() <= 1 && (wk as i32 % 8 - bk as i32 % 8).abs() <= 1 {
        bk = rng.below(64);
    }
    squares[wk] = Some(('K', false));
    squares[bk] = Some(('k', false));
    let mut pockets = String::new();
    let keep = 10 + rng.below(80); // percent of the pool in play
    for (role, n) in POOL {
        for _ in 0..n {
            if !rng.chance(keep as u64) {
                continue;
            }
            let white = rng.chance(50);
            let letter = if white {
                role.upper_char()
            } else {
                role.char()
            };
            if rng.chance(45) {
                pockets.push(letter);
                continue;
            }
            // A pawn of the pool may stand on the board as a promoted piece.
            let (letter, promoted) = if role == Role::Pawn && rng.chance(10) {
                let r = [Role::Knight, Role::Bishop, Role::Rook, Role::Queen][rng.below(4)];
                (if white { r.upper_char() } else { r.char() }, true)
            } else {
                (letter, false)
            };
            for _ in 0..8 {
                let sq = rng.below(64);
                let back = !(8..56).contains(&sq);
                if squares[sq].is_none() && !(role == Role::Pawn && !promoted && back) {
                    squares[sq] = Some((letter, promoted));
                    break;
                }
            }
        }
    }
    // Castling rights: sometimes keep the rooks at home to make them possible.
    if rng.chance(50) {
        for (king, rooks, k, r) in [(4, [0, 7], 'K', 'R'), (60, [56, 63], 'k', 'r')] {
            if squares[king].is_none() || squares[king] == Some((k, false)) {
                for rook in rooks {
                    if squares[rook].is_none() {
                        squares[rook] = Some((r, false));
                    }
                }
            }
        }
    }
    let fen = placement(&squares);
    let turn = if rng.chance(50) { 'w' } else { 'b' };
    let mut castling = String::new();
    for (right, king, rook, k, r) in [
        ('K', 4, 7, 'K', 'R'),
        ('Q', 4, 0, 'K', 'R'),
        ('k', 60, 63, 'k', 'r'),
        ('q', 60, 56, 'k', 'r'),
    ] {
        if squares[king] == Some((k, false)) && squares[rook] == Some((r, false)) && rng.chance(80)
        {
            castling.push(right);
        }
    }
    if castling.is_empty() {
        castling.push('-');
    }
    format!("{fen}[{pockets}] {turn} {castling} - 0 1")
}

fn uci_of(m: Move) -> Uci {
    let mut s = Uci::new();
    write!(s, "{m}").unwrap();
    s
}

fn shakmaty_uci(m: &shakmaty::Move) -> Uci {
    let mut s = Uci::new();
    write!(s, "{}", UciMove::from_move(*m, CastlingMode::Standard)).unwrap();
    s
}

/// A FEN compared field by field: the pocket letters sorted (the two
/// libraries order them differently), the halfmove clock left out (shakmaty
/// zeroes it on pawn drops; there is no fifty-move rule, R33).
fn normalized(fen: &str) -> String {
    let fields: Vec<&str> = fen.split(' ').collect();
    assert_eq!(fields.len(), 6, "{fen}");
    let (placement, pocket) = fields[0].split_once('[').expect("a [pocket]");
    let mut pocket: Vec<char> = pocket.trim_end_matches(']').chars().collect();
    pocket.sort_unstable();
    let pocket: String = pocket.into_iter().collect();
    format!(
        "{placement}[{pocket}] {} {} {} {}",
        fields[1], fields[2], fields[3], fields[5]
    )
}

/// A random move text: mostly illegal, sometimes legal, always well formed.
fn random_candidate(rng: &mut Rng) -> Move {
    let to = Square::ALL[rng.below(64)];
    if rng.chance(30) {
        Move::Drop {
            role: Role::ALL[rng.below(6)],
            to,
        }
    } else {
        let mut from = Square::ALL[rng.below(64)];
        if from == to {
            from = Square::ALL[(to.index() + 1) % 64];
        }
        let promotion = rng
            .chance(10)
            .then(|| [Role::Queen, Role::Rook, Role::Bishop, Role::Knight][rng.below(4)]);
        Move::Normal {
            from,
            to,
            promotion,
        }
    }
}

#[derive(Default, Debug)]
struct Tally {
    positions: usize,
    starts: usize,
    skipped_starts: usize,
    over_material_starts: usize,
    ended_on_full_pocket: usize,
    checks: usize,
    mates: usize,
    waiting: usize,
    drops_played: usize,
    captures: usize,
    promotions: usize,
    en_passant: usize,
    ep_positions: usize,
    castles: usize,
}

/// Compares one position; returns the agreed legal moves, sorted.
fn compare(board: &Board, pos: &Crazyhouse, rng: &mut Rng, tally: &mut Tally) -> Vec<Uci> {
    let fen = board.to_string();
    let our_moves = board.legal_moves();
    let mut ours: Vec<Uci> = our_moves.iter().map(|&m| uci_of(m)).collect();
    ours.sort_unstable();
    let theirs_list = pos.legal_moves();
    let mut theirs: Vec<Uci> = theirs_list.iter().map(shakmaty_uci).collect();
    theirs.sort_unstable();
    if ours != theirs {
        let only_ours: Vec<_> = ours.iter().filter(|m| !theirs.contains(m)).collect();
        let only_theirs: Vec<_> = theirs.iter().filter(|m| !ours.contains(m)).collect();
        panic!(
            "legal moves differ in {fen}\n only ours: {only_ours:?}\n only shakmaty: {only_theirs:?}\n (ours {} vs {}; duplicates?)",
            ours.len(),
            theirs.len()
        );
    }
    assert_eq!(board.count_legal_moves(), ours.len() as u64, "{fen}");
    assert_eq!(board.has_legal_move(), !ours.is_empty(), "{fen}");
    // The status finds most moves without a search (a drop, a pawn push no
    // pin holds): it must agree with the full list everywhere (R16–R18).
    assert_eq!(
        board.status() == BoardStatus::Playing,
        !ours.is_empty(),
        "status in {fen}"
    );
    assert_eq!(board.is_check(), pos.is_check(), "is_check in {fen}");
    assert_eq!(board.checkers().0, pos.checkers().0, "checkers in {fen}");

    // In the crazyhouse flavour mate is crazyhouse mate; the same position as
    // a bughouse board meets it where the two notions meet (R16, R17, R18).
    let zh_mate = pos.is_checkmate();
    assert_eq!(board.is_checkmate(), zh_mate, "crazyhouse mate in {fen}");
    let bug = board.with_flavour(Flavour::Bughouse);
    if bug.is_checkmate() {
        assert!(zh_mate, "bughouse mate is a crazyhouse mate: {fen}");
    }
    if zh_mate && !bug.drop_could_block_check() {
        assert!(bug.is_checkmate(), "unblockable zh mate is mate: {fen}");
    }
    assert_eq!(
        bug.is_waiting(),
        ours.is_empty() && !bug.is_checkmate(),
        "{fen}"
    );
    tally.checks += usize::from(board.is_check());
    tally.mates += usize::from(bug.is_checkmate());
    tally.waiting += usize::from(bug.is_waiting());

    // `is_legal` on a few listed moves and on random candidates.
    for _ in 0..3 {
        if let Some(&m) = our_moves.get(rng.below(our_moves.len().max(1))) {
            assert!(board.is_legal(m), "{m} listed but not is_legal in {fen}");
        }
        let c = random_candidate(rng);
        let listed = ours.binary_search(&uci_of(c)).is_ok();
        assert_eq!(board.is_legal(c), listed, "is_legal({c}) in {fen}");
        if !listed {
            let mut copy = *board;
            assert!(copy.play(c).is_err(), "play({c}) accepted in {fen}");
            assert_eq!(copy, *board, "a failed play changed the board: {fen}");
        }
    }
    ours
}

/// Random games from every start until `target` positions have been compared.
fn run(target: usize, random_starts_percent: u64, seed: u64) -> Tally {
    let mut rng = Rng::new(seed);
    let mut tally = Tally::default();
    let mut fixed = 0;
    while tally.positions < target {
        let fen = if rng.chance(random_starts_percent) {
            let fen = random_fen(&mut rng);
            // The side to move in check, or the side not to move in check:
            // build another (see `random_fen`).
            match Board::from_fen(&fen, Flavour::Crazyhouse) {
                Ok(b) if !b.is_check() => fen,
                _ => continue,
            }
        } else {
            fixed += 1;
            STARTS[fixed % STARTS.len()].to_string()
        };
        let (mut board, over_material) = match Board::from_fen(&fen, Flavour::Crazyhouse) {
            Ok(board) => (board, false),
            // The pocket-heavy bughouse starts hold more than one crazyhouse
            // game's material (their pockets came from the other board): read
            // them as bughouse boards and play them as crazyhouse.
            Err(_) => (
                Board::from_fen(&fen, Flavour::Bughouse)
                    .unwrap_or_else(|e| panic!("we reject {fen}: {e}"))
                    .with_flavour(Flavour::Crazyhouse),
                true,
            ),
        };
        tally.starts += 1;
        tally.over_material_starts += usize::from(over_material);
        let setup: Fen = fen.parse().expect("shakmaty reads the FEN");
        let pos: Result<Crazyhouse, _> = setup.into_position(CastlingMode::Standard);
        let pos = match pos {
            Err(e) if over_material => e.ignore_too_much_material(),
            other => other,
        };
        let Ok(mut pos) = pos else {
            tally.skipped_starts += 1;
            continue;
        };
        let plies = 20 + rng.below(140);
        for _ in 0..plies {
            let moves = compare(&board, &pos, &mut rng, &mut tally);
            tally.positions += 1;
            if moves.is_empty() {
                break;
            }
            // Prefer rare moves (en passant, castling, promotion) when there
            // are any, then board moves, so games reach captures, promotions
            // and castling instead of filling the board with drops.
            let rare: Vec<Uci> = pos
                .legal_moves()
                .iter()
                .filter(|m| m.is_en_passant() || m.is_castle() || m.is_promotion())
                .map(shakmaty_uci)
                .collect();
            tally.ep_positions += usize::from(board.ep_square().is_some());
            let normal: Vec<&Uci> = moves.iter().filter(|m| !m.contains('@')).collect();
            let text = if !rare.is_empty() && rng.chance(50) {
                rare[rng.below(rare.len())]
            } else if !normal.is_empty() && rng.chance(65) {
                *normal[rng.below(normal.len())]
            } else {
                moves[rng.below(moves.len())]
            };
            let ours = Move::from_uci(&text).unwrap();
            let theirs = text
                .parse::<UciMove>()
                .unwrap()
                .to_move(&pos)
                .unwrap_or_else(|e| panic!("shakmaty refuses {text} in {board}: {e}"));
            match theirs {
                shakmaty::Move::Put { .. } => tally.drops_played += 1,
                shakmaty::Move::EnPassant { .. } => tally.en_passant += 1,
                shakmaty::Move::Castle { .. } => tally.castles += 1,
                shakmaty::Move::Normal {
                    capture, promotion, ..
                } => {
                    tally.captures += usize::from(capture.is_some());
                    tally.promotions += usize::from(promotion.is_some());
                }
            }
            // Over-material starts only: a capture into a pocket already at
            // its R8 bound cannot be kept by us (shakmaty keeps it), so the
            // two games part here. End this game.
            if let shakmaty::Move::Normal {
                capture: Some(role),
                to,
                ..
            } = theirs
            {
                let role = if pos.promoted().contains(to) {
                    Role::Pawn
                } else {
                    Role::from_char(role.char()).unwrap()
                };
                if board.pocket(board.turn()).count(role) == POCKET_MAX[role.index()] {
                    assert!(over_material, "a full pocket in a legal game: {board}");
                    tally.ended_on_full_pocket += 1;
                    break;
                }
            }
            let before = board;
            board
                .play(ours)
                .unwrap_or_else(|e| panic!("{text} in {before}: {e}"));
            pos.play_unchecked(theirs);

            // The same position: compared as text, and read back through
            // our parser (which the over-material games may outgrow).
            let their_fen = Fen::from_position(&pos, EnPassantMode::Legal).to_string();
            assert_eq!(
                normalized(&board.to_string()),
                normalized(&their_fen),
                "after {text} from {before}"
            );
            assert_eq!(
                board.hash(),
                board.compute_hash(),
                "after {text} from {before}"
            );
            match Board::from_fen(&their_fen, Flavour::Crazyhouse) {
                Ok(reread) => {
                    assert_eq!(
                        normalized(&reread.to_string()),
                        normalized(&their_fen),
                        "{their_fen}"
                    );
                    assert_eq!(board.hash(), reread.hash(), "after {text} from {before}");
                }
                Err(e) => assert!(over_material, "we reject shakmaty's {their_fen}: {e}"),
            }
        }
    }
    tally
}

fn check_tally(t: &Tally) {
    println!("{t:#?}");
    // Only shakmaty refusing a start we accept is skipped; it must be rare.
    assert!(
        t.skipped_starts * 50 <= t.starts,
        "shakmaty refused {} of {} starts",
        t.skipped_starts,
        t.starts
    );
    // The walk must have met every kind of move and ending, or it proves little.
    assert!(t.checks > 0 && t.drops_played > 0 && t.captures > 0);
    assert!(t.promotions > 0 && t.en_passant > 0 && t.castles > 0);
    assert!(t.mates > 0 && t.waiting > 0);
}

#[test]
fn differential_quick() {
    let t = run(10_000, 50, 0x5eed_0001);
    check_tally(&t);
}

#[test]
#[ignore = "100,000 positions: run in release (make test does)"]
fn differential_100k_positions() {
    let t = run(100_000, 50, 0x5eed_0002);
    assert!(t.positions >= 100_000);
    check_tally(&t);
}
