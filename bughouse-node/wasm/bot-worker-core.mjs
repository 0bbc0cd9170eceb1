// The computer player's worker, shared by the browser's Web Worker
// (bot-worker.browser.mjs) and Node's worker thread (bot-worker.node.mjs).
//
// The first message brings the compiled WebAssembly module (structured
// clone shares it, nothing is fetched again); each later one a snapshot of
// a game (its settings, start position and history) that is replayed here
// through the public API into a game of the worker's own, the seat and the
// search limits — or a lone board (its FEN and flavour) and the limits. The
// reply is the engine's choice as UCI, 'sit' or null.
import * as glue from './pkg/bughouse.mjs'
import { makeApi } from './api.mjs'

export function serve(receive, reply) {
  let api = null
  receive((msg) => {
    if (msg.module) {
      const { memory } = glue.initSync({ module: msg.module })
      api = makeApi(glue, { module: msg.module, memory, spawnWorker: null })
      return
    }
    try {
      if (msg.board) {
        const board = new api.Board(msg.board.fen, { crazyhouse: msg.board.crazyhouse })
        reply({ id: msg.id, found: board._botSearch(msg.opts) })
        return
      }
      const game = rebuild(api, msg.snapshot)
      reply({ id: msg.id, found: game._botSearch(msg.seat, msg.opts) })
    } catch (e) {
      reply({ id: msg.id, error: { message: String(e && e.message), code: e && e.code } })
    }
  })
}

function rebuild(api, s) {
  const game = new api.Game({
    mode: s.mode,
    timeControl: s.mode === 'live' ? (s.timeControl ?? '-') : undefined,
    humans: s.humans,
    moveCap: s.moveCap,
    bfen: s.bfen,
  })
  for (const a of s.history) {
    if (a.kind === 'sit') game.sit(a.seat)
    else if (a.kind === 'move') game.push(a.seat, a.move, a.atMs)
  }
  if (s.mode === 'live' && s.nowMs > game.nowMs) game.tick(s.nowMs)
  return game
}
