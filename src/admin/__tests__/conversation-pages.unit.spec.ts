import { fetchConversationSince } from "../lib/conversation-pages"
import type { ChatMessage, ConversationDetail } from "../lib/types"

const message = (id: number): ChatMessage => ({
  message_id: id,
  conversation_id: 7,
  sender: id % 2 ? "visitor" : "agent",
  author_name: null,
  message: `m${id}`,
  page_url: null,
  created_at: "2026-01-01T00:00:00.000Z",
})

/** The admin route over a conversation of `total` messages: 200 a page above `since_id`. */
function route(total: number) {
  const asked: number[] = []
  const fetchPage = async (sinceId: number): Promise<ConversationDetail> => {
    asked.push(sinceId)
    const newer = Array.from({ length: Math.max(0, total - sinceId) }, (_, index) => message(sinceId + index + 1))
    return {
      conversation_id: 7,
      status: "waiting",
      assigned_to: null,
      email: null,
      page_url: null,
      created_at: "2026-01-01T00:00:00.000Z",
      updated_at: "2026-01-01T00:00:00.000Z",
      last_message_at: null,
      messages: newer.slice(0, 200),
      has_more: newer.length > 200,
    } as ConversationDetail
  }
  return { asked, fetchPage }
}

describe("the inbox pane's conversation read", () => {
  it("follows since_id while has_more: 450 messages in three pages, each once, in order", async () => {
    const { asked, fetchPage } = route(450)
    const detail = await fetchConversationSince(fetchPage, 0)
    expect(asked).toEqual([0, 200, 400])
    expect(detail.messages.map((item) => item.message_id)).toEqual(Array.from({ length: 450 }, (_, index) => index + 1))
    expect(detail.has_more).toBe(false)
  })

  it("asks once when the first page is the last, and resumes after what it holds", async () => {
    const { asked, fetchPage } = route(450)
    const detail = await fetchConversationSince(fetchPage, 420)
    expect(asked).toEqual([420])
    expect(detail.messages.map((item) => item.message_id)).toEqual(Array.from({ length: 30 }, (_, index) => 421 + index))
  })
})
