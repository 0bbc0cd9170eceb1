// ES module entry: `import { Board } from 'bughouse'`. The addon is loaded
// once, by the CommonJS loader index.js, and its
// exports are re-exported by name. __test__/esm.test.mjs checks that every
// export of index.js is listed here.
import { createRequire } from 'node:module'

const binding = createRequire(import.meta.url)('./index.js')

export const { Board, Game, perft, readBpgn, readBpgnStream } = binding
export default binding
