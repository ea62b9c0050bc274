// Over 300 lines on purpose: the attachments of issue 18 end to end (upload, send on both lanes, download, staff side) share one booted app.
import { medusaIntegrationTestRunner } from "../../utils/medusa-runner"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { AxiosResponse } from "axios"
import { createAdmin, type AdminCredentials } from "../../utils/admin"
import { createPublishableKey } from "../../utils/store"
import { attachmentForm, VisitorClient } from "../../utils/visitor-client"
import { fastLaneApi, LANES, fastLaneForSpec, type Lane } from "../../utils/fast-lane"
import { openSse } from "../../utils/sse"
import { freshLimitWindow } from "../../utils/limit-window"

jest.setTimeout(120 * 1000)

// Read by medusa-config.ts: files of at most 4 KB and 3 per conversation, so both limits show in a few requests.
const MAX_BYTES = 4096
process.env.LAUNCHDESK_TEST_ATTACHMENT_MAX_BYTES = String(MAX_BYTES)
process.env.LAUNCHDESK_TEST_ATTACHMENT_MAX_FILES = "3"

// A real 1×1 PNG, a minimal PDF, and what must never be accepted whatever its name.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64"
)
const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n")
const HTML = Buffer.from("<!doctype html><html><script>alert(document.cookie)</script></html>")
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>')
const EXE = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(200, 0x90)])

const invalid = { type: "invalid_data", message: expect.any(String) }
const attachmentShape = (id: number, name: string, mime: string, size: number, side: "store" | "admin") => ({
  attachment_id: id,
  name,
  mime,
  size,
  url: `/${side}/app/v1/attachments/${id}`,
})

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer, dbConfig }) => {
    let publishableKey: string
    let admin: AdminCredentials
    const fastLane = fastLaneForSpec(dbConfig)
    const knex = () => getContainer().resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION)
    const attachmentRows = async (conversationId: number) =>
      (await knex().raw(`SELECT id, message_id, uploader, name, mime, size FROM chat_attachment WHERE conversation_id = ? ORDER BY id`, [conversationId])).rows
    const messageCount = async (conversationId: number) =>
      Number((await knex().raw(`SELECT count(*) AS n FROM chat_message WHERE conversation_id = ?`, [conversationId])).rows[0].n)

    // Each shopper its own address unless a test says otherwise: the per-IP limit stays out of the way.
    let nextIp = 1
    const shopper = (laneApi = api) => new VisitorClient(laneApi, publishableKey, `198.51.100.${nextIp++ % 250}`)
    const startedShopper = async (laneApi = api) => {
      const client = shopper(laneApi)
      const { data } = await client.session()
      return { client, conversationId: data.conversation_id as number }
    }
    const uploadOk = async (client: VisitorClient, file: { name: string; bytes: Buffer }) => {
      const response = await client.upload(file)
      expect({ status: response.status, body: response.data }).toEqual({ status: 200, body: expect.any(Object) })
      return response.data as { attachment_id: number; name: string; mime: string; size: number }
    }
    const staffUpload = (conversationId: number | string, file: { name: string; bytes: Buffer }) =>
      api.post(`/admin/app/v1/attachments?conversation_id=${conversationId}`, attachmentForm(file), {
        headers: admin.bearer,
        validateStatus: () => true,
      })

    // Before the runner's snapshot: every test starts from a database that holds this admin.
    beforeAll(async () => {
      admin = await createAdmin(api, getContainer())
    })

    beforeEach(async () => {
      publishableKey = await createPublishableKey(getContainer())
    })

    describe("POST /store/app/v1/attachments", () => {
      it("takes the type from the bytes: a PNG named .pdf is stored as image/png and named .png", async () => {
        const { client, conversationId } = await startedShopper()
        const response = await client.upload({ name: "../damage.pdf", bytes: PNG, type: "application/pdf" })
        expect(response.status).toBe(200)
        expect(response.data).toEqual({ attachment_id: expect.any(Number), name: "damage.png", mime: "image/png", size: PNG.length })
        expect(await attachmentRows(conversationId)).toEqual([
          { id: response.data.attachment_id, message_id: null, uploader: "visitor", name: "damage.png", mime: "image/png", size: PNG.length },
        ])
      })

      it.each([
        ["HTML", HTML, "photo.png", "image/png"],
        ["SVG", SVG, "photo.png", "image/svg+xml"],
        ["an executable", EXE, "invoice.pdf", "application/pdf"],
        ["plain text", Buffer.from("hello"), "note.png", "image/png"],
      ])("refuses %s whatever its name and declared type, and stores nothing", async (_what, bytes, name, type) => {
        const { client, conversationId } = await startedShopper()
        const response = await client.upload({ name, bytes, type })
        expect({ status: response.status, body: response.data }).toEqual({ status: 400, body: invalid })
        expect(await attachmentRows(conversationId)).toEqual([])
      })

      it("refuses an empty file, a file over the size limit, two files, another field and a JSON body with a 400", async () => {
        const { client, conversationId } = await startedShopper()
        const oversized = Buffer.concat([PNG, Buffer.alloc(MAX_BYTES, 1)])
        const answers = [
          await client.upload({ name: "empty.png", bytes: Buffer.alloc(0) }),
          await client.upload({ name: "big.png", bytes: oversized }),
          await client.upload([{ name: "a.png", bytes: PNG }, { name: "b.png", bytes: PNG }]),
          await client.upload({ name: "a.png", bytes: PNG }, "photo"),
          await api.post("/store/app/v1/attachments", { file: PNG.toString("base64") }, {
            headers: { ...client.headers(), "content-type": "application/json" },
            validateStatus: () => true,
          }),
        ]
        for (const response of answers) {
          expect({ status: response.status, body: response.data }).toEqual({ status: 400, body: invalid })
        }
        expect(answers[1].data.message).toContain("too large")
        expect(await attachmentRows(conversationId)).toEqual([])
        // At the limit exactly is still fine.
        const atLimit = Buffer.concat([PNG, Buffer.alloc(MAX_BYTES - PNG.length, 1)])
        expect((await client.upload({ name: "limit.png", bytes: atLimit })).data.size).toBe(MAX_BYTES)
      })

      it("answers 403 without a visitor cookie", async () => {
        const response = await shopper().upload({ name: "a.png", bytes: PNG })
        expect({ status: response.status, body: response.data }).toEqual({
          status: 403,
          body: { type: "not_allowed", message: expect.any(String) },
        })
      })

      it("limits uploads per IP (10 per minute) with a 429 and Retry-After", async () => {
        const ip = "203.0.113.77"
        const { client } = await startedShopper()
        const sameIp = new VisitorClient(api, publishableKey, ip)
        sameIp.visitorHash = client.visitorHash
        await freshLimitWindow()
        const statuses: number[] = []
        for (let i = 0; i < 10; i++) {
          statuses.push((await sameIp.upload({ name: "a.gif", bytes: Buffer.from("GIF89a....") })).status)
        }
        // Three fit the conversation's cap and the cap refuses the rest; the eleventh meets the limit.
        expect(statuses).toEqual([200, 200, 200, 400, 400, 400, 400, 400, 400, 400])
        const limited = await sameIp.upload({ name: "a.gif", bytes: Buffer.from("GIF89a....") })
        expect(limited.status).toBe(429)
        expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0)
      })

      it("caps the files of one conversation (3 in this spec) in the database", async () => {
        const { client, conversationId } = await startedShopper()
        // Racing uploads from several addresses: exactly the cap gets through.
        const racers = Array.from({ length: 6 }, (_, i) => {
          const racer = new VisitorClient(api, publishableKey, `192.0.2.${i + 10}`)
          racer.visitorHash = client.visitorHash
          return racer.upload({ name: `p${i}.png`, bytes: PNG })
        })
        const statuses = (await Promise.all(racers)).map((response) => response.status).sort()
        expect(statuses).toEqual([200, 200, 200, 400, 400, 400])
        expect(await attachmentRows(conversationId)).toHaveLength(3)
      })
    })

    describe("GET /store/app/v1/attachments/:id", () => {
      it("gives the owner the bytes: a PDF as a download, an image inline, both nosniff", async () => {
        const { client } = await startedShopper()
        const pdf = await uploadOk(client, { name: "Rechnung März.pdf", bytes: PDF })
        const png = await uploadOk(client, { name: "photo.png", bytes: PNG })

        const download = await client.download(`/store/app/v1/attachments/${pdf.attachment_id}`)
        expect(download.status).toBe(200)
        expect(Buffer.from(download.data).equals(PDF)).toBe(true)
        expect(download.headers["content-type"]).toBe("application/pdf")
        expect(download.headers["content-disposition"]).toBe(
          `attachment; filename="Rechnung M_rz.pdf"; filename*=UTF-8''Rechnung%20M%C3%A4rz.pdf`
        )
        expect(download.headers["x-content-type-options"]).toBe("nosniff")

        const image = await client.download(`/store/app/v1/attachments/${png.attachment_id}`)
        expect(Buffer.from(image.data).equals(PNG)).toBe(true)
        expect(image.headers["content-type"]).toBe("image/png")
        expect(image.headers["content-disposition"]).toMatch(/^inline; /)
        expect(image.headers["x-content-type-options"]).toBe("nosniff")
      })

      it("is a 404 for another visitor, an unknown or malformed id, and a 403 without a cookie", async () => {
        const { client } = await startedShopper()
        const file = await uploadOk(client, { name: "photo.png", bytes: PNG })
        const { client: other } = await startedShopper()
        for (const path of [`${file.attachment_id}`, "2147483647", "0", "abc", "99999999999"]) {
          const response = await other.download(`/store/app/v1/attachments/${path}`)
          expect({ path, status: response.status }).toEqual({ path, status: 404 })
          expect(JSON.parse(Buffer.from(response.data).toString())).toEqual({ type: "not_found", message: expect.any(String) })
        }
        expect((await shopper().download(`/store/app/v1/attachments/${file.attachment_id}`)).status).toBe(403)
      })
    })

    describe.each(LANES)("POST /store/app/v1/send with attachment_ids on the %s lane", (lane: Lane) => {
      const laneApi = () => (lane === "medusa" ? api : fastLaneApi(fastLane()))

      it("sends an attachments-only message that /session, /poll and the stream carry", async () => {
        // Uploads go to Medusa; the chat itself may run on the fast lane with the same cookie.
        const { client: uploader, conversationId } = await startedShopper()
        const photo = await uploadOk(uploader, { name: "photo.png", bytes: PNG })
        const pdf = await uploadOk(uploader, { name: "label.pdf", bytes: PDF })
        const sender = new VisitorClient(laneApi(), publishableKey, uploader.ip)
        sender.visitorHash = uploader.visitorHash

        const sent = await sender.send({ message: "", attachment_ids: [pdf.attachment_id, photo.attachment_id] })
        expect(sent.status).toBe(200)
        const attachments = [
          attachmentShape(photo.attachment_id, "photo.png", "image/png", PNG.length, "store"),
          attachmentShape(pdf.attachment_id, "label.pdf", "application/pdf", PDF.length, "store"),
        ]
        const expected = {
          message_id: sent.data.message_id,
          conversation_id: conversationId,
          sender: "visitor",
          author_name: null,
          message: "",
          page_url: null,
          created_at: expect.any(String),
          attachments,
        }
        expect((await sender.poll()).data.messages).toEqual([expected])
        expect((await sender.session()).data.messages).toEqual([expected])
        const stream = await openSse(`${laneApi().defaults.baseURL}/store/app/v1/stream?since_id=0`, sender.headers())
        try {
          const [event] = await stream.waitForEvents(1)
          expect(JSON.parse(event.data)).toEqual(expected)
        } finally {
          stream.close()
        }
        // A message without files carries an empty list.
        await sender.send({ message: "and a word" })
        expect((await sender.poll(sent.data.message_id)).data.messages[0].attachments).toEqual([])
      })

      it("refuses ids of another conversation, already sent, unknown, repeated or too many with a 400, storing nothing", async () => {
        const { client, conversationId } = await startedShopper()
        const { client: other } = await startedShopper()
        const mine = await uploadOk(client, { name: "a.png", bytes: PNG })
        const theirs = await uploadOk(other, { name: "b.png", bytes: PNG })
        const sender = new VisitorClient(laneApi(), publishableKey, client.ip)
        sender.visitorHash = client.visitorHash
        expect((await sender.send({ message: "first", attachment_ids: [mine.attachment_id] })).status).toBe(200)
        const second = await uploadOk(client, { name: "c.png", bytes: PNG })
        const before = await messageCount(conversationId)
        const rowsBefore = await attachmentRows(conversationId)

        for (const ids of [
          [theirs.attachment_id],
          [mine.attachment_id],
          [second.attachment_id, mine.attachment_id],
          [2147483647],
          [second.attachment_id, second.attachment_id],
          [1, 2, 3, 4, 5, 6],
          ["x"],
          [0],
        ]) {
          const response = await sender.send({ message: "with files", attachment_ids: ids })
          expect({ ids, status: response.status, body: response.data }).toEqual({ ids, status: 400, body: invalid })
        }
        expect(await messageCount(conversationId)).toBe(before)
        expect(await attachmentRows(conversationId)).toEqual(rowsBefore)
        // Still unsent, so still usable.
        expect((await sender.send({ message: "", attachment_ids: [second.attachment_id] })).status).toBe(200)
        // Empty text without files is still empty.
        expect((await sender.send({ message: " ", attachment_ids: [] })).status).toBe(400)
      })
    })

    describe("an agent's attachments", () => {
      it("are uploaded from the admin, sent with a reply, seen and downloaded by the visitor", async () => {
        const { client, conversationId } = await startedShopper()
        await client.send({ message: "Where is my label?" })
        const upload = await staffUpload(conversationId, { name: "label.pdf", bytes: PDF })
        expect(upload.status).toBe(200)
        const file = upload.data as { attachment_id: number }
        expect(upload.data).toEqual({ attachment_id: expect.any(Number), name: "label.pdf", mime: "application/pdf", size: PDF.length })
        // Not sent yet: the visitor cannot see it.
        expect((await client.download(`/store/app/v1/attachments/${file.attachment_id}`)).status).toBe(404)

        const reply = await api.post(
          "/admin/app/v1/reply",
          { conversation_id: conversationId, message: "", attachment_ids: [file.attachment_id] },
          { headers: admin.bearer }
        )
        expect(reply.status).toBe(200)
        const [, seen] = (await client.poll()).data.messages
        expect(seen).toMatchObject({
          sender: "agent",
          message: "",
          attachments: [attachmentShape(file.attachment_id, "label.pdf", "application/pdf", PDF.length, "store")],
        })
        const download = await client.download(seen.attachments[0].url)
        expect(Buffer.from(download.data).equals(PDF)).toBe(true)

        const inbox = await api.get(`/admin/app/v1/conversation/${conversationId}`, { headers: admin.bearer })
        expect(inbox.data.messages[1].attachments).toEqual([
          attachmentShape(file.attachment_id, "label.pdf", "application/pdf", PDF.length, "admin"),
        ])
        const staffDownload = await api.get(`/admin/app/v1/attachments/${file.attachment_id}`, {
          headers: admin.bearer,
          responseType: "arraybuffer",
        })
        expect(Buffer.from(staffDownload.data).equals(PDF)).toBe(true)
        expect(staffDownload.headers["content-disposition"]).toMatch(/^attachment; /)
      })

      it("refuses a visitor's file in a reply, bad upload targets and downloads without admin auth", async () => {
        const { client, conversationId } = await startedShopper()
        const visitorFile = await uploadOk(client, { name: "a.png", bytes: PNG })
        const before = await messageCount(conversationId)
        const reply = await api.post(
          "/admin/app/v1/reply",
          { conversation_id: conversationId, message: "here", attachment_ids: [visitorFile.attachment_id] },
          { headers: admin.bearer, validateStatus: () => true }
        )
        expect({ status: reply.status, body: reply.data }).toEqual({ status: 400, body: invalid })
        expect(await messageCount(conversationId)).toBe(before)

        const answers: [AxiosResponse, number][] = [
          [await staffUpload(2147483647, { name: "a.png", bytes: PNG }), 404],
          [await staffUpload("x", { name: "a.png", bytes: PNG }), 400],
          [await staffUpload(conversationId, { name: "a.html", bytes: HTML }), 400],
          [await api.get(`/admin/app/v1/attachments/${visitorFile.attachment_id}`, { validateStatus: () => true }), 401],
          [await api.get(`/admin/app/v1/attachments/2147483647`, { headers: admin.bearer, validateStatus: () => true }), 404],
          [await api.post(`/admin/app/v1/attachments?conversation_id=${conversationId}`, attachmentForm({ name: "a.png", bytes: PNG }), { validateStatus: () => true }), 401],
        ]
        expect(answers.map(([response]) => response.status)).toEqual(answers.map(([, status]) => status))
        expect(await attachmentRows(conversationId)).toHaveLength(1)
      })
    })
  },
})
