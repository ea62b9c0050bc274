import { CHAT_LABELS, COMING_SOON_LABELS, type LabelOverrides, type Labels } from "./labels"

// Apart from labels.ts: an object spread is kept by the bundler even when unused, and the
// script every page loads needs the chat's texts only.
export const DEFAULT_LABELS: Labels = { ...CHAT_LABELS, ...COMING_SOON_LABELS }

export const withLabels = (overrides?: LabelOverrides): Labels => ({ ...DEFAULT_LABELS, ...overrides })
