import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { CHAT_EVENTS } from "../../src/chat/events"
import type { ChatSignals } from "../../src/modules/support-chat/runtime/chat-signals"
import { SUPPORT_CHAT_MODULE, type SupportChatModuleService } from "../../src/modules/support-chat"
import type { VisitorClient } from "./visitor-client"
import { waitFor } from "./wait-for"

export const chatModule = (container: MedusaContainer) =>
  container.resolve<SupportChatModuleService>(SUPPORT_CHAT_MODULE)

/** The stored conversation row (integer ids are looked up by filter). */
export async function storedConversation(container: MedusaContainer, id: number) {
  const [conversation] = await chatModule(container).listConversations({ id })
  if (!conversation) {
    throw new Error(`conversation ${id} not found`)
  }
  return conversation
}

/** An event a spec recorded from the event bus. */
export type RecordedEvent = { name: string; data: Record<string, unknown> }

/**
 * The named events as the app's event bus emits them, in `events`. `startEach` goes in a
 * `beforeEach`: it empties the record, and subscribes the first time (the app, and so its
 * event bus, outlives the tests).
 */
export function eventRecorder(names: string[]) {
  const events: RecordedEvent[] = []
  let subscribed = false
  return {
    events,
    startEach(container: MedusaContainer) {
      events.length = 0
      if (subscribed) return
      const eventBus = container.resolve(Modules.EVENT_BUS)
      for (const name of names) {
        eventBus.subscribe(name, async (event: RecordedEvent) => {
          events.push({ name: event.name, data: event.data })
        })
      }
      subscribed = true
    },
  }
}

/**
 * What a reply from staff (the admin or the team-chat bridge) leaves behind: it ends the
 * visitor's next poll with its sender and author, the conversation is open again, and one
 * message-created event names it.
 */
export async function expectReplyDelivered(
  container: MedusaContainer,
  { shopper, conversationId, events }: { shopper: VisitorClient; conversationId: number; events: RecordedEvent[] },
  reply: { message_id: number; sender: "agent" | "bridge"; author_name: string; message: string }
) {
  const { data } = await shopper.poll(0)
  expect(data.messages.at(-1)).toMatchObject(reply)
  expect((await storedConversation(container, conversationId)).status).toBe("open")
  const emitted = await waitFor(
    () => events.filter((event) => event.name === CHAT_EVENTS.MESSAGE_CREATED && event.data.sender === reply.sender),
    (found) => found.length > 0
  )
  expect(emitted).toEqual([
    {
      name: CHAT_EVENTS.MESSAGE_CREATED,
      data: { conversation_id: conversationId, message_id: reply.message_id, sender: reply.sender },
    },
  ])
}

/**
 * Resolves once a typing or read signal reaches every one of `processes`. The runner re-creates
 * the database before each test, which ends every connection, LISTEN included; a signal sent
 * before a listener is back is gone (signals have no history), so specs about them wait here.
 */
export async function untilSignalsFlow(processes: Pick<ChatSignals, "send" | "watch">[], timeoutMs = 15_000) {
  // Conversation 0 never exists: a probe shows nowhere.
  const heard = new Set<number>()
  const stops = processes.map((signals, index) => signals.watch(0, () => heard.add(index)))
  const deadline = Date.now() + timeoutMs
  try {
    while (heard.size < processes.length) {
      if (Date.now() > deadline) throw new Error(`signals reached ${heard.size} of ${processes.length} processes`)
      // Sending fails too while the database is being re-created.
      await processes[0].send({ conversation_id: 0, side: "visitor", kind: "typing", typing: false }).catch(() => undefined)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  } finally {
    stops.forEach((stop) => stop())
  }
}
