import { ConversationRepository } from "../../sql/conversation-repository"
import type { SqlRunner } from "../../../../shared/sql"
import { CHAT_MESSAGE_CHANNEL, ChatMessageFeed } from "../message-feed"
import { PgListener } from "../pg-listener"
import { PollCache } from "../poll-cache"

/** A poll cache over the real repository, whose SQL runner records presence statements. */
function cacheWithStore() {
  const statements: { ids: unknown; stale: unknown }[] = []
  const sql: SqlRunner = async <Row>(text: string, params: readonly unknown[] = []) => {
    if (/SET last_seen_at/.test(text)) statements.push({ ids: params[0], stale: params[1] })
    return [] as Row[]
  }
  // A LISTEN connection that never opens: presence does not depend on notices.
  const listener = new PgListener({
    connect: () => new Promise(() => undefined),
    disconnect: async () => undefined,
    channels: [CHAT_MESSAGE_CHANNEL],
    warn: () => undefined,
  })
  return { cache: new PollCache(new ConversationRepository(sql), new ChatMessageFeed(listener), { onRead: () => undefined }), statements }
}

describe("PollCache.touchVisitorSeenSoon", () => {
  beforeEach(() => jest.useFakeTimers())
  afterEach(() => jest.useRealTimers())

  it("stores the touches asked within a second in one statement, then starts a new batch", async () => {
    const { cache, statements } = cacheWithStore()
    const first = cache.touchVisitorSeenSoon(1, 20)
    const second = cache.touchVisitorSeenSoon(2, 20)
    const again = cache.touchVisitorSeenSoon(1, 20)
    expect(statements).toEqual([])

    await jest.advanceTimersByTimeAsync(1000)
    await Promise.all([first, second, again])
    expect(statements).toEqual([{ ids: "{1,2}", stale: 20 }])

    const later = cache.touchVisitorSeenSoon(3, 20)
    await jest.advanceTimersByTimeAsync(1000)
    await later
    expect(statements).toEqual([
      { ids: "{1,2}", stale: 20 },
      { ids: "{3}", stale: 20 },
    ])
  })

  it("keeps touches with another staleness apart", async () => {
    const { cache, statements } = cacheWithStore()
    const done = Promise.all([cache.touchVisitorSeenSoon(1, 20), cache.touchVisitorSeenSoon(2, 60)])
    await jest.advanceTimersByTimeAsync(1000)
    await done
    expect(statements).toEqual(
      expect.arrayContaining([
        { ids: "{1}", stale: 20 },
        { ids: "{2}", stale: 60 },
      ])
    )
    expect(statements).toHaveLength(2)
  })
})
