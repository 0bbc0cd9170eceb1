//! The rules this engine plays, one entry per id. Doc comments and tests
//! throughout the crate cite these ids. Entries marked *(choice)* settle
//! what the published rules leave open, the way common servers do.
//!
//! # Table, seats, teams
//!
//! - **R1** Two boards, A and B, each an ordinary chess board; four seats:
//!   A-White, A-Black, B-White, B-Black.
//! - **R2** Team 1 is A-White with B-Black, team 2 A-Black with B-White:
//!   partners play opposite colours on different boards.
//! - **R3** Every seat has a pocket of pieces of its own colour (pawns,
//!   knights, bishops, rooks, queens — never a king).
//! - **R4** A game starts from the standard position on both boards with
//!   empty pockets, or from a valid BFEN.
//!
//! # Captures and pockets
//!
//! - **R5** A captured piece goes straight to the capturer's partner's
//!   pocket, in its own colour; en passant captures too.
//! - **R6** A piece that got on the board by promotion carries a mark; when
//!   captured it reaches the partner as a pawn. Dropped pieces are never
//!   marked.
//! - **R7** Conservation: per colour, the pieces on both boards (promoted
//!   ones as pawns) plus those in that colour's pockets never change — 30
//!   from the standard start.
//! - **R8** So one pocket never holds more than 16 pawns, 4 knights, 4
//!   bishops, 4 rooks or 2 queens of a colour.
//!
//! # Moves and drops
//!
//! - **R9** A turn is a normal chess move on one's own board (castling, en
//!   passant and promotion to knight, bishop, rook or queen included) or a
//!   drop of a pocket piece on any empty square of it.
//! - **R10** No pawn is ever dropped on rank 1 or rank 8.
//! - **R11** A pawn dropped on its own second rank may still step two
//!   squares, and can then be taken en passant.
//! - **R12** A drop may give check, even mate — a pawn drop too.
//! - **R13** No move or drop may leave the mover's king in check; in check,
//!   a drop is legal only if it blocks.
//! - **R14** *(choice)* Castling rights go for good when the king moves or
//!   the rook leaves or is taken on its corner; a rook dropped there brings
//!   nothing back.
//! - **R15** *(choice)* FEN is written with an en passant square only when
//!   a capture there is legal; any well-placed one is read.
//!
//! # Check, mate and waiting
//!
//! - **R16** Bughouse checkmate: in check, no legal move or drop with the
//!   pocket as it is, and no drop could ever block — a double check, a
//!   knight or pawn check, or a slider touching the king.
//! - **R17** A check a drop could block is never mate, even with an empty
//!   pocket or when only a pawn could go on a blocking square on rank 1 or
//!   8: the partner may still send something.
//! - **R18** No stalemate: a side without a legal move waits (its clock
//!   running in the live game) until its partner's captures give it a
//!   piece to drop.
//!
//! # The live game
//!
//! - **R19** Both boards play at once; each board alternates White and
//!   Black, and never waits for the other.
//! - **R20** Always clocked, one clock per seat: 3 minutes each by default,
//!   or base time plus a Fischer increment; the side to move's clock runs,
//!   also while it waits.
//! - **R21** *(choice)* The engine keeps no wall clock: each action carries
//!   the caller's milliseconds, which never go backwards; the earliest
//!   fallen flag decides, both teams' at the same millisecond is a draw; an
//!   action stamped after a flag fell is refused.
//!
//! # The turn-based game
//!
//! - **R22** One seat acts at a time, in the order A-White, B-White,
//!   B-Black, A-Black, and round again.
//! - **R23** The rotation passes over a seat whose colour is not to move on
//!   its board, and over a seat that is waiting.
//! - **R24** A seat that could move may sit instead, at most three times a
//!   game; its board stands until its next turn.
//! - **R25** The same state (both boards, all pockets, the seat to act) a
//!   third time is a draw.
//! - **R26** *(choice)* No clocks in the turn-based game: a time control
//!   there is a settings error.
//!
//! # How a game ends
//!
//! The first board to end decides for both, always with its reason.
//!
//! - **R27** Checkmate on either board: the mating team wins.
//! - **R28** A clock running out loses for that seat's team.
//! - **R29** Resigning or leaving loses for that seat's team.
//! - **R30** A draw by agreement needs every human seat to agree; computer
//!   seats are not asked; an offer is withdrawn by its seat or cleared by
//!   any move; a table without humans cannot agree.
//! - **R31** When the side to move on both boards has no legal move or
//!   drop, nothing can ever change: a draw.
//! - **R32** After a cap of moves and drops on both boards together (800
//!   by default, a setting) the game is a draw.
//! - **R33** No other draws: no stalemate, no fifty-move rule, no
//!   insufficient material, no repetition in the live game.
//! - **R34** Mate is checked after every move or drop, on its board (a
//!   growing pocket never makes a mate); R31 after every action.
//!
//! # Notation
//!
//! - **N1** FEN with the pocket in brackets after the placement
//!   (`…/RNBQKBNR[Qnp] w …`) and `~` after a promoted piece; the 9th-rank
//!   form `…/RNBQKBNR/Qnp w …` is read too.
//! - **N2** BFEN: board A's FEN, ` | `, board B's FEN.
//! - **N3** Moves in UCI (`e2e4`, `e7e8q`, `N@f3`) and SAN (`Nf3`, `exd5`,
//!   `e8=Q+`, `N@f3+`, `P@e4`; `@e4`, `P*e4` read too).
//! - **N4** Game records in BPGN, as FICS and bughousedb write them: tags
//!   for the four players, the time control and the result, moves numbered
//!   `1A.`, `1a.`, `1B.`, `1b.`, clock comments `{179.9}`.
//!
//! # Fine points
//!
//! - **F1** Timestamps count from the game's creation; a clock at 0 has run
//!   out, so an action at that very millisecond is late.
//! - **F2** Flags are checked first in every timed action; a fallen flag
//!   ends the game at its own time, and that is the only change.
//! - **F3** The increment is added after every move or drop, the last one
//!   too; equal timestamps are fine, earlier ones refused.
//! - **F4** Only accepted actions move the game's time; draw offers carry
//!   none.
//! - **F5** Turn-based: the seat to act is the first, after the last one to
//!   act, whose colour is to move and who has a legal move or drop.
//! - **F6** The repetition state: placement with promoted marks, pockets,
//!   both sides to move, castling rights, a capturable en passant square,
//!   the seat to act; recorded at the start and after every move, drop and
//!   sit.
//! - **F7** A sit is no move: it does not count toward the cap nor clear
//!   offers; the live game has no sits.
//! - **F8** After a move: mate on its board, then R31, R32, R25, in that
//!   order; a game set up from BFEN is judged at once, board A first.
//! - **F9** The cap counts this game's moves, not a BFEN's move numbers.
//! - **F10** Resigning and leaving are allowed at any moment.
//! - **F11** Only human seats offer draws; a lone human's offer is
//!   agreement; offers stand until withdrawn or any move.
//! - **F12** A move is checked in this order: game over, a known seat, the
//!   timestamp, flags, the turn, the text, legality.
//! - **F13** Checkmate names the mated seat, time the flagged one,
//!   resignation and leaving the seat that did it; draws name none.
