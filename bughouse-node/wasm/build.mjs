#!/usr/bin/env node
// Builds the WebAssembly form of the package into wasm/pkg/:
//   bughouse_bg.wasm   the engine and the whole API (wasm-bindgen exports)
//   bughouse.mjs       wasm-bindgen's glue (ES module, `--target web`)
//
//   node wasm/build.mjs          build (prints the .wasm size, raw and gzipped)
//   node wasm/build.mjs --debug  unoptimised, with debug assertions
//
// The Rust toolchain is chosen automatically:
//   1. rustup's, when `rustup target list --installed` has
//      wasm32-unknown-unknown (`rustup target add wasm32-unknown-unknown`);
//   2. else Debian's rustc-web (packages rustc-web cargo-web rust-web-src
//      lld-22, see the Makefile's setup-wasm), which builds the standard
//      library for wasm32 from source (-Zbuild-std; RUSTC_BOOTSTRAP=1 on a
//      pinned Debian compiler).
// wasm-bindgen-cli must match the crate's wasm-bindgen (=0.2.130 in
// Cargo.toml): taken from PATH if it is that version, else installed once
// into bughouse-node/.tools/ (git-ignored) with `cargo install`.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

const here = dirname(fileURLToPath(import.meta.url))
const pkgDir = join(here, 'pkg')
const tools = join(here, '..', '.tools')
const debug = process.argv.includes('--debug')

// The addon's loader's copy of the JavaScript both builds share
// (lib/common.cjs from lib/common.mjs), written by every build of a
// checkout, this one too.
const { writeCommonJs } = await import('../scripts/commonjs.mjs')
writeCommonJs()
const WASM_BINDGEN_VERSION = '0.2.130'
const TARGET = 'wasm32-unknown-unknown'
// The core's search needs about 600 KiB of stack; WebAssembly's default is 1 MiB.
const STACK_BYTES = 8 << 20

function fail(message) {
  console.error(`bughouse wasm: ${message}`)
  process.exit(1)
}

function run(cmd, argv, opts = {}) {
  const r = spawnSync(cmd, argv, { cwd: here, encoding: 'utf8', stdio: 'inherit', maxBuffer: 1 << 28, ...opts })
  if (r.error) fail(`cannot run ${cmd}: ${r.error.message}`)
  if (r.status !== 0) fail(`\`${cmd} ${argv.join(' ')}\` failed (exit ${r.status})`)
  return r
}

function probe(cmd, argv, env) {
  const r = spawnSync(cmd, argv, { encoding: 'utf8', env })
  return r.status === 0 ? r.stdout : null
}

// Which toolchain: rustup's wasm32 target, else Debian's rustc-web.
function toolchain() {
  const installed = probe('rustup', ['target', 'list', '--installed'])
  if (installed && installed.split('\n').includes(TARGET)) {
    return { name: `rustup (${TARGET} installed)`, cargo: process.env.CARGO || 'cargo', env: { ...process.env }, extra: [] }
  }
  const debianCargo = '/usr/bin/cargo'
  const debianRustc = '/usr/bin/rustc'
  if (existsSync(debianCargo) && existsSync(debianRustc) && existsSync('/usr/lib/rustlib/src/rust/library')) {
    const env = { ...process.env, PATH: `/usr/bin:${process.env.PATH}`, RUSTC: debianRustc, RUSTC_BOOTSTRAP: '1' }
    delete env.RUSTUP_TOOLCHAIN
    delete env.CARGO
    const version = (probe(debianRustc, ['--version'], env) || '?').trim()
    return { name: `Debian ${version} with -Zbuild-std`, cargo: debianCargo, env, extra: ['-Zbuild-std=std,panic_abort'] }
  }
  fail(
    `no Rust toolchain for ${TARGET}: run \`rustup target add ${TARGET}\`, or on Debian ` +
      '`apt-get install rustc-web cargo-web rust-web-src lld-22` (`make setup-wasm`)',
  )
}

// wasm-bindgen-cli of the crate's version: PATH, else .tools/, else installed there.
function wasmBindgen() {
  for (const cmd of ['wasm-bindgen', join(tools, 'bin', 'wasm-bindgen')]) {
    const v = probe(cmd, ['--version'])
    if (v && v.trim().endsWith(WASM_BINDGEN_VERSION)) return cmd
  }
  console.error(`bughouse wasm: installing wasm-bindgen-cli ${WASM_BINDGEN_VERSION} into ${tools} (once; a few minutes)`)
  // Without --locked: its lock file pins crates the registry may lack.
  run(process.env.CARGO || 'cargo', [
    'install', 'wasm-bindgen-cli', '--version', WASM_BINDGEN_VERSION, '--root', tools, '--target-dir', join(tools, 'build'),
  ])
  return join(tools, 'bin', 'wasm-bindgen')
}

const tc = toolchain()
console.error(`bughouse wasm: toolchain ${tc.name}`)
const profile = debug ? 'debug' : 'release'
const rustflags = [tc.env.RUSTFLAGS || '', `-C link-arg=-zstack-size=${STACK_BYTES}`].join(' ').trim()
const cargoArgs = ['build', '--target', TARGET, ...tc.extra, '--lib', '--message-format=json-render-diagnostics']
if (!debug) cargoArgs.push('--release')
const built = run(tc.cargo, cargoArgs, { env: { ...tc.env, RUSTFLAGS: rustflags }, stdio: ['ignore', 'pipe', 'inherit'] })
let wasm = null
for (const line of built.stdout.split('\n')) {
  if (!line.startsWith('{')) continue
  const msg = JSON.parse(line)
  if (msg.reason === 'compiler-artifact' && msg.target.name === 'bughouse_wasm') {
    wasm = msg.filenames.find((f) => f.endsWith('.wasm')) ?? wasm
  }
}
if (!wasm) fail(`cargo built no bughouse_wasm.wasm (${profile})`)

const bindgen = wasmBindgen()
mkdirSync(pkgDir, { recursive: true })
const scratch = join(pkgDir, `.build-${process.pid}`)
run(bindgen, [wasm, '--out-dir', scratch, '--out-name', 'bughouse', '--target', 'web', '--no-typescript'])
// Rename into place: a server reading the old files keeps whole ones.
// The glue is an ES module: .mjs, whatever the package's "type".
renameSync(join(scratch, 'bughouse_bg.wasm'), join(pkgDir, 'bughouse_bg.wasm'))
renameSync(join(scratch, 'bughouse.js'), join(pkgDir, 'bughouse.mjs'))
spawnSync('rm', ['-rf', scratch])

// Drops the custom sections nobody runs (function names for stack traces,
// producers, target features): about 8 KiB gzipped. Stack traces then show
// wasm-function[N]; `--debug` keeps them.
function stripCustomSections(wasm) {
  const keep = [wasm.subarray(0, 8)]
  let i = 8
  const leb = () => {
    let value = 0
    let shift = 0
    for (;;) {
      const b = wasm[i++]
      value += (b & 0x7f) * 2 ** shift
      shift += 7
      if (b < 0x80) return value
    }
  }
  while (i < wasm.length) {
    const start = i
    const id = wasm[i++]
    const size = leb()
    const end = i + size
    if (id !== 0) keep.push(wasm.subarray(start, end))
    i = end
  }
  return Buffer.concat(keep)
}
if (!debug) {
  const file = join(pkgDir, 'bughouse_bg.wasm')
  writeFileSync(file, stripCustomSections(readFileSync(file)))
}

const bytes = readFileSync(join(pkgDir, 'bughouse_bg.wasm'))
const kb = (n) => `${(n / 1024).toFixed(1)} KiB`
console.error(
  `bughouse wasm: built ${join(pkgDir, 'bughouse_bg.wasm')}: ${kb(bytes.length)} raw, ` +
    `${kb(gzipSync(bytes, { level: 9 }).length)} gzipped (level 9)`,
)
