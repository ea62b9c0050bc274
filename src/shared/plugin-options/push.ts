import { doc, group, oneOf, positiveNumber, text, wholeNumber } from "./option-kinds"

/** The push streams' options. */
export const pushOptions = {
  push: doc(
    group({
      maxStreamsPerIp: doc(wholeNumber(0).default(20), {
        description:
          "Open push streams one client IP may hold on one server process (each process counts its own: a shared counter would need to survive crashed processes)",
      }),
      maxStreams: doc(wholeNumber(0).default(10_000), {
        description:
          "Open push streams one server process holds in all, visitor and admin; over it a new stream gets 429 with `Retry-After` (the widget polls meanwhile). A stream lets go of its slot, timers and feed watcher on every path: the client leaving at any point, even while it opens, an error, or shutdown",
      }),
      heartbeatSeconds: doc(positiveNumber().default(15), { description: "Keep-alive comment interval on idle streams" }),
      fanout: doc(oneOf(["postgres", "redis"]).default("postgres"), {
        description:
          'How commit notices reach every process\'s streams and idle-poll cache: `"postgres"` (LISTEN/NOTIFY) or `"redis"` (pub/sub). Every Medusa process and fast-lane copy of the store must use the same one. See [Push streams](operations.md#push-streams)',
      }),
      redisUrl: doc(text().optional(), {
        defaultText: "`projectConfig.redisUrl`",
        description: 'Redis server of the `"redis"` fan-out; with neither set, `"redis"` stops the server at startup',
      }),
      redisChannelPrefix: doc(text().default("launchdesk"), {
        description: "Prefix of its Redis channels (`<prefix>:launchdesk_chat_message`), so several stores can share one Redis",
      }),
    }).prefault({}),
    { group: "Chat" }
  ),
}
