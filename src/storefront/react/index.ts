// React bindings for Next.js storefronts (`medusa-plugin-launchdesk/react`). The bundle built
// from this file starts with "use client": a server component imports <SupportChat /> and
// <ComingSoonGate> and renders them with serialisable props. The behaviour is the
// framework-free core's (controllers and custom elements), shared with the script tag; those
// load on mount through dynamic imports (on-demand.ts), so this module, the one every page
// loads, holds only the components' shells. getComingSoonState is in `…/react/server`.
export type { ChatController, ChatMessage, ChatNotice, ChatState } from "../core/chat-controller"
export type { ComingSoonConfig, ComingSoonController, ComingSoonState, SignupInput } from "../core/coming-soon-controller"
export type { ComingSoonLookup } from "../../shared/browser-safe/coming-soon-config"
export type { CountdownParts } from "../core/countdown"
export type { Labels, LabelOverrides, LabelMessages, LabelsOption } from "../core/labels"
export type { CustomerToken } from "../core/api"
export type { BackInStockController, BackInStockState } from "../core/back-in-stock-controller"
export { LaunchDeskProvider, useLaunchDeskConfig, type LaunchDeskConfig } from "./context"
export { SupportChat, useSupportChat, type SupportChatProps } from "./chat"
export {
  ComingSoonBlock,
  ComingSoonGate,
  useComingSoon,
  useCountdown,
  type ComingSoonGateProps,
  type ComingSoonInitialState,
  type ProductRef,
} from "./coming-soon"
export { BackInStockGate, useBackInStock, type BackInStockGateProps } from "./back-in-stock"
