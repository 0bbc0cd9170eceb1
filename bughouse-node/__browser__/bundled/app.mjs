// The page every bundler test builds (bundlers.test.mjs): the package
// imported by name, as a front end does, then the calls of calls.mjs
// through each part of it, with the answers shown for the test to compare
// against the same calls made in Node.
import { Board, Game, perft } from 'bughouse'

import { calls } from './calls.mjs'

const out = document.getElementById('out')
try {
  globalThis.bundledResults = await calls({ Board, Game, perft })
  out.textContent = 'done'
} catch (e) {
  out.textContent = `failed: ${e && e.stack}`
}
