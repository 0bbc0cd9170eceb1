// Start-up and perft speed of the WebAssembly build in Node (wasm/pkg/,
// `node wasm/build.mjs` first): what a page pays before its first answer.
//
//   compile      new WebAssembly.Module of bughouse_bg.wasm
//   instantiate  glue.initSync: instantiation and the start function (which,
//                with the core's `runtime-tables`, fills the attack tables)
//   first call   perft 3 from the start, the module's very first call (V8
//                compiles a function lazily on its first call)
//   warm call    the same call, best of 20 afterwards
//   perft 4      start and a pocket position, best of 5, in leaves per second
//
// Run: node bench/bench_wasm_startup.mjs [path/to/pkg]
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

const pkg = resolve(process.argv[2] ?? join(import.meta.dirname, '..', 'wasm', 'pkg'))
const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1'
const POCKET = 'r2qk2r/ppp2ppp/4p3/4P3/1b1Pn3/2N5/PPP2PPP/R2QK2R[NBPnb] b KQkq - 0 1'
const ms = (t) => `${t.toFixed(2)} ms`
const now = () => performance.now()

const glue = await import(pathToFileURL(join(pkg, 'bughouse.mjs')).href)
const bytes = readFileSync(join(pkg, 'bughouse_bg.wasm'))
let t = now()
const module = new WebAssembly.Module(bytes)
const compile = now() - t
t = now()
glue.initSync({ module })
const instantiate = now() - t
t = now()
const first = glue.perft(START, 3)
const firstCall = now() - t
let warm = Infinity
for (let i = 0; i < 20; i++) {
  t = now()
  if (glue.perft(START, 3) !== first) throw new Error('perft 3 changed')
  warm = Math.min(warm, now() - t)
}
console.log(`wasm: ${pkg} (${(bytes.length / 1024).toFixed(1)} KiB raw)`)
console.log(`compile ${ms(compile)}, instantiate+start ${ms(instantiate)}`)
console.log(`perft 3 start (${first} leaves): first call ${ms(firstCall)}, warm ${ms(warm)}, ratio ${(firstCall / warm).toFixed(2)}`)
for (const [name, fen] of [['start', START], ['pocket', POCKET]]) {
  let best = Infinity
  let leaves = 0
  for (let i = 0; i < 5; i++) {
    t = now()
    leaves = glue.perft(fen, 4)
    best = Math.min(best, now() - t)
  }
  console.log(`perft 4 ${name}: ${leaves} leaves, best ${ms(best)}, ${(leaves / best / 1000).toFixed(1)} M leaves/s`)
}
