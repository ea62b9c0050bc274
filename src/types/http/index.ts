// Every request and response shape of the plugin's routes (docs/openapi.json is generated from them).
export * from "./common"
export * from "./chat-visitor"
export * from "./admin-inbox"
export * from "./admin-reports"
export * from "./hooks"
export * from "./coming-soon-store"
export * from "./coming-soon-admin"
export * from "./back-in-stock"
