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

import { addBoardBotMethods, addBotMethods, addMoveMethods, codedError, defineMethod as method, makeReaders, requireNew } from '../lib/common.mjs'

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
  const boardDestWords = Board.prototype._destWords
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
    boardDestWords: (board, drops) => boardDestWords.call(board, drops),
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

  addBoardBotMethods(Board, {
    startSearch(board, options) {
      board._botCheck(options)
      const limits = options === null || typeof options !== 'object' ? options : { ...options, play: false }
      if (pool === null) pool = makePool({ module, spawnWorker, size: poolSize(parallelism) })
      const snapshot = { fen: board.fen(), crazyhouse: board._isCrazyhouse() }
      const { promise, job } = pool.search({ board: snapshot, opts: limits })
      return { promise, cancel: () => pool.cancel(job) }
    },
    checkBoard,
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

// The positions prime() plays through: castling, en passant, promotions,
// checks, captures into pockets and every pocket role on both sides, so
// that the engine's paths and the JS layer's code tables meet what users'
// positions bring. None is the start position or a position the benches
// time (bench/startup-ops.mjs).
const PRIME_FENS = [
  'r3k2r/pPppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R[Nn] w KQkq - 0 1',
  'r2qk2r/ppp2ppp/4p3/4P3/1b1Pn3/2N5/PPP2PPP/R2QK2R[NBPnb] b KQkq - 0 1',
  '4k3/1P4P1/8/8/8/8/1p4p1/4K3[QRBNPqrbnp] w - - 0 1',
  'rnbqkb1r/ppp2ppp/4pn2/3pP3/3P4/8/PPP2PPP/RNBQKBNR[] w KQkq d6 0 4',
]

/**
 * prime()'s bounds: at least `PRIME_MIN_GROUPS` groups of 8 rounds, then
 * until a group has not run 10% faster than the fastest before it for 3
 * groups in a row (the optimised code is in), at most `PRIME_MAX_MS`.
 */
const PRIME_MIN_GROUPS = 6
export const PRIME_MAX_MS = 300

// WebAssembly functions compile lazily in V8: on first call to baseline
// code (Liftoff), and to optimised code (TurboFan) only once a function has
// run enough, on a background thread; the JS layer's functions likewise
// start interpreted. Right after loading, a page's first call took 10–600×
// its warm time (bench/bench_wasm_startup.mjs). prime() calls every method
// once (touchAll), then runs the hot paths — board construction, legal
// moves, SAN, dests, drops, push and pop, perft at depths 2 and 3 in both
// flavours — in rounds until they stop getting faster, the sign that V8
// has optimised them and installed the optimised code; on a busy machine
// that takes longer (its compiler threads wait for a core), so the
// stopping rule is the speed reached, not a fixed time. The first call after the
// package's ready point then runs near warm speed; the ready time pays for
// it (the same bench prints both). Returns the rounds run, the ms taken and
// the calls of touchAll that threw (none expected).
export function prime(api, { minGroups = PRIME_MIN_GROUPS, maxMs = PRIME_MAX_MS } = {}) {
  const start = performance.now()
  const failed = touchAll(api)
  let round = 0
  let groups = 0
  let fastest = Infinity
  let sinceFastest = 0
  do {
    const groupStart = performance.now()
    for (let r = 0; r < 8; r++, round++) primeRound(api, round)
    const took = performance.now() - groupStart
    if (took < 0.9 * fastest) sinceFastest = 0
    else sinceFastest++
    fastest = Math.min(fastest, took)
    groups++
  } while ((groups < minGroups || sinceFastest < 3) && performance.now() - start < maxMs)
  return { rounds: round, ms: performance.now() - start, failed }
}

/** One round of prime(): every hot path on each of PRIME_FENS. */
function primeRound(api, round) {
  for (const fen of PRIME_FENS) {
    const board = new api.Board(fen)
    const moves = board.legalMoves()
    board.dests()
    board.dropDests()
    const m = moves[round % moves.length]
    if (round % 4 === 0) board.push(board.legalMovesSan()[round % moves.length])
    else board.push(round % 2 ? m : board.san(m))
    board.pop()
  }
  // Depth 3 once a group: perft's recursion tiers up too, not only its
  // leaf count; in both flavours (crazyhouse captures fill pockets
  // mid-perft). Depth 2 else, but not on the full pockets (68,103 leaves).
  if (round % 8 === 0) api.perft(PRIME_FENS[3], 3, round % 16 === 0 ? { crazyhouse: true } : undefined)
  else api.perft(PRIME_FENS[[0, 1, 3][round % 3]], 2)
}

/**
 * Calls every method and getter of the API once (and an illegal move's
 * error path), on throwaway objects: V8 compiles each WebAssembly function
 * and each JS function on its first call, which for `fen()` alone took
 * ~250 µs in Node 20 against ~5 µs warm. The answers are dropped; an error
 * here must not stop the package from loading (the test suite checks the
 * answers).
 */
function touchAll(api) {
  const calls = [
    (b) => [b.fen(), b.turn, b.isCheck(), b.isCheckmate(), b.isWaiting(), b.isStalemate(), b.dropCouldBlockCheck()],
    (b) => [b.pocket('white'), b.pieceAt('e1'), b.checkers(), b.checkedKing(), b.attacks('e1'), b.history(), b.lastMove()],
    (b) => [b.copy().fen(), b.parseSan(b.legalMovesSan()[0]), b.perft(1)],
    // An illegal move's error path (a UI meets it): expected to throw.
    (b) => {
      try {
        b.push('e1e1')
      } catch (e) {
        if (e.code === 'ERR_ILLEGAL_MOVE') return
        throw e
      }
    },
    (_, g) => [g.mode, g.timeControl, g.humans, g.moveCap, g.nowMs, g.toAct, g.drawOffers, g.movesPlayed],
    (_, g) => [g.board('A').fen(), g.legalMoves('A'), g.isTurnOf('A'), g.canSit('A'), g.sitsLeft('A'), g.pocket('A')],
    (_, g) => [g.push('A', 'e4', 100), g.push('a', 'e5', 200), g.tick(300), g.clock('A'), g.history(), g.moves(), g.log(), g.outcome(), g.isOver()],
    (_, g) => [g.report, g.snapshot(), g.bfen(), g.bpgn(), JSON.stringify(g.toJSON()), g.undo()],
    (_, g, api) => [api.Game.fromJSON(g.toJSON()).dispose(), api.Game.fromBpgn(g.bpgn()).dispose(), g.copy().dispose()],
    (_, g) => g.botMove('A', { nodes: 50 }),
    (_, _g, api) => [...api.readBpgn('[Event "x"]\n\n1A. e4 1a. e5 *\n')],
  ]
  const board = new api.Board(PRIME_FENS[0])
  const game = new api.Game()
  const failed = []
  for (const call of calls) {
    try {
      call(board, game, api)
    } catch (e) {
      // Only warming: noted for the test (__test__/wasm_prime.test.mjs), not thrown.
      failed.push(`${call}: ${e && e.message}`)
    }
  }
  game.dispose()
  return failed
}
