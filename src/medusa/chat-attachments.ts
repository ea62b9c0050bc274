import { randomBytes } from "node:crypto"
import { access } from "node:fs/promises"
import path from "node:path"
import { pipeline } from "node:stream/promises"
import type { Readable } from "node:stream"
import { configManager } from "@medusajs/framework/config"
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { IFileModuleService } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import type { Logger } from "@medusajs/framework/types"
import multer from "multer"
import { SUPPORT_CHAT_MODULE, type SupportChatModuleService } from "../modules/support-chat"
import type { AttachmentUploader } from "../modules/support-chat/models/attachment"
import type { AttachmentCaps, AttachmentFile } from "../modules/support-chat/sql/attachment-repository"
import { attachmentSettings } from "../chat/attachments/settings"
import { takeDailyUploadBytes } from "../chat/attachments/daily-budget"
import type { QuotaUnit } from "../modules/launchdesk/sql/daily-quota-repository"
import { ACCEPTED_TYPES_TEXT, attachmentName, isImageMime, sniffAttachmentType } from "../chat/attachments/file-types"
import { limitedConversation, noCookie, visitorConversation } from "../chat/visitor/visitor-api"
import { invalid, notFound, ok, type Refusal, type Success } from "../shared/outcome"
import { sendOutcome } from "../shared/send-outcome"
import { int4IdFromPath } from "../shared/input-schema"
import { medusaVisitorDeps } from "./chat"
import type { UploadedAttachmentType } from "../types/http/chat-visitor"
import { visitorRequestOf } from "./visitor-routes"

/** The form field that carries the file. */
export const ATTACHMENT_FIELD = "file"

const chatModule = (req: MedusaRequest) => req.scope.resolve<SupportChatModuleService>(SUPPORT_CHAT_MODULE)
const fileModule = (req: MedusaRequest) => req.scope.resolve<IFileModuleService>(Modules.FILE)

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`

/**
 * Reads the one file of a multipart request into memory, bounded: multer stops reading past
 * `maxBytes` or at a second file, and any other form field is refused. Every failure is the
 * client's (a malformed form included): a 400 with the reason.
 */
async function readOneFile(
  req: MedusaRequest,
  res: MedusaResponse,
  maxBytes: number
): Promise<{ file: Express.Multer.File } | { refusal: string }> {
  const parse = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: maxBytes, files: 1, fields: 0, parts: 1 },
    // Browsers send a file name's UTF-8 bytes as they are.
    defParamCharset: "utf8",
  }).single(ATTACHMENT_FIELD)
  try {
    await new Promise<void>((resolve, reject) => parse(req, res, (error: unknown) => (error ? reject(error) : resolve())))
  } catch (error) {
    if (!(error instanceof multer.MulterError)) {
      return { refusal: "The upload is not a well-formed multipart/form-data body." }
    }
    switch (error.code) {
      case "LIMIT_FILE_SIZE":
        return { refusal: `The file is too large: at most ${megabytes(maxBytes)}.` }
      case "LIMIT_FILE_COUNT":
      case "LIMIT_PART_COUNT":
        return { refusal: `Send one file per upload, in the form field "${ATTACHMENT_FIELD}", and no other field.` }
      default:
        return { refusal: `Send the file in the form field "${ATTACHMENT_FIELD}", and no other field.` }
    }
  }
  if (!req.file) {
    return { refusal: `Send one file as multipart/form-data, in the form field "${ATTACHMENT_FIELD}".` }
  }
  if (req.file.size === 0) {
    return { refusal: "The file is empty." }
  }
  return { file: req.file }
}

type Upload = {
  conversation_id: number
  uploader: AttachmentUploader
  caps: AttachmentCaps | null
  maxBytes: number
  /** The uploader's daily budget of bytes (shoppers only); null when staff upload. */
  budget: UploadBudget | null
}

type UploadBudget = {
  take: (bytes: number) => Promise<{ unit: QuotaUnit } | { refusal: Refusal }>
  /** Hands the bytes of an upload that stored nothing back. */
  giveBack: (unit: QuotaUnit) => Promise<void>
}

/** The upload's answer (CONTRACT §8). */
export type UploadedAttachment = UploadedAttachmentType

/**
 * The key the File module stores a chat file under: 128 random bits and the type's extension,
 * nothing guessable (no conversation, time or client name), so two uploads in one millisecond
 * never share a key. A provider may add its own prefix (Medusa's local one: `private-<time>-`).
 */
const storedFileName = (extension: string) => `${randomBytes(16).toString("hex")}.${extension}`

// Said once per process: the host's File module serves the plugin's private files publicly.
let warnedPublicStatic = false

/**
 * Medusa serves `<project>/static` to anyone at `/static`; Medusa's local File provider puts
 * private files there unless its `private_upload_dir` option names another folder (docs/chat.md
 * "Attachments"). Whatever the provider, a stored key found there is public: say so.
 */
async function warnIfServedPublicly(logger: Logger, key: string) {
  if (warnedPublicStatic) return
  const staticDir = path.resolve(configManager.baseDir, "static")
  const stored = path.resolve(staticDir, key)
  if (!stored.startsWith(`${staticDir}${path.sep}`)) return
  const found = await access(stored).then(
    () => true,
    () => false
  )
  if (!found || warnedPublicStatic) return
  warnedPublicStatic = true
  logger.warn(
    "launchdesk: chat attachments are stored under static/, which Medusa serves without authentication. " +
      "Set the local File provider's `private_upload_dir` option to a folder outside static/ (docs/chat.md \"Attachments\")."
  )
}

/**
 * Hands the bytes to the File module as they are (no base64 copy) through its upload stream;
 * a provider without one gets them base64-encoded through `createFiles`. Returns the key.
 */
async function storeBytes(files: IFileModuleService, filename: string, mimeType: string, bytes: Buffer): Promise<string> {
  let upload: Awaited<ReturnType<IFileModuleService["getUploadStream"]>>
  try {
    upload = await files.getUploadStream({ filename, mimeType, access: "private" })
  } catch (error) {
    // AbstractFileProviderService's default: the provider has no upload stream.
    if (!(error instanceof Error && error.message.includes("must be overridden"))) throw error
    const stored = await files.createFiles({ filename, mimeType, content: bytes.toString("base64"), access: "private" })
    return stored.id
  }
  upload.writeStream.end(bytes)
  return (await upload.promise).key
}

/**
 * Reads, checks and stores one upload: the type comes from the bytes, a shopper's bytes come
 * out of their address's daily budget, the bytes go to the File module (private, under a
 * random key), and the row is recorded within the conversation's caps. A refused row takes
 * its file back out of storage and its bytes back to the budget, so it leaves nothing behind.
 */
async function storeUpload(
  req: MedusaRequest,
  res: MedusaResponse,
  upload: Upload
): Promise<Success<UploadedAttachment> | Refusal> {
  const read = await readOneFile(req, res, upload.maxBytes)
  if ("refusal" in read) return invalid(read.refusal)
  const type = sniffAttachmentType(read.file.buffer)
  if (!type) {
    return invalid(`This type of file cannot be attached: only ${ACCEPTED_TYPES_TEXT}.`)
  }
  const name = attachmentName(read.file.originalname, type)
  const taken = upload.budget ? await upload.budget.take(read.file.size) : null
  if (taken && "refusal" in taken) return taken.refusal
  const giveBack = async () => {
    if (taken && upload.budget) await upload.budget.giveBack(taken.unit)
  }
  const files = fileModule(req)
  const logger = req.scope.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  let fileId: string
  try {
    fileId = await storeBytes(files, storedFileName(type.extension), type.mime, read.file.buffer)
  } catch (error) {
    await giveBack()
    throw error
  }
  await warnIfServedPublicly(logger, fileId)
  const recorded = await (await chatModule(req).attachments()).insertWithinCaps(
    {
      conversation_id: upload.conversation_id,
      uploader: upload.uploader,
      name,
      mime: type.mime,
      size: read.file.size,
      file_id: fileId,
    },
    upload.caps
  )
  if (recorded === "full" || recorded === null) {
    await giveBack()
    await files.deleteFiles(fileId).catch((error: unknown) => {
      logger.warn(`launchdesk: refused attachment file ${fileId} could not be deleted: ${String(error)}`)
    })
    if (recorded === null) {
      return upload.uploader === "visitor" ? noCookie() : notFound(`Conversation ${upload.conversation_id} was not found`)
    }
    return invalid(
      `This conversation holds as many attachments as it may (${upload.caps?.maxCount} files, ${megabytes(upload.caps?.maxBytes ?? 0)}).`
    )
  }
  return ok({ attachment_id: recorded.attachment_id, name: recorded.name, mime: recorded.mime, size: recorded.size })
}

/** `POST /store/app/v1/attachments`: a shopper's file for their own conversation. */
export async function visitorUploadRoute(req: MedusaRequest, res: MedusaResponse) {
  const deps = await medusaVisitorDeps(req.scope)
  const visitor = visitorRequestOf(req)
  const settings = attachmentSettings(chatModule(req).options)
  // The limit and the cookie come before the body is read: a refused request uploads nothing.
  const found = await limitedConversation(deps, visitor, { scope: "attachment", rule: settings.rateLimit })
  if ("refusal" in found) return sendOutcome(res, found.refusal)
  sendOutcome(
    res,
    await storeUpload(req, res, {
      conversation_id: found.conversation.conversation_id,
      uploader: "visitor",
      caps: settings.perConversation,
      maxBytes: settings.maxBytes,
      budget: {
        take: (bytes) => takeDailyUploadBytes(deps.dailyQuota, visitor.ip, bytes, settings.perAddressDailyBytes),
        giveBack: (unit) => deps.dailyQuota.giveBack(unit),
      },
    })
  )
}

/** `POST /admin/app/v1/attachments?conversation_id=N`: a file an agent will send in that conversation. */
export async function staffUploadRoute(req: MedusaRequest, res: MedusaResponse, conversationId: number) {
  const outcome = await storeUpload(req, res, {
    conversation_id: conversationId,
    uploader: "agent",
    // Staff are not capped; their files still count towards the conversation's totals.
    caps: null,
    maxBytes: attachmentSettings(chatModule(req).options).maxBytes,
    budget: null,
  })
  if (outcome.kind === "ok") return res.json(outcome.body)
  throw new MedusaError(
    outcome.kind === "not_found" ? MedusaError.Types.NOT_FOUND : MedusaError.Types.INVALID_DATA,
    outcome.message
  )
}

const attachmentIdOf = (req: MedusaRequest) => int4IdFromPath(req.params.id)

/** `GET /store/app/v1/attachments/:id`: the file, for the shopper whose conversation it is in. */
export async function visitorDownloadRoute(req: MedusaRequest, res: MedusaResponse) {
  const deps = await medusaVisitorDeps(req.scope)
  const found = await visitorConversation(deps, visitorRequestOf(req))
  if ("refusal" in found) return sendOutcome(res, found.refusal)
  const id = attachmentIdOf(req)
  // Another conversation's attachment answers exactly as one that never existed.
  const file =
    id === null ? null : await (await chatModule(req).attachments()).findForVisitor(id, found.conversation.conversation_id)
  if (!file) return sendOutcome(res, notFound(`Attachment ${id ?? ""} was not found`.trim()))
  await sendFile(req, res, file)
}

/** `GET /admin/app/v1/attachments/:id`: the file of whichever conversation, for staff. */
export async function staffDownloadRoute(req: MedusaRequest, res: MedusaResponse) {
  const id = attachmentIdOf(req)
  const file = id === null ? null : await (await chatModule(req).attachments()).findForStaff(id)
  if (!file) throw new MedusaError(MedusaError.Types.NOT_FOUND, "Attachment was not found")
  await sendFile(req, res, file)
}

/** Settles once the stream has bytes to read, or fails with its error. */
function firstRead(stream: Readable): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: unknown) => {
      stream.off("readable", onReadable)
      reject(error)
    }
    const onReadable = () => {
      stream.off("error", onError)
      resolve()
    }
    stream.once("error", onError)
    stream.once("readable", onReadable)
  })
}

/** RFC 6266 `filename*` with an ASCII `filename` for old clients. */
function contentDisposition(kind: "inline" | "attachment", name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, "_")
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`
}

/**
 * Streams a stored file with the type found at upload. Images may show inline (thumbnails);
 * everything else downloads. `nosniff` and a sandboxing CSP keep a browser from reading the
 * bytes as anything else.
 */
async function sendFile(req: MedusaRequest, res: MedusaResponse, file: AttachmentFile) {
  let stream: Readable
  try {
    stream = await fileModule(req).getDownloadStream(file.file_id)
    // A file gone from storage fails on the first read: answer 404 before any header is sent.
    await firstRead(stream)
  } catch {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `The file of attachment ${file.attachment_id} is no longer stored`)
  }
  res.status(200)
  res.setHeader("Content-Type", file.mime)
  res.setHeader("Content-Length", String(file.size))
  res.setHeader("Content-Disposition", contentDisposition(isImageMime(file.mime) ? "inline" : "attachment", file.name))
  res.setHeader("X-Content-Type-Options", "nosniff")
  res.setHeader("Content-Security-Policy", "default-src 'none'; sandbox")
  // The same id is always the same bytes; only this browser may keep them.
  res.setHeader("Cache-Control", "private, max-age=86400, immutable")
  await pipeline(stream, res).catch(() => {
    // The client left mid-download; nothing to answer.
  })
}
