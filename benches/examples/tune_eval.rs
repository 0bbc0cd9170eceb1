//! Fits the numbers of the bot's crazyhouse evaluation to Fairy-Stockfish's
//! scores of quiet positions (the "Texel" method with an engine's scores
//! for results).
//!
//! ```text
//! cargo run --release -p bughouse-benches --example tune_eval -- [--passes N] [--only PREFIX,...] LABELS.tsv...
//! ```
//!
//! A labels line is what `benches/label_positions.py` writes: FEN, Fairy-
//! Stockfish's score for the side to move, its best move, whether that
//! move captures. Positions whose best move captures, and scores beyond
//! ±2000 cp (mates among them), are left out: there the static score
//! cannot know what the search finds. Both scores become win
//! probabilities, Fairy-Stockfish's by a logistic of 400 cp per factor of
//! ten (as `judge_moves.py`), ours by one whose scale is fitted too
//! (after each pass). The pawn on the board stays 100 cp, the unit, so
//! the fit keeps our scale of centipawns (the search's margins are in
//! it). The fit moves one number at a time (coordinate descent, steps
//! halved when no number moves) while the mean squared error over four
//! fifths of the positions falls, and reports the error on the fifth it
//! never saw. `--only` fits the numbers whose names (see `EvalTerms::names`)
//! begin with one of the prefixes and keeps the others. Prints the
//! numbers that changed and all numbers in the order of
//! `EvalTerms::names`, to be written into `CRAZYHOUSE_TERMS` in
//! `bughouse-core/src/bot/eval.rs` for a screen by matches. The fit
//! starts from the bot's crazyhouse numbers.
//! Deterministic: the same files give the same fit.

use std::process::ExitCode;

use bughouse_core::bot::experiment::{EvalTerms, TERM_COUNT};
use bughouse_core::{Board, Flavour};

/// Scores beyond this are left out (mates, lost positions).
const CLIP: i32 = 2000;

struct Sample {
    board: Board,
    /// Fairy-Stockfish's win probability for the side to move.
    target: f64,
}

fn win_probability(score: f64, scale: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-score / scale))
}

/// Mean squared error of `terms` over `samples` with our logistic `scale`,
/// on two threads.
fn error(samples: &[Sample], terms: &EvalTerms, scale: f64) -> f64 {
    let half = samples.len() / 2;
    let part = |part: &[Sample]| -> f64 {
        part.iter()
            .map(|s| {
                let ours = win_probability(f64::from(terms.evaluate(&s.board)), scale);
                (ours - s.target).powi(2)
            })
            .sum()
    };
    let (a, b) = samples.split_at(half);
    let total = std::thread::scope(|scope| {
        let other = scope.spawn(|| part(b));
        part(a) + other.join().expect("error thread")
    });
    total / samples.len().max(1) as f64
}

/// The logistic scale that best fits `terms` as they are (golden-section
/// search between 100 and 3000 cp per factor of ten).
fn fit_scale(samples: &[Sample], terms: &EvalTerms) -> f64 {
    let (mut lo, mut hi) = (100.0f64, 3000.0f64);
    let golden = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let a = hi - golden * (hi - lo);
        let b = lo + golden * (hi - lo);
        if error(samples, terms, a) < error(samples, terms, b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

fn read_labels(path: &str, samples: &mut Vec<Sample>) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    for (n, line) in text.lines().enumerate() {
        let fields: Vec<&str> = line.split('\t').collect();
        let [fen, score, _best, captures] = fields[..] else {
            return Err(format!(
                "{path}:{}: not a labels line (FEN, score, move, capture)",
                n + 1
            ));
        };
        let score: i32 = score
            .parse()
            .map_err(|_| format!("{path}:{}: score {score:?} is not a number", n + 1))?;
        if captures != "0" || score.abs() > CLIP {
            continue;
        }
        let board: Board = fen.parse().map_err(|e| format!("{path}:{}: {e}", n + 1))?;
        samples.push(Sample {
            board: board.with_flavour(Flavour::Crazyhouse),
            target: win_probability(f64::from(score), 400.0),
        });
    }
    Ok(())
}

/// The number that stays: the pawn on the board is the unit of every score.
const UNIT: &str = "board P";

/// Which numbers the fit may change: those whose names begin with one of
/// `prefixes` (all when there is none), never the [`UNIT`].
fn numbers_to_fit(prefixes: &[String]) -> Result<[bool; TERM_COUNT], String> {
    let names = EvalTerms::names();
    let chosen = |name: &str| prefixes.is_empty() || prefixes.iter().any(|p| name.starts_with(p));
    if let Some(p) = prefixes
        .iter()
        .find(|p| !names.iter().any(|n| n.starts_with(p.as_str())))
    {
        return Err(format!("--only: no number is named {p:?}…"));
    }
    Ok(names.map(|name| name != UNIT && chosen(name)))
}

fn main() -> ExitCode {
    let usage = "usage: tune_eval [--passes N] [--only PREFIX,...] LABELS.tsv...";
    let mut prefixes: Vec<String> = Vec::new();
    let mut passes = 30;
    let mut paths = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--only" => match args.next() {
                Some(list) => prefixes = list.split(',').map(str::to_owned).collect(),
                None => {
                    eprintln!("--only needs a list of name prefixes\n{usage}");
                    return ExitCode::FAILURE;
                }
            },
            "--passes" => match args.next().map(|v| v.parse::<u32>()) {
                Some(Ok(n)) => passes = n,
                _ => {
                    eprintln!("--passes needs a whole number\n{usage}");
                    return ExitCode::FAILURE;
                }
            },
            _ => paths.push(arg),
        }
    }
    if paths.is_empty() {
        eprintln!("{usage}");
        return ExitCode::FAILURE;
    }
    let fit = match numbers_to_fit(&prefixes) {
        Ok(fit) => fit,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let mut samples = Vec::new();
    for path in &paths {
        if let Err(e) = read_labels(path, &mut samples) {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    }
    // Every fifth position is held out, by order: the files' order is fixed.
    let (mut train, mut test) = (Vec::new(), Vec::new());
    for (i, s) in samples.into_iter().enumerate() {
        if i % 5 == 4 { &mut test } else { &mut train }.push(s);
    }
    if train.is_empty() || test.is_empty() {
        eprintln!(
            "{} quiet positions (not a capture, within ±{CLIP} cp): too few to fit and hold out a fifth",
            train.len() + test.len()
        );
        return ExitCode::FAILURE;
    }
    let start = EvalTerms::new(Flavour::Crazyhouse);
    let mut scale = fit_scale(&train, &start);
    println!(
        "{} quiet positions to fit, {} held out; our scale {scale:.0} cp per factor of ten",
        train.len(),
        test.len()
    );
    let base_train = error(&train, &start, scale);
    let base_test = error(&test, &start, scale);
    println!("start: error {base_train:.6} fitted, {base_test:.6} held out");

    let mut values = start.values();
    let mut best = base_train;
    let mut steps: [i32; TERM_COUNT] = values.map(|v| (v.abs() / 8).max(2));
    for pass in 1..=passes {
        let mut moved = 0;
        for i in (0..TERM_COUNT).filter(|&i| fit[i]) {
            for direction in [1, -1] {
                loop {
                    let mut trial = values;
                    trial[i] += direction * steps[i];
                    let e = error(&train, &start.with_values(&trial), scale);
                    if e < best {
                        best = e;
                        values = trial;
                        moved += 1;
                    } else {
                        break;
                    }
                }
            }
        }
        scale = fit_scale(&train, &start.with_values(&values));
        best = error(&train, &start.with_values(&values), scale);
        let test_error = error(&test, &start.with_values(&values), scale);
        println!(
            "pass {pass}: {moved} steps, scale {scale:.0}, error {best:.6} fitted, {test_error:.6} held out"
        );
        if moved == 0 {
            if steps.iter().all(|&s| s == 1) {
                break;
            }
            steps = steps.map(|s| (s / 2).max(1));
        }
    }
    let fitted = start.with_values(&values);
    println!(
        "end: scale {scale:.0}, error {:.6} fitted, {:.6} held out",
        error(&train, &fitted, scale),
        error(&test, &fitted, scale)
    );
    for ((name, before), after) in EvalTerms::names().iter().zip(start.values()).zip(values) {
        if before != after {
            println!("  {name}: {before} -> {after}");
        }
    }
    println!("values: {values:?}");
    ExitCode::SUCCESS
}
