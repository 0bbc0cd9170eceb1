// Time per `game.botMove(seat, opts)` from Node: the default budget and a
// few others, over positions of bot-played games (both boards, all four
// seats); then `botMoveAsync` at the default budget, one call at a time and
// four at once (one per seat's position, as four computer seats would).
//
// Positions come from turn-based self-play with a small budget (seeded, so
// every run times the same positions, the same as bughouse-py's
// bench/bench_bot.py); each is then timed without playing. Wall time (on a
// shared machine it varies with the load) and the process's CPU time per
// call; both include the search thread's start and the fresh table of every
// call. `nodes: 1` is about that overhead alone.
//
// Run: node bench/bench_bot.mjs [games]     (4 games of 60 actions by default)
import { cpuUsage } from 'node:process'

import { Game } from '../index.mjs'

function positions(games, moves = 60) {
  const found = []
  for (let g = 0; g < games; g++) {
    const game = new Game({ mode: 'turn', humans: '', moveCap: 400 })
    for (let i = 0; i < moves && !game.isOver(); i++) {
      const seat = game.toAct
      found.push([game.copy(), seat])
      game.botMove(seat, { nodes: 300, seed: g, play: true })
    }
  }
  return found
}

const ms = (x) => x.toFixed(3).padStart(8)

function report(label, times, cpuMicros, calls) {
  times.sort((a, b) => a - b)
  const mean = times.reduce((a, b) => a + b, 0) / times.length
  console.log(
    `${label}: mean ${ms(mean)} ms, median ${ms(times[times.length >> 1])} ms, ` +
      `p90 ${ms(times[Math.floor(times.length * 0.9)])} ms, max ${ms(times.at(-1))} ms; ` +
      `CPU ${ms(cpuMicros / 1000 / calls)} ms`,
  )
}

const cpuTotal = (u) => u.user + u.system

async function main() {
  const games = Number(process.argv[2] ?? 4)
  const work = positions(games)
  console.log(`${work.length} positions from ${games} bot games`)
  for (const nodes of [1, 3_000, 25_000]) {
    const times = []
    const cpu0 = cpuUsage()
    work.forEach(([game, seat], i) => {
      const t0 = performance.now()
      game.botMove(seat, { nodes, seed: i })
      times.push(performance.now() - t0)
    })
    report(`botMove      nodes=${String(nodes).padStart(6)}`, times, cpuTotal(cpuUsage(cpu0)), work.length)
  }

  // Asynchronous, at the default budget: one at a time (latency), then four
  // at once (libuv's pool has four threads; this machine may have fewer cores).
  {
    const times = []
    const cpu0 = cpuUsage()
    for (const [i, [game, seat]] of work.entries()) {
      const t0 = performance.now()
      await game.botMoveAsync(seat, { seed: i })
      times.push(performance.now() - t0)
    }
    report('botMoveAsync nodes= 25000', times, cpuTotal(cpuUsage(cpu0)), work.length)
  }
  {
    const cpu0 = cpuUsage()
    const t0 = performance.now()
    for (let i = 0; i < work.length; i += 4) {
      await Promise.all(work.slice(i, i + 4).map(([game, seat], j) => game.botMoveAsync(seat, { seed: i + j })))
    }
    const wall = performance.now() - t0
    console.log(
      `botMoveAsync nodes= 25000, 4 at once: ${ms(wall / work.length)} ms of wall time per decision; ` +
        `CPU ${ms(cpuTotal(cpuUsage(cpu0)) / 1000 / work.length)} ms`,
    )
  }
}

await main()
