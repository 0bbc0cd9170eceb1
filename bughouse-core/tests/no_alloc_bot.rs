//! Zero heap allocations while the bot thinks: a counting global allocator
//! watches `choose`/`decide` over whole games, live and turn-based, at
//! several budgets. (The core cannot allocate anyway — it is `no_std`
//! without `alloc` — this proves it for the search in particular.)
//!
//! The count is per thread, so the test harness and other tests running at
//! the same time do not disturb it.
use bughouse_core::{
    Game, GameSettings, Seat, Seats, bot::Bot, bot::BotAction, bot::SearchLimits, bot::TableEntry,
    bot::TranspositionTable, bot::choose,
};

#[path = "common/counting_alloc.rs"]
mod counting_alloc;

use counting_alloc::allocations;

#[test]
fn the_counter_counts() {
    // Without this, a broken counter would pass the test below.
    let (v, n) = allocations(|| vec![1u8; 100]);
    assert_eq!(v.len(), 100);
    assert!(n >= 1);
}

/// Plays a whole game with bots on every seat, counting the allocations of
/// each decision (the game itself and the table are set up outside).
fn play_counting(mut game: Game, nodes: u64) -> (u32, u64) {
    let mut bot = Box::new(Bot::new(SearchLimits::nodes(nodes).with_seed(5)));
    let (mut decisions, mut allocated) = (0u32, 0u64);
    let mut at = 0u64;
    while !game.is_over() && decisions < 80 {
        let seats: Vec<Seat> = match game.to_act() {
            Some(seat) => vec![seat],
            None => Seat::ALL.into_iter().collect(),
        };
        let mut acted = false;
        for seat in seats {
            let (action, n) = allocations(|| bot.choose(&game, seat));
            decisions += 1;
            allocated += n;
            let Some(action) = action else { continue };
            at += 500;
            let stamp = game.settings().time_control.map(|_| at);
            action
                .apply(&mut game, seat, stamp)
                .expect("a legal action");
            acted = true;
            if game.is_over() {
                break;
            }
        }
        if !acted {
            break;
        }
    }
    (decisions, allocated)
}

#[test]
fn choose_never_allocates() {
    for nodes in [1, 300, 3_000] {
        let (decisions, n) = play_counting(Game::new(GameSettings::default()).unwrap(), nodes);
        assert!(decisions > 10);
        assert_eq!(n, 0, "live game, {nodes} nodes: {n} allocations");
        let turn_based = Game::new(GameSettings::turn_based(Seats::empty())).unwrap();
        let (decisions, n) = play_counting(turn_based, nodes);
        assert!(decisions > 10);
        assert_eq!(n, 0, "turn-based game, {nodes} nodes: {n} allocations");
    }

    // Positions with full pockets (the longest move lists) and a mate, with
    // a caller-provided table of another size.
    let game = Game::from_bfen(
        "r1bqk2r/pppp1ppp/2n2n2/4p3/1bB1P3/2N2N2/PPPP1PPP/R1BQK2R[QRBNPqrbnp] w KQkq - 0 1 \
         | 6rk/6pp/8/8/8/8/8/4K3[N] w - - 0 1",
        GameSettings::default(),
    )
    .unwrap();
    let mut tt = TranspositionTable::from_storage(vec![TableEntry::EMPTY; 1000]);
    for seat in [Seat::A_WHITE, Seat::B_WHITE] {
        let (action, n) =
            allocations(|| choose(&game, seat, &SearchLimits::nodes(20_000), &mut tt));
        assert!(matches!(action, Some(BotAction::Move(_))));
        assert_eq!(n, 0, "{seat}: {n} allocations");
    }
}

#[test]
fn crazyhouse_decisions_and_timed_searches_never_allocate() {
    use bughouse_core::{
        Board, Flavour, bot::HISTORY_CELLS, bot::HistoryCell, bot::SearchControl, bot::TimePlan,
        bot::decide_board, bot::decide_with,
    };
    use std::sync::atomic::AtomicBool;
    use std::time::{Duration, Instant};

    // With a continuation history: the crazyhouse search's selective one.
    let mut tt = TranspositionTable::from_storage(vec![TableEntry::EMPTY; 1 << 14])
        .with_history(vec![HistoryCell::EMPTY; HISTORY_CELLS]);
    assert!(tt.has_history());
    let mut board = Board::new_with(Flavour::Crazyhouse);
    let start = Instant::now();
    let clock = move || start.elapsed();
    let stop = AtomicBool::new(false);
    let control = SearchControl::new()
        .with_time(&clock, TimePlan::fixed(Duration::from_millis(5)))
        .with_stop(&stop);
    for _ in 0..30 {
        let (d, n) =
            allocations(|| decide_board(&board, &SearchLimits::nodes(2_000), &control, &mut tt));
        assert_eq!(n, 0, "crazyhouse decision allocated {n} times");
        let Some(d) = d else { break };
        let BotAction::Move(m) = d.action else {
            panic!("a lone board never sits")
        };
        board.play(m).expect("legal");
    }
    let game = Game::new(GameSettings::default()).unwrap();
    let (d, n) = allocations(|| {
        decide_with(
            &game,
            Seat::A_WHITE,
            &SearchLimits::unlimited(),
            &control,
            &mut tt,
        )
    });
    assert!(d.is_some());
    assert_eq!(n, 0, "timed decision allocated {n} times");
}
