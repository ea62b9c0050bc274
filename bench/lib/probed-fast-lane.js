// Runs the host's `launchdesk-fast-lane` in this process and answers its parent's questions
// over IPC: memory (after a full GC when started with --expose-gc), event-loop delay and CPU
// time since the last reset. bench:streams starts it through `startProbedFastLane`; the lane
// itself is the installed plugin's own CLI, unchanged.
const { monitorEventLoopDelay, performance } = require("node:perf_hooks")

// Node 20's histogram holds the whole interval between samples: the delay is what exceeds it.
const SAMPLE_MS = 10
const loopDelay = monitorEventLoopDelay({ resolution: SAMPLE_MS })
loopDelay.enable()
let cpuSince = process.cpuUsage()
let wallSince = performance.now()

const delayMs = (nanoseconds) => Math.max(0, nanoseconds / 1e6 - SAMPLE_MS)

function stats({ gc }) {
  if (gc && typeof global.gc === "function") {
    global.gc()
    global.gc()
  }
  const cpu = process.cpuUsage(cpuSince)
  const wallMs = performance.now() - wallSince
  const memory = process.memoryUsage()
  return {
    rss: memory.rss,
    heapUsed: memory.heapUsed,
    external: memory.external + memory.arrayBuffers,
    loopP50Ms: delayMs(loopDelay.percentile(50)),
    loopP99Ms: delayMs(loopDelay.percentile(99)),
    loopMaxMs: delayMs(loopDelay.max),
    cpuPercent: ((cpu.user + cpu.system) / 1000 / wallMs) * 100,
  }
}

process.on("message", (message) => {
  if (message.type === "reset") {
    loopDelay.reset()
    cpuSince = process.cpuUsage()
    wallSince = performance.now()
    process.send({ id: message.id })
  } else if (message.type === "stats") {
    process.send({ id: message.id, stats: stats(message) })
  }
})
// The bench went away: do not outlive it.
process.on("disconnect", () => process.exit(0))

require(process.env.LAUNCHDESK_FAST_LANE_CLI)
