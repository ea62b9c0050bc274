import { StatusBadge } from "@medusajs/ui"
import { useT } from "../../lib/i18n"
import type { ConversationStatus } from "../../lib/types"

const COLOR: Record<ConversationStatus, "orange" | "green" | "grey"> = {
  waiting: "orange",
  open: "green",
  closed: "grey",
}

/** "Waiting" means the visitor wrote last and a person should answer. */
export function ConversationStatusBadge({ status }: { status: ConversationStatus }) {
  const { t } = useT()
  const label = { waiting: t("inbox.tabWaiting"), open: t("inbox.tabOpen"), closed: t("inbox.tabClosed") }[status]
  return <StatusBadge color={COLOR[status]}>{label}</StatusBadge>
}
