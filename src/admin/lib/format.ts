const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" })
const time = new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit" })

export const formatDateTime = (value: string | Date) => dateTime.format(new Date(value))

/** Time only for today, date and time otherwise. */
export function formatMessageTime(value: string) {
  const date = new Date(value)
  return date.toDateString() === new Date().toDateString() ? time.format(date) : dateTime.format(date)
}

const thousands = new Intl.NumberFormat("en-US")

/** A list's `total` ("1,000"), or "1,000+" when the server stopped counting there. */
export const formatTotal = ({ total, count_capped }: { total: number; count_capped?: boolean }) =>
  `${thousands.format(total)}${count_capped ? "+" : ""}`

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: "auto" })
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["day", 86400],
  ["hour", 3600],
  ["minute", 60],
]

/** "3 minutes ago", "yesterday"; "now" under a minute. */
export function formatAgo(value: string) {
  const seconds = (new Date(value).getTime() - Date.now()) / 1000
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) {
      return relative.format(Math.round(seconds / size), unit)
    }
  }
  return "now"
}

/** The message a failed API call carries (Medusa's `{ message }` body), for toasts and alerts. */
export const errorMessage = (error: unknown) =>
  error instanceof Error && error.message ? error.message : "Something went wrong. Try again."

/** A dashboard user or a customer: both are named this way. */
type NamedUser = { id: string; email: string; first_name?: string | null; last_name?: string | null }

export const userName = (user: NamedUser) => [user.first_name, user.last_name].filter(Boolean).join(" ") || user.email

/** `url` when it is an http(s) address; visitor-supplied text never becomes a `javascript:` link. */
export function httpUrlOrNull(url: string) {
  try {
    const parsed = new URL(url)
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.href : null
  } catch {
    return null
  }
}

const date = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" })
export const formatDate = (value: string | Date) => date.format(new Date(value))

/** An amount in its currency ("€70.00"); the code itself when the browser does not know it. */
export function formatMoney(amount: number, currencyCode: string) {
  try {
    return new Intl.NumberFormat(undefined, { style: "currency", currency: currencyCode.toUpperCase() }).format(amount)
  } catch {
    return `${amount} ${currencyCode.toUpperCase()}`
  }
}

/** Medusa's status words as a person reads them: "partially_fulfilled" is "Partially fulfilled". */
export const humanStatus = (status: string) => {
  const words = status.replace(/_/g, " ")
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** An attachment's size: KB below a megabyte, MB with one decimal above. */
export function formatFileSize(bytes: number) {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}
