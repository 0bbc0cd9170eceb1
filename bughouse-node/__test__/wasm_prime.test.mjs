// prime() (wasm/api.mjs) warms the WebAssembly build at load by calling
// every method once and the hot paths in a loop; it swallows errors so
// that warming can never stop the package from loading. This checks that
// none of its calls fails, so a renamed method or a changed argument does
// not silently leave a path cold.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'

import * as wasm from '../wasm/index.node.mjs'
import { prime } from '../wasm/api.mjs'

describe('the WebAssembly build warms up at load', () => {
  it('prime() makes every call it means to, without an error', () => {
    const { rounds, failed } = prime(wasm, { minGroups: 1, maxMs: 0 })
    assert.deepEqual(failed, [])
    assert.ok(rounds >= 1)
  })
})
