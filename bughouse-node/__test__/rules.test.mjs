// Rules by id (RULES.md): R10, R12, R16, R17, R18, through the Node API.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'

import { Board } from '../index.mjs'
import { throwsCode } from './helpers.mjs'

describe('R10: pawns are never dropped on rank 1 or 8', () => {
  it('r10_no_pawn_drop_on_back_ranks_in_legal_moves', () => {
    const b = new Board('4k3/8/8/8/8/8/8/4K3[P] w - - 0 1')
    const drops = b.legalMoves().filter((m) => m.startsWith('P@'))
    assert.equal(drops.length, 48) // every empty square of ranks 2 to 7
    assert.ok(drops.every((m) => !/[18]$/.test(m)))
  })

  it('r10_pawn_drop_on_back_rank_is_illegal', () => {
    const b = new Board('4k3/8/8/8/8/8/8/4K3[P] w - - 0 1')
    throwsCode(() => b.push('P@a8'), 'ERR_ILLEGAL_MOVE', /R10/)
    throwsCode(() => b.push('P@h1'), 'ERR_ILLEGAL_MOVE', /R10/)
    assert.equal(b.push('P@a7'), 'P@a7')
  })
})

describe('R12: drops may give check and checkmate', () => {
  it('r12_knight_drop_gives_check', () => {
    const b = new Board('4k3/8/8/8/8/8/8/4K3[N] w - - 0 1')
    b.push('N@d6')
    assert.equal(b.isCheck(), true)
  })

  it('r12_pawn_drop_mates', () => {
    // The pawn on g7 is guarded by the knight; the king is walled in.
    const b = new Board('6bk/7p/4N3/8/8/8/8/4K3[P] w - - 0 1')
    b.push('P@g7')
    assert.equal(b.isCheck(), true)
    assert.equal(b.dropCouldBlockCheck(), false)
    assert.equal(b.isCheckmate(), true)
    assert.deepEqual(b.legalMoves(), [])
  })
})

describe('R16: bughouse checkmate', () => {
  it('r16_knight_check_is_mate', () => {
    // Smothered: a knight check cannot be blocked.
    const b = new Board('6rk/6pp/8/8/8/8/8/4K3[N] w - - 0 1')
    b.push('N@f7')
    assert.equal(b.isCheckmate(), true)
    assert.equal(b.isWaiting(), false)
  })

  it('r16_contact_rook_check_is_mate', () => {
    const b = new Board('6Rk/7p/8/8/8/8/8/4K1R1[] b - - 0 1')
    assert.equal(b.isCheck(), true)
    assert.equal(b.dropCouldBlockCheck(), false)
    assert.equal(b.isCheckmate(), true)
  })

  it('r16_contact_check_by_an_unguarded_rook_is_not_mate', () => {
    // The g7 pawn cuts the rook off from its guard: the king takes it.
    const b = new Board('6Rk/6pp/8/8/8/8/8/4K1R1[] b - - 0 1')
    assert.equal(b.isCheckmate(), false)
    assert.deepEqual(b.legalMoves(), ['h8g8'])
  })

  it('r16_double_check_is_mate_even_if_one_checker_is_blockable', () => {
    const b = new Board('R6k/5Npp/8/8/8/8/8/4K3[] b - - 0 1')
    assert.equal(b.isCheck(), true)
    assert.equal(b.dropCouldBlockCheck(), false)
    assert.equal(b.isCheckmate(), true)
  })

  it('r16_a_legal_drop_block_means_no_mate', () => {
    const b = new Board('R5k1/5ppp/8/8/8/8/8/4K3[n] b - - 0 1')
    assert.equal(b.isCheckmate(), false)
    assert.ok(b.legalMoves().every((m) => m.startsWith('N@')))
    assert.equal(b.legalMoves().length, 5) // b8 … f8
  })
})

describe('R17: a check a drop could block is never mate', () => {
  it('r17_blockable_check_with_empty_pocket_is_not_mate', () => {
    const b = new Board('R5k1/5ppp/8/8/8/8/8/4K3[] b - - 0 1')
    assert.equal(b.isCheck(), true)
    assert.deepEqual(b.legalMoves(), [])
    assert.equal(b.dropCouldBlockCheck(), true)
    assert.equal(b.isCheckmate(), false)
    assert.equal(b.isWaiting(), true)
  })

  it('r17_only_pawn_in_pocket_and_blocks_on_rank_8_is_not_mate', () => {
    const b = new Board('R5k1/5ppp/8/8/8/8/8/4K3[p] b - - 0 1')
    assert.deepEqual(b.legalMoves(), [])
    assert.equal(b.isCheckmate(), false)
    assert.equal(b.isWaiting(), true)
  })
})

describe('R18: no stalemate, the side waits', () => {
  it('r18_stalemate_is_waiting', () => {
    const b = new Board('7k/5Q2/6K1/8/8/8/8/8[] b - - 0 1')
    assert.equal(b.isCheck(), false)
    assert.deepEqual(b.legalMoves(), [])
    assert.equal(b.isWaiting(), true)
    assert.equal(b.isCheckmate(), false)
  })

  it('r18_a_piece_in_the_pocket_ends_the_wait', () => {
    const b = new Board('7k/5Q2/6K1/8/8/8/8/8[n] b - - 0 1')
    assert.equal(b.isWaiting(), false)
    assert.ok(b.legalMoves().length > 0)
  })
})
