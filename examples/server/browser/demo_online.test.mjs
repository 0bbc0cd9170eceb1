// The project's browser page (bughouse-node/demo, online.mjs) as the
// server's client, in headless Chromium (playwright-core, Debian's
// chromium): four pages at one table play by clicks and see each other's
// moves, the captures routed to the partner's pocket (R5) and dropped (R9),
// a reload takes the seat back with the token, the ending names its rule;
// then one human page with three computer seats plays a live game for a
// while. No console errors; screenshots in bughouse-node/.artifacts/.
//
// Run: make test-server-browser (builds the server and the wasm package,
// needs bughouse-node's npm packages and /usr/bin/chromium or $CHROMIUM).
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { launch, open, ARTIFACTS, clickMove, squareOf as square } from '../../../bughouse-node/__browser__/chromium.mjs'
import { serve } from '../../../bughouse-node/demo/serve.mjs'

const BIN = process.env.SERVER_BIN || new URL('../../../target/debug/bughouse-server', import.meta.url).pathname
const WAIT = { timeout: 30_000 }
// The computer's turn on a loaded machine: its search runs at a lower
// priority than everything else (the server's --search-niceness).
const SLOW = { timeout: 90_000 }

async function startServer() {
  const dir = mkdtempSync(join(tmpdir(), 'bughouse-server-browser-'))
  const child = spawn(BIN, ['--port', '0', '--db', join(dir, 'db.sqlite3')], { stdio: ['ignore', 'pipe', 'inherit'] })
  const lines = createInterface({ input: child.stdout })
  const addr = await new Promise((resolve, reject) => {
    lines.on('line', (line) => { if (line.startsWith('listening on ')) resolve(line.slice(13)) })
    child.on('exit', (code) => reject(new Error(`server exited ${code}`)))
  })
  assert.match(addr, /^127\.0\.0\.1:\d+$/)
  return { addr, stop() { child.kill('SIGKILL'); rmSync(dir, { recursive: true, force: true }) } }
}

let server, pages, browser, demo
before(async () => {
  server = await startServer()
  pages = await serve(0)
  demo = `http://127.0.0.1:${pages.address().port}/demo/?server=${server.addr}`
  browser = await launch()
})
after(async () => {
  await browser?.close()
  pages?.close()
  server?.stop()
})

/** Plays `uci` on the page by clicks, once it is legal: a piece then its target, or a pocket piece then its square. */
async function click(page, uci) {
  const board = await page.evaluate(() => globalThis.bughouseOnline?.seat.toUpperCase())
  await page.waitForFunction((m) => globalThis.bughouseOnline?.legalMoves().includes(m), uci, WAIT)
  await clickMove(page, board, uci)
}

async function seen(page, seq, text) {
  try {
    await page.waitForFunction(([s, t]) => document.querySelector(`#events li[data-seq="${s}"]`)?.textContent.includes(t), [seq, text], WAIT)
  } catch (e) {
    const events = await page.$$eval('#events li', (items) => items.map((li) => `${li.dataset.seq}: ${li.textContent}`))
    throw new Error(`report ${seq} "${text}" not shown; the page shows: ${events.join(' / ')}; status: ${await page.textContent('#status')}`, { cause: e })
  }
}
const pocket = (page, seat) => page.getAttribute(`.pocket[data-seat="${seat}"] .pieces`, 'data-pocket')

describe('the demo page online', () => {
  it('four pages at one table see each other\'s moves and captures routed to the partner', async () => {
    const host = await open(browser, demo)
    // The lobby: a new live table, A-White for this page.
    await host.page.waitForSelector('#new-table button[data-create]', WAIT)
    await host.page.fill('#new-minutes', '10')
    await host.page.selectOption('#new-seat', 'A')
    await host.page.click('#new-table button[data-create]')
    await host.page.waitForFunction(() => globalThis.bughouseOnline?.seat === 'A', null, WAIT)
    const table = await host.page.evaluate(() => globalThis.bughouseOnline?.table)
    assert.match(host.page.url(), new RegExp(`table=${table}`))
    const all = { A: host }
    // The others open the table's address (watching) and sit down.
    for (const seat of ['a', 'B', 'b']) {
      const p = await open(browser, `${demo}&table=${table}`)
      await p.page.click(`.pocket[data-seat="${seat}"] button[data-join="${seat}"]`, WAIT)
      await p.page.waitForFunction((s) => globalThis.bughouseOnline?.seat === s, seat, WAIT)
      all[seat] = p
    }
    for (const [seat, { page }] of Object.entries(all)) {
      await page.waitForFunction(() => globalThis.bughouseOnline?.view?.status === 'running', null, WAIT)
      assert.match(await page.textContent('header p'), new RegExp(`You are ${{ A: 'A-White', a: 'A-Black', B: 'B-White', b: 'B-Black' }[seat]}`))
      // Four clocks, the two sides to move running (live).
      assert.equal(await page.locator('[data-clock]').count(), 4)
      await page.waitForFunction(() => document.querySelectorAll('.clock.running').length === 2, null, WAIT)
      assert.match(await page.textContent('[data-clock="A"]'), /^\d+:\d\d\.\d$/)
    }
    // Your own board on the left, your colour at the bottom: A-Black sees
    // board A from Black's side (its h8 in the top-left corner).
    const h1 = all.a.page.locator('svg[data-board="A"] rect[data-square="h1"]')
    assert.deepEqual([await h1.getAttribute('x'), await h1.getAttribute('y')], ['0', '0'])

    await click(all.A.page, 'e2e4')
    await seen(all.a.page, 1, 'A-White e4')
    await click(all.a.page, 'd7d5')
    await seen(all.A.page, 2, 'A-Black d5')
    await click(all.A.page, 'e4d5') // a black pawn taken on board A goes to B-Black (R5)
    for (const { page } of Object.values(all)) {
      await seen(page, 3, "A-White exd5 — takes a pawn, to B-Black's pocket (R5)")
      await page.waitForFunction(() => document.querySelector('.pocket[data-seat="b"] .pieces')?.dataset.pocket === 'P', null, WAIT)
    }
    // B-White drags the knight, as a person with a mouse would.
    await all.B.page.waitForFunction(() => globalThis.bughouseOnline?.legalMoves().includes('g1f3'), null, WAIT)
    await square(all.B.page, 'B', 'g1').dragTo(square(all.B.page, 'B', 'f3'))
    await seen(all.b.page, 4, 'B-White Nf3')
    await click(all.b.page, 'P@e5') // …who drops it on board B (R9)
    for (const { page } of Object.values(all)) {
      await seen(page, 5, 'B-Black P@e5')
      assert.equal(await pocket(page, 'b'), '')
      await page.waitForSelector('svg[data-board="B"] text[data-square="e5"][data-piece="black pawn"]', WAIT)
    }
    // A move out of turn, sent by hand, is refused on the sender's page only.
    await all.b.page.evaluate(() => globalThis.bughouseOnline?.send({ type: 'move', move: 'e7e6' }))
    await all.b.page.waitForFunction(() => document.getElementById('status').textContent.includes('ERR_NOT_YOUR_TURN'), null, WAIT)
    for (const seat of ['A', 'a', 'B']) assert.doesNotMatch(await all[seat].page.textContent('#status'), /ERR_/)

    // A reload: the token this browser kept brings A-Black back to the seat.
    await all.a.page.reload()
    await all.a.page.waitForFunction(() => globalThis.bughouseOnline?.seat === 'a', null, WAIT)
    // The page shows the game so far from the engine's log.
    await all.a.page.waitForSelector('#events li[data-index="4"]', WAIT)
    assert.deepEqual(await all.a.page.$$eval('#events li', (items) => items.map((li) => li.textContent)),
      ['A-White e4', 'A-Black d5', 'A-White exd5', 'B-White Nf3', 'B-Black P@e5'])
    await click(all.a.page, 'd8d5') // a white pawn taken goes to B-White (R5)
    for (const { page } of Object.values(all)) {
      await seen(page, 6, "A-Black Qxd5 — takes a pawn, to B-White's pocket (R5)")
      await page.waitForFunction(() => document.querySelector('.pocket[data-seat="B"] .pieces')?.dataset.pocket === 'P', null, WAIT)
    }
    await all.A.page.screenshot({ path: new URL('server-demo-four-pages.png', ARTIFACTS).pathname })
    // B-Black resigns: team 1 (A-White and B-Black) loses (R29), every page says so.
    await all.b.page.click('#controls button[data-action="resign"]')
    for (const { page } of Object.values(all)) {
      await page.waitForFunction(() => document.getElementById('status').dataset.reason === 'resignation', null, WAIT)
      assert.equal(await page.getAttribute('#status', 'data-rule'), 'R29')
      assert.match(await page.textContent('#status'), /resign.*\(R29\)/i)
    }
    for (const [seat, { errors }] of Object.entries(all)) assert.deepEqual(errors, [], `${seat}: no console errors`)
  })

  it('one human and three computer seats play a live game for a while', async () => {
    const { page, errors } = await open(browser, demo)
    await page.waitForSelector('#new-table button[data-create]', WAIT)
    await page.fill('#new-minutes', '5')
    await page.fill('#new-level', '1')
    await page.selectOption('#new-seat', 'a')
    await page.click('#new-table button[data-create]')
    await page.waitForFunction(() => globalThis.bughouseOnline?.seat === 'a', null, WAIT)
    await page.click('#controls button[data-action="start"]', WAIT)
    await page.waitForFunction(() => globalThis.bughouseOnline?.view?.status === 'running', null, WAIT)
    const holders = await page.evaluate(() => [...document.querySelectorAll('.pocket .who')].map((e) => e.textContent))
    assert.equal(holders.filter((t) => t.includes('computer')).length, 3, holders.join(' / '))
    // Play a dozen moves as A-Black, by clicks, whatever the computer does;
    // prefer a drop or a capture when there is one.
    let played = 0
    const deadline = Date.now() + 150_000
    while (played < 12 && Date.now() < deadline) {
      const state = await page.waitForFunction(() => {
        const o = globalThis.bughouseOnline
        if (o.view?.status === 'over') return { over: true }
        const moves = o.legalMoves()
        return moves.length ? { moves, bfen: o.view.bfen } : false
      }, null, SLOW).then((h) => h.jsonValue())
      if (state.over) break
      const move = state.moves.find((m) => m[1] === '@') ?? state.moves[(played * 7) % state.moves.length]
      const mine = () => page.$$eval('#events li', (items) => items.filter((li) => li.textContent.startsWith('A-Black ')).length)
      const before = await mine()
      await click(page, move)
      if (process.env.DEBUG_ONLINE) console.log('played', move, await page.textContent('#status'))
      await page.waitForFunction((n) => [...document.querySelectorAll('#events li')].filter((li) => li.textContent.startsWith('A-Black ')).length > n || globalThis.bughouseOnline?.view?.status === 'over', before, SLOW)
      played++
    }
    const view = await page.evaluate(() => globalThis.bughouseOnline?.view)
    const events = await page.$$eval('#events li', (items) => items.map((li) => li.textContent))
    for (const who of ['A-White', 'B-White', 'B-Black']) {
      assert.ok(events.some((e) => e.startsWith(`${who} `)), `the computer played ${who}: ${events.join(' / ')}`)
    }
    assert.ok(played >= 5 || view.status === 'over', `played ${played}`)
    await page.screenshot({ path: new URL('server-demo-one-human.png', ARTIFACTS).pathname })
    if (view.status !== 'over') {
      await page.click('#controls button[data-action="resign"]')
      await page.waitForFunction(() => document.getElementById('status').dataset.rule === 'R29', null, WAIT)
    }
    assert.ok(await page.getAttribute('#status', 'data-rule'))
    assert.deepEqual(errors, [], 'no console errors')
  })
})
