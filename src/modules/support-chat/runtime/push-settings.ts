import type { SupportChatOptions } from "../types"

/** The stream caps and heartbeat of a process (the `push` options). */
export type PushSettings = { maxStreamsPerIp: number; maxStreams: number; heartbeatMs: number }

const DEFAULT_MAX_STREAMS_PER_IP = 20
const DEFAULT_MAX_STREAMS = 10_000
const DEFAULT_HEARTBEAT_SECONDS = 15

export function pushSettings(options: SupportChatOptions): PushSettings {
  const max = options.push?.maxStreamsPerIp
  const maxTotal = options.push?.maxStreams
  const heartbeat = options.push?.heartbeatSeconds
  return {
    maxStreamsPerIp: typeof max === "number" && max >= 0 ? Math.floor(max) : DEFAULT_MAX_STREAMS_PER_IP,
    maxStreams: typeof maxTotal === "number" && maxTotal >= 0 ? Math.floor(maxTotal) : DEFAULT_MAX_STREAMS,
    heartbeatMs: (typeof heartbeat === "number" && heartbeat > 0 ? heartbeat : DEFAULT_HEARTBEAT_SECONDS) * 1000,
  }
}
