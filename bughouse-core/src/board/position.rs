//! One bughouse board: placement, promoted marks, both pockets, side to move,
//! castling rights, en passant and counters, with an incremental hash.

use crate::board::attacks::{
    bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks,
};
use crate::board::castling::CastlingSide;
use crate::board::pawns::en_passant_victim;
use crate::board::zobrist;
use crate::{Bitboard, CastlingRights, Color, Move, Piece, Pocket, Role, Square};

/// Where a captured piece goes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Flavour {
    /// Bughouse (default): the captured piece leaves this board; `play` hands
    /// it back so the game can give it to the capturer's partner (R5, R6).
    #[default]
    Bughouse,
    /// Crazyhouse: the captured piece changes colour and goes to the
    /// capturer's own pocket. It makes published crazyhouse perft numbers and
    /// peer libraries usable to check the generator, and gives users
    /// crazyhouse for free.
    Crazyhouse,
}

/// One board of the match (R1). Small and `Copy`: search and perft copy it
/// rather than undo moves.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    pub(crate) by_color: [Bitboard; 2],
    pub(crate) by_role: [Bitboard; 6],
    pub(crate) promoted: Bitboard,
    pub(crate) pockets: [Pocket; 2],
    pub(crate) turn: Color,
    pub(crate) castling: CastlingRights,
    /// Set only when an en passant capture is legal (R15), so equal positions
    /// compare and hash equal.
    pub(crate) ep_square: Option<Square>,
    pub(crate) flavour: Flavour,
    pub(crate) halfmoves: u32,
    pub(crate) fullmoves: u32,
    pub(crate) hash: u64,
}

impl Default for Board {
    fn default() -> Board {
        Board::new()
    }
}

impl Board {
    /// The standard starting position with empty pockets (R4), bughouse flavour.
    ///
    /// ```
    /// use bughouse_core::{Board, Color, Role, Square};
    ///
    /// let board = Board::new();
    /// assert_eq!(board.turn(), Color::White);
    /// assert_eq!(board.role_at(Square::E1), Some(Role::King));
    /// assert!(board.pocket(Color::White).is_empty());
    /// assert_eq!(board.legal_moves().len(), 20);
    /// assert_eq!(board.to_string(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1");
    /// ```
    pub fn new() -> Board {
        let mut board = Board::empty(Flavour::Bughouse);
        let back = [
            Role::Rook,
            Role::Knight,
            Role::Bishop,
            Role::Queen,
            Role::King,
            Role::Bishop,
            Role::Knight,
            Role::Rook,
        ];
        for (file, role) in back.into_iter().enumerate() {
            board.put(Square::ALL[file], role.of(Color::White), false);
            board.put(Square::ALL[8 + file], Role::Pawn.of(Color::White), false);
            board.put(Square::ALL[48 + file], Role::Pawn.of(Color::Black), false);
            board.put(Square::ALL[56 + file], role.of(Color::Black), false);
        }
        board.castling = CastlingRights::all();
        board.hash = board.compute_hash();
        board
    }

    /// The standard starting position in the given flavour.
    ///
    /// ```
    /// use bughouse_core::{Board, Flavour};
    ///
    /// let board = Board::new_with(Flavour::Crazyhouse);
    /// assert_eq!(board.flavour(), Flavour::Crazyhouse);
    /// assert_eq!(board.legal_moves(), Board::new().legal_moves());
    /// ```
    pub fn new_with(flavour: Flavour) -> Board {
        Board {
            flavour,
            ..Board::new()
        }
    }

    /// A board with nothing on it, White to move. Not a valid position by
    /// itself (no kings): used by the FEN reader to build one.
    pub(crate) fn empty(flavour: Flavour) -> Board {
        Board {
            by_color: [Bitboard::EMPTY; 2],
            by_role: [Bitboard::EMPTY; 6],
            promoted: Bitboard::EMPTY,
            pockets: [Pocket::EMPTY; 2],
            turn: Color::White,
            castling: CastlingRights::empty(),
            ep_square: None,
            flavour,
            halfmoves: 0,
            fullmoves: 1,
            hash: 0,
        }
    }

    /// Where captured pieces go.
    #[inline]
    pub fn flavour(&self) -> Flavour {
        self.flavour
    }

    /// The same position in another flavour, unchecked. Reading the FEN in
    /// the crazyhouse flavour checks crazyhouse material (each role counted
    /// over both colours); a bughouse board holding more than that and
    /// switched here can fill a pocket to its R8 bound, and a capture into a
    /// full pocket is then not kept.
    ///
    /// ```
    /// use bughouse_core::{Board, Color, Flavour, Role};
    ///
    /// // In crazyhouse a capture goes to the capturer's own pocket.
    /// let mut board: Board = "4k3/8/8/3p4/4P3/8/8/4K3[] w - - 0 1".parse()?;
    /// board = board.with_flavour(Flavour::Crazyhouse);
    /// board.play(board.parse_move("exd5")?)?;
    /// assert_eq!(board.pocket(Color::White).count(Role::Pawn), 1);
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    #[inline]
    pub fn with_flavour(mut self, flavour: Flavour) -> Board {
        self.flavour = flavour;
        self
    }

    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// The squares of `color`'s pieces.
    #[inline]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// The squares of pieces of `role`, both colours.
    #[inline]
    pub fn by_role(&self, role: Role) -> Bitboard {
        self.by_role[role.index()]
    }

    /// The squares of `piece`.
    #[inline]
    pub fn by_piece(&self, piece: Piece) -> Bitboard {
        self.by_color(piece.color) & self.by_role(piece.role)
    }

    /// The squares of pieces that reached the board by promotion (R6).
    #[inline]
    pub fn promoted(&self) -> Bitboard {
        self.promoted
    }

    /// The role of the piece on `sq`, if any.
    #[inline]
    pub fn role_at(&self, sq: Square) -> Option<Role> {
        if !self.occupied().contains(sq) {
            return None;
        }
        Role::ALL
            .into_iter()
            .find(|r| self.by_role(*r).contains(sq))
    }

    /// The colour of the piece on `sq`, if any.
    #[inline]
    pub fn color_at(&self, sq: Square) -> Option<Color> {
        if self.by_color[0].contains(sq) {
            Some(Color::White)
        } else if self.by_color[1].contains(sq) {
            Some(Color::Black)
        } else {
            None
        }
    }

    /// The piece on `sq`, if any.
    ///
    /// ```
    /// use bughouse_core::{Board, Color, Piece, Role, Square};
    ///
    /// let board = Board::new();
    /// assert_eq!(board.piece_at(Square::D8), Some(Piece { color: Color::Black, role: Role::Queen }));
    /// assert_eq!(board.piece_at(Square::E4), None);
    /// ```
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        Some(Piece {
            color: self.color_at(sq)?,
            role: self.role_at(sq)?,
        })
    }

    /// Where `color`'s king stands.
    ///
    /// The invariant: every board this crate builds has exactly one king of
    /// each colour — the start position, a FEN (refused otherwise:
    /// [`crate::FenErrorKind::KingCount`]) — and legal play keeps it, since
    /// a king is never captured (R13) nor dropped (R3). Only
    /// [`Board::play_unchecked`] with an illegal move can break it; then
    /// debug builds stop here, and release builds answer the lowest square
    /// holding a king of that colour, or E1 for none, never undefined
    /// behaviour.
    ///
    /// ```
    /// use bughouse_core::{Board, Color, Square};
    ///
    /// assert_eq!(Board::new().king_of(Color::Black), Square::E8);
    /// ```
    #[inline]
    pub fn king_of(&self, color: Color) -> Square {
        let kings = self.by_piece(Role::King.of(color));
        debug_assert!(
            kings.count() == 1,
            "{color:?} has {} kings: an illegal move was played unchecked",
            kings.count()
        );
        kings.first().unwrap_or(Square::E1)
    }

    /// `color`'s pocket on this board: the pieces that seat may drop (R3).
    #[inline]
    pub fn pocket(&self, color: Color) -> &Pocket {
        &self.pockets[color.index()]
    }

    /// Castling rights still held (R14).
    #[inline]
    pub fn castling_rights(&self) -> CastlingRights {
        self.castling
    }

    /// The en passant target square, set only when an en passant capture is
    /// legal (R15).
    #[inline]
    pub fn ep_square(&self) -> Option<Square> {
        self.ep_square
    }

    /// Half-moves since the last capture or pawn move (kept for FEN only:
    /// there is no fifty-move rule, R33).
    #[inline]
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// The full-move number of FEN: starts at 1, grows after Black moves.
    #[inline]
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// The Zobrist hash of the position: placement, promoted marks, pockets,
    /// side to move, castling rights and a legal en passant square. Kept up to
    /// date by `play`; equal to [`Board::compute_hash`] at all times.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash computed from scratch (for checking the incremental one).
    pub fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for sq in self.occupied() {
            if let Some(p) = self.piece_at(sq) {
                h ^= zobrist::piece(p, sq);
            }
        }
        for sq in self.promoted {
            h ^= zobrist::promoted(sq);
        }
        for color in Color::ALL {
            for role in Role::POCKET {
                h ^= zobrist::pocket(color, role, self.pockets[color.index()].count(role));
            }
        }
        if self.turn == Color::Black {
            h ^= zobrist::black_to_move();
        }
        h ^= zobrist::castling(self.castling);
        if let Some(ep) = self.ep_square {
            h ^= zobrist::en_passant(ep);
        }
        h
    }

    /// Pieces of `attacker` that attack `sq`, were the occupied squares `occupied`.
    #[inline]
    pub fn attackers_to(&self, sq: Square, attacker: Color, occupied: Bitboard) -> Bitboard {
        let queens = self.by_role(Role::Queen);
        (rook_attacks(sq, occupied) & (self.by_role(Role::Rook) | queens)
            | bishop_attacks(sq, occupied) & (self.by_role(Role::Bishop) | queens)
            | knight_attacks(sq) & self.by_role(Role::Knight)
            | king_attacks(sq) & self.by_role(Role::King)
            | pawn_attacks(attacker.other(), sq) & self.by_role(Role::Pawn))
            & self.by_color(attacker)
            & occupied
    }

    /// The pieces giving check to the side to move.
    ///
    /// ```
    /// use bughouse_core::{Board, Square};
    ///
    /// let board: Board = "4k3/8/8/1B6/8/8/8/4K3[] b - - 0 1".parse()?;
    /// assert_eq!(board.checkers().single_square(), Some(Square::B5));
    /// assert!(board.is_check());
    /// # Ok::<(), bughouse_core::FenError>(())
    /// ```
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        self.attackers_to(self.king_of(self.turn), self.turn.other(), self.occupied())
    }

    /// Whether the side to move is in check.
    #[inline]
    pub fn is_check(&self) -> bool {
        self.checkers().nonempty()
    }

    /// Places `piece` on the empty square `sq`, updating the hash.
    #[inline]
    pub(crate) fn put(&mut self, sq: Square, piece: Piece, promoted: bool) {
        self.by_color[piece.color.index()].add(sq);
        self.by_role[piece.role.index()].add(sq);
        self.hash ^= zobrist::piece(piece, sq);
        if promoted {
            self.promoted.add(sq);
            self.hash ^= zobrist::promoted(sq);
        }
    }

    /// Lifts the piece on `sq`, returning it and whether it was promoted.
    #[inline]
    pub(crate) fn take(&mut self, sq: Square) -> Option<(Piece, bool)> {
        let piece = self.piece_at(sq)?;
        self.by_color[piece.color.index()].discard(sq);
        self.by_role[piece.role.index()].discard(sq);
        self.hash ^= zobrist::piece(piece, sq);
        let promoted = self.promoted.contains(sq);
        if promoted {
            self.promoted.discard(sq);
            self.hash ^= zobrist::promoted(sq);
        }
        Some((piece, promoted))
    }

    /// Adds one piece of `role` to `color`'s pocket on this board, as the game
    /// does when the partner captures (R5). Returns `false`, changing nothing,
    /// for a king or a pocket already at its R8 bound (impossible in a game
    /// that conserves material, R7).
    ///
    /// ```
    /// use bughouse_core::{Board, Color, Role};
    ///
    /// let mut board = Board::new();
    /// assert!(board.add_to_pocket(Color::White, Role::Knight)); // a partner's capture (R5)
    /// assert_eq!(board.pocket(Color::White).count(Role::Knight), 1);
    /// assert!(!board.add_to_pocket(Color::White, Role::King)); // never a king (R3)
    /// assert_eq!(board.hash(), board.compute_hash()); // the hash follows the pocket
    /// ```
    pub fn add_to_pocket(&mut self, color: Color, role: Role) -> bool {
        let old = self.pockets[color.index()].count(role);
        if !self.pockets[color.index()].add(role) {
            return false;
        }
        self.hash ^= zobrist::pocket(color, role, old) ^ zobrist::pocket(color, role, old + 1);
        true
    }

    /// Takes one piece of `role` out of `color`'s pocket.
    pub(crate) fn remove_from_pocket(&mut self, color: Color, role: Role) -> bool {
        let old = self.pockets[color.index()].count(role);
        if !self.pockets[color.index()].remove(role) {
            return false;
        }
        self.hash ^= zobrist::pocket(color, role, old) ^ zobrist::pocket(color, role, old - 1);
        true
    }

    /// The position with the other side to move and nothing else changed
    /// but the en passant square, which lapses: a "null move", the side to
    /// move passing. No rule allows it on a board (a sit, R24, passes a
    /// whole seat's turn, not a move); searches use it to ask whether a
    /// position is good even with a free move for the opponent. `None` when
    /// the side to move is in check, since passing would leave its king
    /// capturable.
    ///
    /// ```
    /// use bughouse_core::{Board, Color};
    ///
    /// let board: Board = "4k3/8/8/8/4P3/8/8/4K3[] b - e3 0 1".parse()?;
    /// let passed = board.null_move().expect("Black is not in check");
    /// assert_eq!(passed.turn(), Color::White);
    /// assert_eq!(passed.ep_square(), None);
    /// assert_eq!(passed.hash(), passed.compute_hash());
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn null_move(&self) -> Option<Board> {
        if self.is_check() {
            return None;
        }
        let mut b = *self;
        b.turn = b.turn.other();
        b.hash ^= zobrist::black_to_move();
        if let Some(ep) = b.ep_square.take() {
            b.hash ^= zobrist::en_passant(ep);
        }
        Some(b)
    }

    /// Plays a move known to be legal, without checking it. Returns the
    /// captured piece as it leaves the board — its own colour, and a pawn if
    /// it was promoted (R6) — so that a game can hand it to the capturer's
    /// partner (R5). In the crazyhouse flavour it also goes to the mover's
    /// pocket (colour changed).
    ///
    /// An illegal move may leave a nonsensical position or panic, but never
    /// causes undefined behaviour. Use [`Board::play`] for untrusted moves.
    ///
    /// ```
    /// use bughouse_core::{Board, Role};
    ///
    /// let mut board: Board = "4k3/8/8/3p4/4P3/8/8/4K3[] w - - 0 1".parse()?;
    /// let m = board.parse_move("exd5")?; // SAN resolves to a legal move
    /// let captured = board.play_unchecked(m);
    /// assert_eq!(captured.map(|p| p.role), Some(Role::Pawn));
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn play_unchecked(&mut self, m: Move) -> Option<Piece> {
        let us = self.turn;
        let them = us.other();
        let mut captured = None;
        let mut new_ep = None;
        self.hash ^= zobrist::castling(self.castling);
        let old_ep = self.ep_square.take();
        if let Some(ep) = old_ep {
            self.hash ^= zobrist::en_passant(ep);
        }
        // The counters saturate: FEN may start them anywhere up to u32::MAX.
        self.halfmoves = self.halfmoves.saturating_add(1);
        match m {
            Move::Normal {
                from,
                to,
                promotion,
            } => {
                let (piece, was_promoted) = self.take(from)?;
                if piece.role == Role::King {
                    if let Some(side) = CastlingSide::of_king_move(us, from, to) {
                        if let Some((rook, rook_promoted)) = self.take(side.rook_from(us)) {
                            self.put(side.rook_to(us), rook, rook_promoted);
                        }
                    }
                }
                let capture_square = if piece.role == Role::Pawn
                    && Some(to) == old_ep
                    && !self.occupied().contains(to)
                {
                    en_passant_victim(us, to)
                } else {
                    to
                };
                if let Some((victim, victim_promoted)) = self.take(capture_square) {
                    let role = if victim_promoted {
                        Role::Pawn
                    } else {
                        victim.role
                    };
                    captured = Some(role.of(victim.color));
                    self.halfmoves = 0;
                }
                if piece.role == Role::Pawn {
                    self.halfmoves = 0;
                    if from.index().abs_diff(to.index()) == 16 {
                        new_ep = Some(Square::from_index_masked(
                            (from.index() + to.index()) as u32 / 2,
                        ));
                    }
                }
                match promotion {
                    Some(role) if piece.role == Role::Pawn => self.put(to, role.of(us), true),
                    _ => self.put(to, piece, was_promoted),
                }
                self.castling -=
                    CastlingRights::lost_by_touching(from) | CastlingRights::lost_by_touching(to);
            }
            Move::Drop { role, to } => {
                self.remove_from_pocket(us, role);
                self.put(to, role.of(us), false);
            }
        }
        if let (Flavour::Crazyhouse, Some(victim)) = (self.flavour, captured) {
            self.add_to_pocket(us, victim.role);
        }
        self.turn = them;
        self.hash ^= zobrist::black_to_move();
        if us == Color::Black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.hash ^= zobrist::castling(self.castling);
        if let Some(ep) = new_ep {
            if self.en_passant_is_legal(ep) {
                self.ep_square = Some(ep);
                self.hash ^= zobrist::en_passant(ep);
            }
        }
        captured
    }

    /// Whether the side to move has a legal en passant capture onto `ep`,
    /// were it the en passant square.
    pub(crate) fn en_passant_is_legal(&self, ep: Square) -> bool {
        let us = self.turn;
        let capturers = pawn_attacks(us.other(), ep) & self.by_piece(Role::Pawn.of(us));
        capturers
            .into_iter()
            .any(|from| self.en_passant_capture_is_safe(from, ep))
    }

    /// Whether capturing en passant from `from` to `ep` leaves the mover's
    /// king safe: the only move that removes a piece not on its target square,
    /// so it is checked by playing it out on the occupancy.
    pub(crate) fn en_passant_capture_is_safe(&self, from: Square, ep: Square) -> bool {
        let us = self.turn;
        let victim = en_passant_victim(us, ep);
        if !self.by_piece(Role::Pawn.of(us.other())).contains(victim) {
            return false;
        }
        let occupied =
            (self.occupied() - Bitboard::from_square(from) - Bitboard::from_square(victim))
                .with(ep);
        let attackers = self.attackers_to(self.king_of(us), us.other(), occupied)
            - Bitboard::from_square(victim);
        attackers.is_empty()
    }
}
