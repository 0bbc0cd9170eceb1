// readBpgnStream against readBpgn over one large archive: the corpus's
// records (bughouse and crazyhouse) repeated to about 20 MB, written to a
// temporary file. Prints MB/s for each, and the event loop's longest stall
// while each ran (a 1 ms interval timer): the synchronous reader blocks for
// its whole run, the stream only between batches.
//
// Run: node bench/bench_bpgn_stream.mjs [--mb N]   (BB=bytes: another batch size)
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

import { readBpgn, readBpgnStream } from '../index.mjs'

const mbArg = process.argv.indexOf('--mb')
const targetMb = mbArg > 0 ? Number(process.argv[mbArg + 1]) : 20
const CORPUS = fileURLToPath(new URL('../../bughouse-core/tests/data/corpus/', import.meta.url))
function files(dir) {
  return readdirSync(dir).sort().flatMap((n) => {
    const p = join(dir, n)
    return statSync(p).isDirectory() ? files(p) : /\.(bpgn|pgn)$/.test(n) ? [p] : []
  })
}
const one = Buffer.concat(files(CORPUS).map((f) => Buffer.concat([readFileSync(f), Buffer.from('\n\n')])))
const copies = Math.max(1, Math.round((targetMb * 1e6) / one.length))
const archive = Buffer.concat(Array(copies).fill(one))
const dir = mkdtempSync(join(tmpdir(), 'bughouse-bench-'))
const file = join(dir, 'archive.pgn')
writeFileSync(file, archive)
const mb = archive.length / 1e6

/** Runs `fn`, measuring wall time and the event loop's longest stall. */
async function measure(fn) {
  let last = performance.now()
  let stall = 0
  const timer = setInterval(() => {
    const now = performance.now()
    stall = Math.max(stall, now - last)
    last = now
  }, 1)
  const started = performance.now()
  const records = await fn()
  const ms = performance.now() - started
  // One more turn of the loop, so a stall at the very end is seen.
  await new Promise((resolve) => setTimeout(resolve, 5))
  clearInterval(timer)
  return { records, ms, stall }
}

try {
  const sync = await measure(async () => readBpgn(readFileSync(file)).length)
  const stream = await measure(async () => {
    let n = 0
    for await (const rec of readBpgnStream(file, { batchBytes: Number(process.env.BB) || undefined })) if (rec.number > 0) n++
    return n
  })
  if (sync.records !== stream.records) throw new Error(`record counts differ: ${sync.records} vs ${stream.records}`)
  console.log(`archive: ${mb.toFixed(1)} MB, ${sync.records} records (the corpus ×${copies}), node ${process.version}`)
  for (const [name, r] of [['readBpgn (sync, file read first)', sync], [`readBpgnStream (file, ${process.env.BB ? `${process.env.BB} B` : '256 KiB'} batches)`, stream]]) {
    console.log(`${name.padEnd(40)} ${r.ms.toFixed(0).padStart(6)} ms  ${(mb / (r.ms / 1000)).toFixed(1).padStart(6)} MB/s  longest event-loop stall ${r.stall.toFixed(1)} ms`)
  }
} finally {
  rmSync(dir, { recursive: true, force: true })
}
