// Perft numbers, copied from bughouse-core/tests/data/*.perft (published
// crazyhouse numbers and cross-checked bughouse ones), through both APIs.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'

import { Board, perft } from '../index.mjs'
import { throwsCode } from './helpers.mjs'

const CASES = [
  // [id, flavour, epd, [[depth, nodes], ...]]
  ['bug-startpos', 'bughouse', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq -', [[1, 20], [2, 400], [3, 8902], [4, 197281]]],
  ['bug-all-drop-types', 'bughouse', '2k5/8/8/8/8/8/8/4K3[QRBNPqrbnp] w - -', [[1, 301], [2, 75353]]],
  ['bug-drops', 'bughouse', '2k5/8/8/8/8/8/8/4K3[Qn] w - -', [[3, 88634]]],
  ['bug-middlegame', 'bughouse', 'r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[] b KQkq -', [[3, 54040]]],
  ['bug-promoted', 'bughouse', '4k3/1Q~6/8/8/4b3/8/Kpp5/8[] b - -', [[3, 5312]]],
  ['zh-drops', 'crazyhouse', '2k5/8/8/8/8/8/8/4K3[Qn] w - -', [[1, 67], [2, 3083], [3, 88634]]],
  ['zh-drops-9th-rank', 'crazyhouse', '2k5/8/8/8/8/8/8/4K3/Qn w - -', [[3, 88634]]],
  ['zh-middlegame', 'crazyhouse', 'r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[] b KQkq -', [[1, 42], [2, 1347], [3, 58057]]],
  ['zh-promoted', 'crazyhouse', '4k3/1Q~6/8/8/4b3/8/Kpp5/8/ b - -', [[1, 20], [2, 360], [3, 5445]]],
  ['zh-midgame', 'crazyhouse', '2rn1b1r/1pp2n1p/B1PBk1pP/5p1P/P5p1/2P2RP1/RP1QNP2/1NBK4[QPp] w - -', [[1, 99], [2, 3932]]],
  ['kiwipete', 'bughouse', 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -', [[1, 48], [2, 2039], [3, 97862]]],
]

describe('perft', () => {
  for (const [id, flavour, epd, depths] of CASES) {
    const opts = { crazyhouse: flavour === 'crazyhouse' }
    it(`${id} (${flavour})`, () => {
      const board = new Board(epd, opts)
      for (const [depth, nodes] of depths) {
        assert.equal(board.perft(depth), nodes, `Board.perft(${depth})`)
        assert.equal(perft(epd, depth, opts), nodes, `perft(fen, ${depth})`)
      }
    })
  }

  it('depth 0 is one node; the flavour defaults to bughouse', () => {
    assert.equal(perft('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq -', 0), 1)
    // Bughouse and crazyhouse first differ at depth 3 here (captures refill pockets).
    const mid = 'r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[] b KQkq -'
    assert.equal(perft(mid, 3), 54040)
    assert.equal(perft(mid, 3, {}), 54040)
    assert.equal(perft(mid, 3, { crazyhouse: false }), 54040)
  })

  it('the board is unchanged by perft', () => {
    const b = new Board()
    b.perft(3)
    assert.equal(b.fen(), 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1')
  })

  it('throws ERR_OUT_OF_RANGE for a depth that is not an integer from 0 to 32', () => {
    const b = new Board()
    for (const bad of [-1, 1.5, 33, 2 ** 32, -(2 ** 32) + 1, NaN, Infinity, -Infinity, Number.MAX_SAFE_INTEGER]) {
      throwsCode(() => b.perft(bad), 'ERR_OUT_OF_RANGE', /depth/)
      throwsCode(() => perft('4k3/8/8/8/8/8/8/4K3[] w - - 0 1', bad), 'ERR_OUT_OF_RANGE', /depth/)
    }
    assert.throws(() => b.perft('3'), Error)
  })

  it('a deep perft of a position with no moves returns at once', () => {
    // Checkmated: no moves at any depth, so depth 32 is instant.
    assert.equal(perft('6Rk/7p/8/8/8/8/8/4K1R1[] b - - 0 1', 32), 0)
  })

  it('perft() throws ERR_INVALID_FEN', () => {
    throwsCode(() => perft('junk', 1), 'ERR_INVALID_FEN')
  })
})
