#!/usr/bin/env node
// The package as a user gets it: `npm pack`, then `npm install` of the
// tarball into an empty folder with no Rust toolchain on PATH, then
// `require('bughouse')` and `import 'bughouse'` there. `make test-node-pack`
// (part of `make test`) runs it. Exits non-zero on any failure.
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = dirname(dirname(fileURLToPath(import.meta.url)))
const scratch = mkdtempSync(join(tmpdir(), 'bughouse-pack-'))

function run(cmd, argv, opts = {}) {
  const r = spawnSync(cmd, argv, { encoding: 'utf8', maxBuffer: 1 << 26, ...opts })
  if (r.error || r.status !== 0) {
    console.error(r.stdout, r.stderr)
    throw new Error(`\`${cmd} ${argv.join(' ')}\` failed (${r.error ? r.error.message : `exit ${r.status}`})`)
  }
  return r.stdout
}

try {
  // 1. Pack (prepack builds the release addon and its prebuilt copy).
  const packed = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', scratch], { cwd: here, stdio: ['ignore', 'pipe', 'inherit'] }))
  const tarball = join(scratch, packed[0].filename)
  const files = packed[0].files.map((f) => f.path)
  console.error(`pack-smoke: ${packed[0].filename}, ${(statSync(tarball).size / 1e6).toFixed(1)} MB, files: ${files.join(' ')}`)
  if (!files.some((f) => /^bughouse\..+\.node$/.test(f))) throw new Error('the tarball ships no prebuilt addon')
  if (files.some((f) => f.startsWith('src/') || f === 'Cargo.toml')) throw new Error('the tarball ships Rust sources')
  for (const f of ['wasm/pkg/bughouse_bg.wasm', 'wasm/pkg/bughouse.mjs', 'wasm/index.browser.mjs']) {
    if (!files.includes(f)) throw new Error(`the tarball lacks the WebAssembly build's ${f}`)
  }

  // 2. A PATH without cargo, rustc or rustup, and no Rust variables: only
  // links to node, npm and sh (this machine's /usr/bin holds cargo too).
  const bin = join(scratch, 'bin')
  mkdirSync(bin)
  const npmPath = spawnSync(process.platform === 'win32' ? 'where' : 'which', ['npm'], { encoding: 'utf8' }).stdout.trim()
  symlinkSync(process.execPath, join(bin, 'node'))
  symlinkSync(realpathSync(npmPath), join(bin, 'npm'))
  // npm runs the install script with `sh -c`.
  if (process.platform !== 'win32') symlinkSync('/bin/sh', join(bin, 'sh'))
  const env = { ...process.env, PATH: bin }
  for (const name of Object.keys(env)) if (/^(CARGO|RUSTUP|RUSTC)/.test(name)) delete env[name]
  if (spawnSync('cargo', ['--version'], { env }).status === 0) throw new Error('cargo is still on PATH')

  // 3. Install into an empty project.
  const app = join(scratch, 'app')
  mkdirSync(app)
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'smoke', version: '1.0.0', private: true }))
  run(join(bin, 'npm'), ['install', '--no-audit', '--no-fund', '--offline', tarball], { cwd: app, env, stdio: ['ignore', 'pipe', 'inherit'] })
  // npm 11 may hold back scripts it was not told to allow: run the install
  // script for certain, as `npm rebuild` does, still without cargo.
  run(join(bin, 'npm'), ['rebuild', 'bughouse', '--foreground-scripts'], { cwd: app, env, stdio: ['ignore', 'pipe', 'inherit'] })
  const installed = readdirSync(join(app, 'node_modules', 'bughouse'))
  if (installed.includes('bughouse.node')) throw new Error('the install built an addon: it should have used the prebuilt one')

  // 4. Both module systems, from the project.
  const check = `
    const b = new Board(); if (b.legalMoves().length !== 20) throw new Error('legalMoves')
    const g = new Game(); g.push('A', 'e4', 10)
    if (perft(b.fen(), 2) !== 400) throw new Error('perft')
    if (typeof readBpgn !== 'function') throw new Error('readBpgn')
  `
  run(process.execPath, ['-e', `const { Board, Game, perft, readBpgn } = require('bughouse');${check}`], { cwd: app, env })
  run(process.execPath, ['--input-type=module', '-e', `import { Board, Game, perft, readBpgn } from 'bughouse';${check}`], { cwd: app, env })
  // The WebAssembly build from the tarball (what browsers get), in Node.
  run(process.execPath, ['--conditions=bughouse-wasm', '--input-type=module', '-e', `import { Board, Game, perft, readBpgn } from 'bughouse';${check}`], { cwd: app, env })
  console.error('pack-smoke: installed without cargo; require and import work, and the WebAssembly build')
} finally {
  rmSync(scratch, { recursive: true, force: true })
}
