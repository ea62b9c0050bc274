import { Button, Heading, Text, toast } from "@medusajs/ui"
import { useState } from "react"
import { useChatSettings, useCloseConversation, useConversation } from "../../lib/chat-hooks"
import { useMarkRead } from "../../lib/typing-and-read"
import { useT } from "../../lib/i18n"
import { errorMessage, formatLanguage, httpUrlOrNull } from "../../lib/format"
import type { ChatMessage } from "../../lib/types"
import { CannedResponseDrawer, emptyDraft, type CannedDraft } from "../canned-response-drawer"
import { ErrorState, LoadingState } from "../page-states"
import { AssigneeSelect } from "./assignee-select"
import { ConversationRating } from "./conversation-rating"
import { ConversationStatusBadge } from "./conversation-status-badge"
import { ConversationLabels } from "./conversation-labels"
import { ConversationNotes } from "./conversation-notes"
import { CustomerCard } from "./customer-card"
import { ConversationDiscounts } from "./discount-panel"
import { MessageThread } from "./message-thread"
import { ReplyBox } from "./reply-box"

/** Where the visitor was: the newest page a message came from, else where the chat began. */
function latestPageUrl(messages: ChatMessage[], fallback: string | null) {
  for (let index = messages.length - 1; index >= 0; index--) {
    if (messages[index].page_url) return messages[index].page_url
  }
  return fallback
}

export function ConversationPane({ conversationId }: { conversationId: number }) {
  const { t } = useT()
  const { conversation, streaming, visitorTyping } = useConversation(conversationId)
  const close = useCloseConversation()
  const noEmailProvider = useChatSettings().data?.can_send_email === false
  const [cannedDraft, setCannedDraft] = useState<CannedDraft | null>(null)
  const [replyOrderId, setReplyOrderId] = useState<string | undefined>()

  useMarkRead(conversationId, conversation.data?.messages ?? [])

  if (conversation.isLoading) {
    return <LoadingState rows={6} label={t("pane.loading")} />
  }
  // A failed refresh keeps what is shown (the stream may still bring messages); only a failed first load is an error.
  if (!conversation.data) {
    return <ErrorState error={conversation.error} onRetry={() => conversation.refetch()} />
  }

  const data = conversation.data
  const pageUrl = latestPageUrl(data.messages, data.page_url)
  const pageLink = pageUrl ? httpUrlOrNull(pageUrl) : null

  const closeConversation = async () => {
    try {
      await close.mutateAsync(conversationId)
      toast.success(t("pane.toastClosed", { id: conversationId }))
    } catch (error) {
      toast.error(errorMessage(error))
    }
  }

  return (
    <div
      className="flex h-full min-h-0 flex-col"
      aria-label={t("pane.label", { id: conversationId })}
      data-live-updates={streaming ? "stream" : "poll"}
    >
      <div className="flex flex-wrap items-start justify-between gap-3 border-b px-6 py-4">
        <div className="flex min-w-0 flex-col gap-y-1">
          <div className="flex items-center gap-x-2">
            <Heading level="h2">{t("pane.title", { id: data.conversation_id })}</Heading>
            <ConversationStatusBadge status={data.status} />
          </div>
          <Text size="small" className="text-ui-fg-subtle" data-field="visitor-email">
            {data.email ? (
              <a className="text-ui-fg-interactive-hover hover:underline" href={`mailto:${data.email}`}>
                {data.email}
              </a>
            ) : (
              t("pane.noEmail")
            )}
          </Text>
          {data.email && noEmailProvider && (
            <Text size="small" className="text-ui-fg-subtle" data-field="offline-email" data-email-provider="missing">
              {t("pane.offlineEmailNoProvider")}
            </Text>
          )}
          {data.locale && (
            <Text size="small" className="text-ui-fg-subtle" data-field="locale">
              {t("pane.language", { language: formatLanguage(data.locale) })}
            </Text>
          )}
          <ConversationLabels conversationId={conversationId} labels={data.labels ?? []} />
          {data.rating && <ConversationRating rating={data.rating} />}
          {pageUrl && (
            <Text size="small" className="text-ui-fg-subtle truncate" data-field="page-url">
              {t("pane.on")}{" "}
              {pageLink ? (
                <a
                  className="text-ui-fg-interactive-hover hover:underline"
                  href={pageLink}
                  target="_blank"
                  rel="noreferrer noopener"
                >
                  {pageUrl}
                </a>
              ) : (
                pageUrl
              )}
            </Text>
          )}
        </div>
        <div className="flex items-center gap-x-2">
          <AssigneeSelect conversationId={conversationId} assignedTo={data.assigned_to} />
          <Button
            size="small"
            variant="secondary"
            onClick={closeConversation}
            isLoading={close.isPending}
            disabled={data.status === "closed"}
          >
            {t("pane.close")}
          </Button>
        </div>
      </div>
      <CustomerCard conversationId={conversationId} selectedOrderId={replyOrderId} onSelectOrder={setReplyOrderId} />
      <ConversationDiscounts conversationId={conversationId} />
      <MessageThread
        messages={data.messages}
        events={(data.notes ?? []).filter((note) => note.kind === "event")}
        visitorReadUpTo={data.visitor_read_up_to}
        visitorTyping={streaming ? visitorTyping : data.visitor_typing}
        onSaveAsCanned={(message) =>
          setCannedDraft({ ...emptyDraft, question: message.message, source_message_id: message.message_id })
        }
      />
      <ConversationNotes key={conversationId} conversationId={conversationId} notes={(data.notes ?? []).filter((note) => note.kind !== "event")} />
      <ReplyBox conversationId={conversationId} orderId={replyOrderId} locale={data.locale} />
      <CannedResponseDrawer
        open={cannedDraft !== null}
        onOpenChange={(open) => !open && setCannedDraft(null)}
        initial={cannedDraft ?? emptyDraft}
      />
    </div>
  )
}
