// The computer player's worker thread in Node (see bot-worker-core.mjs).
import { parentPort } from 'node:worker_threads'

import { serve } from './bot-worker-core.mjs'

serve(
  (handle) => parentPort.on('message', handle),
  (msg) => parentPort.postMessage(msg),
)
