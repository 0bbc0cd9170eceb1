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
const { NATIVE_ONLY_EXPORTS, NATIVE_ONLY_GAME_MEMBERS, NATIVE_ONLY_GAME_STATICS } = await import('../wasm/gaps.mjs')

/** `members` less the known native-only gaps of `cls` (wasm/gaps.mjs), checked to be gaps still. */
function withoutGaps(all, gaps, build) {
  const out = { ...all }
  for (const name of gaps) {
    if (build === 'native') assert.ok(name in out, `${name}: not native any more, update wasm/gaps.mjs`)
    else assert.ok(!(name in out), `${name}: no longer a gap, update wasm/gaps.mjs`)
    delete out[name]
  }
  return out
}

/**
 * Public members of a prototype or class: name → 'method' | 'getter' | 'value'.
 * A class's static members are read up its constructor chain (index.js's
 * exported constructor inherits the addon class's statics), stopping at
 * Function.prototype.
 */
function members(obj) {
  const out = {}
  const chain = [obj]
  if (typeof obj === 'function') {
    for (let p = Object.getPrototypeOf(obj); p && p !== Function.prototype; p = Object.getPrototypeOf(p)) chain.push(p)
  }
  for (const link of chain) {
    for (const name of Object.getOwnPropertyNames(link)) {
      if (name in out || name.startsWith('_') || ['constructor', 'length', 'name', 'prototype', 'caller', 'arguments'].includes(name)) continue
      const d = Object.getOwnPropertyDescriptor(link, name)
      out[name] = d.get ? 'getter' : typeof d.value === 'function' ? 'method' : 'value'
    }
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
        // `[Symbol.dispose]()`: a computed name, checked as the symbol.
        if (ts.isComputedPropertyName(m.name)) {
          const text = m.name.expression.getText(source)
          if (text !== 'Symbol.dispose') throw new Error(`index.d.ts: unknown computed member ${text}`)
          out[name].add(Symbol.dispose)
        } else out[name].add(m.name.text)
      }
    } else if (ts.isFunctionDeclaration(node) && name) out.functions.add(name)
  }
  return out
}

describe('the native and WebAssembly builds have one surface', { skip }, () => {
  it('export the same names (but the known gaps of wasm/gaps.mjs, exactly)', () => {
    for (const name of NATIVE_ONLY_EXPORTS) assert.ok(name in native && !(name in wasm), `${name}: no longer a gap, update wasm/gaps.mjs`)
    const shared = Object.keys(native).filter((k) => !NATIVE_ONLY_EXPORTS.includes(k))
    assert.deepEqual(Object.keys(wasm).sort(), shared.sort())
  })

  for (const cls of ['Board', 'Game']) {
    const gaps = cls === 'Game' ? NATIVE_ONLY_GAME_MEMBERS : []
    const staticGaps = cls === 'Game' ? NATIVE_ONLY_GAME_STATICS : []
    it(`${cls}: the same public methods and getters`, () => {
      assert.deepEqual(
        withoutGaps(members(wasm[cls].prototype), gaps, 'wasm'),
        withoutGaps(members(native[cls].prototype), gaps, 'native')
      )
    })
    it(`${cls}: the same static members`, () => {
      assert.deepEqual(
        withoutGaps(members(wasm[cls]), staticGaps, 'wasm'),
        withoutGaps(members(native[cls]), staticGaps, 'native')
      )
    })
  }

  it('every member index.d.ts declares exists in both builds', () => {
    const d = declared()
    for (const build of [native, wasm]) {
      for (const cls of ['Board', 'Game']) {
        for (const name of d[cls]) {
          const gap = cls === 'Game' && [...NATIVE_ONLY_GAME_MEMBERS, ...NATIVE_ONLY_GAME_STATICS].includes(name)
          if (build === wasm && gap) continue
          const has = name in build[cls].prototype || name in build[cls]
          assert.ok(has, `${cls}.${String(name)} declared but missing in the ${build === native ? 'native' : 'WebAssembly'} build`)
        }
      }
      for (const name of d.functions) {
        if (build === wasm && NATIVE_ONLY_EXPORTS.includes(name)) continue
        assert.equal(typeof build[name], 'function', name)
      }
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
      (api) => new api.Board(undefined, { crazyhouse: true }).botMove({ nodes: 500, seed: 1 }),
      (api) => new api.Board().botMove({ nodes: 10, play: true, atMs: 1 }),
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
      for (const f of ['package.json', 'index.js', 'index.mjs', 'scripts/platform.cjs', 'lib', 'wasm']) {
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
