// No input may crash the process: every bad argument ends in a thrown Error.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'

import { Board, perft } from '../index.mjs'
import { mutate, ourErrorOrValue, rng } from './helpers.mjs'

const garbage = (rand, base) => mutate(rand, base)

describe('robustness', () => {
  it('mutated FENs either load or throw ERR_INVALID_FEN, and loaded boards work', () => {
    const rand = rng(1)
    const seeds = [
      'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1',
      'r3k2r/8/8/8/8/8/8/R2Q~K2R[QNPnp] w KQkq - 3 20',
      '4k3/8/8/8/5p2/8/4P3/4K3[] w - e3 0 1',
    ]
    let loaded = 0
    for (let i = 0; i < 3000; i++) {
      const fen = garbage(rand, seeds[i % seeds.length])
      const board = ourErrorOrValue(() => new Board(fen, { crazyhouse: i % 2 === 0 }))
      if (!board) continue
      loaded++
      // A board that loaded writes a FEN that loads again to the same FEN.
      const written = board.fen()
      assert.equal(new Board(written, { crazyhouse: i % 2 === 0 }).fen(), written)
      for (const m of board.legalMoves().slice(0, 3)) {
        board.push(m)
        board.pop()
      }
      board.perft(1)
    }
    assert.ok(loaded > 0)
  })

  it('mutated move texts either play or throw ERR_INVALID_MOVE / ERR_ILLEGAL_MOVE', () => {
    const rand = rng(2)
    const board = new Board('r3k2r/pP6/8/8/8/8/8/R3K2R[QRBNPqrbnp] w KQkq - 0 1')
    const fen = board.fen()
    const seeds = ['e1g1', 'b7a8q', 'N@f3', 'P@e4', 'a1a8']
    for (let i = 0; i < 3000; i++) {
      const text = garbage(rand, seeds[i % seeds.length])
      if (ourErrorOrValue(() => board.push(text)) !== undefined) board.pop()
      assert.equal(board.fen(), fen)
    }
  })

  it('every string argument survives odd text', () => {
    const b = new Board()
    const odd = ['', ' ', '\u0000', 'é', '\u{1F600}', 'e'.repeat(100000), 'white\u0000', 'e1\u0000']
    for (const s of odd) {
      ourErrorOrValue(() => new Board(s))
      ourErrorOrValue(() => b.push(s))
      ourErrorOrValue(() => b.pieceAt(s))
      ourErrorOrValue(() => b.pocket(s))
      ourErrorOrValue(() => perft(s, 1))
    }
  })

  it('wrong argument types throw instead of crashing', () => {
    const b = new Board()
    const values = [undefined, null, 0, -1, 1e308, NaN, true, {}, [], () => 1, Symbol('s'), 10n, new Uint8Array(3)]
    for (const v of values) {
      for (const call of [
        () => b.push(v),
        () => b.pieceAt(v),
        () => b.pocket(v),
        () => b.perft(v),
        () => perft(v, 1),
        () => perft('4k3/8/8/8/8/8/8/4K3[] w - - 0 1', v),
        () => new Board(v),
        () => new Board(undefined, v),
      ]) {
        try {
          call()
        } catch (e) {
          assert.ok(e instanceof Error, String(e))
        }
      }
    }
  })

  it('methods called on a foreign `this` throw', () => {
    for (const name of ['fen', 'push', 'pop', 'isCheck', 'pocket', 'pieceAt', 'perft', 'legalMoves']) {
      assert.throws(() => Board.prototype[name].call({}, 'white'), Error)
      assert.throws(() => Board.prototype[name].call(new Date(), 'e1'), Error)
    }
    const turn = Object.getOwnPropertyDescriptor(Board.prototype, 'turn').get
    assert.throws(() => turn.call({}), Error)
  })

  it('a constructor called without `new` does not take the process down', () => {
    try {
      Board()
    } catch (e) {
      assert.ok(e instanceof Error)
    }
    assert.equal(new Board().legalMoves().length, 20)
  })
})
