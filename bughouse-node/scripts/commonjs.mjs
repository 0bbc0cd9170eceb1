// lib/common.cjs from lib/common.mjs: the one source of the JavaScript both
// builds share (lib/common.mjs) as the CommonJS module the addon's loader
// index.js requires (Node 18, and 20 before 20.19, cannot require() an ES
// module; browsers cannot load CommonJS). scripts/build.mjs writes it on
// every build (wasm/build.mjs too); __test__/commonjs.test.mjs fails when
// it is stale.
//
// Not a general converter: the source keeps to a form this reads exactly —
// `export` only before `function`, `async function`, `const` or `class`
// declarations, and no `import` — and anything else is refused, so the
// output is the source line for line (the same line numbers in stack
// traces) with `export ` taken off and `module.exports` added at the end.
import { readFileSync, renameSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

export const SOURCE = fileURLToPath(new URL('../lib/common.mjs', import.meta.url))
export const TARGET = fileURLToPath(new URL('../lib/common.cjs', import.meta.url))

const EXPORTED = /^export (?:async )?(?:function\*? ?|const |class )([A-Za-z_$][\w$]*)/

/** The CommonJS text of the ES module `text` (named `name` in the notice). */
export function commonJsOf(text, name) {
  const lines = text.split('\n')
  const names = []
  const out = lines.map((line, i) => {
    const exported = EXPORTED.exec(line)
    if (exported) {
      names.push(exported[1])
      return line.slice('export '.length)
    }
    if (/^\s*(?:export|import)\b/.test(line) || /\bimport\s*(?:\.|\()/.test(line)) {
      throw new Error(`${name}:${i + 1}: scripts/commonjs.mjs reads only \`export function|const|class\` declarations and no import: ${line.trim().slice(0, 80)}`)
    }
    return line
  })
  // On line 1, so every other line keeps its number.
  out[0] = `'use strict'; /* Generated from ${name} by scripts/commonjs.mjs: edit that file. */ ${out[0]}`
  if (out[out.length - 1] === '') out.pop()
  out.push(`module.exports = { ${names.join(', ')} }`, '')
  return out.join('\n')
}

/** Writes lib/common.cjs from lib/common.mjs (copy then rename: a running process keeps its file). */
export function writeCommonJs() {
  const text = commonJsOf(readFileSync(SOURCE, 'utf8'), 'lib/common.mjs')
  const tmp = `${TARGET}.${process.pid}.tmp`
  writeFileSync(tmp, text)
  renameSync(tmp, TARGET)
}
