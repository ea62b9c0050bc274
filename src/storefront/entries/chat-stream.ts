// launchdesk-chat-stream.js: the push stream's reader, loaded by launchdesk.js once a
// conversation opens its stream (the chat polls until then).
import { createStreamClient } from "../core/store-stream"

window.LaunchDeskChatStream = { createStreamClient }
