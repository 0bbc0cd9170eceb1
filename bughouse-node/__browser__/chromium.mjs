// Shared by the browser tests: Debian's Chromium (or $CHROMIUM) through
// playwright-core, headless, as root-safe as the machine needs; the page
// server on 127.0.0.1; console errors collected per page.
import { mkdirSync } from 'node:fs'
import { chromium } from 'playwright-core'

export const ARTIFACTS = new URL('../.artifacts/', import.meta.url)
mkdirSync(ARTIFACTS, { recursive: true })

export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  })
}

/**
 * A page whose console errors and uncaught exceptions are collected in
 * `errors`; `init(arg)` runs in it before its own scripts (as
 * `countWorkers` below).
 */
export async function open(browser, url, { init, arg } = {}) {
  const page = await browser.newPage({ viewport: { width: 1000, height: 720 } })
  const errors = []
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()))
  page.on('pageerror', (e) => errors.push(String(e)))
  if (init !== undefined) await page.addInitScript(init, arg)
  await page.goto(url)
  return { page, errors }
}

/**
 * A page script for `open`'s `init`: navigator.hardwareConcurrency reads
 * `cores` (unless null) and globalThis.workersMade counts the Web Workers
 * the page makes. Runs in the page: it uses nothing from here.
 */
export function countWorkers(cores) {
  if (cores !== null) Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => cores })
  globalThis.workersMade = 0
  const Original = globalThis.Worker
  globalThis.Worker = class extends Original {
    constructor(...args) {
      super(...args)
      globalThis.workersMade++
    }
  }
}

// The demo page's boards as a player uses them (demo/board-view.mjs draws
// them for both ways of playing: demo.test.mjs, and the server's client in
// examples/server/browser/).
const ROLE_OF = { P: 'pawn', N: 'knight', B: 'bishop', R: 'rook', Q: 'queen' }

/** Square `sq` of board `board` ('A' or 'B') on the demo page. */
export function squareOf(page, board, sq) {
  return page.locator(`svg[data-board="${board}"] rect[data-square="${sq}"]`)
}

/**
 * Plays `uci` on board `board` by clicks, as a person would: a piece then
 * its target (then the `promotion`-th piece of the chooser, counted from
 * the queen), or a piece of the player's pocket then its square.
 */
export async function clickMove(page, board, uci, promotion = 0) {
  if (uci[1] === '@') {
    await page.locator(`.pocket button[data-drop="${ROLE_OF[uci[0]]}"]`).first().click()
    await squareOf(page, board, uci.slice(2, 4)).click()
    return
  }
  await squareOf(page, board, uci.slice(0, 2)).click()
  await squareOf(page, board, uci.slice(2, 4)).click()
  if (uci.length === 5) await page.locator('#promotion button[data-promotion]').nth(promotion % 4).click()
}
