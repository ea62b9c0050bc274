import { ConversationRepository } from "../../sql/conversation-repository"
import type { SqlRunner } from "../../../../shared/sql"
import { ChatMessageFeed } from "../message-feed"
import type { NoticeListener } from "../notice-listener"
import { PollCache } from "../poll-cache"

/** A listener that is live and resyncs when told, as after its connection came back. */
function controlledListener() {
  const resyncs = new Set<() => void>()
  const listener: NoticeListener = {
    live: true,
    generation: 1,
    on: () => () => undefined,
    onResync: (handler) => {
      resyncs.add(handler)
      return () => resyncs.delete(handler)
    },
    start: () => undefined,
    whenLive: async () => undefined,
    backendPid: null,
    stop: async () => undefined,
  }
  return { listener, resync: () => resyncs.forEach((handler) => handler()) }
}

/** The real repository over a conversation (id 1, no messages) whose staff read mark the test sets. */
function storeWithReadMark() {
  const conversation = { staffReadUpTo: 5 as number | null }
  // The poll's one statement: the conversation's row, joined to no message.
  const sql: SqlRunner = async <Row>() =>
    [{ conv_id: 1, last_seen_at: null, conv_customer_id: null, staff_read_up_to: conversation.staffReadUpTo, message_id: null }] as Row[]
  return { store: new ConversationRepository(sql), conversation }
}

describe("PollCache after a resync", () => {
  it("answers the database's read mark, even one lower than it remembered (a replaced database)", async () => {
    const { listener, resync } = controlledListener()
    const { store, conversation } = storeWithReadMark()
    const cache = new PollCache(store, new ChatMessageFeed(listener), { onRead: () => undefined })

    expect((await cache.messagesForVisitor("visitor", 0)).conversation?.staff_read_up_to).toBe(5)
    conversation.staffReadUpTo = null
    // Without a resync a lower mark is an older read racing a newer signal: the higher one stays.
    expect((await cache.messagesForVisitor("visitor", 0)).conversation?.staff_read_up_to).toBe(5)

    resync()
    // The first poll reads the database; the next is answered from memory, with what that read learnt.
    expect((await cache.messagesForVisitor("visitor", 0)).conversation?.staff_read_up_to).toBeNull()
    expect((await cache.messagesForVisitor("visitor", 0)).conversation?.staff_read_up_to).toBeNull()
  })
})
