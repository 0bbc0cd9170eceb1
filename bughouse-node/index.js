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

function loadAddon() {
  const candidates = addonCandidates()
  for (const file of candidates) {
    if (existsSync(file)) return require(file)
  }
  const e = new Error(
    `bughouse: no native addon for this platform (looked for ${candidates.join(', ')}). ` +
      'The package ships a prebuilt addon for the platform it was packed on; elsewhere build it ' +
      `from a checkout of the repository with the Rust toolchain: \`node ${join(__dirname, 'scripts', 'build.mjs')}\` ` +
      '(if npm skipped the install script: `npm rebuild bughouse`).',
  )
  e.code = 'MODULE_NOT_FOUND' // as require's own, for code that loads the package optionally
  throw e
}

const binding = loadAddon()

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
// moves grouped by origin square, and the drops by pocket role. Grouping
// only: the moves are the engine's. The WebAssembly build defines the same
// (wasm/api.mjs).
const ROLE_OF_LETTER = { P: 'pawn', N: 'knight', B: 'bishop', R: 'rook', Q: 'queen' }

Object.defineProperty(binding.Board.prototype, 'dests', {
  /** `Map` from each square to the squares its piece may move to (drops left out). */
  value: function dests() {
    const out = new Map()
    for (const uci of this.legalMoves()) {
      if (uci[1] === '@') continue
      const from = uci.slice(0, 2)
      const to = uci.slice(2, 4)
      let list = out.get(from)
      if (list === undefined) out.set(from, (list = []))
      if (!list.includes(to)) list.push(to)
    }
    return out
  },
  writable: true,
  configurable: true,
  enumerable: false,
})

Object.defineProperty(binding.Board.prototype, 'dropDests', {
  /** `Map` from each pocket role the side to move may drop to its squares. */
  value: function dropDests() {
    const out = new Map()
    for (const uci of this.legalMoves()) {
      if (uci[1] !== '@') continue
      const role = ROLE_OF_LETTER[uci[0]]
      let list = out.get(role)
      if (list === undefined) out.set(role, (list = []))
      list.push(uci.slice(2, 4))
    }
    return out
  },
  writable: true,
  configurable: true,
  enumerable: false,
})

// The computer player (src/bot.rs). The caller's options are read here,
// once, into a plain object of the four known fields, before the addon holds
// the game: a getter may run any code, even play on this game. Anything
// that is not an object goes to the addon as it is, to be refused there.
function botOptions(opts) {
  if (opts === null || typeof opts !== 'object') return opts
  const { nodes, seed, play, atMs } = opts
  return { nodes, seed, play, atMs }
}

// What `_botSearch` resolves to for a sit (no UCI move reads so).
const SIT = 'sit'
// `botMoveAsync` with `play: true` searches again when the seat's board
// changed during the search; the last of this many tries searches and plays
// synchronously, so it always ends.
const BOT_TRIES = 8

Object.defineProperty(binding.Game.prototype, 'botMove', {
  /**
   * The computer player's choice for `seat`, as UCI; `null` for a sit or a
   * waiting seat. With `play: true` it is also played. See index.d.ts.
   */
  value: function botMove(seat, opts) {
    return this._botMove(seat, botOptions(opts))
  },
  writable: true,
  configurable: true,
  enumerable: false,
})

Object.defineProperty(binding.Game.prototype, 'botMoveAsync', {
  /**
   * `botMove` searched on a thread of libuv's pool: a Promise of the same
   * answer, the event loop free meanwhile. The search sees the game as it
   * was when called; with `play: true` the choice is played only if the
   * seat's board is still the one searched, else it searches again.
   */
  value: async function botMoveAsync(seat, opts) {
    const o = botOptions(opts)
    const play = o !== null && typeof o === 'object' && o.play === true
    for (let tries = 1; tries < BOT_TRIES; tries++) {
      // Checks the call at once (a bad call rejects with its code), then
      // searches a copy of the game off the main thread (the game itself
      // stays free to play on: see src/bot.rs).
      const search = binding._botSearch(this.copy(), seat, o)
      if (!play) {
        const found = await search
        return found === SIT ? null : found
      }
      const board = seat.toUpperCase() // a seat the addon accepted: 'A' … 'b'
      const before = this.board(board).fen()
      const found = await search
      if (this.board(board).fen() !== before) continue
      if (found === null) return null
      if (found === SIT) {
        this.sit(seat)
        return null
      }
      return this.push(seat, found, o.atMs)
    }
    return this.botMove(seat, o)
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
 * The games of a BPGN archive (N4), each replayed through the rules.
 *
 * `text` is a string, or bytes (a Buffer or Uint8Array: UTF-8, or Latin-1
 * as old FICS archives are). The native side reads and replays every record
 * (`_readBpgn`); each record's `game` is replayed again into a `Game` of its
 * own when first read, so a large archive does not hold a 65 KiB game per
 * record nobody looks at. Throws ERR_INVALID_BPGN when the text is not blank
 * but holds no game record at all; a record the rules refuse says why in
 * its `error`.
 */
function readBpgn(text) {
  let bytes
  if (typeof text === 'string') bytes = Buffer.from(text, 'utf8')
  else if (text instanceof Uint8Array) bytes = Buffer.from(text) // a copy: the caller may reuse theirs
  else {
    const e = new TypeError(`readBpgn: text must be a string or a Uint8Array, got ${text === null ? 'null' : typeof text}`)
    e.code = 'ERR_INVALID_ARG_TYPE'
    throw e
  }
  return binding._readBpgn(bytes).map((raw) => {
    const tags = {}
    const list = raw.tagList
    for (let i = 0; i < list.length; i += 2) {
      // The first of two tags with one name wins, as in the core's reader.
      if (!Object.hasOwn(tags, list[i])) define(tags, list[i], list[i + 1])
    }
    const record = {
      tags,
      game: null,
      error: raw.error,
      recordedEnding: raw.recordedEnding,
      recordedKind: raw.recordedKind,
      recordedLoser: raw.recordedLoser,
      movesReplayed: raw.movesReplayed,
      agrees: raw.agrees,
      bughouse: raw.bughouse,
      number: raw.number,
      line: raw.line,
    }
    const source = bytes.subarray(raw.start, raw.end)
    Object.defineProperty(record, 'game', {
      get() {
        const game = binding._replayRecord(source)
        define(record, 'game', game)
        return game
      },
      enumerable: true,
      configurable: true,
    })
    return record
  })
}

module.exports = {
  Board: binding.Board,
  Game: binding.Game,
  perft: binding.perft,
  readBpgn,
}
