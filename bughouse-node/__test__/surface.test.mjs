// One API in two builds: the native addon (index.js) and the WebAssembly
// build (wasm/index.node.mjs) export the same names, the same classes with
// the same public methods and getters, and every member index.d.ts declares
// exists in both. Internal `_`-prefixed members are each layer's own. Runs
// only where the WebAssembly build is built (`node wasm/build.mjs`); the
// Makefile's test-node-wasm builds it first.
import assert from 'node:assert/strict'
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { describe, it } from 'node:test'

const require = createRequire(import.meta.url)
const wasmBuilt = existsSync(new URL('../wasm/pkg/bughouse_bg.wasm', import.meta.url))
// Under wasm/as-wasm.cjs `../index.js` is the WebAssembly build too.
const skip = process.env.BUGHOUSE_AS_WASM ? 'both builds are the WebAssembly one here' : !wasmBuilt && 'wasm/pkg not built'
const native = require('../index.js')
const wasm = skip ? null : (await import('../wasm/index.node.mjs')).default

/** Public members of a prototype or class: name → 'method' | 'getter' | 'value'. */
function members(obj) {
  const out = {}
  for (const name of Object.getOwnPropertyNames(obj)) {
    if (name.startsWith('_') || ['constructor', 'length', 'name', 'prototype', 'caller', 'arguments'].includes(name)) continue
    const d = Object.getOwnPropertyDescriptor(obj, name)
    out[name] = d.get ? 'getter' : typeof d.value === 'function' ? 'method' : 'value'
  }
  return out
}

/** Class and interface members and exported functions declared in index.d.ts. */
function declared() {
  const ts = require('typescript')
  const file = new URL('../index.d.ts', import.meta.url)
  const source = ts.createSourceFile('index.d.ts', readFileSync(file, 'utf8'), ts.ScriptTarget.Latest)
  const out = { Board: new Set(), Game: new Set(), functions: new Set() }
  for (const node of source.statements) {
    const name = node.name && node.name.text
    if ((ts.isClassDeclaration(node) || ts.isInterfaceDeclaration(node)) && name in out) {
      for (const m of node.members) {
        if (!m.name || ts.isConstructorDeclaration(m)) continue
        out[name].add(m.name.text)
      }
    } else if (ts.isFunctionDeclaration(node) && name) out.functions.add(name)
  }
  return out
}

describe('the native and WebAssembly builds have one surface', { skip }, () => {
  it('export the same names', () => {
    assert.deepEqual(Object.keys(wasm).sort(), Object.keys(native).sort())
  })

  for (const cls of ['Board', 'Game']) {
    it(`${cls}: the same public methods and getters`, () => {
      assert.deepEqual(members(wasm[cls].prototype), members(native[cls].prototype))
    })
    it(`${cls}: the same static members`, () => {
      assert.deepEqual(members(wasm[cls]), members(native[cls]))
    })
  }

  it('every member index.d.ts declares exists in both builds', () => {
    const d = declared()
    for (const build of [native, wasm]) {
      for (const cls of ['Board', 'Game']) {
        for (const name of d[cls]) {
          const has = name in build[cls].prototype || name in build[cls]
          assert.ok(has, `${cls}.${name} declared but missing in the ${build === native ? 'native' : 'WebAssembly'} build`)
        }
      }
      for (const name of d.functions) assert.equal(typeof build[name], 'function', name)
    }
  })

  it('the same answers and error codes for the same calls', () => {
    const calls = [
      (api) => new api.Board().legalMovesSan(),
      (api) => [...new api.Board('r3k2r/8/8/8/8/8/8/R3K2R[Nn] w KQkq - 0 1').dests()],
      (api) => [...new api.Board('4k3/8/8/8/8/8/8/4K3[NPq] w - - 0 1').dropDests()],
      (api) => new api.Board('4k3/8/8/8/8/8/4r3/4K3[] w - - 0 1').checkers(),
      (api) => new api.Board('4k3/8/8/8/8/8/4r3/4K3[] w - - 0 1').checkedKing(),
      (api) => new api.Board().attacks('g1'),
      (api) => {
        const b = new api.Board()
        b.push('e4')
        b.push('e5')
        const c = b.copy()
        c.pop()
        return [b.history(), b.lastMove(), c.history(), c.lastMove(), new api.Board().lastMove()]
      },
      (api) => new api.Board().push('e5'),
      (api) => new api.Board('nope'),
      (api) => new api.Board().attacks('z9'),
      (api) => new api.Game({ mode: 'turn' }).push('B', 'e4'),
      (api) => new api.Game().clock('A'),
      (api) => new api.Game({ mode: 'turn' }).toAct,
    ]
    const answer = (api, call) => {
      try {
        return { value: call(api) }
      } catch (e) {
        return { code: e.code, message: e.message }
      }
    }
    for (const call of calls) assert.deepEqual(answer(wasm, call), answer(native, call), call.toString())
  })
})

describe('Node without a native addon', { skip }, () => {
  it('require and import fall back to the WebAssembly build', async () => {
    const { cpSync, mkdtempSync, rmSync } = await import('node:fs')
    const { tmpdir } = await import('node:os')
    const { join } = await import('node:path')
    const { spawnSync } = await import('node:child_process')
    const dir = mkdtempSync(join(tmpdir(), 'bughouse-noaddon-'))
    try {
      const from = new URL('..', import.meta.url).pathname
      for (const f of ['package.json', 'index.js', 'index.mjs', 'scripts/platform.cjs', 'wasm']) {
        cpSync(join(from, f), join(dir, f), { recursive: true, filter: (p) => !p.includes('/wasm/target') && !p.includes('/wasm/src') })
      }
      const script = `
        const b = require('./index.js');
        import('./index.mjs').then((m) => {
          if (m.Board !== b.Board) throw new Error('two instances');
          console.log(JSON.stringify([new b.Board().legalMoves().length, typeof b.Game.prototype.botMoveAsync]));
        })`
      const r = spawnSync(process.execPath, ['-e', script], { cwd: dir, encoding: 'utf8' })
      assert.equal(r.status, 0, r.stderr)
      assert.deepEqual(JSON.parse(r.stdout), [20, 'function'])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
