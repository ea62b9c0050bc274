// A deliberately simple chat panel over the plugin's visitor API (/store/app/v1). The
// app_visitor_hash cookie identifies the visitor, so every call sends credentials. Message
// text goes in with textContent only: it is typed by strangers.
;(() => {
  const config = window.DEMO_CONFIG
  const API = `${config.backendUrl}/store/app/v1`
  const POLL_EVERY_MS = 3000
  const byId = (id) => document.getElementById(id)

  const panel = byId("chat-panel")
  const launcher = byId("chat-launcher")
  const list = byId("chat-messages")
  const status = byId("chat-status")
  const input = byId("chat-input")

  const state = { started: false, lastMessageId: 0, polling: null, pollInFlight: false, sending: false }
  const shownIds = new Set()

  class ChatApiError extends Error {
    constructor(status, message) {
      super(message)
      this.status = status
    }
  }

  async function api(path, { method = "GET", body } = {}) {
    const headers = { "x-publishable-api-key": config.publishableKey }
    if (body) headers["content-type"] = "application/json"
    const response = await fetch(`${API}${path}`, {
      method,
      credentials: "include",
      headers,
      body: body ? JSON.stringify(body) : undefined,
    })
    const data = await response.json().catch(() => ({}))
    if (!response.ok) throw new ChatApiError(response.status, data.message || `HTTP ${response.status}`)
    return data
  }

  const showStatus = (text) => {
    status.textContent = text
  }

  function senderLabel(message) {
    if (message.sender === "visitor") return "You"
    if (message.sender === "auto") return "Auto-reply"
    if (message.sender === "system") return ""
    return message.author_name || "Support"
  }

  function messageItem(message) {
    const item = document.createElement("li")
    item.className = `message message--${message.sender}`
    const label = senderLabel(message)
    if (label) {
      const meta = document.createElement("p")
      meta.className = "message__meta"
      const time = new Date(message.created_at).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })
      meta.textContent = `${label} · ${time}`
      item.append(meta)
    }
    const text = document.createElement("p")
    text.className = "message__text"
    text.textContent = message.message
    item.append(text)
    return item
  }

  function showEmptyHint() {
    const hint = document.createElement("li")
    hint.className = "chat__empty"
    hint.textContent = "Ask us anything about sizes, shipping or your order."
    list.replaceChildren(hint)
  }

  /** Appends messages not shown yet; returns how many came from the store's side. */
  function appendMessages(messages) {
    const fresh = messages.filter((message) => !shownIds.has(message.message_id))
    if (!fresh.length) return 0
    if (!shownIds.size) list.replaceChildren()
    for (const message of fresh) {
      shownIds.add(message.message_id)
      state.lastMessageId = Math.max(state.lastMessageId, message.message_id)
      list.append(messageItem(message))
    }
    list.scrollTop = list.scrollHeight
    return fresh.filter((message) => message.sender !== "visitor").length
  }

  async function startSession() {
    const session = await api("/session", { method: "POST", body: { page_url: location.href } })
    state.started = true
    appendMessages(session.messages)
    if (!state.polling) state.polling = setInterval(poll, POLL_EVERY_MS)
  }

  async function poll() {
    if (state.pollInFlight) return
    state.pollInFlight = true
    try {
      const { messages } = await api(`/poll?since_id=${state.lastMessageId}`)
      const fromStore = appendMessages(messages)
      if (fromStore && panel.hidden) byId("chat-unread").hidden = false
    } catch (error) {
      // 403: the conversation is gone (cookie cleared); the next message starts a new one.
      if (error.status === 403) state.started = false
    } finally {
      state.pollInFlight = false
    }
  }

  async function openPanel() {
    panel.hidden = false
    launcher.hidden = true
    launcher.setAttribute("aria-expanded", "true")
    byId("chat-unread").hidden = true
    input.focus()
    if (state.started) return
    try {
      await startSession()
      if (!shownIds.size) showEmptyHint()
      showStatus("")
    } catch (error) {
      showStatus(`Chat unavailable: ${error.message}`)
    }
  }

  function closePanel() {
    panel.hidden = true
    launcher.hidden = false
    launcher.setAttribute("aria-expanded", "false")
  }

  async function sendMessage(event) {
    event.preventDefault()
    const text = input.value.trim()
    if (!text || state.sending) return
    state.sending = true
    const button = byId("chat-send")
    button.disabled = true
    try {
      if (!state.started) await startSession()
      await api("/send", {
        method: "POST",
        body: { message: text, page_url: location.href, website_url: byId("chat-website").value },
      })
      input.value = ""
      showStatus("")
      await poll()
    } catch (error) {
      showStatus(error.message)
    } finally {
      state.sending = false
      button.disabled = false
      input.focus()
    }
  }

  async function saveEmail(event) {
    event.preventDefault()
    const field = byId("chat-email")
    try {
      if (!state.started) await startSession()
      await api("/email", { method: "POST", body: { email: field.value } })
      showStatus("")
      byId("chat-email-form").replaceChildren(
        Object.assign(document.createElement("p"), { textContent: `Thanks! Replies go to ${field.value} when you are away.` })
      )
    } catch (error) {
      showStatus(error.message)
    }
  }

  launcher.addEventListener("click", openPanel)
  byId("chat-close").addEventListener("click", closePanel)
  byId("chat-form").addEventListener("submit", sendMessage)
  byId("chat-email-form").addEventListener("submit", saveEmail)
  // Enter sends, Shift+Enter starts a new line.
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !event.shiftKey) {
      event.preventDefault()
      byId("chat-form").requestSubmit()
    }
  })
})()
