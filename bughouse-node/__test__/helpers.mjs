// Shared test helpers.
import assert from 'node:assert/strict'
import { Worker } from 'node:worker_threads'

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

/** Every `code` the package throws on purpose (the `ErrorCode` type). */
export const CODES = new Set([
  'ERR_INVALID_FEN',
  'ERR_INVALID_MOVE',
  'ERR_ILLEGAL_MOVE',
  'ERR_AMBIGUOUS_MOVE',
  'ERR_NOT_YOUR_TURN',
  'ERR_GAME_OVER',
  'ERR_NO_SITS_LEFT',
  'ERR_INVALID_BPGN',
  'ERR_TIME_WENT_BACKWARDS',
  'ERR_TIMESTAMP_REQUIRED',
  'ERR_SIT_IN_LIVE_GAME',
  'ERR_NOT_HUMAN',
  'ERR_INVALID_ARG_VALUE',
  'ERR_INVALID_ARG_TYPE',
  'ERR_OUT_OF_RANGE',
  'ERR_EMPTY_HISTORY',
  'ERR_NO_SEARCH_THREAD',
  'ERR_DISPOSED',
  'ERR_STALE_SEARCH',
  'ERR_INVALID_THIS',
  'ERR_CONSTRUCT_CALL_REQUIRED',
  'ABORT_ERR',
])

/** Calls fn; if it throws, the error must be an Error with one of our codes. */
export function ourErrorOrValue(fn) {
  try {
    return fn()
  } catch (e) {
    assert.ok(e instanceof Error, String(e))
    assert.ok(CODES.has(e.code), `unexpected code ${e.code}: ${e.message}`)
    return undefined
  }
}

/** A small deterministic PRNG (mulberry32), so failures reproduce. */
export function rng(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const ALPHABET = 'rnbqkpRNBQKP12345678/[]~ wb-KQkqabcdefgh@=+#x0\u0000é\u{1F600}|'

/** `base` with 1 to 4 random characters deleted, inserted or replaced (from `alphabet`). */
export function mutate(rand, base, alphabet = ALPHABET) {
  const chars = [...base]
  const edits = 1 + Math.floor(rand() * 4)
  for (let i = 0; i < edits; i++) {
    const at = Math.floor(rand() * (chars.length + 1))
    const c = alphabet[Math.floor(rand() * alphabet.length)]
    const op = rand()
    if (op < 0.4) chars.splice(at, 1)
    else if (op < 0.7) chars.splice(at, 0, c)
    else chars[at] = c
  }
  return chars.join('')
}

/**
 * Runs `source` (CommonJS, posting one message to `parentPort`)
 * in a Worker with a 512 KiB stack; resolves to its one message and exit
 * code. For searches that must not need the caller's stack.
 */
export async function inSmallStackWorker(source) {
  const worker = new Worker(source, { eval: true, resourceLimits: { stackSizeMb: 0.5 } })
  const [message, code] = await Promise.all([
    new Promise((resolve, reject) => {
      worker.once('message', resolve)
      worker.once('error', reject)
    }),
    new Promise((resolve) => worker.once('exit', resolve)),
  ])
  return { message, code }
}

/**
 * Starts `search()` (a promise) and reports whether it was still pending
 * after one turn of the event loop, with what it resolved to. A search that
 * ran on this thread would be done before any other callback ran; a million
 * nodes take far longer than one turn of the loop.
 */
export async function pendingAfterOneTurn(search) {
  let settled = false
  const running = search().then((value) => {
    settled = true
    return value
  })
  await new Promise((resolve) => setImmediate(resolve))
  const stillPending = !settled
  return { stillPending, value: await running }
}
