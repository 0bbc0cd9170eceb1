// CommonJS entry: `const { Board } = require('bughouse')`.
//
// Loads the native addon `bughouse.node`, which `npm install` builds from the
// Rust sources on this machine (scripts/build.mjs, the package's `install`
// script). Hand-written rather than napi-rs's generated multi-platform loader:
// the addon is always built here, for this platform, under one name.
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
      `\`npm rebuild bughouse\` (if npm skipped the install script, approve it first: ` +
      `\`npm install-scripts approve bughouse\`) or \`node ${join(__dirname, 'scripts', 'build.mjs')}\`; ` +
      'it needs the Rust toolchain (cargo).',
    { cause },
  )
}

module.exports = binding
