import { MedusaService, InjectManager, MedusaContext } from "@medusajs/framework/utils"
import type { Context } from "@medusajs/framework/types"
import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/postgresql"
import { knexRunner } from "../../shared/sql"
import { ChatSqlStore } from "./chat-sql-store"
import { InboxSqlStore } from "./inbox-sql-store"
import { Conversation } from "./models/conversation"
import { Message } from "./models/message"
import { CannedResponse } from "./models/canned-response"
import type { SupportChatOptions } from "./types"

class SupportChatModuleService extends MedusaService({
  Conversation,
  Message,
  CannedResponse,
}) {
  readonly options: SupportChatOptions
  private store_?: ChatSqlStore
  private inbox_?: InboxSqlStore

  constructor(container: Record<string, unknown>, options: SupportChatOptions = {}) {
    super(...arguments)
    this.options = options
  }

  /** The hot-path statements over this module's connection pool. */
  async visitorStore(): Promise<ChatSqlStore> {
    const store = this.store_ ?? new ChatSqlStore(knexRunner((await this.manager_()).getKnex()))
    this.store_ = store
    return store
  }

  /** The staff inbox's read queries. */
  async inboxStore(): Promise<InboxSqlStore> {
    const inbox = this.inbox_ ?? new InboxSqlStore(knexRunner((await this.manager_()).getKnex()))
    this.inbox_ = inbox
    return inbox
  }

  @InjectManager()
  protected async manager_(@MedusaContext() sharedContext: Context = {}): Promise<SqlEntityManager> {
    return sharedContext.manager as SqlEntityManager
  }
}

export default SupportChatModuleService
