// CommonJS entry: `const { Board } = require('bughouse')`.
//
// Loads the native addon `bughouse.node`, which `npm install` builds from the
// Rust sources on this machine (scripts/build.mjs, the package's `install`
// script). Hand-written rather than napi-rs's generated multi-platform loader:
// the addon is always built here, for this platform, under one name.
//
// Besides loading, this file only turns move codes into UCI strings (see
// `legalMoves` below): no rules here.
'use strict'

const { join } = require('node:path')

const addon = join(__dirname, 'bughouse.node')
let binding
try {
  binding = require(addon)
} catch (cause) {
  if (cause && cause.code !== 'MODULE_NOT_FOUND') throw cause
  throw new Error(
    `bughouse: the native addon ${addon} is not built. Build it with ` +
      '`npm rebuild bughouse` (if npm skipped the install script, approve it first: ' +
      `\`npm install-scripts approve bughouse\`) or \`node ${join(__dirname, 'scripts', 'build.mjs')}\`; ` +
      'it needs the Rust toolchain (cargo).',
    { cause },
  )
}

// Move lists cross the boundary as 16-bit move codes written into one
// reusable buffer, and become strings through a table of interned UCI
// strings filled on first sight of each code (by the addon, which alone
// knows the encoding). One native call per list instead of one string and
// one array store per move: what makes `legalMoves()` fast.
const codeBytes = Buffer.alloc(2 * binding.MAX_LEGAL_MOVES)
const codes = new Uint16Array(codeBytes.buffer, codeBytes.byteOffset, binding.MAX_LEGAL_MOVES)
const uciOfCode = new Array(1 << 16)

function movesOf(count) {
  const out = new Array(count)
  for (let i = 0; i < count; i++) {
    const code = codes[i]
    let uci = uciOfCode[code]
    if (uci === undefined) {
      uci = binding._uciOfCode(code)
      uciOfCode[code] = uci
    }
    out[i] = uci
  }
  return out
}

Object.defineProperty(binding.Board.prototype, 'legalMoves', {
  /** Every legal move and drop, as UCI (`e2e4`, `e7e8q`, `N@f3`). */
  value: function legalMoves() {
    return movesOf(this._legalMoveCodes(codeBytes))
  },
  writable: true,
  configurable: true,
  enumerable: false,
})

module.exports = {
  Board: binding.Board,
  perft: binding.perft,
}
