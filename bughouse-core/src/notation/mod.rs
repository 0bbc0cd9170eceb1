//! Text forms (N1–N4): FEN, BFEN, UCI, SAN, and BPGN game records.

pub mod bfen;
pub mod bpgn;
pub mod fen;
pub mod san;
pub mod uci;
