// The WebAssembly build for `require('bughouse')` where no native addon
// fits: the ES module index.node.mjs, required (Node ≥ 20.19 / 22.12 can
// require an ES module without top-level await).
'use strict'
module.exports = require('./index.node.mjs').default
