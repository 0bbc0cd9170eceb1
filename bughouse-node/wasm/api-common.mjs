// What the WebAssembly build's JS layer (api.mjs) adds around the engine
// as index.js does around the addon: the classes need `new`
// (ERR_CONSTRUCT_CALL_REQUIRED), the record objects of `readBpgn` (a
// bughouse record's `game`, a crazyhouse record's `board`, each replayed
// when first read) and `readBpgnStream` over web streams and iterables. No
// rules here: the records, the cut between them and every check are the
// engine's (bughouse-node/js-shared, shared with the addon).

/** An error with one of our codes. */
export function codedError(Type, code, message) {
  const e = new Type(message)
  e.code = code
  return e
}

/** The type of a value, for messages: "a number", "null", "an instance of Game" (index.js's). */
export function describe(value) {
  if (value === null) return 'null'
  if (value === undefined) return 'undefined'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'object') {
    const name = value.constructor && value.constructor.name
    return name && name !== 'Object' ? `an instance of ${name}` : 'an object'
  }
  return /^[aeiou]/.test(typeof value) ? `an ${typeof value}` : `a ${typeof value}`
}

/**
 * The class `C` as a constructor that needs `new` (as index.js exports the
 * addon's): a plain function whose prototype is `C`'s, so `instanceof`
 * holds for every instance, also those the engine makes
 * (`game.board('A')`, `Game.fromJSON`), and whose statics are `C`'s.
 */
export function requireNew(C) {
  const Exported = function (a, b) {
    if (new.target === undefined) {
      throw codedError(TypeError, 'ERR_CONSTRUCT_CALL_REQUIRED', `class ${C.name} cannot be called without new`)
    }
    return new.target === Exported ? new C(a, b) : Reflect.construct(C, [a, b], new.target)
  }
  Object.defineProperty(Exported, 'name', { value: C.name })
  Exported.prototype = C.prototype
  Object.defineProperty(C.prototype, 'constructor', { value: Exported, writable: true, configurable: true, enumerable: false })
  Object.setPrototypeOf(Exported, C)
  return Exported
}

/** Defines an own, enumerable data property (a tag may be called `__proto__`). */
function define(obj, key, value) {
  Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true })
}

// readBpgnStream reads about this much text per batch (index.js's default).
const STREAM_BATCH_BYTES = 256 << 10

/** `readBpgn` and `readBpgnStream` over the engine's `glue`. */
export function makeReaders(glue) {
  /** One record object from what the engine found (`raw`) in `bytes`. */
  function makeRecord(raw, bytes, numberBefore, linesBefore) {
    const tags = {}
    const list = raw.tagList
    for (let i = 0; i < list.length; i += 2) {
      // The first of two tags with one name wins, as in the core's reader.
      if (!Object.hasOwn(tags, list[i])) define(tags, list[i], list[i + 1])
    }
    const record = {
      tags,
      game: null,
      board: null,
      error: raw.error,
      recordedEnding: raw.recordedEnding,
      recordedKind: raw.recordedKind,
      recordedLoser: raw.recordedLoser,
      movesReplayed: raw.movesReplayed,
      agrees: raw.agrees,
      bughouse: raw.bughouse,
      number: raw.number + numberBefore,
      line: raw.line + linesBefore,
    }
    // A copy of the record's own bytes: a large archive is not held whole.
    const source = bytes.slice(raw.start, raw.end)
    const [name, replay] = raw.bughouse ? ['game', glue._replayRecord] : ['board', glue._replayBoard]
    Object.defineProperty(record, name, {
      get() {
        const value = replay(source)
        define(record, name, value)
        return value
      },
      enumerable: true,
      configurable: true,
    })
    return record
  }

  function badSource(where, expected, value) {
    return codedError(TypeError, 'ERR_INVALID_ARG_TYPE', `${where}: ${expected}, got ${describe(value)}`)
  }

  /** The games of a BPGN archive (N4), as index.js's `readBpgn`. */
  function readBpgn(text) {
    let bytes
    if (typeof text === 'string') bytes = new TextEncoder().encode(text)
    else if (text instanceof Uint8Array) bytes = new Uint8Array(text) // a copy: the caller may reuse theirs
    else throw badSource('readBpgn', 'text must be a string or a Uint8Array', text)
    return glue._readBpgn(bytes).map((raw) => makeRecord(raw, bytes, 0, 0))
  }

  /** `readBpgnStream`'s `{ batchBytes }`, checked as index.js checks it. */
  function streamOptions(opts) {
    if (opts === undefined || opts === null) return STREAM_BATCH_BYTES
    if (typeof opts !== 'object') throw badSource('readBpgnStream', 'opts must be an object { batchBytes }', opts)
    for (const key of Object.keys(opts)) {
      if (key !== 'batchBytes') {
        throw codedError(Error, 'ERR_INVALID_ARG_VALUE', `readBpgnStream: opts has no option ${JSON.stringify(key.slice(0, 40))}: the options are batchBytes`)
      }
    }
    const { batchBytes } = opts
    if (batchBytes === undefined || batchBytes === null) return STREAM_BATCH_BYTES
    if (typeof batchBytes !== 'number') throw badSource('readBpgnStream', 'opts.batchBytes must be a number', batchBytes)
    if (!Number.isSafeInteger(batchBytes) || batchBytes < 1) {
      throw codedError(RangeError, 'ERR_OUT_OF_RANGE', `readBpgnStream: opts.batchBytes must be an integer from 1 to ${Number.MAX_SAFE_INTEGER}, got ${batchBytes}`)
    }
    return batchBytes
  }

  /** A web ReadableStream read through its reader (not every browser iterates one). */
  async function* readerChunks(stream) {
    const reader = stream.getReader()
    try {
      for (;;) {
        const { done, value } = await reader.read()
        if (done) return
        yield value
      }
    } finally {
      reader.releaseLock()
    }
  }

  /**
   * The chunks of a BPGN source: a web `ReadableStream`, a Node `Readable`
   * or any (async) iterable of bytes or strings. A file path or URL is the
   * addon's only (gaps.mjs: a browser has no files).
   */
  function chunksOf(source) {
    if (source !== null && typeof source === 'object') {
      if (typeof source[Symbol.asyncIterator] === 'function') return source
      if (typeof source.getReader === 'function') return readerChunks(source)
      if (typeof source[Symbol.iterator] === 'function' && typeof source !== 'string') return source
    }
    throw badSource('readBpgnStream', 'source must be an async iterable of bytes (a stream) or an iterable of them (the WebAssembly build reads no file paths)', source)
  }

  const concat = (parts, length) => {
    const out = new Uint8Array(length)
    let at = 0
    for (const p of parts) {
      out.set(p, at)
      at += p.length
    }
    return out
  }
  const countLines = (buf) => {
    let n = 0
    for (let i = buf.indexOf(0x0a); i >= 0; i = buf.indexOf(0x0a, i + 1)) n++
    return n
  }

  /**
   * The games of a BPGN archive read as a stream, as index.js's
   * `readBpgnStream`: batches of whole records (cut by the engine) replayed
   * between awaits, so a page stays responsive and memory holds one batch.
   * WebAssembly here has no threads: a batch is replayed on the calling
   * thread (the addon uses its pool).
   */
  async function* readBpgnStream(source, opts) {
    const batchBytes = streamOptions(opts)
    const chunks = chunksOf(source)
    const encoder = new TextEncoder()
    let pending = []
    let pendingBytes = 0
    let numberBefore = 0
    let linesBefore = 0
    let anyRecord = false
    let anyGame = false
    function* batch(bytes) {
      const { records, anyGame: games } = glue._readBpgnBatch(bytes)
      anyRecord ||= records.length > 0
      anyGame ||= games
      for (const raw of records) yield makeRecord(raw, bytes, numberBefore, linesBefore)
      numberBefore += records.length
      linesBefore += countLines(bytes)
    }
    for await (const chunk of chunks) {
      const bytes = typeof chunk === 'string' ? encoder.encode(chunk) : chunk
      if (!(bytes instanceof Uint8Array)) throw badSource('readBpgnStream', 'chunks must be bytes or strings', chunk)
      pending.push(bytes)
      pendingBytes += bytes.byteLength
      if (pendingBytes < batchBytes) continue
      const text = concat(pending, pendingBytes)
      const cut = glue._lastRecordStart(text)
      if (cut <= 0) {
        pending = [text]
        continue
      }
      const rest = text.slice(cut)
      pending = [rest]
      pendingBytes = rest.length
      yield* batch(text.subarray(0, cut))
      // Let the page draw between batches.
      await new Promise((resolve) => setTimeout(resolve, 0))
    }
    if (pendingBytes > 0) yield* batch(concat(pending, pendingBytes))
    if (anyRecord && !anyGame) {
      throw codedError(Error, 'ERR_INVALID_BPGN', 'readBpgnStream: no BPGN game record in the text (N4)')
    }
  }

  return { readBpgn, readBpgnStream }
}
