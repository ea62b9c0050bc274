import type { MedusaContainer } from "@medusajs/framework/types"
import { expireUnsentAttachmentsWorkflow } from "../workflows/chat/expire-unsent-attachments"

/** Deletes chat uploads never sent within `attachments.unsentExpiryHours`; safe in every process at once. */
export default async function expireUnsentAttachments(container: MedusaContainer) {
  await expireUnsentAttachmentsWorkflow(container).run()
}

export const config = {
  name: "launchdesk-expire-unsent-attachments",
  schedule: "*/15 * * * *",
}
