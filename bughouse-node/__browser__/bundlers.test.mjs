// The package as front-end developers build it, beside vite.test.mjs: the
// same small page (bundled/app.mjs, importing `bughouse` by name) built by
// esbuild and by webpack, and loaded unbuilt by a plain
// <script type="module"> page with an import map. Each runs in headless
// Chromium; its answers (moves, SAN, perft, four moves the computer chose in
// its Web Worker) must equal the native addon's for the same calls here in
// Node, with no console error.
//
// What each bundler needs (the README's "In the browser" says the same):
// - webpack 5 alone: it follows `new URL(…, import.meta.url)` to the .wasm
//   and `new Worker(new URL(…))` to the worker, top-level await included.
// - esbuild does not follow `new URL(…)`: the worker is a second entry
//   point (`bughouse/worker`, named `bot-worker.browser`) and the .wasm
//   (`bughouse/bughouse_bg.wasm`) is copied to `pkg/` beside the bundle.
import assert from 'node:assert/strict'
import { copyFileSync, cpSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { after, before, describe, it } from 'node:test'

import { serve } from '../demo/serve.mjs'
import { Board, Game, perft } from '../index.mjs'
import { calls } from './bundled/calls.mjs'
import { ARTIFACTS, launch, open } from './chromium.mjs'

const pkg = fileURLToPath(new URL('..', import.meta.url))
const source = fileURLToPath(new URL('bundled/', import.meta.url))
const require = createRequire(import.meta.url)
let browser

/** The page's calls, made here on the native addon. */
const expected = () => calls({ Board, Game, perft })

/** A fresh project folder in .artifacts/ with `bughouse` installed (linked) and the page's source. */
function project(name) {
  const dir = fileURLToPath(new URL(`${name}/`, ARTIFACTS))
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(`${dir}node_modules`, { recursive: true })
  symlinkSync(pkg, `${dir}node_modules/bughouse`)
  cpSync(source, dir, { recursive: true })
  return dir
}

function page(script, head = '') {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bughouse</title><link rel="icon" href="data:,">${head}</head>
<body><p id="out">running…</p><script type="module" src="${script}"></script></body></html>\n`
}

/** Serves `dir` on 127.0.0.1, runs its page and compares its answers. */
async function check(dir, name) {
  const server = await serve(0, dir)
  try {
    const { page: tab, errors } = await open(browser, `http://127.0.0.1:${server.address().port}/`)
    await tab.waitForFunction(() => document.getElementById('out').textContent !== 'running…', null, { timeout: 120_000 })
    const said = await tab.locator('#out').textContent()
    await tab.screenshot({ path: new URL(`${name}.png`, ARTIFACTS).pathname })
    assert.equal(said, 'done')
    assert.deepEqual(await tab.evaluate(() => globalThis.bundledResults), await expected())
    assert.deepEqual(errors, [])
    await tab.close()
  } finally {
    server.close()
  }
}

before(async () => {
  browser = await launch()
})
after(async () => {
  await browser?.close()
})

describe('the package in a front end', () => {
  it('an esbuild-built page: worker as a second entry point, the .wasm copied beside', async () => {
    const dir = project('esbuild-project')
    const esbuild = require('esbuild')
    await esbuild.build({
      absWorkingDir: dir,
      entryPoints: { app: 'app.mjs', 'bot-worker.browser': 'bughouse/worker' },
      outExtension: { '.js': '.mjs' },
      bundle: true,
      format: 'esm',
      platform: 'browser',
      outdir: `${dir}dist`,
      logLevel: 'warning',
    })
    mkdirSync(`${dir}dist/pkg`)
    copyFileSync(require.resolve('bughouse/bughouse_bg.wasm', { paths: [dir] }), `${dir}dist/pkg/bughouse_bg.wasm`)
    writeFileSync(`${dir}dist/index.html`, page('./app.mjs'))
    await check(`${dir}dist`, 'esbuild')
  })

  it('a webpack-built page: the .wasm and the worker found by webpack itself', async () => {
    const dir = project('webpack-project')
    const webpack = require('webpack')
    const stats = await new Promise((resolve, reject) =>
      webpack(
        {
          mode: 'production',
          context: dir,
          entry: './app.mjs',
          output: { path: `${dir}dist`, filename: 'app.js', clean: true },
          performance: { hints: false },
        },
        (err, s) => (err ? reject(err) : resolve(s)),
      ),
    )
    assert.ok(!stats.hasErrors(), stats.toString({ all: false, errors: true }))
    writeFileSync(`${dir}dist/index.html`, page('./app.js'))
    await check(`${dir}dist`, 'webpack')
  })

  it('a plain <script type="module"> page, unbuilt, with an import map naming the package', async () => {
    const dir = project('importmap-page')
    const map = { imports: { bughouse: './node_modules/bughouse/wasm/index.browser.mjs' } }
    writeFileSync(`${dir}index.html`, page('./app.mjs', `<script type="importmap">${JSON.stringify(map)}</script>`))
    await check(dir, 'importmap')
  })
})
