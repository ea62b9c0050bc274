import { Button, Kbd, Text, Textarea, toast } from "@medusajs/ui"
import { useRef, useState, type KeyboardEvent } from "react"
import { useRenderCanned, useReply } from "../../lib/chat-hooks"
import { variablesIn } from "../../../chat/customer-context/canned-variables"
import { errorMessage } from "../../lib/format"
import { CannedPicker } from "./canned-picker"

const MAX_LENGTH = 5000

/**
 * Enter sends, Shift+Enter starts a new line. A canned response is filled in for this
 * conversation (`orderId`, or the customer's latest order) before it is inserted; a variable
 * with no value stays in the text, is named under the box, and blocks sending until the agent
 * fills it in or removes it (the server refuses it too), so braces never reach the shopper.
 */
export function ReplyBox({ conversationId, orderId }: { conversationId: number; orderId?: string }) {
  const [text, setText] = useState("")
  const textarea = useRef<HTMLTextAreaElement>(null)
  const reply = useReply()
  const render = useRenderCanned()
  const unfilled = variablesIn(text)

  const send = async () => {
    const message = text.trim()
    if (!message || reply.isPending || unfilled.length) return
    // Cleared at once so the next reply can be typed; given back if sending fails.
    setText("")
    try {
      await reply.mutateAsync({ conversation_id: conversationId, message })
    } catch (error) {
      setText((current) => current || text)
      toast.error(`Reply not sent: ${errorMessage(error)}`)
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
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        rows={3}
        maxLength={MAX_LENGTH}
        placeholder="Write a reply"
        aria-label="Reply"
      />
      <div className="flex items-center justify-between gap-x-2">
        <div className="flex items-center gap-x-3">
          <CannedPicker
            onPick={async (canned) => {
              try {
                const rendered = await render.mutateAsync({ cannedId: canned.id, conversationId, orderId })
                insert(rendered.text)
              } catch (error) {
                toast.error(`Could not fill in the canned response: ${errorMessage(error)}`)
              }
            }}
          />
          <Text size="xsmall" className="text-ui-fg-muted hidden md:block">
            <Kbd>Enter</Kbd> to send, <Kbd>Shift</Kbd> + <Kbd>Enter</Kbd> for a new line
          </Text>
        </div>
        <Button type="submit" size="small" isLoading={reply.isPending} disabled={!text.trim() || unfilled.length > 0}>
          Send
        </Button>
      </div>
      {unfilled.length > 0 && (
        <Text size="small" className="text-ui-fg-error" role="alert" data-field="unfilled-variables">
          Fill in or remove before sending: {unfilled.map((name) => `{{${name}}}`).join(", ")}
        </Text>
      )}
    </form>
  )
}
