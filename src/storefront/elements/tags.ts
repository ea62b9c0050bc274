// The custom elements' names, apart from their classes: the React bindings render the tags on
// every page and load the classes only when one is needed.
export const CHAT_TAG = "launchdesk-chat"
export const COMING_SOON_TAG = "launchdesk-coming-soon"
export const BACK_IN_STOCK_TAG = "launchdesk-back-in-stock"
