//! Self-play of two variants of the bot (experiment switches), for
//! screening search changes without Fairy-Stockfish's time: bughouse
//! turn-based team against team, or crazyhouse, at a fixed node budget
//! (deterministic) or a fixed time. Teams swapped every match, each pair
//! from the same random opening.
//!
//! cargo run --release -p bughouse-benches --example bot_selfplay -- \
//!     VARIANT(b|c) NODES|-MS MATCHES SEED FLAGS_NEW [FLAGS_BASE]
//!
//! With `BOT_NODES_BASE=N` (and a node budget) the base side searches N
//! nodes a decision instead: how much the bot gains from more nodes
//! against itself (benches/README.md, session 32).
//!
//! Besides the score it prints a "decision trace", a hash of the nodes,
//! score and depth of every decision: at a node budget, two builds whose
//! search decides alike print the same trace (how a refactoring of the
//! search is shown to change nothing).
use bughouse_core::{
    Board, BoardStatus, Flavour, Game, GameSettings, Seats, Team, bot::Bot, bot::BotAction,
    bot::Decision, bot::HISTORY_CELLS, bot::HistoryCell, bot::SearchControl, bot::SearchLimits,
    bot::TableEntry, bot::TimePlan, bot::experiment as ex,
};
use bughouse_testkit::Rng;
use std::time::{Duration, Instant};

struct Side {
    bot: Bot<Vec<TableEntry>, Vec<HistoryCell>>,
    flags: u32,
}

/// FNV-1a over the nodes, score and depth of every decision: two builds
/// whose search decides alike print the same trace.
fn trace(hash: &mut u64, d: &Decision) {
    for v in [d.nodes, d.score as u64, u64::from(d.depth)] {
        for b in v.to_le_bytes() {
            *hash = (*hash ^ u64::from(b)).wrapping_mul(0x100_0000_01b3);
        }
    }
}

fn decide_with_budget(
    side: &mut Side,
    budget: i64,
    f: impl FnOnce(&mut Bot<Vec<TableEntry>, Vec<HistoryCell>>, &SearchControl<'_>) -> Decision,
) -> Decision {
    ex::set_flags(side.flags);
    let start = Instant::now();
    let clock = move || start.elapsed();
    let control = if budget < 0 {
        SearchControl::new().with_time(
            &clock,
            TimePlan::fixed(Duration::from_millis((-budget) as u64)),
        )
    } else {
        SearchControl::new()
    };
    f(&mut side.bot, &control)
}

/// With `BOT_TRACE` set, every decision (action, score, depth, nodes) on
/// standard error: two builds that decide alike print the same trace.
fn print_trace(decision: &Decision) {
    if std::env::var_os("BOT_TRACE").is_some() {
        eprintln!(
            "{:?} {} {} {}",
            decision.action, decision.score, decision.depth, decision.nodes
        );
    }
}

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let crazy = a[0] == "c";
    let budget: i64 = a[1].parse().unwrap();
    let matches: u32 = a[2].parse().unwrap();
    let seed: u64 = a[3].parse().unwrap();
    let flags_new: u32 = a[4].parse().unwrap();
    let flags_base: u32 = a.get(5).map_or(0, |s| s.parse().unwrap());
    let limits = |nodes: i64| {
        if nodes > 0 {
            SearchLimits::nodes(nodes as u64)
        } else {
            SearchLimits::unlimited()
        }
    };
    let base_budget: i64 = std::env::var("BOT_NODES_BASE")
        .ok()
        .map_or(budget, |n| n.parse().expect("BOT_NODES_BASE: a node count"));
    assert!(
        base_budget == budget || (budget > 0 && base_budget > 0),
        "BOT_NODES_BASE needs node budgets on both sides"
    );
    let mk = |flags, nodes| Side {
        bot: Bot::with_storage(limits(nodes), vec![TableEntry::EMPTY; 1 << 16])
            .with_history(vec![HistoryCell::EMPTY; HISTORY_CELLS]),
        flags,
    };
    let mut sides = [mk(flags_new, budget), mk(flags_base, base_budget)];
    let (mut w, mut d, mut l) = (0, 0, 0);
    let mut scores = Vec::new();
    let started = Instant::now();
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    // Depth summed and decisions counted, per side (new, base).
    let mut depths = [(0u64, 0u64); 2];
    for index in 0..matches {
        let new_first = index % 2 == 0;
        let mut rng = Rng::new((seed.wrapping_add(u64::from(index / 2)) << 1) | 1);
        for s in sides.iter_mut() {
            s.bot.clear();
            s.bot.limits = s.bot.limits.with_seed(seed ^ u64::from(index) << 20);
        }
        let score = if crazy {
            let mut board = Board::new_with(Flavour::Crazyhouse);
            for _ in 0..4 {
                let moves = board.legal_moves();
                board.play(moves[rng.below(moves.len())]).unwrap();
            }
            let mut seen = vec![board.hash()];
            let mut result = 0.5;
            for _ in 0..600 {
                if board.status() != BoardStatus::Playing {
                    break;
                }
                let new_to_move = board.turn().is_white() == new_first;
                let side = &mut sides[usize::from(!new_to_move)];
                let b = board;
                let decision =
                    decide_with_budget(side, budget, |bot, c| bot.decide_board(&b, c).unwrap());
                trace(&mut hash, &decision);
                print_trace(&decision);
                let d = &mut depths[usize::from(!new_to_move)];
                *d = (d.0 + u64::from(decision.depth), d.1 + 1);
                let action = decision.action;
                let BotAction::Move(m) = action else {
                    unreachable!()
                };
                board.play(m).unwrap();
                let h = board.hash();
                seen.push(h);
                if seen.iter().filter(|&&x| x == h).count() >= 3 {
                    break;
                }
            }
            if board.status() == BoardStatus::Checkmate {
                let new_lost = board.turn().is_white() == new_first;
                result = if new_lost { 0.0 } else { 1.0 };
            }
            result
        } else {
            let ours = if new_first { Team::One } else { Team::Two };
            let mut game = Game::new(GameSettings::turn_based(Seats::empty())).unwrap();
            for _ in 0..4 {
                let seat = game.to_act().unwrap();
                let moves = game.legal_moves(seat);
                game.play(seat, moves[rng.below(moves.len())], None)
                    .unwrap();
            }
            let mut n = 0;
            while let Some(seat) = game.to_act() {
                if game.is_over() || n >= 600 {
                    break;
                }
                n += 1;
                let side = &mut sides[usize::from(seat.team() != ours)];
                let g = &game;
                let decision =
                    decide_with_budget(side, budget, |bot, c| bot.decide_with(g, seat, c).unwrap());
                trace(&mut hash, &decision);
                print_trace(&decision);
                let d = &mut depths[usize::from(seat.team() != ours)];
                *d = (d.0 + u64::from(decision.depth), d.1 + 1);
                let action = decision.action;
                if let BotAction::Move(m) = action {
                    assert!(game.legal_moves(seat).contains(&m));
                }
                action.apply(&mut game, seat, None).unwrap();
            }
            match game.outcome().and_then(|o| o.winner) {
                Some(t) if t == ours => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            }
        };
        if score == 1.0 {
            w += 1
        } else if score == 0.0 {
            l += 1
        } else {
            d += 1
        }
        scores.push(score);
    }
    let n = scores.len() as f64;
    let mean = scores.iter().sum::<f64>() / n;
    let var = scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    let half = 1.96 * (var / n).sqrt();
    let elo = |s: f64| -400.0 * (1.0 / s.clamp(1e-3, 1.0 - 1e-3) - 1.0).log10();
    println!(
        "{} budget {budget} flags {flags_new} vs {flags_base}: {matches} matches ({:.0} s): new {:.1}% ({w} W / {d} D / {l} L), Elo {:+.0} [{:+.0}, {:+.0}]",
        if crazy { "crazyhouse" } else { "bughouse" },
        started.elapsed().as_secs_f64(),
        100.0 * mean,
        elo(mean),
        elo(mean - half),
        elo(mean + half)
    );
    let mean_depth = |(sum, n): (u64, u64)| sum as f64 / n.max(1) as f64;
    println!(
        "depth new {:.2} base {:.2}; decision trace {hash:016x}",
        mean_depth(depths[0]),
        mean_depth(depths[1])
    );
}
