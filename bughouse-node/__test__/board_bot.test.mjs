// The computer player on a lone board (`board.botMove`, `botMoveAsync`):
// a crazyhouse player in the crazyhouse flavour, the same answers as the
// core and Python for the same position, budget and seed (the shared
// table), always a legal move, the same refusals as `Game.botMove`.
// Run against the native addon and, by `make test-node-wasm`, the
// WebAssembly build.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { describe, it } from 'node:test'

import { Board } from '../index.mjs'
import { inSmallStackWorker, pendingAfterOneTurn, rng, START, throwsCode } from './helpers.mjs'

const table = JSON.parse(readFileSync(new URL('../../bughouse-core/tests/data/board_bot.json', import.meta.url), 'utf8'))

const boardOf = (c) => new Board(c.fen, { crazyhouse: c.crazyhouse })
const MATE_IN_ONE = 'r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR[] w KQkq - 4 4'
const MIDDLEGAME = 'r2q1rk1/ppp2ppp/3p4/2b1p3/2B1P1b1/3P4/PPP2PPP/R2Q1RK1[NBnn] b - - 0 9'

describe('board.botMove: the same answers as the core and Python', () => {
  for (const c of table.cases) {
    it(c.name, async () => {
      const board = boardOf(c)
      const opts = { nodes: c.nodes, seed: c.seed }
      assert.equal(board.botMove(opts), c.move)
      assert.equal(await board.botMoveAsync(opts), c.move)
      // Nothing played without `play`.
      assert.equal(board.fen(), boardOf(c).fen())
      assert.deepEqual(board.history(), [])
      // With it, pushed: history and pop() see it.
      assert.equal(board.botMove({ ...opts, play: true }), c.move)
      if (c.move === null) {
        assert.deepEqual(board.history(), [])
        return
      }
      assert.deepEqual(board.history(), [c.move])
      assert.equal(board.pop(), c.move)
      assert.equal(await board.botMoveAsync({ ...opts, play: true }), c.move)
      assert.deepEqual(board.history(), [c.move])
    })
  }
})

describe('board.botMove: a crazyhouse player', () => {
  it('crazyhouse games to the end: always a legal move, null only when none (mate or stalemate)', () => {
    for (const seed of [1, 2, 3]) {
      const rand = rng(seed)
      const board = new Board(undefined, { crazyhouse: true })
      let plies = 0
      for (; plies < 300; plies++) {
        const legal = board.legalMoves()
        const m = board.botMove({ nodes: 1 + Math.floor(rand() * 300), seed: plies })
        if (m === null) {
          assert.deepEqual(legal, [])
          assert.ok(board.isCheckmate() || board.isStalemate(), board.fen())
          break
        }
        assert.ok(legal.includes(m), `${m} on ${board.fen()}`)
        board.push(m)
      }
      assert.equal(board.history().length, plies)
    }
  })

  it('crazyhouse mate is found: Qxf7 mates, and a mated side gets null', () => {
    const board = new Board(MATE_IN_ONE, { crazyhouse: true })
    assert.equal(board.botMove({ nodes: 2_000, play: true }), 'h5f7')
    assert.ok(board.isCheckmate())
    assert.equal(board.botMove(), null)
  })

  it('timeMs bounds the search without a node budget', () => {
    const board = new Board(MIDDLEGAME, { crazyhouse: true })
    const start = performance.now()
    const m = board.botMove({ timeMs: 30 })
    // Only that the bound holds at all (an unbounded search would run for
    // minutes); how closely is benches/vs_fairy.sh's measurement.
    assert.ok(performance.now() - start < 5_000)
    assert.ok(board.legalMoves().includes(m))
  })
})

describe('board.botMove: refusals, as Game.botMove', () => {
  it('bad options are refused by name, the board unchanged', async () => {
    const board = new Board(MIDDLEGAME, { crazyhouse: true })
    const before = board.fen()
    for (const nodes of [0, -1, 1.5, NaN, Infinity, 2 ** 53]) throwsCode(() => board.botMove({ nodes }), 'ERR_OUT_OF_RANGE', /nodes/)
    for (const seed of [-1, 0.5, 2 ** 64]) throwsCode(() => board.botMove({ nodes: 10, seed }), 'ERR_OUT_OF_RANGE', /seed/)
    for (const timeMs of [0, -5, 0.5]) throwsCode(() => board.botMove({ timeMs }), 'ERR_OUT_OF_RANGE', /timeMs/)
    // A lone board has no clock: atMs is not one of its options.
    throwsCode(() => board.botMove({ nodes: 10, play: true, atMs: 5 }), 'ERR_INVALID_ARG_VALUE', /atMs.*nodes, seed, timeMs, play/)
    throwsCode(() => board.botMove({ nodes: 10, play: true, atMs: () => 5 }), 'ERR_INVALID_ARG_VALUE', /atMs/)
    throwsCode(() => board.botMove({ node: 10 }), 'ERR_INVALID_ARG_VALUE', /node/)
    throwsCode(() => board.botMove({ nodes: 10, signal: new AbortController().signal }), 'ERR_INVALID_ARG_VALUE', /signal/)
    for (const opts of [5, 'fast', true, { nodes: '10' }, { play: 'yes' }]) {
      throwsCode(() => board.botMove(opts), 'ERR_INVALID_ARG_TYPE')
      await assert.rejects(board.botMoveAsync(opts), (e) => e.code === 'ERR_INVALID_ARG_TYPE')
    }
    await assert.rejects(board.botMoveAsync({ nodes: 0, play: true }), (e) => e.code === 'ERR_OUT_OF_RANGE')
    await assert.rejects(board.botMoveAsync({ atMs: 1, play: true }), (e) => e.code === 'ERR_INVALID_ARG_VALUE')
    await assert.rejects(board.botMoveAsync({ nodes: 10, signal: 'stop' }), (e) => e.code === 'ERR_INVALID_ARG_TYPE')
    assert.equal(board.fen(), before)
    assert.deepEqual(board.history(), [])
    // A foreign `this`: a TypeError with its code, a rejection for async.
    throwsCode(() => Board.prototype.botMove.call({}), 'ERR_INVALID_THIS')
    await assert.rejects(Board.prototype.botMoveAsync.call({}), (e) => e.code === 'ERR_INVALID_THIS')
  })

  it('botMoveAsync: a push during the search makes it stale; an abort rejects at once', async () => {
    const board = new Board(START, { crazyhouse: true })
    const pending = board.botMoveAsync({ nodes: 20_000, play: true })
    board.push('e4')
    await assert.rejects(pending, (e) => e.code === 'ERR_STALE_SEARCH' && /the board changed/.test(e.message))
    assert.deepEqual(board.history(), ['e2e4'])
    // Two searches at once: the first to finish plays, the other is stale.
    const both = await Promise.allSettled([board.botMoveAsync({ nodes: 500, play: true }), board.botMoveAsync({ nodes: 500, play: true })])
    assert.deepEqual(both.map((r) => r.status).sort(), ['fulfilled', 'rejected'])
    assert.equal(board.history().length, 2)
    const ac = new AbortController()
    const aborted = board.botMoveAsync({ timeMs: 60_000, play: true, signal: ac.signal })
    ac.abort()
    await assert.rejects(aborted, (e) => e.name === 'AbortError' && e.code === 'ABORT_ERR')
    assert.equal(board.history().length, 2)
    const already = new AbortController()
    already.abort()
    await assert.rejects(board.botMoveAsync({ signal: already.signal }), (e) => e.code === 'ABORT_ERR')
  })

  it('botMoveAsync leaves the event loop free while it searches', async () => {
    const board = new Board(MIDDLEGAME, { crazyhouse: true })
    const { stillPending, value: m } = await pendingAfterOneTurn(() => board.botMoveAsync({ nodes: 1_000_000 }))
    assert.ok(stillPending)
    assert.ok(board.legalMoves().includes(m))
  })

  it('a Worker with a small stack can call it (the search has its own thread)', async () => {
    const source = `
      const { parentPort } = require('node:worker_threads')
      const { Board } = require(${JSON.stringify(new URL('../index.js', import.meta.url).pathname)})
      const board = new Board(${JSON.stringify(MIDDLEGAME)}, { crazyhouse: true })
      parentPort.postMessage([board.botMove({ nodes: 25000 }), board.legalMoves()])
    `
    const { message: [m, legal], code } = await inSmallStackWorker(source)
    assert.equal(code, 0)
    assert.ok(legal.includes(m))
  })
})
