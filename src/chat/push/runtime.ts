import type { ConversationRepository } from "../../modules/support-chat/sql/conversation-repository"
import type { Fanout, NoticeListener } from "./fanout"
import { ChatMessageFeed } from "./message-feed"
import { PollCache } from "./poll-cache"
import type { PushSettings } from "./stream"
import { OpenStreams, StreamSlots } from "./stream-slots"

/** One process's push machinery over one connection pool: a lane builds it once. */
export type PushRuntime = {
  /** PostgreSQL LISTEN or Redis SUBSCRIBE, as the fan-out says (fanout.ts). */
  listener: NoticeListener
  feed: ChatMessageFeed
  pollCache: PollCache
  visitorSlots: StreamSlots
  adminSlots: StreamSlots
  /** Every open stream of the process (the total cap); `closeAll()` at shutdown. */
  streams: OpenStreams
  settings: PushSettings
  /** Ends every open stream and closes the listening connection for good (the app shuts down). */
  close: () => Promise<void>
}

export type PushRuntimeInput = {
  /** The process's fan-out (over the lane's pool, or Redis). */
  fanout: Fanout
  store: ConversationRepository
  settings: PushSettings
}

export function createPushRuntime({ fanout, store, settings }: PushRuntimeInput): PushRuntime {
  const listener = fanout.createListener()
  const feed = new ChatMessageFeed(listener)
  const streams = new OpenStreams(settings.maxStreams)
  // A Redis notice is published after commit and is lost if its writer dies in between: what
  // the cache learnt then holds for one heartbeat only, as long as a stream waits to re-read.
  const boundTtlMs = fanout.settings.kind === "redis" ? settings.heartbeatMs : undefined
  return {
    listener,
    feed,
    pollCache: new PollCache(store, feed, { boundTtlMs }),
    visitorSlots: new StreamSlots(settings.maxStreamsPerIp, streams),
    adminSlots: new StreamSlots(settings.maxStreamsPerIp, streams),
    streams,
    settings,
    close: async () => {
      streams.closeAll()
      await listener.stop()
    },
  }
}
