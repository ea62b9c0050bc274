import { medusaIntegrationTestRunner } from "../../utils/medusa-runner"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import sendWaitingAlerts, { config as waitingAlertJob } from "../../../src/jobs/send-waiting-alerts"
import {
  WAITING_ALERT_BATCH_SCOPE,
  WAITING_ALERT_EMAIL_SCOPE,
  WAITING_ALERT_TEMPLATE,
  WAITING_DIGEST_TEMPLATE,
  type WaitingAlertData,
  type WaitingDigestData,
} from "../../../src/chat/waiting-alert"
import type { SupportChatOptions } from "../../../src/modules/support-chat/types"
import { createAdmin, type AdminCredentials } from "../../utils/admin"
import { chatModule } from "../../utils/chat"
import { emailDouble } from "../../utils/email-double"
import { createPublishableKey } from "../../utils/store"
import { VisitorClient } from "../../utils/visitor-client"
import { freshLimitWindow } from "../../utils/limit-window"
import { takeOffSchedule } from "../../utils/schedule"

jest.setTimeout(180 * 1000)

// Read by medusa-config.ts when the runner loads it: alerts after 5 minutes, the email double as provider.
const AFTER_MINUTES = 5
process.env.LAUNCHDESK_TEST_WAITING_ALERT_MINUTES = String(AFTER_MINUTES)
process.env.LAUNCHDESK_TEST_EMAIL_DOUBLE = "1"

const AGENT_EMAIL = "ada@launchdesk.test"
const TEAM_ADDRESS = "support-team@shop.example"

type WaitRow = {
  status: string
  waiting_since: Date | null
  waiting_alert_sent_at: Date | null
  waiting_alert_attempts: number
}

// The `waitingAlert` option (issue 18): one email per wait, to the team address or the assigned agent.
medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let admin: AdminCredentials
    let publishableKey: string
    let visitors = 0

    const knex = () => getContainer().resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION)
    const runJob = () => sendWaitingAlerts(getContainer())
    const alerts = () => emailDouble().sent.filter((email) => email.template === WAITING_ALERT_TEMPLATE)
    const digests = () => emailDouble().sent.filter((email) => email.template === WAITING_DIGEST_TEMPLATE)
    /** The alerts as the Notification module stored them (whom they were for). */
    const storedAlerts = () =>
      getContainer().resolve(Modules.NOTIFICATION).listNotifications({ template: WAITING_ALERT_TEMPLATE })
    const waitOf = async (conversationId: number): Promise<WaitRow> =>
      (await knex()("chat_conversation")
        .where({ id: conversationId })
        .first("status", "waiting_since", "waiting_alert_sent_at", "waiting_alert_attempts")) as WaitRow
    /** Makes the current wait `minutes` old, as if the visitor had written then. */
    const ageWait = (conversationId: number, minutes: number) =>
      knex().raw(`UPDATE chat_conversation SET waiting_since = now() - make_interval(mins => ?) WHERE id = ?`, [
        minutes,
        conversationId,
      ])
    const post = (route: string, body: unknown) =>
      api.post(`/admin/app/v1${route}`, body, { headers: admin.bearer, validateStatus: () => true })

    /** A visitor (an address of their own, clear of the per-IP limits) who wrote `text`: the conversation waits. */
    async function waitingConversation(text: string, assignTo?: string) {
      const visitor = new VisitorClient(api, publishableKey, `198.51.100.${++visitors}`)
      expect((await visitor.session()).status).toBe(200)
      const sent = await visitor.send({ message: text })
      expect(sent.status).toBe(200)
      const conversationId = sent.data.conversation_id as number
      if (assignTo) expect((await post(`/assign/${conversationId}`, { assigned_to: assignTo })).status).toBe(200)
      return { visitor, conversationId }
    }

    /** The option for one test (read on every run); batching off unless the case is about it. */
    function useAlerts(option: Omit<NonNullable<SupportChatOptions["waitingAlert"]>, "afterMinutes">) {
      chatModule(getContainer()).options.waitingAlert = { afterMinutes: AFTER_MINUTES, batchMinutes: 0, ...option }
    }
    const useTeamAddress = (to: string | undefined) => useAlerts({ to })

    /** The windows of `scope` end, as if their time had passed: their counters go, and the waits they held are due. */
    async function endWindows(scope: string) {
      await knex()("launchdesk_rate_limit_window").where("id", "like", `${scope}:%`).delete()
      await knex().raw(`UPDATE chat_conversation SET waiting_alert_claimed_until = now() WHERE waiting_alert_claimed_until > now()`)
    }
    const heldWaits = async () =>
      (await knex()("chat_conversation")
        .whereNull("waiting_alert_sent_at")
        .whereRaw("waiting_alert_claimed_until > now()")
        .pluck("id")) as number[]
    const digestIds = (email: { data?: unknown }) =>
      (email.data as WaitingDigestData).conversations.map((conversation) => conversation.conversation_id)

    // Before the runner's snapshot: every test starts from a database that holds this admin.
    beforeAll(async () => {
      admin = await createAdmin(api, getContainer())
      // The cases run the job themselves: a scheduled run at the minute would take a share of
      // the waits (and the batching window) between a case's runs.
      await takeOffSchedule(waitingAlertJob)
    })

    beforeEach(async () => {
      publishableKey = await createPublishableKey(getContainer())
      emailDouble().sent.length = 0
      emailDouble().failing.clear()
      useTeamAddress(undefined)
    })

    it("emails the assigned agent once the wait passes the minutes, once per wait even with two runs racing", async () => {
      const { visitor, conversationId } = await waitingConversation("Where is my parcel?", admin.userId)
      const started = await waitOf(conversationId)
      expect(started).toMatchObject({ status: "waiting", waiting_since: expect.any(Date), waiting_alert_sent_at: null })

      await runJob()
      await ageWait(conversationId, AFTER_MINUTES - 1)
      await runJob()
      expect(alerts()).toHaveLength(0)

      // A second message in the same wait neither restarts it nor alerts by itself.
      expect((await visitor.send({ message: "Order #7731, shipped Monday" })).status).toBe(200)
      await ageWait(conversationId, AFTER_MINUTES + 1)
      const { waiting_since } = await waitOf(conversationId)
      await Promise.all([runJob(), runJob()])
      await runJob()

      expect(alerts()).toHaveLength(1)
      const [email] = alerts()
      expect(email.to).toBe(AGENT_EMAIL)
      expect(email.channel).toBe("email")
      expect(email.data as WaitingAlertData).toEqual({
        conversation_id: conversationId,
        waiting_since: waiting_since!.toISOString(),
        // The test app serves no dashboard: no address to link to.
        admin_url: null,
        last_message: "Order #7731, shipped Monday",
        // The store's default language: no languages set, English.
        locale: "en",
      })
      expect(await waitOf(conversationId)).toMatchObject({ waiting_alert_sent_at: expect.any(Date), waiting_alert_attempts: 1 })
      expect(await storedAlerts()).toEqual([
        expect.objectContaining({ receiver_id: admin.userId, resource_type: "chat_conversation", resource_id: String(conversationId) }),
      ])
    })

    it("two claims racing in separate connections never take the same wait", async () => {
      const { conversationId } = await waitingConversation("Anyone there?", admin.userId)
      await ageWait(conversationId, AFTER_MINUTES + 1)
      const store = await chatModule(getContainer()).waitingAlerts()
      const query = { afterSeconds: AFTER_MINUTES * 60, assignedOnly: true, limit: 10, leaseSeconds: 300 }
      const claims = await Promise.all(Array.from({ length: 4 }, () => store.claimDue(query)))
      expect(claims.flat().map((claim) => claim.conversation_id)).toEqual([conversationId])
      // Claimed but not sent: a run now finds nothing until the lease ends.
      await runJob()
      expect(alerts()).toHaveLength(0)
      expect((await waitOf(conversationId)).waiting_alert_sent_at).toBeNull()
    })

    it("alerts again for the next wait once the conversation was answered", async () => {
      const { visitor, conversationId } = await waitingConversation("Do you ship to Norway?", admin.userId)
      await ageWait(conversationId, AFTER_MINUTES + 1)
      await runJob()
      expect(alerts()).toHaveLength(1)

      expect((await post("/reply", { conversation_id: conversationId, message: "We do, 3-5 days." })).status).toBe(200)
      expect(await waitOf(conversationId)).toMatchObject({ status: "open", waiting_since: null })
      await runJob()

      expect((await visitor.send({ message: "And the cost?" })).status).toBe(200)
      expect(await waitOf(conversationId)).toMatchObject({ status: "waiting", waiting_alert_sent_at: null })
      await runJob()
      expect(alerts()).toHaveLength(1)
      await ageWait(conversationId, AFTER_MINUTES + 1)
      await runJob()
      expect(alerts().map((email) => (email.data as WaitingAlertData).last_message)).toEqual([
        "Do you ship to Norway?",
        "And the cost?",
      ])

      // Closed without an answer and written to again: a new wait as well.
      expect((await post(`/close/${conversationId}`, {})).status).toBe(200)
      expect((await visitor.send({ message: "Hello again" })).status).toBe(200)
      await ageWait(conversationId, AFTER_MINUTES + 1)
      await runJob()
      expect(alerts()).toHaveLength(3)
    })

    it("without a team address an unassigned wait emails nobody; with one, the team address gets it", async () => {
      const { conversationId } = await waitingConversation("Is the lamp dimmable?")
      await ageWait(conversationId, AFTER_MINUTES + 1)
      await runJob()
      expect(alerts()).toHaveLength(0)
      // Not even claimed: assigned later in the same wait, the agent still hears of it.
      expect(await waitOf(conversationId)).toMatchObject({ waiting_alert_sent_at: null, waiting_alert_attempts: 0 })

      useTeamAddress(TEAM_ADDRESS)
      const assigned = await waitingConversation("Can I pick it up in store?", admin.userId)
      await ageWait(assigned.conversationId, AFTER_MINUTES + 1)
      await runJob()
      // The team address wins over the assigned agent; both waits, due in one run, share one email.
      expect(alerts()).toHaveLength(0)
      expect(digests().map((email) => email.to)).toEqual([TEAM_ADDRESS])
      expect(digestIds(digests()[0]).sort()).toEqual([conversationId, assigned.conversationId].sort())
      const stored = await getContainer().resolve(Modules.NOTIFICATION).listNotifications({ template: WAITING_DIGEST_TEMPLATE })
      expect(stored.map((notification) => notification.receiver_id)).toEqual([null])
    })

    it("a flood of waits sends one digest per batching window, not an email each, also with runs racing", async () => {
      // An hour's batching window, with room left in it for the whole case.
      useAlerts({ to: TEAM_ADDRESS, batchMinutes: 60 })
      await freshLimitWindow(3600, 180)
      const longMessage = `Hello,\nI need help with my order.\n\n${"Please answer. ".repeat(30)}`
      const flood: number[] = []
      for (let i = 0; i < 8; i++) {
        const { conversationId } = await waitingConversation(i === 0 ? longMessage : `Question ${i}`)
        await ageWait(conversationId, AFTER_MINUTES + 10 - i)
        flood.push(conversationId)
      }
      await runJob()
      expect(alerts()).toHaveLength(0)
      expect(digests()).toHaveLength(1)
      const [digest] = digests()
      expect(digest.to).toBe(TEAM_ADDRESS)
      const data = digest.data as WaitingDigestData
      expect(data.count).toBe(8)
      expect(data.locale).toBe("en")
      // Oldest wait first, each as a single alert names it.
      expect(digestIds(digest)).toEqual(flood)
      expect(data.conversations[1]).toEqual({
        conversation_id: flood[1],
        waiting_since: (await waitOf(flood[1])).waiting_since!.toISOString(),
        admin_url: null,
        last_message: "Question 1",
        locale: "en",
      })
      // The shopper's words only as a one-line preview, cut short.
      const preview = data.conversations[0].last_message!
      expect(preview.startsWith("Hello, I need help with my order. Please answer.")).toBe(true)
      expect([...preview].length).toBeGreaterThan(130)
      expect([...preview].length).toBeLessThanOrEqual(140)
      expect(preview.endsWith("…")).toBe(true)
      expect(preview).not.toContain("\n")
      const storedDigests = await getContainer().resolve(Modules.NOTIFICATION).listNotifications({ template: WAITING_DIGEST_TEMPLATE })
      expect(storedDigests).toEqual([expect.objectContaining({ receiver_id: null, resource_type: "chat_conversation", resource_id: String(flood[0]) })])

      // Waits due inside the window are held, unalerted, by every run.
      const later: number[] = []
      for (let i = 0; i < 3; i++) {
        const { conversationId } = await waitingConversation(`Later ${i}`)
        await ageWait(conversationId, AFTER_MINUTES + 3 - i)
        later.push(conversationId)
      }
      await Promise.all([runJob(), runJob()])
      await runJob()
      expect(emailDouble().sent).toHaveLength(1)
      expect((await heldWaits()).sort()).toEqual([...later].sort())

      // The next window: one digest with all of them.
      await endWindows(WAITING_ALERT_BATCH_SCOPE)
      await runJob()
      expect(digests()).toHaveLength(2)
      expect(digestIds(digests()[1])).toEqual(later)
      for (const id of [...flood, ...later]) expect((await waitOf(id)).waiting_alert_sent_at).toEqual(expect.any(Date))
    })

    it("caps a recipient's emails per window; the waits it holds back go out together once the window allows", async () => {
      useAlerts({ batchMinutes: 0, emailLimit: { max: 2, windowSeconds: 3600 } })
      await freshLimitWindow(3600, 180)
      const waits: number[] = []
      for (let i = 0; i < 4; i++) {
        const { conversationId } = await waitingConversation(`Wait ${i}`, admin.userId)
        await ageWait(conversationId, AFTER_MINUTES + 1)
        waits.push(conversationId)
        await runJob()
      }
      expect(alerts().map((email) => (email.data as WaitingAlertData).conversation_id)).toEqual(waits.slice(0, 2))
      expect(digests()).toHaveLength(0)
      expect((await heldWaits()).sort()).toEqual(waits.slice(2).sort())
      // Held until the hour's window ends, not retried every minute.
      const holds = (await knex()("chat_conversation")
        .whereIn("id", waits.slice(2))
        .select(knex().raw(`waiting_alert_claimed_until > now() + interval '1 minute' AS later`))) as { later: boolean }[]
      expect(holds).toEqual([{ later: true }, { later: true }])

      await endWindows(WAITING_ALERT_EMAIL_SCOPE)
      await runJob()
      expect(digests()).toHaveLength(1)
      expect(digests()[0].to).toBe(AGENT_EMAIL)
      expect(digestIds(digests()[0])).toEqual(waits.slice(2))
      expect(emailDouble().sent).toHaveLength(3)
    })

    it("a failing email provider loses no alert: the next run sends it, once", async () => {
      const { conversationId } = await waitingConversation("My discount code fails", admin.userId)
      await ageWait(conversationId, AFTER_MINUTES + 1)
      emailDouble().failing.add(AGENT_EMAIL)
      const logger = getContainer().resolve(ContainerRegistrationKeys.LOGGER)
      const warn = jest.spyOn(logger, "warn")
      try {
        await runJob()
        await runJob()
        expect(alerts()).toHaveLength(0)
        expect(await waitOf(conversationId)).toMatchObject({ waiting_alert_sent_at: null, waiting_alert_attempts: 2 })
        // One line per run with the count, not one per conversation.
        const failures = warn.mock.calls.map(([line]) => String(line)).filter((line) => line.includes("waiting alerts failed"))
        expect(failures).toEqual([
          expect.stringMatching(/^launchdesk: 1 waiting alerts failed in this run: [\s\S]*550 mailbox unavailable/),
          expect.stringMatching(/^launchdesk: 1 waiting alerts failed in this run: [\s\S]*550 mailbox unavailable/),
        ])
      } finally {
        warn.mockRestore()
      }

      emailDouble().failing.clear()
      await runJob()
      await runJob()
      expect(alerts().map((email) => email.to)).toEqual([AGENT_EMAIL])
      expect(await waitOf(conversationId)).toMatchObject({ waiting_alert_sent_at: expect.any(Date), waiting_alert_attempts: 3 })
    })
  },
})
