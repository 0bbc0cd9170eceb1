// Shared test helpers.
import assert from 'node:assert/strict'

/** Asserts that `fn` throws an `Error` whose `code` is `code` and whose message matches `message` (if given). */
export function throwsCode(fn, code, message) {
  assert.throws(fn, (e) => {
    assert.ok(e instanceof Error, `expected an Error, got ${e}`)
    assert.equal(e.code, code, `code of: ${e.message}`)
    assert.ok(e.message.length > 0)
    if (message) assert.match(e.message, message)
    return true
  })
}

export const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1'
