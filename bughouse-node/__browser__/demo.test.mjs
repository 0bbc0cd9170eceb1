// The playable page in headless Chromium, played to the end by clicks in
// both ways of playing (the computer in the other seats), the ending message
// checked against the game's own, a screenshot kept in .artifacts/, no
// console errors. The page is a plain <script type="module"> page importing
// the package's browser entry by path.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'

import { serve } from '../demo/serve.mjs'
import { ARTIFACTS, clickMove, countWorkers, launch, open, squareOf } from './chromium.mjs'

let server
let browser
let base
before(async () => {
  server = await serve(0)
  base = `http://127.0.0.1:${server.address().port}`
  browser = await launch()
})
after(async () => {
  await browser?.close()
  server?.close()
})

/** What the page's game says now (read only). */
const state = (page) =>
  page.evaluate(() => {
    const { game, human } = globalThis.bughouseDemo
    return { over: game.isOver(), mine: game.isTurnOf(human), canSit: game.canSit(human), moves: game.legalMoves(human), outcome: game.outcome() }
  })

/** Plays a move by dragging the piece, as a person with a mouse would. */
async function dragMove(page, uci) {
  await squareOf(page, 'A', uci.slice(0, 2)).dragTo(squareOf(page, 'A', uci.slice(2, 4)))
}

async function playToTheEnd(page, limitMs, { dragFirst = false } = {}) {
  const deadline = Date.now() + limitMs
  let clicks = 0
  if (dragFirst) {
    await page.waitForFunction(() => globalThis.bughouseDemo.game.isTurnOf('A'))
    await dragMove(page, 'e2e4')
    const moved = await page.evaluate(() => globalThis.bughouseDemo.game.moves()[0])
    assert.deepEqual(moved, { seat: 'A', move: 'e2e4' })
  }
  for (;;) {
    const s = await state(page)
    if (s.over) return { outcome: s.outcome, clicks }
    assert.ok(Date.now() < deadline, 'the game did not end in time')
    if (s.mine && s.moves.length > 0) {
      // Captures and drops first, so games end sooner; else the first move.
      const move = s.moves.find((m) => m[1] === '@') ?? s.moves[clicks % s.moves.length]
      // The human is A-White: board A, its pocket the only one to drop from.
      await clickMove(page, 'A', move, clicks)
      clicks++
    } else if (s.mine && s.canSit) {
      await page.locator('#sit').click()
      clicks++
    } else await page.waitForTimeout(50)
  }
}

/**
 * The history panels say what the game's own record says: each board's
 * moves in SAN as the core's BPGN writes them (N4), and as many sits as
 * the game's history has.
 */
async function checkHistory(page) {
  const { bpgn, panel, sits } = await page.evaluate(() => {
    const game = globalThis.bughouseDemo.game
    const panel = {}
    const sits = {}
    for (const id of ['A', 'B']) {
      panel[id] = [...document.querySelectorAll(`[data-history="${id}"] .ply`)].map((e) => e.dataset.san || null)
      sits[id] = game.history().filter((a) => a.kind === 'sit' && a.seat.toUpperCase() === id).length
    }
    return { bpgn: game.bpgn(), panel, sits }
  })
  // The move text: "12A. Nf3 {clock}"; sits and clocks are comments.
  const text = bpgn
    .split('\n')
    .filter((line) => !line.startsWith('['))
    .join(' ')
    .replace(/\{[^}]*\}/g, ' ')
  const want = { A: [], B: [] }
  for (const [, seat, san] of text.matchAll(/\d+([AaBb])\.\s+(\S+)/g)) want[seat.toUpperCase()].push(san)
  for (const id of ['A', 'B']) {
    assert.ok(want[id].length > 0, `no move on board ${id}`)
    assert.deepEqual(panel[id].filter((san) => san !== null), want[id], `board ${id}'s history panel`)
    assert.equal(panel[id].filter((san) => san === null).length, sits[id], `board ${id}'s sits`)
  }
}

describe('the computer player in a Web Worker', () => {
  it('botMoveAsync leaves the page free while it searches, and answers a legal move', async () => {
    const { page, errors } = await open(browser, `${base}/demo/?mode=turn`)
    await page.waitForFunction(() => globalThis.bughouseDemo?.game)
    const r = await page.evaluate(async () => {
      const { Game } = await import('/wasm/index.browser.mjs')
      const game = new Game({ mode: 'turn', humans: '' })
      let settled = false
      const search = game.botMoveAsync('A', { nodes: 400000 }).then((m) => ((settled = true), m))
      // Were the search on this thread, no timer could fire before it ends.
      const ticks = []
      for (let i = 0; i < 5; i++) {
        const t = performance.now()
        await new Promise((resolve) => setTimeout(resolve, 0))
        ticks.push(performance.now() - t)
      }
      const during = !settled
      const move = await search
      return { during, move, legal: game.legalMoves('A'), ticks }
    })
    assert.ok(r.during, 'the search ended before the page ran a timer')
    assert.ok(r.legal.includes(r.move), r.move)
    assert.deepEqual(errors, [])
  })
})

describe('the playable page (demo/)', () => {
  it('turn-based: played to the end by clicks, the ending message names its rule', async () => {
    const { page, errors } = await open(browser, `${base}/demo/?mode=turn&cap=40&nodes=400`)
    await page.waitForFunction(() => globalThis.bughouseDemo?.game)
    const { outcome, clicks } = await playToTheEnd(page, 120_000, { dragFirst: true })
    assert.ok(clicks > 0)
    const status = await page.locator('#status').textContent()
    assert.equal(status, outcome.message)
    assert.match(status, /\((R|F)\d+\)/)
    await checkHistory(page)
    await page.screenshot({ path: new URL('demo-turn.png', ARTIFACTS).pathname, fullPage: true })
    assert.deepEqual(errors, [])
  })

  it('live: both boards at once with running clocks, played to the end by clicks', async () => {
    const { page, errors } = await open(browser, `${base}/demo/?mode=live&tc=20+0&nodes=300`)
    await page.waitForFunction(() => globalThis.bughouseDemo?.game)
    const clockBefore = await page.locator('[data-clock="A"]').textContent()
    const { outcome, clicks } = await playToTheEnd(page, 120_000)
    assert.ok(clicks > 0)
    assert.notEqual(clockBefore, '')
    const status = await page.locator('#status').textContent()
    assert.equal(status, outcome.message)
    assert.match(status, /\((R|F)\d+\)/)
    await checkHistory(page)
    await page.screenshot({ path: new URL('demo-live.png', ARTIFACTS).pathname, fullPage: true })
    assert.deepEqual(errors, [])
  })

  it('a new game aborts the searches of the old one (their workers replaced), without an error', async () => {
    // Two cores: a pool of one worker, so only an abort frees it. Searches
    // of seconds: the old game's are still running at the click.
    const { page, errors } = await open(browser, `${base}/demo/?mode=live&nodes=5000000`, { init: countWorkers, arg: 2 })
    await page.waitForFunction(() => globalThis.workersMade > 0, null, { timeout: 10_000 })
    const before = await page.evaluate(() => globalThis.workersMade)
    const startedAt = await page.evaluate(() => performance.now())
    await page.locator('#new-live').click()
    // The new game's first search needs a worker: the old one was terminated.
    await page.waitForFunction((n) => globalThis.workersMade > n, before, { timeout: 10_000 })
    const seen = await page.evaluate((t) => ({ movesPlayed: globalThis.bughouseDemo.game.movesPlayed, ms: performance.now() - t }), startedAt)
    assert.equal(seen.movesPlayed, 0)
    assert.ok(seen.ms < 5_000, `the new game's search started ${seen.ms.toFixed(0)} ms after the click`)
    assert.deepEqual(errors, [])
    await page.close()
  })

  it('drag and drop from the pocket: a pocket piece released on a legal square is dropped there', async () => {
    // A-White holds the knight its partner took from B-White (R5).
    const bfen = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[N] w KQkq - 0 1 | rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR[] w Qkq - 0 1'
    const { page, errors } = await open(browser, `${base}/demo/?mode=turn&nodes=300&bfen=${encodeURIComponent(bfen)}`)
    await page.waitForFunction(() => globalThis.bughouseDemo?.game)
    const knight = page.locator('.pocket[data-seat="A"] button[data-drop="knight"]')
    const square = (sq) => squareOf(page, 'A', sq)
    // Released on an occupied square: no drop.
    await knight.dragTo(square('e2'))
    assert.equal(await page.evaluate(() => globalThis.bughouseDemo.game.movesPlayed), 0)
    await knight.dragTo(square('e4'))
    const seen = await page.evaluate(() => ({
      first: globalThis.bughouseDemo.game.moves()[0],
      san: document.querySelector('[data-history="A"] .ply')?.textContent,
    }))
    assert.deepEqual(seen.first, { seat: 'A', move: 'N@e4' })
    assert.equal(seen.san, 'N@e4')
    assert.deepEqual(errors, [])
  })

  it('promotion: the choice is offered (and may be cancelled), the SAN, last move and check are shown', async () => {
    const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1'
    const bfen = `4k3/P7/8/8/8/8/8/4K3[] w - - 0 1 | ${START}`
    const { page, errors } = await open(browser, `${base}/demo/?mode=turn&nodes=300&bfen=${encodeURIComponent(bfen)}`)
    await page.waitForFunction(() => globalThis.bughouseDemo?.game)
    const square = (sq) => squareOf(page, 'A', sq)
    await square('a7').click()
    await square('a8').click()
    await page.locator('#promotion button[data-cancel]').click()
    assert.equal(await page.evaluate(() => globalThis.bughouseDemo.game.movesPlayed), 0)
    await square('a7').click()
    await square('a8').click()
    assert.equal(await page.locator('#promotion button[data-promotion]').count(), 4)
    await page.locator('#promotion button[data-promotion="queen"]').click()
    // Read at once, before the computer's seats reach board A again (B-White
    // and B-Black act first, each after a 150 ms pause).
    const seen = await page.evaluate(() => {
      const { game } = globalThis.bughouseDemo
      const count = (css) => document.querySelectorAll(`svg[data-board="A"] ${css}`).length
      return {
        first: game.moves()[0],
        onBoardA: game.moves().filter((m) => m.seat.toUpperCase() === 'A').length,
        checked: game.board('A').checkedKing(),
        san: document.querySelector('[data-history="A"] .ply')?.textContent,
        lastMarks: count('rect.mark.last'),
        checkMarks: count('rect.mark.check'),
      }
    })
    assert.deepEqual(seen.first, { seat: 'A', move: 'a7a8q' })
    assert.equal(seen.onBoardA, 1)
    assert.equal(seen.checked, 'e8')
    assert.equal(seen.san, 'a8=Q+')
    // The marks: the last move's two squares and the checked king.
    assert.equal(seen.lastMarks, 2)
    assert.equal(seen.checkMarks, 1)
    await page.screenshot({ path: new URL('demo-promotion.png', ARTIFACTS).pathname, fullPage: true })
    assert.deepEqual(errors, [])
  })
})
