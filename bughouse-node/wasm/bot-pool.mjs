// The computer player's workers for the WebAssembly build: what the addon's
// search pool (../src/pool.rs) is to botMoveAsync in Node, made of Web
// Workers in browsers and worker threads in Node (WebAssembly here has no
// threads of its own).
//
// - Bounded as the addon's pool: one worker per core but one (the page or
//   the event loop keeps one), at least one, at most four
//   (`poolSize(parallelism)`). Workers start on demand, are kept while idle
//   (a search after the first pays no start-up) and each gets the compiled
//   module once.
// - One search per worker at a time; more wait in a queue, first come first
//   served.
// - `cancel(job)`: a queued search leaves the queue; a running one ends at
//   once with its worker, which is terminated (a WebAssembly search cannot
//   be interrupted from outside) and replaced on the next search. Its answer
//   is never delivered.
// - A worker that fails (its script cannot load, it runs out of memory)
//   rejects its search and is replaced; the others go on.

/** The most searches that run at once, as the addon's `pool::threads()`. */
export function poolSize(parallelism) {
  const n = Number.isInteger(parallelism) ? parallelism : 2
  return Math.min(4, Math.max(1, n - 1))
}

/**
 * `spawnWorker(onReply, onFailure)` → `{ post, terminate, busy, idle }`:
 * the environment's worker (see index.browser.mjs, index.node.mjs).
 */
export function makePool({ module, spawnWorker, size }) {
  const idle = []
  const queue = []
  let running = 0 // workers that exist (busy or idle)
  let nextId = 1

  function spawn() {
    const worker = { job: null, handle: null }
    worker.handle = spawnWorker(
      (reply) => finish(worker, reply),
      (message) => fail(worker, message),
    )
    worker.handle.post({ module })
    running++
    return worker
  }

  function startNext() {
    while (queue.length > 0) {
      let worker = idle.pop()
      if (worker === undefined) {
        if (running >= size) return
        worker = spawn()
      }
      const job = queue.shift()
      worker.job = job
      job.worker = worker
      worker.handle.busy()
      worker.handle.post({ id: job.id, ...job.request })
    }
  }

  function release(worker) {
    worker.job = null
    worker.handle.idle()
    idle.push(worker)
    startNext()
  }

  function retire(worker) {
    worker.handle.terminate()
    running--
    const i = idle.indexOf(worker)
    if (i >= 0) idle.splice(i, 1)
  }

  function finish(worker, reply) {
    const job = worker.job
    if (job === null || job.id !== reply.id) return
    release(worker)
    if (reply.error) {
      const e = new Error(reply.error.message)
      if (reply.error.code) e.code = reply.error.code
      job.reject(e)
    } else job.resolve(reply.found)
  }

  function fail(worker, message) {
    const job = worker.job
    retire(worker)
    if (job !== null) job.reject(new Error(`botMoveAsync: the search worker failed: ${message}`))
    startNext()
  }

  return {
    /** A search: `{ promise, job }`; `request` is what the worker reads. */
    search(request) {
      const job = { id: nextId++, request, worker: null, resolve: null, reject: null }
      const promise = new Promise((resolve, reject) => {
        job.resolve = resolve
        job.reject = reject
      })
      queue.push(job)
      startNext()
      return { promise, job }
    },
    /** Ends `job` now (see the file comment); its promise never settles. */
    cancel(job) {
      const i = queue.indexOf(job)
      if (i >= 0) {
        queue.splice(i, 1)
        return
      }
      const worker = job.worker
      if (worker === null || worker.job !== job) return
      worker.job = null
      retire(worker)
      startNext()
    },
  }
}
