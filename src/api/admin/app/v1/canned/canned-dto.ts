import type { InferTypeOf } from "@medusajs/framework/types"
import type { CannedResponse } from "../../../../../modules/support-chat/models/canned-response"
import type { CannedVariant } from "../../../../../modules/support-chat/sql/conversation-repository"
import type { CannedActionsType } from "../../../../../types/http"

type CannedResponseRow = InferTypeOf<typeof CannedResponse>

/** The contract's canned-response shape (no soft-delete column). */
export const toCannedResponseDTO = (row: CannedResponseRow) => ({
  id: row.id,
  question: row.question,
  response: row.response,
  category: row.category,
  translations: (row.translations ?? {}) as Record<string, CannedVariant>,
  source_message_id: row.source_message_id,
  // Only where the store gave it some: a canned response without keeps the contract's shape.
  ...(row.actions ? { actions: row.actions as CannedActionsType } : {}),
  created_at: row.created_at,
  updated_at: row.updated_at,
})

const contains = (term: string) => ({ $ilike: `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%` })

export function cannedFilters(search?: string, category?: string) {
  const term = search?.trim()
  return {
    ...(category ? { category } : {}),
    ...(term ? { $or: [{ question: contains(term) }, { response: contains(term) }] } : {}),
  }
}
