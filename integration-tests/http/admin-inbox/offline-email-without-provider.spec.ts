import { medusaIntegrationTestRunner } from "../../utils/medusa-runner"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createAdmin, type AdminCredentials } from "../../utils/admin"
import { chatModule, storedConversation } from "../../utils/chat"
import { createPublishableKey } from "../../utils/store"
import { VisitorClient } from "../../utils/visitor-client"

jest.setTimeout(120 * 1000)

// Read by medusa-config.ts when the runner loads it: a host with no `email` provider.
process.env.LAUNCHDESK_TEST_NO_EMAIL_PROVIDER = "1"

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let admin: AdminCredentials

    // Before the runner's snapshot: every test starts from a database that holds this admin.
    beforeAll(async () => {
      admin = await createAdmin(api, getContainer())
    })

    it("a reply to an offline visitor succeeds and the email is skipped with one log line", async () => {
      const container = getContainer()
      const shopper = new VisitorClient(api, await createPublishableKey(container))
      const { data } = await shopper.session()
      await shopper.send({ message: "hello?" })
      await shopper.email({ email: "gone@example.com" })
      await chatModule(container).updateConversations({
        id: data.conversation_id,
        last_seen_at: new Date(Date.now() - 10 * 60 * 1000),
      })

      const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
      const info = jest.spyOn(logger, "info")
      const response = await api.post(
        "/admin/app/v1/reply",
        { conversation_id: data.conversation_id, message: "We are back!" },
        { headers: admin.bearer, validateStatus: () => true }
      )

      expect(response.status).toBe(200)
      const skipped = info.mock.calls.filter(([line]) => String(line).includes("offline reply email"))
      expect(skipped).toHaveLength(1)
      expect(String(skipped[0][0])).not.toContain("gone@example.com")
      expect(await container.resolve(Modules.NOTIFICATION).listNotifications({})).toHaveLength(0)
      // The claim is given back, so a configured provider later still gets to send.
      expect((await storedConversation(container, data.conversation_id)).last_email_sent_at).toBeNull()
      info.mockRestore()
    })

    it("the admin's settings say up front that this store cannot send email", async () => {
      for (const path of ["/admin/app/v1/settings", "/admin/coming-soon/settings"]) {
        const { status, data } = await api.get(path, { headers: admin.bearer, validateStatus: () => true })
        expect([path, status, data.can_send_email]).toEqual([path, 200, false])
      }
    })
  },
})
