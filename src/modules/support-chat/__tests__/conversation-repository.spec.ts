import { createHash } from "node:crypto"
import { moduleIntegrationTestRunner } from "@medusajs/test-utils"
import { SUPPORT_CHAT_MODULE } from ".."
import type SupportChatModuleService from "../service"
import { ConversationRepository } from "../sql/conversation-repository"
import { knexRunner } from "../../../shared/sql"

jest.setTimeout(60 * 1000)

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

moduleIntegrationTestRunner<SupportChatModuleService>({
  moduleName: SUPPORT_CHAT_MODULE,
  resolve: "./src/modules/support-chat",
  testSuite: ({ service, MikroOrmWrapper }) => {
    it("keeps the locale a conversation was started in, and the latest one its shopper came back with", async () => {
      const store = await service.conversations()
      const created = await store.createConversation("l".repeat(43), null, null, false, "fr")
      expect(created.locale).toBe("fr")
      await store.setLocale(created.conversation_id, "de")
      expect((await store.findConversationByVisitor("l".repeat(43)))?.locale).toBe("de")
    })

    it("creates, finds and moves conversations", async () => {
      const store = await service.conversations()
      const created = await store.createConversation("h".repeat(43), "https://shop.test/")
      expect(created).toEqual({
        conversation_id: expect.any(Number),
        visitor_hash: "h".repeat(43),
        status: "open",
        email: null,
        customer_id: null,
        staff_read_up_to: null,
        locale: null,
      })
      expect(await store.findConversationByVisitor("h".repeat(43))).toEqual(created)
      expect(await store.findConversationByVisitor("x".repeat(43))).toBeNull()
      // Only the digest is stored: a copy of the table opens nobody's chat.
      const [stored] = await service.listConversations({ id: created.conversation_id })
      expect(stored.visitor_hash).toBe(createHash("sha256").update("h".repeat(43)).digest("hex"))

      const message = await store.insertMessage({
        conversation_id: created.conversation_id,
        sender: "visitor",
        message: "hello",
        next_status: "waiting",
      })
      expect(message).toEqual(expect.objectContaining({ conversation_id: created.conversation_id, sender: "visitor" }))
      expect((await service.listConversations({ id: created.conversation_id }))[0].status).toBe("waiting")

      await store.insertMessage({ conversation_id: created.conversation_id, sender: "auto", message: "auto" })
      expect((await service.listConversations({ id: created.conversation_id }))[0].status).toBe("waiting")
    })

    it("refuses a message for a conversation that does not exist", async () => {
      const store = await service.conversations()
      expect(await store.insertMessage({ conversation_id: 999999, sender: "agent", message: "lost" })).toBeNull()
      expect(await service.listMessages({})).toHaveLength(0)
    })

    it("hands out message ids in commit order within a conversation", async () => {
      const store = await service.conversations()
      const { conversation_id } = await store.createConversation("c".repeat(43), null)
      const knex = MikroOrmWrapper.forkManager().getKnex()

      // An agent reply whose transaction is still open when the visitor writes.
      const trx = await knex.transaction()
      const early = await new ConversationRepository(knexRunner(trx)).insertMessage({
        conversation_id,
        sender: "agent",
        message: "drawn first, committed late",
      })
      let laterCommitted = false
      const later = store
        .insertMessage({ conversation_id, sender: "visitor", message: "second" })
        .then((row) => ((laterCommitted = true), row))

      await settle(300)
      // The second writer waits for the first, so no poller can see it while a smaller id is missing.
      expect(laterCommitted).toBe(false)
      expect((await store.messagesForVisitor("c".repeat(43), 0)).messages).toEqual([])

      await trx.commit()
      const second = await later
      expect(second!.message_id).toBeGreaterThan(early!.message_id)
      const polled = await store.messagesForVisitor("c".repeat(43), 0)
      expect(polled.messages.map((m) => m.message_id)).toEqual([early!.message_id, second!.message_id])
    })

    it("polls only the visitor's own conversation, newer than since_id", async () => {
      const store = await service.conversations()
      const mine = await store.createConversation("m".repeat(43), null)
      const theirs = await store.createConversation("t".repeat(43), null)
      const first = await store.insertMessage({ conversation_id: mine.conversation_id, sender: "visitor", message: "1" })
      await store.insertMessage({ conversation_id: theirs.conversation_id, sender: "visitor", message: "not mine" })
      const second = await store.insertMessage({ conversation_id: mine.conversation_id, sender: "agent", message: "2" })

      const polled = await store.messagesForVisitor("m".repeat(43), first!.message_id)
      expect(polled.conversation?.conversation_id).toBe(mine.conversation_id)
      expect(polled.messages.map((m) => m.message_id)).toEqual([second!.message_id])
      expect((await store.messagesForVisitor("n".repeat(43), 0)).conversation).toBeNull()
    })

    it("returns the newest messages oldest first", async () => {
      const store = await service.conversations()
      const { conversation_id } = await store.createConversation("l".repeat(43), null)
      for (const text of ["a", "b", "c", "d"]) {
        await store.insertMessage({ conversation_id, sender: "visitor", message: text })
      }
      const latest = await store.latestMessages(conversation_id, 2)
      expect(latest.messages.map((m) => m.message)).toEqual(["c", "d"])
      expect(latest.has_more).toBe(true)
      expect((await store.latestMessages(conversation_id, 4)).has_more).toBe(false)
    })

    it("refreshes last_seen_at only when it went stale", async () => {
      const store = await service.conversations()
      const { conversation_id } = await store.createConversation("s".repeat(43), null)
      await store.touchVisitorSeen(conversation_id, 20)
      const first = (await service.listConversations({ id: conversation_id }))[0].last_seen_at
      await store.touchVisitorSeen(conversation_id, 20)
      expect((await service.listConversations({ id: conversation_id }))[0].last_seen_at).toEqual(first)
    })

    it("refreshes last_seen_at of many conversations in one statement, the stale ones only", async () => {
      const store = await service.conversations()
      const stale = await store.createConversation("t".repeat(43), null)
      const fresh = await store.createConversation("u".repeat(43), null)
      const other = await store.createConversation("v".repeat(43), null)
      await store.touchVisitorSeen(fresh.conversation_id, 20)
      const seenAt = async (id: number) => (await service.listConversations({ id }))[0].last_seen_at
      const freshAt = await seenAt(fresh.conversation_id)

      await store.touchVisitorsSeen([stale.conversation_id, fresh.conversation_id], 20)
      expect(await seenAt(stale.conversation_id)).toBeInstanceOf(Date)
      expect(await seenAt(fresh.conversation_id)).toEqual(freshAt)
      expect(await seenAt(other.conversation_id)).toBeNull()
      await store.touchVisitorsSeen([], 20)
    })
  },
})
