// The JS layer of the WebAssembly build: what index.js is to the addon.
//
// `makeApi(glue, { module, spawnWorker })` takes wasm-bindgen's glue (initialised
// with the compiled `module`) and
// returns the package's exports { Board, Game, perft, readBpgn }: the
// wasm-bindgen classes themselves, with index.js's methods added the way
// index.js adds them (UCI strings from move codes, SAN split, the bot's
// options read once, records of readBpgn). No rules here: every answer comes
// from the engine; this file converts and routes.
//
// Beyond index.js: a class check on every method (wasm-bindgen's glue would
// read any object's `__wbg_ptr`), the addon's `free` hidden (the surfaces
// match; a FinalizationRegistry frees), and `botMoveAsync` searching in a
// worker (WebAssembly here has no threads): `spawnWorker()` makes one — a
// Web Worker in browsers, a worker thread in Node — that receives the
// compiled module and a snapshot of the game (see bot-worker-core.mjs).

import { codedError, makeReaders, requireNew } from './api-common.mjs'

const SIT = 'sit'
const BOT_TRIES = 8

/** Defines a non-enumerable method, as index.js does. */
function method(proto, name, value) {
  Object.defineProperty(proto, name, { value, writable: true, configurable: true, enumerable: false })
}

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

export function makeApi(glue, { module, memory, spawnWorker }) {
  const { Board, Game } = glue
  // The addon has no `free`: memory is released when the object is collected.
  for (const cls of [Board, Game]) {
    method(cls.prototype, '_free', cls.prototype.free)
    delete cls.prototype.free
    if (typeof Symbol.dispose === 'symbol') delete cls.prototype[Symbol.dispose]
  }
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

  // Move codes become UCI strings through a table of interned strings (as
  // in index.js): one crossing per list.
  // The engine writes move lists into one buffer of its memory, read here
  // through a view (made again when the memory grows, which detaches it).
  const uciOfCode = new Array(1 << 16)
  let codes = new Uint16Array(0)
  function movesOf(count) {
    if (codes.buffer !== memory.buffer || codes.length === 0) {
      codes = new Uint16Array(memory.buffer, glue._codeBuffer(), glue._codeBufferLength())
    }
    const out = new Array(count)
    for (let i = 0; i < count; i++) {
      const code = codes[i]
      let uci = uciOfCode[code]
      if (uci === undefined) {
        uci = glue._uciOfCode(code)
        uciOfCode[code] = uci
      }
      out[i] = uci
    }
    return out
  }

  method(Board.prototype, 'legalMoves', function legalMoves() {
    checkBoard(this, 'legalMoves')
    return movesOf(this._legalMoveCodes())
  })

  method(Board.prototype, 'legalMovesSan', function legalMovesSan() {
    checkBoard(this, 'legalMovesSan')
    const text = this._legalMovesSanText()
    return text === '' ? [] : text.split(' ')
  })

  method(Game.prototype, 'legalMoves', function legalMoves(seat) {
    checkGame(this, 'legalMoves')
    return movesOf(this._legalMoveCodes(seat))
  })

  function botOptions(opts) {
    if (opts === null || typeof opts !== 'object') return opts
    const { nodes, seed, play, atMs } = opts
    return { nodes, seed, play, atMs }
  }

  method(Game.prototype, 'botMove', function botMove(seat, opts) {
    checkGame(this, 'botMove')
    return this._botMove(seat, botOptions(opts))
  })

  // One worker per API, made on the first asynchronous search; searches
  // queue in it. Replies carry the id of their request.
  let worker = null
  let nextId = 1
  const pending = new Map()
  function search(snapshot, seat, opts) {
    if (worker === null) {
      worker = spawnWorker((reply) => {
        const p = pending.get(reply.id)
        pending.delete(reply.id)
        if (pending.size === 0) worker.idle()
        if (!p) return
        if (reply.error) {
          const e = new Error(reply.error.message)
          if (reply.error.code) e.code = reply.error.code
          p.reject(e)
        } else p.resolve(reply.found)
      })
      worker.post({ module })
    }
    const id = nextId++
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject })
      worker.busy()
      worker.post({ id, snapshot, seat, opts })
    })
  }

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

  method(Game.prototype, 'botMoveAsync', async function botMoveAsync(seat, opts) {
    checkGame(this, 'botMoveAsync')
    const o = botOptions(opts)
    const play = o !== null && typeof o === 'object' && o.play === true
    for (let tries = 1; tries < BOT_TRIES; tries++) {
      // Checks the call at once (a bad call rejects with its code).
      this._botCheck(seat, o)
      const limits = o === null || typeof o !== 'object' ? o : { nodes: o.nodes, seed: o.seed }
      const searched = search(snapshotOf(this), seat, limits)
      if (!play) {
        const found = await searched
        return found === SIT ? null : found
      }
      const board = seat.toUpperCase()
      const before = this.board(board).fen()
      const found = await searched
      if (this.board(board).fen() !== before) continue
      if (found === null) return null
      if (found === SIT) {
        this.sit(seat)
        return null
      }
      return this.push(seat, found, o.atMs)
    }
    return this.botMove(seat, o)
  })

  // UI helpers over the engine's answers (chessops' chessgroundDests is the
  // model): grouping, no rules.
  method(Board.prototype, 'dests', function dests() {
    checkBoard(this, 'dests')
    return destsOf(this.legalMoves())
  })
  method(Board.prototype, 'dropDests', function dropDests() {
    checkBoard(this, 'dropDests')
    return dropDestsOf(this.legalMoves())
  })

  // readBpgn and readBpgnStream: api-common.mjs.
  const { readBpgn, readBpgnStream } = makeReaders(glue)

  return { Board: requireNew(Board), Game: requireNew(Game), perft: glue.perft, readBpgn, readBpgnStream }
}

/** `Map` from square to the squares its piece may move to (moves, not drops). */
export function destsOf(legalMoves) {
  const dests = new Map()
  for (const uci of legalMoves) {
    if (uci[1] === '@') continue
    const from = uci.slice(0, 2)
    const to = uci.slice(2, 4)
    let list = dests.get(from)
    if (list === undefined) dests.set(from, (list = []))
    if (!list.includes(to)) list.push(to)
  }
  return dests
}

const ROLE_OF_LETTER = { P: 'pawn', N: 'knight', B: 'bishop', R: 'rook', Q: 'queen' }

/** `Map` from pocket role to the squares it may be dropped on. */
export function dropDestsOf(legalMoves) {
  const dests = new Map()
  for (const uci of legalMoves) {
    if (uci[1] !== '@') continue
    const role = ROLE_OF_LETTER[uci[0]]
    let list = dests.get(role)
    if (list === undefined) dests.set(role, (list = []))
    list.push(uci.slice(2, 4))
  }
  return dests
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
