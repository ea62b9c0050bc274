// Where chat files are stored and for how long: random keys outside what Medusa serves publicly,
// racing uploads, the per-address daily budget and the expiry of unsent uploads.
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { medusaIntegrationTestRunner } from "../../utils/medusa-runner"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { IFileModuleService } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createPublishableKey } from "../../utils/store"
import { VisitorClient } from "../../utils/visitor-client"
import expireUnsentAttachments from "../../../src/jobs/expire-unsent-attachments"
import { secondsToNextUtcDay } from "../../../src/modules/launchdesk/sql/daily-quota-repository"

jest.setTimeout(120 * 1000)

// Read by medusa-config.ts: Medusa's local File provider with its private files outside static/
// (what the README tells a store to do), and a daily budget of three 1,000-byte files per address.
const PRIVATE_DIR = mkdtempSync(path.join(tmpdir(), "launchdesk-private-uploads-"))
process.env.LAUNCHDESK_TEST_PRIVATE_UPLOAD_DIR = PRIVATE_DIR
const FILE_BYTES = 1000
process.env.LAUNCHDESK_TEST_ATTACHMENT_DAILY_BYTES = String(3 * FILE_BYTES)

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
/** A file the upload takes for a PNG, of FILE_BYTES bytes, told apart by `tag`. */
const png = (tag: string) =>
  Buffer.concat([PNG_SIGNATURE, Buffer.from(tag.padEnd(FILE_BYTES - PNG_SIGNATURE.length, "."))])

type Uploaded = { attachment_id: number }

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let publishableKey: string
    const knex = () => getContainer().resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION)
    const fileModule = () => getContainer().resolve<IFileModuleService>(Modules.FILE)
    const fileIdOf = async (attachmentId: number) =>
      (await knex().raw(`SELECT file_id FROM chat_attachment WHERE id = ?`, [attachmentId])).rows[0]?.file_id as string | undefined
    const attachmentIds = async (conversationId: number) =>
      (await knex().raw(`SELECT id FROM chat_attachment WHERE conversation_id = ? ORDER BY id`, [conversationId])).rows.map(
        (row: { id: number }) => row.id
      )

    let nextIp = 1
    const startedShopper = async (ip = `198.51.100.${nextIp++ % 250}`) => {
      const client = new VisitorClient(api, publishableKey, ip)
      const { data } = await client.session()
      return { client, conversationId: data.conversation_id as number }
    }
    const uploadOk = async (client: VisitorClient, bytes: Buffer, name = "photo.png") => {
      const response = await client.upload({ name, bytes })
      expect({ status: response.status, body: response.data }).toEqual({ status: 200, body: expect.any(Object) })
      return response.data as Uploaded
    }
    const downloaded = async (client: VisitorClient, attachmentId: number) => {
      const response = await client.download(`/store/app/v1/attachments/${attachmentId}`)
      return { status: response.status, bytes: response.status === 200 ? Buffer.from(response.data) : null }
    }
    const unauthenticatedStatus = async (url: string) => (await api.get(url, { validateStatus: () => true })).status

    beforeEach(async () => {
      publishableKey = await createPublishableKey(getContainer())
    })

    afterAll(() => rmSync(PRIVATE_DIR, { recursive: true, force: true }))

    it("stores a file under a random key, outside the static/ folder Medusa serves without authentication", async () => {
      const { client } = await startedShopper()
      const bytes = png("secret")
      const { attachment_id } = await uploadOk(client, bytes, "my-passport.png")
      const key = await fileIdOf(attachment_id)
      // 128 random bits behind the local provider's own prefix: no conversation id, no client name.
      expect(key).toMatch(/^private-\d+-[0-9a-f]{32}\.png$/)
      expect(existsSync(path.join(PRIVATE_DIR, key!))).toBe(true)
      expect(existsSync(path.join(process.cwd(), "static", key!))).toBe(false)

      // Neither the URL the provider reports nor the key under /static reaches the file.
      const reported = (await fileModule().retrieveFile(key!)).url
      expect(await unauthenticatedStatus(new URL(reported).pathname)).toBe(404)
      expect(await unauthenticatedStatus(`/static/${encodeURIComponent(key!)}`)).toBe(404)
      // The plugin's route stays the way to it, for its owner.
      expect(await downloaded(client, attachment_id)).toEqual({ status: 200, bytes })
    })

    it("keeps every one of many uploads racing within the same milliseconds, each with its own bytes", async () => {
      const { client } = await startedShopper()
      // Several addresses share the cookie so the per-IP limits stay out of the way.
      const racers = Array.from({ length: 8 }, (_, i) => {
        const racer = new VisitorClient(api, publishableKey, `192.0.2.${i + 20}`)
        racer.visitorHash = client.visitorHash
        return { racer, bytes: png(`racer ${i}`) }
      })
      const uploads = await Promise.all(racers.map(({ racer, bytes }) => uploadOk(racer, bytes)))
      const keys = await Promise.all(uploads.map((upload) => fileIdOf(upload.attachment_id)))
      expect(new Set(keys).size).toBe(racers.length)
      for (const [i, upload] of uploads.entries()) {
        expect(await downloaded(client, upload.attachment_id)).toEqual({ status: 200, bytes: racers[i].bytes })
      }
    })

    it("caps an address's upload bytes per UTC day across sessions: a new session gets a 429 with Retry-After", async () => {
      // The budget is the day's: a case that starts in its last seconds would end in the next.
      const left = secondsToNextUtcDay()
      if (left < 30) await new Promise((resolve) => setTimeout(resolve, (left + 1) * 1000))
      const ip = "203.0.113.91"
      const first = await startedShopper(ip)
      await uploadOk(first.client, png("one"))
      await uploadOk(first.client, png("two"))
      // A file of the wrong type is refused before it counts.
      expect((await first.client.upload({ name: "x.html", bytes: Buffer.from("<html></html>") })).status).toBe(400)

      const second = await startedShopper(ip)
      await uploadOk(second.client, png("three"))
      const filesBefore = readdirSync(PRIVATE_DIR).length
      const refused = await second.client.upload({ name: "four.png", bytes: png("four") })
      expect({ status: refused.status, body: refused.data }).toEqual({
        status: 429,
        body: { type: "too_many_requests", message: expect.stringContaining("today") },
      })
      // Retry-After runs to the next UTC midnight.
      expect(Math.abs(Number(refused.headers["retry-after"]) - secondsToNextUtcDay())).toBeLessThanOrEqual(5)
      const third = await startedShopper(ip)
      expect((await third.client.upload({ name: "five.png", bytes: png("five") })).status).toBe(429)
      // Refused uploads stored nothing.
      expect(await attachmentIds(second.conversationId)).toHaveLength(1)
      expect(await attachmentIds(third.conversationId)).toHaveLength(0)
      expect(readdirSync(PRIVATE_DIR)).toHaveLength(filesBefore)

      // Another address has its own budget.
      const elsewhere = await startedShopper("203.0.113.92")
      await uploadOk(elsewhere.client, png("elsewhere"))
    })

    it("deletes unsent uploads once they expire, from the File module and the table, and keeps sent ones", async () => {
      const { client, conversationId } = await startedShopper()
      const sent = await uploadOk(client, png("sent"))
      const expired = await uploadOk(client, png("expired"))
      const recent = await uploadOk(client, png("recent"))
      expect((await client.send({ message: "", attachment_ids: [sent.attachment_id] })).status).toBe(200)
      const expiredKey = (await fileIdOf(expired.attachment_id))!
      // Both older files pass the default 24 hours; the third was uploaded just now.
      await knex().raw(`UPDATE chat_attachment SET created_at = now() - interval '25 hours' WHERE id IN (?, ?)`, [
        sent.attachment_id,
        expired.attachment_id,
      ])

      await expireUnsentAttachments(getContainer())

      expect(await attachmentIds(conversationId)).toEqual([sent.attachment_id, recent.attachment_id])
      expect(existsSync(path.join(PRIVATE_DIR, expiredKey))).toBe(false)
      await expect(fileModule().getAsBuffer(expiredKey)).rejects.toThrow()
      expect((await downloaded(client, expired.attachment_id)).status).toBe(404)
      expect(await downloaded(client, sent.attachment_id)).toEqual({ status: 200, bytes: png("sent") })
      expect(await downloaded(client, recent.attachment_id)).toEqual({ status: 200, bytes: png("recent") })
      // A second run (another process's) finds nothing more to delete.
      await expireUnsentAttachments(getContainer())
      expect(await attachmentIds(conversationId)).toEqual([sent.attachment_id, recent.attachment_id])
    })
  },
})
