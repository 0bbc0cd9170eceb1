//! Reading the position files the bot's studies pass around: trace lines
//! (`VS_FAIRY_TRACE`, `vs_fairy --review`, `bot_trace`), whose second
//! tab-separated field is a FEN, read as a crazyhouse board. Shared by
//! `benches/examples/bot_trace.rs` and `mate_probe.rs`.

use bughouse_core::{Board, Flavour};
use std::io::BufRead;

/// The first command-line argument as a whole number, or the usage on
/// standard error and exit code 2.
pub fn count_argument(usage: &str) -> u64 {
    std::env::args()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| {
            eprintln!("usage: {usage}");
            std::process::exit(2)
        })
}

/// Each line's number (from 0), FEN and crazyhouse board; an error names
/// the line (from 1) that is no trace line or holds no valid FEN.
pub fn crazyhouse_boards(
    input: impl BufRead,
) -> impl Iterator<Item = Result<(usize, String, Board), String>> {
    input.lines().enumerate().map(|(n, line)| {
        let line = line.map_err(|e| format!("line {}: {e}", n + 1))?;
        let fen = line
            .split('\t')
            .nth(1)
            .ok_or_else(|| format!("line {}: not a trace line", n + 1))?;
        let board = fen
            .parse::<Board>()
            .map_err(|e| format!("line {}: {e}", n + 1))?;
        Ok((n, fen.to_owned(), board.with_flavour(Flavour::Crazyhouse)))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trace_lines_give_crazyhouse_boards_and_errors_name_the_line() {
        let input = "7\t8/8/8/8/8/8/8/K6k[Q] w - - 0 1\te2e4\nno fen\n0\tnot a fen\n";
        let read: Vec<_> = crazyhouse_boards(input.as_bytes()).collect();
        let (n, fen, board) = read[0].as_ref().expect("a trace line");
        assert_eq!((*n, fen.as_str()), (0, "8/8/8/8/8/8/8/K6k[Q] w - - 0 1"));
        assert_eq!(board.flavour(), Flavour::Crazyhouse);
        assert_eq!(
            read[1].as_ref().err().map(String::as_str),
            Some("line 2: not a trace line")
        );
        assert!(read[2].as_ref().is_err_and(|e| e.starts_with("line 3: ")));
    }
}
