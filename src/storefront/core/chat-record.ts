export type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">

/** What of a conversation survives a page load. The address itself is not kept in the browser. */
export type ChatRecord = {
  conversationId: number | null
  lastSeenId: number
  autoReplyAsked: boolean
  emailSaved: boolean
  emailOfferDismissed: boolean
}

export const EMPTY_RECORD: ChatRecord = {
  conversationId: null,
  lastSeenId: 0,
  autoReplyAsked: false,
  emailSaved: false,
  emailOfferDismissed: false,
}

export function loadRecord(storage: KeyValueStorage | null, key: string): ChatRecord {
  try {
    const raw = storage?.getItem(key)
    const parsed: unknown = raw ? JSON.parse(raw) : null
    if (parsed && typeof parsed === "object") {
      const value = parsed as Partial<ChatRecord>
      if (typeof value.conversationId === "number") {
        return {
          conversationId: value.conversationId,
          lastSeenId: typeof value.lastSeenId === "number" ? value.lastSeenId : 0,
          autoReplyAsked: value.autoReplyAsked === true,
          emailSaved: value.emailSaved === true,
          emailOfferDismissed: value.emailOfferDismissed === true,
        }
      }
    }
  } catch {
    // Storage blocked (privacy mode) or damaged: start without a remembered conversation.
  }
  return { ...EMPTY_RECORD }
}

export function saveRecord(storage: KeyValueStorage | null, key: string, record: ChatRecord) {
  try {
    if (record.conversationId === null) storage?.removeItem(key)
    else storage?.setItem(key, JSON.stringify(record))
  } catch {
    // Storage blocked: the conversation still works for this page.
  }
}
