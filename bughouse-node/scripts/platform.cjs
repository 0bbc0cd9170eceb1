// The name of this platform's prebuilt addon, as napi-rs names its
// per-platform builds: `bughouse.linux-x64-gnu.node`, `bughouse.darwin-arm64.node`,
// `bughouse.win32-x64-msvc.node`. Shared by the loader (index.js) and the
// build script (scripts/build.mjs), which writes the prebuilt `npm pack` ships.
'use strict'

/** The C library of a Linux process: `'gnu'` (glibc) or `'musl'`. */
function linuxLibc() {
  // Node's diagnostic report names the glibc it runs on; musl builds have none.
  const header = process.report && typeof process.report.getReport === 'function' ? process.report.getReport().header : null
  return header && header.glibcVersionRuntime ? 'gnu' : 'musl'
}

/** `linux-x64-gnu`, `darwin-arm64`, `win32-x64-msvc`, … for this process. */
function platformTriple() {
  const { platform, arch } = process
  if (platform === 'linux') return `linux-${arch}-${linuxLibc()}`
  if (platform === 'win32') return `win32-${arch}-msvc`
  return `${platform}-${arch}`
}

/** The file name of this platform's prebuilt addon. */
function prebuiltName() {
  return `bughouse.${platformTriple()}.node`
}

module.exports = { platformTriple, prebuiltName }
