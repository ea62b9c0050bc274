import { StatusBadge } from "@medusajs/ui"
import type { ConversationStatus } from "../../lib/types"

const LOOK: Record<ConversationStatus, { color: "orange" | "green" | "grey"; label: string }> = {
  waiting: { color: "orange", label: "Waiting" },
  open: { color: "green", label: "Open" },
  closed: { color: "grey", label: "Closed" },
}

/** "Waiting" means the visitor wrote last and a person should answer. */
export const ConversationStatusBadge = ({ status }: { status: ConversationStatus }) => (
  <StatusBadge color={LOOK[status].color}>{LOOK[status].label}</StatusBadge>
)
