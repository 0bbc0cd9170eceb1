// The WebAssembly build's start-up, in Node and in headless Chromium: how
// long the package takes to be ready (the awaited import: fetch or read,
// compile, instantiate, the attack tables, prime()), and how fast a user's
// first calls then run against the same calls warm (issue 12: "first call
// within 2× of warm speed"). The calls are startup-ops.mjs's, each on a
// position prime() does not use. Each run is a fresh process (Node) or a
// fresh browser context (Chromium: its own renderer, no compiled code
// shared); figures are the medians over the runs. Columns:
//   first call        the call's first run after the ready point
//   warm              the same call warm, per call (median of batches)
//   first/warm        the ratio, median over runs ("worst run": the largest)
//   warm, cold cache  the call warm but alone after 64 MiB of other memory
//                     traffic: a first call comes after other work too,
//                     with its caches cold, so a first call near this
//                     figure is slow for its caches, not for compiling
// Node also gets the ready time split into its steps (compile,
// instantiate, prime()…), timed in separate runs.
//
//   node bench/bench_wasm_startup.mjs [--runs N] [--node-only | --browser-only] [--wasm-dir DIR]
//
// Build first: `node wasm/build.mjs` (`make build-wasm`). The browser page
// is served on 127.0.0.1 with COOP/COEP headers so that it is cross-origin
// isolated: Chromium then clamps performance.now() to 5 µs instead of
// 100 µs, which is the resolution of the first-call column there (a first
// call under 5 µs may read 0). Node's clock has sub-microsecond resolution.
import { spawnSync } from 'node:child_process'
import { createReadStream, statSync } from 'node:fs'
import { createServer } from 'node:http'
import os from 'node:os'
import { extname, join, normalize, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const pkg = fileURLToPath(new URL('..', import.meta.url))
const args = process.argv.slice(2)
const runsArg = args.indexOf('--runs')
const RUNS = runsArg >= 0 ? Number(args[runsArg + 1]) : 7
// --wasm-dir DIR: another copy of wasm/ (say, an older api.mjs beside the
// same pkg/) to compare against; its entries are loaded instead.
const dirArg = args.indexOf('--wasm-dir')
const wasmDir = dirArg >= 0 ? resolve(args[dirArg + 1]) : join(pkg, 'wasm')

// A child run: prints one JSON line { ready, rows }.
if (args[0] === '--child') {
  const t = performance.now()
  const api = await import(pathToFileURL(join(wasmDir, 'index.node.mjs')).href)
  const ready = performance.now() - t
  const { measure } = await import('./startup-ops.mjs')
  console.log(JSON.stringify({ ready, rows: measure(api, () => performance.now()) }))
  process.exit(0)
}

// A child run of the steps index.node.mjs takes, each timed: prints one
// JSON line of ms per step.
if (args[0] === '--steps') {
  const { readFileSync } = await import('node:fs')
  const now = () => performance.now()
  let t = now()
  const glue = await import(pathToFileURL(join(wasmDir, 'pkg', 'bughouse.mjs')).href)
  const { makeApi, prime } = await import(pathToFileURL(join(wasmDir, 'api.mjs')).href)
  const steps = { 'import the JS': now() - t }
  t = now()
  const bytes = readFileSync(join(wasmDir, 'pkg', 'bughouse_bg.wasm'))
  const module = new WebAssembly.Module(bytes)
  steps.compile = now() - t
  t = now()
  const { memory } = glue.initSync({ module })
  steps['instantiate + tables'] = now() - t
  t = now()
  const api = makeApi(glue, { module, memory, spawnWorker: null, parallelism: 1 })
  steps.makeApi = now() - t
  t = now()
  prime(api)
  steps.prime = now() - t
  console.log(JSON.stringify(steps))
  process.exit(0)
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
}
const fmt = (ms) => (ms >= 1 ? `${ms.toFixed(2)} ms` : `${(ms * 1000).toFixed(1)} µs`)

function report(where, runs) {
  console.log(`\n${where}: ${runs.length} runs, medians (load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')})`)
  console.log(`  ready (awaited import): ${fmt(median(runs.map((r) => r.ready)))}` + (runs[0].navReady !== undefined ? `; from navigation start: ${fmt(median(runs.map((r) => r.navReady)))}` : ''))
  const table = runs[0].rows.map((row, i) => {
    const first = median(runs.map((r) => r.rows[i].first))
    const warm = median(runs.map((r) => r.rows[i].warm))
    const ratio = median(runs.map((r) => r.rows[i].first / r.rows[i].warm))
    const worst = Math.max(...runs.map((r) => r.rows[i].first / r.rows[i].warm))
    const cold = median(runs.map((r) => r.rows[i].coldCache))
    return {
      call: row.op,
      'first call': fmt(first),
      warm: fmt(warm),
      'first/warm': `${ratio.toFixed(1)}×`,
      'worst run': `${worst.toFixed(1)}×`,
      'warm, cold cache': fmt(cold),
      'first/that': `${median(runs.map((r) => r.rows[i].first / r.rows[i].coldCache)).toFixed(1)}×`,
    }
  })
  console.table(table)
}

if (!args.includes('--browser-only')) {
  const runs = []
  for (let i = 0; i < RUNS; i++) {
    const r = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--child', '--wasm-dir', wasmDir], { encoding: 'utf8' })
    if (r.status !== 0) throw new Error(`child run failed: ${r.stderr}`)
    runs.push(JSON.parse(r.stdout.trim().split('\n').pop()))
  }
  report(`Node ${process.version} (${wasmDir}/index.node.mjs)`, runs)
  const steps = []
  for (let i = 0; i < RUNS; i++) {
    const r = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--steps', '--wasm-dir', wasmDir], { encoding: 'utf8' })
    if (r.status !== 0) throw new Error(`child run failed: ${r.stderr}`)
    steps.push(JSON.parse(r.stdout.trim().split('\n').pop()))
  }
  console.log(`  where the ready time goes (medians): ${Object.keys(steps[0]).map((k) => `${k} ${fmt(median(steps.map((s) => s[k])))}`).join(', ')}`)
}

if (!args.includes('--node-only')) {
  const { launch } = await import('../__browser__/chromium.mjs')
  const TYPES = { '.html': 'text/html', '.mjs': 'text/javascript', '.js': 'text/javascript', '.wasm': 'application/wasm' }
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname))
    const file = path.startsWith('/wasm/') ? join(wasmDir, path.slice('/wasm/'.length)) : join(pkg, path)
    if (!(file.startsWith(pkg) || file.startsWith(wasmDir)) || !statSync(file, { throwIfNoEntry: false })?.isFile()) return res.writeHead(404).end()
    res.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-embedder-policy': 'require-corp',
      'cache-control': 'no-store',
    })
    createReadStream(file).pipe(res)
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  const browser = await launch()
  try {
    const runs = []
    let version = ''
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext()
      const page = await context.newPage()
      const errors = []
      page.on('pageerror', (e) => errors.push(String(e)))
      await page.goto(`http://127.0.0.1:${server.address().port}/__browser__/speed/startup.html`)
      await page.waitForFunction(() => globalThis.startupResult || globalThis.startupError, null, { timeout: 120_000 })
      const result = await page.evaluate(() => globalThis.startupResult ?? { error: globalThis.startupError })
      if (result.error || errors.length) throw new Error(`startup page: ${result.error ?? errors.join('; ')}`)
      if (!result.isolated) throw new Error('the startup page is not cross-origin isolated')
      version = await page.evaluate(() => navigator.userAgent.match(/Chrom\w+\/[\d.]+/)?.[0] ?? navigator.userAgent)
      runs.push(result)
      await context.close()
    }
    report(`${version} headless (${wasmDir}/index.browser.mjs, plain module page)`, runs)
  } finally {
    await browser.close()
    server.close()
  }
}
