//! Matches of the bot team against simple teams, to measure its strength
//! and speed (an example, not a timed test).
//!
//! Two bot seats (partners) play two opponents: random movers, then 1-ply
//! greedy capturers (the capture of the most valuable piece, else a random
//! move) — or, with `--opponent bot:NODES`, the bot at another budget, to
//! compare strength levels. The bot team plays team 1 in even matches and team 2 in odd ones.
//! The live game is simulated with clocks: every seat "thinks" a random
//! 0.2–1.2 s of game time, whichever board's mover is ready first moves, so
//! the two boards interleave; the turn-based game follows the rotation.
//!
//! ```text
//! cargo run --release -p bughouse-core --example bot_matches -- \
//!     [--matches 200] [--nodes N] [--mode live|turn|both] \
//!     [--opponent random|greedy|both|bot:NODES] [--seed S]
//! ```
//!
//! Prints wins / draws / losses of the bot team, how the games ended, and
//! the average and worst wall time per bot decision.

use bughouse_testkit::Rng;
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use bughouse_core::{
    BoardId, Game, GameError, GameSettings, Mode, Move, Seat, Seats, Team, bot::Bot,
    bot::BotAction, bot::SearchLimits,
};

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Opponent {
    Random,
    Greedy,
    /// The bot itself with this node budget (to compare strength levels).
    Bot(u64),
}

impl Opponent {
    fn name(self) -> String {
        match self {
            Opponent::Random => "random movers".to_string(),
            Opponent::Greedy => "greedy capturers".to_string(),
            Opponent::Bot(nodes) => format!("bots@{nodes}"),
        }
    }

    /// A move for `seat`: random, or the capture of the most valuable piece.
    fn pick(self, game: &Game, seat: Seat, rng: &mut Rng) -> Option<Move> {
        let moves = game.legal_moves(seat);
        if moves.is_empty() {
            return None;
        }
        if self == Opponent::Greedy {
            let board = game.board(seat.board);
            let value = |m: &Move| match m {
                Move::Normal { to, promotion, .. } => {
                    let victim = board
                        .role_at(*to)
                        .map_or(0, |r| [1, 3, 3, 5, 9, 0][r.index()]);
                    victim * 10 + promotion.map_or(0, |r| [0, 2, 2, 4, 8, 0][r.index()])
                }
                Move::Drop { .. } => 0,
            };
            let best = moves.iter().map(value).max().unwrap_or(0);
            if best > 0 {
                let top: Vec<Move> = moves.iter().copied().filter(|m| value(m) == best).collect();
                return Some(top[rng.below(top.len())]);
            }
        }
        Some(moves[rng.below(moves.len())])
    }
}

struct Stats {
    wins: u32,
    draws: u32,
    losses: u32,
    endings: BTreeMap<String, u32>,
    decisions: u64,
    think: Duration,
    worst: Duration,
    nodes: u64,
    sits: u32,
    moves: u64,
}

impl Stats {
    fn new() -> Stats {
        Stats {
            wins: 0,
            draws: 0,
            losses: 0,
            endings: BTreeMap::new(),
            decisions: 0,
            think: Duration::ZERO,
            worst: Duration::ZERO,
            nodes: 0,
            sits: 0,
            moves: 0,
        }
    }
}

/// The players of one match.
struct Table {
    bot_team: Team,
    opponent: Opponent,
    bots: [Box<Bot>; 4],
}

impl Table {
    /// The bot's action for `seat`, timed.
    fn bot(&mut self, game: &Game, seat: Seat, stats: &mut Stats) -> Option<BotAction> {
        let start = Instant::now();
        let decision = self.bots[seat.index()].decide(game, seat);
        let took = start.elapsed();
        stats.decisions += 1;
        stats.think += took;
        stats.worst = stats.worst.max(took);
        let decision = decision?;
        stats.nodes += decision.nodes;
        if let BotAction::Move(m) = decision.action {
            assert!(
                game.legal_moves(seat).contains(&m),
                "the bot chose an illegal move {m} in {}",
                game.bfen()
            );
        } else {
            assert!(game.can_sit(seat), "the bot sat when it could not");
            stats.sits += 1;
        }
        Some(decision.action)
    }

    fn action(
        &mut self,
        game: &Game,
        seat: Seat,
        rng: &mut Rng,
        stats: &mut Stats,
    ) -> Option<BotAction> {
        if seat.team() == self.bot_team {
            self.bot(game, seat, stats)
        } else if let Opponent::Bot(_) = self.opponent {
            self.bots[seat.index()].choose(game, seat)
        } else {
            self.opponent.pick(game, seat, rng).map(BotAction::Move)
        }
    }
}

fn live_match(table: &mut Table, rng: &mut Rng, stats: &mut Stats) -> Game {
    let mut game = Game::new(GameSettings::default()).expect("default settings are valid");
    let mut ready_at: [Option<u64>; 2] = [None, None];
    while !game.is_over() {
        for id in BoardId::ALL {
            let seat = Seat::new(id, game.board(id).turn());
            if ready_at[id.index()].is_none() && !game.legal_moves(seat).is_empty() {
                ready_at[id.index()] = Some(game.now_ms() + 200 + rng.below(1000) as u64);
            }
        }
        let Some(id) = BoardId::ALL
            .into_iter()
            .filter(|b| ready_at[b.index()].is_some())
            .min_by_key(|b| ready_at[b.index()])
        else {
            // Both movers wait: only the clocks can end the game now.
            let _ = game.tick(game.now_ms() + 1000);
            continue;
        };
        let at = ready_at[id.index()].take().unwrap_or(0);
        if game.tick(at).is_ok_and(|r| r.outcome().is_some()) {
            break;
        }
        let seat = Seat::new(id, game.board(id).turn());
        let Some(action) = table.action(&game, seat, rng, stats) else {
            continue;
        };
        match action.apply(&mut game, seat, Some(at)) {
            Ok(_) | Err(GameError::GameOver) => {}
            Err(e) => panic!("a legal action was refused: {e}"),
        }
    }
    game
}

fn turn_match(table: &mut Table, rng: &mut Rng, stats: &mut Stats) -> Game {
    let mut game =
        Game::new(GameSettings::turn_based(Seats::empty())).expect("turn-based settings are valid");
    while let Some(seat) = game.to_act() {
        let action = table
            .action(&game, seat, rng, stats)
            .expect("the seat to act has a legal move (F5)");
        action
            .apply(&mut game, seat, None)
            .expect("a legal action is accepted");
    }
    game
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let flag = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let matches: u32 = flag("--matches")
        .and_then(|s| s.parse().ok())
        .unwrap_or(200);
    let nodes: u64 = flag("--nodes")
        .and_then(|s| s.parse().ok())
        .unwrap_or(SearchLimits::DEFAULT_NODES);
    let seed: u64 = flag("--seed").and_then(|s| s.parse().ok()).unwrap_or(2026);
    let modes: Vec<Mode> = match flag("--mode").as_deref() {
        Some("live") => vec![Mode::Live],
        Some("turn") => vec![Mode::TurnBased],
        _ => vec![Mode::Live, Mode::TurnBased],
    };
    let opponents: Vec<Opponent> = match flag("--opponent").as_deref() {
        Some("random") => vec![Opponent::Random],
        Some("greedy") => vec![Opponent::Greedy],
        Some(other) if other.starts_with("bot:") => {
            let n = other[4..].parse().expect("--opponent bot:NODES");
            vec![Opponent::Bot(n)]
        }
        _ => vec![Opponent::Random, Opponent::Greedy],
    };
    println!("bot budget: {nodes} nodes per decision; {matches} matches per line");
    for &opponent in &opponents {
        for &mode in &modes {
            let mut stats = Stats::new();
            let mut rng = Rng::new(seed | 1);
            for i in 0..matches {
                let bot_team = if i % 2 == 0 { Team::One } else { Team::Two };
                let mut table = Table {
                    bot_team,
                    opponent,
                    bots: std::array::from_fn(|k| {
                        let seat = Seat::ALL[k];
                        let budget = match opponent {
                            Opponent::Bot(n) if seat.team() != bot_team => n,
                            _ => nodes,
                        };
                        let seed = seed ^ (u64::from(i) << 8) ^ k as u64;
                        Box::new(Bot::new(SearchLimits::nodes(budget).with_seed(seed)))
                    }),
                };
                let game = match mode {
                    Mode::Live => live_match(&mut table, &mut rng, &mut stats),
                    Mode::TurnBased => turn_match(&mut table, &mut rng, &mut stats),
                };
                let outcome = game.outcome().expect("every match ends");
                stats.moves += u64::from(game.moves_played());
                match outcome.winner {
                    Some(t) if t == table.bot_team => stats.wins += 1,
                    Some(_) => {
                        stats.losses += 1;
                        eprintln!("lost match {i}: {outcome}; final {}", game.bfen());
                    }
                    None => stats.draws += 1,
                }
                *stats
                    .endings
                    .entry(outcome.reason.as_str().to_string())
                    .or_default() += 1;
            }
            let mode_name = match mode {
                Mode::Live => "live",
                Mode::TurnBased => "turn-based",
            };
            let played = stats.wins + stats.draws + stats.losses;
            println!(
                "vs {:16} {:10}: {} W / {} D / {} L  ({:.1}% wins)  endings {:?}",
                opponent.name(),
                mode_name,
                stats.wins,
                stats.draws,
                stats.losses,
                100.0 * f64::from(stats.wins) / f64::from(played.max(1)),
                stats.endings
            );
            println!(
                "    {} bot decisions: {:.2} ms average, {:.2} ms worst, {:.0} nodes average, {} sits; {:.0} moves per match",
                stats.decisions,
                stats.think.as_secs_f64() * 1000.0 / stats.decisions.max(1) as f64,
                stats.worst.as_secs_f64() * 1000.0,
                stats.nodes as f64 / stats.decisions.max(1) as f64,
                stats.sits,
                stats.moves as f64 / f64::from(played.max(1)),
            );
        }
    }
}
