import { useEffect, useRef, useState } from "react"
import { useWaitingConversations } from "./chat-hooks"
import { inboxAlerts, titleWithCount, type InboxAlert, type WatchedConversation } from "./inbox-alerts"

/** Where the agent's choice is kept, per browser. */
const STORAGE_KEY = "launchdesk.inbox-alerts"

export type AlertsPermission = NotificationPermission | "unsupported"

const notificationsSupported = () => typeof window !== "undefined" && "Notification" in window

// Storage can be blocked (privacy modes): then the choice simply lasts as long as the page.
function storedChoice(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEY) === "on"
  } catch {
    return false
  }
}

function storeChoice(on: boolean) {
  try {
    localStorage.setItem(STORAGE_KEY, on ? "on" : "off")
  } catch {
    // Kept for this page only.
  }
}

/** A short, soft beep: a quarter-second 880 Hz tone fading out. */
function beep(context: AudioContext) {
  void context.resume()
  const oscillator = context.createOscillator()
  const gain = context.createGain()
  oscillator.type = "sine"
  oscillator.frequency.value = 880
  gain.gain.setValueAtTime(0.2, context.currentTime)
  gain.gain.exponentialRampToValueAtTime(0.001, context.currentTime + 0.25)
  oscillator.connect(gain).connect(context.destination)
  oscillator.start()
  oscillator.stop(context.currentTime + 0.25)
}

/** A desktop notification that opens the conversation when clicked. */
function showNotification(alert: InboxAlert, onOpen: (conversationId: number) => void) {
  let notification: Notification
  try {
    // One per conversation (`tag`): a later message replaces the earlier one.
    notification = new Notification(alert.title, { body: alert.body, tag: `launchdesk-conversation-${alert.conversation_id}` })
  } catch {
    // Some browsers (Chrome on Android) only notify through a service worker: the beep and title remain.
    return
  }
  notification.onclick = () => {
    window.focus()
    onOpen(alert.conversation_id)
    notification.close()
  }
}

/**
 * The inbox's alerts: a desktop notification and a beep for each conversation that starts
 * waiting or gets a new visitor message while the page is open (once the agent switched them
 * on and the browser allowed notifications), and the number of waiting conversations in the
 * tab's title. `onOpen` runs when the agent clicks a notification.
 */
export function useInboxAlerts(onOpen: (conversationId: number) => void) {
  const [permission, setPermission] = useState<AlertsPermission>(() =>
    notificationsSupported() ? Notification.permission : "unsupported"
  )
  const [enabled, setEnabledState] = useState(() => storedChoice() && permission === "granted")
  const waiting = useWaitingConversations()
  const previous = useRef<WatchedConversation[] | undefined>(undefined)
  const audio = useRef<AudioContext | null>(null)
  // The latest `onOpen` for notifications shown earlier, without re-running the alerts for it.
  const openRef = useRef(onOpen)
  useEffect(() => {
    openRef.current = onOpen
  })

  useEffect(() => {
    const items = waiting.data?.items
    if (!items) return
    const alerts = inboxAlerts(previous.current, items)
    previous.current = items
    if (!enabled || !alerts.length || Notification.permission !== "granted") return
    for (const alert of alerts) {
      showNotification(alert, openRef.current)
    }
    audio.current ??= new AudioContext()
    beep(audio.current)
  }, [waiting.data, enabled])

  const count = waiting.data?.total
  useEffect(() => {
    if (count === undefined) return
    const original = document.title
    document.title = titleWithCount(original, count)
    return () => {
      document.title = original
    }
  }, [count])

  /** Switching on asks the browser's permission first; alerts stay off unless it is granted. */
  async function setEnabled(on: boolean) {
    if (!on || !notificationsSupported()) {
      storeChoice(false)
      setEnabledState(false)
      return
    }
    // Made in the click that switches alerts on: browsers let a page play sound only after a gesture.
    audio.current ??= new AudioContext()
    const answer = await Notification.requestPermission()
    setPermission(answer)
    storeChoice(answer === "granted")
    setEnabledState(answer === "granted")
  }

  return { enabled, setEnabled, permission }
}
