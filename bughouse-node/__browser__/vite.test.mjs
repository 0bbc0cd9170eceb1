// The package as a front-end developer uses it: a project with `bughouse`
// and `chessops` in node_modules, built by Vite (the "browser" export
// condition picks the WebAssembly build; Vite bundles the .wasm and the bot
// worker), served on 127.0.0.1 and run in headless Chromium. The page is the
// speed page (speed/): it checks every answer against chessops before
// timing. Results go to .artifacts/speed.json and the screenshot beside it.
import assert from 'node:assert/strict'
import { cpSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { after, before, describe, it } from 'node:test'

import { build, createServer } from 'vite'

import { serve } from '../demo/serve.mjs'
import { ARTIFACTS, launch, open } from './chromium.mjs'

const pkg = fileURLToPath(new URL('..', import.meta.url))
const project = fileURLToPath(new URL('vite-project/', ARTIFACTS))
let browser
let server

before(async () => {
  rmSync(project, { recursive: true, force: true })
  mkdirSync(`${project}node_modules/@badrap`, { recursive: true })
  cpSync(fileURLToPath(new URL('speed/', import.meta.url)), project, { recursive: true })
  // As `npm install /path/to/bughouse-node chessops` would lay them out.
  symlinkSync(pkg, `${project}node_modules/bughouse`)
  symlinkSync(`${pkg}node_modules/chessops`, `${project}node_modules/chessops`)
  symlinkSync(`${pkg}node_modules/@badrap/result`, `${project}node_modules/@badrap/result`)
  await build({ root: project, logLevel: 'warn', build: { outDir: `${project}dist`, emptyOutDir: true } })
  server = await serve(0, `${project}dist`)
  browser = await launch()
})
after(async () => {
  await browser?.close()
  server?.close()
})

describe('a Vite-built page', () => {
  it('imports the package by name, agrees with chessops and measures it, without console errors', async () => {
    const quick = process.env.BUGHOUSE_SPEED_FULL ? '' : '?quick'
    const { page, errors } = await open(browser, `http://127.0.0.1:${server.address().port}/${quick}`)
    await page.waitForFunction(() => globalThis.speedResults || document.getElementById('state').textContent !== 'running…', null, { timeout: 240_000 })
    const rows = await page.evaluate(() => globalThis.speedResults)
    assert.deepEqual(errors, [])
    assert.ok(rows && rows.length > 0, await page.locator('#state').textContent())
    writeFileSync(new URL('speed.json', ARTIFACTS), JSON.stringify(rows, null, 2))
    await page.screenshot({ path: new URL('speed.png', ARTIFACTS).pathname, fullPage: true })
    for (const r of rows) console.log(`# ${r.measure}: ${r.ours.toFixed(3)} vs ${r.theirs.toFixed(3)} ${r.unit} (${(r.theirs / r.ours).toFixed(1)}×)`)
  })

  it('works under the Vite dev server too (no build step, no console errors)', async () => {
    const dev = await createServer({ root: project, logLevel: 'warn', server: { host: '127.0.0.1', port: 0 } })
    await dev.listen()
    try {
      const { page, errors } = await open(browser, `${dev.resolvedUrls.local[0]}?quick`)
      await page.waitForFunction(() => document.getElementById('state').textContent !== 'running…', null, { timeout: 240_000 })
      assert.equal(await page.locator('#state').textContent(), 'done')
      assert.deepEqual(errors, [])
    } finally {
      await dev.close()
    }
  })
})
