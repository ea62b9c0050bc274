import { storeHeaders, trimSlash, type ApiClientOptions } from "../core/api"
import type { ChatAttachment } from "../../shared/browser-safe/chat-message"
import type { AttachmentArgs, AttachmentComposer, ChatExtrasModule } from "../core/globals"
import { h, partStylesOnce } from "./dom"
import { partLabels } from "./part-labels"

// The chat's files: part of launchdesk-chat-extras.js, so launchdesk.js only holds the
// paperclip, the file input and the places the files go. Its texts live here; a store overrides
// them with the same keys in the widget's `labels` option. `{name}`, `{max}`, ... are filled in.

const DEFAULT_ATTACHMENT_LABELS = {
  attachUploading: "Uploading… {percent}%",
  attachRemove: "Remove {name}",
  attachWrongType: "{name} cannot be attached: only JPEG, PNG, GIF, WebP or PDF.",
  attachTooLarge: "{name} is too large: at most {max}.",
  attachTooMany: "At most {max} files per message.",
  attachFailed: "{name} was not uploaded: {reason}",
  attachmentOpen: "Open {name}",
  attachmentUnavailable: "{name} could not be loaded.",
}
type AttachmentLabels = typeof DEFAULT_ATTACHMENT_LABELS

// As the server accepts by default (src/chat/attachments): a larger file is refused before it
// travels; a store with a lower limit still gets the server's own refusal.
const ACCEPTED_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp", "application/pdf"]
const MAX_BYTES = 10 * 1024 * 1024
const MAX_FILES = 5
// Long enough for a download or a new tab to have read the blob.
const REVOKE_AFTER_MS = 60_000

const ATTACHMENT_CSS = `
.attachments { margin: 0 16px 8px; font-size: 13px; }
.attachments ul { display: flex; flex-wrap: wrap; gap: 6px; margin: 0; padding: 0; list-style: none; }
.chip {
  display: inline-flex; align-items: center; gap: 6px; max-width: 100%; padding-block: 4px; padding-inline: 10px 4px;
  border-radius: 999px; background: var(--_bubble);
}
.chip .name { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; max-width: 150px; }
.chip .status { color: var(--_muted); }
.chip button { border: 0; background: none; padding: 0 6px; font-size: 16px; line-height: 1; color: var(--_muted); }
.attachments .error { margin: 6px 0 0; color: var(--_danger); }
.files { display: flex; flex-wrap: wrap; gap: 6px; }
.message.visitor .files { justify-content: flex-end; }
.files .thumb { border: 0; padding: 0; background: none; border-radius: 10px; overflow: hidden; line-height: 0; }
.files img { display: block; max-width: 160px; max-height: 160px; min-width: 40px; min-height: 40px; background: var(--_bubble); }
.files .file {
  display: inline-flex; gap: 6px; padding: 8px 12px; border-radius: 12px; background: var(--_bubble);
  color: inherit; text-decoration: underline; overflow-wrap: anywhere;
}
/* inline-block: the link's underline does not reach it */
.files .size { display: inline-block; color: var(--_muted); white-space: nowrap; }
`

/** The store's texts over the defaults. */
const attachmentLabels = (given: Readonly<Record<string, unknown>>): AttachmentLabels => partLabels(DEFAULT_ATTACHMENT_LABELS, given)

/** A label with its `{placeholders}` filled in; the values stay text (they end up in text nodes). */
const fill = (label: string, values: Record<string, string | number>) =>
  label.replace(/\{(\w+)\}/g, (match, key: string) => (key in values ? String(values[key]) : match))

function fileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}

const isImage = (mime: string) => mime.startsWith("image/")


/** The backend's message from a refusal (`{ message }`), or the status. */
function refusalOf(body: string, status: number): string {
  try {
    const parsed: unknown = JSON.parse(body)
    if (parsed && typeof parsed === "object" && "message" in parsed && typeof parsed.message === "string") return parsed.message
  } catch {
    // Not JSON: a proxy's page.
  }
  return status ? `HTTP ${status}` : "network error"
}

type Uploaded = { attachment_id: number }

/**
 * One file to `POST /store/app/v1/attachments` on the Medusa backend. XMLHttpRequest, not
 * fetch: only it reports the upload's progress. The visitor cookie goes along (credentials).
 */
async function upload(api: ApiClientOptions, file: File, progress: (percent: number) => void, abort: AbortSignal): Promise<number> {
  const headers = await storeHeaders(api)
  return await new Promise<number>((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open("POST", `${trimSlash(api.baseUrl)}/store/app/v1/attachments`)
    request.withCredentials = true
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value)
    request.setRequestHeader("accept", "application/json")
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) progress(Math.round((event.loaded / event.total) * 100))
    }
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        try {
          const body = JSON.parse(request.responseText) as Partial<Uploaded>
          if (typeof body.attachment_id === "number") return resolve(body.attachment_id)
        } catch {
          // Falls through to the refusal below.
        }
      }
      reject(new Error(refusalOf(request.responseText, request.status)))
    }
    request.onerror = () => reject(new Error(refusalOf("", 0)))
    request.onabort = () => reject(new Error("aborted"))
    abort.addEventListener("abort", () => request.abort())
    const form = new FormData()
    form.append("file", file)
    request.send(form)
  })
}

type Pending = { chip: HTMLLIElement; id: Promise<number | null>; abort: AbortController }

function composer(input: HTMLInputElement, container: HTMLElement, { api, labels: given }: AttachmentArgs): AttachmentComposer {
  const labels = attachmentLabels(given)
  partStylesOnce(container, ATTACHMENT_CSS)
  input.accept = ACCEPTED_TYPES.join(",")
  input.multiple = true
  const pending: Pending[] = []
  let handedOut: Pending[] = []
  const list = h("ul", { "aria-live": "polite" })
  const error = h("p", { class: "error", role: "alert" })
  container.classList.add("attachments")
  container.replaceChildren(list, error)
  const sync = () => {
    container.hidden = !pending.length && !error.textContent
  }
  const drop = (entry: Pending) => {
    const index = pending.indexOf(entry)
    if (index >= 0) pending.splice(index, 1)
    entry.chip.remove()
    sync()
  }

  const start = (file: File): Pending => {
    const status = h("span", { class: "status" }, fill(labels.attachUploading, { percent: 0 }))
    const remove = h("button", { type: "button", "aria-label": fill(labels.attachRemove, { name: file.name }) }, "×")
    const chip = h("li", { class: "chip" }, h("span", { class: "name", title: file.name }, file.name), status, remove)
    const abort = new AbortController()
    const id = upload(api, file, (percent) => (status.textContent = fill(labels.attachUploading, { percent })), abort.signal).then(
      (attachmentId) => {
        status.textContent = fileSize(file.size)
        return attachmentId
      },
      (failure: unknown) => {
        if (!abort.signal.aborted) {
          error.textContent = fill(labels.attachFailed, { name: file.name, reason: failure instanceof Error ? failure.message : "" })
          drop(entry)
        }
        return null
      }
    )
    const entry: Pending = { chip, id, abort }
    remove.addEventListener("click", () => {
      abort.abort()
      error.textContent = ""
      drop(entry)
      input.focus()
    })
    list.appendChild(chip)
    return entry
  }

  const pick = () => {
    const files = Array.from(input.files ?? [])
    // Cleared, so picking the same file again still fires "change".
    input.value = ""
    if (!files.length) return
    const problems: string[] = []
    for (const file of files) {
      if (!ACCEPTED_TYPES.includes(file.type)) problems.push(fill(labels.attachWrongType, { name: file.name }))
      else if (file.size > MAX_BYTES) problems.push(fill(labels.attachTooLarge, { name: file.name, max: fileSize(MAX_BYTES) }))
      else if (pending.length >= MAX_FILES) problems.push(fill(labels.attachTooMany, { max: MAX_FILES }))
      else pending.push(start(file))
    }
    error.textContent = [...new Set(problems)].join(" ")
    sync()
  }
  input.addEventListener("change", pick)
  // The files of the pick that loaded this part.
  pick()

  return {
    async ids() {
      const entries = [...pending]
      const ids = await Promise.all(entries.map((entry) => entry.id))
      // Files removed while their upload ran are not sent.
      const sent: number[] = []
      handedOut = []
      entries.forEach((entry, index) => {
        const id = ids[index]
        if (id === null || !pending.includes(entry)) return
        sent.push(id)
        handedOut.push(entry)
      })
      return sent
    },
    clear() {
      for (const entry of handedOut) drop(entry)
      handedOut = []
      error.textContent = ""
      sync()
    },
  }
}

const fileUrl = (api: ApiClientOptions, file: ChatAttachment) =>
  file.url.startsWith("/") ? `${trimSlash(api.baseUrl)}${file.url}` : file.url

/** The file from the visitor's download route: it needs the key header and the cookie, which an `<img src>` cannot send. */
async function download(api: ApiClientOptions, file: ChatAttachment): Promise<Blob> {
  const response = await fetch(fileUrl(api, file), { headers: await storeHeaders(api), credentials: "include" })
  if (!response.ok) throw new Error(`HTTP ${response.status}`)
  return await response.blob()
}

/** Hands a blob to the browser as a download of `name`, through a short-lived object URL. */
function save(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob)
  const link = h("a", { href: url, download: name })
  link.click()
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS)
}

/** An image: fetched once, shown from an object URL revoked as soon as the image has decoded. */
function thumbnail(api: ApiClientOptions, file: ChatAttachment, labels: AttachmentLabels): HTMLElement {
  const image = h("img", { alt: file.name })
  const button = h("button", { type: "button", class: "thumb", title: fill(labels.attachmentOpen, { name: file.name }) }, image)
  const blob = download(api, file)
  blob.then(
    (data) => {
      const url = URL.createObjectURL(data)
      // A decoded image stays on screen after its URL is revoked.
      image.onload = image.onerror = () => URL.revokeObjectURL(url)
      image.src = url
    },
    () => (image.alt = fill(labels.attachmentUnavailable, { name: file.name }))
  )
  button.addEventListener("click", () => void blob.then((data) => save(data, file.name)).catch(() => undefined))
  return button
}

/** Any other file: a link that fetches it (with the key and cookie) when clicked. */
function fileLink(api: ApiClientOptions, file: ChatAttachment, labels: AttachmentLabels): HTMLElement {
  const size = h("span", { class: "size" }, fileSize(file.size))
  const link = h("a", { class: "file", href: fileUrl(api, file), download: file.name }, file.name, size)
  link.addEventListener("click", (event) => {
    event.preventDefault()
    download(api, file).then(
      (data) => save(data, file.name),
      () => (size.textContent = fill(labels.attachmentUnavailable, { name: file.name }))
    )
  })
  return link
}

/** A message's files, a box after the rest of its `item` (the page script leaves it to this part, as it does the cards). */
function render(item: HTMLElement, files: ChatAttachment[], { api, labels: given }: AttachmentArgs) {
  const labels = attachmentLabels(given)
  partStylesOnce(item, ATTACHMENT_CSS)
  item.appendChild(h("div", { class: "files" }, ...files.map((file) => (isImage(file.mime) ? thumbnail(api, file, labels) : fileLink(api, file, labels)))))
}

export const attachments: ChatExtrasModule["attachments"] = { composer, render }
