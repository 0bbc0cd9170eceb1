//! Text forms (N1–N4): FEN and BFEN, UCI, SAN, and BPGN game records.

pub mod bpgn;
pub mod fen;
pub mod san;
pub mod uci;
