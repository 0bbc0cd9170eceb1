// The committed index.d.ts type-checks against a usage of the whole API
// (__test__/types/usage.ts), including the calls it must refuse.
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { describe, it } from 'node:test'

const require = createRequire(import.meta.url)

describe('TypeScript declarations', () => {
  it('usage.ts type-checks against index.d.ts', () => {
    const tsc = require.resolve('typescript/bin/tsc')
    const project = fileURLToPath(new URL('./types/tsconfig.json', import.meta.url))
    const r = spawnSync(process.execPath, [tsc, '-p', project], { encoding: 'utf8' })
    assert.equal(r.status, 0, r.stdout + r.stderr)
  })
})
