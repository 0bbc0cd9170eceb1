//! Game records (N4): the BPGN of FICS archives and bughousedb, and plain
//! PGN for single-board (crazyhouse) archives.
//!
//! The reader is zero-copy over bytes (archives may be Latin-1) and streams
//! archives of any size: [`BpgnReader`] yields one [`Record`] per game, whose
//! [`Record::replay`] plays every move through the rules and reports the
//! state reached, the recorded ending and whether the two agree. The writer
//! [`write_bpgn`] writes a [`crate::Game`] back.
//!
//! ```
//! use bughouse_core::bpgn::BpgnReader;
//!
//! let text = b"[WhiteA \"x\"][BlackA \"y\"][WhiteB \"z\"][BlackB \"w\"]\n\
//!              1A. e4{179.9} 1B. d4{179.8} 1a. e5{179.1} {y resigns} 1-0\n";
//! let record = BpgnReader::new(text).next().unwrap();
//! let replay = record.replay();
//! assert_eq!(replay.moves, 3);
//! assert!(replay.error.is_none());
//! assert_eq!(replay.ending.loser, Some(bughouse_core::Seat::A_BLACK));
//! ```

mod ending;
mod lexer;
mod reader;
mod replay;
mod writer;

pub use ending::{RecordedEnding, RecordedKind};
pub use lexer::{Lexer, Token, parse_clock};
pub use reader::{BpgnReader, Record, SyntaxError, SyntaxReason, Tags};
pub use replay::{BoardReplay, Replay, ReplayError, ReplayErrorKind, replay_settings};
pub use writer::{result_token, write_bpgn};
