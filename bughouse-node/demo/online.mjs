// Online play: the page as a client of the reference server
// (examples/server, its protocol in examples/server/README.md). Opened as
//
//   demo/?server=127.0.0.1:8081            the lobby: tables, seats, a new table
//   demo/?server=127.0.0.1:8081&table=7    that table: your seat back with
//                                          the token this browser keeps, or watch
//   (?server= also takes a full ws:// or wss:// URL)
//
// The server is the game: it stamps every action with its own clock (this
// page never sends a time), judges it with the engine, and reports the
// position after it. The page draws each report — both boards from the
// report's BFEN, read by the engine's Board (which also gives the legal
// targets of a click), the four pockets and clocks, who may move — and
// sends clicks as moves. Empty seats are the server's computer.
import { Board } from '../wasm/index.browser.mjs'
import { NAMES, button, choosePromotion, clickSquare, clockText, drawBoard, pocketButton } from './board-view.mjs'

const ROLE_OF = { P: 'pawn', N: 'knight', B: 'bishop', R: 'rook', Q: 'queen' }
const SEATS = ['A', 'a', 'B', 'b']
const PARTNER = { A: 'b', b: 'A', a: 'B', B: 'a' } // R2: team 1 A+b, team 2 a+B
const boardOf = (seat) => seat.toUpperCase()
const colorOf = (seat) => (seat === seat.toUpperCase() ? 'white' : 'black')
const $ = (id) => document.getElementById(id)

/** `?server=` as a WebSocket URL: host:port, or a ws:// / wss:// URL. */
export function serverUrl(text) {
  const url = new URL(/^wss?:\/\//.test(text) ? text : `ws://${text}`)
  if (url.pathname === '/' || url.pathname === '') url.pathname = '/ws'
  return url.href
}

export function joinServer(params) {
  const url = serverUrl(params.get('server'))
  const tokenKey = (table) => `bughouse-token ${url} ${table}`
  let ws = null
  let table = params.has('table') ? Number(params.get('table')) : null
  let seat = null // the seat this page holds, or null (watching / lobby)
  let view = null // the last state or report frame, merged
  let seats = [] // who holds each seat
  let received = 0 // performance.now() when `view` arrived
  let lag = 0 // server game time − the clocks' time, when `view` arrived
  let boards = null // { A: Board, B: Board } of the view
  let lastMove = { A: null, B: null } // UCI of each board's last move
  const pick = { selected: null, dropRole: null } // the half-made move (board-view.mjs)
  let notice = '' // the last refusal, for the status line
  const events = [] // what happened, newest last

  // The page's frame, in place of the local game's controls.
  document.querySelector('header nav').replaceChildren()
  document.querySelector('header p').replaceChildren()
  const lobby = document.createElement('section')
  lobby.id = 'lobby'
  const controls = document.createElement('div')
  controls.id = 'controls'
  const moves = document.createElement('ul')
  moves.id = 'events'
  document.querySelector('header').append(controls)
  document.querySelector('main').before(lobby)
  $('status').after(moves) // below the boards and the status line

  const send = (frame) => ws?.readyState === WebSocket.OPEN && ws.send(JSON.stringify(frame))

  function connect() {
    ws = new WebSocket(url)
    ws.onmessage = (event) => onFrame(JSON.parse(event.data))
    ws.onclose = () => {
      setStatus(`disconnected from ${url}: reconnecting…`)
      setTimeout(connect, 1000)
    }
  }

  function onFrame(f) {
    switch (f.type) {
      case 'hello':
        setStatus(`Connected to ${url}.`)
        if (table === null) send({ type: 'list' })
        else enterTable(table)
        break
      case 'tables':
        renderLobby(f.tables)
        break
      case 'created':
        table = f.table
        send({ type: 'join', table, seat: $('new-seat').value, name: $('new-name').value || undefined })
        break
      case 'joined':
        seat = f.seat
        table = f.table
        localStorage.setItem(tokenKey(table), f.token)
        setUrlTable(table)
        send({ type: 'state' })
        break
      case 'left':
        seat = null
        localStorage.removeItem(tokenKey(f.table))
        render()
        break
      case 'seats':
        seats = f.seats
        render()
        break
      case 'state':
        onState(f)
        break
      case 'report':
        onReport(f)
        break
      case 'error':
        onError(f)
        break
    }
  }

  function enterTable(id) {
    table = id
    lobby.hidden = true
    const token = localStorage.getItem(tokenKey(id))
    if (token) send({ type: 'reconnect', table: id, token })
    else send({ type: 'spectate', table: id })
  }

  function setUrlTable(id) {
    const u = new URL(location.href)
    u.searchParams.set('table', id)
    history.replaceState(null, '', u)
  }

  function onError(f) {
    if (f.code === 'ERR_BAD_TOKEN') {
      // The seat is no longer ours (left, or the table is new): watch.
      localStorage.removeItem(tokenKey(table))
      send({ type: 'spectate', table })
      return
    }
    if (f.code === 'ERR_UNKNOWN_TABLE' && !view) {
      table = null
      history.replaceState(null, '', location.pathname + `?server=${encodeURIComponent(params.get('server'))}`)
      lobby.hidden = false
      send({ type: 'list' })
    }
    notice = `${f.code}: ${f.message}`
    render()
  }

  function onState(f) {
    view = f
    seats = f.seats
    seat = f.you ?? null
    received = performance.now()
    lag = f.status === 'running' ? f.server_ms - f.now_ms : 0
    lobby.hidden = true
    events.length = 0
    lastMove = { A: null, B: null }
    for (const e of f.log ?? []) {
      if (e.kind === 'move') lastMove[boardOf(e.seat)] = e.uci
    }
    // The engine's log (offers fold into the next move's entry), then the
    // reports from here on, numbered by the server.
    events.push(...(f.log ?? []).map((e, index) => ({ index, text: describe(e) })))
    readBoards()
    render()
  }

  function onReport(f) {
    view = { ...view, ...f, status: f.outcome ? 'over' : 'running' }
    received = performance.now()
    lag = 0 // a report leaves the server as its action is accepted
    if (f.kind === 'move') lastMove[boardOf(f.seat)] = f.uci
    if (f.kind === 'move' || f.outcome) notice = ''
    events.push({ seq: f.seq, text: describe(f) })
    // A move on the other board keeps your half-made move (a piece chosen,
    // a pocket piece picked); one on your board or the end drops it.
    if (!seat || !f.seat || boardOf(f.seat) === boardOf(seat) || f.outcome) {
      pick.selected = null
      pick.dropRole = null
    }
    readBoards()
    render()
  }

  function describe(e) {
    const who = e.seat ? NAMES[e.seat] : 'the clock'
    let text = {
      move: `${who} ${e.san ?? e.uci}`,
      sit: `${who} sits (R24)`,
      resign: `${who} resigns`,
      offer_draw: `${who} offers a draw`,
      withdraw_draw: `${who} withdraws the draw offer`,
      flag: 'a flag fell',
      tick: 'a flag fell',
    }[e.kind] ?? `${who} ${e.kind}`
    if (e.capture) text += ` — takes a ${e.capture.role}, to ${NAMES[e.capture.to]}'s pocket (R5)`
    if (e.outcome) text += ` — ${e.outcome.text}`
    return text
  }

  function readBoards() {
    // The engine's boards live in WebAssembly memory: free the old ones.
    for (const b of Object.values(boards ?? {})) b.free?.()
    if (!view) return (boards = null)
    // A table waiting for its players shows the start position (R4).
    const [a, b] = view.bfen ? view.bfen.split('|').map((f) => f.trim()) : [undefined, undefined]
    boards = { A: new Board(a), B: new Board(b) }
  }

  const mayMove = (s) => view?.status === 'running' && (view.may_move ?? '').includes(s)

  function setStatus(text, outcome = null) {
    const el = $('status')
    el.textContent = text
    if (outcome) {
      el.dataset.reason = outcome.reason
      el.dataset.rule = outcome.rule
    } else {
      delete el.dataset.reason
      delete el.dataset.rule
    }
  }

  // ---- the lobby -------------------------------------------------------

  function renderLobby(tables) {
    lobby.hidden = false
    moves.hidden = true
    setStatus('Choose a table and a seat (the computer plays the others), watch one, or open one.')
    const list = document.createElement('ul')
    list.id = 'tables'
    for (const t of tables) {
      const li = document.createElement('li')
      li.dataset.table = t.table
      const s = t.settings
      const time = s.mode === 'live' ? `live ${s.base_ms / 60000}+${s.increment_ms / 1000}` : 'turn-based'
      li.append(`Table ${t.table} — ${time} — ${t.status} — `)
      for (const h of t.seats) {
        const label = `${NAMES[h.seat]}: ${h.holder === 'human' ? h.name : h.holder}`
        if (h.holder !== 'human' && t.status !== 'over') {
          li.append(button(`${label} (sit)`, () => joinSeat(t.table, h.seat), { seat: h.seat }))
        } else li.append(` ${label} `)
      }
      li.append(button('watch', () => enterTable(t.table), { watch: '' }))
      list.append(li)
    }
    if (!tables.length) list.append('No table yet: open one.')
    const form = document.createElement('div')
    form.id = 'new-table'
    form.innerHTML = `New table:
      <select id="new-mode"><option value="live">live</option><option value="turn_based">turn-based</option></select>
      minutes <input id="new-minutes" type="number" min="1" max="180" value="3" size="3">
      increment s <input id="new-increment" type="number" min="0" max="60" value="0" size="2">
      computer level <input id="new-level" type="number" min="1" max="10" value="3" size="2">
      your seat <select id="new-seat">${SEATS.map((s) => `<option value="${s}">${NAMES[s]}</option>`).join('')}</select>
      name <input id="new-name" size="10" maxlength="32">`
    form.append(
      button('Open the table', () =>
        send({
          type: 'create',
          mode: $('new-mode').value,
          base_ms: Number($('new-minutes').value) * 60000,
          increment_ms: Number($('new-increment').value) * 1000,
          bot_level: Number($('new-level').value),
        }), { create: '' }),
      button('Refresh', () => send({ type: 'list' })),
    )
    lobby.replaceChildren(list, form)
  }

  function joinSeat(id, s) {
    table = id
    lobby.hidden = true
    send({ type: 'join', table: id, seat: s })
  }

  // ---- the table -------------------------------------------------------

  function play(uci) {
    pick.selected = null
    pick.dropRole = null
    send({ type: 'move', move: uci })
    render()
  }

  function onSquare(id, square) {
    if (!seat || boardOf(seat) !== id || !mayMove(seat)) return
    const click = clickSquare(boards[id], pick, square, colorOf(seat) === 'white' ? '8' : '1')
    if (click === null) return render()
    if (click.move) return play(click.move)
    choosePromotion($('promotion'), colorOf(seat), (letter) => play(click.promotion + letter))
  }

  /** Board `id`, seen from `bottom`'s side ('white' or 'black'). */
  function board(id, bottom) {
    const mine = seat !== null && boardOf(seat) === id
    return drawBoard(id, boards[id], {
      flipped: bottom === 'black',
      lastMove: lastMove[id],
      pick: mine ? pick : null,
      onSquare: (square) => onSquare(id, square),
      onDrag(from, to) {
        if (mayMove(seat) && boards[id].dests().get(from)?.includes(to)) {
          pick.selected = from
          onSquare(id, to)
        }
      },
    })
  }

  function drawSeat(s) {
    const row = document.createElement('div')
    row.className = 'pocket'
    row.dataset.seat = s
    const holder = seats.find((h) => h.seat === s)
    const who = !holder || holder.holder === 'empty' ? 'empty' : holder.holder === 'computer' ? 'computer' : holder.name
    const label = document.createElement('span')
    label.className = 'who'
    label.textContent = `${NAMES[s]} — ${who}${s === seat ? ' (you)' : ''}${holder?.holder === 'human' && !holder.connected ? ' (away)' : ''}`
    const clock = document.createElement('span')
    clock.className = 'clock'
    clock.dataset.clock = s
    row.append(label, clock)
    if (!seat && holder?.holder !== 'human' && view?.status !== 'over') {
      row.append(button('sit here', () => send({ type: 'join', table, seat: s }), { join: s }))
    }
    const letters = view?.pockets?.[s] ?? ''
    const pocket = document.createElement('span')
    pocket.className = 'pieces'
    pocket.dataset.pocket = letters
    for (const letter of letters) {
      const role = ROLE_OF[letter.toUpperCase()]
      if (s !== seat) {
        pocket.append(pocketButton(colorOf(s), role))
        continue
      }
      const onPick = () => {
        if (!mayMove(seat)) return
        pick.dropRole = pick.dropRole === role ? null : role
        pick.selected = null
        render()
      }
      pocket.append(pocketButton(colorOf(s), role, { onPick, chosen: pick.dropRole === role }))
    }
    row.append(pocket)
    return row
  }

  function renderControls() {
    const items = []
    const running = view?.status === 'running'
    if (seat && view?.status === 'waiting') items.push(button('Start now (the computer takes the empty seats)', () => send({ type: 'start' }), { action: 'start' }))
    if (seat && running) {
      if (view.settings.mode === 'turn_based' && view.to_act === seat && view.sits_left?.[seat] > 0) {
        items.push(button(`Sit (R24, ${view.sits_left[seat]} left)`, () => send({ type: 'sit' }), { action: 'sit' }))
      }
      const offered = (view.draw_offers ?? '').includes(seat)
      items.push(button(offered ? 'Withdraw the draw offer' : 'Offer a draw (R30)', () => send({ type: offered ? 'withdraw_draw' : 'offer_draw' }), { action: 'draw' }))
      items.push(button('Resign', () => send({ type: 'resign' }), { action: 'resign' }))
    }
    if (seat && view?.status !== 'over') items.push(button('Leave the seat', () => send({ type: 'leave' }), { action: 'leave' }))
    items.push(button('All tables', () => {
      history.replaceState(null, '', location.pathname + `?server=${encodeURIComponent(params.get('server'))}`)
      location.reload()
    }))
    controls.replaceChildren(...items)
    const you = seat ? `You are ${NAMES[seat]} (team ${'Ab'.includes(seat) ? 1 : 2}, with ${NAMES[PARTNER[seat]]})` : 'You are watching'
    document.querySelector('header p').textContent = `Table ${table} on ${url}. ${you}. The server's computer plays the empty seats.`
  }

  function render() {
    if (table === null || !view) return
    renderControls()
    const main = document.querySelector('main')
    if (boards) {
      // Your board on the left with your colour at the bottom; your
      // partner's beside it, their colour (the other one) at the bottom.
      const mineId = seat ? boardOf(seat) : 'A'
      const myColor = seat ? colorOf(seat) : 'white'
      for (const id of ['A', 'B']) {
        const bottom = id === mineId ? myColor : myColor === 'white' ? 'black' : 'white'
        const top = bottom === 'white' ? 'black' : 'white'
        const seatOf = (color) => (color === 'white' ? id : id.toLowerCase())
        const wrap = $(`wrap-${id}`)
        wrap.style.order = id === mineId ? 0 : 1
        // A board is drawn again only when what it shows changed, so a
        // report from the other board never swaps the squares under a click.
        const key = JSON.stringify([boards[id].fen(), lastMove[id], pick.selected, pick.dropRole, bottom, seat, mayMove(seat)])
        if (wrap.dataset.key !== key || wrap.children.length !== 4) {
          const title = document.createElement('h2')
          title.textContent = `Board ${id}`
          wrap.replaceChildren(title, drawSeat(seatOf(top)), board(id, bottom), drawSeat(seatOf(bottom)))
          wrap.dataset.key = key
        } else {
          wrap.children[1].replaceWith(drawSeat(seatOf(top)))
          wrap.children[3].replaceWith(drawSeat(seatOf(bottom)))
        }
      }
    } else {
      for (const id of ['A', 'B']) $(`wrap-${id}`).replaceChildren()
    }
    main.dataset.status = view.status
    moves.hidden = events.length === 0
    renderClocks()
    moves.replaceChildren(
      ...events.map((e) => {
        const li = document.createElement('li')
        if (e.seq === undefined) li.dataset.index = e.index
        else li.dataset.seq = e.seq
        li.textContent = e.text
        return li
      }),
    )
    if (view.outcome) {
      const { text, rule } = view.outcome // the engine's text names its rule
      return setStatus(text.includes(rule) ? text : `${text} (${rule})`, view.outcome)
    }
    if (notice) return setStatus(notice)
    if (view.status === 'waiting') return setStatus('Waiting for players: four seated humans start the game, or a seated one starts it now.')
    const turn = view.settings.mode === 'turn_based' ? `${NAMES[view.to_act]} to act` : 'live: both boards play at once'
    setStatus(seat && mayMove(seat) ? `Your move (${turn})` : turn)
  }

  function renderClocks() {
    for (const el of document.querySelectorAll('[data-clock]')) {
      const s = el.dataset.clock
      const ms0 = view?.clocks?.[s]
      if (ms0 === undefined || ms0 === null) {
        el.textContent = ''
        continue
      }
      const running = view.status === 'running' && (view.running ?? []).includes(s)
      const ms = Math.max(0, running ? ms0 - lag - (performance.now() - received) : ms0)
      el.textContent = clockText(ms)
      el.classList.toggle('running', running)
    }
  }

  setInterval(renderClocks, 100)
  // For the browser tests (and the curious): what the page shows.
  globalThis.bughouseOnline = {
    get view() { return view },
    get seat() { return seat },
    get table() { return table },
    /** Your legal moves and drops now, as UCI (none when you may not move). */
    legalMoves: () => (seat && boards && mayMove(seat) ? boards[boardOf(seat)].legalMoves() : []),
    send,
  }
  setStatus(`connecting to ${url}…`)
  connect()
}
