// The WebAssembly build in Node: what `import 'bughouse'` gets where no
// native addon fits (the "bughouse-wasm" condition forces it:
// `node --conditions=bughouse-wasm`). Compiled and instantiated
// synchronously from the file beside it; `botMoveAsync` searches in a
// worker thread that does not keep the process alive.
import { readFileSync } from 'node:fs'
import os from 'node:os'
import { Worker } from 'node:worker_threads'

import * as glue from './pkg/bughouse.mjs'
import { makeApi, prime } from './api.mjs'

const module = new WebAssembly.Module(readFileSync(new URL('./pkg/bughouse_bg.wasm', import.meta.url)))
const { memory } = glue.initSync({ module })

function spawnWorker(onReply, onFailure) {
  const worker = new Worker(new URL('./bot-worker.node.mjs', import.meta.url))
  worker.on('message', onReply)
  worker.on('error', (e) => onFailure(String(e && e.message)))
  worker.unref()
  // Referenced only while a search is pending: an awaited search keeps the
  // process alive, an idle worker does not.
  return {
    post: (msg) => worker.postMessage(msg),
    terminate: () => void worker.terminate(),
    busy: () => worker.ref(),
    idle: () => worker.unref(),
  }
}

const api = makeApi(glue, { module, memory, spawnWorker, parallelism: os.availableParallelism?.() ?? os.cpus().length })
prime(api)

export const { Board, Game, perft, readBpgn, readBpgnStream } = api
export default api
