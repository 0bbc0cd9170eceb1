// Following a game from its reports (issue 17): every action leaves the
// core's report in `game.report` (the action as logged, SAN with +/#, the
// capture demoted and the seat that received it, the state after it), and
// `game.snapshot()` is the state now. A mirror that starts from the initial
// boards and snapshot and applies only the reports stays equal to the game;
// `Game.fromBpgn` restores the game the engine wrote. Runs against both
// builds (make test-node, make test-node-wasm).
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'

import { Board, Game } from '../index.mjs'
import { throwsCode } from './helpers.mjs'

const SEATS = ['A', 'a', 'B', 'b']
const ROLES = ['pawn', 'knight', 'bishop', 'rook', 'queen']
const LETTER = { pawn: 'p', knight: 'n', bishop: 'b', rook: 'r', queen: 'q' }

/** A small seeded generator (xorshift32), so a failure replays. */
function rng(seed) {
  let x = seed >>> 0 || 1
  return (n) => {
    x ^= x << 13
    x ^= x >>> 17
    x ^= x << 5
    return (x >>> 0) % n
  }
}

/** A board's FEN with its pocket part taken from a snapshot's pockets (white's seat upper case). */
function withPockets(fen, pockets, board) {
  const [white, black] = board === 'A' ? ['A', 'a'] : ['B', 'b']
  let letters = ''
  for (const [seat, upper] of [[white, true], [black, false]]) {
    for (const role of ROLES) letters += (upper ? LETTER[role].toUpperCase() : LETTER[role]).repeat(pockets[seat][role])
  }
  return fen.replace(/\[[^\]]*\]/, `[${letters}]`)
}

/** What a front end keeps: two boards and the last state, moved by reports only. */
class Mirror {
  constructor(game) {
    this.boards = { A: new Board(game.board('A').fen()), B: new Board(game.board('B').fen()) }
    this.state = game.snapshot()
  }

  apply(report) {
    const { action, state, san, capture } = report
    if (action.kind === 'move') {
      const letter = action.seat.toUpperCase()
      const board = this.boards[letter]
      assert.equal(board.san(action.move).replace(/[+#]$/, ''), san.replace(/[+#]$/, ''), 'the SAN names the move')
      board.push(action.move)
      if (capture) {
        // The piece enters the receiving seat's pocket (R5), demoted (R6).
        const before = this.state.pockets[capture.to][capture.piece.role]
        const dropped = action.move[1] === '@' && action.seat === capture.to ? 1 : 0
        assert.equal(state.pockets[capture.to][capture.piece.role], before + 1 - dropped, 'the capture reached its pocket')
        assert.notEqual(capture.to.toUpperCase(), letter, 'a capture goes to the partner, on the other board')
      }
    }
    this.state = state
    for (const letter of ['A', 'B']) {
      this.boards[letter] = new Board(withPockets(this.boards[letter].fen(), state.pockets, letter))
    }
  }

  assertEqual(game, where) {
    for (const letter of ['A', 'B']) assert.equal(this.boards[letter].fen(), game.board(letter).fen(), `${where}: board ${letter}`)
    assert.deepEqual(this.state, game.snapshot(), `${where}: snapshot`)
  }
}

/** Plays seeded random actions of every kind on `game`, checking the mirror after each. */
function playFollowing(game, seed, steps) {
  const pick = rng(seed)
  const mirror = new Mirror(game)
  assert.equal(game.report, null, 'no report before the first action')
  let now = 0
  for (let step = 0; step < steps && !game.isOver(); step++) {
    const roll = pick(100)
    const live = game.mode === 'live'
    const state = game.snapshot()
    try {
      if (roll < 3) game.resign(SEATS[pick(4)], live ? now : undefined)
      else if (roll < 8) game.offerDraw(SEATS[pick(4)])
      else if (roll < 12) game.withdrawDraw(SEATS[pick(4)])
      else if (live && roll < 18) game.tick((now += pick(3000)))
      else if (!live && roll < 22 && state.toAct && game.canSit(state.toAct)) game.sit(state.toAct)
      else {
        const movers = state.mayMove
        if (movers.length === 0) continue
        const seat = movers[pick(movers.length)]
        const moves = game.legalMoves(seat)
        if (live) now += pick(2000)
        game.push(seat, moves[pick(moves.length)], live ? now : undefined)
      }
    } catch (e) {
      // A refused action changes nothing, but a flag found fallen (F2):
      // that ends the game with no report of its own (the core logs a
      // tick), so a front end reads the snapshot once.
      if (e.code !== 'ERR_GAME_OVER' && e.code !== 'ERR_NOT_HUMAN') throw e
      if (game.isOver() && state.outcome === null) {
        assert.equal(game.log().at(-1).kind, 'tick')
        mirror.state = game.snapshot()
      }
      continue
    }
    const report = game.report
    mirror.apply(report)
    mirror.assertEqual(game, `seed ${seed}, step ${step}`)
    assert.deepEqual(report.state, game.snapshot(), 'the report carries the state after the action')
    if (report.action.kind === 'move') assert.deepEqual(report.action, game.log().at(-1))
  }
  return game
}

describe('game.report and game.snapshot() (issue 17)', () => {
  it('a move reports its SAN with check and the capture with the seat that received it', () => {
    const g = new Game({ timeControl: '-' })
    for (const [seat, move] of [['A', 'e4'], ['a', 'd5']]) g.push(seat, move)
    g.push('A', 'exd5')
    const r = g.report
    assert.equal(r.san, 'exd5')
    assert.deepEqual(r.capture, { piece: { role: 'pawn', color: 'black' }, to: 'b' })
    assert.deepEqual(r.action, { seat: 'A', kind: 'move', move: 'e4d5', atMs: 0, clockMs: null, offers: '' })
    assert.equal(r.state.pockets.b.pawn, 1)
    assert.deepEqual(r.state.mayMove, ['a', 'B'])
    g.push('a', 'Qxd5')
    g.push('A', 'Nc3')
    g.push('a', 'Qe4')
    assert.equal(g.report.san, 'Qe4+', 'SAN with + (R16)')
  })

  it('the snapshot shows clocks, turns, sits and the ending', () => {
    const g = new Game({ timeControl: { baseMs: 60000, incrementMs: 0 } })
    const s = g.snapshot()
    assert.deepEqual(s.clocks, { A: 60000, a: 60000, B: 60000, b: 60000 })
    assert.deepEqual(s.turn, { A: 'white', B: 'white' })
    assert.deepEqual(s.waiting, { A: false, B: false })
    assert.equal(s.toAct, null)
    assert.deepEqual(s.sitsLeft, { A: 3, a: 3, B: 3, b: 3 })
    g.push('A', 'e4', 1000)
    assert.equal(g.snapshot().clocks.A, 59000)
    const ending = g.resign('b', 2000)
    assert.deepEqual(g.report.state.outcome, ending)
    assert.deepEqual(g.snapshot().mayMove, [])
    assert.equal(g.report.action.kind, 'resign')
    g.undo()
    assert.equal(g.report, null, 'undo forgets the report it took back')
  })

  it('an offer already standing is accepted and not logged', () => {
    const g = new Game({ humans: 'Ab' })
    g.offerDraw('A')
    assert.equal(g.report.logged, true)
    g.offerDraw('A')
    assert.equal(g.report.logged, false)
    assert.deepEqual(g.report.state.drawOffers, ['A'])
  })

  for (const [name, opts] of [
    ['live with clocks', { timeControl: { baseMs: 20000, incrementMs: 100 } }],
    ['live without clocks', { timeControl: '-', humans: 'Ab' }],
    ['turn-based', { mode: 'turn', humans: 'AaBb', moveCap: 120 }],
  ]) {
    it(`a mirror fed only reports equals the game: ${name}`, () => {
      for (let seed = 1; seed <= 6; seed++) playFollowing(new Game(opts), seed * 7919, 160)
    })
  }
})

describe('Game.fromBpgn (issue 17)', () => {
  for (const [name, opts] of [
    ['live with clocks', { timeControl: { baseMs: 30000, incrementMs: 500 }, humans: 'Ab' }],
    ['turn-based', { mode: 'turn', moveCap: 80 }],
  ]) {
    it(`restores the game the engine wrote, equal to it: ${name}`, () => {
      for (let seed = 1; seed <= 4; seed++) {
        const g = playFollowing(new Game(opts), seed * 104729, 120)
        const back = Game.fromBpgn(g.bpgn({ WhiteA: 'alice' }))
        assert.deepEqual(back.toJSON(), g.toJSON(), `seed ${seed}`)
        assert.deepEqual(back.snapshot(), g.snapshot())
        assert.equal(back.bfen(), g.bfen())
        assert.deepEqual(Game.fromBpgn(new TextEncoder().encode(g.bpgn())).toJSON(), g.toJSON(), 'from bytes too')
      }
    })
  }

  it('refuses text with no record, and a move the rules refuse', () => {
    throwsCode(() => Game.fromBpgn(''), 'ERR_INVALID_BPGN')
    throwsCode(() => Game.fromBpgn('[Event "x"]\n\n1A. e5 *\n'), 'ERR_INVALID_BPGN', /e5/)
    throwsCode(() => Game.fromBpgn(42), 'ERR_INVALID_ARG_TYPE')
  })
})
