//! Diagnosis of the bot's search (temporary): on positions from bot
//! self-play games, the depth reached and the search counters at a time
//! budget, beside Fairy-Stockfish's reported depth on the same board.
//!
//! cargo run --release -p bughouse-benches --features bughouse-core/bot-stats \
//!     --example bot_probe -- MS [TT_LOG2] [POSITIONS] [FLAGS]
use bughouse_core::{
    Game, GameSettings, Seats, bot::Bot, bot::SearchControl, bot::SearchLimits, bot::TableEntry,
    bot::TimePlan, bot::experiment as ex,
};
use bughouse_testkit::Rng;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().unwrap())
        .collect();
    let ms = args.first().copied().unwrap_or(20);
    let tt_log = args.get(1).copied().unwrap_or(16);
    let positions = args.get(2).copied().unwrap_or(40) as usize;
    // Positions (by the plain bot, so that every switch is probed on the
    // same ones): bughouse self-play at 3 000 nodes, every 6th action from 8 on.
    let mut games = Vec::new();
    let mut rng = Rng::new(99);
    let mut generator =
        Bot::with_storage(SearchLimits::nodes(3000), vec![TableEntry::EMPTY; 1 << 14]);
    while games.len() < positions {
        let mut game = Game::new(GameSettings::turn_based(Seats::empty())).unwrap();
        for _ in 0..4 {
            let seat = game.to_act().unwrap();
            let moves = game.legal_moves(seat);
            game.play(seat, moves[rng.below(moves.len())], None)
                .unwrap();
        }
        let mut n = 0;
        while let Some(seat) = game.to_act() {
            if game.is_over() || n > 120 {
                break;
            }
            n += 1;
            if n >= 8 && n % 6 == 0 && games.len() < positions {
                games.push((game.clone(), seat));
            }
            let a = generator.choose(&game, seat).unwrap();
            a.apply(&mut game, seat, None).unwrap();
        }
    }
    ex::set_flags(args.get(3).copied().unwrap_or(0) as u32);
    let mut fairy = Command::new("/usr/games/fairy-stockfish")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut fin = fairy.stdin.take().unwrap();
    let mut fout = BufReader::new(fairy.stdout.take().unwrap());
    writeln!(
        fin,
        "uci\nsetoption name UCI_Variant value bughouse\nsetoption name Hash value 16"
    )
    .unwrap();
    let mut bot = Bot::with_storage(
        SearchLimits::unlimited(),
        vec![TableEntry::EMPTY; 1 << tt_log],
    );
    let (mut depth_sum, mut nodes_sum, mut fdepth_sum, mut fnodes_sum) = (0u64, 0u64, 0u64, 0u64);
    ex::take_stats();
    for (game, seat) in &games {
        bot.clear();
        let start = Instant::now();
        let clock = move || start.elapsed();
        let control =
            SearchControl::new().with_time(&clock, TimePlan::fixed(Duration::from_millis(ms)));
        let d = bot.decide_with(game, *seat, &control).unwrap();
        depth_sum += u64::from(d.depth);
        nodes_sum += d.nodes;
        writeln!(
            fin,
            "ucinewgame\nposition fen {}\ngo movetime {ms}",
            game.board(seat.board)
        )
        .unwrap();
        fin.flush().unwrap();
        let mut last = String::new();
        loop {
            let mut line = String::new();
            fout.read_line(&mut line).unwrap();
            if line.starts_with("bestmove") {
                break;
            }
            if line.starts_with("info depth") {
                last = line;
            }
        }
        let w: Vec<&str> = last.split_whitespace().collect();
        let get = |k: &str| {
            w.iter()
                .position(|&x| x == k)
                .and_then(|i| w[i + 1].parse::<u64>().ok())
                .unwrap_or(0)
        };
        fdepth_sum += get("depth");
        fnodes_sum += get("nodes");
    }
    let n = games.len() as f64;
    let s = ex::take_stats();
    let f = |i: usize| s[i] as f64;
    println!(
        "{ms} ms, tt 2^{tt_log}, {} positions: ours depth {:.2} nodes {:.0} | fairy depth {:.2} nodes {:.0}",
        games.len(),
        depth_sum as f64 / n,
        nodes_sum as f64 / n,
        fdepth_sum as f64 / n,
        fnodes_sum as f64 / n
    );
    println!(
        "  full-width nodes {:.0}%, q {:.0}%; tt hit {:.1}% cut {:.1}% of probes; \
         cut nodes: first move {:.1}%, tt move {:.1}%, avg moves tried {:.2}; \
         in-check extensions {:.1}% of nodes; null tries {:.0}/pos, null cuts {:.1}%",
        100.0 * f(ex::NODES) / (f(ex::NODES) + f(ex::QNODES)),
        100.0 * f(ex::QNODES) / (f(ex::NODES) + f(ex::QNODES)),
        100.0 * f(ex::TT_HITS) / f(ex::TT_PROBES),
        100.0 * f(ex::TT_CUTS) / f(ex::TT_PROBES),
        100.0 * f(ex::CUT_FIRST) / f(ex::CUT_NODES),
        100.0 * f(ex::CUT_TT_MOVE) / f(ex::CUT_NODES),
        f(ex::MOVES_AT_CUT) / f(ex::CUT_NODES),
        100.0 * f(ex::EXTENSIONS) / f(ex::NODES),
        f(ex::NULL_TRIES) / n,
        100.0 * f(ex::NULL_CUTS) / f(ex::NULL_TRIES),
    );
    writeln!(fin, "quit").unwrap();
    drop(fin);
    fairy.wait().unwrap();
}
