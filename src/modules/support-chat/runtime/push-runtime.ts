import type { ConversationRepository } from "../sql/conversation-repository"
import { MessageCatchUp } from "./catch-up"
import { ChatSignals } from "./chat-signals"
import type { Fanout } from "./fanout"
import type { NoticeListener } from "./notice-listener"
import { ChatMessageFeed } from "./message-feed"
import { PollCache } from "./poll-cache"
import type { PushSettings } from "./push-settings"
import { OpenStreams, StreamSlots } from "./stream-slots"

/** One process's push machinery over one connection pool: a lane builds it once. */
export type PushRuntime = {
  /** PostgreSQL LISTEN or Redis SUBSCRIBE, as the fan-out says (fanout.ts). */
  listener: NoticeListener
  feed: ChatMessageFeed
  /** Typing and read signals between processes. */
  signals: ChatSignals
  /** With the Redis fan-out only: the process's recovery of lost notices (catch-up.ts). */
  catchUp: MessageCatchUp | null
  pollCache: PollCache
  visitorSlots: StreamSlots
  adminSlots: StreamSlots
  /** Every open stream of the process (the total cap); `closeAll()` at shutdown. */
  streams: OpenStreams
  settings: PushSettings
  /** Ends every open stream, the catch-up and the listening connection for good (the app shuts down). */
  close: () => Promise<void>
}

export type PushRuntimeInput = {
  /** The process's fan-out (over the lane's pool, or Redis). */
  fanout: Fanout
  store: ConversationRepository
  settings: PushSettings
  warn: (message: string) => void
}

export function createPushRuntime({ fanout, store, settings, warn }: PushRuntimeInput): PushRuntime {
  const listener = fanout.createListener()
  // A Redis notice is published after commit and is lost if its writer dies in between: one
  // catch-up query per process recovers it, so streams and the poll cache need no re-reads.
  const redis = fanout.settings.kind === "redis"
  const feed = new ChatMessageFeed(listener, { catchUp: redis })
  const catchUp = redis ? new MessageCatchUp({ messages: store, feed, warn }) : null
  catchUp?.start()
  const streams = new OpenStreams(settings.maxStreams)
  const signals = new ChatSignals(listener, fanout.publishSignal)
  return {
    listener,
    feed,
    signals,
    catchUp,
    pollCache: new PollCache(store, feed, signals),
    visitorSlots: new StreamSlots(settings.maxStreamsPerIp, streams),
    adminSlots: new StreamSlots(settings.maxStreamsPerIp, streams),
    streams,
    settings,
    close: async () => {
      streams.closeAll()
      await catchUp?.stop()
      await listener.stop()
    },
  }
}
