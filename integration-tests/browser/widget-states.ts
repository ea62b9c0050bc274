// The widgets' states the accessibility spec's axe matrix walks through: a message sent, a
// signup, and those that need more than a page load (CONTRACT §10's away, rating and attachment
// states). Each walk calls `check(state)` wherever a state is on screen, and leaves the page
// where it ended.
import type { Page } from "playwright-core"
import { MINIMAL_PDF, solidPng } from "../utils/test-files"
import { waitFor } from "./admin-host"
import { block, chatRoot, conversationIdOf } from "./storefront-session"
import type { StorefrontHost } from "./storefront-host"

type Check = (state: string) => Promise<void>

const messageField = (page: Page) => chatRoot(page).getByRole("textbox", { name: "Message" })

/** Sends `text` and waits until the panel shows `count` of the shopper's messages. */
export async function sendMessage(page: Page, text: string, count: number) {
  await messageField(page).fill(text)
  await messageField(page).press("Enter")
  await waitFor(async () => ((await chatRoot(page).locator('li[data-sender="visitor"]').count()) >= count ? true : undefined), {
    what: `visitor message ${count}`,
  })
}

/** The coming-soon block's signup, to its thanks. */
export async function signUp(page: Page, email: string) {
  await block(page).getByRole("textbox", { name: "Email address" }).fill(email)
  await block(page).getByRole("button", { name: "Notify me" }).click()
  await block(page).getByText("You are on the list!").waitFor()
}

/** Open every day but yesterday, today and tomorrow (UTC): the store is away whenever this runs. */
export function awayHours() {
  const allDay = [{ open: "00:00", close: "24:00" }]
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
  return {
    time_zone: "UTC",
    weekly: { mon: allDay, tue: allDay, wed: allDay, thu: allDay, fri: allDay, sat: allDay, sun: allDay },
    holidays: [day(-1), day(0), day(1)],
  }
}

/** With the store away (`awayHours`): the open panel's away notice and the email it asks for first. */
export async function walkAway(page: Page, check: Check) {
  await chatRoot(page).locator(".launcher").click()
  await chatRoot(page).locator('[part="away"]').waitFor()
  await chatRoot(page).locator("form.email-offer").waitFor({ state: "visible" })
  await check("away notice and email offer")
}

/**
 * The composer's files: two chips while their uploads are held back, beside a refused file's
 * error; then the sent message with an image thumbnail and a file link.
 */
export async function walkAttachments(page: Page, check: Check) {
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route("**/store/app/v1/attachments", async (route) => {
    await released
    await route.continue()
  })
  const chooser = page.waitForEvent("filechooser")
  await chatRoot(page).getByRole("button", { name: "Attach files" }).click()
  await (
    await chooser
  ).setFiles([
    { name: "damaged-print.png", mimeType: "image/png", buffer: solidPng(240, 160, [37, 99, 235]) },
    { name: "receipt.pdf", mimeType: "application/pdf", buffer: MINIMAL_PDF },
  ])
  const chips = chatRoot(page).locator(".attachments .chip")
  await waitFor(async () => ((await chips.filter({ hasText: "Uploading" }).count()) === 2 ? true : undefined), { what: "two uploading chips" })
  await chatRoot(page).locator('input[type="file"]').setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") })
  await chatRoot(page).locator(".attachments .error").filter({ hasText: "notes.txt cannot be attached" }).waitFor()
  await check("uploading chips and a refused file")

  release()
  await waitFor(async () => ((await chips.filter({ hasText: "KB" }).count()) === 2 ? true : undefined), { what: "both uploads" })
  await page.unroute("**/store/app/v1/attachments")
  await messageField(page).fill("The print arrived damaged, photo and receipt attached")
  await messageField(page).press("Enter")
  const sent = chatRoot(page).locator('li[data-sender="visitor"]').last()
  const image = sent.locator(".files img")
  await image.waitFor({ timeout: 10000 })
  await waitFor(async () => ((await image.evaluate((element: HTMLImageElement) => element.naturalWidth)) > 0 ? true : undefined), {
    what: "the thumbnail to decode",
  })
  await sent.locator("a.file").waitFor()
  await check("message with a thumbnail and a file link")
}

/**
 * After a message (the page's email offer shown): the address given, staff close the chat; the
 * rating form with its stars, comment and transcript offer, its "choose a star" alert, and the
 * thanks with the transcript's answer.
 */
export async function walkRating(page: Page, host: StorefrontHost, email: string, check: Check) {
  await chatRoot(page).locator("form.email-offer").waitFor({ state: "visible", timeout: 10000 })
  await chatRoot(page).getByRole("textbox", { name: "Email address" }).fill(email)
  await chatRoot(page).getByRole("button", { name: "Email me" }).click()
  await chatRoot(page).getByText(`the reply goes to ${email}`).waitFor()
  const conversationId = await conversationIdOf(page)
  if (conversationId === null) throw new Error("no conversation to close")
  await host.admin("POST", `/admin/app/v1/close/${conversationId}`, {})
  const form = chatRoot(page).locator("form.rating")
  await form.waitFor({ state: "visible", timeout: 10000 })
  await chatRoot(page).getByRole("button", { name: "Email me this conversation" }).waitFor()
  await check("rating form with the transcript offer")

  await form.getByRole("button", { name: "Send rating" }).click()
  await form.getByRole("alert").filter({ hasText: "Choose from 1 to 5 stars first." }).waitFor()
  await form.locator('label[for="rating-score-4"]').click()
  await form.getByRole("textbox", { name: "Anything to add? (optional)" }).fill("Quick answer, thanks")
  await check("rating form with its alert, four stars and a comment")

  await form.getByRole("button", { name: "Send rating" }).click()
  await chatRoot(page).getByText("Thanks for your rating!").waitFor()
  await chatRoot(page).getByRole("button", { name: "Email me this conversation" }).click()
  await chatRoot(page).locator('.transcript [role="status"]:not([hidden])').waitFor()
  await check("rating thanks and the transcript's answer")
}
