// What the two ways of playing on the page share (demo.mjs against the
// computer, online.mjs at a table of the reference server): a board drawn
// as SVG with its marks and targets, what a click on a square means, the
// promotion chooser, the pocket's buttons, a clock's text. No rules: the
// targets are the engine's (`board.dests()`, `board.dropDests()`); each
// page says which board is the player's and what a move does.

export const GLYPH = {
  white: { king: '♔', queen: '♕', rook: '♖', bishop: '♗', knight: '♘', pawn: '♙' },
  black: { king: '♚', queen: '♛', rook: '♜', bishop: '♝', knight: '♞', pawn: '♟' },
}
export const LETTER = { pawn: 'P', knight: 'N', bishop: 'B', rook: 'R', queen: 'Q' }
export const POCKET_ROLES = ['pawn', 'knight', 'bishop', 'rook', 'queen']
export const NAMES = { A: 'A-White', a: 'A-Black', B: 'B-White', b: 'B-Black' }
const FILES = 'abcdefgh'
const SVG = 'http://www.w3.org/2000/svg'

/** A button with `text`, `onclick`, `data-*` attributes and a tooltip. */
export function button(text, onclick, data = {}, title = undefined) {
  const b = document.createElement('button')
  b.type = 'button'
  b.textContent = text
  b.onclick = onclick
  if (title !== undefined) b.title = title
  Object.assign(b.dataset, data)
  return b
}

/** A clock's text: minutes, seconds and tenths. */
export function clockText(ms) {
  return `${Math.floor(ms / 60000)}:${String(Math.floor(ms / 1000) % 60).padStart(2, '0')}.${Math.floor(ms / 100) % 10}`
}

/**
 * What a click on `square` of the player's `board` does, given the
 * half-made move `pick` ({ selected: a square or null, dropRole: a pocket
 * role or null }, updated here): `{ move: uci }` to play, `{ promotion:
 * uci }` to ask for the piece first (a pawn reaching `lastRank`), or `null`
 * when it only chose (or unchose) a piece to move.
 */
export function clickSquare(board, pick, square, lastRank) {
  if (pick.dropRole) {
    const targets = board.dropDests().get(pick.dropRole) ?? []
    if (targets.includes(square)) return { move: `${LETTER[pick.dropRole]}@${square}` }
    pick.dropRole = null
  }
  const dests = board.dests()
  if (pick.selected && (dests.get(pick.selected) ?? []).includes(square)) {
    const uci = `${pick.selected}${square}`
    return board.pieceAt(pick.selected).role === 'pawn' && square[1] === lastRank ? { promotion: uci } : { move: uci }
  }
  pick.selected = dests.has(square) ? square : null
  return null
}

/**
 * Fills `box` with the four promotion pieces of `color` and shows it:
 * `onPiece(letter)` with the chosen piece's UCI letter; a cancel button
 * too when `onCancel` is given.
 */
export function choosePromotion(box, color, onPiece, onCancel = undefined) {
  box.replaceChildren()
  for (const role of ['queen', 'rook', 'bishop', 'knight']) {
    const choose = () => {
      box.hidden = true
      onPiece(LETTER[role].toLowerCase())
    }
    box.append(button(GLYPH[color][role], choose, { promotion: role }, role))
  }
  if (onCancel !== undefined) {
    const cancel = () => {
      box.hidden = true
      onCancel()
    }
    box.append(button('✕', cancel, { cancel: '' }, 'cancel'))
  }
  box.hidden = false
}

/**
 * One pocket piece as a button: the player's (`pick` its role on click,
 * marked when chosen) or, for `onPick` undefined, a disabled one.
 */
export function pocketButton(color, role, { onPick = undefined, chosen = false } = {}) {
  const b = button(GLYPH[color][role], onPick, {}, role)
  if (onPick === undefined) b.disabled = true
  else {
    b.dataset.drop = role
    if (chosen) b.classList.add('chosen')
  }
  return b
}

function rect(parent, x, y, cls) {
  const r = document.createElementNS(SVG, 'rect')
  for (const [k, v] of Object.entries({ x, y, width: 50, height: 50, class: cls })) r.setAttribute(k, v)
  parent.append(r)
  return r
}

/** The squares a move in UCI marks as the last one: its origin and target, or a drop's square. */
function squaresOf(uci) {
  if (!uci) return []
  return uci[1] === '@' ? [uci.slice(2, 4)] : [uci.slice(0, 2), uci.slice(2, 4)]
}

/**
 * Board `id` (`board`, the engine's) as an SVG of 50-unit squares, White at
 * the bottom unless `flipped`, its `lastMove` (UCI) and a checked king
 * marked. For the player's board (`pick` given: the half-made move, as in
 * `clickSquare`) the chosen piece and its targets are marked, a click on a
 * square calls `onSquare(square)` and a drag from one square to another
 * `onDrag(from, to)`.
 */
export function drawBoard(id, board, { flipped = false, lastMove = null, pick = null, onSquare, onDrag } = {}) {
  const mine = pick !== null
  const svg = document.createElementNS(SVG, 'svg')
  svg.setAttribute('viewBox', '0 0 400 400')
  svg.setAttribute('class', 'board')
  svg.dataset.board = id
  if (mine) {
    // Drag to move: press on a piece, release on its target.
    let from = null
    svg.addEventListener('pointerdown', (e) => (from = e.target.dataset?.square ?? null))
    svg.addEventListener('pointerup', (e) => {
      const to = document.elementFromPoint(e.clientX, e.clientY)?.dataset?.square
      const start = from
      from = null
      if (start && to && to !== start) onDrag(start, to)
    })
  }
  const lastSquares = squaresOf(lastMove)
  const checked = board.checkedKing()
  const targets = new Set()
  if (mine && pick.selected) for (const t of board.dests().get(pick.selected) ?? []) targets.add(t)
  if (mine && pick.dropRole) for (const t of board.dropDests().get(pick.dropRole) ?? []) targets.add(t)
  for (let rank = 0; rank < 8; rank++) {
    for (let file = 0; file < 8; file++) {
      const square = FILES[file] + (rank + 1)
      const x = (flipped ? 7 - file : file) * 50
      const y = (flipped ? rank : 7 - rank) * 50
      const sq = rect(svg, x, y, `sq ${(file + rank) % 2 ? 'light' : 'dark'}`)
      sq.dataset.square = square
      if (mine) sq.addEventListener('click', () => onSquare(square))
      const mark = (cls) => (rect(svg, x, y, `mark ${cls}`).style.pointerEvents = 'none')
      if (lastSquares.includes(square)) mark('last')
      if (square === checked) mark('check')
      if (mine && square === pick.selected) mark('selected')
      const piece = board.pieceAt(square)
      if (piece) {
        const t = document.createElementNS(SVG, 'text')
        t.setAttribute('x', x + 25)
        t.setAttribute('y', y + 27)
        t.setAttribute('class', 'piece')
        t.dataset.square = square
        t.dataset.piece = `${piece.color} ${piece.role}`
        t.textContent = GLYPH[piece.color][piece.role]
        svg.append(t)
      }
      if (targets.has(square)) {
        const c = document.createElementNS(SVG, 'circle')
        for (const [k, v] of Object.entries({ cx: x + 25, cy: y + 25, r: 9, class: 'dot' })) c.setAttribute(k, v)
        svg.append(c)
      }
    }
  }
  return svg
}
