//! Static exchange evaluation: what a move wins or loses on its target
//! square if both sides then capture there, least valuable piece first,
//! each stopping when going on would lose. A drop is a move whose piece
//! comes from the hand: it wins nothing at first and risks the dropped
//! piece. Pins are ignored (a pinned piece is counted as an attacker), as
//! usual for an estimate used to order and prune, never to decide legality.

use super::eval::BOARD_VALUE;
use crate::board::pawns::en_passant_victim;
use crate::{Board, Move, Role};

/// What a king counts in an exchange: it may capture last, and never into
/// an attacked square (the swap makes such a capture lose everything).
const KING_VALUE: i32 = 20_000;

fn value(role: Role) -> i32 {
    if role == Role::King {
        KING_VALUE
    } else {
        BOARD_VALUE[role.index()]
    }
}

/// The exchange's result for the side playing `m` (centipawns, board
/// values), `m` being pseudo-legal on `board`.
pub(crate) fn see(board: &Board, m: Move) -> i32 {
    let mut occupied = board.occupied();
    let (to, mut on_square, first_gain) = match m {
        Move::Normal {
            from,
            to,
            promotion,
        } => {
            let mover = board.role_at(from).unwrap_or(Role::Pawn);
            occupied.discard(from);
            let mut gain = board.role_at(to).map_or(0, value);
            if mover == Role::Pawn && board.role_at(to).is_none() && Some(to) == board.ep_square() {
                gain = BOARD_VALUE[Role::Pawn.index()];
                occupied.discard(en_passant_victim(board.turn(), to));
            }
            let on_square = promotion.unwrap_or(mover);
            if let Some(p) = promotion {
                gain += value(p) - BOARD_VALUE[Role::Pawn.index()];
            }
            (to, on_square, gain)
        }
        Move::Drop { role, to } => (to, role, 0),
    };
    occupied.add(to);
    // One entry per capture. A board holding one set's 32 pieces has at
    // most 31 captures on a square after the move; drops from the partner
    // board can put more pieces on one board, and then the exchange is cut
    // after 33 captures (the loop's bound below): an estimate for ordering
    // and pruning, never a rule.
    let mut gain = [0i32; 34];
    gain[0] = first_gain;
    let mut side = board.turn().other();
    let mut d = 0;
    loop {
        d += 1;
        // Speculative: the side to capture takes what stands on the square.
        gain[d] = value(on_square) - gain[d - 1];
        let attackers = board.attackers_to(to, side, occupied);
        let Some((sq, role)) = Role::ALL
            .into_iter()
            .find_map(|r| (attackers & board.by_role(r)).first().map(|sq| (sq, r)))
        else {
            break;
        };
        occupied.discard(sq);
        on_square = role;
        side = side.other();
        if d + 1 >= gain.len() {
            break;
        }
    }
    while d > 1 {
        d -= 1;
        gain[d - 1] = -(-gain[d - 1]).max(gain[d]);
    }
    gain[0]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn see_of(fen: &str, uci: &str) -> i32 {
        let board: Board = fen.parse().unwrap();
        see(&board, Move::from_uci(uci).unwrap())
    }

    #[test]
    fn a_free_capture_wins_the_piece_and_a_defended_one_the_difference() {
        assert_eq!(see_of("4k3/8/8/3r4/8/8/8/3RK3[] w - - 0 1", "d1d5"), 450);
        // Rook takes a knight defended by a pawn: +300 - 450.
        assert_eq!(see_of("4k3/8/4p3/3n4/8/8/8/3RK3[] w - - 0 1", "d1d5"), -150);
        // A pawn takes the same knight and is taken back: +300 - 100.
        assert_eq!(see_of("4k3/8/4p3/3n4/4P3/8/8/4K3[] w - - 0 1", "e4d5"), 200);
    }

    #[test]
    fn x_rays_join_the_exchange() {
        // Two rooks against a rook and a knight defended once.
        assert_eq!(see_of("3rk3/8/8/3n4/8/8/3R4/3RK3[] w - - 0 1", "d2d5"), 300);
    }

    #[test]
    fn a_drop_on_an_attacked_undefended_square_loses_the_piece() {
        assert_eq!(see_of("4k3/8/8/8/4p3/8/8/4K3[N] w - - 0 1", "N@d3"), -300);
        assert_eq!(see_of("4k3/8/8/8/8/8/8/4K3[N] w - - 0 1", "N@d3"), 0);
        // A drop next to the enemy king, defended: the king cannot take.
        assert_eq!(see_of("4k3/R7/8/8/8/8/8/4K3[Q] w - - 0 1", "Q@e7"), 0);
        assert_eq!(see_of("4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1", "Q@e7"), -850);
    }
}
