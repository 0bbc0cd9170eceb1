// The page every bundler test builds (bundlers.test.mjs): the package
// imported by name, as a front end does, then a few calls through each part
// of it — a board's moves and SAN, perft, a game played by the computer in
// its Web Worker (botMoveAsync) — with the answers shown for the test to
// compare against the same calls made in Node.
import { Board, Game, perft } from 'bughouse'

const out = document.getElementById('out')
try {
  const board = new Board()
  const game = new Game({ mode: 'turn' })
  const bot = []
  for (let i = 0; i < 4; i++) {
    const seat = game.toAct
    bot.push({ seat, move: await game.botMoveAsync(seat, { nodes: 500, seed: 7, play: true }) })
  }
  globalThis.bundledResults = {
    moves: board.legalMoves().length,
    san: board.legalMovesSan().slice(0, 4),
    perft3: perft(board.fen(), 3),
    bot,
    history: game.history().map((a) => a.san ?? a.move ?? a.kind),
  }
  out.textContent = 'done'
} catch (e) {
  out.textContent = `failed: ${e && e.stack}`
}
