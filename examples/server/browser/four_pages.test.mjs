// Four Chromium pages (playwright-core, Debian's chromium) at one table of
// the server, through its test client page: they join the four seats, play
// moves, and each page sees every move, a capture on board A routed to the
// partner's pocket on board B (R5), and that partner's drop of it (R9).
//
// Run: make test-server-browser (builds the server, needs bughouse-node's
// npm packages and /usr/bin/chromium or $CHROMIUM).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { launch, open, ARTIFACTS } from '../../../bughouse-node/__browser__/chromium.mjs'

const BIN = process.env.SERVER_BIN || new URL('../../../target/debug/bughouse-server', import.meta.url).pathname

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

const logHas = (page, text) =>
  page.waitForFunction((t) => document.getElementById('log').textContent.includes(t), text, { timeout: 20_000 })

async function play(page, move) {
  await page.fill('#move', move)
  await page.click('#play')
}

test('four browser pages at one table see each other\'s moves and captures routed to the partner', async () => {
  const server = await startServer()
  const browser = await launch()
  try {
    const url = `http://${server.addr}/`
    const host = await open(browser, url)
    await host.page.waitForFunction(() => document.getElementById('status').textContent === 'connected')
    await host.page.fill('#base', '600')
    await host.page.click('#create')
    await host.page.waitForFunction(() => document.getElementById('table').value !== '')
    const table = await host.page.inputValue('#table')

    const seats = ['A', 'a', 'B', 'b']
    const pages = {}
    for (const seat of seats) {
      const p = await open(browser, url)
      await p.page.waitForFunction(() => document.getElementById('status').textContent === 'connected')
      await p.page.fill('#table', table)
      await p.page.selectOption('#seat', seat)
      await p.page.click('#join')
      await logHas(p.page, `you hold seat ${seat} of table ${table}`)
      pages[seat] = p
    }
    // Four humans seated: the game runs on every page.
    for (const seat of seats) {
      await pages[seat].page.waitForFunction(
        (s) => document.getElementById('status').textContent.includes(`running, you are ${s}`), seat)
    }
    await play(pages.A.page, 'e4')
    await logHas(pages.a.page, '1. A e4')
    await play(pages.a.page, 'd5')
    await logHas(pages.A.page, '2. a d5')
    await play(pages.A.page, 'exd5') // A-White takes a black pawn: it goes to B-Black (R5)
    for (const seat of seats) {
      await logHas(pages[seat].page, '3. A exd5 (captures a pawn for b)')
      await pages[seat].page.waitForFunction(
        () => document.getElementById('seat-b').textContent.startsWith('b [P]'))
    }
    await play(pages.B.page, 'Nf3')
    await logHas(pages.b.page, '4. B Nf3')
    await play(pages.b.page, 'P@e5') // …who drops it on board B (R9)
    for (const seat of seats) {
      const { page } = pages[seat]
      await logHas(page, '5. b P@e5')
      await page.waitForFunction(() => document.getElementById('seat-b').textContent.startsWith('b []'))
      // Board B is drawn from Black's side: rank 1 on top, so rank 5 is
      // the fifth row, and e the fourth column from the left (h g f e …).
      const rows = (await page.textContent('#board-B')).split('\n')
      assert.equal(rows[4].split(' ')[3], 'p', `${seat} sees the dropped pawn on e5:\n${rows.join('\n')}`)
    }
    // A move out of turn is refused, on the sender's page only.
    await play(pages.b.page, 'e6')
    await logHas(pages.b.page, 'ERR_NOT_YOUR_TURN')
    await pages.A.page.screenshot({ path: new URL('server-four-pages.png', ARTIFACTS).pathname })
    for (const seat of seats) {
      assert.deepEqual(pages[seat].errors, [], `${seat}: no console errors`)
      assert.ok(!(await pages[seat].page.textContent('#log')).includes('ERR_NOT_YOUR_TURN') || seat === 'b')
    }
  } finally {
    await browser.close()
    server.stop()
  }
})
