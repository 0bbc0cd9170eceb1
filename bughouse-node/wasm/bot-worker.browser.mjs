// The computer player's Web Worker (see bot-worker-core.mjs).
import { serve } from './bot-worker-core.mjs'

serve(
  (handle) => self.addEventListener('message', (event) => handle(event.data)),
  (msg) => self.postMessage(msg),
)
