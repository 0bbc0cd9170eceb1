// `node --require ./wasm/as-wasm.cjs --test __test__/*.test.mjs` runs the
// addon's test suite against the WebAssembly build (`make test-node-wasm`).
// Every way the tests reach the package — `../index.mjs`, `../index.js`,
// `import 'bughouse'`, `require('bughouse')` — resolves to the WebAssembly
// entries instead: ES modules through a loader hook, CommonJS through
// Module._resolveFilename. A --require preload (unlike --import) also runs
// in worker threads, so the tests' Workers get the WebAssembly build too.
'use strict'
const Module = require('node:module')
const { join } = require('node:path')
const { pathToFileURL } = require('node:url')

// The surface test compares the two builds: it skips itself under this hook.
process.env.BUGHOUSE_AS_WASM = '1'

const root = join(__dirname, '..')
const esmEntry = pathToFileURL(join(__dirname, 'index.node.mjs')).href
const cjsEntry = join(__dirname, 'index.node.cjs')
const redirected = [join(root, 'index.mjs'), join(root, 'index.js')]

Module.register(
  'data:text/javascript,' +
    encodeURIComponent(`
      const redirected = new Set(${JSON.stringify(redirected.map((p) => pathToFileURL(p).href))});
      const entry = ${JSON.stringify(esmEntry)};
      export async function resolve(specifier, context, next) {
        if (specifier === 'bughouse') return { url: entry, shortCircuit: true, format: 'module' };
        const r = await next(specifier, context);
        return redirected.has(r.url) ? { url: entry, shortCircuit: true, format: 'module' } : r;
      }`),
)

const resolveFilename = Module._resolveFilename
Module._resolveFilename = function (request, parent, ...rest) {
  if (request === 'bughouse') return cjsEntry
  const path = resolveFilename.call(this, request, parent, ...rest)
  return redirected.includes(path) ? cjsEntry : path
}
