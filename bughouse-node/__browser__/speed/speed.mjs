// The speed page: bughouse's WebAssembly build and chessops side by side in
// one page run, on the same positions, each answer checked equal before it
// is timed (the same measures as bench/bench_vs_chessops.mjs in Node):
//   legal moves   every legal move and drop as UCI strings
//   legal SAN     every legal move and drop in SAN (compared without +/#)
//   dests         what a board UI asks per position: the Map from square to
//                 its targets (board.dests() against chessops'
//                 chessgroundDests, the API chessground documents)
//   perft 4       from the start and on a pocket position (crazyhouse flavour)
//   first call    the first legalMoves() after load against the warm time
//                 (this page is not cross-origin isolated: Chromium's clock
//                 here ticks in 100 µs, too coarse for a call of a few µs;
//                 bench/bench_wasm_startup.mjs measures first calls at 5 µs
//                 in Chromium and finer in Node)
// Imported by package name: a bundler (Vite) resolves `bughouse` through the
// package's "browser" export condition to the WebAssembly build.
import { Board, perft } from 'bughouse'
import { chessgroundDests } from 'chessops/compat'
import { perft as chessopsPerft } from 'chessops/debug'
import { parseFen } from 'chessops/fen'
import { makeSan } from 'chessops/san'
import { SquareSet } from 'chessops/squareSet'
import { ROLES } from 'chessops/types'
import { makeUci, parseSquare, squareRank } from 'chessops/util'
import { Crazyhouse } from 'chessops/variant'

const quick = new URLSearchParams(location.search).has('quick')
const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1'
const POCKET = 'r2qk2r/ppp2ppp/4p3/4P3/1b1Pn3/2N5/PPP2PPP/R2QK2R[NBPnb] b KQkq - 0 1'
const POSITIONS = [
  START,
  'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R[] w KQkq - 0 1',
  'r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[] b KQkq - 0 1',
  POCKET,
  '2k5/8/8/8/8/8/8/4K3[QRBNPqrbnp] w - - 0 1',
]
const ZH = { crazyhouse: true }
const PROMOTIONS = ['queen', 'rook', 'bishop', 'knight']

// The first calls of the page (the entry primed the engine at load: see
// prime() in wasm/api.mjs), timed before anything else runs.
let t = performance.now()
const firstMoves = new Board(POCKET, ZH).legalMoves()
const firstCallMs = performance.now() - t
t = performance.now()
perft(START, 4, ZH)
const firstPerftMs = performance.now() - t

const chessopsPosition = (fen) => Crazyhouse.fromSetup(parseFen(fen).unwrap()).unwrap()

function chessopsLegal(pos, write) {
  const ctx = pos.ctx()
  const out = []
  const promoRank = pos.turn === 'white' ? 6 : 1
  for (const [from, dests] of pos.allDests(ctx)) {
    const promotes = pos.board.pawn.has(from) && squareRank(from) === promoRank
    for (const to of dests) {
      if (promotes) for (const promotion of PROMOTIONS) out.push(write(pos, { from, to, promotion }))
      else out.push(write(pos, { from, to }))
    }
  }
  const dropDests = pos.dropDests(ctx)
  const pocket = pos.pockets[pos.turn]
  for (const role of ROLES) {
    if (pocket[role] > 0) {
      for (const to of role === 'pawn' ? dropDests.diff(SquareSet.backranks()) : dropDests) out.push(write(pos, { role, to }))
    }
  }
  return out
}
const uciOf = (_pos, m) => makeUci(m)

/**
 * chessgroundDests as ours reads: chessops also lists a castling king's
 * move onto its own rook (for chess960-style input); we list e1g1 only.
 */
function sameDests(ours, pos) {
  const theirs = chessgroundDests(pos)
  const own = (name) => pos.board.get(parseSquare(name))?.color === pos.turn
  const norm = (m) => JSON.stringify([...m].map(([from, tos]) => [from, tos.filter((to) => !own(to)).sort()]).sort())
  return norm(ours) === norm(theirs)
}
const comparableSan = (list) => list.map((s) => s.replace(/^P@/, '@').replace(/[+#]$/, '')).sort()

/** Microseconds per call of one round of at least `minMs`. */
const ROUND_SOURCE = `
  let calls = 0
  const start = performance.now()
  let elapsed = 0
  do {
    for (let i = 0; i < 50; i++) fn()
    calls += 50
    elapsed = performance.now() - start
  } while (elapsed < minMs)
  return (elapsed * 1000) / calls`
const round = new Function('fn', 'minMs', ROUND_SOURCE)

/**
 * A round function of its own (compiled from the same source) for each
 * measured function, as benchmark.js does: its call of `fn` then sees one
 * function only, and no side pays for another's calls through a shared,
 * megamorphic call site.
 */
const ownRound = () => new Function('fn', 'minMs', ROUND_SOURCE)

/** Microseconds per call, best of 5 rounds of at least `minMs`. */
function perCall(fn, minMs) {
  for (let i = 0; i < 100; i++) fn()
  let best = Infinity
  for (let r = 0; r < 5; r++) best = Math.min(best, round(fn, minMs))
  return best
}

/**
 * Ours and theirs, µs per call, each the best of `ROUNDS` rounds, the
 * rounds alternating: a machine whose load moves meanwhile (2 shared cores
 * here) weighs on both sides alike.
 */
const ROUNDS = quick ? 3 : 9
function pair(ours, theirs, minMs) {
  for (let i = 0; i < 100; i++) ours(), theirs()
  const best = { ours: Infinity, theirs: Infinity }
  const roundOurs = ownRound()
  const roundTheirs = ownRound()
  for (let r = 0; r < ROUNDS; r++) {
    best.ours = Math.min(best.ours, roundOurs(ours, minMs))
    best.theirs = Math.min(best.theirs, roundTheirs(theirs, minMs))
  }
  return best
}

function once(fn, rounds) {
  let best = Infinity
  let value
  for (let i = 0; i < rounds; i++) {
    const start = performance.now()
    value = fn()
    best = Math.min(best, performance.now() - start)
  }
  return [best, value]
}

const rows = []
window.addEventListener('error', (e) => (document.getElementById('state').textContent = `error: ${e.message}`))
const minMs = quick ? 20 : 100
for (const fen of POSITIONS) {
  const board = new Board(fen, ZH)
  const pos = chessopsPosition(fen)
  // Counts only: chessops writes castling king-takes-rook (e1h1), we e1g1.
  // The SAN lists below are compared move for move.
  const ours = board.legalMoves()
  const theirs = chessopsLegal(pos, uciOf)
  if (ours.length !== theirs.length) throw new Error(`${ours.length} legal moves on ${fen}, chessops ${theirs.length}`)
  if (JSON.stringify(comparableSan(board.legalMovesSan())) !== JSON.stringify(comparableSan(chessopsLegal(pos, makeSan)))) {
    throw new Error(`SAN differs on ${fen}`)
  }
  rows.push({ measure: `legal moves, ${fen}`, unit: 'µs/call', ...pair(() => board.legalMoves(), () => chessopsLegal(pos, uciOf), minMs) })
  rows.push({ measure: `legal SAN, ${fen}`, unit: 'µs/call', ...pair(() => board.legalMovesSan(), () => chessopsLegal(pos, makeSan), minMs) })
  if (!sameDests(board.dests(), pos)) throw new Error(`dests differ on ${fen}`)
  rows.push({ measure: `dests, ${fen}`, unit: 'µs/call', ...pair(() => board.dests(), () => chessgroundDests(pos), minMs) })
}
// Perft on a pocket position: a small one (both sides hold drops), so that
// chessops' depth 4 takes seconds, not minutes.
const POCKET_PERFT = '2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1'
const depth = quick ? 3 : 4
for (const [name, fen] of [[`perft ${depth}, start`, START], [`perft ${depth}, ${POCKET_PERFT}`, POCKET_PERFT]]) {
  const [ours, n] = once(() => perft(fen, depth, ZH), 3)
  const [theirs, m] = once(() => chessopsPerft(chessopsPosition(fen), depth, false), 1)
  if (n !== m) throw new Error(`${name}: ${n} leaves against chessops' ${m}`)
  rows.push({ measure: `${name} (${n} leaves)`, unit: 'ms', ours, theirs })
}
// Here "ours" is the first call and "theirs" the same call warm: the
// ratio column reads warm/first (1.0× = the first call as fast as warm).
const warm = perCall(() => new Board(POCKET, ZH).legalMoves(), minMs) / 1000
rows.push({ measure: `first call vs warm: new Board + legalMoves (${firstMoves.length} moves; clock ticks 100 µs here)`, unit: 'ms', ours: firstCallMs, theirs: warm })
const [warmPerft] = once(() => perft(START, 4, ZH), 5)
rows.push({ measure: 'first call vs warm: perft 4 from the start', unit: 'ms', ours: firstPerftMs, theirs: warmPerft })

const tbody = document.querySelector('#results tbody')
for (const r of rows) {
  const tr = document.createElement('tr')
  for (const cell of [r.measure, `${r.ours.toFixed(3)} ${r.unit}`, `${r.theirs.toFixed(3)} ${r.unit}`, `${(r.theirs / r.ours).toFixed(1)}×`]) {
    const td = document.createElement('td')
    td.textContent = cell
    tr.append(td)
  }
  tbody.append(tr)
}
document.getElementById('state').textContent = 'done'
globalThis.speedResults = rows
