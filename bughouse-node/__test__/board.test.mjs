// Board: the single-board API over bughouse-core.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'

import { Board } from '../index.mjs'
import { START, throwsCode } from './helpers.mjs'

describe('constructor and fen', () => {
  it('starts from the standard position with empty pockets (R4)', () => {
    const b = new Board()
    assert.equal(b.fen(), START)
    assert.equal(b.turn, 'white')
    assert.deepEqual(b.pocket('white'), { pawn: 0, knight: 0, bishop: 0, rook: 0, queen: 0 })
  })

  it('null and undefined mean the start; options may come alone', () => {
    assert.equal(new Board(null).fen(), START)
    assert.equal(new Board(undefined, { crazyhouse: true }).fen(), START)
    assert.equal(new Board(undefined, {}).fen(), START)
  })

  it('N1: reads pockets and promoted marks, writes the canonical form', () => {
    const fen = 'r3k2r/8/8/8/8/8/8/R2Q~K2R[QNPnp] w KQkq - 3 20'
    assert.equal(new Board(fen).fen(), fen)
    // The 9th-rank pocket form is accepted on input and written with brackets.
    assert.equal(
      new Board('4k3/8/8/8/8/8/8/4K3/Qn w - - 0 1').fen(),
      '4k3/8/8/8/8/8/8/4K3[Qn] w - - 0 1',
    )
  })

  it('R15: writes an en passant square only when the capture is legal', () => {
    const b = new Board()
    b.push('e2e4')
    assert.equal(b.fen(), 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[] b KQkq - 0 1')
    const c = new Board('4k3/8/8/8/5p2/8/4P3/4K3[] w - - 0 1')
    c.push('e2e4')
    assert.equal(c.fen(), '4k3/8/8/8/4Pp2/8/8/4K3[] b - e3 0 1')
  })

  it('throws ERR_INVALID_FEN naming the byte and the problem', () => {
    throwsCode(() => new Board(''), 'ERR_INVALID_FEN')
    throwsCode(() => new Board('not a fen'), 'ERR_INVALID_FEN')
    throwsCode(() => new Board('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] x'), 'ERR_INVALID_FEN', /byte 46/)
    throwsCode(() => new Board('8/8/8/8/8/8/8/4K3[] w - - 0 1'), 'ERR_INVALID_FEN', /king/i)
    throwsCode(() => new Board('4k3/8/8/8/8/8/8/4K3[QQQ] w - - 0 1'), 'ERR_INVALID_FEN')
    throwsCode(() => new Board('P3k3/8/8/8/8/8/8/4K3[] w - - 0 1'), 'ERR_INVALID_FEN', /rank 1 or 8/)
  })

  it('rejects argument types napi cannot convert, with a thrown Error', () => {
    assert.throws(() => new Board(42), Error)
    assert.throws(() => new Board(undefined, { crazyhouse: 'yes' }), Error)
    assert.throws(() => new Board('4k3/8/8/8/8/8/8/4K3[] w - - 0 1', { crazyhouse: 1 }), Error)
  })
})

describe('legalMoves', () => {
  it('lists UCI moves, 20 from the start', () => {
    const moves = new Board().legalMoves()
    assert.equal(moves.length, 20)
    assert.ok(moves.includes('e2e4') && moves.includes('g1f3'))
    assert.equal(new Set(moves).size, moves.length)
  })

  it('writes drops as "N@f3" and promotions with the role letter', () => {
    const b = new Board('4k3/P7/8/8/8/8/8/4K3[N] w - - 0 1')
    const moves = b.legalMoves()
    assert.ok(moves.includes('N@f3'))
    for (const p of ['q', 'r', 'b', 'n']) assert.ok(moves.includes(`a7a8${p}`))
    // 5 king steps + 4 promotions + knight drops on the 61 empty squares.
    assert.equal(moves.length, 5 + 4 + 61)
  })

  it('writes castling as the king move e1g1', () => {
    const b = new Board('r3k2r/8/8/8/8/8/8/R3K2R[] w KQkq - 0 1')
    const moves = b.legalMoves()
    assert.ok(moves.includes('e1g1') && moves.includes('e1c1'))
  })

  it('returns a fresh array each call', () => {
    const b = new Board()
    const a = b.legalMoves()
    a.push('junk')
    assert.equal(b.legalMoves().length, 20)
  })

  it('agrees with push: every listed move can be played and taken back', () => {
    const b = new Board('r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[Nbp] b KQkq - 0 1')
    const before = b.fen()
    for (const m of b.legalMoves()) {
      assert.equal(b.push(m), m)
      assert.equal(b.pop(), m)
      assert.equal(b.fen(), before)
    }
  })
})

describe('push and pop', () => {
  it('plays UCI and returns it normalised', () => {
    const b = new Board('4k3/8/8/8/8/8/8/4K3[N] w - - 0 1')
    assert.equal(b.push('n@f3'), 'N@f3')
    assert.equal(b.turn, 'black')
    assert.deepEqual(b.pieceAt('f3'), { role: 'knight', color: 'white' })
    assert.equal(b.pocket('white').knight, 0)
  })

  it('castles, promotes and captures en passant', () => {
    const b = new Board('r3k2r/8/8/8/8/8/8/R3K2R[] w KQkq - 0 1')
    b.push('e1g1')
    assert.deepEqual(b.pieceAt('f1'), { role: 'rook', color: 'white' })
    assert.deepEqual(b.pieceAt('g1'), { role: 'king', color: 'white' })
    assert.equal(b.pieceAt('h1'), null)

    const p = new Board('4k3/P7/8/8/8/8/8/4K3[] w - - 0 1')
    p.push('a7a8n')
    assert.deepEqual(p.pieceAt('a8'), { role: 'knight', color: 'white' })
    assert.match(p.fen(), /^N~/) // R6: marked promoted

    const e = new Board('4k3/8/8/3pP3/8/8/8/4K3[] w - d6 0 2')
    e.push('e5d6')
    assert.equal(e.pieceAt('d5'), null)
  })

  it('throws ERR_INVALID_MOVE for text that is neither UCI nor SAN, changing nothing', () => {
    const b = new Board()
    for (const text of ['', 'e2e9', 'K@e4', 'e7e8k', 'e2e4x', 'hello', 'e9', 'Z@e4', 'N@', '\u0000\u0000\u0000\u0000']) {
      throwsCode(() => b.push(text), 'ERR_INVALID_MOVE')
    }
    assert.equal(b.fen(), START)
  })

  it('throws ERR_ILLEGAL_MOVE for a well-formed move the position forbids, changing nothing', () => {
    const b = new Board()
    throwsCode(() => b.push('e2e5'), 'ERR_ILLEGAL_MOVE', /e2/)
    throwsCode(() => b.push('e7e5'), 'ERR_ILLEGAL_MOVE') // not White's piece
    throwsCode(() => b.push('N@f3'), 'ERR_ILLEGAL_MOVE', /pocket/)
    // Well-formed SAN (a pawn to e2, or the long form e2e2) naming no legal move.
    throwsCode(() => b.push('e2'), 'ERR_ILLEGAL_MOVE', /e2 holds a piece/)
    throwsCode(() => b.push('e2e2'), 'ERR_ILLEGAL_MOVE')
    assert.equal(b.fen(), START)
    // R13: a move that leaves the own king in check.
    const pinned = new Board('4k3/4r3/8/8/8/8/4B3/4K3[] w - - 0 1')
    throwsCode(() => pinned.push('e2d3'), 'ERR_ILLEGAL_MOVE', /R13/)
  })

  it('pop takes back moves in order and returns their UCI', () => {
    const b = new Board()
    b.push('e2e4')
    const afterE4 = b.fen()
    b.push('e7e5')
    assert.equal(b.pop(), 'e7e5')
    assert.equal(b.fen(), afterE4)
    assert.equal(b.pop(), 'e2e4')
    assert.equal(b.fen(), START)
    throwsCode(() => b.pop(), 'ERR_EMPTY_HISTORY')
  })

  it('a failed push leaves the history alone', () => {
    const b = new Board()
    b.push('d2d4')
    throwsCode(() => b.push('d4d6'), 'ERR_ILLEGAL_MOVE')
    assert.equal(b.pop(), 'd2d4')
    throwsCode(() => b.pop(), 'ERR_EMPTY_HISTORY')
  })
})

describe('captures and pockets', () => {
  // White queen takes a black knight.
  const fen = '4k3/8/8/3n4/8/8/8/3QK3[] w - - 0 1'

  it('R5: in the bughouse flavour a captured piece leaves the board', () => {
    const b = new Board(fen)
    b.push('d1d5')
    assert.deepEqual(b.pocket('white'), { pawn: 0, knight: 0, bishop: 0, rook: 0, queen: 0 })
    assert.deepEqual(b.pocket('black'), { pawn: 0, knight: 0, bishop: 0, rook: 0, queen: 0 })
  })

  it('crazyhouse: a captured piece goes to the capturer', () => {
    const b = new Board(fen, { crazyhouse: true })
    b.push('d1d5')
    assert.deepEqual(b.pocket('white'), { pawn: 0, knight: 1, bishop: 0, rook: 0, queen: 0 })
    assert.equal(b.pop(), 'd1d5')
    assert.equal(b.pocket('white').knight, 0)
  })

  it('R6: a captured promoted piece counts as a pawn', () => {
    const b = new Board('4k3/8/8/8/8/8/8/3q~K3[] w - - 0 1', { crazyhouse: true })
    b.push('e1d1')
    assert.deepEqual(b.pocket('white'), { pawn: 1, knight: 0, bishop: 0, rook: 0, queen: 0 })
  })

  it('pocket() reads both colours and rejects other strings', () => {
    const b = new Board('4k3/8/8/8/8/8/8/4K3[QNPPbr] w - - 0 1')
    assert.deepEqual(b.pocket('white'), { pawn: 2, knight: 1, bishop: 0, rook: 0, queen: 1 })
    assert.deepEqual(b.pocket('black'), { pawn: 0, knight: 0, bishop: 1, rook: 1, queen: 0 })
    for (const bad of ['White', 'w', '', 'green']) throwsCode(() => b.pocket(bad), 'ERR_INVALID_ARG_VALUE')
    assert.throws(() => b.pocket(0), Error)
  })
})

describe('pieceAt', () => {
  it('returns role and colour, or null', () => {
    const b = new Board()
    assert.deepEqual(b.pieceAt('e1'), { role: 'king', color: 'white' })
    assert.deepEqual(b.pieceAt('d8'), { role: 'queen', color: 'black' })
    assert.deepEqual(b.pieceAt('b7'), { role: 'pawn', color: 'black' })
    assert.equal(b.pieceAt('e4'), null)
  })

  it('throws ERR_INVALID_ARG_VALUE for a bad square name', () => {
    const b = new Board()
    for (const bad of ['', 'e', 'e9', 'i1', 'E1', 'e10', 'e1 ']) throwsCode(() => b.pieceAt(bad), 'ERR_INVALID_ARG_VALUE')
  })
})

describe('status', () => {
  it('isCheck after a checking move', () => {
    const b = new Board()
    for (const m of ['e2e4', 'f7f6', 'd1h5']) b.push(m)
    assert.equal(b.isCheck(), true)
    assert.equal(b.isCheckmate(), false) // g7g6 blocks
    assert.equal(b.dropCouldBlockCheck(), true)
    assert.equal(b.isWaiting(), false)
  })
})
