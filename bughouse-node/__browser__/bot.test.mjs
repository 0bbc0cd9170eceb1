// The computer player in the browser: botMoveAsync in a pool of Web Workers
// (wasm/bot-pool.mjs), bounded as the addon's pool (cores − 1, 1 to 4);
// { signal } rejects at once with the addon's AbortError and frees the
// worker (terminated, replaced); play: true on a changed board rejects with
// ERR_STALE_SEARCH; the page keeps drawing frames while searches run. Bounds
// are generous for a loaded 2-core machine; speed is measured elsewhere.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { after, before, describe, it } from 'node:test'

import { serve } from '../demo/serve.mjs'
import { countWorkers, launch, open } from './chromium.mjs'

let server
let browser
before(async () => {
  server = await serve(0)
  browser = await launch()
})
after(async () => {
  await browser?.close()
  server?.close()
})

/**
 * The bot page with `cores` as navigator.hardwareConcurrency, counting the
 * Web Workers it makes (globalThis.workersMade); console errors collected.
 */
async function botPage(cores) {
  const url = `http://127.0.0.1:${server.address().port}/__browser__/bot/`
  const { page, errors } = await open(browser, url, { init: countWorkers, arg: cores })
  await page.waitForFunction(() => document.getElementById('state').textContent === 'ready')
  return { page, errors }
}

describe('botMoveAsync in the browser', () => {
  it('runs searches in parallel workers, one per core but one, and the page keeps drawing frames', async () => {
    const { page, errors } = await botPage(4)
    const seen = await page.evaluate(async () => {
      const { Game } = globalThis.bughouse
      const game = new Game({ timeControl: '-' })
      let done = 0
      const searches = ['A', 'B', 'A', 'B', 'A'].map((seat, seed) =>
        game.botMoveAsync(seat, { nodes: 150_000, seed }).then((m) => {
          done++
          return m
        }),
      )
      // Frames drawn while the searches run: the page is not blocked.
      const gaps = []
      let last = performance.now()
      let framesWhileSearching = 0
      while (done < searches.length) {
        await new Promise(requestAnimationFrame)
        const t = performance.now()
        gaps.push(t - last)
        last = t
        if (done < searches.length) framesWhileSearching++
      }
      const moves = await Promise.all(searches)
      const legal = new Set([...game.legalMoves('A'), ...game.legalMoves('B')])
      gaps.sort((x, y) => x - y)
      return {
        framesWhileSearching,
        medianGapMs: gaps[Math.floor(gaps.length / 2)],
        allLegal: moves.every((m) => legal.has(m)),
        workersMade: globalThis.workersMade,
      }
    })
    assert.ok(seen.allLegal)
    // Cores − 1 = 3 workers for five searches: the bound holds, the pool is used.
    assert.equal(seen.workersMade, 3)
    assert.ok(seen.framesWhileSearching >= 10, `only ${seen.framesWhileSearching} frames while searching`)
    assert.ok(seen.medianGapMs < 100, `median frame gap ${seen.medianGapMs.toFixed(0)} ms during the searches`)
    assert.deepEqual(errors, [])
    await page.close()
  })

  it('an AbortSignal rejects with the addon’s AbortError within 100 ms; the worker is replaced and nothing is played', async () => {
    const { page, errors } = await botPage(2)
    const seen = await page.evaluate(async () => {
      const { Game } = globalThis.bughouse
      const game = new Game({ timeControl: '-' })
      const controller = new AbortController()
      const reason = new Error('seat left')
      // Seconds of search: only an abort ends it in time.
      const pending = game.botMoveAsync('A', { nodes: 5_000_000, play: true, signal: controller.signal })
      await new Promise((resolve) => setTimeout(resolve, 100))
      const aborted = performance.now()
      controller.abort(reason)
      const e = await pending.then(
        () => null,
        (x) => x,
      )
      const ms = performance.now() - aborted
      // One worker (2 cores): had the search gone on, this one would wait seconds.
      const started = performance.now()
      const next = await game.botMoveAsync('A', { nodes: 500 })
      const nextMs = performance.now() - started
      // Already aborted: rejects before any search.
      const early = await game.botMoveAsync('A', { signal: AbortSignal.abort() }).catch((x) => x)
      return {
        name: e && e.name,
        code: e && e.code,
        causeKept: e !== null && e.cause === reason,
        message: e && e.message,
        ms,
        nextMs,
        nextLegal: game.legalMoves('A').includes(next),
        movesPlayed: game.movesPlayed,
        earlyName: early && early.name,
        workersMade: globalThis.workersMade,
      }
    })
    assert.equal(seen.name, 'AbortError')
    assert.equal(seen.code, 'ABORT_ERR')
    assert.equal(seen.message, 'botMoveAsync: the search was aborted')
    assert.ok(seen.causeKept)
    assert.ok(seen.ms <= 100, `rejected ${seen.ms.toFixed(1)} ms after abort()`)
    assert.ok(seen.nextLegal)
    assert.ok(seen.nextMs < 2_000, `the next search answered ${seen.nextMs.toFixed(0)} ms after the abort`)
    assert.equal(seen.movesPlayed, 0)
    assert.equal(seen.earlyName, 'AbortError')
    assert.equal(seen.workersMade, 2, 'the aborted search’s worker is terminated and a new one made')
    assert.deepEqual(errors, [])
    await page.close()
  })

  it('a search queued behind a busy pool is skipped on abort; the running one still answers', async () => {
    const { page, errors } = await botPage(2)
    const seen = await page.evaluate(async () => {
      const { Game } = globalThis.bughouse
      const game = new Game({ timeControl: '-' })
      const busy = game.botMoveAsync('A', { nodes: 100_000 })
      const controller = new AbortController()
      const queued = game.botMoveAsync('A', { nodes: 100_000, signal: controller.signal })
      controller.abort()
      const e = await queued.catch((x) => x)
      const m = await busy
      return { name: e.name, answered: game.legalMoves('A').includes(m), workersMade: globalThis.workersMade }
    })
    assert.equal(seen.name, 'AbortError')
    assert.ok(seen.answered)
    assert.equal(seen.workersMade, 1)
    assert.deepEqual(errors, [])
    await page.close()
  })

  it('play: true on a board that changed during the search rejects with ERR_STALE_SEARCH and plays nothing', async () => {
    const { page, errors } = await botPage(null)
    const seen = await page.evaluate(async () => {
      const { Game } = globalThis.bughouse
      const game = new Game({ timeControl: '-' })
      const pending = game.botMoveAsync('A', { nodes: 20_000, play: true })
      game.push('A', 'e4')
      game.push('a', 'e5')
      const e = await pending.catch((x) => x)
      const played = await game.botMoveAsync('A', { nodes: 500, play: true })
      return { code: e.code, message: e.message, moves: game.moves(), played }
    })
    assert.equal(seen.code, 'ERR_STALE_SEARCH')
    assert.match(seen.message, /nothing was played/)
    assert.equal(seen.moves.length, 3)
    assert.deepEqual(seen.moves[2].move, seen.played)
    assert.deepEqual(errors, [])
    await page.close()
  })
  it('timeMs bounds a search by wall time in the worker, with the addon’s refusals', async (t) => {
    const { page, errors } = await botPage(null)
    const seen = await page.evaluate(async () => {
      const { Game } = globalThis.bughouse
      const game = new Game({ timeControl: '-' })
      const code = (f) => {
        try {
          f()
          return null
        } catch (e) {
          return e.code
        }
      }
      const refusals = [0, -1, 1.5, Number.NaN, 2 ** 53].map((timeMs) => code(() => game.botMove('A', { timeMs })))
      if (refusals.every((c) => c === null)) return { read: false }
      // timeMs alone: unbounded in nodes, only the clock ends the search.
      const started = performance.now()
      const m = await game.botMoveAsync('A', { timeMs: 100 })
      const ms = performance.now() - started
      return { read: true, refusals, wrongType: code(() => game.botMove('A', { timeMs: '40' })), ms, legal: game.legalMoves('A').includes(m) }
    })
    await page.close()
    if (!seen.read) {
      // The WebAssembly engine does not read timeMs yet (wasm/gaps.mjs):
      // this test says so instead of passing.
      t.todo('the WebAssembly build ignores opts.timeMs (wasm/src/bot.rs)')
      return
    }
    assert.deepEqual(seen.refusals, Array(5).fill('ERR_OUT_OF_RANGE'))
    assert.equal(seen.wrongType, 'ERR_INVALID_ARG_TYPE')
    assert.ok(seen.legal)
    assert.ok(seen.ms < 1_500, `a 100 ms search answered after ${seen.ms.toFixed(0)} ms`)
    assert.deepEqual(errors, [])
  })

  it('a lone crazyhouse board: botMove and botMoveAsync (in a worker) give the core’s and Python’s answers', async () => {
    const table = JSON.parse(readFileSync(new URL('../../bughouse-core/tests/data/board_bot.json', import.meta.url), 'utf8'))
    const { page, errors } = await botPage(2)
    const seen = await page.evaluate(async (cases) => {
      const { Board } = globalThis.bughouse
      const answers = []
      for (const c of cases) {
        const board = new Board(c.fen, { crazyhouse: c.crazyhouse })
        const opts = { nodes: c.nodes, seed: c.seed }
        answers.push([board.botMove(opts), await board.botMoveAsync(opts)])
      }
      // play: true pushes; a push during the search makes it stale.
      const board = new Board(undefined, { crazyhouse: true })
      const played = await board.botMoveAsync({ nodes: 500, play: true })
      const pending = board.botMoveAsync({ nodes: 20_000, play: true })
      board.push(board.legalMoves()[0])
      const stale = await pending.catch((e) => e.code)
      const refused = (() => {
        try {
          board.botMove({ atMs: 5, play: true })
        } catch (e) {
          return e.code
        }
      })()
      return { answers, played, history: board.history(), stale, refused }
    }, table.cases)
    assert.deepEqual(
      seen.answers,
      table.cases.map((c) => [c.move, c.move]),
    )
    assert.equal(seen.history.length, 2)
    assert.equal(seen.history[0], seen.played)
    assert.equal(seen.stale, 'ERR_STALE_SEARCH')
    assert.equal(seen.refused, 'ERR_INVALID_ARG_VALUE')
    assert.deepEqual(errors, [])
    await page.close()
  })
})
