// No input may crash the process: every bad argument ends in a thrown Error.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'

import { Board, Game, perft, readBpgn } from '../index.mjs'
import { CODES, mutate, ourErrorOrValue, rng, throwsCode } from './helpers.mjs'

const garbage = (rand, base) => mutate(rand, base)

describe('robustness', () => {
  it('mutated FENs either load or throw ERR_INVALID_FEN, and loaded boards work', () => {
    const rand = rng(1)
    const seeds = [
      'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1',
      'r3k2r/8/8/8/8/8/8/R2Q~K2R[QNPnp] w KQkq - 3 20',
      '4k3/8/8/8/5p2/8/4P3/4K3[] w - e3 0 1',
    ]
    let loaded = 0
    for (let i = 0; i < 3000; i++) {
      const fen = garbage(rand, seeds[i % seeds.length])
      const board = ourErrorOrValue(() => new Board(fen, { crazyhouse: i % 2 === 0 }))
      if (!board) continue
      loaded++
      // A board that loaded writes a FEN that loads again to the same FEN.
      const written = board.fen()
      assert.equal(new Board(written, { crazyhouse: i % 2 === 0 }).fen(), written)
      for (const m of board.legalMoves().slice(0, 3)) {
        board.push(m)
        board.pop()
      }
      board.perft(1)
    }
    assert.ok(loaded > 0)
  })

  it('mutated move texts either play or throw ERR_INVALID_MOVE / ERR_ILLEGAL_MOVE', () => {
    const rand = rng(2)
    const board = new Board('r3k2r/pP6/8/8/8/8/8/R3K2R[QRBNPqrbnp] w KQkq - 0 1')
    const fen = board.fen()
    const seeds = ['e1g1', 'b7a8q', 'N@f3', 'P@e4', 'a1a8']
    for (let i = 0; i < 3000; i++) {
      const text = garbage(rand, seeds[i % seeds.length])
      if (ourErrorOrValue(() => board.push(text)) !== undefined) board.pop()
      assert.equal(board.fen(), fen)
    }
  })

  it('every string argument survives odd text', () => {
    const b = new Board()
    const odd = ['', ' ', '\u0000', 'é', '\u{1F600}', 'e'.repeat(100000), 'white\u0000', 'e1\u0000']
    for (const s of odd) {
      ourErrorOrValue(() => new Board(s))
      ourErrorOrValue(() => b.push(s))
      ourErrorOrValue(() => b.pieceAt(s))
      ourErrorOrValue(() => b.pocket(s))
      ourErrorOrValue(() => perft(s, 1))
    }
  })

  it('wrong argument types throw instead of crashing', () => {
    const b = new Board()
    const values = [undefined, null, 0, -1, 1e308, NaN, true, {}, [], () => 1, Symbol('s'), 10n, new Uint8Array(3)]
    for (const v of values) {
      for (const call of [
        () => b.push(v),
        () => b.pieceAt(v),
        () => b.pocket(v),
        () => b.perft(v),
        () => perft(v, 1),
        () => perft('4k3/8/8/8/8/8/8/4K3[] w - - 0 1', v),
        () => new Board(v),
        () => new Board(undefined, v),
        () => b.san(v),
        () => b.parseSan(v),
        () => new Game(v),
        () => new Game({ mode: v }),
        () => new Game({ timeControl: v }),
        () => new Game({ humans: v }),
        () => new Game({ bfen: v }),
        () => new Game({ moveCap: v }),
        () => new Game().push(v, 'e4', 1),
        () => new Game().push('A', v, 1),
        () => new Game().push('A', 'e4', v),
        () => new Game().legalMoves(v),
        () => new Game().board(v),
        () => new Game().tick(v),
        () => new Game().clock('A', v),
        () => new Game({ mode: 'turn' }).sit(v),
        () => new Game().resign(v),
        () => new Game().offerDraw(v),
        () => new Game().bpgn(v),
        () => new Game().bpgn({ Event: v }),
        () => readBpgn(v),
      ]) {
        try {
          call()
        } catch (e) {
          assert.ok(e instanceof Error, String(e))
        }
      }
    }
  })

  it('methods called on a foreign `this` throw (or reject, for a Promise)', async () => {
    for (const name of ['fen', 'push', 'pop', 'isCheck', 'pocket', 'pieceAt', 'perft', 'legalMoves', 'legalMovesSan', 'san']) {
      throwsCode(() => Board.prototype[name].call({}, 'white'), 'ERR_INVALID_THIS', new RegExp(`Board\\.${name}`))
      throwsCode(() => Board.prototype[name].call(new Date(), 'e1'), 'ERR_INVALID_THIS')
      // Made from the prototype, but not built by the constructor.
      throwsCode(() => Board.prototype[name].call(Object.create(Board.prototype), 'e1'), 'ERR_INVALID_THIS')
    }
    const turn = Object.getOwnPropertyDescriptor(Board.prototype, 'turn').get
    throwsCode(() => turn.call({}), 'ERR_INVALID_THIS')
    const game = new Game()
    // A getter of one class on an instance of the other: napi-rs before 3.16
    // read the other struct's memory here (a segfault).
    throwsCode(() => turn.call(game), 'ERR_INVALID_THIS', /Board\.turn/)
    // The message names the call, never the receiver's contents (a 2 KB buffer once).
    assert.throws(() => Board.prototype.legalMoves.call(game), (e) => e.code === 'ERR_INVALID_THIS' && e.message.length < 100)
    for (const name of Object.getOwnPropertyNames(Game.prototype)) {
      if (name === 'constructor') continue
      const d = Object.getOwnPropertyDescriptor(Game.prototype, name)
      const fn = d.get ?? d.value
      // A Board is not a Game, nor the other way round (getters included).
      for (const self of [{}, new Board()]) {
        // Internal helpers (`_…`) are not guarded, but throw all the same.
        const ok = (e) => e instanceof Error && (name.startsWith('_') || e.code === 'ERR_INVALID_THIS')
        if (name.endsWith('Async')) await assert.rejects(fn.call(self, 'A', 'e4', 1), ok, name)
        else assert.throws(() => fn.call(self, 'A', 'e4', 1), ok, name)
      }
    }
    assert.throws(() => Board.prototype.fen.call(game), Error)
  })

  it('wrong-type arguments get ERR_INVALID_ARG_TYPE naming the call and the argument, never napi-rs codes', () => {
    const board = new Board()
    const game = new Game()
    const cases = [
      [() => board.push(42), /Board\.push: argument 1 must be a string, got a number/],
      [() => board.push(), /Board\.push: argument 1 must be a string, got undefined/],
      [() => board.pocket(1), /Board\.pocket: argument 1/],
      [() => board.pieceAt({}), /Board\.pieceAt: argument 1 .* got an object/],
      [() => board.perft('2'), /Board\.perft: argument 1 must be a number/],
      [() => new Board(42), /new Board: argument 1 must be a string/],
      [() => new Board(null, 5), /opts/],
      [() => new Board(null, { crazyhouse: 1 }), /opts\.crazyhouse/],
      [() => perft('8/8/8/8/8/8/8/K6k w - - 0 1', 1, 'crazyhouse'), /opts/],
      [() => game.push(1, 'e4', 3), /Game\.push: argument 1 must be a string/],
      [() => game.push('A', 5, 3), /Game\.push: argument 2 must be a string/],
      [() => game.push('A', 'e4', 'x'), /Game\.push: argument 3 must be a number, got a string/],
      [() => game.tick('x'), /Game\.tick: argument 1 must be a number/],
      [() => game.clock('A', '5'), /Game\.clock: argument 2 must be a number/],
      [() => game.resign('A', []), /Game\.resign: argument 2 .* got an array/],
      [() => game.board(1), /Game\.board: argument 1/],
      [() => game.bpgn(5), /tags/],
      [() => perft('x', 'y'), /perft: argument 2 must be a number/],
      [() => perft(1, 1), /perft: argument 1 must be a string/],
    ]
    for (const [fn, re] of cases) throwsCode(fn, 'ERR_INVALID_ARG_TYPE', re)
    assert.equal(game.movesPlayed, 0)
    assert.equal(board.fen(), new Board().fen())
  })

  it('messages never echo a megabyte argument', () => {
    const huge = 'e'.repeat(1 << 20)
    const board = new Board()
    const game = new Game({ timeControl: '-' })
    for (const fn of [
      () => board.push(huge),
      () => board.san(huge),
      () => board.pocket(huge),
      () => board.pieceAt(huge),
      () => new Board(huge),
      () => game.push(huge, 'e4'),
      () => game.push('A', huge),
      () => game.board(huge),
      () => new Game({ humans: huge }),
      () => new Game({ mode: huge }),
      () => new Game({ timeControl: huge }),
      () => new Game({ [huge]: 1 }),
      () => new Game({ bfen: huge }),
      () => game.bpgn({ [`${huge} `]: 'v' }),
    ]) {
      assert.throws(fn, (e) => CODES.has(e.code) && e.message.length < 300, fn.toString())
    }
  })

  it('a constructor called without `new` does not take the process down', () => {
    for (const C of [Board, Game]) {
      // Board() returned globalThis once.
      throwsCode(() => C(), 'ERR_CONSTRUCT_CALL_REQUIRED', new RegExp(C.name))
      throwsCode(() => C.call(new Board()), 'ERR_CONSTRUCT_CALL_REQUIRED')
    }
    assert.ok(new Board() instanceof Board)
    assert.ok(new Game().board('A') instanceof Board)
    assert.equal(new Board().legalMoves().length, 20)
    assert.equal(new Game().legalMoves('A').length, 20)
  })

  it('random actions on a game either apply or throw our codes, and refused ones change nothing', () => {
    const rand = rng(3)
    const pick = (xs) => xs[Math.floor(rand() * xs.length)]
    const seats = ['A', 'a', 'B', 'b', 'x', '']
    let played = 0
    let ended = 0
    for (let n = 0; n < 40; n++) {
      // R26: the turn-based game takes no time control ('-' is none).
      const g = new Game({ mode: n % 2 ? 'turn' : 'live', timeControl: pick(n % 2 ? ['-'] : ['-', '60+1', '180+0', { baseMs: 20_000, incrementMs: 1_000 }]), humans: pick(['AaBb', 'Ab', '']) })
      let now = 0
      for (let i = 0; i < 150 && !g.isOver(); i++) {
        const movers = ['A', 'a', 'B', 'b'].filter((s) => g.isTurnOf(s))
        const seat = movers.length && rand() < 0.7 ? pick(movers) : pick(seats)
        const legal = ['A', 'a', 'B', 'b'].includes(seat) ? g.legalMoves(seat) : []
        now += Math.floor(rand() * 300)
        const at = pick([now, now, now, undefined, -5, 1.5, now - 1000])
        const before = { bfen: g.bfen(), moves: g.history().length, now: g.nowMs }
        const move = legal.length && rand() < 0.8 ? pick(legal) : mutate(rand, pick(['e4', 'Nf3', 'P@e4', 'e2e4', 'O-O']))
        const action = pick(['push', 'push', 'push', 'push', 'sit', 'tick', 'offer', 'withdraw', 'clock'])
        const result = ourErrorOrValue(() => {
          switch (action) {
            case 'push': return g.push(seat, move, at)
            case 'sit': return g.sit(seat) ?? true
            case 'tick': return g.tick(at ?? now) ?? true
            case 'offer': return g.offerDraw(seat) ?? true
            case 'withdraw': g.withdrawDraw(seat); return true
            default: return g.clock(seat, at) ?? true
          }
        })
        if (result === undefined && !g.isOver()) {
          assert.equal(g.bfen(), before.bfen)
          assert.equal(g.history().length, before.moves)
          assert.equal(g.nowMs, before.now)
        }
        // What the history says is what the boards show: replay it.
        if (i % 50 === 49 && g.mode === 'live') {
          const [rec] = readBpgn(g.bpgn())
          assert.equal(rec.error, null)
          assert.equal(rec.game.bfen(), g.bfen())
        }
      }
      played += g.moves().length
      ended += g.isOver() ? 1 : 0
    }
    assert.ok(played > 500, `only ${played} moves played`)
    assert.ok(ended > 0, `${ended} games ended`)
  })
})
