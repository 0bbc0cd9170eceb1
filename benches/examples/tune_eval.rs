//! Fits the numbers of the bot's crazyhouse evaluation to Fairy-Stockfish's
//! scores of quiet positions (the "Texel" method with an engine's scores
//! for results).
//!
//! ```text
//! cargo run --release -p bughouse-benches --example tune_eval -- [--passes N] [--only PREFIX,...] [--keep PREFIX,...] [--results] LABELS.tsv...
//! ```
//!
//! With `--results` the targets are the results of matches instead (the
//! Texel method proper): the files are what `VS_FAIRY_POSITIONS=FILE
//! vs_fairy --variant crazyhouse …` writes, every position of its matches
//! with the result for the side to move; the quiet ones (not in check, the
//! move played neither captures nor checks) are fitted, and every fifth
//! match is held out. `--bound PCT` keeps each number within PCT per cent
//! of where it starts (at least 2 either way): a fit to a few thousand
//! matches' results otherwise runs far off on the rare positions a number
//! sees (a king beyond its second rank, pawns on the seventh).
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
//! begin with one of the prefixes and keeps the others; `--keep` keeps
//! those whose names begin with one of its prefixes. Prints the
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
    /// Fairy-Stockfish's win probability for the side to move, or with
    /// `--results` the side to move's result in the match.
    target: f64,
    /// Whether the sample is held out of the fit (every fifth position, or
    /// with `--results` every fifth match: the positions of one match are
    /// alike, and a held-out set must not share them).
    held_out: bool,
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

/// Calls `sample` on the fields of each line of `path`, each line `N`
/// tab-separated fields as `shape` names them; an error, its own or
/// `sample`'s, names the file and line.
fn read_lines<const N: usize>(
    path: &str,
    shape: &str,
    mut sample: impl FnMut([&str; N]) -> Result<(), String>,
) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    for (n, line) in text.lines().enumerate() {
        let fields: Vec<&str> = line.split('\t').collect();
        let fields: [&str; N] = fields[..]
            .try_into()
            .map_err(|_| format!("{path}:{}: not a {shape}", n + 1))?;
        sample(fields).map_err(|e| format!("{path}:{}: {e}", n + 1))?;
    }
    Ok(())
}

fn crazyhouse_board(fen: &str) -> Result<Board, String> {
    let board: Board = fen.parse().map_err(|e| format!("{e}"))?;
    Ok(board.with_flavour(Flavour::Crazyhouse))
}

fn read_labels(path: &str, samples: &mut Vec<Sample>) -> Result<(), String> {
    let shape = "labels line (FEN, score, move, capture)";
    read_lines(path, shape, |[fen, score, _best, captures]| {
        let score: i32 = score
            .parse()
            .map_err(|_| format!("score {score:?} is not a number"))?;
        if captures == "0" && score.abs() <= CLIP {
            samples.push(Sample {
                board: crazyhouse_board(fen)?,
                target: win_probability(f64::from(score), 400.0),
                // Every fifth position kept, over all files in their order.
                held_out: samples.len() % 5 == 4,
            });
        }
        Ok(())
    })
}

/// `--results`: lines of `VS_FAIRY_POSITIONS` (FEN, the side to move's
/// result, quiet, match); only quiet positions are kept, and every fifth
/// match of a file is held out.
fn read_results(path: &str, samples: &mut Vec<Sample>) -> Result<(), String> {
    let shape = "positions line (FEN, result, quiet, match)";
    read_lines(path, shape, |[fen, result, quiet, game]| {
        let result: f64 = result
            .parse()
            .ok()
            .filter(|r| (0.0..=1.0).contains(r))
            .ok_or_else(|| format!("result {result:?} is not a number from 0 to 1"))?;
        let game: u32 = game
            .parse()
            .map_err(|_| format!("match {game:?} is not a number"))?;
        if quiet == "1" {
            samples.push(Sample {
                board: crazyhouse_board(fen)?,
                target: result,
                held_out: game % 5 == 4,
            });
        }
        Ok(())
    })
}

/// The number that stays: the pawn on the board is the unit of every score.
const UNIT: &str = "board P";

/// Which numbers the fit may change: those whose names begin with one of
/// `only` (all when there is none) and with none of `keep`, never the
/// [`UNIT`].
fn numbers_to_fit(only: &[String], keep: &[String]) -> Result<[bool; TERM_COUNT], String> {
    let names = EvalTerms::names();
    let starts = |list: &[String], name: &str| list.iter().any(|p| name.starts_with(p.as_str()));
    if let Some(p) = only
        .iter()
        .chain(keep)
        .find(|p| !names.iter().any(|n| n.starts_with(p.as_str())))
    {
        return Err(format!("--only/--keep: no number is named {p:?}…"));
    }
    Ok(names
        .map(|name| name != UNIT && (only.is_empty() || starts(only, name)) && !starts(keep, name)))
}

fn main() -> ExitCode {
    let usage = "usage: tune_eval [--passes N] [--only PREFIX,...] [--keep PREFIX,...] [--results] [--bound PCT] LABELS.tsv...";
    let mut prefixes: Vec<String> = Vec::new();
    let mut keep: Vec<String> = Vec::new();
    let mut passes = 30;
    let mut results = false;
    let mut bound: Option<i32> = None;
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
            "--keep" => match args.next() {
                Some(list) => keep = list.split(',').map(str::to_owned).collect(),
                None => {
                    eprintln!("--keep needs a list of name prefixes\n{usage}");
                    return ExitCode::FAILURE;
                }
            },
            "--results" => results = true,
            "--bound" => match args.next().map(|v| v.parse::<i32>()) {
                Some(Ok(n)) if n > 0 => bound = Some(n),
                _ => {
                    eprintln!("--bound needs a whole percentage above 0\n{usage}");
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
    let fit = match numbers_to_fit(&prefixes, &keep) {
        Ok(fit) => fit,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let mut samples = Vec::new();
    for path in &paths {
        let read = if results { read_results } else { read_labels };
        if let Err(e) = read(path, &mut samples) {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    }
    let (test, train): (Vec<Sample>, Vec<Sample>) = samples.into_iter().partition(|s| s.held_out);
    if train.is_empty() || test.is_empty() {
        eprintln!(
            "{} quiet positions: too few to fit and hold out a fifth",
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
                    let start_value = start.values()[i];
                    if bound.is_some_and(|pct| {
                        (trial[i] - start_value).abs() > (start_value.abs() * pct / 100).max(2)
                    }) {
                        break;
                    }
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
