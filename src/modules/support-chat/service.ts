import { MedusaService } from "@medusajs/framework/utils"
import { sharedSecretOption } from "../../shared/shared-secret"
import { knexRunner, type ModuleConnection } from "../../shared/sql"
import type { ChatRuntime } from "./runtime/chat-runtime"
import type { PushRuntime } from "./runtime/push-runtime"
import { ConversationRepository, type MessageNotices } from "./sql/conversation-repository"
import { InboxRepository } from "./sql/inbox-repository"
import { FeedbackRepository } from "./sql/feedback-repository"
import { ReadMarksRepository } from "./sql/read-marks-repository"
import { AttachmentRepository } from "./sql/attachment-repository"
import { WaitingAlertRepository } from "./sql/waiting-alert-repository"
import { StaffMarksRepository } from "./sql/staff-marks-repository"
import { ReportRepository } from "./sql/report-repository"
import { Conversation } from "./models/conversation"
import { Message } from "./models/message"
import { CannedResponse } from "./models/canned-response"
import { Rating } from "./models/rating"
import { Attachment } from "./models/attachment"
import { Note } from "./models/note"
import type { SupportChatOptions } from "./types"

/**
 * Conversations, messages, internal notes and canned responses. The generated methods serve plain reads and
 * writes; `conversations()` and `inbox()` hold the statements that need SQL. What the process
 * keeps for the chat (push, and what the Medusa glue builds once over it) is the runtime the
 * module's loader registers (loaders/chat-runtime.ts), closed here when the application stops.
 */
class SupportChatModuleService extends MedusaService({
  Conversation,
  Message,
  CannedResponse,
  Attachment,
  Rating,
  Note,
}) {
  readonly options: SupportChatOptions
  private readonly conversations_: ConversationRepository
  private readonly inbox_: InboxRepository
  private readonly feedback_: FeedbackRepository
  private readonly readMarks_: ReadMarksRepository
  private readonly attachments_: AttachmentRepository
  private readonly waitingAlerts_: WaitingAlertRepository
  private readonly staffMarks_: StaffMarksRepository
  private readonly reports_: ReportRepository
  private readonly runtime_: ChatRuntime

  constructor(container: ModuleConnection & { chatRuntime: ChatRuntime }, options: SupportChatOptions = {}) {
    // eslint-disable-next-line prefer-rest-params -- forwards all the module loader gives, as Medusa's own module services do
    super(...arguments)
    // A short bridge secret in the options stops the app here, not at the first hook call.
    sharedSecretOption(options.bridge?.sharedSecret)
    this.options = options
    this.runtime_ = container.chatRuntime
    const sql = knexRunner(container.manager.getKnex())
    // Staff and bridge messages announce themselves as the visitor's do (the process's fan-out).
    this.conversations_ = new ConversationRepository(sql, container.chatRuntime.fanout.messageNotices)
    this.inbox_ = new InboxRepository(sql)
    this.feedback_ = new FeedbackRepository(sql)
    this.readMarks_ = new ReadMarksRepository(sql)
    this.attachments_ = new AttachmentRepository(sql)
    this.waitingAlerts_ = new WaitingAlertRepository(sql)
    this.staffMarks_ = new StaffMarksRepository(sql)
    this.reports_ = new ReportRepository(sql)
  }

  // The module lives exactly as long as the application: what it opens, it closes here.
  __hooks = {
    onApplicationShutdown: async () => {
      await this.runtime_.close()
    },
  }

  /**
   * This process's push machinery: one LISTEN connection, the idle-poll cache and the stream
   * caps. Kept on the module, never on a caller's container: jobs and workflows hand out a new
   * container (and proxies of the services) on every run.
   */
  async push(): Promise<PushRuntime> {
    return this.runtime_.push()
  }

  /**
   * What the Medusa glue builds once per process over this module (the visitor routes' deps,
   * the effects relay, the team-chat delivery): built by the first call under `key`, kept
   * until the application stops.
   */
  perProcess<Part>(key: symbol, build: () => Part): Part {
    return this.runtime_.perProcess(key, build)
  }

  /** How this process announces stored messages: undefined with PostgreSQL, whose trigger does. */
  messageNotices(): MessageNotices | undefined {
    return this.runtime_.fanout.messageNotices
  }

  /** The conversation and message statements: the visitor's hot path and the staff writes. */
  async conversations(): Promise<ConversationRepository> {
    return this.conversations_
  }

  /** The staff inbox's read queries. */
  async inbox(): Promise<InboxRepository> {
    return this.inbox_
  }

  /** Ratings, their weekly summary and the transcripts' messages. */
  async feedback(): Promise<FeedbackRepository> {
    return this.feedback_
  }

  /** Read receipts: the newest message each side has read. */
  async readMarks(): Promise<ReadMarksRepository> {
    return this.readMarks_
  }

  /** The attachment rows of the upload and download routes (the bytes are the File module's). */
  async attachments(): Promise<AttachmentRepository> {
    return this.attachments_
  }

  /** The waiting-alert emails' claims (the `waitingAlert` option). */
  async waitingAlerts(): Promise<WaitingAlertRepository> {
    return this.waitingAlerts_
  }

  /** Staff's own marks on a conversation: internal notes and labels. */
  async staffMarks(): Promise<StaffMarksRepository> {
    return this.staffMarks_
  }

  /** The support reports and the message export. */
  async reports(): Promise<ReportRepository> {
    return this.reports_
  }
}

export default SupportChatModuleService
