// readBpgnStream: the records readBpgn gives, read from a file or a stream
// in batches on the engine's pool, the event loop free meanwhile. Speed is
// measured in bench/bench_bpgn_stream.mjs, never here.
import assert from 'node:assert/strict'
import { readFileSync, readdirSync, statSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { describe, it } from 'node:test'
import { fileURLToPath, pathToFileURL } from 'node:url'

import { readBpgn, readBpgnStream } from '../index.mjs'

// The WebAssembly build (make test-node-wasm) reads streams and iterables,
// not file paths (a browser has none: wasm/gaps.mjs), and has no threads:
// its batches are replayed on the calling thread, between which it yields.
const WASM = Boolean(process.env.BUGHOUSE_AS_WASM)

const CORPUS = fileURLToPath(new URL('../../bughouse-core/tests/data/corpus/', import.meta.url))

function corpusFiles(dir = CORPUS) {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name)
      if (statSync(path).isDirectory()) return corpusFiles(path)
      return /\.(bpgn|pgn)$/.test(name) ? [path] : []
    })
}

/** Every record's plain fields and the replayed moves or position. */
function summary(rec) {
  const { game, board, ...fields } = rec
  return { ...fields, after: rec.bughouse ? rec.game.bfen() : rec.board.fen() }
}

async function collect(iterable) {
  const out = []
  for await (const rec of iterable) out.push(rec)
  return out
}

/** `bytes` in chunks of `size`. */
function* chunks(bytes, size) {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size)
}

describe('readBpgnStream', () => {
  // The whole corpus (bughouse and crazyhouse, FICS, chess.com, lichess) in one text.
  const archive = Buffer.concat(corpusFiles().map((f) => Buffer.concat([readFileSync(f), Buffer.from('\n\n')])))
  const expected = readBpgn(archive).map(summary)

  it('gives what readBpgn gives, batch cuts anywhere (numbers and lines run on)', async () => {
    assert.ok(expected.length > 1000)
    for (const [chunk, batchBytes] of [
      [archive.length, undefined],
      [65_536, 100_000],
      [997, 5_000],
    ]) {
      const got = await collect(readBpgnStream(chunks(archive, chunk), { batchBytes }))
      assert.deepEqual(got.map(summary), expected, `chunks of ${chunk}, batches of ${batchBytes}`)
    }
    // A cut at every record, from chunks of 13 bytes.
    const head = archive.subarray(0, 60_000)
    const some = await collect(readBpgnStream(chunks(head, 13), { batchBytes: 1 }))
    assert.deepEqual(some.map(summary), readBpgn(head).map(summary))
  })

  it('reads a file by path or URL', { skip: WASM && 'the WebAssembly build reads no file paths (wasm/gaps.mjs)' }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bughouse-stream-'))
    try {
      const file = join(dir, 'archive.bpgn')
      writeFileSync(file, archive)
      for (const source of [file, pathToFileURL(file)]) {
        const got = await collect(readBpgnStream(source, { batchBytes: 50_000 }))
        assert.equal(got.length, expected.length)
        assert.deepEqual(got.at(-1).tags, expected.at(-1).tags)
      }
      await assert.rejects(collect(readBpgnStream(join(dir, 'missing.bpgn'))), (e) => e.code === 'ENOENT')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('reads a Readable, a web ReadableStream and strings', async () => {
    for (const source of [Readable.from(chunks(archive, 4096)), Readable.toWeb(Readable.from(chunks(archive, 4096))), [archive.toString('latin1')]]) {
      const got = await collect(readBpgnStream(source, { batchBytes: 50_000 }))
      assert.equal(got.length, expected.length)
      assert.deepEqual(got.at(-1).tags, expected.at(-1).tags)
    }
  })

  it('the event loop runs while a batch is read', async () => {
    let ticks = 0
    const timer = setInterval(() => ticks++, 1)
    let records = 0
    // Eight copies of the corpus, in one batch each: read off the main
    // thread (the addon); in batches, yielding between them (WebAssembly).
    const big = Buffer.concat(Array(8).fill(archive))
    const source = WASM ? chunks(big, 65_536) : [big]
    for await (const rec of readBpgnStream(source, { batchBytes: WASM ? 256 << 10 : big.length })) if (rec.number > 0) records++
    clearInterval(timer)
    assert.equal(records, 8 * expected.length)
    assert.ok(ticks > 0, 'no timer ran while the archive was read')
  })

  it('refuses what is not a source, and text with no game at the end', async () => {
    for (const source of [42, null, undefined, {}, Symbol('s')]) {
      await assert.rejects(collect(readBpgnStream(source)), (e) => e.code === 'ERR_INVALID_ARG_TYPE')
    }
    await assert.rejects(collect(readBpgnStream([42])), (e) => e.code === 'ERR_INVALID_ARG_TYPE')
    await assert.rejects(collect(readBpgnStream(['hello world'])), (e) => e.code === 'ERR_INVALID_BPGN')
    await assert.rejects(collect(readBpgnStream([], { batchBytes: 0 })), (e) => e.code === 'ERR_OUT_OF_RANGE')
    await assert.rejects(collect(readBpgnStream([], { batch: 5 })), (e) => e.code === 'ERR_INVALID_ARG_VALUE')
    assert.deepEqual(await collect(readBpgnStream([])), [])
  })
})
