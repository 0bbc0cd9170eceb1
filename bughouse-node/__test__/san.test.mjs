// SAN (N3) on one board: legalMovesSan(), san(), parseSan() and SAN input to push().
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'

import { Board } from '../index.mjs'
import { START, throwsCode } from './helpers.mjs'

// Positions with castling, promotions, drops, checks, disambiguation and en passant.
const POSITIONS = [
  START,
  'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R[] w KQkq - 0 1',
  'r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[NBPnbp] b KQkq - 0 1',
  '4k3/1P6/8/8/8/8/p7/4K3[QRBNPqrbnp] w - - 0 1',
  '4k3/8/8/3pP3/8/5N2/8/1N2K3[] w - d6 0 2',
  'R5k1/5ppp/8/8/8/8/8/4K3[n] b - - 0 1',
]

describe('legalMovesSan', () => {
  it('lists the 20 opening moves in SAN', () => {
    assert.deepEqual(new Board().legalMovesSan().sort(), [
      'Na3', 'Nc3', 'Nf3', 'Nh3',
      'a3', 'a4', 'b3', 'b4', 'c3', 'c4', 'd3', 'd4', 'e3', 'e4', 'f3', 'f4', 'g3', 'g4', 'h3', 'h4',
    ])
  })

  it('lists moves in the order of legalMoves(), each the san() of its UCI', () => {
    for (const fen of POSITIONS) {
      const b = new Board(fen)
      const uci = b.legalMoves()
      const san = b.legalMovesSan()
      assert.equal(san.length, uci.length, fen)
      assert.equal(new Set(san).size, san.length, `${fen}: SAN must tell every move apart`)
      uci.forEach((m, i) => {
        assert.equal(san[i], b.san(m), `${fen} ${m}`)
        // And each SAN reads back to its move (N3 round trip).
        assert.equal(b.parseSan(san[i]), m, `${fen} ${san[i]}`)
      })
      assert.equal(b.fen(), new Board(fen).fen())
    }
  })

  it('writes drops with their piece letter, pawns included (P@e4)', () => {
    const san = new Board('4k3/8/8/8/8/8/8/4K3[NP] w - - 0 1').legalMovesSan()
    assert.ok(san.includes('N@f3'))
    assert.ok(san.includes('P@e4'))
    assert.ok(!san.some((m) => m.startsWith('@')))
    assert.ok(san.includes('N@d6+'))
  })

  it('is empty when the side to move cannot move (R18)', () => {
    assert.deepEqual(new Board('7k/5Q2/6K1/8/8/8/8/8[] b - - 0 1').legalMovesSan(), [])
  })
})

describe('san', () => {
  it('writes pieces, captures, castling, promotions and checks', () => {
    const b = new Board('r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R[] w KQkq - 0 1')
    assert.equal(b.san('e1g1'), 'O-O')
    assert.equal(b.san('e1c1'), 'O-O-O')
    assert.equal(b.san('e5f7'), 'Nxf7')
    assert.equal(b.san('d5e6'), 'dxe6')
    assert.equal(b.san('f3f6'), 'Qxf6')
    assert.equal(b.san('g2h3'), 'gxh3')
    const p = new Board('4k3/1P6/8/8/8/8/8/4K3[] w - - 0 1')
    assert.equal(p.san('b7b8q'), 'b8=Q+')
    assert.equal(p.san('b7b8n'), 'b8=N')
  })

  it('adds the file or rank only when needed', () => {
    const b = new Board('4k3/8/8/8/8/5N2/8/1N2K3[] w - - 0 1')
    assert.equal(b.san('b1d2'), 'Nbd2')
    assert.equal(b.san('f3d2'), 'Nfd2')
    assert.equal(b.san('b1c3'), 'Nc3')
    const r = new Board('4k3/R7/8/8/8/8/8/R3K3[] w - - 0 1')
    assert.equal(r.san('a1a4'), 'R1a4')
    assert.equal(r.san('a7a4'), 'R7a4')
  })

  it('writes # only for a bughouse mate (R16, R17)', () => {
    // Smothered: a knight check cannot be blocked: mate.
    assert.equal(new Board('6rk/6pp/8/8/8/8/8/4K3[N] w - - 0 1').san('N@f7'), 'N@f7#')
    // A back-rank check with empty squares between: a drop could block it,
    // even with nothing in Black's pocket: only check.
    assert.equal(new Board('6k1/5ppp/8/8/8/8/8/4K3[R] w - - 0 1').san('R@e8'), 'R@e8+')
  })

  it('accepts SAN too and writes it back canonically', () => {
    const b = new Board('4k3/8/8/8/8/8/8/4K3[P] w - - 0 1')
    assert.equal(b.san('@e4'), 'P@e4')
    assert.equal(b.san('P*e4'), 'P@e4')
    assert.equal(b.san('P@e4'), 'P@e4')
  })

  it('throws the codes of push and changes nothing', () => {
    const b = new Board()
    throwsCode(() => b.san('e2e5'), 'ERR_ILLEGAL_MOVE', /e2/)
    throwsCode(() => b.san('Nf6'), 'ERR_ILLEGAL_MOVE')
    throwsCode(() => b.san('N@f3'), 'ERR_ILLEGAL_MOVE', /pocket/)
    throwsCode(() => b.san('zz'), 'ERR_INVALID_MOVE')
    throwsCode(() => b.san(''), 'ERR_INVALID_MOVE')
    const pinned = new Board('4k3/4r3/8/8/8/8/4B3/4K3[] w - - 0 1')
    throwsCode(() => pinned.san('e2d3'), 'ERR_ILLEGAL_MOVE', /R13/)
    assert.equal(b.fen(), START)
  })
})

describe('push with SAN', () => {
  it('plays SAN and returns the UCI', () => {
    const b = new Board()
    assert.equal(b.push('e4'), 'e2e4')
    assert.equal(b.push('e5'), 'e7e5')
    assert.equal(b.push('Nf3'), 'g1f3')
    assert.equal(b.push('Nc6'), 'b8c6')
    assert.equal(b.pop(), 'b8c6')
    assert.equal(b.pop(), 'g1f3')
  })

  it('reads the tolerant forms of real archives', () => {
    const drops = new Board('4k3/8/8/8/8/8/8/4K3[NP] w - - 0 1')
    for (const [text, uci] of [['@e4', 'P@e4'], ['P*e4', 'P@e4'], ['n@f3', 'N@f3'], ['N@f3+', 'N@f3'], ['P@e4!?', 'P@e4']]) {
      assert.equal(drops.push(text), uci, text)
      drops.pop()
    }
    const castle = new Board('r3k2r/8/8/8/8/8/8/R3K2R[] w KQkq - 0 1')
    for (const [text, uci] of [['0-0', 'e1g1'], ['O-O-O', 'e1c1'], ['o-o', 'e1g1']]) {
      assert.equal(castle.push(text), uci, text)
      castle.pop()
    }
    const promo = new Board('4k3/P7/8/8/8/8/8/4K3[] w - - 0 1')
    for (const [text, uci] of [['a8=Q', 'a7a8q'], ['a8Q', 'a7a8q'], ['a8=n', 'a7a8n'], ['a8=R+', 'a7a8r']]) {
      assert.equal(promo.push(text), uci, text)
      promo.pop()
    }
  })

  it('plays en passant from SAN', () => {
    const b = new Board('4k3/8/8/3pP3/8/8/8/4K3[] w - d6 0 2')
    assert.equal(b.push('exd6'), 'e5d6')
    assert.equal(b.pieceAt('d5'), null)
  })

  it('throws ERR_AMBIGUOUS_MOVE for SAN that fits two moves, naming both', () => {
    const b = new Board('4k3/8/8/8/8/5N2/8/1N2K3[] w - - 0 1')
    const before = b.fen()
    throwsCode(() => b.push('Nd2'), 'ERR_AMBIGUOUS_MOVE', /b1d2.*f3d2|f3d2.*b1d2/)
    throwsCode(() => b.san('Nd2'), 'ERR_AMBIGUOUS_MOVE')
    throwsCode(() => b.parseSan('Nd2'), 'ERR_AMBIGUOUS_MOVE')
    assert.equal(b.fen(), before)
    assert.equal(b.push('Nbd2'), 'b1d2')
  })

  it('throws ERR_ILLEGAL_MOVE for well-formed SAN naming no legal move, with the reason', () => {
    const b = new Board()
    throwsCode(() => b.push('Nf6'), 'ERR_ILLEGAL_MOVE', /no white knight can go to f6/)
    throwsCode(() => b.push('O-O'), 'ERR_ILLEGAL_MOVE', /castling/)
    throwsCode(() => b.push('Qxd7'), 'ERR_ILLEGAL_MOVE')
    throwsCode(() => b.push('P@e4'), 'ERR_ILLEGAL_MOVE', /pocket/)
    const promo = new Board('4k3/P7/8/8/8/8/8/4K3[] w - - 0 1')
    throwsCode(() => promo.push('a8'), 'ERR_ILLEGAL_MOVE', /promote/)
    const pawn = new Board('4k3/8/8/8/8/8/8/4K3[P] w - - 0 1')
    throwsCode(() => pawn.push('P@d8'), 'ERR_ILLEGAL_MOVE', /R10/)
    assert.equal(b.fen(), START)
  })

  it('throws ERR_INVALID_MOVE for text that is neither UCI nor SAN, quoting it', () => {
    const b = new Board()
    throwsCode(() => b.push('Nf9'), 'ERR_INVALID_MOVE', /['"]Nf9['"]/)
    throwsCode(() => b.push('hello'), 'ERR_INVALID_MOVE', /byte/)
  })

  it('parseSan names the move without playing it', () => {
    const b = new Board()
    assert.equal(b.parseSan('Nf3'), 'g1f3')
    assert.equal(b.parseSan('e2e4'), 'e2e4')
    assert.equal(b.fen(), START)
    throwsCode(() => b.parseSan('Nf6'), 'ERR_ILLEGAL_MOVE')
  })
})
