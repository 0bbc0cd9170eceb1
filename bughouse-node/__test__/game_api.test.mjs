// The game API a server or a browser follows a game by (issue 17): the log,
// exact save and restore through the core (toJSON / fromJSON, BPGN), undo.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'

import { Game, readBpgn } from '../index.mjs'
import { throwsCode } from './helpers.mjs'

describe('log, toJSON / fromJSON and undo', () => {
  it('JSON round trip gives an equal game that plays on the same', () => {
    const g = new Game({ timeControl: { baseMs: 10000, incrementMs: 500 } })
    g.push('A', 'e4', 1000)
    g.offerDraw('B')
    g.tick(1500)
    g.push('B', 'd4', 2000)
    const json = JSON.parse(JSON.stringify(g))
    assert.equal(json.timeControl, '10+0.5')
    assert.deepEqual(json.log.map((e) => e.kind), ['move', 'move'])
    assert.equal(json.log[1].offers, 'B', 'the move keeps the offer it cleared')
    const back = Game.fromJSON(json)
    assert.deepEqual(back.toJSON(), g.toJSON())
    assert.equal(back.bfen(), g.bfen())
    assert.equal(back.clock('A', 5000), g.clock('A', 5000))
    back.push('a', 'e5', 3000)
    g.push('a', 'e5', 3000)
    assert.deepEqual(back.toJSON(), g.toJSON())
  })

  it('a flag found by a refused move is logged as a tick at the flag', () => {
    const g = new Game({ timeControl: { baseMs: 5000, incrementMs: 0 } })
    throwsCode(() => g.push('A', 'e4', 9000), 'ERR_GAME_OVER')
    assert.deepEqual(g.log().at(-1), { seat: null, kind: 'tick', move: null, atMs: 5000, clockMs: null, offers: '' })
    assert.deepEqual(Game.fromJSON(g.toJSON()).outcome(), g.outcome())
  })

  it('undo takes back the last action exactly; null when nothing was played', () => {
    const g = new Game({ timeControl: '-' })
    assert.equal(g.undo(), null)
    g.push('A', 'e4')
    const before = g.toJSON()
    g.resign('b')
    assert.equal(g.isOver(), true)
    assert.equal(g.undo().kind, 'resign')
    assert.equal(g.isOver(), false)
    assert.deepEqual(g.toJSON(), before)
  })

  it('BPGN round trip keeps the exact game', () => {
    const g = new Game({ timeControl: '60+0', humans: 'Ab' })
    g.push('A', 'e4', 700)
    g.offerDraw('b')
    g.resign('B', 1200)
    const [rec] = readBpgn(g.bpgn())
    assert.equal(rec.error, null)
    assert.deepEqual(rec.game.toJSON(), g.toJSON())
  })

  it('fromJSON refuses a log that does not follow, naming the entry', () => {
    const g = new Game().toJSON()
    g.log = [{ seat: 'A', kind: 'move', move: 'e2e5', atMs: 0, clockMs: null, offers: '' }]
    throwsCode(() => Game.fromJSON(g), 'ERR_INVALID_ARG_VALUE', /log entry 0/)
    g.log = [{ seat: 'A', kind: 'dance', move: null, atMs: 0, clockMs: null, offers: '' }]
    throwsCode(() => Game.fromJSON(g), 'ERR_INVALID_ARG_VALUE', /kind/)
  })
})
