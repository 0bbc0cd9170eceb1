// What the WebAssembly build does not have, in one place. Both builds wrap
// one JavaScript-facing layer (bughouse-node/js-shared: the checks, codes,
// messages and shapes), so a method is added once; the surface test
// (__test__/surface.test.mjs) allows exactly the differences listed here and
// fails when one closes, so the list stays exact. The Makefile's
// test-node-wasm runs the whole node suite against this build but the files
// in WASM_SUITE_GAPS there.
//
// None of the exports, members or statics is missing. What a browser
// cannot have, by design rather than as a gap:
// - readBpgnStream(path or file: URL): a browser has no files; the
//   WebAssembly build reads web ReadableStreams, Node Readables and (async)
//   iterables (in Node, `fs.createReadStream(path)` is such a source).
//   __test__/bpgn-stream.test.mjs skips the path test under it, saying so.
// - readBpgnStream's batches off the main thread: WebAssembly here has no
//   threads, so a batch is replayed on the calling thread and the stream
//   yields to the event loop between batches (the addon uses its pool).
// - Stopping a running search with the core's stop flag: the workers share
//   no memory with the page, so an abort terminates the search's worker and
//   starts another (wasm/bot-pool.mjs); the promise still rejects at once.
//   __test__/pool.test.mjs skips its "pool free within milliseconds" test
//   under it, saying so.
export const NATIVE_ONLY_EXPORTS = []
export const NATIVE_ONLY_GAME_MEMBERS = []
export const NATIVE_ONLY_GAME_STATICS = []
