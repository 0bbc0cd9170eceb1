// CommonJS entry: `const { Board } = require('bughouse')`.
//
// Loads the native addon: `bughouse.node` when it was built on this machine
// (a checkout: scripts/build.mjs, the package's `install` script there), else
// the prebuilt addon for this platform that the published tarball ships
// (`bughouse.linux-x64-gnu.node`, named as napi-rs names them: see
// scripts/platform.cjs). Hand-written rather than napi-rs's generated
// loader: one package, no per-platform optional dependencies.
//
// Besides loading, this file only hands the addon's calls to the JavaScript
// both builds share (lib/common.mjs: move lists, the computer player,
// readBpgn and readBpgnStream) and maps napi-rs's own errors to our codes:
// no rules here.
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

// The JavaScript both builds share (lib/common.mjs, required here as
// lib/common.cjs, which scripts/build.mjs generates from it): move lists,
// the computer player's options and asynchronous choices, the records of
// readBpgn and readBpgnStream. What is the addon's own: move codes are
// written into one reusable Buffer passed to each call, searches run on the
// engine's own pool (src/pool.rs, never libuv's) and stop through its stop
// flag, and stream batches are read and replayed there too.
const commonJs = join(__dirname, 'lib', 'common.cjs')
if (!existsSync(commonJs)) {
  // A checkout whose addon was built before lib/common.cjs existed, or by
  // cargo alone: the build writes it.
  throw new Error(`bughouse: ${commonJs} is missing: \`node ${join(__dirname, 'scripts', 'build.mjs')}\` generates it from lib/common.mjs`)
}
const { addBoardBotMethods, addBotMethods, addMoveMethods, codedError, defineMethod, describe, makeReaders, requireNew } = require(commonJs)

const codeBytes = Buffer.alloc(2 * binding.MAX_LEGAL_MOVES)
const codes = new Uint16Array(codeBytes.buffer, codeBytes.byteOffset, binding.MAX_LEGAL_MOVES)
// The exported classes check every method's receiver (guardClass below).
const unchecked = () => {}

addMoveMethods(binding.Board, binding.Game, {
  codeView: () => codes,
  uciOfCode: binding._uciOfCode,
  boardMoveCodes: (board) => board._legalMoveCodes(codeBytes),
  gameMoveCodes: (game, seat) => game._legalMoveCodes(seat, codeBytes),
  boardDestWords: (board, drops) => board._destWords(drops, codeBytes),
  checkBoard: unchecked,
  checkGame: unchecked,
})

addBotMethods(binding.Game, {
  startSearch(game, seat, options) {
    const stop = new binding._SearchStop()
    try {
      return { promise: binding._botSearch(game, seat, options, stop), cancel: () => stop.stop() }
    } catch (e) {
      // Inside botMoveAsync's promise, past guardClass's mapping.
      throw mapError(e, 'Game.botMoveAsync', [seat, options])
    }
  },
  checkGame: unchecked,
})

addBoardBotMethods(binding.Board, {
  startSearch(board, options) {
    const stop = new binding._SearchStop()
    try {
      return { promise: binding._boardBotSearch(board, options, stop), cancel: () => stop.stop() }
    } catch (e) {
      // Inside botMoveAsync's promise, past guardClass's mapping.
      throw mapError(e, 'Board.botMoveAsync', [options])
    }
  },
  checkBoard: unchecked,
})

const { readBpgn, readBpgnStream } = makeReaders({
  readRecords: binding._readBpgn,
  readBatch: async (bytes) => JSON.parse(await binding._readBpgnAsync(bytes)),
  lastRecordStart: binding._lastRecordStart,
  replayRecord: binding._replayRecord,
  replayBoard: binding._replayBoard,
  openPath: (path) => require('node:fs').createReadStream(path),
})

// Explicit release (`using game = new Game()`): see Game.dispose.
if (typeof Symbol.dispose === 'symbol') {
  defineMethod(binding.Game.prototype, Symbol.dispose, function dispose() {
    this.dispose()
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
  // `new`, whose prototype is the native class's (lib/common.mjs).
  return requireNew(C)
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
