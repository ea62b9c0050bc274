// The chat's statements are written once, by role, beside this file; this class composes them
// into the one object both lanes share (`conversations()` of the module service, the fast lane).
import type { SqlRunner } from "../../../shared/sql"
import { ConversationLifeRepository } from "./conversation-life-repository"
import { MessageReadRepository } from "./message-read-repository"
import { MessageWriteRepository } from "./message-write-repository"
import type { MessageNotices } from "./message-rows"

export {
  CONVERSATION_GROUP_PREFIX,
  MESSAGE_PAGE_SIZE,
  messagesSince,
  toPage,
  type BridgeMessageRow,
  type CannedChoice,
  type CannedVariant,
  type ConversationRow,
  type MessageDTO,
  type MessageEffect,
  type MessageNotices,
  type MessagePage,
  type NewMessage,
  type VisitorConversation,
} from "./message-rows"

/**
 * The chat's write and hot-path statements, shared by the Medusa module service and the
 * fast lane. Each method is one statement: cheap per request, and atomic on its own.
 */
export class ConversationRepository {
  readonly life: ConversationLifeRepository
  readonly reads: MessageReadRepository
  readonly writes: MessageWriteRepository

  constructor(sql: SqlRunner, notices?: MessageNotices) {
    this.life = new ConversationLifeRepository(sql, notices)
    this.reads = new MessageReadRepository(sql)
    this.writes = new MessageWriteRepository(sql, notices)
  }

  // The conversation's row: find, create, link, address, status, close, assignee, bridge thread, claims.
  findConversationByVisitor(...args: Parameters<ConversationLifeRepository["findConversationByVisitor"]>) {
    return this.life.findConversationByVisitor(...args)
  }
  createConversation(...args: Parameters<ConversationLifeRepository["createConversation"]>) {
    return this.life.createConversation(...args)
  }
  setLocale(...args: Parameters<ConversationLifeRepository["setLocale"]>) {
    return this.life.setLocale(...args)
  }
  setPricing(...args: Parameters<ConversationLifeRepository["setPricing"]>) {
    return this.life.setPricing(...args)
  }
  pricing(...args: Parameters<ConversationLifeRepository["pricing"]>) {
    return this.life.pricing(...args)
  }
  linkCustomer(...args: Parameters<ConversationLifeRepository["linkCustomer"]>) {
    return this.life.linkCustomer(...args)
  }
  touchVisitorSeen(...args: Parameters<ConversationLifeRepository["touchVisitorSeen"]>) {
    return this.life.touchVisitorSeen(...args)
  }
  touchVisitorsSeen(...args: Parameters<ConversationLifeRepository["touchVisitorsSeen"]>) {
    return this.life.touchVisitorsSeen(...args)
  }
  saveVisitorEmail(...args: Parameters<ConversationLifeRepository["saveVisitorEmail"]>) {
    return this.life.saveVisitorEmail(...args)
  }
  setStatus(...args: Parameters<ConversationLifeRepository["setStatus"]>) {
    return this.life.setStatus(...args)
  }
  close(...args: Parameters<ConversationLifeRepository["close"]>) {
    return this.life.close(...args)
  }
  setAssignee(...args: Parameters<ConversationLifeRepository["setAssignee"]>) {
    return this.life.setAssignee(...args)
  }
  claimOfflineEmail(...args: Parameters<ConversationLifeRepository["claimOfflineEmail"]>) {
    return this.life.claimOfflineEmail(...args)
  }
  setBridgeThread(...args: Parameters<ConversationLifeRepository["setBridgeThread"]>) {
    return this.life.setBridgeThread(...args)
  }
  findConversationByBridgeThread(...args: Parameters<ConversationLifeRepository["findConversationByBridgeThread"]>) {
    return this.life.findConversationByBridgeThread(...args)
  }
  claimAutoReply(...args: Parameters<ConversationLifeRepository["claimAutoReply"]>) {
    return this.life.claimAutoReply(...args)
  }
  releaseAutoReply(...args: Parameters<ConversationLifeRepository["releaseAutoReply"]>) {
    return this.life.releaseAutoReply(...args)
  }
  releaseOfflineEmail(...args: Parameters<ConversationLifeRepository["releaseOfflineEmail"]>) {
    return this.life.releaseOfflineEmail(...args)
  }

  // Message reads: pages, polls, the push catch-up, the bridge, the auto-reply.
  latestMessages(...args: Parameters<MessageReadRepository["latestMessages"]>) {
    return this.reads.latestMessages(...args)
  }
  messagesSince(...args: Parameters<MessageReadRepository["messagesSince"]>) {
    return this.reads.messagesSince(...args)
  }
  messagesForVisitor(...args: Parameters<MessageReadRepository["messagesForVisitor"]>) {
    return this.reads.messagesForVisitor(...args)
  }
  highestMessageId(...args: Parameters<MessageReadRepository["highestMessageId"]>) {
    return this.reads.highestMessageId(...args)
  }
  latestMessagesAbove(...args: Parameters<MessageReadRepository["latestMessagesAbove"]>) {
    return this.reads.latestMessagesAbove(...args)
  }
  messageForBridge(...args: Parameters<MessageReadRepository["messageForBridge"]>) {
    return this.reads.messageForBridge(...args)
  }
  cannedChoices(...args: Parameters<MessageReadRepository["cannedChoices"]>) {
    return this.reads.cannedChoices(...args)
  }
  hasVisitorMessage(...args: Parameters<MessageReadRepository["hasVisitorMessage"]>) {
    return this.reads.hasVisitorMessage(...args)
  }

  // Message writes: each stores a message and moves its conversation in one statement.
  insertMessage(...args: Parameters<MessageWriteRepository["insertMessage"]>) {
    return this.writes.insertMessage(...args)
  }
  insertWithinBytes(...args: Parameters<MessageWriteRepository["insertWithinBytes"]>) {
    return this.writes.insertWithinBytes(...args)
  }
  removeMessage(...args: Parameters<MessageWriteRepository["removeMessage"]>) {
    return this.writes.removeMessage(...args)
  }
  insertMessageOnce(...args: Parameters<MessageWriteRepository["insertMessageOnce"]>) {
    return this.writes.insertMessageOnce(...args)
  }
}
