// Game: the two-board match through the Node API: every method, every error
// code, and the rules by id (R5, R6, R17–R25, R27–R33, F1–F4, F7, F8,
// F10–F13).
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'

import { Board, Game, readBpgn } from '../index.mjs'
import { START, throwsCode } from './helpers.mjs'

const START_BFEN = `${START} | ${START}`
const EMPTY_POCKET = { pawn: 0, knight: 0, bishop: 0, rook: 0, queen: 0 }
const SEATS = ['A', 'a', 'B', 'b']

/** A live game without clocks: moves need no timestamps. */
const untimed = (opts = {}) => new Game({ timeControl: '-', ...opts })

/** Plays [seat, move] pairs (UCI or SAN), without timestamps. */
function play(game, moves) {
  for (const [seat, move] of moves) game.push(seat, move)
}

/** The knight dance that returns both boards to the start after 8 moves. */
const KNIGHT_DANCE = ['Nf3', 'Nf3', 'Nf6', 'Nf6', 'Ng1', 'Ng1', 'Ng8', 'Ng8']

// A-White to move can smother A-Black with a knight drop (R12, R16, R27).
const SMOTHER_BFEN = `6rk/6pp/8/8/8/8/8/4K3[N] w - - 0 1 | ${START}`

describe('new Game', () => {
  it('starts live, 3 minutes each, four humans, cap 800, standard boards (R4, R20, R32)', () => {
    const g = new Game()
    assert.equal(g.bfen(), START_BFEN)
    assert.equal(g.mode, 'live')
    assert.deepEqual(g.timeControl, { baseMs: 180_000, incrementMs: 0 })
    assert.equal(g.humans, 'AaBb')
    assert.equal(g.moveCap, 800)
    assert.equal(g.nowMs, 0)
    assert.equal(g.movesPlayed, 0)
    assert.equal(g.toAct, null)
    assert.equal(g.outcome(), null)
    assert.equal(g.isOver(), false)
    assert.deepEqual(g.moves(), [])
    assert.deepEqual(g.history(), [])
    for (const s of SEATS) {
      assert.equal(g.clock(s), 180000)
      assert.equal(g.sitsLeft(s), 3)
      assert.deepEqual(g.pocket(s), EMPTY_POCKET)
    }
    assert.equal(new Game(null).bfen(), START_BFEN)
    assert.deepEqual(new Game({}).timeControl, { baseMs: 180_000, incrementMs: 0 })
  })

  it('reads every option', () => {
    // R26: no clocks in the turn-based game; a time control there is an error.
    throwsCode(() => new Game({ mode: 'turn', timeControl: '60+2' }), 'ERR_INVALID_ARG_VALUE', /R26/)
    const g = new Game({ mode: 'turn', humans: 'bA', moveCap: 10, bfen: SMOTHER_BFEN })
    assert.equal(g.mode, 'turn')
    assert.equal(g.timeControl, null) // R26: no clocks in the turn-based game
    assert.equal(g.humans, 'Ab')
    assert.equal(g.moveCap, 10)
    assert.equal(g.bfen(), SMOTHER_BFEN.replace('[N] w - - 0 1', '[N] w - - 0 1'))
    const live = new Game({ timeControl: '60+2' })
    assert.deepEqual(live.timeControl, { baseMs: 60_000, incrementMs: 2_000 })
    assert.equal(live.clock('A'), 60000)
    assert.deepEqual(new Game({ timeControl: '300' }).timeControl, { baseMs: 300_000, incrementMs: 0 })
    // Exact in ms: a 2.5 s base and a 500 ms increment.
    const exact = new Game({ timeControl: { baseMs: 2_500, incrementMs: 500 } })
    assert.deepEqual(exact.timeControl, { baseMs: 2_500, incrementMs: 500 })
    assert.equal(exact.clock('A'), 2_500)
    assert.deepEqual(new Game({ timeControl: { baseMs: 90_000 } }).timeControl, { baseMs: 90_000, incrementMs: 0 })
    assert.equal(untimed().timeControl, null)
  })

  it('throws ERR_INVALID_ARG_VALUE for a bad mode, time control or humans', () => {
    throwsCode(() => new Game({ mode: 'blitz' }), 'ERR_INVALID_ARG_VALUE', /mode/)
    throwsCode(() => new Game({ mode: '' }), 'ERR_INVALID_ARG_VALUE', /mode/)
    for (const tc of ['', 'abc', '0+0', '180+', '+5', '-1+0', '1.5.0+0', '99999999+0', '180+0+0']) {
      throwsCode(() => new Game({ timeControl: tc }), 'ERR_INVALID_ARG_VALUE', /time control/)
    }
    for (const humans of ['x', 'AX', 'A a', 'white']) {
      throwsCode(() => new Game({ humans }), 'ERR_INVALID_ARG_VALUE', /humans/)
    }
  })

  it('r20_a_text_time_control_under_a_minute_is_ambiguous_and_refused: 3+2 reads as minutes to lichess users', () => {
    for (const tc of ['3+2', '1+0', '59+0', '5']) {
      throwsCode(() => new Game({ timeControl: tc }), 'ERR_INVALID_ARG_VALUE', /ambiguous.*baseMs/)
    }
    assert.deepEqual(new Game({ timeControl: '60+0' }).timeControl, { baseMs: 60_000, incrementMs: 0 })
    // The explicit form says what it means, under a minute too.
    assert.deepEqual(new Game({ timeControl: { baseMs: 3_000, incrementMs: 2_000 } }).timeControl, { baseMs: 3_000, incrementMs: 2_000 })
  })

  it('time control objects: integers in ms, baseMs required, no other keys', () => {
    for (const [tc, code, re] of [
      [{}, 'ERR_INVALID_ARG_TYPE', /baseMs/],
      [{ baseMs: '1000' }, 'ERR_INVALID_ARG_TYPE', /baseMs/],
      [{ baseMs: 0 }, 'ERR_OUT_OF_RANGE', /base time/],
      [{ baseMs: 2 ** 40 }, 'ERR_OUT_OF_RANGE', /base time/],
      [{ baseMs: 1.5 }, 'ERR_OUT_OF_RANGE', /baseMs/],
      [{ baseMs: -1 }, 'ERR_OUT_OF_RANGE', /baseMs/],
      [{ baseMs: 2 ** 53 }, 'ERR_OUT_OF_RANGE', /baseMs/],
      [{ baseMs: 1000, incrementMs: -1 }, 'ERR_OUT_OF_RANGE', /incrementMs/],
      [{ baseMs: 1000, incrementMs: true }, 'ERR_INVALID_ARG_TYPE', /incrementMs/],
      [{ baseMs: 1000, inc: 5 }, 'ERR_INVALID_ARG_VALUE', /inc/],
      [{ base: 180, increment: 2 }, 'ERR_INVALID_ARG_VALUE', /base/],
      [5, 'ERR_INVALID_ARG_TYPE', /timeControl/],
      [true, 'ERR_INVALID_ARG_TYPE', /timeControl/],
    ]) {
      throwsCode(() => new Game({ timeControl: tc }), code, re)
    }
  })

  it('r26_a_time_control_in_the_turn_based_game_is_refused_never_dropped', () => {
    for (const timeControl of ['180+0', { baseMs: 1000 }]) {
      throwsCode(() => new Game({ mode: 'turn', timeControl }), 'ERR_INVALID_ARG_VALUE', /R26/)
    }
    // '-' and null say "no clocks": what the turn-based game has.
    assert.equal(new Game({ mode: 'turn', timeControl: null }).timeControl, null)
    assert.equal(new Game({ mode: 'turn', timeControl: '-' }).timeControl, null)
  })

  it('options that are not an object, a field of the wrong type or an unknown field are refused', () => {
    // new Game('turn') must not quietly make a live game.
    for (const opts of ['turn', 5, true, Symbol('s'), 10n]) {
      throwsCode(() => new Game(opts), 'ERR_INVALID_ARG_TYPE', /opts/)
    }
    for (const [opts, re] of [
      [{ mode: 5 }, /opts\.mode/],
      [{ humans: ['A'] }, /opts\.humans/],
      [{ bfen: 1 }, /opts\.bfen/],
      [{ moveCap: '10' }, /opts\.moveCap/],
    ]) {
      throwsCode(() => new Game(opts), 'ERR_INVALID_ARG_TYPE', re)
    }
    throwsCode(() => new Game({ timecontrol: '180+2' }), 'ERR_INVALID_ARG_VALUE', /timecontrol/)
    throwsCode(() => new Game({ mode: 'live', turn: true }), 'ERR_INVALID_ARG_VALUE', /turn/)
  })

  it('throws ERR_INVALID_FEN for a bad BFEN or more material than one game holds (N2, R7)', () => {
    throwsCode(() => new Game({ bfen: START }), 'ERR_INVALID_FEN', /'\|'/)
    throwsCode(() => new Game({ bfen: `${START} | junk` }), 'ERR_INVALID_FEN')
    throwsCode(() => new Game({ bfen: '' }), 'ERR_INVALID_FEN')
    // Three white queens over both boards and the pockets (R7, R8).
    throwsCode(
      () => new Game({ bfen: '4k3/8/8/8/8/8/8/3QK3[Q] w - - 0 1 | 4k3/8/8/8/8/8/8/3QK3[] w - - 0 1' }),
      'ERR_INVALID_FEN',
      /R7/,
    )
  })

  it('throws ERR_OUT_OF_RANGE for a move cap that is not an integer from 1 to 2000', () => {
    for (const moveCap of [-1, 0, 1.5, 2001, 65535, 65536, NaN, Infinity]) {
      throwsCode(() => new Game({ moveCap }), 'ERR_OUT_OF_RANGE', /moveCap|cap/)
    }
    assert.equal(new Game({ moveCap: 2000 }).moveCap, 2000)
  })
})

describe('boards, moves and pockets', () => {
  it('board() returns a copy of one board', () => {
    const g = untimed()
    g.push('A', 'e4')
    const a = g.board('A')
    assert.ok(a instanceof Board)
    assert.equal(a.fen(), 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[] b KQkq - 0 1')
    assert.equal(g.board('B').fen(), START)
    a.push('e5')
    assert.equal(g.board('A').turn, 'black')
    assert.deepEqual(g.legalMoves('a').length, 20)
    for (const bad of ['C', '', 'AB', 'A ']) throwsCode(() => g.board(bad), 'ERR_INVALID_ARG_VALUE', /board/)
    // Either case names a board, as BPGN move numbers write it (1A., 1a.).
    assert.equal(g.board('a').fen(), g.board('A').fen())
  })

  it('legalMoves(seat) lists a seat’s moves, empty when it may not move', () => {
    const g = untimed()
    assert.equal(g.legalMoves('A').length, 20)
    assert.equal(g.legalMoves('B').length, 20)
    assert.deepEqual(g.legalMoves('a'), [])
    assert.deepEqual(g.legalMoves('b'), [])
    for (const bad of ['', 'c', 'AA', 'w', 'white']) throwsCode(() => g.legalMoves(bad), 'ERR_INVALID_ARG_VALUE', /seat/)
  })

  it('push takes UCI or SAN and returns the UCI', () => {
    const g = untimed()
    assert.equal(g.push('A', 'e2e4'), 'e2e4')
    assert.equal(g.push('a', 'e5'), 'e7e5')
    assert.equal(g.push('B', 'Nf3'), 'g1f3')
    assert.equal(g.push('A', 'g1f3'), 'g1f3')
    assert.deepEqual(g.moves(), [
      { seat: 'A', move: 'e2e4' },
      { seat: 'a', move: 'e7e5' },
      { seat: 'B', move: 'g1f3' },
      { seat: 'A', move: 'g1f3' },
    ])
    assert.equal(g.movesPlayed, 4)
  })

  it('push throws the move codes and changes nothing', () => {
    const g = untimed({ bfen: `4k3/8/8/8/8/5N2/8/1N2K3[] w - - 0 1 | ${START}` })
    const before = g.bfen()
    throwsCode(() => g.push('A', 'Nd2'), 'ERR_AMBIGUOUS_MOVE', /A-White/)
    throwsCode(() => g.push('A', 'Nd5'), 'ERR_ILLEGAL_MOVE', /no white knight/)
    throwsCode(() => g.push('A', 'b1b3'), 'ERR_ILLEGAL_MOVE', /b1/)
    throwsCode(() => g.push('A', 'N@e4'), 'ERR_ILLEGAL_MOVE', /pocket/)
    throwsCode(() => g.push('A', 'zz9'), 'ERR_INVALID_MOVE', /A-White/)
    throwsCode(() => g.push('A', ''), 'ERR_INVALID_MOVE')
    throwsCode(() => g.push('a', 'Ke7'), 'ERR_NOT_YOUR_TURN', /A-Black/)
    throwsCode(() => g.push('x', 'e4'), 'ERR_INVALID_ARG_VALUE', /seat/)
    assert.equal(g.bfen(), before)
    assert.equal(g.movesPlayed, 0)
    assert.deepEqual(g.history(), [])
  })

  it('history() lists moves and sits with their times and clocks', () => {
    const live = new Game({ timeControl: '60+1' })
    live.push('A', 'e4', 1500)
    live.push('B', 'd4', 2000)
    assert.deepEqual(live.history(), [
      { seat: 'A', kind: 'move', move: 'e2e4', atMs: 1500, clockMs: 59500 },
      { seat: 'B', kind: 'move', move: 'd2d4', atMs: 2000, clockMs: 59000 },
    ])
    const turn = new Game({ mode: 'turn' })
    turn.sit('A')
    turn.push('B', 'e4')
    assert.deepEqual(turn.history(), [
      { seat: 'A', kind: 'sit', move: null, atMs: 0, clockMs: null },
      { seat: 'B', kind: 'move', move: 'e2e4', atMs: 0, clockMs: null },
    ])
    assert.deepEqual(turn.moves(), [{ seat: 'B', move: 'e2e4' }])
  })

  it('copy() is independent of the original', () => {
    const g = untimed()
    g.push('A', 'e4')
    const c = g.copy()
    c.push('a', 'e5')
    assert.equal(g.moves().length, 1)
    assert.equal(c.moves().length, 2)
    assert.equal(c.board('B').fen(), g.board('B').fen())
  })

  it('toAct and the settings are read-only', () => {
    const g = new Game({ mode: 'turn' })
    assert.throws(() => {
      g.toAct = 'b'
    }, TypeError)
    assert.throws(() => {
      g.nowMs = 5
    }, TypeError)
    assert.equal(g.toAct, 'A')
  })
})

describe('R5, R6: captures go to the partner', () => {
  it('r5_capture_goes_to_the_partner_keeping_its_colour', () => {
    // A-White takes a black knight on A: it goes to B-Black (A-White's partner).
    const g = untimed({ bfen: `4k3/8/8/3n4/8/8/8/3QK3[] w - - 0 1 | ${START}` })
    g.push('A', 'Qxd5')
    assert.deepEqual(g.pocket('b'), { ...EMPTY_POCKET, knight: 1 })
    for (const s of ['A', 'a', 'B']) assert.deepEqual(g.pocket(s), EMPTY_POCKET)
    assert.equal(g.board('B').fen(), `${START.replace('[]', '[n]')}`)
    assert.ok(g.legalMoves('b').length === 0) // B-Black waits for B-White's move
    g.push('B', 'e4')
    assert.ok(g.legalMoves('b').includes('N@e5'))
  })

  it('r5_en_passant_captures_are_routed_too', () => {
    const g = untimed({ bfen: `4k3/8/8/3pP3/8/8/8/4K3[] w - d6 0 2 | ${START}` })
    assert.equal(g.push('A', 'exd6'), 'e5d6')
    assert.deepEqual(g.pocket('b'), { ...EMPTY_POCKET, pawn: 1 })
  })

  it('r5_black_captures_feed_b_white', () => {
    const g = untimed()
    play(g, [['A', 'e4'], ['a', 'd5'], ['A', 'Nc3'], ['a', 'dxe4']])
    assert.deepEqual(g.pocket('B'), { ...EMPTY_POCKET, pawn: 1 })
    assert.ok(g.legalMoves('B').includes('P@e3'))
  })

  it('r6_a_captured_promoted_piece_goes_as_a_pawn', () => {
    const g = untimed({ bfen: `4k3/8/8/8/8/8/8/3q~K3[] w - - 0 1 | ${START}` })
    g.push('A', 'Kxd1')
    assert.deepEqual(g.pocket('b'), { ...EMPTY_POCKET, pawn: 1 })
  })

  it('r6_promotion_marks_the_piece_and_its_capture_passes_a_pawn', () => {
    const g = untimed({ bfen: `r3k3/1P6/8/8/8/8/8/4K3[] w - - 0 1 | ${START}` })
    g.push('A', 'b8=Q+')
    assert.match(g.board('A').fen(), /Q~/)
    g.push('a', 'Rxb8')
    // A-Black took a promoted white queen: B-White gets a white pawn.
    assert.deepEqual(g.pocket('B'), { ...EMPTY_POCKET, pawn: 1 })
  })
})

describe('R17, R18: blockable checks are not mate; the side waits', () => {
  it('r17_fools_mate_is_not_a_bughouse_mate_and_r18_the_side_waits_for_a_piece', () => {
    const g = untimed()
    play(g, [['B', 'f3'], ['b', 'e5'], ['B', 'g4'], ['b', 'Qh4+']])
    assert.equal(g.outcome(), null)
    assert.equal(g.isTurnOf('B'), true)
    assert.deepEqual(g.legalMoves('B'), [])
    assert.equal(g.board('B').isWaiting(), true)
    // F12: a waiting seat whose colour is to move gets "illegal move".
    throwsCode(() => g.push('B', 'h3'), 'ERR_ILLEGAL_MOVE')
    // Its partner's capture (R5) gives it a pawn to block with.
    play(g, [['A', 'e4'], ['a', 'd5'], ['A', 'Nc3'], ['a', 'dxe4']])
    assert.deepEqual(g.legalMoves('B').sort(), ['P@f2', 'P@g3'])
    g.push('B', 'P@g3')
    assert.equal(g.outcome(), null)
  })
})

describe('R19–R21: the live game', () => {
  it('r19_both_boards_play_at_once_and_alternate_on_each', () => {
    const g = untimed()
    g.push('B', 'e4')
    g.push('b', 'e5')
    g.push('B', 'Nf3')
    g.push('A', 'd4')
    throwsCode(() => g.push('A', 'c4'), 'ERR_NOT_YOUR_TURN', /A-White/)
    throwsCode(() => g.push('B', 'Nc3'), 'ERR_NOT_YOUR_TURN')
    g.push('a', 'd5')
    g.push('A', 'c4')
    assert.equal(g.toAct, null)
    assert.equal(g.isTurnOf('b'), true)
    assert.equal(g.isTurnOf('a'), true)
    assert.equal(g.isTurnOf('A'), false)
  })

  it('r20_clocks_run_for_the_side_to_move_with_a_fischer_increment', () => {
    const g = new Game({ timeControl: '60+2' })
    g.push('A', 'e4', 1000)
    assert.equal(g.clock('A'), 61000) // 60 s − 1 s + 2 s
    assert.equal(g.clock('a'), 60000)
    assert.equal(g.clock('a', 5000), 56000) // running since 1000
    assert.equal(g.clock('B', 5000), 55000) // running since 0
    assert.equal(g.clock('A', 5000), 61000) // stopped
    assert.equal(g.clock('a'), 60000) // a look ahead changes nothing
    assert.equal(g.nowMs, 1000)
    // Before the game's time: refused by the core (F3), as in Python.
    assert.throws(() => g.clock('B', 0), { code: 'ERR_TIME_WENT_BACKWARDS' })
    assert.equal(g.clock('B', 1000), 59000)
  })

  it('r20_a_waiting_seats_clock_keeps_running', () => {
    const g = new Game({ timeControl: '60+0' })
    const moves = [['A', 'e4', 500], ['B', 'f3', 1000], ['b', 'e5', 2000], ['B', 'g4', 3000], ['b', 'Qh4+', 4000], ['a', 'e5', 4500]]
    for (const [s, m, t] of moves) g.push(s, m, t)
    // B-White waits (R18): used 2 s so far, and its clock runs from 4 s on.
    assert.deepEqual(g.legalMoves('B'), [])
    assert.equal(g.clock('B', 10000), 60000 - 2000 - 6000)
    // It flags first: at 4 s + 58 s (A-White's clock runs out at 64 s).
    assert.deepEqual(g.tick(70000), {
      winner: 1,
      reason: 'time',
      seat: 'B',
      message: 'B-White ran out of time: team 1 wins (R28)',
    })
    assert.equal(g.nowMs, 62000)
  })

  it('r21_every_move_needs_a_timestamp_and_time_never_goes_backwards', () => {
    const g = new Game()
    throwsCode(() => g.push('A', 'e4'), 'ERR_TIMESTAMP_REQUIRED', /R21/)
    g.push('A', 'e4', 5000)
    throwsCode(() => g.push('a', 'e5', 4999), 'ERR_TIME_WENT_BACKWARDS', /4999.*5000/)
    throwsCode(() => g.tick(10), 'ERR_TIME_WENT_BACKWARDS')
    throwsCode(() => g.resign('a', 10), 'ERR_TIME_WENT_BACKWARDS')
    assert.equal(g.nowMs, 5000)
    assert.equal(g.moves().length, 1)
    g.push('a', 'e5', 5000) // equal timestamps are fine (F3)
    assert.equal(g.tick(6000), null)
    assert.equal(g.nowMs, 6000)
  })

  it('r21_timestamps_are_non_negative_integers_never_wrapped', () => {
    const g = new Game()
    for (const bad of [-1, -0.5, 1.5, NaN, Infinity, -Infinity, 2 ** 53, 1e300, -(2 ** 32)]) {
      throwsCode(() => g.push('A', 'e4', bad), 'ERR_OUT_OF_RANGE', /atMs/)
      throwsCode(() => g.tick(bad), 'ERR_OUT_OF_RANGE', /atMs/)
      throwsCode(() => g.resign('A', bad), 'ERR_OUT_OF_RANGE')
      throwsCode(() => g.abandon('A', bad), 'ERR_OUT_OF_RANGE')
      throwsCode(() => g.clock('A', bad), 'ERR_OUT_OF_RANGE')
    }
    assert.throws(() => g.push('A', 'e4', '100'), Error)
    assert.equal(g.moves().length, 0)
    assert.equal(g.isOver(), false)
    // The largest exact integer is accepted (and flags everyone: a draw, R21).
    assert.equal(g.tick(2 ** 53 - 1).reason, 'time')
  })

  it('r21_the_earliest_flag_decides', () => {
    const g = new Game()
    g.push('B', 'e4', 1000) // B-White's clock stops; B-Black's runs from 1000
    const o = g.tick(500000)
    assert.deepEqual(o, { winner: 2, reason: 'time', seat: 'A', message: 'A-White ran out of time: team 2 wins (R28)' })
    assert.equal(g.nowMs, 180000) // the game ended at the flag (F2)
    assert.deepEqual(g.outcome(), o)
  })

  it('r21_clocks_of_both_teams_running_out_together_is_a_draw', () => {
    const g = new Game()
    // A-White (team 1) and B-White (team 2) both flag at 180000.
    const o = g.tick(180000)
    assert.deepEqual(o, {
      winner: null,
      reason: 'time',
      seat: null,
      message: 'Draw: clocks of both teams ran out at the same moment (R28)',
    })
  })
})

describe('R22–R25: the turn-based game', () => {
  it('r22_the_rotation_is_A_B_b_a', () => {
    const g = new Game({ mode: 'turn' })
    const seen = []
    for (const m of ['e4', 'e4', 'e5', 'e5', 'Nf3']) {
      seen.push(g.toAct)
      g.push(g.toAct, m)
    }
    assert.deepEqual(seen, ['A', 'B', 'b', 'a', 'A'])
    assert.equal(g.clock('A'), null) // R26: no clocks
    throwsCode(() => g.push('A', 'd4'), 'ERR_NOT_YOUR_TURN') // B is to act
    assert.deepEqual(g.legalMoves('A'), [])
    assert.equal(g.legalMoves('B').length > 0, true)
  })

  it('r23_the_rotation_skips_a_board_that_waits_and_a_waiting_seat', () => {
    // Board B: Black to move but with no move at all (waiting, R18).
    const g = new Game({ mode: 'turn', bfen: `${START} | 7k/5Q2/6K1/8/8/8/8/8[] b - - 0 1` })
    assert.equal(g.toAct, 'A')
    g.push('A', 'e4')
    // B-White waits for Black on B; B-Black is waiting: A-Black acts.
    assert.equal(g.toAct, 'a')
  })

  it('r24_a_seat_may_sit_three_times', () => {
    const g = new Game({ mode: 'turn' })
    assert.equal(g.canSit('A'), true)
    assert.equal(g.canSit('B'), false)
    assert.equal(g.sit('A'), null)
    assert.equal(g.sitsLeft('A'), 2)
    assert.equal(g.toAct, 'B') // the board stands; the next slot acts
    assert.equal(g.board('A').turn, 'white')
    play(g, [['B', 'Nf3'], ['b', 'Nf6']]) // A-Black skipped: its board waits for White
    assert.equal(g.toAct, 'A')
    g.sit('A')
    play(g, [['B', 'Ng1'], ['b', 'Ng8']])
    g.sit('A')
    play(g, [['B', 'Nc3'], ['b', 'Nc6']])
    assert.equal(g.toAct, 'A')
    assert.equal(g.sitsLeft('A'), 0)
    assert.equal(g.canSit('A'), false)
    throwsCode(() => g.sit('A'), 'ERR_NO_SITS_LEFT', /A-White.*R24/)
    assert.equal(g.sitsLeft('B'), 3)
    throwsCode(() => g.sit('B'), 'ERR_NOT_YOUR_TURN')
    throwsCode(() => g.sit('Q'), 'ERR_INVALID_ARG_VALUE')
    g.push('A', 'e4') // it still moves
  })

  it('r25_the_same_state_three_times_is_a_draw', () => {
    const g = new Game({ mode: 'turn' })
    for (let i = 0; i < 15; i++) g.push(g.toAct, KNIGHT_DANCE[i % 8])
    assert.equal(g.outcome(), null)
    g.push(g.toAct, KNIGHT_DANCE[15 % 8])
    assert.deepEqual(g.outcome(), {
      winner: null,
      reason: 'repetition',
      seat: null,
      message: 'Draw: the same state occurred three times (R25)',
    })
    assert.equal(g.toAct, null)
  })

  it('r25_f6_sits_repeat_states_and_sit_returns_the_draw', () => {
    // Both White seats sit: the boards stand and A is to act again (F6:
    // the seat to act is part of the state).
    const g = new Game({ mode: 'turn' })
    assert.equal(g.sit('A'), null)
    assert.equal(g.sit('B'), null) // the start state, A to act: twice
    assert.equal(g.toAct, 'A')
    assert.equal(g.sit('A'), null)
    assert.deepEqual(g.sit('B'), {
      winner: null,
      reason: 'repetition',
      seat: null,
      message: 'Draw: the same state occurred three times (R25)',
    })
    assert.equal(g.movesPlayed, 0)
  })

  it('r33_no_repetition_draw_in_the_live_game', () => {
    const g = untimed()
    const seats = ['A', 'B', 'b', 'a']
    for (let i = 0; i < 24; i++) g.push(seats[i % 4], KNIGHT_DANCE[i % 8])
    assert.equal(g.outcome(), null)
  })
})

describe('R27–R32: how the game ends', () => {
  it('r27_checkmate_on_either_board_ends_the_match', () => {
    const g = untimed({ bfen: SMOTHER_BFEN })
    g.push('B', 'e4')
    assert.equal(g.push('A', 'N@f7#'), 'N@f7')
    assert.deepEqual(g.outcome(), {
      winner: 1,
      reason: 'checkmate',
      seat: 'a',
      message: 'A-Black is checkmated: team 1 wins (R27)',
    })
    assert.equal(g.isOver(), true)
    // The other board ends too.
    throwsCode(() => g.push('b', 'e5'), 'ERR_GAME_OVER')
    assert.deepEqual(g.legalMoves('b'), [])
    assert.equal(g.isTurnOf('b'), false)
  })

  it('r27_f8_a_bfen_that_is_already_mate_is_judged_at_once', () => {
    const g = untimed({ bfen: `${START} | 6Rk/7p/8/8/8/8/8/4K1R1[] b - - 0 1` })
    assert.deepEqual(g.outcome(), {
      winner: 2,
      reason: 'checkmate',
      seat: 'b',
      message: 'B-Black is checkmated: team 2 wins (R27)',
    })
  })

  it('r28_a_flag_loses_for_the_team', () => {
    const g = new Game({ timeControl: { baseMs: 10_000 } })
    g.push('A', 'e4', 100)
    g.push('B', 'e4', 200)
    const o = g.tick(10100)
    assert.deepEqual(o, { winner: 1, reason: 'time', seat: 'a', message: 'A-Black ran out of time: team 1 wins (R28)' })
  })

  it('r29_f10_resign_or_leave_at_any_moment', () => {
    const r = untimed()
    assert.deepEqual(r.resign('b'), { winner: 2, reason: 'resignation', seat: 'b', message: 'B-Black resigned: team 2 wins (R29)' })
    throwsCode(() => r.resign('A'), 'ERR_GAME_OVER')
    const a = new Game()
    a.push('A', 'e4', 100)
    // Not A-White's turn: it may still leave (F10), at a timestamp.
    assert.deepEqual(a.abandon('A', 2000), { winner: 2, reason: 'abandonment', seat: 'A', message: 'A-White left the game: team 2 wins (R29)' })
    assert.equal(a.nowMs, 2000)
    throwsCode(() => new Game().resign('z'), 'ERR_INVALID_ARG_VALUE')
  })

  it('r30_f11_a_draw_needs_every_human_seat', () => {
    const g = untimed({ humans: 'Ab' })
    throwsCode(() => g.offerDraw('a'), 'ERR_NOT_HUMAN', /A-Black.*F11/)
    assert.equal(g.offerDraw('A'), null)
    assert.deepEqual(g.drawOffers(), ['A'])
    g.push('B', 'e4') // any move clears the offers
    assert.deepEqual(g.drawOffers(), [])
    g.offerDraw('b')
    g.withdrawDraw('b')
    g.withdrawDraw('A') // withdrawing without an offer is fine
    assert.equal(g.offerDraw('A'), null)
    assert.deepEqual(g.offerDraw('b'), { winner: null, reason: 'agreement', seat: null, message: 'Draw: all human players agreed (R30)' })
    throwsCode(() => g.offerDraw('A'), 'ERR_GAME_OVER')
    throwsCode(() => g.withdrawDraw('A'), 'ERR_GAME_OVER')
  })

  it('f11_one_human_agrees_alone_and_no_human_table_cannot_agree', () => {
    assert.equal(untimed({ humans: 'B' }).offerDraw('B').reason, 'agreement')
    const bots = untimed({ humans: '' })
    for (const s of SEATS) throwsCode(() => bots.offerDraw(s), 'ERR_NOT_HUMAN')
  })

  it('r31_no_one_can_move_is_a_draw_after_a_move_or_at_once', () => {
    const stuck = '7k/5Q2/6K1/8/8/8/8/8[] b - - 0 1'
    const g = untimed({ bfen: `7k/8/6K1/8/8/8/5Q2/8[] w - - 0 1 | ${stuck}` })
    assert.equal(g.outcome(), null)
    g.push('A', 'Qf7')
    assert.deepEqual(g.outcome(), {
      winner: null,
      reason: 'no_one_can_move',
      seat: null,
      message: 'Draw: no player can ever move again (R31)',
    })
    assert.equal(untimed({ bfen: `${stuck} | ${stuck}` }).outcome().reason, 'no_one_can_move')
  })

  it('r32_f9_the_move_cap_counts_moves_on_both_boards', () => {
    const g = untimed({ moveCap: 4, bfen: `${START.replace(' 0 1', ' 0 30')} | ${START}` })
    play(g, [['A', 'e4'], ['B', 'e4'], ['a', 'e5']])
    assert.equal(g.outcome(), null)
    g.push('b', 'e5')
    assert.deepEqual(g.outcome(), { winner: null, reason: 'move_cap', seat: null, message: 'Draw: the move cap was reached (R32)' })
    assert.equal(g.movesPlayed, 4)
  })
})

describe('fine points', () => {
  it('f1_a_clock_at_zero_has_run_out', () => {
    const ok = new Game()
    ok.push('B', 'e4', 1000)
    assert.equal(ok.push('A', 'e4', 179999), 'e2e4')
    const late = new Game()
    late.push('B', 'e4', 1000)
    throwsCode(() => late.push('A', 'e4', 180000), 'ERR_GAME_OVER')
    assert.equal(late.outcome().reason, 'time')
    assert.equal(late.outcome().seat, 'A')
  })

  it('f2_a_late_action_only_ends_the_game_at_the_flag', () => {
    for (const act of [
      (g) => g.push('A', 'e4', 200000),
      (g) => g.resign('a', 200000),
      (g) => g.abandon('b', 200000),
    ]) {
      const g = new Game()
      g.push('B', 'e4', 1000)
      throwsCode(() => act(g), 'ERR_GAME_OVER')
      assert.deepEqual(g.outcome(), { winner: 2, reason: 'time', seat: 'A', message: 'A-White ran out of time: team 2 wins (R28)' })
      assert.equal(g.nowMs, 180000)
      assert.equal(g.moves().length, 1)
    }
  })

  it('f3_the_increment_follows_every_move_the_mating_one_included', () => {
    const g = new Game({ timeControl: '60+2', bfen: SMOTHER_BFEN })
    g.push('A', 'N@f7', 5000)
    assert.equal(g.outcome().reason, 'checkmate')
    assert.equal(g.clock('A'), 57000)
    assert.equal(g.history()[0].clockMs, 57000)
  })

  it('f4_only_accepted_actions_advance_the_time', () => {
    const g = new Game()
    g.push('A', 'e4', 1000)
    throwsCode(() => g.push('A', 'd4', 3000), 'ERR_NOT_YOUR_TURN')
    throwsCode(() => g.push('a', 'e4', 3000), 'ERR_ILLEGAL_MOVE')
    assert.equal(g.nowMs, 1000)
    g.offerDraw('B') // no timestamp
    assert.equal(g.nowMs, 1000)
  })

  it('f7_a_sit_is_not_a_move', () => {
    const g = new Game({ mode: 'turn', moveCap: 1 })
    g.offerDraw('b')
    g.sit('A')
    assert.deepEqual(g.drawOffers(), ['b']) // not cleared
    assert.equal(g.movesPlayed, 0) // not counted
    assert.equal(g.outcome(), null)
    g.push('B', 'e4')
    assert.equal(g.outcome().reason, 'move_cap')
    throwsCode(() => untimed().sit('A'), 'ERR_SIT_IN_LIVE_GAME', /F7/)
    throwsCode(() => new Game().sit('A'), 'ERR_SIT_IN_LIVE_GAME')
  })

  it('f12_a_move_is_checked_in_order', () => {
    // Game over first, even for an unknown seat or a bad timestamp.
    const over = untimed()
    over.resign('A')
    throwsCode(() => over.push('x', 'junk', -1), 'ERR_GAME_OVER')
    for (const act of [(g) => g.sit('x'), (g) => g.tick(-1), (g) => g.resign('x'), (g) => g.abandon('x'), (g) => g.offerDraw('x'), (g) => g.withdrawDraw('x')]) {
      throwsCode(() => act(over), 'ERR_GAME_OVER')
    }
    const g = new Game()
    g.push('A', 'e4', 1000)
    // A known seat before the timestamp.
    throwsCode(() => g.push('x', 'e5', -1), 'ERR_INVALID_ARG_VALUE')
    // The timestamp before the turn.
    throwsCode(() => g.push('A', 'junk', 10), 'ERR_TIME_WENT_BACKWARDS')
    throwsCode(() => g.push('A', 'junk'), 'ERR_TIMESTAMP_REQUIRED')
    // The turn before the text.
    throwsCode(() => g.push('A', 'junk', 2000), 'ERR_NOT_YOUR_TURN')
    // The text before legality.
    throwsCode(() => g.push('a', 'junk', 2000), 'ERR_INVALID_MOVE')
    throwsCode(() => g.push('a', 'e4', 2000), 'ERR_ILLEGAL_MOVE')
    // Flags before the turn: B-White's clock ran out at 180000.
    throwsCode(() => g.push('A', 'junk', 190000), 'ERR_GAME_OVER')
    assert.equal(g.outcome().seat, 'B')
  })

  it('f13_each_ending_names_its_seat_draws_none', () => {
    const endings = [
      [untimed({ bfen: SMOTHER_BFEN }), (g) => { g.push('A', 'N@f7'); return g.outcome() }, 'checkmate', 'a', 1],
      [new Game(), (g) => { g.push('A', 'e4', 1); return g.tick(180001) }, 'time', 'B', 1],
      [untimed(), (g) => g.resign('B'), 'resignation', 'B', 1],
      [untimed(), (g) => g.abandon('a'), 'abandonment', 'a', 1],
      [untimed({ humans: 'a' }), (g) => g.offerDraw('a'), 'agreement', null, null],
    ]
    for (const [g, end, reason, seat, winner] of endings) {
      const o = end(g)
      assert.equal(o.reason, reason)
      assert.equal(o.seat, seat, reason)
      assert.equal(o.winner, winner, reason)
      assert.deepEqual(Object.keys(o), ['winner', 'reason', 'seat', 'message'])
      assert.deepEqual(g.outcome(), o)
    }
  })
})

describe('bpgn', () => {
  it('writes tags, clocked moves, the ending and the team result', () => {
    const g = new Game({ timeControl: '60+0', bfen: SMOTHER_BFEN })
    g.push('B', 'e4', 1500)
    g.push('A', 'N@f7', 2250)
    const text = g.bpgn({ WhiteA: 'ann', BlackA: 'bob "the" \\ best', Event: 'club night', Round: '3' })
    assert.match(text, /^\[Event "club night"\]$/m)
    assert.match(text, /^\[WhiteA "ann"\]$/m)
    assert.match(text, /^\[BlackA "bob \\"the\\" \\\\ best"\]$/m)
    assert.match(text, /^\[TimeControl "60\+0"\]$/m)
    assert.match(text, /^\[Round "3"\]$/m)
    assert.match(text, /^\[SetUp "1"\]$/m)
    assert.match(text, /^\[Result "1-0"\]$/m)
    assert.ok(text.includes(`[FEN "${SMOTHER_BFEN}"]`))
    assert.match(text, /1B\. e4\{58\.5\} 1A\. N@f7#\{57\.75\} \{bob "the" \\ best checkmated\} 1-0\n$/)
    assert.equal(new Game().bpgn().endsWith('*\n'), true)
  })

  it('reads back to the same moves, tags and ending', () => {
    const g = untimed({ bfen: SMOTHER_BFEN })
    play(g, [['B', 'e4'], ['b', 'e5'], ['B', 'Nf3'], ['A', 'N@f7']])
    const tags = { WhiteA: 'ann', BlackA: 'bob "x"', Site: 'here' }
    const [rec] = readBpgn(g.bpgn(tags))
    assert.equal(rec.error, null)
    assert.equal(rec.agrees, true)
    assert.deepEqual(rec.game.moves(), g.moves())
    assert.deepEqual(rec.game.outcome(), g.outcome())
    assert.equal(rec.game.bfen(), g.bfen())
    assert.equal(rec.tags.WhiteA, 'ann')
    assert.equal(rec.tags.BlackA, 'bob "x"')
    assert.equal(rec.tags.Site, 'here')
    assert.equal(rec.recordedEnding, 'bob "x" checkmated')
    assert.equal(rec.recordedKind, 'checkmate')
    assert.equal(rec.recordedLoser, 'a')
  })

  it('throws ERR_INVALID_ARG_VALUE for a tag name BPGN cannot hold, ERR_INVALID_ARG_TYPE for a value that is not a string', () => {
    const g = untimed()
    for (const name of ['', 'Bad Name', 'x]', 'a"b', 'é', 'a\nb']) {
      throwsCode(() => g.bpgn({ [name]: 'v' }), 'ERR_INVALID_ARG_VALUE', /tag/)
    }
    for (const value of [1, null, undefined, {}, true]) {
      throwsCode(() => g.bpgn({ Event: value }), 'ERR_INVALID_ARG_TYPE', /Event/)
    }
    throwsCode(() => g.bpgn('tags'), 'ERR_INVALID_ARG_TYPE', /tags/)
    throwsCode(() => g.bpgn(5), 'ERR_INVALID_ARG_TYPE', /tags/)
    assert.equal(g.bpgn(null), g.bpgn())
    assert.equal(g.bpgn({}), g.bpgn())
  })
})
