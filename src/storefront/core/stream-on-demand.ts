import type { ChatStreamHandle, StreamTransport } from "./chat-stream"

/**
 * The script tag's push transport: a stand-in that loads the stream's code
 * (launchdesk-chat-stream.js, `load`) with the first stream a conversation opens, so a page whose
 * shopper never chats does not fetch it. Until it is there the chat polls; when it cannot load,
 * the chat keeps polling for the rest of the page's life.
 */
export function streamOnDemand(load: () => Promise<StreamTransport>): StreamTransport {
  return (options) => {
    let real: ChatStreamHandle | null = null
    let started = false
    let hidden = false
    let failed = false
    /** The conversation whose stream was asked for before the code came. */
    let wanted: number | null = null
    return {
      isLive: () => real?.isLive() ?? false,
      start() {
        started = true
        real?.start()
      },
      stop() {
        started = false
        wanted = null
        real?.stop()
      },
      connect(conversationId) {
        if (real) return real.connect(conversationId)
        if (failed) return
        wanted = conversationId
        load().then(
          (transport) => {
            real ??= transport(options)
            if (started) real.start()
            if (hidden) real.tabHidden()
            if (wanted !== null) real.connect(wanted)
          },
          () => {
            failed = true
            options.onDown(false)
          }
        )
      },
      close() {
        wanted = null
        real?.close()
      },
      reset() {
        wanted = null
        real?.reset()
      },
      tabHidden() {
        hidden = true
        real?.tabHidden()
      },
      tabShown() {
        hidden = false
        real?.tabShown()
      },
      expectEcho: (messageId) => real?.expectEcho(messageId),
    }
  }
}
