//! Plays complete bughouse games, in both ways of playing, and prints for
//! each the final BFEN, the number of moves and the ending message.
//!
//! By default the computer player plays all four seats. `--random` uses
//! random movers instead (as the rules engine's smoke test), and
//! `--human SEAT` seats a person at the terminal for one seat (`A` A-White,
//! `a` A-Black, `B` B-White, `b` B-Black), who types moves in UCI (`e2e4`,
//! `e7e8q`, drops `N@f3`), `sit` (turn-based), `moves` or `resign`.
//!
//! ```text
//! cargo run --release -p bughouse-core --example selfplay -- \
//!     [GAMES] [SEED] [--random] [--nodes N] [--human SEAT] [--live | --turn-based]
//! ```
//!
//! In the live game every seat thinks for some game time before it moves —
//! a bot or random mover a random 0.1–1.6 s, a person the wall-clock time
//! they took — and whichever board's mover is ready first moves, so the
//! boards interleave as at a real table (R19).

use bughouse_testkit::Rng;
use std::io::{BufRead, Write};
use std::time::Instant;

use bughouse_core::{
    Board, BoardId, Color, Game, GameError, GameSettings, Mode, Move, Seat, Seats, bot::Bot,
    bot::BotAction, bot::SearchLimits,
};

/// What the person at the terminal asked for.
enum HumanAction {
    Act(BotAction),
    Resign,
}

/// Who plays the seats.
struct Players {
    random: bool,
    human: Option<Seat>,
    bots: [Box<Bot>; 4],
    rng: Rng,
}

impl Players {
    /// A computer seat's action: the bot's, or a random move (random movers
    /// sit now and then in the turn-based game).
    fn computer(&mut self, game: &Game, seat: Seat) -> Option<BotAction> {
        if self.random {
            if game.can_sit(seat) && self.rng.below(20) == 0 {
                return Some(BotAction::Sit);
            }
            let moves = game.legal_moves(seat);
            return (!moves.is_empty())
                .then(|| BotAction::Move(moves[self.rng.below(moves.len())]));
        }
        self.bots[seat.index()].choose(game, seat)
    }
}

/// One board as eight lines of text, rank 8 first, with both pockets.
fn diagram(board: &Board) -> String {
    let mut s = String::new();
    for rank in (0..8).rev() {
        s.push_str(&format!("  {} ", rank + 1));
        for file in 0..8 {
            let sq = bughouse_core::Square::ALL[rank * 8 + file];
            s.push(board.piece_at(sq).map_or('.', |p| p.char()));
            s.push(' ');
        }
        s.push('\n');
    }
    s.push_str("    a b c d e f g h\n");
    s.push_str(&format!(
        "    pockets: White [{}] Black [{}]; {} to move\n",
        board.pocket(Color::White),
        board.pocket(Color::Black),
        board.turn().name()
    ));
    s
}

/// Asks the person for an action until one is legal. End of input resigns.
fn ask_human(game: &Game, seat: Seat) -> HumanAction {
    println!();
    for id in BoardId::ALL {
        let marker = if id == seat.board { "  <- you" } else { "" };
        println!("Board {}{marker}:", id.char());
        print!("{}", diagram(game.board(id)));
    }
    let stdin = std::io::stdin();
    loop {
        print!("{} ({}), your move> ", seat.name(), seat.char());
        let _ = std::io::stdout().flush();
        let mut line = String::new();
        if stdin.lock().read_line(&mut line).unwrap_or(0) == 0 {
            println!("(end of input: resigning)");
            return HumanAction::Resign;
        }
        let text = line.trim();
        match text {
            "" => continue,
            "resign" | "quit" => return HumanAction::Resign,
            "moves" => {
                let moves = game.legal_moves(seat);
                let list: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
                println!("{} legal: {}", list.len(), list.join(" "));
            }
            "sit" if game.can_sit(seat) => return HumanAction::Act(BotAction::Sit),
            "sit" => println!("You cannot sit now (turn-based game only, 3 sits per game)."),
            _ => match Move::from_uci(text) {
                Ok(m) if game.legal_moves(seat).contains(&m) => {
                    return HumanAction::Act(BotAction::Move(m));
                }
                Ok(m) => println!("{m} is not legal here; type `moves` for the list."),
                Err(e) => println!("Not a UCI move ({e}); e.g. e2e4, e7e8q, N@f3."),
            },
        }
    }
}

/// Tells the person at the terminal what a seat did (and when, live).
fn announce(seat: Seat, action: BotAction, at_ms: Option<u64>) {
    let what = match action {
        BotAction::Move(m) => m.to_string(),
        BotAction::Sit => "sits".to_string(),
    };
    match at_ms {
        Some(at) => println!(
            "[{:7.1} s] {} ({}): {what}",
            at as f64 / 1000.0,
            seat.name(),
            seat.char()
        ),
        None => println!("{} ({}): {what}", seat.name(), seat.char()),
    }
}

/// A live game: each board's side to move thinks for a while of game time;
/// the board whose mover is ready first moves. Waiting sides let their
/// clock run (R18, R20).
fn live_game(players: &mut Players) -> Game {
    let mut game = Game::new(GameSettings::default()).expect("default settings are valid");
    // Per board: when its mover is ready, and (for a person) what they chose.
    let mut ready: [Option<(u64, Option<HumanAction>)>; 2] = [None, None];
    while !game.is_over() {
        for id in BoardId::ALL {
            let seat = Seat::new(id, game.board(id).turn());
            if ready[id.index()].is_some() || game.legal_moves(seat).is_empty() {
                continue;
            }
            ready[id.index()] = Some(if players.human == Some(seat) {
                let start = Instant::now();
                let action = ask_human(&game, seat);
                (
                    game.now_ms() + start.elapsed().as_millis() as u64,
                    Some(action),
                )
            } else {
                (game.now_ms() + 100 + players.rng.below(1500) as u64, None)
            });
        }
        let Some(id) = BoardId::ALL
            .into_iter()
            .filter(|b| ready[b.index()].is_some())
            .min_by_key(|b| ready[b.index()].as_ref().map(|r| r.0))
        else {
            // Nobody can move: only the clocks can end the game now.
            let _ = game.tick(game.now_ms() + 1000);
            continue;
        };
        let Some((at, human)) = ready[id.index()].take() else {
            continue;
        };
        let seat = Seat::new(id, game.board(id).turn());
        let action = match human {
            Some(HumanAction::Resign) => {
                let _ = game.resign(seat, Some(at));
                break;
            }
            Some(HumanAction::Act(action)) => Some(action),
            None => players.computer(&game, seat),
        };
        let Some(action) = action else { continue };
        if players.human.is_some() {
            announce(seat, action, Some(at));
        }
        match action.apply(&mut game, seat, Some(at)) {
            Ok(_) | Err(GameError::GameOver) => {}
            Err(e) => panic!("a legal action was refused: {e}"),
        }
    }
    game
}

/// A turn-based game: the seat to act moves, drops or sits.
fn turn_game(players: &mut Players) -> Game {
    let humans = players.human.map_or(Seats::empty(), Seats::of);
    let mut game = Game::new(GameSettings::turn_based(humans)).expect("valid settings");
    while let Some(seat) = game.to_act() {
        let action = if players.human == Some(seat) {
            match ask_human(&game, seat) {
                HumanAction::Act(action) => action,
                HumanAction::Resign => {
                    let _ = game.resign(seat, None);
                    break;
                }
            }
        } else {
            players
                .computer(&game, seat)
                .expect("the seat to act has a legal move (F5)")
        };
        if players.human.is_some() {
            announce(seat, action, None);
        }
        action
            .apply(&mut game, seat, None)
            .expect("a legal action is accepted");
    }
    game
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let numbers: Vec<u64> = args
        .iter()
        .enumerate()
        .filter(|(i, _)| *i == 0 || !matches!(args[i - 1].as_str(), "--nodes" | "--human"))
        .filter_map(|(_, a)| a.parse().ok())
        .collect();
    let human = value("--human").map(|s| {
        s.chars()
            .next()
            .and_then(Seat::from_char)
            .unwrap_or_else(|| panic!("--human takes A, a, B or b, not {s:?}"))
    });
    let games = numbers.first().copied().unwrap_or(1);
    let seed = numbers.get(1).copied().unwrap_or(2026);
    let nodes = value("--nodes")
        .and_then(|s| s.parse().ok())
        .unwrap_or(SearchLimits::DEFAULT_NODES);
    let has = |flag: &str| args.iter().any(|a| a == flag);
    let modes: Vec<Mode> = if has("--live") {
        vec![Mode::Live]
    } else if has("--turn-based") || human.is_some() {
        vec![Mode::TurnBased]
    } else {
        vec![Mode::Live, Mode::TurnBased]
    };
    let limits = |i: u64| SearchLimits::nodes(nodes).with_seed(seed ^ i);
    let mut players = Players {
        random: has("--random"),
        human,
        bots: std::array::from_fn(|i| Box::new(Bot::new(limits(i as u64)))),
        rng: Rng::new(seed | 1),
    };
    if let Some(seat) = human {
        println!(
            "You play {} ({}); your partner is {}. Moves in UCI: e2e4, e7e8q, N@f3; also sit, moves, resign.",
            seat.name(),
            seat.char(),
            seat.partner().name()
        );
    }
    for i in 0..games {
        for &mode in &modes {
            // A new game: fresh tables, and seeds that differ per game and seat.
            for (seat, bot) in players.bots.iter_mut().enumerate() {
                bot.clear();
                bot.limits = limits(i * 4 + seat as u64);
            }
            let (name, game) = match mode {
                Mode::Live => ("live", live_game(&mut players)),
                Mode::TurnBased => ("turn-based", turn_game(&mut players)),
            };
            let outcome = game.outcome().expect("every game ends");
            println!(
                "game {} ({name}): {} moves, at {:.1} s",
                i + 1,
                game.moves_played(),
                game.now_ms() as f64 / 1000.0
            );
            println!("  final: {}", game.bfen());
            println!("  {outcome}");
        }
    }
}
