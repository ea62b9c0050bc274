export * from "./reply-to-conversation"
export * from "./close-conversation"
export * from "./assign-conversation"
