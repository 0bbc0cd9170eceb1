//! Our bot on one position, for diagnosis: `bot_fen [--crazyhouse] FEN
//! NODES...` prints the decision (move, score, depth) at each node budget,
//! a fresh table each; the board is a lone bughouse board unless
//! `--crazyhouse` (a FEN does not say which variant it is).
use bughouse_core::bot::{
    HISTORY_CELLS, HistoryCell, SearchControl, SearchLimits, TableEntry, TranspositionTable,
    decide_board,
};
use bughouse_core::{Board, Flavour};

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let crazyhouse = args.first().is_some_and(|a| a == "--crazyhouse");
    if crazyhouse {
        args.remove(0);
    }
    let Some(fen) = args.first() else {
        eprintln!(
            "usage: bot_fen [--crazyhouse] FEN NODES... (BOT_FLAGS=N for experiment switches)"
        );
        std::process::exit(2)
    };
    let board: Board = fen.parse().unwrap_or_else(|e| {
        eprintln!("not a FEN: {e}");
        std::process::exit(2)
    });
    let board = if crazyhouse {
        board.with_flavour(Flavour::Crazyhouse)
    } else {
        board
    };
    if let Some(f) = std::env::var("BOT_FLAGS").ok().and_then(|f| f.parse().ok()) {
        bughouse_core::bot::experiment::set_flags(f);
    }
    for n in &args[1..] {
        let nodes: u64 = n.parse().unwrap_or_else(|_| {
            eprintln!("{n:?} is not a node count");
            std::process::exit(2)
        });
        let mut tt = TranspositionTable::from_storage(vec![TableEntry::EMPTY; 1 << 16])
            .with_history(vec![HistoryCell::EMPTY; HISTORY_CELLS]);
        let d = decide_board(
            &board,
            &SearchLimits::nodes(nodes),
            &SearchControl::new(),
            &mut tt,
        )
        .expect("a move");
        println!(
            "{nodes:>9} nodes: {:?} score {} depth {}",
            d.action, d.score, d.depth
        );
    }
}
