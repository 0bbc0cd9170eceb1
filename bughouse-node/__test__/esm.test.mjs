// Both module systems see the same API: `require('bughouse')` and
// `import { Board } from 'bughouse'` (the package's exports map, reached here
// through a self-reference by name).
import assert from 'node:assert/strict'
import { createRequire } from 'node:module'
import { describe, it } from 'node:test'

import * as esm from '../index.mjs'
import * as byName from 'bughouse'

const require = createRequire(import.meta.url)

describe('module entry points', () => {
  it('index.mjs re-exports every export of index.js', () => {
    const cjs = require('../index.js')
    const named = Object.keys(esm).filter((k) => k !== 'default').sort()
    assert.deepEqual(named, Object.keys(cjs).sort())
    for (const k of named) assert.equal(esm[k], cjs[k], k)
    assert.equal(esm.default, cjs)
  })

  it("the package name resolves for import and require, to the same classes", () => {
    const cjs = require('bughouse')
    assert.equal(byName.Board, cjs.Board)
    assert.equal(byName.perft, cjs.perft)
    assert.equal(byName.Game, cjs.Game)
    assert.equal(byName.readBpgn, cjs.readBpgn)
    assert.equal(new byName.Board().legalMoves().length, 20)
    // Methods index.js adds to the classes are there whichever way they load.
    for (const name of ['legalMoves', 'botMove', 'botMoveAsync']) assert.equal(typeof byName.Game.prototype[name], 'function', name)
  })

  it('exports exactly the public API, nothing internal', () => {
    assert.deepEqual(Object.keys(require('bughouse')).sort(), ['Board', 'Game', 'perft', 'readBpgn', 'readBpgnStream'])
    assert.deepEqual(Object.keys(esm).sort(), ['Board', 'Game', 'default', 'perft', 'readBpgn', 'readBpgnStream'])
  })
})
