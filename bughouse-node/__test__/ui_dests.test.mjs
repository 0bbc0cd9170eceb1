// board.dests() and board.dropDests() (the chessgroundDests model) give the
// same Maps in the native addon and in the WebAssembly build (both read the
// core's grouped target sets, Board::legal_dests, through js-shared's
// write_dests) and agree with the legal moves: on positions met in seeded
// random games from a start with promotions and pockets (promotions are
// four moves onto one square, listed once).
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'

import * as addon from '../index.mjs'
import * as wasm from '../wasm/index.node.mjs'

const STARTS = [
  '4k3/1P4P1/8/8/8/8/1p4p1/4K3[QNqn] w - - 0 1',
  'r2qk2r/ppp2ppp/4p3/4P3/1b1Pn3/2N5/PPP2PPP/R2QK2R[NBPnb] b KQkq - 0 1',
]

describe('dests and dropDests, both builds', () => {
  it('agree with each other and with the legal moves on the positions of 20 seeded random games', () => {
    let seed = 12345
    const next = (n) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return seed % n
    }
    let positions = 0
    for (const start of STARTS) {
      for (let game = 0; game < 10; game++) {
        const a = new addon.Board(start, { crazyhouse: true })
        const w = new wasm.Board(start, { crazyhouse: true })
        for (let ply = 0; ply < 20; ply++) {
          const moves = a.legalMoves()
          if (moves.length === 0) break
          assert.deepEqual([...w.dests()], [...a.dests()], a.fen())
          assert.deepEqual([...w.dropDests()], [...a.dropDests()], a.fen())
          // Every grouped target is a legal move, and every legal move is grouped.
          const grouped = new Set()
          for (const [from, tos] of w.dests()) for (const to of tos) grouped.add(from + to)
          for (const [role, tos] of w.dropDests()) for (const to of tos) grouped.add(`${role}@${to}`)
          const expected = new Set(moves.map((m) => (m[1] === '@' ? `${{ P: 'pawn', N: 'knight', B: 'bishop', R: 'rook', Q: 'queen' }[m[0]]}@${m.slice(2, 4)}` : m.slice(0, 4))))
          assert.deepEqual(grouped, expected)
          positions++
          const m = moves[next(moves.length)]
          a.push(m)
          w.push(m)
        }
      }
    }
    assert.ok(positions >= 300, `${positions} positions`)
  })

  it('the WebAssembly move lists stay right after the memory grew (its old buffer detached)', () => {
    const board = new wasm.Board()
    const moves = board.legalMoves()
    const dests = [...board.dests()]
    // A game is about 65 KiB of the module's memory: 400 of them grow it.
    const games = Array.from({ length: 400 }, () => new wasm.Game())
    assert.deepEqual(board.legalMoves(), moves)
    assert.deepEqual([...board.dests()], dests)
    assert.deepEqual(games[399].legalMoves('A'), moves)
  })
})
