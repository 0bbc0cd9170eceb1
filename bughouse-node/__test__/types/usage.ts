// Type-checked (not run) by __test__/types.test.mjs against the committed
// index.d.ts: the declarations say what the API says.
import {
  Board,
  Game,
  perft,
  readBpgn,
  type BoardLetter,
  type BoardBotOptions,
  type BotOptions,
  type BpgnRecord,
  type BughouseError,
  type Color,
  type EndReason,
  type ErrorCode,
  type HistoryEntry,
  type Outcome,
  type Piece,
  type Pocket,
  type Role,
  type Seat,
} from 'bughouse'

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
  const timeCodes: ErrorCode[] = ['ERR_TIME_WENT_BACKWARDS', 'ERR_TIMESTAMP_REQUIRED', 'ERR_SIT_IN_LIVE_GAME', 'ERR_NOT_HUMAN']
  void [code, timeCodes]
}

// @ts-expect-error: turn is read-only
b.turn = 'black'
// @ts-expect-error: not a colour
b.pocket('green')
// @ts-expect-error: a role is not any string
const notRole: Role = 'wizard'
// @ts-expect-error: the move code helpers are not public API
b._legalMoveCodes

// SAN
const sanMoves: string[] = b.legalMovesSan()
const san: string = b.san('g1f3')
const uci: string = b.parseSan('Nf3') + b.push('Nf3')

// Game
const g = new Game({ mode: 'turn', timeControl: '60+2', humans: 'AaBb', bfen: 'x | y', moveCap: 800 })
const g2 = new Game()
const g3 = new Game({ mode: 'live' })
const boardA: Board = g.board('A')
const bfen: string = g.bfen()
const seatMoves: string[] = g.legalMoves('a')
const pushed: string = g.push('A', 'e4') + g.push('B', 'e2e4', 1000) + g.push('b', 'e5', null)
const toAct: Seat | null = g.toAct
const sat: Outcome | null = g.sit('A')
const sits: number = g.sitsLeft('B')
const canSit: boolean = g.canSit('b') && g.isTurnOf('a')
const ticked: Outcome | null = g.tick(5000)
const resigned: Outcome = g.resign('a', 6000)
const left: Outcome = g2.abandon('B')
const offered: Outcome | null = g3.offerDraw('A')
g3.withdrawDraw('A')
const offers: Seat[] = g3.drawOffers()
const clock: number | null = g.clock('A') ?? g.clock('A', 7000)
const outcome: Outcome | null = g.outcome()
const over: boolean = g.isOver()
const played2: Array<{ seat: Seat; move: string }> = g.moves()
const history: HistoryEntry[] = g.history()
const atMs: number = history[0].atMs
const sitMove: string | null = history[0].move
const text: string = g.bpgn() + g.bpgn({ WhiteA: 'ann', Event: 'club' })
const numbers: number = g.nowMs + g.movesPlayed + g.moveCap
const mode: 'live' | 'turn' = g.mode
const tc: { baseMs: number; incrementMs: number } | null = g.timeControl
const exact = new Game({ timeControl: { baseMs: 2_500, incrementMs: 500 } })
const pgnForm = new Game({ timeControl: '180+2', mode: 'live' })
exact.dispose()
pgnForm[Symbol.dispose]()
const humans: string = g.humans
const copy: Game = g.copy()
const pocketA: Pocket = g.pocket('A')
if (outcome) {
  const winner: 1 | 2 | null = outcome.winner
  const reason: EndReason = outcome.reason
  const seat: Seat | null = outcome.seat
  const message: string = outcome.message
  void [winner, reason, seat, message]
}
const letter: BoardLetter = 'B'

// readBpgn
const records: BpgnRecord[] = readBpgn('[WhiteA "x"]\n1A. e4 *') 
const fromBytes: BpgnRecord[] = readBpgn(new Uint8Array(0))
for (const r of records) {
  const tags: Record<string, string> = r.tags
  const game: Game | null = r.game
  const single: Board | null = r.board
  const error: string | null = r.error
  const ending: string | null = r.recordedEnding
  const kind: 'checkmate' | 'time' | 'resignation' | 'abandonment' | 'draw' | 'aborted' | 'unknown' = r.recordedKind
  const loser: Seat | null = r.recordedLoser
  const extras: number = r.movesReplayed + r.number + r.line
  const flags2: boolean = r.agrees && r.bughouse
  void [tags, game, error, ending, kind, loser, extras, flags2]
}

// The computer player
const botChoice: string | null = g.botMove('A') ?? g.botMove('a', { nodes: 2000, seed: 7 })
const botPlayed: string | null = g2.botMove('B', { play: true, atMs: 1500 })
const botOpts: BotOptions = { nodes: null, seed: undefined, play: false }
const botLater: Promise<string | null> = g2.botMoveAsync('b', botOpts)
const botAborted: Promise<string | null> = g2.botMoveAsync('b', { play: true, atMs: () => 5, signal: AbortSignal.timeout(10) })
// @ts-expect-error: the budget is a number
g.botMove('A', { nodes: '25000' })
// @ts-expect-error: play is a boolean
g.botMove('A', { play: 'yes' })
// @ts-expect-error: not a seat
g.botMove('C')
// @ts-expect-error: the answer may be null (a sit, or waiting)
const notNull: string = g.botMove('A')
// @ts-expect-error: the internal search is not public API
g._botMove

// The computer player on a lone board (crazyhouse)
const zh = new Board(undefined, { crazyhouse: true })
const zhMove: string | null = zh.botMove({ nodes: 2000, seed: 1, play: true })
const zhOpts: BoardBotOptions = { timeMs: 20 }
const zhLater: Promise<string | null> = zh.botMoveAsync({ ...zhOpts, signal: AbortSignal.timeout(10) })
// @ts-expect-error: a board has no clock
zh.botMove({ atMs: 5, play: true })
// @ts-expect-error: a board has no seats
zh.botMove('A')
// @ts-expect-error: the answer may be null (mate, stalemate, waiting)
const zhNotNull: string = zh.botMove()

// @ts-expect-error: not a seat
g.push('C', 'e4')
// @ts-expect-error: a board is 'A' or 'B', not a seat
g.board('a')
// @ts-expect-error: toAct is read-only
g.toAct = 'A'
// @ts-expect-error: not a mode
new Game({ mode: 'blitz' })
// @ts-expect-error: tags are strings
g.bpgn({ Round: 3 })
// @ts-expect-error: readBpgn reads text or bytes
readBpgn(42)
// @ts-expect-error: the record's byte range is internal
records[0].start
// @ts-expect-error: not a reason
const notReason: EndReason = 'stalemate'

void [turnLiteral, b2, moves, played, undone, flags, knights, role, color, nodes, notRole]
void [sanMoves, san, uci, boardA, bfen, seatMoves, pushed, toAct, sat, sits, canSit, ticked, resigned, left]
void [offered, offers, clock, over, played2, atMs, sitMove, text, numbers, mode, tc, humans, copy, pocketA]
void [letter, fromBytes, notReason, botChoice, botPlayed, botLater, notNull]

// What board UIs need (both builds).
const dests: Map<string, string[]> = b.dests()
const dropDests: Map<'pawn' | 'knight' | 'bishop' | 'rook' | 'queen', string[]> = b2.dropDests()
const checkers: string[] = b.checkers()
const checkedKing: string | null = b.checkedKing()
const attacked: string[] = b.attacks('g1')
const boardHistory: string[] = b.copy().history()
const lastMove: string | null = b.lastMove()
// @ts-expect-error: a king is never dropped
b2.dropDests().get('king')
void [dests, dropDests, checkers, checkedKing, attacked, boardHistory, lastMove]
