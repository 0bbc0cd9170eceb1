#!/usr/bin/env node
// Builds the native addon `bughouse.node` from the Rust sources, and is the
// package's `install` and `prepack` script. In a checkout it also writes
// lib/common.cjs, the loader's CommonJS copy of lib/common.mjs
// (scripts/commonjs.mjs), in every mode.
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
//   node scripts/build.mjs --prebuilt `prepack`: release build, also copied to
//                                     this platform's prebuilt name
//                                     (bughouse.linux-x64-gnu.node, …), which
//                                     the tarball ships (package.json `files`)
//   node scripts/build.mjs --install  `install`: in a checkout of the
//                                     repository with cargo, a release build;
//                                     else the shipped prebuilt addon for this
//                                     platform if it loads; else the
//                                     WebAssembly build (wasm/pkg) if the
//                                     package has it; else it fails,
//                                     saying what is missing. Never runs cargo
//                                     outside the Cargo workspace (it would
//                                     find no workspace root).
//
// npm installs a local folder as a symlink and runs `install` in the source
// folder (inside the Cargo workspace that holds bughouse-core) without the
// folder's own dependencies, so this script needs none.
import { spawnSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
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

const { prebuiltName } = createRequire(import.meta.url)('./platform.cjs')
const prebuilt = join(here, prebuiltName())

const cargo = process.env.CARGO || 'cargo'
const hasCargo = spawnSync(cargo, ['--version'], { encoding: 'utf8' }).status === 0
// A checkout: this package sits in the Cargo workspace beside the core.
const inCheckout = existsSync(join(here, '..', 'Cargo.toml')) && existsSync(join(here, '..', 'bughouse-core', 'Cargo.toml'))

// The WebAssembly build (wasm/pkg), the same API: the fallback where no
// native addon fits.
const hasWasm = existsSync(join(here, 'wasm', 'pkg', 'bughouse_bg.wasm'))

// The loader's share of the JavaScript both builds use: lib/common.cjs,
// generated from lib/common.mjs (scripts/commonjs.mjs). A tarball ships it.
if (inCheckout) (await import('./commonjs.mjs')).writeCommonJs()

if (args.has('--install') && !(inCheckout && hasCargo)) {
  // An installed tarball: use what it ships, checked by loading it in a
  // child process (a prebuilt for another libc or an older system fails
  // here, with the loader's own message, rather than at require time).
  if (existsSync(prebuilt)) {
    const r = spawnSync(process.execPath, ['-e', `require(${JSON.stringify(prebuilt)})`], { encoding: 'utf8' })
    if (r.status === 0) process.exit(0)
    // Falls through to the WebAssembly build, if any.
    if (!hasWasm) fail(`the prebuilt addon ${prebuilt} does not load here:\n${r.stderr.trim()}`)
  }
  if (hasWasm) {
    console.error(`bughouse: no native addon for this platform (${prebuiltName()}); using the WebAssembly build`)
    process.exit(0)
  }
  fail(
    `no prebuilt addon for this platform (${prebuiltName()}) in the package, and ` +
      (inCheckout ? 'no Rust toolchain (cargo on PATH: https://rustup.rs) to build one' : 'it can be built only from a checkout of the repository, with the Rust toolchain'),
  )
}

if (!hasCargo) {
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
function install(target) {
  const tmp = `${target}.${process.pid}.tmp`
  copyFileSync(library, tmp)
  renameSync(tmp, target)
  console.error(`bughouse: built ${target}`)
}
install(out)
if (args.has('--prebuilt')) install(prebuilt)
