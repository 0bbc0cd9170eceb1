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

/** A page whose console errors and uncaught exceptions are collected in `errors`. */
export async function open(browser, url) {
  const page = await browser.newPage({ viewport: { width: 1000, height: 720 } })
  const errors = []
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()))
  page.on('pageerror', (e) => errors.push(String(e)))
  await page.goto(url)
  return { page, errors }
}
