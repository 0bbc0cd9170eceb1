// Side-by-side benchmark: bughouse (this package, native) against chessops
// (pure TypeScript, its crazyhouse variant), in one run on the same
// positions. Both sides produce the same output, checked before timing:
//
//   legal moves  one call listing every legal move and drop of a position
//                as an array of UCI strings (chessops: allDests + dropDests,
//                each move written by makeUci, as a UI would)
//   legal SAN    one call listing every legal move and drop of a position
//                in SAN with its check suffix (chessops: makeSan of each
//                legal move); compared after writing pawn drops `@e4` as
//                chessops does and dropping the `+`/`#` suffix (bughouse
//                mate is not crazyhouse mate, R17)
//   perft        leaf count at a depth, crazyhouse flavour (chessops: its
//                own `perft` from chessops/debug)
//   dests        what a board UI asks per position: `board.dests()`, the
//                Map from square to targets, against chessops'
//                `chessgroundDests` (compared after leaving out chessops'
//                king-onto-own-rook castling entries)
//   dropDests    the drop squares per pocket role, `board.dropDests()`,
//                against chessops' `dropDests` spread per held role into
//                arrays of square names (pawns off ranks 1 and 8, R10)
//
// Then, on its own (chessops has no bughouse): readBpgn over the 48
// bughouse records of the corpus, in records and moves per second.
//
// Run: node bench/bench_vs_chessops.mjs [--quick] [--wasm]
// Prints a table of time per call / per perft and the speed-up ratio.
// --wasm measures the WebAssembly build in Node (wasm/index.node.mjs,
// `node wasm/build.mjs` first) instead of the native addon.
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

import { chessgroundDests } from 'chessops/compat'
import { perft as chessopsPerft } from 'chessops/debug'
import { parseFen } from 'chessops/fen'
import { makeSan } from 'chessops/san'
import { SquareSet } from 'chessops/squareSet'
import { ROLES } from 'chessops/types'
import { makeSquare, makeUci, parseSquare, squareRank } from 'chessops/util'
import { Crazyhouse } from 'chessops/variant'

const quick = process.argv.includes('--quick')
const wasm = process.argv.includes('--wasm')
const { Board, perft, readBpgn } = await import(wasm ? '../wasm/index.node.mjs' : '../index.mjs')

// Positions from bughouse-core/tests/data/crazyhouse.perft and chess.perft.
const POSITIONS = [
  ['startpos', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1'],
  ['kiwipete', 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R[] w KQkq - 0 1'],
  ['zh-middlegame', 'r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[] b KQkq - 0 1'],
  ['zh-middlegame+pocket', 'r2qk2r/ppp2ppp/4p3/4P3/1b1Pn3/2N5/PPP2PPP/R2QK2R[NBPnb] b KQkq - 0 1'],
  ['zh-all-drop-types', '2k5/8/8/8/8/8/8/4K3[QRBNPqrbnp] w - - 0 1'],
]

const PERFTS = [
  ['startpos', POSITIONS[0][1], quick ? 3 : 4, quick ? 8902 : 197281],
  ['zh-middlegame', POSITIONS[2][1], 3, 58057],
  ['zh-drops', '2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1', 3, 88634],
  ['zh-all-drop-types', POSITIONS[4][1], 2, 75353],
]

const PROMOTIONS = ['queen', 'rook', 'bishop', 'knight']

function chessopsPosition(fen) {
  return Crazyhouse.fromSetup(parseFen(fen).unwrap()).unwrap()
}

/** Every legal move and drop of a chessops position, as UCI strings. */
function chessopsLegalUci(pos) {
  const ctx = pos.ctx()
  const out = []
  const promoRank = pos.turn === 'white' ? 6 : 1
  for (const [from, dests] of pos.allDests(ctx)) {
    const promotes = pos.board.pawn.has(from) && squareRank(from) === promoRank
    for (const to of dests) {
      if (promotes) for (const promotion of PROMOTIONS) out.push(makeUci({ from, to, promotion }))
      else out.push(makeUci({ from, to }))
    }
  }
  const dropDests = pos.dropDests(ctx)
  const pocket = pos.pockets[pos.turn]
  for (const role of ROLES) {
    if (pocket[role] > 0) {
      for (const to of role === 'pawn' ? dropDests.diff(SquareSet.backranks()) : dropDests) {
        out.push(makeUci({ role, to }))
      }
    }
  }
  return out
}

/** Every legal move and drop of a chessops position, in SAN with its suffix. */
function chessopsLegalSan(pos) {
  const ctx = pos.ctx()
  const out = []
  const promoRank = pos.turn === 'white' ? 6 : 1
  for (const [from, dests] of pos.allDests(ctx)) {
    const promotes = pos.board.pawn.has(from) && squareRank(from) === promoRank
    for (const to of dests) {
      if (promotes) for (const promotion of PROMOTIONS) out.push(makeSan(pos, { from, to, promotion }))
      else out.push(makeSan(pos, { from, to }))
    }
  }
  const dropDests = pos.dropDests(ctx)
  const pocket = pos.pockets[pos.turn]
  for (const role of ROLES) {
    if (pocket[role] > 0) {
      for (const to of role === 'pawn' ? dropDests.diff(SquareSet.backranks()) : dropDests) {
        out.push(makeSan(pos, { role, to }))
      }
    }
  }
  return out
}

/** chessops' drop squares per held role, as `board.dropDests()` gives them. */
function chessopsDropDests(pos) {
  const dests = pos.dropDests(pos.ctx())
  const pocket = pos.pockets[pos.turn]
  const out = new Map()
  for (const role of ROLES) {
    if (role === 'king' || pocket[role] === 0) continue
    const squares = role === 'pawn' ? dests.diff(SquareSet.backranks()) : dests
    if (squares.nonEmpty()) out.set(role, Array.from(squares, makeSquare))
  }
  return out
}

/**
 * chessgroundDests as ours reads: chessops also lists a castling king's
 * move onto its own rook (for chess960-style input); we list e1g1 only.
 */
function sameDests(ours, pos) {
  const own = (name) => pos.board.get(parseSquare(name))?.color === pos.turn
  const norm = (m) => JSON.stringify([...m].map(([from, tos]) => [from, tos.filter((to) => !own(to)).sort()]).sort())
  return norm(ours) === norm(chessgroundDests(pos))
}

/** SAN as both sides can agree on: pawn drops `@e4`, no check suffix. */
const comparableSan = (list) => list.map((s) => s.replace(/^P@/, '@').replace(/[+#]$/, '')).sort()

/** Nanoseconds per call of `fn`, best of 5 rounds of at least `minMs` each. */
function timePerCall(fn, minMs) {
  let sink = 0
  for (let i = 0; i < 200; i++) sink += fn() ? 1 : 0 // warm up the JIT
  let best = Infinity
  for (let round = 0; round < 5; round++) {
    let calls = 0
    const start = process.hrtime.bigint()
    let elapsed = 0n
    do {
      for (let i = 0; i < 50; i++) sink += fn() ? 1 : 0
      calls += 50
      elapsed = process.hrtime.bigint() - start
    } while (elapsed < BigInt(minMs) * 1_000_000n)
    best = Math.min(best, Number(elapsed) / calls)
  }
  if (sink < 0) console.log(sink)
  return best
}

/** Milliseconds of one run of `fn`, best of `rounds`. */
function timeOnce(fn, rounds) {
  let best = Infinity
  for (let i = 0; i < rounds; i++) {
    const start = process.hrtime.bigint()
    fn()
    best = Math.min(best, Number(process.hrtime.bigint() - start) / 1e6)
  }
  return best
}

const fmtNs = (ns) => (ns >= 1e6 ? `${(ns / 1e6).toFixed(2)} ms` : ns >= 1e3 ? `${(ns / 1e3).toFixed(2)} µs` : `${ns.toFixed(0)} ns`)
const rows = []

for (const [name, fen] of POSITIONS) {
  const ours = new Board(fen, { crazyhouse: true })
  const theirs = chessopsPosition(fen)
  const a = ours.legalMoves()
  const b = chessopsLegalUci(theirs)
  if (a.length !== b.length) throw new Error(`${name}: ${a.length} moves here, ${b.length} in chessops`)
  const minMs = quick ? 50 : 300
  const tOurs = timePerCall(() => ours.legalMoves(), minMs)
  const tTheirs = timePerCall(() => chessopsLegalUci(theirs), minMs)
  const tDests = timePerCall(() => theirs.allDests().size + theirs.dropDests().size(), minMs)
  rows.push({
    bench: `legalMoves ${name} (${a.length})`,
    bughouse: fmtNs(tOurs),
    chessops: fmtNs(tTheirs),
    ratio: `${(tTheirs / tOurs).toFixed(1)}x`,
    'chessops dests only': `${fmtNs(tDests)} (${(tDests / tOurs).toFixed(1)}x)`,
  })
}

for (const [name, fen] of POSITIONS) {
  const ours = new Board(fen, { crazyhouse: true })
  const theirs = chessopsPosition(fen)
  const a = comparableSan(ours.legalMovesSan())
  const b = comparableSan(chessopsLegalSan(theirs))
  if (a.join(' ') !== b.join(' ')) throw new Error(`${name}: SAN lists differ:\n${a}\n${b}`)
  const minMs = quick ? 50 : 300
  const tOurs = timePerCall(() => ours.legalMovesSan(), minMs)
  const tTheirs = timePerCall(() => chessopsLegalSan(theirs), minMs)
  rows.push({
    bench: `legalMovesSan ${name} (${a.length})`,
    bughouse: fmtNs(tOurs),
    chessops: fmtNs(tTheirs),
    ratio: `${(tTheirs / tOurs).toFixed(1)}x`,
    'chessops dests only': '',
  })
}

for (const [name, fen] of POSITIONS) {
  const ours = new Board(fen, { crazyhouse: true })
  const theirs = chessopsPosition(fen)
  if (!sameDests(ours.dests(), theirs)) throw new Error(`${name}: dests differ from chessgroundDests`)
  const drops = JSON.stringify([...ours.dropDests()])
  if (drops !== JSON.stringify([...chessopsDropDests(theirs)])) throw new Error(`${name}: dropDests differ from chessops'`)
  const minMs = quick ? 50 : 300
  for (const [bench, tOurs, tTheirs] of [
    ['dests', timePerCall(() => ours.dests(), minMs), timePerCall(() => chessgroundDests(theirs), minMs)],
    ['dropDests', timePerCall(() => ours.dropDests(), minMs), timePerCall(() => chessopsDropDests(theirs), minMs)],
  ]) {
    rows.push({
      bench: `${bench} ${name}`,
      bughouse: fmtNs(tOurs),
      chessops: fmtNs(tTheirs),
      ratio: `${(tTheirs / tOurs).toFixed(1)}x`,
      'chessops dests only': '',
    })
  }
}

for (const [name, fen, depth, expected] of PERFTS) {
  const board = new Board(fen, { crazyhouse: true })
  const pos = chessopsPosition(fen)
  const ours = board.perft(depth)
  const theirs = chessopsPerft(pos, depth, false)
  if (ours !== expected || theirs !== expected) {
    throw new Error(`${name} perft ${depth}: expected ${expected}, bughouse ${ours}, chessops ${theirs}`)
  }
  const tOurs = timeOnce(() => board.perft(depth), quick ? 3 : 7) * 1e6
  const tTheirs = timeOnce(() => chessopsPerft(pos, depth, false), quick ? 1 : 3) * 1e6
  rows.push({
    bench: `perft ${name} d${depth} (${expected})`,
    bughouse: fmtNs(tOurs),
    chessops: fmtNs(tTheirs),
    ratio: `${(tTheirs / tOurs).toFixed(1)}x`,
    'chessops dests only': '',
  })
}

// perft() without a Board object: the same engine, one call.
{
  const [name, fen, depth, expected] = PERFTS[0]
  if (perft(fen, depth, { crazyhouse: true }) !== expected) throw new Error('perft() disagrees')
  void name
}

const chessopsVersion = JSON.parse(
  readFileSync(new URL('../node_modules/chessops/package.json', import.meta.url), 'utf8'),
).version
console.log(`bughouse (${wasm ? 'WebAssembly build' : 'napi addon'}) vs chessops ${chessopsVersion} (crazyhouse), node ${process.version}`)
console.table(rows)

// readBpgn over the bughouse corpus, games built (record.game read).
{
  const corpus = fileURLToPath(new URL('../../bughouse-core/tests/data/corpus/', import.meta.url))
  const texts = []
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const p = `${dir}/${name}`
      if (statSync(p).isDirectory()) walk(p)
      else if (name.endsWith('.bpgn')) texts.push(readFileSync(p, 'utf8'))
    }
  }
  for (const dir of ['fics-bpgn', 'fics-embedded', 'chesscom-derived-bpgn']) walk(`${corpus}${dir}`)
  const archive = texts.join('\n\n')
  let records = 0
  let moves = 0
  for (const r of readBpgn(archive)) {
    if (r.error !== null) throw new Error(r.error)
    records++
    moves += r.movesReplayed
  }
  const withGames = () => readBpgn(archive).reduce((n, r) => n + r.game.movesPlayed, 0)
  const readOnly = () => readBpgn(archive).length
  const tGames = timePerCall(withGames, quick ? 100 : 500)
  const tRead = timePerCall(readOnly, quick ? 100 : 500)
  console.log(
    `readBpgn, ${records} bughouse records (${moves} moves, ${(archive.length / 1024).toFixed(0)} KiB) in one string: ` +
      `${fmtNs(tRead)} (${((moves / tRead) * 1e3).toFixed(2)} M moves/s); ` +
      `reading every record.game too: ${fmtNs(tGames)} (${((moves / tGames) * 1e3).toFixed(2)} M moves/s)`,
  )
}
