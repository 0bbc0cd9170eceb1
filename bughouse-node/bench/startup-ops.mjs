// What bench_wasm_startup.mjs times, in Node and in the browser page alike:
// the calls a board UI makes, each on a position the package's prime() does
// not use, first right after the package's ready point (the awaited import)
// and then warm.
const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1'
const MIDDLE = 'r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[Pp] b KQkq - 0 1'
const POCKETS = '2k5/8/8/8/8/8/8/4K3[QRBNPqrbnp] w - - 0 1'

/** [name, setup(api) → state, call(state)]: `call` is what is timed. */
export const OPS = [
  ['new Board + legalMoves', () => null, (_, api) => new api.Board(MIDDLE).legalMoves()],
  ['legalMovesSan', (api) => new api.Board(MIDDLE), (b) => b.legalMovesSan()],
  ['dests', (api) => new api.Board(MIDDLE), (b) => b.dests()],
  ['dropDests (full pockets)', (api) => new api.Board(POCKETS), (b) => b.dropDests()],
  ['push + pop', (api) => new api.Board(MIDDLE), (b) => (b.push('Nxc3'), b.pop())],
  ['perft 4 from the start', () => null, (_, api) => api.perft(START, 4)],
]

class StandInBoard {
  legalMoves() {}
  legalMovesSan() {}
  dests() {}
  dropDests() {}
  push() {}
  pop() {}
}

/**
 * Runs every op once (its first call), then warm: after 200 unmeasured
 * calls (5 for perft), batches of calls of at least `batchMs` each (well
 * above the clock's resolution), the median batch per call, so that a
 * batch the scheduler interrupted on a busy machine does not count.
 * Times in ms.
 */
export function measure(api, now, batchMs = 1) {
  const rows = []
  // The bench's own functions compile on their first call too: they run
  // once on a stand-in first, so that the first call timed is the package's.
  const standIn = { Board: StandInBoard, perft: () => 0 }
  for (const [, setup, call] of OPS) call(setup(standIn), standIn)
  standIn.Board = null
  const states = OPS.map(([, setup]) => setup(api))
  for (let i = 0; i < OPS.length; i++) {
    const call = OPS[i][2]
    const t = now()
    call(states[i], api)
    rows.push({ op: OPS[i][0], first: now() - t })
  }
  for (let i = 0; i < OPS.length; i++) {
    const call = OPS[i][2]
    const state = states[i]
    const warmups = OPS[i][0].startsWith('perft') ? 5 : 200
    for (let k = 0; k < warmups; k++) call(state, api)
    const batch = (n) => {
      const t = now()
      for (let k = 0; k < n; k++) call(state, api)
      return now() - t
    }
    let n = 1
    while (batch(n) < batchMs) n *= 2
    const perCall = []
    for (let b = 0; b < 15; b++) perCall.push(batch(n) / n)
    perCall.sort((x, y) => x - y)
    rows[i].warm = perCall[7]
  }
  // The same calls warm but one at a time after 64 MiB of other memory
  // traffic (more than this machine's caches): what a call costs with
  // compiled code and cold caches, as a first call's caches are after
  // other work. The median of 9.
  const flush = new Int32Array(16 << 20)
  for (let i = 0; i < OPS.length; i++) {
    const call = OPS[i][2]
    const single = []
    for (let k = 0; k < 9; k++) {
      for (let j = 0; j < flush.length; j += 16) flush[j] += k
      const t = now()
      call(states[i], api)
      single.push(now() - t)
    }
    single.sort((x, y) => x - y)
    rows[i].coldCache = single[4]
  }
  return rows
}
