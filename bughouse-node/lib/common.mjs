// The JavaScript both builds put around their engine, written once: the
// native addon's loader (index.js, through lib/common.cjs, which
// scripts/build.mjs generates from this file: Node 18 and 20 before 20.19
// cannot require() an ES module) and the WebAssembly build (wasm/api.mjs,
// in Node and in browsers, importing this file as it is).
//
// No rules here: every answer, check and cut between records is the
// engine's (bughouse-node/js-shared, shared by the two builds' Rust). This
// file turns move codes into UCI strings and groups them for board UIs,
// splits the SAN list, reads the computer player's options and plays its
// asynchronous choices, builds the record objects of `readBpgn` and feeds
// `readBpgnStream` from streams and iterables. What differs between the
// builds (how a move list is read, where a search runs, how a batch of
// records is read) comes in as functions.
//
// Written for scripts/commonjs.mjs: `export` only before `function`,
// `async function`, `const` or `class` declarations, and no `import`.

/** An error with one of our codes. */
export function codedError(Type, code, message, options) {
  const e = new Type(message, options)
  e.code = code
  return e
}

/** The type of a value, for messages: "a number", "null", "an instance of Game". */
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

/** Defines a non-enumerable method, as a class's own are. */
export function defineMethod(proto, name, value) {
  Object.defineProperty(proto, name, { value, writable: true, configurable: true, enumerable: false })
}

/**
 * The class `C` as a constructor that needs `new`
 * (ERR_CONSTRUCT_CALL_REQUIRED): a plain function (a Proxy would cost
 * microseconds per construction) whose prototype is `C`'s, so `instanceof`
 * holds for every instance, also those the engine makes (`game.board('A')`,
 * `Game.fromJSON`), and whose statics are `C`'s. The engine's constructor
 * reads its own arguments, so wrong types get our codes.
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
  Object.setPrototypeOf(Exported, C) // static members
  return Exported
}

// What board UIs need (chessops' chessgroundDests is the model): the legal
// moves grouped by origin square, and the drops by pocket role, grouped by
// the engine (the core's Board::legal_dests through js-shared's
// write_dests): no rules here.
const ROLE_OF_LETTER = { P: 'pawn', N: 'knight', B: 'bishop', R: 'rook', Q: 'queen' }

/**
 * The move-list methods: `Board#legalMoves`, `#legalMovesSan`, `#dests`,
 * `#dropDests` and `Game#legalMoves`.
 *
 * Move lists cross from the engine as 16-bit move codes written into one
 * reusable buffer (`codeView()`, a Uint16Array over it), and become strings
 * through a table of interned UCI strings filled on first sight of each
 * code (by `uciOfCode`: the engine alone knows the encoding). One crossing
 * per list instead of one string and one array store per move: what makes
 * `legalMoves()` fast. `boardMoveCodes(board)` and `gameMoveCodes(game,
 * seat)` have the engine write a list and return its length;
 * `boardDestWords(board, drops)` has it write the grouped targets of
 * `dests()` (`drops` false) or `dropDests()` into the same buffer, five
 * words per group: a header code (the null move from the origin, `e2e2`,
 * or the role's drop on a1, `N@a1`), then the target set as four 16-bit
 * limbs, low first; it returns the words written;
 * `checkBoard(self, name)` and `checkGame(self, name)` refuse a receiver
 * that is not a live instance of the class (the WebAssembly build's; the
 * addon's loader checks every method of its classes itself).
 */
export function addMoveMethods(Board, Game, { codeView, uciOfCode, boardMoveCodes, gameMoveCodes, boardDestWords, checkBoard, checkGame }) {
  const uciOf = new Array(1 << 16)
  function uciOfNew(code) {
    const uci = uciOfCode(code)
    uciOf[code] = uci
    return uci
  }
  function movesOf(count) {
    const view = codeView()
    const out = new Array(count)
    for (let i = 0; i < count; i++) {
      const code = view[i]
      out[i] = uciOf[code] ?? uciOfNew(code)
    }
    return out
  }

  // dests() and dropDests(): the square names (a1 first) and the group
  // keys, read once from the engine's UCI, so the lists hold shared strings.
  const GROUP_WORDS = 5
  const SQUARES = Array.from({ length: 64 }, (_, sq) => (uciOf[sq << 6] ?? uciOfNew(sq << 6)).slice(2, 4))
  const keyOfCode = new Array(1 << 16)
  function keyOf(code) {
    const uci = uciOf[code] ?? uciOfNew(code)
    const key = uci[1] === '@' ? ROLE_OF_LETTER[uci[0]] : SQUARES[code & 63]
    keyOfCode[code] = key
    return key
  }
  /** `Map` from origin square (or pocket role) to its target squares, of the `words` written. */
  function destsOf(words) {
    const view = codeView()
    const out = new Map()
    for (let at = 0; at < words; at += GROUP_WORDS) {
      const list = []
      for (let limb = 0; limb < 4; limb++) {
        let bits = view[at + 1 + limb]
        while (bits !== 0) {
          const low = bits & -bits
          list.push(SQUARES[16 * limb + 31 - Math.clz32(low)])
          bits ^= low
        }
      }
      out.set(keyOfCode[view[at]] ?? keyOf(view[at]), list)
    }
    return out
  }

  /** Every legal move and drop, as UCI (`e2e4`, `e7e8q`, `N@f3`). */
  defineMethod(Board.prototype, 'legalMoves', function legalMoves() {
    checkBoard(this, 'legalMoves')
    return movesOf(boardMoveCodes(this))
  })
  /**
   * Every legal move and drop in SAN, in the order of `legalMoves()`. The
   * engine writes them as one string, split here: one string crossing
   * instead of one per move.
   */
  defineMethod(Board.prototype, 'legalMovesSan', function legalMovesSan() {
    checkBoard(this, 'legalMovesSan')
    const text = this._legalMovesSanText()
    return text === '' ? [] : text.split(' ')
  })
  /** `Map` from each square to the squares its piece may move to (drops left out), a1 first. */
  defineMethod(Board.prototype, 'dests', function dests() {
    checkBoard(this, 'dests')
    return destsOf(boardDestWords(this, false))
  })
  /** `Map` from each pocket role the side to move may drop to its squares, pawn first. */
  defineMethod(Board.prototype, 'dropDests', function dropDests() {
    checkBoard(this, 'dropDests')
    return destsOf(boardDestWords(this, true))
  })
  /** The legal moves and drops of `seat` now, as UCI; empty when it may not move. */
  defineMethod(Game.prototype, 'legalMoves', function legalMoves(seat) {
    checkGame(this, 'legalMoves')
    return movesOf(gameMoveCodes(this, seat))
  })
}

// The computer player. The caller's options are read here, once, into a
// plain object of the known fields, before the engine holds the game: a
// getter may run any code, even play on this game. Unknown keys are passed
// on (as `true`) for the engine to refuse by name; anything that is not an
// object goes to the engine as it is, to be refused there.
const BOT_KEYS = ['nodes', 'seed', 'timeMs', 'play', 'atMs']
// A lone board has no clock: `atMs` is unknown there (refused by name).
const BOARD_BOT_KEYS = ['nodes', 'seed', 'timeMs', 'play']
const SYNC_EXTRA = new Set()
const ASYNC_EXTRA = new Set(['signal'])
// What a search answers for a sit (no UCI move reads so).
const SIT = 'sit'

function botOptions(opts, keys, extra) {
  if (opts === null || typeof opts !== 'object') return { native: opts, signal: undefined, clock: undefined }
  const native = {}
  for (const key of Object.keys(opts)) {
    if (!keys.includes(key) && !extra.has(key)) native[key] = true
  }
  // Each getter runs once.
  for (const key of keys) native[key] = opts[key]
  const signal = extra.has('signal') ? opts.signal : undefined
  // A function `atMs` is the caller's clock, read when the move is played
  // (after the search): the engine sees only that a time will come.
  const clock = typeof native.atMs === 'function' ? native.atMs : undefined
  if (clock !== undefined) native.atMs = undefined
  return { native, signal, clock }
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

/**
 * The promise of a `botMoveAsync` (a game's or a board's). `check()` checks
 * the receiver; `start(native)` checks the options at once (a bad call
 * rejects with its code) and starts searching a copy of what is searched as
 * it is now, returning `{ promise, cancel }` (see `addBotMethods`);
 * `stateOf()` identifies what the choice is played on, so a search that
 * another action overtook is not played (`stale` says what changed);
 * `play(found, atMs, clock)` plays the choice.
 */
function searchAsync(opts, keys, { check, start, stateOf, play: playFound, stale }) {
  return new Promise((resolve, reject) => {
    check()
    const { native, signal, clock } = botOptions(opts, keys, ASYNC_EXTRA)
    if (signal !== undefined && signal !== null && !(typeof AbortSignal === 'function' && signal instanceof AbortSignal)) {
      throw codedError(TypeError, 'ERR_INVALID_ARG_TYPE', `opts.signal must be an AbortSignal, got ${typeof signal}`)
    }
    if (signal && signal.aborted) throw abortError(signal)
    const play = native !== null && typeof native === 'object' && native.play === true
    const search = start(native)
    const before = play ? stateOf() : null
    // The first of the search's end and the abort settles the promise.
    let settled = false
    const settle = () => {
      if (signal) signal.removeEventListener('abort', onAbort)
      if (settled) return false
      settled = true
      return true
    }
    const onAbort = () => {
      if (!settle()) return
      search.cancel()
      reject(abortError(signal))
    }
    if (signal) signal.addEventListener('abort', onAbort, { once: true })
    search.promise.then(
      (found) => {
        if (!settle()) return
        if (!play || found === null) return resolve(found === SIT ? null : found)
        try {
          if (stateOf() !== before) {
            throw codedError(Error, 'ERR_STALE_SEARCH', `botMoveAsync: ${stale} changed during the search (another action came first); nothing was played`)
          }
          resolve(playFound(found, native.atMs, clock))
        } catch (e) {
          reject(e)
        }
      },
      (e) => {
        if (settle()) reject(e)
      },
    )
  })
}

/**
 * `Game#botMove` and `Game#botMoveAsync` over the engine's `_botMove`.
 * `startSearch(game, seat, options)` checks the call at once (a bad call
 * throws its code), then starts searching a copy of the game as it is now,
 * off the caller's thread, without playing, and returns
 * `{ promise, cancel }`: the promise resolves to a UCI move, `'sit'` or
 * `null`; `cancel()` stops the search (its answer is never used).
 * `checkGame` as in `addMoveMethods`.
 */
export function addBotMethods(Game, { startSearch, checkGame }) {
  /**
   * The computer player's choice for `seat`, as UCI; `null` for a sit or a
   * waiting seat. With `play: true` it is also played. See index.d.ts.
   */
  defineMethod(Game.prototype, 'botMove', function botMove(seat, opts) {
    checkGame(this, 'botMove')
    const { native, clock } = botOptions(opts, BOT_KEYS, SYNC_EXTRA)
    if (clock === undefined || native === null || typeof native !== 'object' || native.play !== true) {
      return this._botMove(seat, native)
    }
    // A clock: search without playing, then play at the time it gives.
    const found = this._botMove(seat, { ...native, play: false })
    if (found === null && !this.canSit(seat)) return null
    return playChoice(this, seat, found === null ? SIT : found, undefined, clock)
  })

  /**
   * `botMove` searched off the caller's thread: a Promise of the same
   * answer, the event loop free meanwhile. The search sees the game as it
   * was when called. With `play: true` the choice is played when the
   * search ends, at `atMs` (a number, or a function called then), only if
   * the seat's board and sits are still the ones searched: else it rejects
   * with ERR_STALE_SEARCH and plays nothing. `signal` aborts: the promise
   * rejects at once with an AbortError.
   */
  defineMethod(Game.prototype, 'botMoveAsync', function botMoveAsync(seat, opts) {
    return searchAsync(opts, BOT_KEYS, {
      check: () => checkGame(this, 'botMoveAsync'),
      start: (native) => startSearch(this, seat, native),
      stateOf: () => seatState(this, seat),
      play: (found, atMs, clock) => playChoice(this, seat, found, atMs, clock),
      stale: `${seat}'s board`,
    })
  })
}

/**
 * `Board#botMove` and `Board#botMoveAsync` (a lone board: crazyhouse, or a
 * bughouse board without its partner) over the engine's `_botMove`.
 * `startSearch(board, options)` as `addBotMethods`'s, over a copy of the
 * board; `checkBoard` as in `addMoveMethods`.
 */
export function addBoardBotMethods(Board, { startSearch, checkBoard }) {
  /**
   * The computer player's move here, as UCI; `null` when the side to move
   * has none. With `play: true` it is also pushed. See index.d.ts.
   */
  defineMethod(Board.prototype, 'botMove', function botMove(opts) {
    checkBoard(this, 'botMove')
    return this._botMove(botOptions(opts, BOARD_BOT_KEYS, SYNC_EXTRA).native)
  })

  /**
   * `botMove` searched off the caller's thread (see `Game#botMoveAsync`);
   * with `play: true` the move is pushed when the search ends, only if the
   * position is still the one searched (else ERR_STALE_SEARCH).
   */
  defineMethod(Board.prototype, 'botMoveAsync', function botMoveAsync(opts) {
    return searchAsync(opts, BOARD_BOT_KEYS, {
      check: () => checkBoard(this, 'botMoveAsync'),
      start: (native) => startSearch(this, native),
      stateOf: () => this.fen(),
      play: (found) => this.push(found),
      stale: 'the board',
    })
  })
}

/** Defines an own, enumerable data property (a tag may be called `__proto__`). */
function define(obj, key, value) {
  Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true })
}

/** ERR_INVALID_ARG_TYPE for a BPGN source. */
function badSource(where, expected, value) {
  return codedError(TypeError, 'ERR_INVALID_ARG_TYPE', `${where}: ${expected}, got ${describe(value)}`)
}

// readBpgnStream reads about this much text per batch.
const STREAM_BATCH_BYTES = 256 << 10
const NEWLINE = 0x0a
const copyOf = (bytes, start, end) => Uint8Array.prototype.slice.call(bytes, start, end)

/** How many newlines `buf` holds. */
function countLines(buf) {
  let n = 0
  for (let i = buf.indexOf(NEWLINE); i >= 0; i = buf.indexOf(NEWLINE, i + 1)) n++
  return n
}

/** `parts` (Uint8Arrays) as one Uint8Array of `length` bytes. */
function concat(parts, length) {
  const out = new Uint8Array(length)
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
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

/** `readBpgnStream`'s `{ batchBytes }`, checked. */
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

/**
 * `readBpgn` and `readBpgnStream` over the engine's readers:
 * `readRecords(bytes)` the records of a whole text, `readBatch(bytes)` (or a
 * Promise of it) `{ records, anyGame }` of one batch, `lastRecordStart(bytes)`
 * where the last record starts (or -1), `replayRecord(bytes)` /
 * `replayBoard(bytes)` a record's match or board. `openPath(path)` (the
 * addon's only: a browser has no files) reads a file path or `file:` URL as
 * a stream; `betweenBatches()` is awaited between two batches.
 */
export function makeReaders({ readRecords, readBatch, lastRecordStart, replayRecord, replayBoard, openPath, betweenBatches }) {
  /**
   * One record object from what the engine found (`raw`, see
   * js-shared/src/bpgn.rs), `bytes` the text it was read from.
   * `numberBefore` and `linesBefore` place a streamed batch in the archive.
   * A bughouse record's `game` (a match) and a single-board record's
   * `board` (crazyhouse) are replayed again when first read, from a copy of
   * the record's own bytes: a large archive does not hold a 65 KiB game per
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
    const source = copyOf(bytes, raw.start, raw.end)
    const [name, replay] = raw.bughouse ? ['game', replayRecord] : ['board', replayBoard]
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

  /**
   * The games of a BPGN archive (N4), each replayed through the rules: a
   * bughouse record as a match (`record.game`), a single-board record
   * (crazyhouse PGN) on one board in the crazyhouse flavour
   * (`record.board`). `text` is a string, or bytes (UTF-8, or Latin-1 as
   * old FICS archives are). Throws ERR_INVALID_BPGN when the text is not
   * blank but holds no game record at all; a record the rules refuse says
   * why in its `error`.
   */
  function readBpgn(text) {
    let bytes
    if (typeof text === 'string') bytes = new TextEncoder().encode(text)
    else if (text instanceof Uint8Array) bytes = copyOf(text) // a copy: the caller may reuse theirs
    else throw badSource('readBpgn', 'text must be a string or a Uint8Array', text)
    return readRecords(bytes).map((raw) => makeRecord(raw, bytes, 0, 0))
  }

  /** The chunks of a BPGN source: a path (string or URL, with `openPath`), a web ReadableStream, or any (async) iterable. */
  function chunksOf(source) {
    if (openPath !== undefined && (typeof source === 'string' || source instanceof URL)) return openPath(source)
    if (source !== null && typeof source === 'object') {
      if (typeof source[Symbol.asyncIterator] === 'function') return source
      if (typeof source.getReader === 'function') return readerChunks(source)
      if (typeof source[Symbol.iterator] === 'function') return source
    }
    const expected =
      openPath !== undefined
        ? 'source must be a file path, a URL, or an async iterable of bytes (a stream)'
        : 'source must be an async iterable of bytes (a stream) or an iterable of them (the WebAssembly build reads no file paths)'
    throw badSource('readBpgnStream', expected, source)
  }

  /**
   * The games of a BPGN archive, read as a stream: an async iterable of the
   * records `readBpgn` gives, in batches of whole records (cut by the
   * engine; a batch ends at the first record start after `batchBytes`,
   * 256 KiB by default), so memory holds one batch at a time and the
   * caller's event loop runs between batches. Rejects with
   * ERR_INVALID_ARG_TYPE for another source, with ERR_INVALID_BPGN at the
   * end when the text held no game record at all, and with the stream's own
   * error if reading fails.
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
    async function* batch(bytes) {
      const { records, anyGame: games } = await readBatch(bytes)
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
      const cut = lastRecordStart(text)
      if (cut <= 0) {
        pending = [text]
        continue
      }
      const rest = text.slice(cut)
      pending = [rest]
      pendingBytes = rest.length
      yield* batch(text.subarray(0, cut))
      if (betweenBatches !== undefined) await betweenBatches()
    }
    if (pendingBytes > 0) yield* batch(concat(pending, pendingBytes))
    if (anyRecord && !anyGame) {
      throw codedError(Error, 'ERR_INVALID_BPGN', 'readBpgnStream: no BPGN game record in the text (N4)')
    }
  }

  return { readBpgn, readBpgnStream }
}
