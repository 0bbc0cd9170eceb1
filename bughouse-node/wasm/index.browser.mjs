// The package in browsers and bundlers (the "browser" export condition):
// the WebAssembly build, loaded once with top-level await, so the API is
// synchronous after `import` as in Node. Vite, esbuild and webpack resolve
// the two `new URL(…, import.meta.url)` (the .wasm and the worker); a plain
// <script type="module"> page imports this file by path.
import * as glue from './pkg/bughouse.mjs'
import { makeApi, prime } from './api.mjs'

const url = new URL('./pkg/bughouse_bg.wasm', import.meta.url)
const module =
  typeof WebAssembly.compileStreaming === 'function'
    ? await WebAssembly.compileStreaming(fetch(url))
    : await WebAssembly.compile(await (await fetch(url)).arrayBuffer())
const { memory } = await glue.default({ module_or_path: module })

function spawnWorker(onReply, onFailure) {
  const worker = new Worker(new URL('./bot-worker.browser.mjs', import.meta.url), { type: 'module' })
  worker.addEventListener('message', (event) => onReply(event.data))
  worker.addEventListener('error', (event) => {
    event.preventDefault()
    onFailure(event.message || 'the worker script failed to load')
  })
  return { post: (msg) => worker.postMessage(msg), terminate: () => worker.terminate(), busy() {}, idle() {} }
}

const parallelism = typeof navigator === 'object' ? navigator.hardwareConcurrency : undefined
const api = makeApi(glue, { module, memory, spawnWorker, parallelism })
prime(api)

export const { Board, Game, perft, readBpgn, readBpgnStream } = api
export default api
