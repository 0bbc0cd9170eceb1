//! Our bot on one position, for diagnosis: `bot_fen FEN NODES...` prints
//! the decision (move, score, depth) at each node budget, a fresh table each.
use bughouse_core::Board;
use bughouse_core::bot::{
    SearchControl, SearchLimits, TableEntry, TranspositionTable, decide_board,
};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let board: Board = args[0].parse().expect("a FEN");
    if let Some(f) = std::env::var("BOT_FLAGS").ok().and_then(|f| f.parse().ok()) {
        bughouse_core::bot::experiment::set_flags(f);
    }
    for n in &args[1..] {
        let nodes: u64 = n.parse().expect("nodes");
        let mut tt = TranspositionTable::from_storage(vec![TableEntry::EMPTY; 1 << 16]);
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
