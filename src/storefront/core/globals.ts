import type { ChatController } from "./chat-controller"
import type { ComingSoonConfig } from "./coming-soon-api"
import type { LaunchDeskOptions, ResolvedOptions } from "./config"

/** What launchdesk.js hands the coming-soon part once a product turns out to be coming soon. */
export type ComingSoonMountArgs = { options: ResolvedOptions; productId: string; config: ComingSoonConfig }

export type ComingSoonModule = {
  /** Shows the block in place of the add-to-cart; the returned function puts the page back. */
  mount(args: ComingSoonMountArgs): () => void
}

/** `window.LaunchDesk`: the running widget, for stores that script it. */
export type LaunchDeskGlobal = {
  version: string
  options: ResolvedOptions
  chat: ChatController | null
  /** Re-reads which product the page shows (after a client-side navigation the bundle did not see). */
  refreshComingSoon(): Promise<void>
}

declare global {
  interface Window {
    /** Options set before the script loads; the script tag's data-* attributes win over them. */
    LaunchDeskConfig?: Partial<LaunchDeskOptions>
    LaunchDesk?: LaunchDeskGlobal
    LaunchDeskComingSoon?: ComingSoonModule
  }
}
