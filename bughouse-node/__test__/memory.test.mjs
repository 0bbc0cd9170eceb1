// Native memory is honest: a new game holds a few hundred bytes until it is
// used, a built game's 65 KiB are reported to V8 (process.memoryUsage()
// .external) and given back by dispose() or the collector, and readBpgn
// builds a record's game only when asked.
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { describe, it } from 'node:test'
import { fileURLToPath } from 'node:url'

import { Game, readBpgn } from '../index.mjs'
import { throwsCode } from './helpers.mjs'

const INDEX = fileURLToPath(new URL('../index.js', import.meta.url))
// V8's count of external memory, read through the addon (see src/game.rs).
const EXTERNAL = `require(${JSON.stringify(INDEX)}); const { _externalMemory: external } = require(require.resolve(${JSON.stringify(INDEX)}).replace(/index\\.js$/, '') + (require('node:fs').existsSync(${JSON.stringify(INDEX.replace(/index\.js$/, 'bughouse.node'))}) ? 'bughouse.node' : require(${JSON.stringify(INDEX.replace(/index\.js$/, 'scripts/platform.cjs'))}).prebuiltName()));`

/** Runs `source` in a fresh node with the package as `bughouse`; its stdout as JSON. */
function child(source, args = []) {
  const r = spawnSync(process.execPath, [...args, '-e', `const bughouse = require(${JSON.stringify(INDEX)});${source}`], {
    encoding: 'utf8',
    timeout: 120_000,
  })
  assert.equal(r.status, 0, r.stderr)
  return JSON.parse(r.stdout)
}

describe('memory', () => {
  it('1e5 new Game() in a synchronous loop stay under 200 MB RSS', () => {
    const { rss } = child(`
      let last
      for (let i = 0; i < 1e5; i++) last = new bughouse.Game()
      console.log(JSON.stringify({ rss: process.memoryUsage().rss, ok: last.legalMoves('A').length }))
    `)
    assert.ok(rss < 200e6, `RSS ${(rss / 1e6).toFixed(0)} MB`)
  })

  it('a built game reports its native size to V8, and dispose() gives it back', () => {
    const { built, disposed, perGame } = child(`${EXTERNAL}
      const base = external()
      const games = []
      for (let i = 0; i < 1000; i++) { const g = new bughouse.Game({ timeControl: '-' }); g.push('A', 'e4'); games.push(g) }
      const built = external() - base
      for (const g of games) g.dispose()
      const disposed = external() - base
      console.log(JSON.stringify({ built, disposed, perGame: built / 1000 }))
    `)
    assert.ok(perGame > 60_000 && perGame < 80_000, `${perGame} bytes reported per game`)
    assert.ok(disposed < built / 100, `${disposed} bytes still reported after dispose()`)
  })

  it('games nobody disposes are collected once the loop yields', () => {
    // No gc() call: V8 collects by itself, counting the reported memory.
    const { rss } = child(`
      const round = () => { for (let i = 0; i < 1e4; i++) new bughouse.Game({ timeControl: '-' }).push('A', 'e4') }
      let n = 0
      const next = () => { if (n++ < 5) { round(); setImmediate(next) } else setImmediate(() => console.log(JSON.stringify({ rss: process.memoryUsage().rss }))) }
      next()
    `)
    // 5e4 built games are 3.2 GB; kept alive they would not fit.
    assert.ok(rss < 1e9, `RSS ${(rss / 1e6).toFixed(0)} MB`)
  })

  it('dispose() and Symbol.dispose: every later call throws ERR_DISPOSED; twice is fine', () => {
    const game = new Game({ timeControl: '-' })
    game.push('A', 'e4')
    const copy = game.copy()
    game.dispose()
    game.dispose()
    for (const call of [() => game.push('a', 'e5'), () => game.bfen(), () => game.moves(), () => game.copy(), () => game.mode, () => game.botMove('a')]) {
      throwsCode(call, 'ERR_DISPOSED')
    }
    // The copy is a game of its own.
    assert.equal(copy.push('a', 'e5'), 'e7e5')
    // What `using scoped = new Game()` does at the end of its block (Node 20
    // has Symbol.dispose, not yet the syntax).
    const scoped = new Game()
    assert.equal(scoped.isOver(), false)
    scoped[Symbol.dispose]()
    throwsCode(() => scoped.isOver(), 'ERR_DISPOSED')
    // A game never used may be disposed too.
    const fresh = new Game()
    fresh[Symbol.dispose]()
    throwsCode(() => fresh.legalMoves('A'), 'ERR_DISPOSED')
  })

  it('readBpgn builds a record game only when read', () => {
    const { built, afterRead } = child(`${EXTERNAL}
      const game = new bughouse.Game({ timeControl: '-' })
      game.push('A', 'e4')
      game.push('a', 'e5')
      const text = game.bpgn().repeat(2000)
      const base = external()
      const records = bughouse.readBpgn(text)
      const built = external() - base
      const first = records[0].game.moves().length
      const afterRead = external() - base
      console.log(JSON.stringify({ built, afterRead, first }))
    `)
    assert.ok(built < 10e6, `${built} bytes for 2000 records before any .game`)
    assert.ok(afterRead - built > 60_000, 'a record game, once read, is reported')
  })
})
