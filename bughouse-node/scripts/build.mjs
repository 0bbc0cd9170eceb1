#!/usr/bin/env node
// Builds the native addon `bughouse.<platform>.node` from the Rust sources.
//
// npm runs this as the package's `install` script, so `npm install
// /path/to/bughouse-node` (and `npm ci` inside it) builds the addon with
// nothing set up beyond the Rust toolchain. A folder install is a symlink:
// the build runs in the source tree, inside the Cargo workspace that holds
// bughouse-core.
//
//   node scripts/build.mjs            release build, leaves index.js / index.d.ts alone
//   node scripts/build.mjs --debug    debug build
//   node scripts/build.mjs --types    release build that also regenerates the
//                                     committed index.js and index.d.ts
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = dirname(dirname(fileURLToPath(import.meta.url)))
const args = new Set(process.argv.slice(2))

function fail(message) {
  console.error(`bughouse: ${message}`)
  process.exit(1)
}

// The napi CLI is a regular dependency. npm may have put it in this
// package's node_modules or, for a folder install, in the node_modules of the
// project that ran `npm install` (INIT_CWD); look in both.
function napiCli() {
  const bases = [join(here, 'package.json')]
  if (process.env.INIT_CWD) bases.push(join(process.env.INIT_CWD, 'package.json'))
  for (const base of bases) {
    try {
      const pkgPath = createRequire(base).resolve('@napi-rs/cli/package.json')
      const pkg = JSON.parse(readFileSync(pkgPath, 'utf8'))
      const bin = typeof pkg.bin === 'string' ? pkg.bin : pkg.bin.napi
      return join(dirname(pkgPath), bin)
    } catch {
      // try the next place
    }
  }
  return fail('cannot find @napi-rs/cli; run `npm install` in ' + here)
}

const cargo = spawnSync(process.env.CARGO || 'cargo', ['--version'], { encoding: 'utf8' })
if (cargo.status !== 0) {
  fail('building the native addon needs the Rust toolchain (cargo) on PATH: https://rustup.rs')
}

const build = [napiCli(), 'build', '--platform']
if (!args.has('--debug')) build.push('--release')
if (!args.has('--types')) {
  // Keep the committed loader and declarations as they are; the type
  // definitions still have to go somewhere, so into Cargo's target folder.
  build.push('--no-js', '--dts', '../target/napi-install/index.d.ts')
}
const run = spawnSync(process.execPath, build, { cwd: here, stdio: 'inherit' })
if (run.status !== 0) fail(`the native build failed (napi ${build.slice(1).join(' ')})`)
