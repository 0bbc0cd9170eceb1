// readBpgn (N4): the corpus of real FICS, bughousedb and chess.com records
// replayed through the rules; tags, errors and endings; garbage never crashes.
import assert from 'node:assert/strict'
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { describe, it } from 'node:test'
import { fileURLToPath } from 'node:url'

import { Board, Game, readBpgn } from '../index.mjs'
import { mutate, ourErrorOrValue, rng, throwsCode } from './helpers.mjs'

// The corpus lives in the core's test data, inside this repository.
const CORPUS = new URL('../../bughouse-core/tests/data/corpus/', import.meta.url)

/** Every .bpgn/.pgn file under `dir` of the corpus, sorted. */
function corpusFiles(dir) {
  const out = []
  const walk = (path) => {
    for (const name of readdirSync(path)) {
      const p = `${path}/${name}`
      if (statSync(p).isDirectory()) walk(p)
      else if (/\.(bpgn|pgn)$/.test(name)) out.push(p)
    }
  }
  walk(fileURLToPath(new URL(dir, CORPUS)))
  return out.sort()
}

const BUGHOUSE_FILES = ['fics-bpgn', 'fics-embedded', 'chesscom-derived-bpgn'].flatMap(corpusFiles)

const SMALL = `[Event "test"]
[WhiteA "ann"][WhiteAElo "1500"]
[BlackA "bob"]
[WhiteB "cid"]
[BlackB "dee"]
[TimeControl "180+0"]
[Result "0-1"]
1A. e4{179.9} 1B. d4{179.5} 1a. e5{178} {bob resigns} 0-1
`

describe('readBpgn: the corpus', () => {
  it('n4_r16_replays_all_48_bughouse_records_and_every_checkmate_agrees', () => {
    let games = 0
    let mates = 0
    let moves = 0
    for (const file of BUGHOUSE_FILES) {
      const records = readBpgn(readFileSync(file, 'utf8'))
      assert.ok(records.length > 0, file)
      for (const rec of records) {
        const where = `${file} #${rec.number}`
        assert.equal(rec.error, null, where)
        assert.equal(rec.bughouse, true, where)
        assert.equal(rec.agrees, true, where)
        moves += rec.movesReplayed
        assert.equal(rec.game.moves().length, rec.movesReplayed, where)
        assert.ok(rec.tags.WhiteA && rec.tags.BlackA && rec.tags.WhiteB && rec.tags.BlackB, where)
        if (/checkmate/i.test(rec.recordedEnding ?? '') || rec.recordedKind === 'checkmate') {
          assert.equal(rec.recordedKind, 'checkmate', where)
          const outcome = rec.game.outcome()
          assert.equal(outcome?.reason, 'checkmate', `${where}: ${rec.recordedEnding}`)
          assert.equal(outcome.seat, rec.recordedLoser, where)
          assert.ok(rec.game.board(outcome.seat.toUpperCase()).isCheckmate(), where)
          mates++
        } else {
          // No other ending is one the engine finds by itself (R17: play goes on).
          assert.equal(rec.game.outcome(), null, `${where}: ${rec.recordedEnding}`)
        }
        games++
        moves += rec.movesReplayed
      }
    }
    assert.equal(games, 48)
    assert.equal(mates, 27) // 3 FICS, 24 chess.com
    assert.ok(moves > 5000, String(moves))
  })

  it('reads the same from bytes as from text', () => {
    for (const file of BUGHOUSE_FILES.slice(0, 8)) {
      const bytes = readFileSync(file)
      const fromText = readBpgn(bytes.toString('utf8'))
      const fromBytes = readBpgn(bytes)
      const fromView = readBpgn(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length))
      for (const other of [fromBytes, fromView]) {
        assert.equal(other.length, fromText.length)
        other.forEach((rec, i) => {
          assert.deepEqual(rec.tags, fromText[i].tags)
          assert.deepEqual(rec.game.moves(), fromText[i].game.moves())
          assert.equal(rec.recordedEnding, fromText[i].recordedEnding)
        })
      }
    }
  })

  it('r17_a_blockable_check_with_an_empty_pocket_plays_on_in_the_record', () => {
    const [file] = BUGHOUSE_FILES.filter((f) => f.endsWith('161530622681_161530622683.bpgn'))
    const [rec] = readBpgn(readFileSync(file, 'utf8'))
    assert.equal(rec.error, null)
    assert.equal(rec.recordedKind, 'time')
    assert.equal(rec.game.isOver(), false)
  })

  it('reads a FICS record: tags, clocks and the termination comment', () => {
    const [file] = BUGHOUSE_FILES.filter((f) => f.endsWith('1934587.bpgn'))
    const [rec] = readBpgn(readFileSync(file, 'utf8'))
    assert.equal(rec.tags.WhiteA, 'Bugfish')
    assert.equal(rec.tags.TimeControl, '60+0')
    assert.equal(rec.tags.WhiteAElo, '1932')
    assert.equal(rec.line, 1)
    const first = rec.game.history()[0]
    assert.equal(first.seat, 'A')
    assert.equal(first.move, 'e2e4')
    assert.equal(first.clockMs, 58345)
  })

  it('single-board crazyhouse PGN replays on a crazyhouse board: every corpus record, to its end', () => {
    const files = ['crazyhouse-lichess', 'crazyhouse-fics'].flatMap(corpusFiles)
    let total = 0
    let moves = 0
    for (const file of files) {
      const records = readBpgn(readFileSync(file, 'utf8'))
      assert.ok(records.length > 0, file)
      for (const rec of records) {
        total++
        const where = `${file} #${rec.number}`
        assert.equal(rec.bughouse, false, where)
        assert.equal(rec.error, null, where)
        moves += rec.movesReplayed
        assert.equal(rec.agrees, true, where)
        assert.equal(rec.game, null, where)
        assert.ok(rec.board instanceof Board, where)
      }
    }
    // Some games end with no move (a forfeit by disconnection).
    assert.ok(total > 1000 && moves > 50 * total, `${total} records, ${moves} moves`)
  })

  it('a crazyhouse record replays in the crazyhouse flavour: a capture goes to the capturer', () => {
    const [rec] = readBpgn('[Event "zh"]\n[Variant "crazyhouse"]\n\n1. e4 d5 2. exd5 Qxd5 *\n')
    assert.equal(rec.error, null)
    assert.equal(rec.movesReplayed, 4)
    // White took a pawn, Black took one back: each in its own pocket.
    assert.deepEqual(rec.board.pocket('white'), { pawn: 1, knight: 0, bishop: 0, rook: 0, queen: 0 })
    assert.deepEqual(rec.board.pocket('black'), { pawn: 1, knight: 0, bishop: 0, rook: 0, queen: 0 })
    assert.equal(rec.board.turn, 'white')
    assert.ok(rec.board.legalMoves().includes('P@e6'))
  })
})

describe('readBpgn: records', () => {
  it('returns tags, game, error and the recorded ending', () => {
    const [rec] = readBpgn(SMALL)
    assert.deepEqual(Object.keys(rec), [
      'tags', 'game', 'board', 'error', 'recordedEnding', 'recordedKind', 'recordedLoser',
      'movesReplayed', 'agrees', 'bughouse', 'number', 'line',
    ])
    assert.deepEqual(rec.tags, {
      Event: 'test', WhiteA: 'ann', WhiteAElo: '1500', BlackA: 'bob', WhiteB: 'cid', BlackB: 'dee', TimeControl: '180+0', Result: '0-1',
    })
    assert.equal(rec.error, null)
    assert.equal(rec.recordedEnding, 'bob resigns')
    assert.equal(rec.recordedKind, 'resignation')
    assert.equal(rec.recordedLoser, 'a')
    assert.equal(rec.movesReplayed, 3)
    assert.equal(rec.agrees, true)
    assert.ok(rec.game instanceof Game)
    assert.deepEqual(rec.game.moves(), [
      { seat: 'A', move: 'e2e4' },
      { seat: 'B', move: 'd2d4' },
      { seat: 'a', move: 'e7e5' },
    ])
    assert.deepEqual(rec.game.history().map((h) => h.clockMs), [179900, 179500, 178000])
    // The record's game is replayed without clocks and may be played on.
    assert.equal(rec.game.timeControl, null)
    assert.equal(rec.game.outcome(), null) // resignations are the record's, not a rule's
    rec.game.push('A', 'Nf3')
    assert.equal(rec.game.moves().length, 4)
  })

  it('builds each game once, when first read, a Game of its own', () => {
    const records = readBpgn(SMALL + SMALL)
    assert.equal(records.length, 2)
    assert.equal(records[0].game, records[0].game)
    assert.notEqual(records[0].game, records[1].game)
    records[0].game.push('A', 'Nf3')
    assert.equal(records[1].game.moves().length, 3)
    assert.deepEqual(records.map((r) => [r.number, r.line]), [[1, 1], [2, 9]])
  })

  it('reports a refused move as a string and keeps the moves before it', () => {
    const text = SMALL.replace('1a. e5{178}', '1a. e5{178} 2A. Ke3 2a. Nf6')
    const [rec] = readBpgn(text)
    assert.match(rec.error, /game 1, move 2A \(A-White\) 'Ke3': /)
    assert.equal(rec.movesReplayed, 3)
    assert.equal(rec.agrees, false)
    assert.equal(rec.game.moves().length, 3)
  })

  it('reads every game of an archive, good and bad alike', () => {
    const bad = '[WhiteA "x"]\n1A. e5 1a. e5 *\n'
    const mated = '[WhiteA "p"][BlackA "q"]\n1A. e4 1a. f6 1A. d4 1a. g5 1A. Qh5 {q checkmated} 1-0\n'
    const records = readBpgn(`${SMALL}\n${bad}\n${mated}`)
    assert.equal(records.length, 3)
    assert.equal(records[0].error, null)
    assert.match(records[1].error, /game 2, move 1A/)
    assert.equal(records[2].error, null)
    assert.equal(records[2].recordedKind, 'checkmate')
    // Qh5 is check along h5-e8 with f7 and g6 empty: a drop could block (R17).
    assert.equal(records[2].game.outcome(), null)
    assert.equal(records[2].agrees, false)
  })

  it('reads a FEN tag as the start (N2) and reports a bad one', () => {
    const bfen = '6rk/6pp/8/8/8/8/8/4K3[N] w - - 0 1 | rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1'
    const [rec] = readBpgn(`[SetUp "1"]\n[FEN "${bfen}"]\n1A. N@f7# {BlackA checkmated} 1-0\n`)
    assert.equal(rec.error, null)
    assert.equal(rec.game.outcome().reason, 'checkmate')
    assert.equal(rec.game.bpgn().includes(bfen), true)
    const [badRec] = readBpgn('[FEN "junk"]\n1A. e4 *\n')
    assert.match(badRec.error, /bad FEN tag/)
    assert.equal(badRec.game.bfen(), new Game().bfen())
  })

  it('reads tag escapes, keeps the first of two tags, and any tag name', () => {
    const [rec] = readBpgn('[WhiteA "a \\"b\\" \\\\ c"]\n[Event "one"]\n[Event "two"]\n[__proto__ "p"]\n1A. e4 *\n')
    assert.equal(rec.tags.WhiteA, 'a "b" \\ c')
    assert.equal(rec.tags.Event, 'one')
    assert.equal(Object.hasOwn(rec.tags, '__proto__'), true)
    assert.equal(rec.tags.__proto__, 'p')
    assert.equal(Object.getPrototypeOf(rec.tags), Object.prototype)
  })

  it('reads Latin-1 bytes as Latin-1 and UTF-8 as UTF-8', () => {
    const latin1 = Buffer.from('[WhiteA "Jos\xe9"]\n1A. e4 {C: ol\xe9} *\n', 'latin1')
    assert.equal(readBpgn(latin1)[0].tags.WhiteA, 'José')
    assert.equal(readBpgn('[WhiteA "José 😀"]\n1A. e4 *\n')[0].tags.WhiteA, 'José 😀')
  })

  it('a copy of the bytes is read: the caller may reuse its buffer', () => {
    const bytes = Buffer.from(SMALL)
    const [rec] = readBpgn(bytes)
    bytes.fill(0x20)
    assert.equal(rec.game.moves().length, 3)
  })

  it('returns [] for blank text and CRLF archives read as LF ones', () => {
    assert.deepEqual(readBpgn(''), [])
    assert.deepEqual(readBpgn(' \r\n\t\n'), [])
    assert.deepEqual(readBpgn(new Uint8Array(0)), [])
    const crlf = readBpgn(SMALL.replaceAll('\n', '\r\n'))
    assert.equal(crlf[0].error, null)
    assert.deepEqual(crlf[0].game.moves(), readBpgn(SMALL)[0].game.moves())
  })

  it('throws ERR_INVALID_BPGN for text with no game record at all', () => {
    for (const text of ['hello world', 'e4 e5 Nf3', '\u0000\u0001\u0002', '{just a comment}', '%PDF-1.7\n', '😀']) {
      throwsCode(() => readBpgn(text), 'ERR_INVALID_BPGN', /no BPGN game record/)
    }
    throwsCode(() => readBpgn(new Uint8Array([0xff, 0xfe, 0x00, 0x89])), 'ERR_INVALID_BPGN')
  })

  it('throws ERR_INVALID_ARG_TYPE for anything but text or bytes', () => {
    for (const v of [undefined, null, 42, {}, [], ['1A. e4'], new ArrayBuffer(4), new Uint16Array(2), Symbol('x')]) {
      throwsCode(() => readBpgn(v), 'ERR_INVALID_ARG_TYPE', /string or a Uint8Array/)
    }
  })
})

describe('readBpgn: garbage never crashes', () => {
  it('mutated corpus records read, replay and write without a crash', () => {
    const rand = rng(7)
    const seeds = BUGHOUSE_FILES.slice(0, 12).map((f) => readFileSync(f, 'utf8'))
    const alphabet = '[]{}"\\ \n1234567890ABab.-+#=@xNBRQKPO/*;%$()abcdefgh\u0000é'
    let records = 0
    for (let i = 0; i < 400; i++) {
      let text = seeds[i % seeds.length]
      for (let k = 0; k < 1 + (i % 6); k++) {
        // Mutate a random window so edits land all over the record.
        const at = Math.floor(rand() * text.length)
        text = text.slice(0, at) + mutate(rand, text.slice(at, at + 12), alphabet) + text.slice(at + 12)
      }
      const got = ourErrorOrValue(() => readBpgn(text))
      if (!got) continue
      for (const rec of got) {
        records++
        assert.ok(rec.error === null || typeof rec.error === 'string')
        if (rec.bughouse) {
          const g = rec.game
          assert.equal(rec.board, null)
          assert.equal(g.moves().length, rec.movesReplayed)
          assert.equal(typeof g.bpgn(), 'string')
        } else {
          assert.equal(rec.game, null)
          assert.equal(typeof rec.board.fen(), 'string')
        }
      }
    }
    assert.ok(records > 300, String(records))
  })

  it('random bytes and random tokens never crash', () => {
    const rand = rng(11)
    const words = ['[WhiteA "x"]', '1A.', '1a.', '2B.', 'e4', 'Nf3', 'P@e4', 'O-O', '{', '}', '(', ')', '1-0', '*', '\n', '[', ']', '"', ';', '$1', 'e8=Q']
    for (let i = 0; i < 300; i++) {
      const bytes = new Uint8Array(Math.floor(rand() * 400))
      for (let j = 0; j < bytes.length; j++) bytes[j] = Math.floor(rand() * 256)
      ourErrorOrValue(() => readBpgn(bytes))
      let text = ''
      for (let j = 0; j < 60; j++) text += `${words[Math.floor(rand() * words.length)]} `
      const got = ourErrorOrValue(() => readBpgn(text))
      for (const rec of got ?? []) void (rec.bughouse ? rec.game.bfen() : rec.board.fen())
    }
  })
})
