// The committed index.d.ts type-checks against a usage of the whole API
// (__test__/types/usage.ts), including the calls it must refuse.
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { describe, it } from 'node:test'

import { CODES } from './helpers.mjs'

const require = createRequire(import.meta.url)
const read = (path) => readFileSync(new URL(path, import.meta.url), 'utf8')
const codesIn = (text) => new Set(text.match(/\b(?:ERR_[A-Z_]+|ABORT_ERR)\b/g))

describe('TypeScript declarations', () => {
  it('usage.ts type-checks against index.d.ts', () => {
    const tsc = require.resolve('typescript/bin/tsc')
    const project = fileURLToPath(new URL('./types/tsconfig.json', import.meta.url))
    const r = spawnSync(process.execPath, [tsc, '-p', project], { encoding: 'utf8' })
    assert.equal(r.status, 0, r.stdout + r.stderr)
  })
})

describe('error codes', () => {
  it('the ErrorCode type lists exactly the codes of js-shared/src/error.rs, index.js and lib/common.mjs', () => {
    const dts = read('../index.d.ts')
    const union = dts.slice(dts.indexOf('export type ErrorCode'), dts.indexOf('export interface BughouseError'))
    // The core's codes (one vocabulary with Python), the binding's own, the JavaScript layer's.
    const core = read('../../bughouse-core/src/error.rs')
    const thrown = new Set([...codesIn(core), ...codesIn(read('../js-shared/src/error.rs')), ...codesIn(read('../index.js')), ...codesIn(read('../lib/common.mjs'))])
    assert.deepEqual([...codesIn(union)].sort(), [...thrown].sort())
    assert.deepEqual([...CODES].sort(), [...thrown].sort())
  })
})
