// lib/common.mjs is the one source of the JavaScript both builds share;
// the addon's CommonJS loader requires it as lib/common.cjs, which
// scripts/build.mjs generates (scripts/commonjs.mjs). These tests fail when
// the generated file is stale (the source edited, no build since) and keep
// the converter honest: line for line, and refusing what it cannot read.
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { describe, it } from 'node:test'

import { SOURCE, TARGET, commonJsOf } from '../scripts/commonjs.mjs'
import * as shared from '../lib/common.mjs'

const require = createRequire(import.meta.url)
// Under wasm/as-wasm.cjs index.js is the WebAssembly build's entry, which
// requires an ES module by design (wasm/index.node.cjs).
const asWasm = process.env.BUGHOUSE_AS_WASM === '1'

describe('lib/common.cjs, generated from lib/common.mjs', () => {
  it('is what scripts/commonjs.mjs makes of the source now (else run `node scripts/build.mjs`)', () => {
    const expected = commonJsOf(readFileSync(SOURCE, 'utf8'), 'lib/common.mjs')
    assert.ok(readFileSync(TARGET, 'utf8') === expected, 'lib/common.cjs is stale: run `node scripts/build.mjs` (or `make test-node`)')
  })

  it('exports what the ES module exports, line for line with it', () => {
    const cjs = require(TARGET)
    assert.deepEqual(Object.keys(cjs).sort(), Object.keys(shared).sort())
    for (const name of Object.keys(shared)) assert.equal(typeof cjs[name], typeof shared[name], name)
    const source = readFileSync(SOURCE, 'utf8').split('\n')
    const generated = readFileSync(TARGET, 'utf8').split('\n')
    // The source's lines, then the exports: a stack trace's line is the source's.
    assert.equal(generated.length, source.length + 1)
    assert.match(generated[0], /^'use strict'; \/\* Generated from lib\/common\.mjs/)
    for (let i = 1; i < source.length - 1; i++) assert.equal(generated[i], source[i].replace(/^export /, ''), `line ${i + 1}`)
  })

  it('refuses a form it does not convert, naming the line', () => {
    for (const text of ["import { x } from './x.mjs'", 'export default 1', 'export { a }', 'const u = import.meta.url', "const m = import('./m.mjs')"]) {
      assert.throws(() => commonJsOf(`// a module\n${text}\n`, 'm.mjs'), (e) => e.message.startsWith('m.mjs:2: '), text)
    }
    assert.equal(commonJsOf('// m\nexport async function* f() {}\nexport const k = 1\nexport class C {}\n', 'm.mjs').split('\n').at(-2), 'module.exports = { f, k, C }')
  })

  it('lets require() load the addon where Node cannot require an ES module (Node 18, 20 before 20.19)', { skip: asWasm && 'index.js is the WebAssembly build here' }, () => {
    // --no-experimental-require-module: this Node as the older ones are.
    const script = `const b = require(${JSON.stringify(require.resolve('../index.js'))}); process.stdout.write(JSON.stringify([new b.Board().legalMoves().length, typeof b.Game.prototype.botMoveAsync, typeof b.readBpgnStream]))`
    const r = spawnSync(process.execPath, ['--no-experimental-require-module', '-e', script], { encoding: 'utf8' })
    assert.equal(r.status, 0, r.stderr)
    assert.deepEqual(JSON.parse(r.stdout), [20, 'function', 'function'])
  })
})
