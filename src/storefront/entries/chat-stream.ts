// launchdesk-chat-stream.js: the push stream (its lifecycle, backoff and SSE reader), loaded by
// launchdesk.js once a conversation opens its stream (the chat polls until then).
import type { ApiClientOptions } from "../core/api"
import { chatStream } from "../core/chat-stream"
import { createStreamClient } from "../core/store-stream"

window.LaunchDeskChatStream = { chatStream: (api: ApiClientOptions) => chatStream(createStreamClient(api)) }
