// The JS layer of the WebAssembly build: what index.js is to the addon.
//
// `makeApi(glue, { module, spawnWorker })` takes wasm-bindgen's glue (initialised
// with the compiled `module`) and
// returns the package's exports { Board, Game, perft, readBpgn,
// readBpgnStream }: the wasm-bindgen classes themselves, with the methods
// both builds add (../lib/common.mjs: move lists, the computer player,
// readBpgn and readBpgnStream) given this build's engine calls. No rules
// here: every answer comes from the engine; this file converts and routes.
//
// Beyond index.js: a class check on every method (wasm-bindgen's glue would
// read any object's `__wbg_ptr`), the addon's `free` hidden (the surfaces
// match; a FinalizationRegistry frees), and `botMoveAsync` searching in a
// pool of workers (WebAssembly here has no threads; bot-pool.mjs):
// `spawnWorker(onReply, onFailure)` makes one — a Web Worker in browsers, a
// worker thread in Node — that receives the compiled module and a snapshot
// of the game (see bot-worker-core.mjs); `parallelism` (the machine's cores)
// bounds the pool.

import { addBotMethods, addMoveMethods, codedError, defineMethod as method, makeReaders, requireNew } from '../lib/common.mjs'

import { makePool, poolSize } from './bot-pool.mjs'

/**
 * Every method and getter of `cls` refuses a `this` that is not one of its
 * live instances, with the addon's message ("not an instance of class").
 */
function guard(cls) {
  const proto = cls.prototype
  const check = (self, name) => {
    if (!(self instanceof cls) || self.__wbg_ptr === undefined) {
      throw codedError(TypeError, 'ERR_INVALID_THIS', `${cls.name}.${name} was called on something that is not one of its instances`)
    }
    if (!self.__wbg_ptr) {
      const e = new Error(`${cls.name}.${name}: this ${cls.name.toLowerCase()} was disposed`)
      e.code = 'ERR_DISPOSED'
      throw e
    }
  }
  for (const name of Object.getOwnPropertyNames(proto)) {
    if (name === 'constructor') continue
    const d = Object.getOwnPropertyDescriptor(proto, name)
    if (d.get) {
      const get = d.get
      Object.defineProperty(proto, name, { ...d, get() { check(this, name); return get.call(this) } })
    } else if (typeof d.value === 'function') {
      const fn = d.value
      const wrapped = {
        [name](...args) {
          check(this, name)
          return fn.apply(this, args)
        },
      }[name]
      Object.defineProperty(proto, name, { ...d, value: wrapped, enumerable: false })
    }
  }
  return check
}

export function makeApi(glue, { module, memory, spawnWorker, parallelism }) {
  const { Board, Game } = glue
  // The addon has no `free`: memory is released when the object is collected.
  for (const cls of [Board, Game]) {
    method(cls.prototype, '_free', cls.prototype.free)
    delete cls.prototype.free
    if (typeof Symbol.dispose === 'symbol') delete cls.prototype[Symbol.dispose]
  }
  // The engine's own move-list calls, kept before `guard` wraps them: the
  // public methods below check `this` once, not twice.
  const boardMoveCodes = Board.prototype._legalMoveCodes
  const gameMoveCodes = Game.prototype._legalMoveCodes
  const checkBoard = guard(Board)
  const checkGame = guard(Game)

  // As the addon's Game: dispose() frees its memory now (a game is about
  // 65 KiB of the module's memory), later calls throw ERR_DISPOSED, twice
  // is fine; `using` calls [Symbol.dispose].
  const free = Game.prototype._free
  method(Game.prototype, 'dispose', function dispose() {
    if (!(this instanceof Game) || this.__wbg_ptr === undefined) checkGame(this, 'dispose')
    if (this.__wbg_ptr) free.call(this)
  })
  if (typeof Symbol.dispose === 'symbol') method(Game.prototype, Symbol.dispose, Game.prototype.dispose)

  // The engine writes move lists into one buffer of its memory, read here
  // through a view. When the memory grows its old buffer is detached and
  // the view's length reads 0: only then is it made again. (Comparing
  // against `memory.buffer` on every call, as before, took ~0.1 µs in
  // Chromium 156 and ~0.4 µs in Node 20 at load: a fifth of a whole
  // legalMoves() from the start in the browser.)
  let codes = new Uint16Array(0)
  function codeView() {
    if (codes.length === 0) codes = new Uint16Array(memory.buffer, glue._codeBuffer(), glue._codeBufferLength())
    return codes
  }
  addMoveMethods(Board, Game, {
    codeView,
    uciOfCode: glue._uciOfCode,
    boardMoveCodes: (board) => boardMoveCodes.call(board),
    gameMoveCodes: (game, seat) => gameMoveCodes.call(game, seat),
    checkBoard,
    checkGame,
  })

  // Searches run in a pool of workers (bot-pool.mjs), made on the first
  // asynchronous search; an abort terminates the searching worker.
  let pool = null

  /** What the worker needs to rebuild the game through the public API. */
  function snapshotOf(game) {
    return {
      mode: game.mode,
      timeControl: game.timeControl,
      humans: game.humans,
      moveCap: game.moveCap,
      bfen: game._startBfen(),
      history: game.history(),
      nowMs: game.nowMs,
    }
  }

  addBotMethods(Game, {
    startSearch(game, seat, options) {
      game._botCheck(seat, options)
      const limits = options === null || typeof options !== 'object' ? options : { ...options, play: false, atMs: undefined }
      if (pool === null) pool = makePool({ module, spawnWorker, size: poolSize(parallelism) })
      const { promise, job } = pool.search({ snapshot: snapshotOf(game), seat, opts: limits })
      return { promise, cancel: () => pool.cancel(job) }
    },
    checkGame,
  })

  // WebAssembly here has no threads: a batch is replayed on the calling
  // thread (the addon uses its pool), and the page may draw between two.
  const { readBpgn, readBpgnStream } = makeReaders({
    readRecords: glue._readBpgn,
    readBatch: glue._readBpgnBatch,
    lastRecordStart: glue._lastRecordStart,
    replayRecord: glue._replayRecord,
    replayBoard: glue._replayBoard,
    betweenBatches: () => new Promise((resolve) => setTimeout(resolve, 0)),
  })

  return { Board: requireNew(Board), Game: requireNew(Game), perft: glue.perft, readBpgn, readBpgnStream }
}

// WebAssembly functions compile on their first call (V8 compiles lazily):
// the first legalMoves() of a page would take ~100× its warm time. One
// call of each hot path here, at load (about a millisecond), makes a
// page's first call run at compiled speed.
export function prime(api) {
  const board = new api.Board('r3k2r/pPppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R[Nn] w KQkq - 0 1')
  board.legalMovesSan()
  board.perft(2)
  board.copy().push(board.legalMoves()[0])
}
