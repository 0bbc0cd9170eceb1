#!/usr/bin/env node
// Builds the native addon `bughouse.node` from the Rust sources.
//
// npm runs this as the package's `install` script, so `npm install
// /path/to/bughouse-node` builds the addon with nothing set up beyond the Rust
// toolchain. npm installs a local folder as a symlink, runs this script in the
// source folder (inside the Cargo workspace that holds bughouse-core) and does
// NOT install the folder's own dependencies, so this script needs none: it
// runs cargo and copies the library. `npm ci` in this folder runs it too.
//
//   node scripts/build.mjs            release build -> bughouse.node
//   node scripts/build.mjs --debug    debug build   -> bughouse.node
//   node scripts/build.mjs --types    release build through the napi CLI (a
//                                     devDependency), which also regenerates
//                                     the committed index.d.ts
//   node scripts/build.mjs --check-types
//                                     the same, but fails if the declarations
//                                     generated from the Rust sources differ
//                                     from the committed index.d.ts
import { spawnSync } from 'node:child_process'
import { copyFileSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = dirname(dirname(fileURLToPath(import.meta.url)))
const args = new Set(process.argv.slice(2))
const out = join(here, 'bughouse.node')

function fail(message) {
  console.error(`bughouse: ${message}`)
  process.exit(1)
}

function run(cmd, argv, opts = {}) {
  const r = spawnSync(cmd, argv, { cwd: here, encoding: 'utf8', maxBuffer: 1 << 28, ...opts })
  if (r.error) fail(`cannot run ${cmd}: ${r.error.message}`)
  if (r.status !== 0) fail(`\`${cmd} ${argv.join(' ')}\` failed (exit ${r.status})`)
  return r
}

const cargo = process.env.CARGO || 'cargo'
const probe = spawnSync(cargo, ['--version'], { encoding: 'utf8' })
if (probe.status !== 0) {
  fail('building the native addon needs the Rust toolchain (cargo on PATH): see https://rustup.rs')
}

if (args.has('--types') || args.has('--check-types')) {
  // The napi CLI builds (writing bughouse.node) and generates the
  // declarations from the #[napi] items. Our own index.js loader is kept
  // (--no-js).
  const napi = join(here, 'node_modules', '@napi-rs', 'cli', 'dist', 'cli.js')
  const check = args.has('--check-types')
  const scratch = check ? mkdtempSync(join(tmpdir(), 'bughouse-dts-')) : null
  const dts = check ? relative(here, join(scratch, 'index.d.ts')) : 'index.d.ts'
  run(process.execPath, [napi, 'build', '--release', '--no-js', '--dts', dts], { stdio: 'inherit' })
  if (check) {
    const generated = readFileSync(join(here, dts), 'utf8')
    const committed = readFileSync(join(here, 'index.d.ts'), 'utf8')
    rmSync(scratch, { recursive: true, force: true })
    if (generated !== committed) {
      fail('index.d.ts is stale: the Rust sources declare a different API. Run `npm run build` and commit index.d.ts.')
    }
    console.error('bughouse: index.d.ts matches the Rust sources')
  }
  process.exit(0)
}

// Build, asking cargo where the library went (honours CARGO_TARGET_DIR and
// any target folder settings), then copy it next to index.js.
const build = ['build', '-p', 'bughouse-node', '--message-format=json-render-diagnostics']
if (!args.has('--debug')) build.push('--release')
const r = run(cargo, build, { stdio: ['ignore', 'pipe', 'inherit'] })
let library = null
for (const line of r.stdout.split('\n')) {
  if (!line.startsWith('{')) continue
  const msg = JSON.parse(line)
  if (msg.reason === 'compiler-artifact' && msg.target.name === 'bughouse_node') {
    library = msg.filenames.find((f) => /\.(so|dylib|dll)$/.test(f)) ?? library
  }
}
if (!library) fail('cargo built no bughouse_node library')
// Copy then rename: a process that has the old addon loaded keeps its file.
const tmp = `${out}.${process.pid}.tmp`
copyFileSync(library, tmp)
renameSync(tmp, out)
console.error(`bughouse: built ${out}`)
