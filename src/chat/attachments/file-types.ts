/**
 * The file types a chat accepts, told by their first bytes (never by the name or the client's
 * type): photos of an item and PDF documents (an invoice, a label). Anything else, HTML and SVG
 * included (a browser would run their scripts), is refused.
 */
export type AttachmentType = { mime: string; extension: string; image: boolean }

type Signature = { type: AttachmentType; matches: (bytes: Buffer) => boolean }

const startsWith = (bytes: Buffer, prefix: readonly number[], offset = 0) =>
  bytes.length >= offset + prefix.length && prefix.every((byte, index) => bytes[offset + index] === byte)

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0))

const SIGNATURES: Signature[] = [
  { type: { mime: "image/jpeg", extension: "jpg", image: true }, matches: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  {
    type: { mime: "image/png", extension: "png", image: true },
    matches: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  },
  {
    type: { mime: "image/gif", extension: "gif", image: true },
    matches: (b) => startsWith(b, ascii("GIF87a")) || startsWith(b, ascii("GIF89a")),
  },
  {
    type: { mime: "image/webp", extension: "webp", image: true },
    matches: (b) => startsWith(b, ascii("RIFF")) && startsWith(b, ascii("WEBP"), 8),
  },
  { type: { mime: "application/pdf", extension: "pdf", image: false }, matches: (b) => startsWith(b, ascii("%PDF-")) },
]

/** The names of the accepted types, for the refusal's message and the README. */
export const ACCEPTED_TYPES_TEXT = "JPEG, PNG, GIF or WebP images, or PDF documents"

/** The type the bytes are, or null when they are none of the accepted ones. */
export function sniffAttachmentType(bytes: Buffer): AttachmentType | null {
  return SIGNATURES.find((signature) => signature.matches(bytes))?.type ?? null
}

/** Whether a stored mime type is shown inline (an image thumbnail) rather than downloaded. */
export const isImageMime = (mime: string) => SIGNATURES.some((s) => s.type.image && s.type.mime === mime)

const MAX_NAME_LENGTH = 200
// Control characters, path separators and characters that break a header or a file system.
const UNSAFE_NAME_CHARACTERS = /[\p{Cc}/\\:*?"<>|\p{Cs}]/gu

/**
 * The name shown and downloaded: the client's name without any path, unsafe characters or
 * trailing dots, at most 200 characters, and ending in the extension of the type found in the
 * bytes (a PNG sent as `photo.pdf` is `photo.png`), so a download opens in the right program.
 */
export function attachmentName(clientName: string | undefined, type: AttachmentType): string {
  const base = (clientName ?? "").split(/[/\\]/).pop() ?? ""
  const cleaned = base.replace(UNSAFE_NAME_CHARACTERS, "_").trim().replace(/^\.+/, "")
  const dot = cleaned.lastIndexOf(".")
  const stem = (dot > 0 ? cleaned.slice(0, dot) : cleaned).replace(/[.\s]+$/, "") || "attachment"
  const suffix = `.${type.extension}`
  return `${[...stem].slice(0, MAX_NAME_LENGTH - suffix.length).join("")}${suffix}`
}
