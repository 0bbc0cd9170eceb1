// Type-checked (not run) by __test__/types.test.mjs against the committed
// index.d.ts: the declarations say what the API says.
import { Board, perft, type BughouseError, type Color, type ErrorCode, type Piece, type Pocket, type Role } from 'bughouse'

const b: Board = new Board()
const b2 = new Board('4k3/8/8/8/8/8/8/4K3[N] w - - 0 1', { crazyhouse: true })
const fen: string = b.fen()
const turn: Color = b.turn
const turnLiteral: 'white' | 'black' = b.turn
const moves: string[] = b.legalMoves()
const played: string = b.push('e2e4')
const undone: string = b.pop()
const flags: boolean[] = [b.isCheck(), b.isCheckmate(), b.isWaiting(), b.dropCouldBlockCheck()]
const pocket: Pocket = b2.pocket('white')
const knights: number = pocket.knight + pocket.pawn + pocket.bishop + pocket.rook + pocket.queen
const piece: Piece | null = b.pieceAt('e1')
const role: Role | undefined = piece?.role
const color: Color | undefined = piece?.color
const nodes: number = b.perft(2) + perft(fen, 1) + perft(fen, 1, { crazyhouse: false })
try {
  b.push('e2e5')
} catch (e) {
  const code: ErrorCode = (e as BughouseError).code
  void code
}

// @ts-expect-error: turn is read-only
b.turn = 'black'
// @ts-expect-error: not a colour
b.pocket('green')
// @ts-expect-error: a role is not any string
const notRole: Role = 'wizard'
// @ts-expect-error: the move code helpers are not public API
b._legalMoveCodes

void [turnLiteral, b2, moves, played, undone, flags, knights, role, color, nodes, notRole]
