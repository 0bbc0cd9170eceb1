// The playable page: two boards, you at A-White, the computer in the other
// three seats (its search runs in a Web Worker: botMoveAsync). Every rule
// is the engine's: this file draws what the Game says (legal targets, check,
// pockets, clocks, the ending) and sends clicks to it. The history panel
// and the last-move marks follow the game from its action reports, as a
// client of a remote game would: `follow(report)` per accepted action (see
// reportOf below).
//
//   ?mode=turn|live   the way of playing to start with (default turn)
//   ?tc=180+0         live time control in seconds (default 3 minutes)
//   ?cap=800          the move cap (R32)
//   ?nodes=3000       the computer's search budget per move
//   ?server=HOST:PORT online: a table of the reference server (online.mjs)
//   ?bfen=…           the two boards to start from (BFEN, 'fenA | fenB')
import { Game } from '../wasm/index.browser.mjs'
import { LETTER, NAMES, POCKET_ROLES, choosePromotion, clickSquare, clockText, drawBoard, pocketButton } from './board-view.mjs'

const params = new URLSearchParams(location.search)
const HUMAN = 'A'
const NODES = Number(params.get('nodes') ?? 3000)
const SEATS = { A: { white: 'A', black: 'a' }, B: { white: 'B', black: 'b' } }

let game = null
let t0 = 0
// The half-made move on board A: a square chosen, or a pocket role chosen
// for a drop (board-view.mjs's clickSquare).
const pick = { selected: null, dropRole: null }
let dragRole = null // the pocket role a drag started on, or null
let generation = 0 // bumps on a new game: stale bot replies are dropped
let searches = new AbortController() // aborts the old game's searches on a new game
let clockTimer = null
const thinking = new Set()
// What the reports said so far: per board, its actions in play order as
// { seat, san } (san null for a sit), and its last move as UCI.
let followed = { A: [], B: [] }
let lastMove = { A: null, B: null }

const now = () => Math.round(performance.now() - t0)
const $ = (id) => document.getElementById(id)

function start(mode) {
  generation++
  searches.abort()
  searches = new AbortController()
  clearInterval(clockTimer)
  thinking.clear()
  const opts = { mode, humans: HUMAN }
  if (mode === 'live') opts.timeControl = timeControlParam()
  if (params.has('cap')) opts.moveCap = Number(params.get('cap'))
  if (params.has('bfen')) opts.bfen = params.get('bfen')
  game = new Game(opts)
  t0 = performance.now()
  pick.selected = null
  pick.dropRole = null
  followed = { A: [], B: [] }
  lastMove = { A: null, B: null }
  $('status').textContent = ''
  if (mode === 'live') clockTimer = setInterval(onClock, 100)
  render()
  driveBots()
}

/**
 * ?tc=BASE+INCREMENT in seconds as the engine's { baseMs, incrementMs }: the
 * engine refuses text with a base under a minute as ambiguous (minutes or
 * seconds?), and this page's parameter is seconds by its definition. Text
 * that is not two numbers goes to the engine as it is, to be refused there.
 */
function timeControlParam() {
  const text = (params.get('tc') ?? '180+0').replace(' ', '+') // a raw + in a query reads as a space
  const m = /^(\d+)\+(\d+)$/.exec(text)
  return m ? { baseMs: Number(m[1]) * 1000, incrementMs: Number(m[2]) * 1000 } : text
}

/** The seats the computer plays, whose turn it is now. */
function botSeatsToMove() {
  if (game.isOver()) return []
  if (game.mode === 'turn') return game.toAct && game.toAct !== HUMAN ? [game.toAct] : []
  return ['a', 'B', 'b'].filter((s) => game.isTurnOf(s))
}

function driveBots() {
  const gen = generation
  for (const seat of botSeatsToMove()) {
    if (thinking.has(seat)) continue
    thinking.add(seat)
    const delay = game.mode === 'live' ? 300 + Math.random() * 700 : 150
    setTimeout(async () => {
      try {
        if (gen !== generation || game.isOver() || !game.isTurnOf(seat)) return
        const move = await game.botMoveAsync(seat, { nodes: NODES, seed: game.movesPlayed, signal: searches.signal })
        if (gen !== generation || game.isOver()) return
        if (move === null) {
          if (game.canSit(seat)) sitFor(seat)
        } else if (game.isTurnOf(seat) && game.legalMoves(seat).includes(move)) {
          act(() => pushFor(seat, move))
        }
      } catch (e) {
        if (e.code !== 'ERR_GAME_OVER' && e.code !== 'ERR_NOT_YOUR_TURN' && e.code !== 'ABORT_ERR') throw e
      } finally {
        thinking.delete(seat)
        if (gen === generation) {
          render()
          driveBots()
        }
      }
    }, delay)
  }
}

/** Runs a game action; a refused one (a flag fell meanwhile: F2) only redraws. */
function act(fn) {
  try {
    fn()
  } catch (e) {
    if (!e.code) throw e
    if (e.code !== 'ERR_GAME_OVER') $('status').textContent = e.message
  }
  pick.selected = null
  pick.dropRole = null
  render()
  driveBots()
}

function onClock() {
  if (game.isOver()) return clearInterval(clockTimer)
  try {
    game.tick(now())
  } catch (e) {
    if (e.code !== 'ERR_TIME_WENT_BACKWARDS') throw e
  }
  renderClocks()
  if (game.isOver()) render()
}

function playHuman(uci) {
  act(() => pushFor(HUMAN, uci))
}

/**
 * The report of the action just accepted. The core's Report (its action,
 * SAN with + or #, the state after) where the JS API gives it as
 * `game.report`; until then the same fields from what the page has: the
 * action it sent and the SAN the engine wrote for it before playing it.
 */
function reportOf(action, san) {
  let report = 'report' in game ? game.report : null
  if (typeof report === 'function') report = report.call(game)
  return report ?? { action, san }
}

/** Plays `uci` for `seat` (at the page's clock in a live game) and follows its report. */
function pushFor(seat, uci) {
  const san = 'report' in game ? null : game.board(seat.toUpperCase()).san(uci)
  const atMs = game.mode === 'live' ? now() : undefined
  const move = game.push(seat, uci, atMs)
  follow(reportOf({ seat, kind: 'move', move, atMs: game.nowMs }, san))
}

function sitFor(seat) {
  game.sit(seat)
  follow(reportOf({ seat, kind: 'sit', move: null, atMs: game.nowMs }, null))
}

/** Takes in one action's report: the history panel and the last-move marks. */
function follow(report) {
  const { seat, kind, move } = report.action
  if (kind !== 'move' && kind !== 'sit') return
  const id = seat.toUpperCase()
  followed[id].push({ seat, san: kind === 'move' ? report.san : null })
  if (kind === 'move') lastMove[id] = move
}

function onSquare(square) {
  if (game.isOver() || !game.isTurnOf(HUMAN)) return
  const click = clickSquare(game.board('A'), pick, square, '8')
  if (click === null) return render()
  if (click.move) return playHuman(click.move)
  choosePromotion($('promotion'), 'white', (letter) => playHuman(click.promotion + letter), () => {
    pick.selected = null
    render()
  })
}

/**
 * Board `id`'s history panel: its moves in SAN by move number, White's then
 * Black's, a sit (R24) shown as "(sits)", the latest entry marked.
 */
function drawHistory(id) {
  const list = document.createElement('ol')
  list.className = 'history'
  list.dataset.history = id
  let row = null
  let number = 0
  const entries = followed[id]
  entries.forEach((entry, i) => {
    const white = entry.seat === entry.seat.toUpperCase()
    if (white || row === null) {
      row = document.createElement('li')
      number++
      const n = document.createElement('span')
      n.className = 'number'
      n.textContent = white ? `${number}.` : `${number}…`
      row.append(n)
      list.append(row)
    }
    const cell = document.createElement('span')
    cell.className = entry.san === null ? 'ply sit' : 'ply'
    cell.dataset.san = entry.san ?? ''
    cell.textContent = entry.san ?? '(sits)'
    if (i === entries.length - 1) cell.classList.add('latest')
    row.append(cell)
  })
  return list
}

/** Board `id`: yours (A) to play on, your partner's (B) from across the table. */
function board(id) {
  const mine = id === 'A'
  return drawBoard(id, game.board(id), {
    flipped: id === 'B', // B-Black, your partner, sits across
    lastMove: lastMove[id],
    pick: mine ? pick : null,
    onSquare,
    onDrag(from, to) {
      if (game.board('A').dests().get(from)?.includes(to)) {
        pick.selected = from
        onSquare(to)
      }
    },
  })
}

function drawSeat(seat) {
  const row = document.createElement('div')
  row.className = 'pocket'
  row.dataset.seat = seat
  const label = document.createElement('span')
  label.textContent = `${NAMES[seat]}${seat === HUMAN ? ' (you)' : ''}`
  const clock = document.createElement('span')
  clock.className = 'clock'
  clock.dataset.clock = seat
  row.append(label, clock)
  const color = seat === seat.toUpperCase() ? 'white' : 'black'
  const pocket = game.pocket(seat)
  for (const role of POCKET_ROLES) {
    for (let i = 0; i < pocket[role]; i++) {
      if (seat !== HUMAN) {
        row.append(pocketButton(color, role))
        continue
      }
      const onPick = () => {
        if (game.isOver() || !game.isTurnOf(HUMAN)) return
        pick.dropRole = pick.dropRole === role ? null : role
        pick.selected = null
        render()
      }
      const b = pocketButton(color, role, { onPick, chosen: pick.dropRole === role })
      // Drag to drop: press on the pocket piece, release on a square.
      b.addEventListener('pointerdown', () => (dragRole = role))
      row.append(b)
    }
  }
  return row
}

function render() {
  for (const id of ['A', 'B']) {
    const wrap = $(`wrap-${id}`)
    const flipped = id === 'B'
    const top = flipped ? SEATS[id].white : SEATS[id].black
    const bottom = flipped ? SEATS[id].black : SEATS[id].white
    const title = document.createElement('h2')
    title.textContent = `Board ${id}`
    const history = drawHistory(id)
    wrap.replaceChildren(title, drawSeat(top), board(id), drawSeat(bottom), history)
    history.scrollTop = history.scrollHeight // the latest moves in view
  }
  $('sit').hidden = !(game.mode === 'turn' && game.canSit(HUMAN))
  renderClocks()
  const outcome = game.outcome()
  if (outcome) {
    $('status').textContent = outcome.message
    $('status').dataset.reason = outcome.reason
  } else if (!$('status').textContent || $('status').dataset.reason) {
    delete $('status').dataset.reason
    const whose = game.mode === 'turn' ? `${NAMES[game.toAct]} to act` : 'live: both boards play at once'
    $('status').textContent = whose
  }
}

function renderClocks() {
  for (const el of document.querySelectorAll('[data-clock]')) {
    const seat = el.dataset.clock
    const ms = game.clock(seat, game.isOver() ? undefined : Math.max(now(), game.nowMs))
    el.textContent = ms === null ? '' : clockText(ms)
    el.classList.toggle('running', !game.isOver() && game.isTurnOf(seat))
  }
}

// A drag from the pocket ends wherever the pointer is released: a legal
// drop square of board A plays the drop, anything else cancels it.
document.addEventListener('pointerup', (e) => {
  const role = dragRole
  dragRole = null
  if (role === null || game.isOver() || !game.isTurnOf(HUMAN)) return
  const target = document.elementFromPoint(e.clientX, e.clientY)
  const square = target?.closest('svg[data-board="A"]') ? target.dataset?.square : undefined
  if (square && (game.board('A').dropDests().get(role) ?? []).includes(square)) playHuman(`${LETTER[role]}@${square}`)
})

$('new-turn').onclick = () => start('turn')
$('new-live').onclick = () => start('live')
$('sit').onclick = () => act(() => sitFor(HUMAN))
$('resign').onclick = () => act(() => game.resign(HUMAN, game.mode === 'live' ? now() : undefined))

// For the browser tests (and the curious): the game on the page.
globalThis.bughouseDemo = { get game() { return game }, human: HUMAN, start }

// ?server=HOST:PORT plays at a table of the reference server instead
// (online.mjs; examples/server/README.md).
if (params.has('server')) import('./online.mjs').then((online) => online.joinServer(params))
else start(params.get('mode') === 'live' ? 'live' : 'turn')
