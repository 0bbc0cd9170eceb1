// The WebAssembly build's worker pool (wasm/bot-pool.mjs) on fake workers:
// its bound, its queue order, cancelling a queued and a running search (the
// worker terminated, a new one made for the next), a failing worker. The
// real workers are tested in Chromium (__browser__/bot.test.mjs) and in
// Node through botMoveAsync.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'

import { makePool, poolSize } from '../wasm/bot-pool.mjs'

/** Fake workers that answer only when told; what each was sent is kept. */
function fakes() {
  const workers = []
  const spawnWorker = (onReply, onFailure) => {
    const w = { sent: [], terminated: false, onReply, onFailure }
    w.handle = {
      post: (msg) => w.sent.push(msg),
      terminate: () => (w.terminated = true),
      busy() {},
      idle() {},
    }
    workers.push(w)
    return w.handle
  }
  /** Worker `w` answers its current search with `found`. */
  const answer = (w, found) => w.onReply({ id: w.sent.at(-1).id, found })
  return { workers, spawnWorker, answer }
}

const settled = (promise) => {
  const state = { done: false, value: undefined, error: undefined }
  promise.then(
    (v) => Object.assign(state, { done: true, value: v }),
    (e) => Object.assign(state, { done: true, error: e }),
  )
  return state
}
const tick = () => new Promise((resolve) => setImmediate(resolve))

describe('the WebAssembly build’s search pool', () => {
  it('is bounded as the addon’s pool: cores − 1, at least 1, at most 4', () => {
    assert.deepEqual([1, 2, 3, 4, 5, 8, 64].map(poolSize), [1, 1, 2, 3, 4, 4, 4])
    assert.equal(poolSize(undefined), 1)
  })

  it('starts workers on demand up to its size, sends each the module once, queues the rest in order', async () => {
    const f = fakes()
    const pool = makePool({ module: 'MODULE', spawnWorker: f.spawnWorker, size: 2 })
    const searches = ['s1', 's2', 's3', 's4'].map((name) => pool.search({ name }))
    assert.equal(f.workers.length, 2)
    for (const w of f.workers) assert.deepEqual(w.sent[0], { module: 'MODULE' })
    assert.deepEqual(
      f.workers.map((w) => w.sent[1].name),
      ['s1', 's2'],
    )
    f.answer(f.workers[1], 'e2e4')
    assert.equal(await searches[1].promise, 'e2e4')
    // The freed worker takes the first queued search, no new worker.
    assert.equal(f.workers[1].sent.at(-1).name, 's3')
    f.answer(f.workers[0], 'd2d4')
    assert.equal(f.workers[0].sent.at(-1).name, 's4')
    assert.equal(f.workers.length, 2)
    assert.equal(f.workers[0].sent.filter((m) => m.module).length, 1)
  })

  it('cancel: a queued search leaves the queue; a running one’s worker is terminated and replaced', async () => {
    const f = fakes()
    const pool = makePool({ module: 'M', spawnWorker: f.spawnWorker, size: 1 })
    const running = pool.search({ name: 'running' })
    const queued = pool.search({ name: 'queued' })
    const after = pool.search({ name: 'after' })
    pool.cancel(queued.job)
    pool.cancel(running.job)
    assert.equal(f.workers[0].terminated, true)
    // The next queued search goes to a new worker; the cancelled ones never settle.
    assert.equal(f.workers.length, 2)
    assert.equal(f.workers[1].sent.at(-1).name, 'after')
    const states = [settled(running.promise), settled(queued.promise)]
    f.answer(f.workers[1], 'g1f3')
    assert.equal(await after.promise, 'g1f3')
    await tick()
    assert.deepEqual(
      states.map((s) => s.done),
      [false, false],
    )
    // A late reply of the terminated worker changes nothing.
    f.workers[0].onReply({ id: running.job.id, found: 'a2a3' })
    await tick()
    assert.equal(states[0].done, false)
  })

  it('a worker that fails rejects its search and is replaced; errors from the engine keep their code', async () => {
    const f = fakes()
    const pool = makePool({ module: 'M', spawnWorker: f.spawnWorker, size: 1 })
    const first = pool.search({ name: 'first' })
    const second = pool.search({ name: 'second' })
    f.workers[0].onFailure('out of memory')
    await assert.rejects(first.promise, /the search worker failed: out of memory/)
    assert.equal(f.workers[0].terminated, true)
    assert.equal(f.workers[1].sent.at(-1).name, 'second')
    f.workers[1].onReply({ id: f.workers[1].sent.at(-1).id, error: { message: 'no', code: 'ERR_NOT_YOUR_TURN' } })
    await assert.rejects(second.promise, (e) => e.code === 'ERR_NOT_YOUR_TURN' && e.message === 'no')
  })
})
