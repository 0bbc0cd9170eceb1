//! Static evaluation of one board, knowing it is half of a bughouse match.
//!
//! Scores are centipawns from the point of view of the side to move. The
//! terms:
//!
//! - **Material on the board and in hand.** A piece in hand is worth a bit
//!   more than the same piece on the board: it can be dropped on any empty
//!   square (R9), with check (R12). The values are compressed
//!   ([`TERMS`]: minor pieces and rooks two to three pawns, a queen
//!   five): every piece comes back by drop, so the initiative and the king
//!   count for more than a big piece. Against Fairy-Stockfish, in bughouse
//!   they scored 68.8 % against 56.5 % with the values of chess at 20 ms
//!   (200 matches, one binary, one run after the other), 56.7 % against
//!   34.6 % at 100 ms (120) and 43.2 % against 35.4 % at 25 000 nodes (600);
//!   in crazyhouse, together with attack units (below), 34.2 % against
//!   21.3 % at 20 ms (600). Figures in benches/README.md, "Compressed piece
//!   values and attack units: the default in both variants".
//! - **The team** (R5). Every piece that leaves this board lands in a pocket
//!   on the other board: what we capture feeds our partner, what we lose
//!   feeds the opponents' partner. Over one search the material that left the
//!   board of a colour is its starting total minus what remains, so the term
//!   is, up to a constant that does not change any decision, a weight times
//!   the *capture value* of what each side still holds (promoted pieces count
//!   as the pawns they would be sent as, R6). The weights come from the other
//!   board (see [`team_weights`]).
//! - **King safety against drops.** As attack units
//!   ([`king_attack_units`]): the safe drop checks the enemy's hand allows,
//!   role by role (also a knight or pawn the other board may still send),
//!   ring squares only the king guards, enemy pieces aiming at the ring,
//!   pieces in hand that could join, no square to step to; minus the pawns
//!   that shelter the king. Units cost quadratically (one weakness is
//!   cheap, several together lose) up to a knee, then linearly, capped so
//!   that a full enemy pocket does not turn the bot passive. The switch
//!   [`LINEAR_KING_DANGER`] restores the linear measure ([`king_danger`],
//!   which the team weights still read): empty squares next to the king
//!   that no defender covers, knight-check squares, open lines to the king
//!   and enemy control of the king's zone, scaled up by what the enemy
//!   holds in hand. The attacker's reserves arrive by drop, not by moves,
//!   and almost every loss against Fairy-Stockfish was a mate by drops on
//!   our own board: attack units scored better in bughouse at equal time
//!   (20 ms, one binary, one run after the other: 58.0 % against 45.5 %
//!   over 200 matches; at 100 ms +6.9 points over four pairs of 60; figures
//!   in benches/README.md, "King attack units: the bughouse default"). In
//!   crazyhouse they lost with the values of chess (20 ms, −4.5 points over
//!   100) and win with the compressed values (above).
//!   The danger also counts who is to move ([`danger_by_turn`]): six
//!   quarters of it when the attacker is (it may drop at once), two when
//!   the defender is (it may cover first; [`TERMS`]).
//! - **Threats**: enemy pieces our pawns attack, and enemy pieces we attack
//!   that nothing defends ([`threats`]), at a fraction of a piece
//!   ([`TERMS`]: the threatened side usually saves it). Quiescence only
//!   sees the captures of the side to move.
//!   Against Fairy-Stockfish at 20 ms (200 matches, one binary, one run
//!   after the other), the two with the search's counter moves scored
//!   44.2 % against 38.0 % in crazyhouse and 73.2 % against 67.2 % in
//!   bughouse; the figures of every seed in benches/README.md, "Who is to
//!   move, threats and counter moves (session 13)". The weights of both
//!   terms ([`TERMS`]) scored 48.7 % against 42.6 % in crazyhouse over
//!   800 matches on four seeds (session 14).
//! - **Mobility**, crazyhouse only: per square a knight or bishop (8 cp),
//!   rook (6) or queen (4) attacks that holds no piece of its side and no
//!   enemy pawn guards. Fitted alone to Fairy-Stockfish's scores of quiet
//!   positions, its four numbers cut the error nearly as much as the 26 of
//!   the king danger (a fit of all of them played far worse,
//!   benches/README.md, "The evaluation fitted
//!   to Fairy-Stockfish, and mobility: crazyhouse (session 20)"); at 20 ms
//!   it scored 47.2 % against 41.1 % over 400 matches on two seeds (one
//!   binary, one run after the other), and 48.2 % against 39.5 % at fixed
//!   nodes near 20 ms (200). At fixed nodes near 100 ms: 22.8 % against
//!   20.8 % (200), no change shown. It costs about 6 % more time per node.
//!   Session 12's milder form (4/4/2/1 cp beyond 4/6/6/12 squares) lost at
//!   20 ms (34.8 % against 39.8 %, 200).
//! - Small placement terms: advanced pawns, central minor pieces, a king at
//!   home. In crazyhouse also the opening terms of session 28
//!   ([`CRAZYHOUSE_TERMS`]): a flank pawn (files a, b, g, h) pushed to its
//!   3rd–5th rank costs 10–30 cp instead of earning the rank bonus, and a
//!   minor piece at home costs 25 cp, not 8. Fairy-Stockfish's review of
//!   lost matches found the bot's opening moves there (a2–a4, h2–h3,
//!   knights and bishops left home). At fixed nodes near 100 ms they
//!   scored 33.3 % against 29.9 % (800 matches on four seeds), in real
//!   time 50.0 % against 48.1 % at 20 ms and 30.4 % against 29.9 % at
//!   100 ms (800 each; benches/README.md, "Opening terms, the crazyhouse
//!   default (session 28)"); a castling bonus with them lost (session
//!   27).

use crate::board::attacks::{
    bishop_attacks, king_attacks, knight_attacks, pawn_attacks, pawn_attacks_of_set, queen_attacks,
    rook_attacks,
};
use crate::{Bitboard, Board, Color, Flavour, Role, Seat};

/// Value of a piece on the board, by [`Role::index`] (the king is never
/// captured or counted).
pub(crate) const BOARD_VALUE: [i32; 6] = [100, 300, 310, 450, 850, 0];

/// Value of a piece in hand: a little more than on the board, since it may be
/// dropped anywhere, and the pawn most of all (pawn drops are the cheapest
/// way to block, attack and mate).
pub(crate) const HAND_VALUE: [i32; 5] = [130, 330, 330, 480, 900];

/// The team weights are sixteenths: 16 counts material that crosses to the
/// other board at its full hand value.
pub(crate) const WEIGHT_ONE: i32 = 16;

/// Every number of the evaluation that a fit may change, in one place:
/// [`TERMS`] (bughouse) and [`CRAZYHOUSE_TERMS`], each number found by
/// matches against Fairy-Stockfish; `experiment::EvalTerms` lists them by
/// name for a fit (`benches/examples/tune_eval.rs`). Roles are indexed by
/// [`Role::index`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Terms {
    /// Value of a piece on the board.
    pub board: [i32; 5],
    /// Value of a piece in hand: a little more than on the board, since it
    /// may be dropped anywhere (R9), with check (R12).
    pub hand: [i32; 5],
    /// King-attack units of a safe drop check by a piece of each role in
    /// the attacker's hand: a knight or pawn check cannot be blocked (R16)
    /// and a queen's covers the most squares.
    pub safe_drop_check_units: [i32; 5],
    /// Units of a piece (not a pawn) on the board that attacks the squares
    /// next to the enemy king.
    pub attacker_units: [i32; 5],
    /// Units of a piece in hand that could land safely near the enemy king.
    pub joiner_units: [i32; 5],
    /// Units of a king without a free square to step to while a safe drop
    /// check exists: the next check is often mate.
    pub no_flight_units: i32,
    /// Units of a ring square the enemy attacks and only the king guards.
    pub weak_ring_square_units: i32,
    /// Units an own pawn next to the king takes off (it shelters the king).
    pub shelter_pawn_units: i32,
    /// Attack units beyond which the danger grows linearly, not
    /// quadratically.
    pub unit_knee: i32,
    /// Centipawns per unit² below the knee, in eighths.
    pub eighth_cp_per_unit_squared: i32,
    /// Most centipawns the king danger may cost: a full enemy pocket must
    /// not turn the bot passive (a rejected screen gave ~2000 cp;
    /// benches/README).
    pub danger_cap: i32,
    /// The king danger of a side, in sixteenths of [`danger_from_units`],
    /// when the attacker is to move: it may drop at once.
    pub danger_attacker_to_move: i32,
    /// … and when the defender is: it may first cover, flee or drop a
    /// guard.
    pub danger_defender_to_move: i32,
    /// Per enemy piece (not a pawn or king) a pawn of ours attacks.
    pub pawn_threat: i32,
    /// Per enemy piece (not the king) we attack and nothing of theirs
    /// defends.
    pub hanging_threat: i32,
    /// Bonus of a pawn on files c–f by its rank counted from its own side
    /// (0-based; ranks 0 and 7 hold no pawn).
    pub pawn_rank: [i32; 8],
    /// … and of a pawn on the flanks (files a, b, g and h, [`FLANK_FILES`]):
    /// in crazyhouse a flank pawn pushed early neither fights for the
    /// centre nor keeps the squares around a castled king from drops.
    pub flank_pawn_rank: [i32; 8],
    /// Bonus of a minor piece by its distance from the centre (0 = the
    /// four central squares … 3 = the rim).
    pub minor_centre: [i32; 4],
    /// Cost of a minor piece still on its first rank.
    pub minor_back_rank: i32,
    /// Cost per rank a king stands beyond its second (it walks into drops).
    pub king_rank: i32,
    /// Bonus for having the move.
    pub tempo: i32,
    /// Per square a piece of each role attacks that holds no piece of its
    /// side and no enemy pawn attacks (0 for all: mobility not computed).
    pub mobility: [i32; 5],
}

/// How many numbers of the evaluation a fit may change (see
/// [`crate::bot::experiment::EvalTerms`]).
pub const TERM_COUNT: usize = 56;

impl Terms {
    /// Every number a fit may change, with its name, in a fixed order; the
    /// pawn ranks that hold no pawn and the pawn's entries of the
    /// attacker, joiner and mobility tables (always 0) are left out.
    pub(crate) fn named_fields(&mut self) -> [(&'static str, &mut i32); TERM_COUNT] {
        let [b0, b1, b2, b3, b4] = &mut self.board;
        let [h0, h1, h2, h3, h4] = &mut self.hand;
        let [c0, c1, c2, c3, c4] = &mut self.safe_drop_check_units;
        let [_, a1, a2, a3, a4] = &mut self.attacker_units;
        let [_, j1, j2, j3, j4] = &mut self.joiner_units;
        let [_, r1, r2, r3, r4, r5, r6, _] = &mut self.pawn_rank;
        let [_, f1, f2, f3, f4, f5, f6, _] = &mut self.flank_pawn_rank;
        let [m0, m1, m2, m3] = &mut self.minor_centre;
        let [_, o1, o2, o3, o4] = &mut self.mobility;
        [
            ("board P", b0),
            ("board N", b1),
            ("board B", b2),
            ("board R", b3),
            ("board Q", b4),
            ("hand P", h0),
            ("hand N", h1),
            ("hand B", h2),
            ("hand R", h3),
            ("hand Q", h4),
            ("drop check P", c0),
            ("drop check N", c1),
            ("drop check B", c2),
            ("drop check R", c3),
            ("drop check Q", c4),
            ("attacker N", a1),
            ("attacker B", a2),
            ("attacker R", a3),
            ("attacker Q", a4),
            ("joiner N", j1),
            ("joiner B", j2),
            ("joiner R", j3),
            ("joiner Q", j4),
            ("no flight", &mut self.no_flight_units),
            ("weak ring square", &mut self.weak_ring_square_units),
            ("shelter pawn", &mut self.shelter_pawn_units),
            ("unit knee", &mut self.unit_knee),
            ("cp/8 per unit²", &mut self.eighth_cp_per_unit_squared),
            ("danger cap", &mut self.danger_cap),
            (
                "danger/16 attacker to move",
                &mut self.danger_attacker_to_move,
            ),
            (
                "danger/16 defender to move",
                &mut self.danger_defender_to_move,
            ),
            ("pawn threat", &mut self.pawn_threat),
            ("hanging threat", &mut self.hanging_threat),
            ("pawn rank 2", r1),
            ("pawn rank 3", r2),
            ("pawn rank 4", r3),
            ("pawn rank 5", r4),
            ("pawn rank 6", r5),
            ("pawn rank 7", r6),
            ("flank pawn rank 2", f1),
            ("flank pawn rank 3", f2),
            ("flank pawn rank 4", f3),
            ("flank pawn rank 5", f4),
            ("flank pawn rank 6", f5),
            ("flank pawn rank 7", f6),
            ("minor centre 0", m0),
            ("minor centre 1", m1),
            ("minor centre 2", m2),
            ("minor centre 3", m3),
            ("minor back rank", &mut self.minor_back_rank),
            ("king rank", &mut self.king_rank),
            ("tempo", &mut self.tempo),
            ("mobility N", o1),
            ("mobility B", o2),
            ("mobility R", o3),
            ("mobility Q", o4),
        ]
    }
}

/// Bughouse's bonus of a pawn by its rank, the same on every file.
const PAWN_RANK: [i32; 8] = [0, 0, 4, 10, 20, 36, 60, 0];

/// The evaluation's numbers in bughouse, and in crazyhouse but for
/// mobility ([`CRAZYHOUSE_TERMS`]), each found by matches against
/// Fairy-Stockfish (the module's notes; benches/README.md).
pub(crate) const TERMS: Terms = Terms {
    // Compressed values after the drop players' rule of thumb (minor
    // pieces and rooks about two to three pawns, a queen about five):
    // every piece comes back by drop, so initiative counts for more than a
    // big piece. The search's exchanges and move ordering keep
    // [`BOARD_VALUE`].
    board: [100, 220, 230, 280, 500],
    hand: [130, 250, 250, 300, 540],
    safe_drop_check_units: [4, 7, 4, 5, 8],
    attacker_units: [0, 2, 2, 3, 5],
    joiner_units: [0, 2, 2, 3, 5],
    no_flight_units: 5,
    weak_ring_square_units: 2,
    shelter_pawn_units: 1,
    unit_knee: 20,
    // 1.5 cp: 20 units, the knee, cost 600 cp.
    eighth_cp_per_unit_squared: 12,
    danger_cap: 900,
    // Six quarters with the attacker to move, two with the defender; a
    // threat a fraction of its piece (the threatened side usually saves it
    // with one move or a drop). In crazyhouse at 20 ms these scored better
    // than the weights of session 13 ([`SESSION_13_WEIGHTS`]), and threats
    // × 1.5 worse: benches/README.md, "Crazyhouse screens on four idle
    // seeds (session 14)".
    danger_attacker_to_move: 24,
    danger_defender_to_move: 8,
    pawn_threat: 25,
    hanging_threat: 20,
    pawn_rank: PAWN_RANK,
    flank_pawn_rank: PAWN_RANK,
    minor_centre: [16, 10, 2, -12],
    minor_back_rank: 8,
    king_rank: 25,
    tempo: 12,
    mobility: [0; 5],
};

/// The numbers of crazyhouse: [`TERMS`] and
/// - mobility, 8 cp per square for a knight or bishop, 6 for a rook, 4 for
///   a queen (see the module's notes);
/// - the opening terms of session 28: a flank pawn on its 3rd, 4th or 5th
///   rank costs 10, 20 or 30 cp instead of earning the rank bonus, and a
///   minor piece on its first rank costs 25, not 8. Fairy-Stockfish's
///   review of lost matches found the bot pushing flank pawns (a2–a4,
///   h2–h3, b2–b4) and leaving knights and bishops home while its scores
///   stayed near 0 (benches/README.md, sessions 27 and 28).
///
/// Bughouse keeps [`TERMS`] (neither screened there).
pub(crate) const CRAZYHOUSE_TERMS: Terms = Terms {
    mobility: [0, 8, 8, 6, 4],
    flank_pawn_rank: [0, 0, -10, -20, -30, 36, 60, 0],
    minor_back_rank: 25,
    ..TERMS
};

/// Files a, b, g and h, whose pawns take [`Terms::flank_pawn_rank`].
pub(crate) const FLANK_FILES: Bitboard = Bitboard(0xc3c3_c3c3_c3c3_c3c3);

/// Experiment switch (bit 22), turned round when session 28's opening
/// terms became the crazyhouse default: flank pawns take the rank bonus of
/// the others and a minor piece at home costs 8 ([`TERMS`]'s), as before.
pub(crate) const NO_CRAZYHOUSE_OPENING_TERMS: u32 = 1 << 22;

/// Experiment switch (bit 21), turned round when mobility became the
/// crazyhouse default (session 20): crazyhouse counts no mobility, as
/// before (its other numbers stay [`CRAZYHOUSE_TERMS`]).
pub(crate) const NO_CRAZYHOUSE_MOBILITY: u32 = 1 << 21;

/// What the evaluation needs besides the board: whose search it is, how the
/// other board weighs material crossing to it, and the noise seed.
#[derive(Copy, Clone, Debug)]
pub(crate) struct EvalParams {
    /// The colour the search plays on this board.
    pub us: Color,
    /// How much material we capture is worth to our partner, in sixteenths
    /// of its hand value.
    pub feed: i32,
    /// How much material we lose is worth to the opponents' partner, in
    /// sixteenths of its hand value.
    pub give: i32,
    /// Seeds the tiny deterministic noise that breaks ties between games.
    pub seed: u64,
    /// Noise amplitude in centipawns (0: none).
    pub noise: i32,
    /// Experiment switches (see `experiment`): the evaluation reads bits
    /// 16–31 ([`LINEAR_KING_DANGER`]).
    pub flags: u32,
}

impl EvalParams {
    /// The evaluation of `us`'s search with no team term (a crazyhouse
    /// board's), no noise and no switch.
    pub(crate) fn plain(us: Color) -> Self {
        EvalParams {
            us,
            feed: 0,
            give: 0,
            seed: 0,
            noise: 0,
            flags: 0,
        }
    }
}

/// Experiment switch (bit 16 of [`EvalParams::flags`]), turned round when
/// attack units became the default of both variants: the king danger of
/// the evaluation from the linear [`king_danger`], the bot's measure
/// before (in bughouse until session 7, in crazyhouse until session 10).
pub(crate) const LINEAR_KING_DANGER: u32 = 1 << 16;

/// Experiment switch (bit 19 of [`EvalParams::flags`]), turned round when
/// threats became the default (session 13): no [`threats`].
pub(crate) const NO_THREATS: u32 = 1 << 19;

/// Experiment switch (bit 25), turned round when the king danger began to
/// count who is to move (session 13): the same danger whoever is to move
/// ([`danger_by_turn`] not applied).
pub(crate) const DANGER_REGARDLESS_OF_TURN: u32 = 1 << 25;

/// Whether the evaluation measures king danger as attack units
/// ([`king_attack_units`], the default of both variants: it scored better
/// against Fairy-Stockfish at equal time, see the module's docs) rather
/// than linearly ([`king_danger`], with the switch [`LINEAR_KING_DANGER`]).
pub(crate) fn uses_attack_units(flags: u32) -> bool {
    flags & LINEAR_KING_DANGER == 0
}

/// Squares attacked by each side, computed once per evaluation.
struct AttackMaps {
    /// Everything `color` attacks, king included.
    all: [Bitboard; 2],
    /// Everything `color` attacks without its king: the squares its pieces
    /// defend (a king alone cannot keep a dropped piece off its own zone).
    pieces: [Bitboard; 2],
    /// The squares `color`'s pawns attack (for [`threats`]).
    pawns: [Bitboard; 2],
    /// Sum of [`Terms::attacker_units`] over `color`'s pieces on the board
    /// that attack a square next to the enemy king (only counted when
    /// asked: only [`king_attack_units`] reads it).
    zone_attackers: [i32; 2],
    /// `color`'s mobility in centipawns ([`Terms::mobility`]; only counted
    /// when asked).
    mobility: [i32; 2],
}

fn attack_maps(board: &Board) -> AttackMaps {
    attack_maps_with(board, None)
}

/// [`attack_maps`], and with `terms` the units of the pieces that hit the
/// squares next to each king and (unless all its weights are 0) the
/// mobility.
fn attack_maps_with(board: &Board, terms: Option<&Terms>) -> AttackMaps {
    let occupied = board.occupied();
    let mut all = [Bitboard::EMPTY; 2];
    let mut pieces = [Bitboard::EMPTY; 2];
    let mut pawn_maps = [Bitboard::EMPTY; 2];
    let mut zone_attackers = [0; 2];
    let mut mobility = [0; 2];
    for color in Color::ALL {
        let pawns = board.by_color(color) & board.by_role(Role::Pawn);
        pawn_maps[color.index()] = pawn_attacks_of_set(color, pawns);
    }
    let count_mobility = terms.is_some_and(|t| t.mobility != [0; 5]);
    for color in Color::ALL {
        let enemy_zone = king_attacks(board.king_of(color.other()));
        let ours = board.by_color(color);
        let free = !ours - pawn_maps[color.other().index()];
        let mut weight = 0;
        let mut moves = 0;
        let mut hit = |attacks: Bitboard, role: Role| {
            if let Some(terms) = terms {
                if attacks.intersects(enemy_zone) {
                    weight += terms.attacker_units[role.index()];
                }
                if count_mobility {
                    moves += terms.mobility[role.index()] * (attacks & free).count() as i32;
                }
            }
            attacks
        };
        let pawn_map = pawn_maps[color.index()];
        let mut map = pawn_map;
        for sq in ours & board.by_role(Role::Knight) {
            map |= hit(knight_attacks(sq), Role::Knight);
        }
        for sq in ours & board.by_role(Role::Bishop) {
            map |= hit(bishop_attacks(sq, occupied), Role::Bishop);
        }
        for sq in ours & board.by_role(Role::Rook) {
            map |= hit(rook_attacks(sq, occupied), Role::Rook);
        }
        for sq in ours & board.by_role(Role::Queen) {
            map |= hit(queen_attacks(sq, occupied), Role::Queen);
        }
        zone_attackers[color.index()] = weight;
        mobility[color.index()] = moves;
        pieces[color.index()] = map;
        all[color.index()] = map | king_attacks(board.king_of(color));
    }
    AttackMaps {
        all,
        pieces,
        pawns: pawn_maps,
        zone_attackers,
        mobility,
    }
}

/// Total value of `color`'s pocket on this board, at hand values.
pub(crate) fn hand_value(board: &Board, color: Color) -> i32 {
    let pocket = board.pocket(color);
    Role::POCKET
        .into_iter()
        .map(|r| i32::from(pocket.count(r)) * HAND_VALUE[r.index()])
        .sum()
}

/// How exposed `color`'s king is to drops and attacks: 0 for a sheltered
/// king, a few hundred for one in real danger. The evaluation's measure
/// only with the switch [`LINEAR_KING_DANGER`] (see [`uses_attack_units`]);
/// the team weights read this one from the other board in either case:
/// their scale is tuned to it.
fn king_danger(board: &Board, color: Color, maps: &AttackMaps) -> i32 {
    let king = board.king_of(color);
    let enemy = color.other();
    let occupied = board.occupied();
    let empty = !occupied;
    let zone = king_attacks(king);
    let defended = maps.pieces[color.index()];
    let enemy_control = maps.all[enemy.index()];

    // Empty squares next to the king that no defender covers: a dropped
    // piece there gives an adjacent check, which no drop can block (R16).
    let holes = (zone & (empty - defended)).count() as i32;
    // Enemy control of the king's zone.
    let hit = (zone & enemy_control).count() as i32;
    // Undefended squares a dropped knight would check from (unblockable, R16).
    let knight_squares = (knight_attacks(king) & (empty - defended)).count() as i32;
    // Open lines: squares from which a dropped slider would check.
    let open_lines = (queen_attacks(king, occupied) & empty).count() as i32;
    // Own pawns next to the king shelter it.
    let shield = (zone & board.by_color(color) & board.by_role(Role::Pawn)).count() as i32;

    let knight_weight = if board.pocket(enemy).has(Role::Knight) {
        10
    } else {
        4
    };
    let raw = holes * 9 + hit * 11 + knight_squares * knight_weight + open_lines * 3 - shield * 8;
    if raw <= 0 {
        return 0;
    }
    // Drops make the danger real: scale by what the enemy has in hand, from
    // 1× with an empty pocket to 3× with a full one.
    let reserves = hand_value(board, enemy).min(1600);
    raw * (16 + reserves / 50) / 16
}

/// Pieces of one role in hand counted as attackers that could join: more
/// than two knights or queens arriving at once add little.
const MOST_JOINERS_PER_ROLE: i32 = 2;

/// Squares a pawn may be dropped on (R10: not on rank 1 or 8).
const PAWN_DROP_SQUARES: Bitboard = Bitboard(0x00ff_ffff_ffff_ff00);

/// How exposed `color`'s king is to drops, as attack units (the
/// evaluation's measure in bughouse, see [`uses_attack_units`]):
/// safe drop checks by the roles the enemy holds, ring squares only the king
/// guards, enemy pieces aiming at the ring, pieces in hand that could join,
/// no square to step to; minus the pawns that shelter it. A drop is safe
/// when no defending piece covers its square and, next to the king, an
/// attacker supports it (else the king takes it).
fn king_attack_units(board: &Board, color: Color, maps: &AttackMaps, terms: &Terms) -> i32 {
    let king = board.king_of(color);
    let enemy = color.other();
    let empty = !board.occupied();
    let ours = board.by_color(color);
    let zone = king_attacks(king);
    let defended = maps.pieces[color.index()];
    let enemy_control = maps.all[enemy.index()];
    let pocket = board.pocket(enemy);
    let safe = (empty - defended) - (zone - enemy_control);
    let bughouse = board.flavour() == Flavour::Bughouse;

    let mut units = maps.zone_attackers[enemy.index()];
    let mut checks = 0;
    if !pocket.is_empty() {
        let check_squares = check_squares(board, color);
        for role in Role::POCKET {
            if !pocket.has(role) {
                continue;
            }
            let mut squares = check_squares[role.index()] & safe;
            if role == Role::Pawn {
                squares &= PAWN_DROP_SQUARES;
            }
            // In bughouse a slider's check from afar can be blocked by a
            // drop and is never mate (R16, R17): count contact checks only.
            if bughouse && matches!(role, Role::Bishop | Role::Rook | Role::Queen) {
                squares &= zone;
            }
            // A second check square for the role adds half its units: one
            // guard no longer stops the check.
            if squares.nonempty() {
                let base = terms.safe_drop_check_units[role.index()];
                checks += base + if squares.more_than_one() { base / 2 } else { 0 };
            }
            // A piece in hand joins the attack wherever it lands safely
            // near the king.
            if (safe & (zone | knight_attacks(king))).nonempty() {
                let joiners = i32::from(pocket.count(role)).min(MOST_JOINERS_PER_ROLE);
                units += terms.joiner_units[role.index()] * joiners;
            }
        }
    }
    // In bughouse a knight or pawn the enemy does not hold yet may come from
    // the other board (R5); its safe check cannot be blocked (R16). Half
    // the units of one in hand.
    if bughouse {
        for (role, squares) in [
            (Role::Knight, knight_attacks(king)),
            (Role::Pawn, pawn_attacks(color, king) & PAWN_DROP_SQUARES),
        ] {
            if !pocket.has(role) && (squares & safe).nonempty() {
                checks += terms.safe_drop_check_units[role.index()] / 2;
            }
        }
    }
    units += checks;
    // Ring squares the enemy attacks and only our king guards.
    units += terms.weak_ring_square_units * (zone & (enemy_control - defended)).count() as i32;
    let flights = zone - ours - enemy_control;
    if checks > 0 && flights.is_empty() {
        units += terms.no_flight_units;
    }
    units -= terms.shelter_pawn_units * (zone & ours & board.by_role(Role::Pawn)).count() as i32;
    units
}

/// Centipawns of `units` of king attack: quadratic up to
/// [`Terms::unit_knee`] (one weakness is cheap, several together are
/// lost), linear beyond, capped at [`Terms::danger_cap`].
fn danger_from_units(units: i32, terms: &Terms) -> i32 {
    if units <= 0 {
        return 0;
    }
    (units.min(terms.unit_knee) * units * terms.eighth_cp_per_unit_squared / 8)
        .min(terms.danger_cap)
}

/// Experiment switch (bit 20), turned round when the weights changed
/// (session 14): the weights of session 13, when the king danger by who is
/// to move and the threats became the default (5/4 and 3/4 of the danger,
/// threats 40 and 30 cp; [`with_session_13_weights`]).
pub(crate) const SESSION_13_WEIGHTS: u32 = 1 << 20;

/// `terms` with the weights of session 13 ([`SESSION_13_WEIGHTS`]).
fn with_session_13_weights(terms: &Terms) -> Terms {
    Terms {
        danger_attacker_to_move: 20,
        danger_defender_to_move: 12,
        pawn_threat: 40,
        hanging_threat: 30,
        ..*terms
    }
}

/// [`danger_from_units`] weighed by who is to move (see
/// [`Terms::danger_attacker_to_move`]).
fn danger_by_turn(board: &Board, color: Color, danger: i32, terms: &Terms) -> i32 {
    let sixteenths = if board.turn() == color {
        terms.danger_defender_to_move
    } else {
        terms.danger_attacker_to_move
    };
    danger * sixteenths / 16
}

/// What `color` threatens: enemy pieces its pawns attack, and enemy pieces
/// it attacks that nothing defends. Quiescence sees the captures of the
/// side to move; this sees what the other side must answer, and counts for
/// the side to move too (it will have to spend its move, or a drop, on the
/// threatened piece).
fn threats(board: &Board, color: Color, maps: &AttackMaps, terms: &Terms) -> i32 {
    let enemy = color.other();
    let theirs = board.by_color(enemy) - board.by_role(Role::King);
    let pawn_hits = maps.pawns[color.index()] & (theirs - board.by_role(Role::Pawn));
    let hanging = theirs & maps.all[color.index()] & !maps.all[enemy.index()];
    terms.pawn_threat * pawn_hits.count() as i32 + terms.hanging_threat * hanging.count() as i32
}

/// How far each square is from the four central ones, in king steps (0 =
/// the centre … 3 = the rim), by square index.
const CENTRE_DISTANCE: [u8; 64] = {
    let mut table = [0; 64];
    let mut index = 0;
    while index < 64 {
        let (file, rank) = (index % 8, index / 8);
        let df = if file < 4 { 3 - file } else { file - 4 };
        let dr = if rank < 4 { 3 - rank } else { rank - 4 };
        table[index] = if df > dr { df } else { dr } as u8;
        index += 1;
    }
    table
};

fn centre_distance(index: usize) -> usize {
    usize::from(CENTRE_DISTANCE[index])
}

/// Placement terms for `color`.
fn placement(board: &Board, color: Color, terms: &Terms) -> i32 {
    let ours = board.by_color(color);
    let mut score = 0;
    let pawns = ours & board.by_role(Role::Pawn);
    for (set, table) in [
        (pawns - FLANK_FILES, &terms.pawn_rank),
        (pawns & FLANK_FILES, &terms.flank_pawn_rank),
    ] {
        for sq in set {
            score += table[sq.rank().relative_to(color).index()];
        }
    }
    let back_rank = Bitboard::from_rank(crate::Rank::FIRST.relative_to(color));
    for sq in ours & (board.by_role(Role::Knight) | board.by_role(Role::Bishop)) {
        score += terms.minor_centre[centre_distance(sq.index())];
        if back_rank.contains(sq) {
            score -= terms.minor_back_rank;
        }
    }
    // A king that leaves its first two ranks walks into drops.
    let king_rank = board.king_of(color).rank().relative_to(color).index() as i32;
    score -= (king_rank - 1).max(0) * terms.king_rank;
    score
}

/// Material of `color`: on the board, in hand, and — weighted by `team`
/// sixteenths — its capture value, i.e. what it would feed the other board
/// if it were all captured (promoted pieces as pawns, R6).
fn material(board: &Board, color: Color, team: i32, terms: &Terms) -> i32 {
    let ours = board.by_color(color);
    let promoted = board.promoted() & ours;
    let pocket = board.pocket(color);
    let mut on_board = 0;
    let mut capture_value = 0;
    let mut in_hand = 0;
    for role in Role::POCKET {
        let set = ours & board.by_role(role);
        let n = set.count() as i32;
        // Promoted pieces are rare: most boards skip their count.
        let n_promoted = if promoted.is_empty() {
            0
        } else {
            (set & promoted).count() as i32
        };
        on_board += n * terms.board[role.index()];
        capture_value += (n - n_promoted) * terms.hand[role.index()] + n_promoted * terms.hand[0];
        in_hand += i32::from(pocket.count(role)) * terms.hand[role.index()];
    }
    on_board + in_hand + team * (capture_value + in_hand) / WEIGHT_ONE
}

/// Experiment switches 17 (crazyhouse) and 18 (bughouse), turned round
/// when the compressed values became the default (bughouse in session 10,
/// then crazyhouse with attack units): the values of chess in that variant
/// ([`BOARD_VALUE`], which the search's exchanges and ordering use too, a
/// little more in hand: [`HAND_VALUE`]), as before.
const CHESS_VALUES_CRAZYHOUSE: u32 = 1 << 17;
const CHESS_VALUES_BUGHOUSE: u32 = 1 << 18;

/// `terms` with the values of chess ([`CHESS_VALUES_CRAZYHOUSE`]).
fn with_chess_values(terms: &Terms) -> Terms {
    let [p, n, b, r, q, _] = BOARD_VALUE;
    Terms {
        board: [p, n, b, r, q],
        hand: HAND_VALUE,
        ..*terms
    }
}

/// The switches that change [`Terms`] (the others change the code).
const TERM_SWITCHES: u32 = CHESS_VALUES_CRAZYHOUSE
    | CHESS_VALUES_BUGHOUSE
    | SESSION_13_WEIGHTS
    | NO_CRAZYHOUSE_MOBILITY
    | NO_CRAZYHOUSE_OPENING_TERMS;

/// The static score of `board` for the side to move.
pub(crate) fn evaluate(board: &Board, params: &EvalParams) -> i32 {
    let flags = params.flags;
    let crazyhouse = board.flavour() == Flavour::Crazyhouse;
    let terms = if crazyhouse {
        &CRAZYHOUSE_TERMS
    } else {
        &TERMS
    };
    if flags & TERM_SWITCHES == 0 {
        return evaluate_with(board, params, terms);
    }
    let chess_values = if crazyhouse {
        CHESS_VALUES_CRAZYHOUSE
    } else {
        CHESS_VALUES_BUGHOUSE
    };
    let mut switched = *terms;
    if flags & chess_values != 0 {
        switched = with_chess_values(&switched);
    }
    if flags & SESSION_13_WEIGHTS != 0 {
        switched = with_session_13_weights(&switched);
    }
    if flags & NO_CRAZYHOUSE_MOBILITY != 0 {
        switched.mobility = TERMS.mobility;
    }
    if flags & NO_CRAZYHOUSE_OPENING_TERMS != 0 {
        switched.flank_pawn_rank = TERMS.flank_pawn_rank;
        switched.minor_back_rank = TERMS.minor_back_rank;
    }
    evaluate_with(board, params, &switched)
}

/// [`evaluate`] with the numbers `terms`.
pub(crate) fn evaluate_with(board: &Board, params: &EvalParams, terms: &Terms) -> i32 {
    let attack_units = uses_attack_units(params.flags);
    let maps = attack_maps_with(board, Some(terms));
    let us = params.us;
    let mut score = 0;
    for color in Color::ALL {
        // Our material at risk feeds the opponents' partner; theirs feeds ours.
        let team = if color == us {
            params.give
        } else {
            params.feed
        };
        let danger = if attack_units {
            let danger = danger_from_units(king_attack_units(board, color, &maps, terms), terms);
            if params.flags & DANGER_REGARDLESS_OF_TURN == 0 {
                danger_by_turn(board, color, danger, terms)
            } else {
                danger
            }
        } else {
            king_danger(board, color, &maps)
        };
        let mut side = material(board, color, team, terms) + placement(board, color, terms)
            - danger
            + maps.mobility[color.index()];
        if params.flags & NO_THREATS == 0 {
            side += threats(board, color, &maps, terms);
        }
        score += if color == Color::White { side } else { -side };
    }
    let mut score = if board.turn() == Color::White {
        score
    } else {
        -score
    };
    score += terms.tempo;
    if params.noise > 0 {
        let span = 2 * params.noise as u64 + 1;
        score += (mix(board.hash() ^ params.seed) % span) as i32 - params.noise;
    }
    score
}

/// SplitMix64's finaliser: spreads the seed over all bits.
pub(crate) fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The team weights for `seat`, read from the other board (R5): what we
/// capture lands in our partner's pocket there, what we lose in the pocket of
/// the partner's opponent. A piece is worth more to a side that is to move
/// (it can drop it at once), to a side that is waiting for one (R18), and
/// to a side attacking a weak king; what we give away hurts more when our
/// partner's king is the weak one.
pub(crate) fn team_weights(other: &Board, seat: Seat) -> (i32, i32) {
    let partner = seat.partner().color;
    let maps = attack_maps(other);
    let partner_danger = king_danger(other, partner, &maps);
    let enemy_danger = king_danger(other, partner.other(), &maps);
    let mut feed = WEIGHT_ONE / 2;
    let mut give = WEIGHT_ONE / 2;
    if other.turn() == partner {
        feed += 2;
        if !other.has_legal_move() {
            // The partner waits (R18) for exactly what we can send.
            feed += 6;
        }
    } else {
        give += 2;
    }
    feed += (enemy_danger / 64).min(4);
    give += (partner_danger / 64).min(4);
    (feed, give)
}

/// Whether `color` has pieces besides pawns and king on the board: null-move
/// pruning is unsafe without them (zugzwang).
pub(crate) fn has_pieces(board: &Board, color: Color) -> bool {
    (board.by_color(color) - board.by_role(Role::Pawn) - board.by_role(Role::King)).nonempty()
        || !board.pocket(color).is_empty()
}

/// Squares from which a piece of each role (by [`Role::index`]) would attack
/// the king of `color`: the squares where a move or drop gives direct check.
pub(crate) fn check_squares(board: &Board, color: Color) -> [Bitboard; 6] {
    let king = board.king_of(color);
    let occupied = board.occupied();
    let bishop = bishop_attacks(king, occupied);
    let rook = rook_attacks(king, occupied);
    [
        pawn_attacks(color, king),
        knight_attacks(king),
        bishop,
        rook,
        bishop | rook,
        Bitboard::EMPTY,
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params(us: Color) -> EvalParams {
        EvalParams {
            us,
            feed: 8,
            give: 8,
            seed: 0,
            noise: 0,
            flags: 0,
        }
    }

    #[test]
    fn start_position_is_balanced() {
        let board = Board::new();
        assert_eq!(evaluate(&board, &params(Color::White)), TERMS.tempo);
    }

    #[test]
    fn symmetric_for_the_side_to_move() {
        let white: Board =
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R[Nn] w KQkq - 0 1"
                .parse()
                .unwrap();
        let black: Board =
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R[Nn] b KQkq - 0 1"
                .parse()
                .unwrap();
        // Mirror-symmetric position: the side to move has only the tempo,
        // with the default (attack units) and with the switch (the linear
        // king danger), in both variants.
        let switched = EvalParams {
            flags: LINEAR_KING_DANGER,
            ..params(Color::White)
        };
        for flavour in [Flavour::Bughouse, Flavour::Crazyhouse] {
            for p in [params(Color::White), switched] {
                assert_eq!(evaluate(&Board::new_with(flavour), &p), TERMS.tempo);
                assert_eq!(evaluate(&white.with_flavour(flavour), &p), TERMS.tempo);
                assert_eq!(evaluate(&black.with_flavour(flavour), &p), TERMS.tempo);
            }
        }
    }

    /// What `evaluate` changes by when the king danger of both sides is
    /// measured as attack units rather than linearly, from the side to
    /// move's point of view.
    fn attack_units_minus_linear(board: &Board) -> i32 {
        let maps = attack_maps_with(board, Some(&TERMS));
        let mut diff = 0;
        for color in Color::ALL {
            let units = danger_from_units(king_attack_units(board, color, &maps, &TERMS), &TERMS);
            let linear = king_danger(board, color, &maps);
            // The danger is subtracted from its side's score.
            let side = linear - units;
            diff += if color == Color::White { side } else { -side };
        }
        if board.turn() == Color::White {
            diff
        } else {
            -diff
        }
    }

    #[test]
    fn both_variants_measure_king_danger_as_attack_units_the_switch_linearly() {
        // White's king is open to queen, knight and pawn drops, Black's
        // sheltered: the two measures disagree, so the evaluation shows
        // which one it used.
        let fen = "6k1/5ppp/8/8/8/8/3P4/4K3[qnp] b - - 0 1";
        // The attack units are weighed by who is to move, the linear
        // measure is not; the comparison is of the measures alone.
        let off = EvalParams {
            flags: DANGER_REGARDLESS_OF_TURN,
            ..params(Color::Black)
        };
        let switched = EvalParams {
            flags: LINEAR_KING_DANGER | DANGER_REGARDLESS_OF_TURN,
            ..off
        };
        assert!(uses_attack_units(0));
        assert!(!uses_attack_units(LINEAR_KING_DANGER));
        let bughouse: Board = fen.parse().unwrap();
        assert_eq!(bughouse.flavour(), Flavour::Bughouse);
        for board in [bughouse, bughouse.with_flavour(Flavour::Crazyhouse)] {
            let diff = attack_units_minus_linear(&board);
            assert_ne!(diff, 0, "a position where the measures agree shows nothing");
            assert_eq!(
                evaluate(&board, &off) - evaluate(&board, &switched),
                diff,
                "{:?}",
                board.flavour()
            );
        }
    }

    #[test]
    fn a_piece_in_hand_beats_the_same_piece_on_the_board_and_reserves_threaten() {
        let in_hand: Board = "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3[N] w - - 0 1"
            .parse()
            .unwrap();
        let empty: Board = "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3[] w - - 0 1"
            .parse()
            .unwrap();
        let p = params(Color::White);
        assert!(evaluate(&in_hand, &p) > evaluate(&empty, &p) + 300);
    }

    #[test]
    fn exposed_king_is_worse_with_enemy_reserves() {
        let bare: Board = "4k3/8/8/8/8/8/8/4K3[] w - - 0 1".parse().unwrap();
        let maps = attack_maps(&bare);
        let calm = king_danger(&bare, Color::White, &maps);
        let armed: Board = "4k3/8/8/8/8/8/8/4K3[qrn] w - - 0 1".parse().unwrap();
        let maps = attack_maps(&armed);
        assert!(king_danger(&armed, Color::White, &maps) > 2 * calm);
    }

    fn units(fen: &str, flavour: Flavour, color: Color) -> i32 {
        let board: Board = fen.parse().unwrap();
        let board = board.with_flavour(flavour);
        let maps = attack_maps_with(&board, Some(&TERMS));
        king_attack_units(&board, color, &maps, &TERMS)
    }

    const ZH: Flavour = Flavour::Crazyhouse;
    const BH: Flavour = Flavour::Bughouse;

    #[test]
    fn r16_a_knight_in_hand_with_a_safe_check_square_adds_attack_units() {
        // e2 is a knight-check square no white piece covers: the check
        // cannot be blocked (R16) nor the knight taken.
        let with = units("6k1/8/8/8/8/8/5PPP/6K1[n] w - - 0 1", ZH, Color::White);
        let without = units("6k1/8/8/8/8/8/5PPP/6K1[] w - - 0 1", ZH, Color::White);
        let knight = TERMS.safe_drop_check_units[Role::Knight.index()];
        assert!(with >= without + knight, "{with} against {without}");
        // f3 and h3 are guarded by the g2 pawn: with g2 and e2 covered, no
        // safe knight check is left.
        let covered = units("6k1/8/8/8/8/8/4BPPP/6K1[n] w - - 0 1", ZH, Color::White);
        let covered_without = units("6k1/8/8/8/8/8/4BPPP/6K1[] w - - 0 1", ZH, Color::White);
        assert!(covered < covered_without + knight);
    }

    #[test]
    fn r12_a_pawn_drop_check_next_to_the_king_counts_only_when_supported() {
        // Unsupported, the king takes the dropped pawn on d2 or f2.
        let alone = units("4k3/8/8/8/8/8/8/4K3[p] w - - 0 1", ZH, Color::White);
        let alone_without = units("4k3/8/8/8/8/8/8/4K3[] w - - 0 1", ZH, Color::White);
        assert_eq!(alone, alone_without);
        // The bishop on b4 supports d2: now the pawn drop is a safe check.
        let supported = units("4k3/8/8/8/1b6/8/8/4K3[p] w - - 0 1", ZH, Color::White);
        let supported_without = units("4k3/8/8/8/1b6/8/8/4K3[] w - - 0 1", ZH, Color::White);
        assert_eq!(
            supported,
            supported_without + TERMS.safe_drop_check_units[Role::Pawn.index()]
        );
    }

    #[test]
    fn r10_no_pawn_drop_check_from_the_last_rank() {
        // Black pawns would check the king on g7 from f8 or h8, where no
        // pawn may be dropped.
        let with = units("8/6K1/8/8/8/8/8/k7[p] w - - 0 1", ZH, Color::White);
        let without = units("8/6K1/8/8/8/8/8/k7[] w - - 0 1", ZH, Color::White);
        assert_eq!(with, without);
    }

    #[test]
    fn r5_in_bughouse_a_knight_may_still_come_from_the_other_board() {
        // Nothing in Black's hand: in crazyhouse the e2 hole is no threat,
        // in bughouse the partner's captures may bring a knight for it.
        let bughouse = units("6k1/8/8/8/8/8/5PPP/6K1[] w - - 0 1", BH, Color::White);
        let crazyhouse = units("6k1/8/8/8/8/8/5PPP/6K1[] w - - 0 1", ZH, Color::White);
        assert_eq!(
            bughouse,
            crazyhouse + TERMS.safe_drop_check_units[Role::Knight.index()] / 2
        );
    }

    #[test]
    fn king_danger_grows_faster_than_its_units_and_is_capped() {
        assert_eq!(danger_from_units(-5, &TERMS), 0);
        assert!(danger_from_units(10, &TERMS) > 2 * danger_from_units(5, &TERMS));
        let full: Board = "4k3/8/8/8/8/8/8/4K3[qqrrbbnnpppp] w - - 0 1"
            .parse()
            .unwrap();
        let maps = attack_maps_with(&full, Some(&TERMS));
        let units = king_attack_units(&full, Color::White, &maps, &TERMS);
        assert!(units > TERMS.unit_knee);
        assert_eq!(danger_from_units(units, &TERMS), TERMS.danger_cap);
    }

    #[test]
    fn crazyhouse_counts_mobility_bughouse_and_switch_21_do_not() {
        // White's knight on d4 reaches eight free squares, Black's on a8
        // two: 8 cp a square, 48 cp for White.
        let board: Board = "n3k3/8/8/8/3N4/8/8/4K3[] w - - 0 1".parse().unwrap();
        let crazyhouse = board.with_flavour(Flavour::Crazyhouse);
        let maps = attack_maps_with(&crazyhouse, Some(&CRAZYHOUSE_TERMS));
        assert_eq!(maps.mobility, [64, 16]);
        let p = params(Color::White);
        let switched = EvalParams {
            flags: NO_CRAZYHOUSE_MOBILITY,
            ..p
        };
        assert_eq!(
            evaluate(&crazyhouse, &p) - evaluate(&crazyhouse, &switched),
            48
        );
        // Bughouse counts none, with or without the switch.
        assert_eq!(attack_maps_with(&board, Some(&TERMS)).mobility, [0, 0]);
        assert_eq!(evaluate(&board, &p), evaluate(&board, &switched));
        // A square an enemy pawn guards does not count: a black pawn on d7
        // guards c6 and e6, two of the knight's.
        let guarded: Board = "n3k3/3p4/8/8/3N4/8/8/4K3[] w - - 0 1".parse().unwrap();
        let guarded = guarded.with_flavour(Flavour::Crazyhouse);
        let maps = attack_maps_with(&guarded, Some(&CRAZYHOUSE_TERMS));
        assert_eq!(maps.mobility[0], 48);
    }

    #[test]
    fn crazyhouse_opening_terms_charge_flank_pawns_and_minors_at_home_switch_22_does_not() {
        let white = |fen: &str, terms: &Terms| {
            let board: Board = fen.parse().unwrap();
            placement(&board, Color::White, terms)
        };
        // At the start four minor pieces stand on the rim of the back rank:
        // −12 for the rim and −25 for home each (bughouse: −12 and −8).
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1";
        assert_eq!(white(start, &CRAZYHOUSE_TERMS), -148);
        assert_eq!(white(start, &TERMS), -80);
        // a2–a4 costs 20 in crazyhouse where d2–d4 earns the rank bonus,
        // 10; bughouse pays both 10.
        let a4 = "rnbqkbnr/pppppppp/8/8/P7/8/1PPPPPPP/RNBQKBNR[] b KQkq - 0 1";
        let d4 = "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR[] b KQkq - 0 1";
        assert_eq!(white(a4, &CRAZYHOUSE_TERMS), -168);
        assert_eq!(white(d4, &CRAZYHOUSE_TERMS), -138);
        assert_eq!(white(a4, &TERMS), white(d4, &TERMS));
        // The g-pawn one and two steps, three steps: −10, −20, −30.
        for (fen, cost) in [
            (
                "rnbqkbnr/pppppppp/8/8/8/6P1/PPPPPP1P/RNBQKBNR[] b KQkq - 0 1",
                10,
            ),
            (
                "rnbqkbnr/pppppppp/8/8/6P1/8/PPPPPP1P/RNBQKBNR[] b KQkq - 0 1",
                20,
            ),
            (
                "rnbqkbnr/pppppppp/8/6P1/8/8/PPPPPP1P/RNBQKBNR[] b KQkq - 0 1",
                30,
            ),
        ] {
            assert_eq!(white(fen, &CRAZYHOUSE_TERMS), -148 - cost, "{fen}");
        }
        // Ng1–f3 leaves home (+25) and the rim (−12) for f3 (+10).
        let nf3 = "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R[] b KQkq - 1 1";
        assert_eq!(white(nf3, &CRAZYHOUSE_TERMS), -101);
        // In the whole evaluation after 1.a4 (Black to move), switch 22
        // gives White back the 30 between the two tables.
        let board = a4
            .parse::<Board>()
            .unwrap()
            .with_flavour(Flavour::Crazyhouse);
        let p = params(Color::Black);
        let switched = EvalParams {
            flags: NO_CRAZYHOUSE_OPENING_TERMS,
            ..p
        };
        assert_eq!(evaluate(&board, &p) - evaluate(&board, &switched), 30);
        // Bughouse takes neither term, with or without the switch.
        let bughouse: Board = a4.parse().unwrap();
        assert_eq!(evaluate(&bughouse, &p), evaluate(&bughouse, &switched));
    }

    #[test]
    fn compressed_values_are_the_default_and_switch_each_variant_apart() {
        // White a knight up on the board and a rook up in hand.
        let fen = "4k3/pppppppp/8/8/8/8/PPPPPPPP/1N2K3[R] w - - 0 1";
        let board: Board = fen.parse().unwrap();
        let score = |flavour, flags| {
            evaluate(
                &board.with_flavour(flavour),
                &EvalParams {
                    flags,
                    ..params(Color::White)
                },
            )
        };
        for (flavour, own, other) in [
            (
                Flavour::Crazyhouse,
                CHESS_VALUES_CRAZYHOUSE,
                CHESS_VALUES_BUGHOUSE,
            ),
            (
                Flavour::Bughouse,
                CHESS_VALUES_BUGHOUSE,
                CHESS_VALUES_CRAZYHOUSE,
            ),
        ] {
            // In compressed values, the default, the extra knight and rook
            // count for less than in the values of chess...
            assert!(score(flavour, 0) < score(flavour, own), "{flavour:?}");
            // ... and the other variant's switch changes nothing here.
            assert_eq!(score(flavour, other), score(flavour, 0), "{flavour:?}");
        }
    }

    #[test]
    fn capture_value_counts_promoted_pieces_as_pawns() {
        let promoted: Board = "4k3/8/8/8/8/8/8/Q~3K3[] w - - 0 1".parse().unwrap();
        let real: Board = "4k3/8/8/8/8/8/8/Q3K3[] w - - 0 1".parse().unwrap();
        // The team term makes a real queen worth more than a promoted one:
        // losing it would send a queen, not a pawn, to the other board (R6).
        assert!(
            material(&real, Color::White, 8, &with_chess_values(&TERMS))
                > material(&promoted, Color::White, 8, &with_chess_values(&TERMS))
        );
        assert_eq!(
            material(&real, Color::White, 0, &with_chess_values(&TERMS)),
            material(&promoted, Color::White, 0, &with_chess_values(&TERMS))
        );
    }

    #[test]
    fn king_danger_counts_more_when_the_attacker_is_to_move() {
        // White's king is open to drops; Black holds a queen and a knight.
        let fen = "6k1/5ppp/8/8/8/8/3P4/4K3[qn] w - - 0 1";
        let white: Board = fen.parse().unwrap();
        let black: Board = fen.replace(" w ", " b ").parse().unwrap();
        let maps = attack_maps_with(&white, Some(&TERMS));
        let danger = danger_from_units(
            king_attack_units(&white, Color::White, &maps, &TERMS),
            &TERMS,
        );
        assert!(danger > 0);
        let both = |b: Board| [b, b.with_flavour(Flavour::Crazyhouse)];
        // The default weights, and those of session 13 with their switch.
        let weight_sets = [
            (0, TERMS),
            (SESSION_13_WEIGHTS, with_session_13_weights(&TERMS)),
        ];
        for (board, (flags, w)) in both(white)
            .into_iter()
            .chain(both(black))
            .flat_map(|b| weight_sets.map(|set| (b, set)))
        {
            let weighed = danger_by_turn(&board, Color::White, danger, &w);
            if board.turn() == Color::White {
                assert!(weighed < danger, "the defender to move");
            } else {
                assert!(weighed > danger, "the attacker to move");
            }
            // The evaluation uses it in both variants, unless switched off.
            let p = EvalParams {
                flags,
                ..params(board.turn())
            };
            let plain = EvalParams {
                flags: flags | DANGER_REGARDLESS_OF_TURN,
                ..p
            };
            // Both kings' dangers are weighed; from White's point of view …
            let mut shift = 0;
            for color in Color::ALL {
                let d = danger_from_units(king_attack_units(&board, color, &maps, &TERMS), &TERMS);
                let side = d - danger_by_turn(&board, color, d, &w);
                shift += if color == Color::White { side } else { -side };
            }
            // … then the side to move's.
            if board.turn() == Color::Black {
                shift = -shift;
            }
            assert_ne!(shift, 0);
            assert_eq!(evaluate(&board, &p) - evaluate(&board, &plain), shift);
        }
    }

    #[test]
    fn threats_count_pawn_attacks_and_hanging_pieces() {
        // A white pawn attacks a knight that a pawn defends; a white rook
        // attacks a bishop that nothing defends.
        let board: Board = "4k3/8/4p3/3n4/4P3/8/b7/R3K3[] w - - 0 1".parse().unwrap();
        let maps = attack_maps(&board);
        // The default weights, and those of session 13 with their switch.
        for (flags, w) in [
            (0, TERMS),
            (SESSION_13_WEIGHTS, with_session_13_weights(&TERMS)),
        ] {
            let expected = w.pawn_threat + w.hanging_threat;
            assert_eq!(threats(&board, Color::White, &maps, &w), expected);
            assert_eq!(threats(&board, Color::Black, &maps, &w), 0);
            let p = EvalParams {
                flags,
                ..params(Color::White)
            };
            let without = EvalParams {
                flags: flags | NO_THREATS,
                ..p
            };
            for flavour in [Flavour::Bughouse, Flavour::Crazyhouse] {
                let b = board.with_flavour(flavour);
                assert_eq!(evaluate(&b, &p) - evaluate(&b, &without), expected);
            }
        }
    }
}
