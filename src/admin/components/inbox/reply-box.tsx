import { PaperClip, XMarkMini } from "@medusajs/icons"
import { Badge, Button, IconButton, Kbd, Text, Textarea, toast } from "@medusajs/ui"
import { useRef, useState, type ChangeEvent, type KeyboardEvent } from "react"
import { Trans } from "react-i18next"
import { useApplyCanned, useRenderCanned, useReply, useUploadAttachment, type PickedProduct } from "../../lib/chat-hooks"
import { variablesIn } from "../../../shared/browser-safe/canned-variables"
import { errorMessage, formatFileSize } from "../../lib/format"
import { useT } from "../../lib/i18n"
import type { CannedResponse, UploadedAttachment } from "../../lib/types"
import { CannedPicker } from "./canned-picker"
import { MAX_CARDS, ProductPicker } from "./product-picker"
import { useTypingNotice } from "../../lib/typing-and-read"

const MAX_LENGTH = 5000
// As the server accepts (src/chat/attachments): checked here so a wrong file never travels.
const ACCEPTED_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp", "application/pdf"]
const MAX_FILE_BYTES = 10 * 1024 * 1024
const MAX_FILES = 5

/**
 * Enter sends, Shift+Enter starts a new line. A canned response is filled in for this
 * conversation (`orderId`, or the customer's latest order) before it is inserted; a variable
 * with no value stays in the text, is named under the box, and blocks sending until the agent
 * fills it in or removes it (the server refuses it too), so braces never reach the shopper.
 */
export function ReplyBox({ conversationId, orderId, locale }: { conversationId: number; orderId?: string; locale?: string | null }) {
  const { t } = useT()
  const [text, setText] = useState("")
  // Names a render filled in whose value itself reads like a variable (a customer named
  // "{{store.name}}"): that is the customer's data, not a variable to fill in.
  const [filledLiterally, setFilledLiterally] = useState<string[]>([])
  const textarea = useRef<HTMLTextAreaElement>(null)
  const reply = useReply()
  const render = useRenderCanned()
  const unfilled = variablesIn(text).filter((name) => !filledLiterally.includes(name))
  const typing = useTypingNotice(conversationId)
  const upload = useUploadAttachment()
  const [files, setFiles] = useState<UploadedAttachment[]>([])
  const [uploading, setUploading] = useState(0)
  const fileInput = useRef<HTMLInputElement>(null)
  // A picked canned response that also acts (labels, take it, close it): run once the reply is sent.
  const [macro, setMacro] = useState<CannedResponse | null>(null)
  const applyCanned = useApplyCanned()
  // Products shown as cards with the reply (at most four), priced for the shopper by the server.
  const [cards, setCards] = useState<PickedProduct[]>([])

  const send = async () => {
    const message = text.trim()
    if ((!message && !files.length && !cards.length) || reply.isPending || uploading || unfilled.length) return
    // Cleared at once so the next reply can be typed; given back if sending fails.
    setText("")
    const literal = filledLiterally
    setFilledLiterally([])
    const attached = files
    setFiles([])
    const acting = macro
    setMacro(null)
    const shown = cards
    setCards([])
    try {
      await reply.mutateAsync({
        conversation_id: conversationId,
        message,
        ...(attached.length ? { attachment_ids: attached.map((file) => file.attachment_id) } : {}),
        ...(shown.length ? { cards: shown.map((product) => ({ product_id: product.id })) } : {}),
      })
    } catch (error) {
      setText((current) => current || text)
      setFilledLiterally((current) => [...new Set([...current, ...literal])])
      setFiles((current) => [...attached, ...current])
      setMacro((current) => current ?? acting)
      setCards((current) => [...shown, ...current])
      toast.error(t("reply.notSent", { message: errorMessage(error) }))
      return
    }
    if (acting) {
      await applyCanned
        .mutateAsync({ cannedId: acting.id, conversationId })
        .catch((error: unknown) => toast.error(t("reply.actionsFailed", { message: errorMessage(error) })))
    }
  }

  /** What the picked canned response will also do, in words. */
  const macroSummary = (actions: NonNullable<CannedResponse["actions"]>) =>
    [
      actions.labels?.length ? t("reply.actionLabels", { labels: actions.labels.join(", ") }) : null,
      actions.assign_to_me ? t("reply.actionAssign") : null,
      actions.close ? t("reply.actionClose") : null,
    ]
      .filter(Boolean)
      .join(" · ")

  /** Each picked file is checked, then uploaded; it becomes a chip once stored. */
  const attach = async (event: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(event.target.files ?? [])
    // Cleared, so the same file can be picked again.
    event.target.value = ""
    let room = MAX_FILES - files.length - uploading
    for (const file of picked) {
      if (!ACCEPTED_TYPES.includes(file.type)) {
        toast.error(t("reply.wrongType", { name: file.name }))
        continue
      }
      if (file.size > MAX_FILE_BYTES) {
        toast.error(t("reply.tooLarge", { name: file.name, size: formatFileSize(MAX_FILE_BYTES) }))
        continue
      }
      if (room-- <= 0) {
        toast.error(t("reply.tooMany", { count: MAX_FILES }))
        break
      }
      setUploading((count) => count + 1)
      upload
        .mutateAsync({ conversationId, file })
        .then((uploaded) => setFiles((current) => [...current, uploaded]))
        .catch((error: unknown) => toast.error(t("reply.notUploaded", { name: file.name, message: errorMessage(error) })))
        .finally(() => setUploading((count) => count - 1))
    }
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Not while an input method is composing: its Enter confirms the composition.
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault()
      void send()
    }
  }

  /** Puts the canned text where the cursor is, replacing any selection. */
  const insert = (snippet: string) => {
    const element = textarea.current
    const start = element?.selectionStart ?? text.length
    const end = element?.selectionEnd ?? text.length
    const next = `${text.slice(0, start)}${snippet}${text.slice(end)}`
    setText(next)
    requestAnimationFrame(() => {
      element?.focus()
      element?.setSelectionRange(start + snippet.length, start + snippet.length)
    })
  }

  return (
    <form
      className="flex flex-col gap-y-2 border-t px-6 py-4"
      onSubmit={(event) => {
        event.preventDefault()
        void send()
      }}
    >
      <Textarea
        ref={textarea}
        value={text}
        onChange={(event) => {
          setText(event.target.value)
          typing()
        }}
        onKeyDown={onKeyDown}
        rows={3}
        maxLength={MAX_LENGTH}
        placeholder={t("reply.placeholder")}
        aria-label={t("reply.label")}
      />
      {(files.length > 0 || uploading > 0) && (
        <ul className="flex flex-wrap items-center gap-2" aria-label={t("reply.files")} data-field="pending-attachments">
          {files.map((file) => (
            <li key={file.attachment_id}>
              <Badge size="small" className="gap-x-1 pr-0.5">
                <span className="max-w-[180px] truncate" title={file.name}>
                  {file.name}
                </span>
                <span className="text-ui-fg-subtle">{formatFileSize(file.size)}</span>
                <IconButton
                  type="button"
                  size="2xsmall"
                  variant="transparent"
                  aria-label={t("reply.removeFile", { name: file.name })}
                  onClick={() => setFiles((current) => current.filter((item) => item.attachment_id !== file.attachment_id))}
                >
                  <XMarkMini />
                </IconButton>
              </Badge>
            </li>
          ))}
          {uploading > 0 && (
            <li>
              <Text size="xsmall" className="text-ui-fg-subtle" role="status">
                {t("reply.uploading", { count: uploading })}
              </Text>
            </li>
          )}
        </ul>
      )}
      {cards.length > 0 && (
        <ul className="flex flex-wrap items-center gap-2" aria-label={t("reply.cards")} data-field="pending-cards">
          {cards.map((product) => (
            <li key={product.id}>
              <Badge size="small" className="gap-x-1 pr-0.5">
                <span className="max-w-[180px] truncate" title={product.title}>
                  {product.title}
                </span>
                <IconButton
                  type="button"
                  size="2xsmall"
                  variant="transparent"
                  aria-label={t("reply.removeCard", { title: product.title })}
                  onClick={() => setCards((current) => current.filter((item) => item.id !== product.id))}
                >
                  <XMarkMini />
                </IconButton>
              </Badge>
            </li>
          ))}
        </ul>
      )}
      <div className="flex items-center justify-between gap-x-2">
        <div className="flex items-center gap-x-3">
          <input
            ref={fileInput}
            type="file"
            multiple
            hidden
            accept={ACCEPTED_TYPES.join(",")}
            onChange={(event) => void attach(event)}
            data-field="attach-input"
          />
          <IconButton
            type="button"
            size="small"
            variant="transparent"
            aria-label={t("reply.attach")}
            title={t("reply.attachTitle")}
            onClick={() => fileInput.current?.click()}
          >
            <PaperClip />
          </IconButton>
          <ProductPicker picked={cards} onPick={(product) => setCards((current) => (current.length < MAX_CARDS ? [...current, product] : current))} />
          <CannedPicker
            locale={locale}
            onPick={async (canned) => {
              try {
                const rendered = await render.mutateAsync({ cannedId: canned.id, conversationId, orderId })
                const literal = variablesIn(rendered.text).filter((name) => !rendered.missing.includes(name))
                setFilledLiterally((current) => [...new Set([...current, ...literal])])
                insert(rendered.text)
                if (canned.actions) setMacro(canned)
              } catch (error) {
                toast.error(t("reply.fillFailed", { message: errorMessage(error) }))
              }
            }}
          />
          <Text size="xsmall" className="text-ui-fg-subtle hidden md:block">
            <Trans t={t} i18nKey="reply.keysHint" components={{ kbd: <Kbd /> }} />
          </Text>
        </div>
        <Button type="submit" size="small" isLoading={reply.isPending} disabled={(!text.trim() && !files.length && !cards.length) || uploading > 0 || unfilled.length > 0}>
          {t("reply.send")}
        </Button>
      </div>
      {macro?.actions && (
        <div className="flex items-center gap-x-2" data-field="canned-actions">
          <Text size="small" className="text-ui-fg-subtle">
            {t("reply.afterSending", { actions: macroSummary(macro.actions) })}
          </Text>
          <IconButton
            type="button"
            size="2xsmall"
            variant="transparent"
            aria-label={t("reply.dropActions")}
            onClick={() => setMacro(null)}
          >
            <XMarkMini />
          </IconButton>
        </div>
      )}
      {unfilled.length > 0 && (
        <Text size="small" className="text-ui-fg-error" role="alert" data-field="unfilled-variables">
          {t("reply.unfilled", { names: unfilled.map((name) => `{{${name}}}`).join(", ") })}
        </Text>
      )}
    </form>
  )
}
