// The table of bad calls shared with the core and the Python package
// (bughouse-core/tests/data/bad_calls.json): each throws an Error whose
// `code` is the table's (the same code Python gives as `exception.code`)
// and changes nothing.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { describe, it } from 'node:test'

import { Board, Game } from '../index.mjs'

const table = JSON.parse(readFileSync(new URL('../../bughouse-core/tests/data/bad_calls.json', import.meta.url), 'utf8'))

function newGame(spec) {
  const opts = {}
  if ('mode' in spec) opts.mode = spec.mode
  if ('time_control' in spec) opts.timeControl = spec.time_control === null ? '-' : spec.time_control
  if ('humans' in spec) opts.humans = spec.humans
  if ('bfen' in spec) opts.bfen = spec.bfen
  if ('move_cap' in spec) opts.moveCap = spec.move_cap
  return new Game(opts)
}

function call(game, [kind, ...args]) {
  const at = (v) => (v === null ? undefined : v)
  switch (kind) {
    case 'board':
      return new Board(args[0])
    case 'board_san': {
      const board = new Board(args[0])
      const before = board.fen()
      try {
        return board.push(args[1])
      } finally {
        assert.equal(board.fen(), before)
      }
    }
    case 'push':
      return game.push(args[0], args[1], at(args[2]))
    case 'sit':
      return game.sit(args[0])
    case 'tick':
      return game.tick(args[0])
    case 'resign':
      return game.resign(args[0], at(args[1]))
    case 'abandon':
      return game.abandon(args[0], at(args[1]))
    case 'offer_draw':
      return game.offerDraw(args[0])
    case 'withdraw_draw':
      return game.withdrawDraw(args[0])
    default:
      throw new Error(`unknown call ${kind}`)
  }
}

describe('bad calls: one code per mistake, the same as Python and the core', () => {
  for (const c of table.cases) {
    it(c.name, () => {
      const spec = c.game ?? {}
      let error
      if (c.call.length === 1 && c.call[0] === 'new') {
        assert.throws(() => newGame(spec), (e) => ((error = e), true))
      } else {
        const game = newGame(spec)
        for (const before of c.before ?? []) call(game, before)
        const saved = game.bfen()
        const history = JSON.stringify(game.history())
        const wasOver = game.isOver()
        assert.throws(() => call(game, c.call), (e) => ((error = e), true))
        if (!(c.code === 'ERR_GAME_OVER' && !wasOver)) {
          assert.equal(game.bfen(), saved)
          assert.equal(JSON.stringify(game.history()), history)
        }
      }
      assert.ok(error instanceof Error)
      assert.equal(error.code, c.code, error.message)
      assert.ok(error.message.length < 300)
    })
  }
})
