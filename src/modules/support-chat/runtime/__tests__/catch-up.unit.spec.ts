import { MessageCatchUp, type CommittedMessages } from "../catch-up"
import type { NoticeListener } from "../notice-listener"
import { CHAT_MESSAGE_CHANNEL, ChatMessageFeed, type MessageNotice } from "../message-feed"

/** A `chat_message` table whose rows draw their ids at insert and show only once committed. */
class MessageTable implements CommittedMessages {
  statements = 0
  private nextId = 1
  private readonly rows: { id: number; conversation_id: number; committed: boolean }[] = []

  insert(conversationId: number): number {
    const id = this.nextId++
    this.rows.push({ id, conversation_id: conversationId, committed: false })
    return id
  }

  commit(id: number) {
    this.rows.find((row) => row.id === id)!.committed = true
  }

  async highestMessageId() {
    this.statements++
    return Math.max(0, ...this.rows.filter((row) => row.committed).map((row) => row.id))
  }

  async latestMessagesAbove(afterId: number) {
    this.statements++
    const highest = Math.max(0, ...this.rows.filter((row) => row.committed).map((row) => row.id))
    const latest = new Map<number, number>()
    for (const row of this.rows) {
      if (row.committed && row.id > afterId) {
        latest.set(row.conversation_id, Math.max(latest.get(row.conversation_id) ?? 0, row.id))
      }
    }
    return { highest, latest: [...latest].map(([conversation_id, message_id]) => ({ conversation_id, message_id })) }
  }
}

/** Redis as the feed hears it: `publish` is a notice arriving. */
function fakeListener() {
  const handlers = new Set<(payload: string) => void>()
  const listener: NoticeListener = {
    live: true,
    generation: 1,
    backendPid: null,
    on: (channel, handler) => {
      expect(channel).toBe(CHAT_MESSAGE_CHANNEL)
      handlers.add(handler)
      return () => handlers.delete(handler)
    },
    onResync: () => () => undefined,
    start: () => undefined,
    whenLive: async () => undefined,
    stop: async () => undefined,
  }
  return { listener, publish: (notice: MessageNotice) => handlers.forEach((handler) => handler(`${notice.conversation_id}:${notice.message_id}`)) }
}

function setup() {
  const table = new MessageTable()
  const redis = fakeListener()
  const feed = new ChatMessageFeed(redis.listener, { catchUp: true })
  const warnings: string[] = []
  const catchUp = new MessageCatchUp({ messages: table, feed, warn: (message) => warnings.push(message) })
  const heard: string[] = []
  const watch = (conversationId: number) =>
    feed.watch(conversationId, { onNotice: (id) => heard.push(`${conversationId}:${id}`), onResync: () => undefined })
  return { table, redis, feed, catchUp, heard, watch, warnings }
}

describe("MessageCatchUp", () => {
  it("dispatches a lost notice once, including a lower id that commits after a higher one was swept", async () => {
    const { table, catchUp, heard, watch, warnings } = setup()
    watch(1)
    watch(2)
    await catchUp.sweep() // learns where the table ends
    expect(heard).toEqual([])

    // Conversation 2's message draws its id first but commits after conversation 1's, whose
    // writer also died before publishing: no notice reaches the feed for either.
    const late = table.insert(2)
    const early = table.insert(1)
    table.commit(early)
    await catchUp.sweep()
    expect(heard).toEqual([`1:${early}`])

    table.commit(late)
    await catchUp.sweep()
    expect(heard).toEqual([`1:${early}`, `2:${late}`])

    // Later sweeps re-scan the look-back window and find both again: nothing is dispatched twice.
    await catchUp.sweep()
    await catchUp.sweep()
    expect(heard).toEqual([`1:${early}`, `2:${late}`])
    expect(catchUp.dispatched).toBe(2)
    expect(warnings).toEqual([])
  })

  it("leaves alone what Redis brought; Redis's late copy of what it caught up is only a repeat", async () => {
    const { table, redis, feed, catchUp, heard, watch } = setup()
    watch(1)
    await catchUp.sweep()

    const published = table.insert(1)
    table.commit(published)
    redis.publish({ conversation_id: 1, message_id: published })
    await catchUp.sweep()
    expect(heard).toEqual([`1:${published}`])

    // A publish slower than the sweep: the catch-up dispatches first, Redis's notice repeats it
    // (a stream reads only above what it sent), and later sweeps dispatch it no more.
    const slow = table.insert(1)
    table.commit(slow)
    await catchUp.sweep()
    const received = feed.received
    redis.publish({ conversation_id: 1, message_id: slow })
    await catchUp.sweep()
    expect(heard).toEqual([`1:${published}`, `1:${slow}`, `1:${slow}`])
    expect(feed.received - received).toBe(1)
    expect(catchUp.dispatched).toBe(1)
  })

  it("starts again from the table's end when the ids went back (emptied or restored)", async () => {
    const { table, catchUp, heard, watch } = setup()
    watch(1)
    for (let i = 0; i < 5; i++) table.commit(table.insert(1))
    await catchUp.sweep()
    table.commit(table.insert(1))
    await catchUp.sweep()
    expect(heard).toEqual(["1:6"])

    const emptied = new MessageTable()
    Object.assign(table, emptied)
    await catchUp.sweep()
    const lost = table.insert(1)
    table.commit(lost)
    await catchUp.sweep()
    expect(lost).toBe(1)
    expect(heard).toEqual(["1:6", "1:1"])
  })

  it("costs one statement per sweep, whatever the number of watchers, and none once stopped", async () => {
    const { table, catchUp, heard, watch } = setup()
    for (let conversationId = 1; conversationId <= 500; conversationId++) watch(conversationId)
    await catchUp.sweep()
    for (let conversationId = 1; conversationId <= 500; conversationId++) table.commit(table.insert(conversationId))
    await catchUp.sweep()
    expect(heard).toHaveLength(500)
    expect(table.statements).toBe(2)

    await catchUp.stop()
    table.commit(table.insert(1))
    await catchUp.sweep()
    expect(table.statements).toBe(2)
    expect(heard).toHaveLength(500)
  })

  it("warns and keeps going when a sweep fails", async () => {
    const { table, catchUp, heard, watch, warnings } = setup()
    watch(1)
    await catchUp.sweep()
    const failing = jest.spyOn(table, "latestMessagesAbove").mockRejectedValueOnce(new Error("connection reset"))
    const id = table.insert(1)
    table.commit(id)
    await catchUp.sweep()
    expect(warnings).toEqual(["launchdesk: push catch-up failed: connection reset"])
    await catchUp.sweep()
    expect(failing).toHaveBeenCalledTimes(2)
    expect(heard).toEqual([`1:${id}`])
  })
})
