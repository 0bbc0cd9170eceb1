#!/usr/bin/env node
// Serves the playable page on 127.0.0.1 and prints its URL:
//   node demo/serve.mjs [port]        (`npm run demo` builds the wasm first)
// Static files of the package folder (the page imports ../wasm/…), with the
// .wasm type WebAssembly.compileStreaming needs. Nothing else is served.
import { createReadStream, statSync } from 'node:fs'
import { createServer } from 'node:http'
import { extname, join, normalize, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.png': 'image/png',
}

export function serve(port = 0, dir = root) {
  const server = createServer((req, res) => {
    let path = decodeURIComponent(new URL(req.url, 'http://x').pathname)
    if (path.endsWith('/')) path += 'index.html'
    const file = normalize(join(dir, path))
    if (!file.startsWith(dir.endsWith(sep) ? dir : dir + sep)) {
      res.writeHead(403).end()
      return
    }
    let stat
    try {
      stat = statSync(file)
    } catch {
      res.writeHead(404).end('not found')
      return
    }
    if (!stat.isFile()) {
      res.writeHead(404).end('not found')
      return
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'content-length': stat.size })
    createReadStream(file).pipe(res)
  })
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)))
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const server = await serve(Number(process.argv[2] ?? 8080))
  console.log(`bughouse demo: http://127.0.0.1:${server.address().port}/demo/`)
}
