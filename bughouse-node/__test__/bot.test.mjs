// The computer player through `game.botMove(seat, opts)` and
// `game.botMoveAsync(seat, opts)`: always a legal action, drop mates found,
// deterministic per seed, sits only in the turn-based game (R24), `play:
// true` plays what it returns, refusals with their codes, no crash on any
// option, and a caller with a small stack is safe.
//
// Mate positions are checked by brute force first (a mate in one exists),
// so the expected answers are computed, not written down. Speed is measured
// in bench/bench_bot.mjs, never here.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'

import { Board, Game } from '../index.mjs'
import { CODES, inSmallStackWorker, ourErrorOrValue, pendingAfterOneTurn, rng, throwsCode } from './helpers.mjs'

const SEATS = ['A', 'a', 'B', 'b']
// The other board for test positions: two lone kings, so one board decides.
const QUIET = '4k3/8/8/8/8/8/8/4K3[] w - - 0 1'
// White to move: whatever it plays, Q@g1 mates (guarded from c5). In the
// turn-based game it may sit and wait for a piece instead (R24).
const EVERY_MOVE_IS_MATED = '4k3/8/8/2b5/8/8/6PP/7K[q] w - - 0 1'
// A middlegame with pockets, for determinism.
const MIDDLEGAME = 'r1bqk2r/pppp1ppp/2n2n2/4p3/1bB1P3/2N2N2/PPPP1PPP/R1BQK2R[Pn] w KQkq - 0 1'
// White to play Ra8+, after which Black waits (R17, R18).
const BEFORE_WAITING = '6k1/5ppp/8/8/8/8/8/R3K3[] w - - 0 1'
const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1'

const untimed = (opts = {}) => new Game({ timeControl: '-', ...opts })
const pick = (rand, list) => list[Math.floor(rand() * list.length)]

/** The moves and drops of `board` that give bughouse mate (R16). */
function matesInOne(board) {
  return board.legalMoves().filter((m) => {
    const after = new Board(board.fen())
    after.push(m)
    return after.isCheckmate()
  })
}

/** Pieces on both boards and in every pocket: always 60 in bughouse (R7, two sets less the four kings). */
function pieceTotal(game) {
  let total = 0
  for (const letter of ['A', 'B']) {
    const board = game.board(letter)
    for (const file of 'abcdefgh') {
      for (let rank = 1; rank <= 8; rank++) {
        const piece = board.pieceAt(`${file}${rank}`)
        if (piece && piece.role !== 'king') total++
      }
    }
  }
  for (const seat of SEATS) total += Object.values(game.pocket(seat)).reduce((a, b) => a + b, 0)
  return total
}

describe('botMove: always a legal action, until the game ends', () => {
  for (const seed of [1, 2, 3]) {
    it(`live game, bots on all four seats (seed ${seed})`, () => {
      const rand = rng(seed)
      const game = new Game({ timeControl: '300+2', moveCap: 120 })
      let t = 0
      while (!game.isOver()) {
        const toMove = SEATS.filter((s) => game.isTurnOf(s))
        for (const seat of SEATS.filter((s) => !toMove.includes(s))) {
          throwsCode(() => game.botMove(seat, { nodes: 1 }), 'ERR_NOT_YOUR_TURN')
        }
        toMove.sort(() => rand() - 0.5)
        let acted = false
        for (const seat of toMove) {
          const legal = game.legalMoves(seat)
          const nodes = pick(rand, [1, 40, 300])
          const botSeed = Math.floor(rand() * 2 ** 32)
          const m = game.botMove(seat, { nodes, seed: botSeed })
          if (m === null) {
            // Live: null only for a seat that waits (R18), never a sit (F7).
            assert.deepEqual(legal, [])
            assert.equal(game.canSit(seat), false)
            continue
          }
          assert.ok(legal.includes(m), `${game.bfen()} ${seat} ${m}`)
          t += Math.floor(rand() * 400)
          if (rand() < 0.5) {
            // The same search again, played: the same move.
            assert.equal(game.botMove(seat, { nodes, seed: botSeed, play: true, atMs: t }), m)
          } else {
            game.push(seat, m, t)
          }
          const last = game.history().at(-1)
          assert.deepEqual([last.seat, last.move, last.atMs], [seat, m, t])
          acted = true
          break
        }
        // If every seat to move waits, no one can move and R31 ended it.
        assert.ok(acted || game.isOver())
      }
      assert.notEqual(game.outcome(), null)
      assert.equal(pieceTotal(game), 60)
      for (const seat of SEATS) throwsCode(() => game.botMove(seat, { nodes: 1 }), 'ERR_GAME_OVER')
    })
  }

  for (const seed of [1, 2, 3]) {
    it(`turn-based game, bots on all four seats (seed ${seed})`, () => {
      const rand = rng(100 + seed)
      const game = new Game({ mode: 'turn', humans: '', moveCap: 120 })
      let sat = 0
      while (!game.isOver()) {
        const seat = game.toAct
        assert.notEqual(seat, null) // F5: an unfinished turn-based game has a seat to act
        throwsCode(() => game.botMove(pick(rand, SEATS.filter((s) => s !== seat)), { nodes: 1 }), 'ERR_NOT_YOUR_TURN')
        const legal = game.legalMoves(seat)
        const couldSit = game.canSit(seat)
        const sits = game.sitsLeft(seat)
        const nodes = pick(rand, [1, 40, 300])
        const play = rand() < 0.5
        const acts = game.history().length
        const m = game.botMove(seat, { nodes, seed, play })
        assert.equal(game.history().length, acts + (play ? 1 : 0)) // without play nothing changes
        if (m === null) {
          assert.ok(couldSit, 'a sit only when the seat may sit (R24)')
          if (!play) game.sit(seat)
          assert.equal(game.sitsLeft(seat), sits - 1)
          sat++
        } else {
          assert.ok(legal.includes(m), `${game.bfen()} ${seat} ${m}`)
          if (!play) game.push(seat, m)
        }
        const last = game.history().at(-1)
        assert.deepEqual([last.seat, last.kind, last.move], [seat, m === null ? 'sit' : 'move', m])
      }
      assert.notEqual(game.outcome(), null)
      assert.equal(pieceTotal(game), 60)
      assert.ok(sat <= 12)
    })
  }
})

describe('botMove: mates', () => {
  const cases = [
    // R16: N@g6 mates, smothered; no drop blocks a knight's check.
    ['A', `6rk/6pp/8/8/8/8/8/4K3[N] w - - 0 1 | ${QUIET}`, 'a'],
    // R12, R16: P@g7 mates, guarded by the knight on f5.
    ['A', `6bk/7p/8/5N2/8/8/8/4K3[P] w - - 0 1 | ${QUIET}`, 'a'],
    // The first, mirrored, for B-Black: N@f2 mates.
    ['b', `${QUIET} | 4k3/8/8/8/8/8/6PP/6RK[n] b - - 0 1`, 'B'],
  ]
  for (const [seat, bfen, mated] of cases) {
    it(`r12_r16_finds_the_drop_mate_in_one_and_plays_it: ${seat} ${bfen.split(' | ')[seat === 'A' ? 0 : 1]}`, () => {
      const game = untimed({ bfen })
      const mates = matesInOne(game.board(seat.toUpperCase()))
      assert.ok(mates.length > 0 && mates.every((m) => m.includes('@')), 'the test position has a drop mate')
      const m = game.botMove(seat, { nodes: 20_000 })
      assert.ok(mates.includes(m), `${m} is not one of ${mates}`)
      assert.equal(game.botMove(seat, { nodes: 20_000, play: true }), m)
      const outcome = game.outcome()
      assert.equal(outcome.reason, 'checkmate')
      assert.equal(outcome.seat, mated)
      throwsCode(() => game.botMove(seat), 'ERR_GAME_OVER')
    })
  }

  it('r16_finds_the_drop_mate_in_the_turn_based_game_too', () => {
    const game = new Game({ mode: 'turn', humans: '', bfen: `6rk/6pp/8/8/8/8/8/4K3[N] w - - 0 1 | ${QUIET}` })
    assert.equal(game.toAct, 'A')
    assert.ok(game.canSit('A'))
    assert.ok(matesInOne(game.board('A')).includes(game.botMove('A', { nodes: 20_000 })))
  })
})

describe('botMove: deterministic for a seed', () => {
  it('the same game, seat, budget and seed give the same move, sync or async', async () => {
    const bfen = `${MIDDLEGAME} | ${QUIET}`
    const game = untimed({ bfen })
    const first = game.botMove('A', { nodes: 3_000, seed: 99 })
    assert.ok(game.legalMoves('A').includes(first))
    // Again, on a copy, on another game built the same way, asynchronously:
    // no state carries over from one call to the next.
    for (const g of [game, game.copy(), untimed({ bfen })]) {
      assert.equal(g.botMove('A', { nodes: 3_000, seed: 99 }), first)
      assert.equal(await g.botMoveAsync('A', { nodes: 3_000, seed: 99 }), first)
    }
    // The seed matters: it breaks ties and seeds the noise.
    const start = untimed()
    const moves = new Set()
    for (let s = 0; s < 12; s++) moves.add(start.botMove('A', { nodes: 300, seed: s }))
    assert.ok(moves.size > 1)
    // Seeds up to Number.MAX_SAFE_INTEGER are whole seeds, not wrapped.
    const big = start.botMove('A', { nodes: 300, seed: Number.MAX_SAFE_INTEGER })
    assert.equal(start.botMove('A', { nodes: 300, seed: Number.MAX_SAFE_INTEGER }), big)
  })

  it('defaults: 25000 nodes and seed 0, the same as no options', () => {
    const game = untimed({ bfen: `${MIDDLEGAME} | ${QUIET}` })
    const m = game.botMove('A')
    assert.equal(game.botMove('A', {}), m)
    assert.equal(game.botMove('A', null), m)
    assert.equal(game.botMove('A', { nodes: 25_000, seed: 0, play: false }), m)
    assert.equal(game.botMove('A', { nodes: null, seed: undefined, play: null, atMs: null }), m)
  })
})

describe('botMove: sitting (R24)', () => {
  it('r24_sits_when_every_move_is_mated_only_in_the_turn_based_game', () => {
    const turn = new Game({ mode: 'turn', humans: '', bfen: `${EVERY_MOVE_IS_MATED} | ${QUIET}` })
    assert.equal(turn.toAct, 'A')
    assert.ok(turn.canSit('A'))
    assert.equal(turn.botMove('A', { nodes: 20_000 }), null)
    assert.deepEqual(turn.history(), []) // without play nothing changes
    // Live: no sitting (F7): it must move.
    const live = untimed({ bfen: `${EVERY_MOVE_IS_MATED} | ${QUIET}` })
    assert.ok(live.legalMoves('A').includes(live.botMove('A', { nodes: 20_000 })))
  })

  it('r24_play_true_sits_and_a_seat_without_sits_moves', async () => {
    const game = new Game({ mode: 'turn', humans: '', bfen: `${EVERY_MOVE_IS_MATED} | ${QUIET}` })
    // Board B's kings walk without repeating a state (R25) while A sits.
    const walk = ['e1e2', 'e8e7', 'e2e3', 'e7e6', 'e3d3', 'e6d6'][Symbol.iterator]()
    for (const sitsLeft of [2, 1, 0]) {
      assert.equal(game.toAct, 'A')
      // Synchronously, then asynchronously: both sit.
      const sat = sitsLeft === 1 ? await game.botMoveAsync('A', { nodes: 20_000, play: true }) : game.botMove('A', { nodes: 20_000, play: true })
      assert.equal(sat, null)
      assert.equal(game.sitsLeft('A'), sitsLeft)
      assert.deepEqual(game.history().at(-1).kind, 'sit')
      for (const seat of ['B', 'b']) {
        assert.equal(game.toAct, seat)
        game.push(seat, walk.next().value)
      }
    }
    assert.equal(game.toAct, 'A')
    assert.equal(game.canSit('A'), false)
    const m = game.botMove('A', { nodes: 20_000, play: true })
    assert.notEqual(m, null)
    assert.deepEqual(game.moves().at(-1), { seat: 'A', move: m })
  })
})

describe('botMove: play: true', () => {
  it('plays the returned move with its timestamp', () => {
    const game = new Game({ timeControl: '180+2' })
    const m = game.botMove('A', { nodes: 2_000, seed: 5 })
    assert.equal(game.botMove('A', { nodes: 2_000, seed: 5, play: true, atMs: 1_500 }), m)
    assert.deepEqual(game.moves(), [{ seat: 'A', move: m }])
    assert.deepEqual(game.history().at(-1), { seat: 'A', kind: 'move', move: m, atMs: 1_500, clockMs: 180_000 - 1_500 + 2_000 })
    assert.equal(game.nowMs, 1_500)
  })

  it('refusals are the refusals of push, and change nothing', () => {
    const game = new Game({ timeControl: '180+0' })
    game.push('A', 'e4', 1_000)
    const before = game.bpgn()
    // A clocked game needs the time of the move (R21); time never goes back (F1).
    throwsCode(() => game.botMove('a', { nodes: 200, play: true }), 'ERR_TIMESTAMP_REQUIRED')
    throwsCode(() => game.botMove('a', { nodes: 200, play: true, atMs: 500 }), 'ERR_TIME_WENT_BACKWARDS')
    assert.equal(game.bpgn(), before)
    // A flag that fell ends the game at the flag (R21, F2).
    throwsCode(() => game.botMove('a', { nodes: 200, play: true, atMs: 1_000 + 180_001 }), 'ERR_GAME_OVER')
    assert.equal(game.outcome().reason, 'time')
  })

  it('botMoveAsync plays too; a stale search rejects with ERR_STALE_SEARCH and plays nothing', async () => {
    const game = untimed()
    const m = await game.botMoveAsync('A', { nodes: 500, seed: 2, play: true })
    assert.deepEqual(game.moves(), [{ seat: 'A', move: m }])
    // Two searches for one seat at once: the first to finish plays; the
    // other finds the board changed and plays nothing.
    const both = await Promise.allSettled([
      game.botMoveAsync('a', { nodes: 500, play: true }),
      game.botMoveAsync('a', { nodes: 500, play: true }),
    ])
    const played = both.filter((r) => r.status === 'fulfilled')
    const refused = both.filter((r) => r.status === 'rejected')
    assert.equal(played.length, 1)
    assert.equal(refused.length, 1)
    assert.equal(refused[0].reason.code, 'ERR_STALE_SEARCH')
    assert.deepEqual(game.moves().at(-1), { seat: 'a', move: played[0].value })
    assert.equal(game.moves().length, 2)
    // A move on the seat's board during the search: stale, nothing played.
    const game2 = new Game({ timeControl: '-', bfen: `${START} | ${START}` })
    const pending = game2.botMoveAsync('A', { nodes: 2_000, play: true })
    game2.push('A', 'e4')
    game2.push('a', 'e5')
    await assert.rejects(pending, (e) => e.code === 'ERR_STALE_SEARCH' && /nothing was played/.test(e.message))
    assert.equal(game2.moves().length, 2)
  })

  it('r5_a_capture_on_the_other_board_makes_the_search_stale: the pocket changed', async () => {
    // Board B: B-White takes on d5; the pawn goes to A-Black... and a
    // capture by B-Black goes to A-White's pocket (R5): A's position changed.
    const ladder = '3q3k/8/1n3n2/3p4/5N2/1BN5/8/1K1Q4[] w - - 0 1'
    const game = untimed({ bfen: `${START} | ${ladder}` })
    game.push('B', 'c3d5')
    const pending = game.botMoveAsync('A', { nodes: 2_000, play: true })
    game.push('b', 'b6d5') // a knight for A-White
    await assert.rejects(pending, (e) => e.code === 'ERR_STALE_SEARCH')
    assert.equal(game.pocket('A').knight, 1)
    assert.equal(game.moves().length, 2)
    // Searched again on the new position, it plays.
    const m = await game.botMoveAsync('A', { nodes: 2_000, play: true })
    assert.deepEqual(game.moves().at(-1), { seat: 'A', move: m })
  })

  it('play: true takes the time when the move is played: an atMs function is read after the search', async () => {
    const game = new Game({ timeControl: { baseMs: 60_000, incrementMs: 0 } })
    let now = 100
    let calls = 0
    const pending = game.botMoveAsync('A', {
      nodes: 2_000,
      play: true,
      atMs: () => {
        calls++
        return now
      },
    })
    // Meanwhile the other board moves at 500 ms: a time fixed at the call
    // (100) would go back; the clock's time when the move is played does not.
    game.push('B', 'e4', 500)
    now = 600
    const m = await pending
    assert.equal(calls, 1)
    assert.deepEqual(game.history().at(-1), { seat: 'A', kind: 'move', move: m, atMs: 600, clockMs: 59_400 })
    // A number is the move's time as given: here it went back, refused with
    // the game unchanged.
    const fixed = new Game({ timeControl: { baseMs: 60_000 } })
    const late = fixed.botMoveAsync('A', { nodes: 2_000, play: true, atMs: 100 })
    fixed.push('B', 'e4', 500)
    await assert.rejects(late, (e) => e.code === 'ERR_TIME_WENT_BACKWARDS')
    assert.equal(fixed.moves().length, 1)
    // The sync botMove reads the function once, after its search, too.
    assert.equal(typeof fixed.botMove('A', { nodes: 300, play: true, atMs: () => 700 }), 'string')
    assert.equal(fixed.history().at(-1).atMs, 700)
  })
})

describe('botMove: refusals', () => {
  it('game over, not your turn, a waiting seat gets null', async () => {
    const over = untimed()
    over.resign('b')
    for (const seat of SEATS) {
      throwsCode(() => over.botMove(seat), 'ERR_GAME_OVER')
      throwsCode(() => over.botMove(seat, { play: true }), 'ERR_GAME_OVER')
      // F12: game over first, whatever the other arguments.
      throwsCode(() => over.botMove('x', { nodes: -1 }), 'ERR_GAME_OVER')
      await assert.rejects(over.botMoveAsync(seat), (e) => e.code === 'ERR_GAME_OVER')
    }
    const live = untimed()
    throwsCode(() => live.botMove('a'), 'ERR_NOT_YOUR_TURN', /A-Black/)
    await assert.rejects(live.botMoveAsync('b'), (e) => e.code === 'ERR_NOT_YOUR_TURN')
    const turn = new Game({ mode: 'turn', humans: '' })
    for (const seat of ['B', 'b', 'a']) throwsCode(() => turn.botMove(seat, { play: true }), 'ERR_NOT_YOUR_TURN')
    assert.deepEqual(turn.history(), [])
    // Live: its turn, but it waits (R18): null, and nothing is played.
    const waiting = untimed({ bfen: `${BEFORE_WAITING} | ${START}` })
    waiting.push('A', 'Ra8+')
    assert.ok(waiting.isTurnOf('a'))
    assert.deepEqual(waiting.legalMoves('a'), [])
    assert.equal(waiting.botMove('a'), null)
    assert.equal(waiting.botMove('a', { play: true }), null)
    assert.equal(await waiting.botMoveAsync('a', { play: true }), null)
    assert.equal(waiting.movesPlayed, 1)
  })

  it('bad seats and options are refused by name, never wrapped or rounded', async () => {
    const game = untimed()
    for (const seat of ['x', '', 'AB', 'W', 'A\u0000']) throwsCode(() => game.botMove(seat), 'ERR_INVALID_ARG_VALUE', /seat/)
    // botMoveAsync refuses them as botMove does, playing or not (the addon
    // once answered napi-rs's own error, or a bare TypeError with play).
    for (const opts of [undefined, { nodes: 10, play: true }]) {
      for (const seat of ['x', 'Z', 'AB']) {
        await assert.rejects(game.botMoveAsync(seat, opts), (e) => e.code === 'ERR_INVALID_ARG_VALUE' && /seat/.test(e.message))
      }
      for (const seat of [5, null, undefined, {}]) {
        await assert.rejects(game.botMoveAsync(seat, opts), (e) => e instanceof TypeError && e.code === 'ERR_INVALID_ARG_TYPE' && /argument 1/.test(e.message))
      }
    }
    for (const nodes of [0, -1, 1.5, NaN, Infinity, -Infinity, 2 ** 53, 2 ** 64]) {
      throwsCode(() => game.botMove('A', { nodes }), 'ERR_OUT_OF_RANGE', /nodes/)
    }
    for (const seed of [-1, 0.5, NaN, Infinity, 2 ** 53, 2 ** 64]) {
      throwsCode(() => game.botMove('A', { nodes: 10, seed }), 'ERR_OUT_OF_RANGE', /seed/)
    }
    for (const atMs of [-1, 0.5, NaN, 2 ** 53]) {
      throwsCode(() => game.botMove('A', { nodes: 10, play: true, atMs }), 'ERR_OUT_OF_RANGE', /atMs/)
    }
    throwsCode(() => game.botMove('A', { nodes: 10, atMs: 5 }), 'ERR_INVALID_ARG_VALUE', /atMs.*play/)
    for (const [opts, name] of [
      [{ nodes: '10' }, /nodes/],
      [{ nodes: 10n }, /nodes/],
      [{ seed: '1' }, /seed/],
      [{ seed: {} }, /seed/],
      [{ play: 'yes' }, /play/],
      [{ play: 1 }, /play/],
      [{ atMs: '5', play: true }, /atMs/],
      [5, /opts/],
      ['fast', /opts/],
      [true, /opts/],
      [() => 1, /opts/],
      [Symbol('s'), /opts/],
      [10n, /opts/],
    ]) {
      throwsCode(() => game.botMove('A', opts), 'ERR_INVALID_ARG_TYPE', name)
      await assert.rejects(game.botMoveAsync('A', opts), (e) => e.code === 'ERR_INVALID_ARG_TYPE')
    }
    // A misspelt option is refused by name, never ignored.
    throwsCode(() => game.botMove('A', { node: 10 }), 'ERR_INVALID_ARG_VALUE', /node/)
    await assert.rejects(game.botMoveAsync('A', { nodes: 10, signal: 'stop' }), (e) => e.code === 'ERR_INVALID_ARG_TYPE')
    throwsCode(() => game.botMove('A', { nodes: 10, signal: new AbortController().signal }), 'ERR_INVALID_ARG_VALUE', /signal/)
    assert.equal(game.movesPlayed, 0)
  })

  it('options are read once, before the search: a getter that plays is seen', () => {
    const game = untimed()
    let reads = 0
    const opts = {
      get nodes() {
        reads++
        game.push('A', 'e4') // a getter may do anything, even play on this game
        return 100
      },
    }
    // Read before the addon holds the game: the search sees e4 played, so
    // it is A-Black's move now and not A-White's.
    throwsCode(() => game.botMove('A', opts), 'ERR_NOT_YOUR_TURN')
    assert.equal(reads, 1)
    const reply = game.botMove('a', { nodes: 100 })
    assert.ok(game.legalMoves('a').includes(reply))
  })

  it('no option crashes the process', async () => {
    const rand = rng(7)
    const values = [undefined, null, 0, 1, -1, 0.5, 1e308, NaN, Infinity, true, false, '', '5', {}, [], () => 1, Symbol('s'), 10n, new Uint8Array(3), 2 ** 53, 300]
    const keys = ['nodes', 'seed', 'play', 'atMs', 'other', '__proto__']
    const throwing = new Proxy({}, { get() { throw new RangeError('a getter that throws') } })
    const game = new Game({ timeControl: '60+0' })
    for (let i = 0; i < 400; i++) {
      const opts = {}
      for (const key of keys) {
        if (rand() < 0.4) Object.defineProperty(opts, key, { value: pick(rand, values), enumerable: true, writable: true })
      }
      const seat = pick(rand, [...SEATS, 'x', '', 5, null])
      const asOpts = rand() < 0.1 ? pick(rand, values) : opts
      // Small budgets: an absent or large budget becomes 1, for speed.
      if (opts.nodes === undefined || opts.nodes === null || (Number.isSafeInteger(opts.nodes) && opts.nodes > 300)) opts.nodes = 1
      let m
      try {
        m = game.botMove(seat, asOpts)
      } catch (e) {
        assert.ok(e instanceof Error, String(e))
        // A seat that is not a string is refused by napi-rs with its own code.
        if (!CODES.has(e.code)) assert.equal(typeof seat === 'string', false, `${e.code}: ${e.message}`)
        continue
      }
      if (m !== null) assert.ok(game.legalMoves(seat).includes(m) || game.moves().at(-1).move === m)
    }
    // A throwing getter: its own error, nothing else.
    assert.throws(() => game.botMove('A', throwing), RangeError)
    await assert.rejects(game.botMoveAsync('A', throwing), RangeError)
    // A foreign `this`: a TypeError, not a crash.
    assert.throws(() => Game.prototype.botMove.call(new Board(), 'A'))
    assert.throws(() => Game.prototype.botMove.call({}, 'A'))
    assert.throws(() => Game.prototype._botMove.call(new Board(), 'A'))
    ourErrorOrValue(() => game.botMove('A', { nodes: 1 }))
  })
})

describe('botMove: where it runs', () => {
  it('a Worker with a small stack can call it (the search has its own thread)', async () => {
    // Node gives a Worker 4 MiB of stack, or less with
    // resourceLimits.stackSizeMb; the core's search needs up to ~600 KiB.
    // Searched on the Worker's own 512 KiB stack, this search killed the
    // process (SIGSEGV; tried with the search thread taken out).
    const source = `
      const { parentPort } = require('node:worker_threads')
      const { Game } = require(${JSON.stringify(new URL('../index.js', import.meta.url).pathname)})
      const game = new Game({ timeControl: '-', bfen: ${JSON.stringify(`${MIDDLEGAME} | ${QUIET}`)} })
      parentPort.postMessage([game.botMove('A', { nodes: 25000 }), game.legalMoves('A')])
    `
    const { message: [m, legal], code } = await inSmallStackWorker(source)
    assert.equal(code, 0)
    assert.ok(legal.includes(m))
  })

  it('botMoveAsync leaves the event loop free while it searches', async () => {
    const game = untimed()
    const { stillPending, value: m } = await pendingAfterOneTurn(() => game.botMoveAsync('A', { nodes: 1_000_000 }))
    assert.ok(stillPending)
    assert.ok(game.legalMoves('A').includes(m))
    assert.equal(game.movesPlayed, 0)
  })
})
