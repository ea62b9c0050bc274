import { useMutation, useQueryClient } from "@tanstack/react-query"
import { useInvalidateConversation } from "./chat-hooks"
import { CHAT_API, chatKeys } from "./chat-keys"
import { sdk } from "./sdk"
import type { ConversationDetail } from "./types"
import type { AdminAddNoteResponseType, AdminSetLabelsResponseType } from "../../types/http"

/** As the server accepts (`POST /conversation/:id/labels`): checked here so the field can say so at once. */
export const MAX_LABELS = 10
export const MAX_LABEL_LENGTH = 32
export const MAX_NOTE_LENGTH = 5000

/** An internal note: the shopper never sees it. */
export function useAddNote() {
  const refresh = useInvalidateConversation()
  return useMutation({
    mutationFn: ({ conversationId, text }: { conversationId: number; text: string }) =>
      sdk.client.fetch<AdminAddNoteResponseType>(`${CHAT_API}/conversation/${conversationId}/notes`, {
        method: "POST",
        body: { text },
      }),
    onSuccess: (_, { conversationId }) => refresh(conversationId),
  })
}

/** Replaces the conversation's labels. */
export function useSetLabels() {
  const queryClient = useQueryClient()
  const refresh = useInvalidateConversation()
  return useMutation({
    mutationFn: ({ conversationId, labels }: { conversationId: number; labels: string[] }) =>
      sdk.client.fetch<AdminSetLabelsResponseType>(`${CHAT_API}/conversation/${conversationId}/labels`, {
        method: "POST",
        body: { labels },
      }),
    // The answer holds the stored labels: shown at once, so the next label added builds on them
    // and the field takes it as soon as the save is done. Awaiting the refetches (the list's
    // too) instead kept the save pending after its label showed, and an Enter then was dropped.
    onSuccess: ({ labels }, { conversationId }) => {
      queryClient.setQueryData<ConversationDetail>(chatKeys.conversation(conversationId), (known) => (known ? { ...known, labels } : known))
      void refresh(conversationId)
    },
  })
}
