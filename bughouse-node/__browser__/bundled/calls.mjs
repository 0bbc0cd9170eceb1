// The calls of the page every bundler test builds (app.mjs, on the package
// as the bundler laid it out), made again by bundlers.test.mjs in Node on
// the native addon: one list, so the two answers compare the same calls —
// a board's moves and SAN, perft, a game and a crazyhouse board played by
// the computer (botMoveAsync: in a Web Worker on the page).
export async function calls({ Board, Game, perft }) {
  const board = new Board()
  const game = new Game({ mode: 'turn' })
  const bot = []
  for (let i = 0; i < 4; i++) {
    const seat = game.toAct
    bot.push({ seat, move: await game.botMoveAsync(seat, { nodes: 500, seed: 7, play: true }) })
  }
  const crazyhouse = new Board(undefined, { crazyhouse: true })
  for (let i = 0; i < 4; i++) await crazyhouse.botMoveAsync({ nodes: 500, seed: i, play: true })
  return {
    moves: board.legalMoves().length,
    san: board.legalMovesSan().slice(0, 4),
    perft3: perft(board.fen(), 3),
    bot,
    history: game.history().map((a) => a.san ?? a.move ?? a.kind),
    crazyhouse: crazyhouse.history(),
  }
}
