// CommonJS entry: `const { Board } = require('bughouse')`.
//
// Loads the native addon: `bughouse.node` when it was built on this machine
// (a checkout: scripts/build.mjs, the package's `install` script there), else
// the prebuilt addon for this platform that the published tarball ships
// (`bughouse.linux-x64-gnu.node`, named as napi-rs names them: see
// scripts/platform.cjs). Hand-written rather than napi-rs's generated
// loader: one package, no per-platform optional dependencies.
//
// Besides loading, this file only turns move codes into UCI strings (see
// `legalMoves` below), splits the SAN list, reads the computer player's
// options and plays its asynchronous choices (`botMove`, `botMoveAsync`), and
// builds the record objects of `readBpgn`: no rules here.
'use strict'

const { existsSync } = require('node:fs')
const { join } = require('node:path')
const { prebuiltName } = require('./scripts/platform.cjs')

/** The addon files this package may load, the local build first. */
function addonCandidates() {
  return [join(__dirname, 'bughouse.node'), join(__dirname, prebuiltName())]
}

/** The native addon, or `null` when none was built or shipped for this platform. */
function loadAddon() {
  for (const file of addonCandidates()) {
    if (existsSync(file)) return require(file)
  }
  return null
}

const binding = loadAddon()
const wasmEntry = join(__dirname, 'wasm', 'index.node.cjs')
if (binding === null) {
  // No native addon fits: the WebAssembly build (wasm/, the same API) when
  // the package has it, else a clear error.
  if (existsSync(join(__dirname, 'wasm', 'pkg', 'bughouse_bg.wasm'))) {
    module.exports = require(wasmEntry)
    return
  }
  const e = new Error(
    `bughouse: no native addon for this platform (looked for ${addonCandidates().join(', ')}) and no WebAssembly build. ` +
      'The package ships a prebuilt addon for the platform it was packed on; elsewhere build it ' +
      `from a checkout of the repository with the Rust toolchain: \`node ${join(__dirname, 'scripts', 'build.mjs')}\` ` +
      '(if npm skipped the install script: `npm rebuild bughouse`).',
  )
  e.code = 'MODULE_NOT_FOUND' // as require's own, for code that loads the package optionally
  throw e
}

// Move lists cross the boundary as 16-bit move codes written into one
// reusable buffer, and become strings through a table of interned UCI
// strings filled on first sight of each code (by the addon, which alone
// knows the encoding). One native call per list instead of one string and
// one array store per move: what makes `legalMoves()` fast.
const codeBytes = Buffer.alloc(2 * binding.MAX_LEGAL_MOVES)
const codes = new Uint16Array(codeBytes.buffer, codeBytes.byteOffset, binding.MAX_LEGAL_MOVES)
const uciOfCode = new Array(1 << 16)

function movesOf(count) {
  const out = new Array(count)
  for (let i = 0; i < count; i++) {
    const code = codes[i]
    let uci = uciOfCode[code]
    if (uci === undefined) {
      uci = binding._uciOfCode(code)
      uciOfCode[code] = uci
    }
    out[i] = uci
  }
  return out
}

Object.defineProperty(binding.Board.prototype, 'legalMoves', {
  /** Every legal move and drop, as UCI (`e2e4`, `e7e8q`, `N@f3`). */
  value: function legalMoves() {
    return movesOf(this._legalMoveCodes(codeBytes))
  },
  writable: true,
  configurable: true,
  enumerable: false,
})

Object.defineProperty(binding.Board.prototype, 'legalMovesSan', {
  /**
   * Every legal move and drop in SAN, in the order of `legalMoves()`. The
   * addon writes them as one string, split here: one string crossing
   * instead of one per move.
   */
  value: function legalMovesSan() {
    const text = this._legalMovesSanText()
    return text === '' ? [] : text.split(' ')
  },
  writable: true,
  configurable: true,
  enumerable: false,
})

Object.defineProperty(binding.Game.prototype, 'legalMoves', {
  /** The legal moves and drops of `seat` now, as UCI; empty when it may not move. */
  value: function legalMoves(seat) {
    return movesOf(this._legalMoveCodes(seat, codeBytes))
  },
  writable: true,
  configurable: true,
  enumerable: false,
})

// What board UIs need (chessops' chessgroundDests is the model): the legal
// moves grouped by origin square, and the drops by pocket role. The engine
// groups them (`_destWords`, js-shared's `write_dests`) as words of the code
// buffer, five per group: a header code (the null move from the origin,
// `e2e2`, or the role's drop on a1, `N@a1`), then the target set as four
// 16-bit limbs, low first. The WebAssembly build reads them alike
// (wasm/api.mjs).
const ROLE_OF_LETTER = { P: 'pawn', N: 'knight', B: 'bishop', R: 'rook', Q: 'queen' }
const GROUP_WORDS = 5
const SQUARES = Array.from({ length: 64 }, (_, sq) => binding._uciOfCode(sq << 6).slice(2, 4))
const keyOfCode = new Array(1 << 16)

function keyOf(code) {
  const uci = binding._uciOfCode(code)
  const key = uci[1] === '@' ? ROLE_OF_LETTER[uci[0]] : SQUARES[code & 63]
  keyOfCode[code] = key
  return key
}

/** `Map` from origin square (or pocket role) to its target squares, of `words` written. */
function destsOf(words) {
  const out = new Map()
  for (let at = 0; at < words; at += GROUP_WORDS) {
    const list = []
    for (let limb = 0; limb < 4; limb++) {
      let bits = codes[at + 1 + limb]
      while (bits !== 0) {
        const low = bits & -bits
        list.push(SQUARES[16 * limb + 31 - Math.clz32(low)])
        bits ^= low
      }
    }
    out.set(keyOfCode[codes[at]] ?? keyOf(codes[at]), list)
  }
  return out
}

Object.defineProperty(binding.Board.prototype, 'dests', {
  /** `Map` from each square to the squares its piece may move to (drops left out), a1 first. */
  value: function dests() {
    return destsOf(this._destWords(false, codeBytes))
  },
  writable: true,
  configurable: true,
  enumerable: false,
})

Object.defineProperty(binding.Board.prototype, 'dropDests', {
  /** `Map` from each pocket role the side to move may drop to its squares, pawn first. */
  value: function dropDests() {
    return destsOf(this._destWords(true, codeBytes))
  },
  writable: true,
  configurable: true,
  enumerable: false,
})

// The computer player (src/bot.rs). The caller's options are read here,
// once, into a plain object of the known fields, before the addon holds
// the game: a getter may run any code, even play on this game. Unknown keys
// are passed on (as `true`) for the addon to refuse by name; anything that
// is not an object goes to the addon as it is, to be refused there.
const BOT_KEYS = new Set(['nodes', 'seed', 'timeMs', 'play', 'atMs'])

function botOptions(opts, extra) {
  if (opts === null || typeof opts !== 'object') return { native: opts, signal: undefined, clock: undefined }
  const native = {}
  for (const key of Object.keys(opts)) {
    if (!BOT_KEYS.has(key) && !extra.has(key)) native[key] = true
  }
  const { nodes, seed, timeMs, play, atMs } = opts
  const signal = extra.has('signal') ? opts.signal : undefined
  native.nodes = nodes
  native.seed = seed
  native.timeMs = timeMs
  native.play = play
  // A function `atMs` is the caller's clock, read when the move is played
  // (after the search): the addon sees only that a time will come.
  const clock = typeof atMs === 'function' ? atMs : undefined
  native.atMs = clock === undefined ? atMs : undefined
  return { native, signal, clock }
}

// What `_botSearch` resolves to for a sit (no UCI move reads so).
const SIT = 'sit'
const SYNC_EXTRA = new Set()
const ASYNC_EXTRA = new Set(['signal'])

/** An error with one of our codes, built here. */
function codedError(Type, code, message, options) {
  const e = new Type(message, options)
  e.code = code
  return e
}

/** The rejection of an aborted `botMoveAsync`, as Node's own APIs give it. */
function abortError(signal) {
  const e = codedError(Error, 'ABORT_ERR', 'botMoveAsync: the search was aborted', { cause: signal.reason })
  e.name = 'AbortError'
  return e
}

/** What identifies a seat's position for `play: true`: its board and its sits. */
function seatState(game, seat) {
  return `${game.board(seat.toUpperCase()).fen()} ${game.sitsLeft(seat)}`
}

/** Plays a bot choice for `seat` (`SIT` or a UCI move), at the clock's time if given. */
function playChoice(game, seat, found, atMs, clock) {
  if (found === SIT) {
    game.sit(seat)
    return null
  }
  return game.push(seat, found, clock === undefined ? atMs : clock())
}

Object.defineProperty(binding.Game.prototype, 'botMove', {
  /**
   * The computer player's choice for `seat`, as UCI; `null` for a sit or a
   * waiting seat. With `play: true` it is also played. See index.d.ts.
   */
  value: function botMove(seat, opts) {
    const { native, clock } = botOptions(opts, SYNC_EXTRA)
    if (clock === undefined || native === null || typeof native !== 'object' || native.play !== true) {
      return this._botMove(seat, native)
    }
    // A clock: search without playing, then play at the time it gives.
    const found = this._botMove(seat, { ...native, play: false })
    if (found === null && !this.canSit(seat)) return null
    return playChoice(this, seat, found === null ? SIT : found, undefined, clock)
  },
  writable: true,
  configurable: true,
  enumerable: false,
})

Object.defineProperty(binding.Game.prototype, 'botMoveAsync', {
  /**
   * `botMove` searched on the engine's own search pool (never libuv's): a
   * Promise of the same answer, the event loop free meanwhile. The search
   * sees the game as it was when called. With `play: true` the choice is
   * played when the search ends, at `atMs` (a number, or a function called
   * then), only if the seat's board and sits are still the ones searched:
   * else it rejects with ERR_STALE_SEARCH and plays nothing. `signal`
   * aborts: the promise rejects at once with an AbortError.
   */
  value: function botMoveAsync(seat, opts) {
    return new Promise((resolve, reject) => {
      const { native, signal, clock } = botOptions(opts, ASYNC_EXTRA)
      if (signal !== undefined && signal !== null && !(signal instanceof AbortSignal)) {
        throw codedError(TypeError, 'ERR_INVALID_ARG_TYPE', `opts.signal must be an AbortSignal, got ${typeof signal}`)
      }
      if (signal && signal.aborted) throw abortError(signal)
      const play = native !== null && typeof native === 'object' && native.play === true
      const before = play ? seatState(this, seat) : null
      const stop = new binding._SearchStop()
      // Checks the call at once (a bad call rejects with its code), then
      // searches a copy of the game on the pool.
      const search = binding._botSearch(this, seat, native, stop)
      let settled = false
      const onAbort = () => {
        if (settled) return
        settled = true
        stop.stop()
        reject(abortError(signal))
      }
      if (signal) signal.addEventListener('abort', onAbort, { once: true })
      search.then(
        (found) => {
          if (signal) signal.removeEventListener('abort', onAbort)
          if (settled) return
          settled = true
          if (!play || found === null) return resolve(found === SIT ? null : found)
          try {
            if (seatState(this, seat) !== before) {
              throw codedError(
                Error,
                'ERR_STALE_SEARCH',
                `botMoveAsync: ${seat}'s board changed during the search (another action came first); nothing was played`,
              )
            }
            resolve(playChoice(this, seat, found, native.atMs, clock))
          } catch (e) {
            reject(e)
          }
        },
        (e) => {
          if (signal) signal.removeEventListener('abort', onAbort)
          if (settled) return
          settled = true
          reject(e)
        },
      )
    })
  },
  writable: true,
  configurable: true,
  enumerable: false,
})

/** Defines an own, enumerable data property (a tag may be called `__proto__`). */
function define(obj, key, value) {
  Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true })
}

/**
 * One record object of `readBpgn` / `readBpgnStream` from what the addon
 * found (`raw`, see src/bpgn.rs), `bytes` the text it was read from.
 * `numberBefore` and `linesBefore` place a streamed batch in the archive.
 * A bughouse record's `game` (a match) and a single-board record's `board`
 * (crazyhouse) are replayed again when first read, from a copy of the
 * record's own bytes: a large archive does not hold a 65 KiB game per
 * record nobody looks at, nor the whole text.
 */
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
  const source = Buffer.from(bytes.subarray(raw.start, raw.end))
  const [name, replay] = raw.bughouse ? ['game', binding._replayRecord] : ['board', binding._replayBoard]
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

/** ERR_INVALID_ARG_TYPE for a BPGN source. */
function badSource(where, expected, value) {
  return codedError(TypeError, 'ERR_INVALID_ARG_TYPE', `${where}: ${expected}, got ${describe(value)}`)
}

/**
 * The games of a BPGN archive (N4), each replayed through the rules: a
 * bughouse record as a match (`record.game`), a single-board record
 * (crazyhouse PGN) on one board in the crazyhouse flavour (`record.board`).
 *
 * `text` is a string, or bytes (a Buffer or Uint8Array: UTF-8, or Latin-1
 * as old FICS archives are). Throws ERR_INVALID_BPGN when the text is not
 * blank but holds no game record at all; a record the rules refuse says why
 * in its `error`. For a large archive, see `readBpgnStream`.
 */
function readBpgn(text) {
  let bytes
  if (typeof text === 'string') bytes = Buffer.from(text, 'utf8')
  else if (text instanceof Uint8Array) bytes = Buffer.from(text) // a copy: the caller may reuse theirs
  else throw badSource('readBpgn', 'text must be a string or a Uint8Array', text)
  return binding._readBpgn(bytes).map((raw) => makeRecord(raw, bytes, 0, 0))
}

// readBpgnStream reads about this much text per batch, read and replayed
// on the engine's pool while the event loop goes on.
const STREAM_BATCH_BYTES = 256 << 10
const NEWLINE = 0x0a

/** Where the last record of `buf` starts, or -1 (the engine's cut, shared with the WebAssembly build). */
function lastRecordStart(buf) {
  return binding._lastRecordStart(buf)
}

/** How many newlines `buf` holds. */
function countLines(buf) {
  let n = 0
  for (let i = buf.indexOf(NEWLINE); i >= 0; i = buf.indexOf(NEWLINE, i + 1)) n++
  return n
}

/** `readBpgnStream`'s `{ batchBytes }`, checked. */
function streamOptions(opts) {
  if (opts === undefined || opts === null) return STREAM_BATCH_BYTES
  if (typeof opts !== 'object') throw badSource('readBpgnStream', 'opts must be an object { batchBytes }', opts)
  for (const key of Object.keys(opts)) {
    if (key !== 'batchBytes') throw codedError(Error, 'ERR_INVALID_ARG_VALUE', `readBpgnStream: opts has no option ${JSON.stringify(key.slice(0, 40))}: the options are batchBytes`)
  }
  const { batchBytes } = opts
  if (batchBytes === undefined || batchBytes === null) return STREAM_BATCH_BYTES
  if (typeof batchBytes !== 'number') throw badSource('readBpgnStream', 'opts.batchBytes must be a number', batchBytes)
  if (!Number.isSafeInteger(batchBytes) || batchBytes < 1) {
    throw codedError(RangeError, 'ERR_OUT_OF_RANGE', `readBpgnStream: opts.batchBytes must be an integer from 1 to ${Number.MAX_SAFE_INTEGER}, got ${batchBytes}`)
  }
  return batchBytes
}

/** The chunks of a BPGN source: a path (string or URL), a Node stream, or any async iterable of bytes or strings. */
function chunksOf(source) {
  if (typeof source === 'string' || source instanceof URL) return require('node:fs').createReadStream(source)
  if (source !== null && typeof source === 'object' && typeof source[Symbol.asyncIterator] === 'function') return source
  if (source !== null && typeof source === 'object' && typeof source[Symbol.iterator] === 'function') return source
  throw badSource('readBpgnStream', 'source must be a file path, a URL, or an async iterable of bytes (a stream)', source)
}

/**
 * The games of a BPGN archive, read as a stream: an async iterable of the
 * records `readBpgn` gives, read and replayed in batches of about 256 KiB on
 * the engine's own thread pool, so the event loop runs meanwhile and memory
 * holds one batch at a time (`batchBytes`, 256 KiB by default: a batch
 * ends at the first record start after that many bytes). `source` is a file path (or `file:` URL), a
 * Node `Readable`, a web `ReadableStream`, or any (async) iterable of
 * Buffers, Uint8Arrays or strings. Records are cut at tag lines that follow
 * a movetext. Rejects with ERR_INVALID_ARG_TYPE for another source, with
 * ERR_INVALID_BPGN at the end when the text held no game record at all,
 * and with the stream's own error if reading fails.
 */
async function* readBpgnStream(source, opts) {
  const batchBytes = streamOptions(opts)
  const chunks = chunksOf(source)
  let pending = []
  let pendingBytes = 0
  let numberBefore = 0
  let linesBefore = 0
  let anyRecord = false
  let anyGame = false
  async function* batch(bytes) {
    const { records, anyGame: games } = JSON.parse(await binding._readBpgnAsync(bytes))
    anyRecord ||= records.length > 0
    anyGame ||= games
    for (const raw of records) yield makeRecord(raw, bytes, numberBefore, linesBefore)
    numberBefore += records.length
    linesBefore += countLines(bytes)
  }
  for await (const chunk of chunks) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk
    if (!(bytes instanceof Uint8Array)) throw badSource('readBpgnStream', 'chunks must be bytes or strings', chunk)
    pending.push(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))
    pendingBytes += bytes.byteLength
    if (pendingBytes < batchBytes) continue
    const text = Buffer.concat(pending, pendingBytes)
    const cut = lastRecordStart(text)
    if (cut <= 0) {
      pending = [text]
      continue
    }
    const rest = Buffer.from(text.subarray(cut))
    pending = [rest]
    pendingBytes = rest.length
    yield* batch(text.subarray(0, cut))
  }
  if (pendingBytes > 0) yield* batch(Buffer.concat(pending, pendingBytes))
  if (anyRecord && !anyGame) {
    throw codedError(Error, 'ERR_INVALID_BPGN', 'readBpgnStream: no BPGN game record in the text (N4)')
  }
}

// Explicit release (`using game = new Game()`): see Game.dispose.
if (typeof Symbol.dispose === 'symbol') {
  Object.defineProperty(binding.Game.prototype, Symbol.dispose, {
    value: function dispose() {
      this.dispose()
    },
    writable: true,
    configurable: true,
    enumerable: false,
  })
}

// One code set. napi-rs refuses an argument of the wrong JavaScript type
// before the addon's code runs, with its own status as `code`
// (`StringExpected`, …) and the value in the message; a method called on
// something that is not an instance of its class throws V8's "Illegal
// invocation". Every export is wrapped here so those become our
// ERR_INVALID_ARG_TYPE and ERR_INVALID_THIS (TypeErrors with short
// messages), a class called without `new` throws ERR_CONSTRUCT_CALL_REQUIRED,
// and every method checks its receiver first. Errors with our codes pass
// through untouched.
const RUST_TYPES = { String: 'a string', f64: 'a number', u32: 'a number', i64: 'a number', bool: 'a boolean' }
// napi-rs converts arguments in order and stops at the first it cannot:
// the parameter types of the calls that take a number (every other
// parameter napi-rs converts is a string) say which argument that was.
const SIGNATURES = {
  'Game.push': ['string', 'string', 'number'],
  'Game.tick': ['number'],
  'Game.resign': ['string', 'number'],
  'Game.abandon': ['string', 'number'],
  'Game.clock': ['string', 'number'],
  'Board.perft': ['number'],
  perft: ['string', 'number'],
}
const ARTICLE = { string: 'a string', number: 'a number' }

/** The type of a value, for messages: "a number", "null", "an instance of Game". */
function describe(value) {
  if (value === null) return 'null'
  if (value === undefined) return 'undefined'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'object') {
    const name = value.constructor && value.constructor.name
    return name && name !== 'Object' ? `an instance of ${name}` : 'an object'
  }
  return /^[aeiou]/.test(typeof value) ? `an ${typeof value}` : `a ${typeof value}`
}

/** Our error for one napi-rs refused to give, or `e` itself. */
function mapError(e, where, args) {
  if (e === null || typeof e !== 'object' || typeof e.message !== 'string') return e
  if (typeof e.code === 'string' && /Expected$/.test(e.code)) {
    const signature = SIGNATURES[where.replace(/^new /, '')] || []
    let index = -1
    for (let i = 0; i < args.length + 1 && index < 0; i++) {
      const type = signature[i] || 'string'
      const optional = type === 'number' && i > 0
      if (typeof args[i] !== type && !(optional && args[i] == null)) index = i
    }
    if (index >= 0 && index < 3) {
      const expected = ARTICLE[signature[index] || 'string']
      return codedError(TypeError, 'ERR_INVALID_ARG_TYPE', `${where}: argument ${index + 1} must be ${expected}, got ${describe(args[index])}`)
    }
    const rust = /rust type `([^`]+)`/.exec(e.message)
    const expected = (rust && RUST_TYPES[rust[1]]) || 'of another type'
    return codedError(TypeError, 'ERR_INVALID_ARG_TYPE', `${where}: an argument must be ${expected}`)
  }
  if (e.code === undefined && e.message === 'Illegal invocation') {
    return codedError(TypeError, 'ERR_INVALID_THIS', `${where} was called on something that is not one of its instances`)
  }
  return e
}

/** Wraps a method or getter of class `C`: the receiver checked, errors mapped. */
function guard(C, name, fn) {
  const where = `${C.name}.${name}`
  // A method returning a Promise rejects rather than throws.
  const refuse = name.endsWith('Async') ? (e) => Promise.reject(e) : (e) => { throw e }
  return {
    [name](a, b, c) {
      if (!(this instanceof C)) {
        return refuse(codedError(TypeError, 'ERR_INVALID_THIS', `${where} was called on ${describe(this)}, not a ${C.name}`))
      }
      try {
        return fn.call(this, a, b, c)
      } catch (e) {
        throw mapError(e, where, arguments)
      }
    },
  }[name]
}

/** The class `C` with every public method and getter guarded, as a constructor that needs `new`. */
function guardClass(C) {
  const proto = C.prototype
  for (const name of Object.getOwnPropertyNames(proto)) {
    if (name === 'constructor' || name.startsWith('_')) continue
    const d = Object.getOwnPropertyDescriptor(proto, name)
    if (typeof d.value === 'function') d.value = guard(C, name, d.value)
    else if (typeof d.get === 'function') d.get = guard(C, name, d.get)
    else continue
    Object.defineProperty(proto, name, d)
  }
  // The exported class: the native one behind a plain function that needs
  // `new` (a Proxy would cost microseconds per construction). Its prototype
  // is the native class's, so `instanceof` holds for every instance, also
  // those the addon makes (`game.board('A')`); the constructor reads its own
  // arguments (src/board.rs, src/game.rs), so wrong types get our codes.
  const Exported = function (a, b) {
    if (new.target === undefined) {
      throw codedError(TypeError, 'ERR_CONSTRUCT_CALL_REQUIRED', `class ${C.name} cannot be called without new`)
    }
    return new.target === Exported ? new C(a, b) : Reflect.construct(C, [a, b], new.target)
  }
  Object.defineProperty(Exported, 'name', { value: C.name })
  Exported.prototype = proto
  Object.defineProperty(proto, 'constructor', { value: Exported, writable: true, configurable: true, enumerable: false })
  Object.setPrototypeOf(Exported, C) // static members
  return Exported
}

/** A function export with its errors mapped. */
function guardFunction(name, fn) {
  return {
    [name](a, b, c) {
      try {
        return fn(a, b, c)
      } catch (e) {
        throw mapError(e, name, arguments)
      }
    },
  }[name]
}

module.exports = {
  Board: guardClass(binding.Board),
  Game: guardClass(binding.Game),
  perft: guardFunction('perft', binding.perft),
  readBpgn,
  readBpgnStream,
}
