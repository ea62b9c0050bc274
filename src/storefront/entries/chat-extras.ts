// launchdesk-chat-extras.js: the chat's part a shopper needs only sometimes (attachments,
// rating), loaded by the chat widget when it first needs it.
import { chatExtras } from "../elements/chat-extras"

window.LaunchDeskChatExtras = chatExtras
