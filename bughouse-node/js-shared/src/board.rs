//! `Board`'s state and methods for both builds: a core board and the
//! positions before each move `push` played, so `pop()` takes one back (the
//! core is copy-make and keeps none). Every rule is the core's.

use bughouse_core as core;

use crate::args;
use crate::error::{self, Result};

/// Words per group of [`PlayedBoard::write_dests`]: a header move code, then
/// the group's target set as four 16-bit limbs, low first (bit `i` of the
/// 64-bit set is square `i`, `a1` = 0).
pub const DEST_GROUP_WORDS: usize = 5;

/// The most words [`PlayedBoard::write_dests`] writes: one group per square
/// (or per pocket role, of which there are five).
pub const MAX_DEST_WORDS: usize = 64 * DEST_GROUP_WORDS;

// Both builds write the groups into their move code buffer.
const _: () = assert!(MAX_DEST_WORDS <= core::board::MAX_LEGAL_MOVES);
/// Declares a build's exported `Board` class around a [`PlayedBoard`], with
/// `Board::from_core` (a core board with an empty history: `new Board`,
/// `game.board()`): one declaration for both builds, each naming its class
/// attribute (`board_class!(napi)`, `board_class!(wasm_bindgen)`) and
/// adding its methods in its own `impl Board` blocks.
///
/// The class's doc comment is written as `#[doc = "…"]` strings: napi-rs
/// copies it into index.d.ts, and reads a `///` comment passed through a
/// macro (a raw string there) with its `r"` left in.
#[macro_export]
macro_rules! board_class {
    ($binding:meta) => {
        #[doc = " One board: placement, promoted marks, both pockets, side to move."]
        #[doc = ""]
        #[doc = " In the bughouse flavour (default) a captured piece leaves the board; in a"]
        #[doc = " game it goes to the capturer's partner (R5). With `{ crazyhouse: true }`"]
        #[doc = " it goes to the capturer's own pocket."]
        #[$binding]
        #[derive(Debug, Clone)]
        pub struct Board {
            /// The board and the moves `push` played on it (the shared layer's).
            pub(crate) played: $crate::board::PlayedBoard,
        }

        impl Board {
            /// Wraps a core board with an empty history.
            pub(crate) fn from_core(inner: bughouse_core::Board) -> Board {
                Board {
                    played: $crate::board::PlayedBoard::new(inner),
                }
            }
        }
    };
}

/// One board with the moves played on it by `push`.
#[derive(Clone, Debug)]
pub struct PlayedBoard {
    /// The position now.
    pub inner: core::Board,
    /// The positions before each move played by `push`, with that move.
    history: Vec<(core::Board, core::Move)>,
}

impl PlayedBoard {
    /// A board with nothing played on it yet (`new Board`, `game.board()`).
    pub fn new(inner: core::Board) -> PlayedBoard {
        PlayedBoard {
            inner,
            history: Vec::new(),
        }
    }

    /// `push(move)`: plays move text (UCI or SAN, N3) and returns its UCI;
    /// the board is unchanged on error.
    pub fn push(&mut self, text: &str) -> Result<String> {
        let m = args::parse_move(&self.inner, text)?;
        self.play(m)
    }

    /// Plays `m` as `push` does (checked: the board is unchanged on error)
    /// and returns its UCI; `botMove({ play: true })` plays the computer
    /// player's choice through it.
    pub fn play(&mut self, m: core::Move) -> Result<String> {
        let before = self.inner;
        self.inner.play(m).map_err(error::illegal_move)?;
        self.history.push((before, m));
        Ok(args::uci(m))
    }

    /// `pop()`: takes back the last move `push` played, returning its UCI.
    pub fn pop(&mut self) -> Result<String> {
        let (before, m) = self.history.pop().ok_or_else(error::empty_history)?;
        self.inner = before;
        Ok(args::uci(m))
    }

    /// `san(move)`: the SAN of a legal move, with `+` or `#` (N3, R16).
    pub fn san(&self, text: &str) -> Result<String> {
        let m = args::legal_move(&self.inner, text)?;
        Ok(self.inner.san(m).to_array_string().to_string())
    }

    /// `parseSan(move)`: the UCI of the legal move that move text names.
    pub fn parse_san(&self, text: &str) -> Result<String> {
        args::legal_move(&self.inner, text).map(args::uci)
    }

    /// Every legal move in SAN, separated by spaces (SAN has none): one
    /// string crosses instead of one per move (`legalMovesSan()` splits it).
    pub fn legal_moves_san_text(&self) -> String {
        let moves = self.inner.legal_moves();
        let mut out = String::with_capacity(moves.len() * 6);
        for &m in moves.iter() {
            if !out.is_empty() {
                out.push(' ');
            }
            out.push_str(&self.inner.san(m).to_array_string());
        }
        out
    }

    /// The legal targets of `dests()` (`drops` false) or `dropDests()`
    /// (`drops` true), written into `out` as groups of
    /// [`DEST_GROUP_WORDS`] words: the header is, for a board move group,
    /// the code of the null move from its origin to itself (`e2e2`), for a
    /// drop group the code of its role's drop on a1 (`N@a1`); then its
    /// target set. Origins a1 first, roles pawn first, empty groups left
    /// out; returns the words written (at most [`MAX_DEST_WORDS`]). The
    /// core groups them ([`core::Board::legal_dests`]): no move is listed,
    /// so a full pocket costs five sets, not ~300 drops.
    pub fn write_dests(&self, drops: bool, out: &mut [u16; MAX_DEST_WORDS]) -> usize {
        let dests = self.inner.legal_dests();
        let mut at = 0;
        let mut group = |header: core::Move, targets: core::Bitboard| {
            out[at] = args::move_code(header);
            for (limb, slot) in out[at + 1..at + DEST_GROUP_WORDS].iter_mut().enumerate() {
                *slot = (targets.0 >> (16 * limb)) as u16;
            }
            at += DEST_GROUP_WORDS;
        };
        if drops {
            for role in core::Role::POCKET {
                let targets = dests.drop_targets(role);
                if targets.nonempty() {
                    group(
                        core::Move::Drop {
                            role,
                            to: core::Square::A1,
                        },
                        targets,
                    );
                }
            }
        } else {
            for from in dests.origins() {
                let header = core::Move::Normal {
                    from,
                    to: from,
                    promotion: None,
                };
                group(header, dests.targets_from(from));
            }
        }
        at
    }

    /// The moves `push` played and `pop` did not take back, as UCI, oldest
    /// first.
    pub fn history(&self) -> Vec<String> {
        self.history.iter().map(|&(_, m)| args::uci(m)).collect()
    }

    /// The last of them, or `None`.
    pub fn last_move(&self) -> Option<String> {
        self.history.last().map(|&(_, m)| args::uci(m))
    }

    /// The checked king's square, when the side to move is in check.
    pub fn checked_king(&self) -> Option<String> {
        self.inner
            .is_check()
            .then(|| self.inner.king_of(self.inner.turn()).to_string())
    }
}
