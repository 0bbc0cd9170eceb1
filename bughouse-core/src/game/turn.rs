//! The turn-based game: fixed rotation, skips, sits and repetition
//! (R22–R25, F5–F7).

use arrayvec::ArrayVec;

use crate::{Board, BoardStatus, Seat};

/// The fixed rotation (R22): A-White, B-White, B-Black, A-Black, then again.
pub const ROTATION: [Seat; 4] = [Seat::A_WHITE, Seat::B_WHITE, Seat::B_BLACK, Seat::A_BLACK];

/// How many times each seat may sit in one game (R24).
pub const SITS_PER_SEAT: u8 = 3;

/// Keys that make the seat to act part of the repetition state (F6).
const SEAT_KEYS: [u64; 5] = [
    0x8f3c_5a1e_7d2b_4c69,
    0x1b7e_92d4_c05a_3f81,
    0x6d05_e8b3_2a9f_71c4,
    0xc4a2_17f9_5e3d_b80a,
    0x2f91_d6c8_4b07_e35d, // nobody to act
];

/// The whole repetition state of R25 as one fingerprint: both boards (each
/// board's hash covers placement, promoted marks, its two pockets, side to
/// move, castling and a legal en passant square) and the seat to act.
/// Board B's hash is rotated so that swapping the boards changes the result.
pub fn state_hash(boards: &[Board; 2], to_act: Option<Seat>) -> u64 {
    boards[0].hash() ^ boards[1].hash().rotate_left(29) ^ SEAT_KEYS[to_act.map_or(4, Seat::index)]
}

/// The seat to act (F5): the first seat in rotation order after `last` (that
/// seat itself last; from A-White on when nobody has acted) whose colour is to
/// move on its board and that has a legal move or drop. Seats whose board
/// waits for the opponent and seats that are waiting are skipped (R23).
pub fn next_to_act(boards: &[Board; 2], last: Option<Seat>) -> Option<Seat> {
    next_with_status(boards, boards.each_ref().map(|b| b.status()), last)
}

/// As [`next_to_act`], with each board's status already known.
fn next_with_status(
    boards: &[Board; 2],
    status: [BoardStatus; 2],
    last: Option<Seat>,
) -> Option<Seat> {
    let start = match last {
        Some(seat) => ROTATION
            .iter()
            .position(|s| *s == seat)
            .map_or(0, |i| i + 1),
        None => 0,
    };
    (0..4).map(|i| ROTATION[(start + i) % 4]).find(|seat| {
        let b = seat.board.index();
        boards[b].turn() == seat.color && status[b] == BoardStatus::Playing
    })
}

/// Rotation and repetition bookkeeping of a turn-based game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TurnState<const N: usize> {
    /// The seat that acted last, if any.
    pub last_actor: Option<Seat>,
    /// The seat whose turn it is, if any.
    pub to_act: Option<Seat>,
    /// Sits left per seat, by `Seat::index`.
    pub sits_left: [u8; 4],
    /// Every repetition state so far, the start included (F6).
    pub states: ArrayVec<u64, N>,
}

impl<const N: usize> TurnState<N> {
    /// An empty state, to be [`TurnState::reset`] before use.
    pub fn new() -> Self {
        TurnState {
            last_actor: None,
            to_act: None,
            sits_left: [SITS_PER_SEAT; 4],
            states: ArrayVec::new(),
        }
    }

    /// Back to the start of a game on `boards`, whose statuses are `status`.
    pub fn reset(&mut self, boards: &[Board; 2], status: [BoardStatus; 2]) {
        self.last_actor = None;
        self.to_act = next_with_status(boards, status, None);
        self.sits_left = [SITS_PER_SEAT; 4];
        self.states.clear();
    }

    /// After `seat` acted: the next seat to act.
    pub fn advance(&mut self, boards: &[Board; 2], status: [BoardStatus; 2], seat: Seat) {
        self.last_actor = Some(seat);
        self.to_act = next_with_status(boards, status, Some(seat));
    }

    /// Records the current state; returns how often it has now occurred.
    pub fn record(&mut self, boards: &[Board; 2]) -> usize {
        let h = state_hash(boards, self.to_act);
        // Capacity: one state at the start and one per move, drop or sit; the
        // move cap and the sit limit bound those (see `HISTORY_CAPACITY`).
        if self.states.try_push(h).is_err() {
            return 1;
        }
        self.states.iter().filter(|&&s| s == h).count()
    }
}
