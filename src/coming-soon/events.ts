/** Event names the coming-soon feature emits on Medusa's event bus. */
export const COMING_SOON_EVENTS = {
  /** Data: `{ id, product_id, email, referrer_id }`; emitted once per new ledger row. */
  SIGNUP_CREATED: "launchdesk.signup.created",
  /** Data: `{ product_id, launch_id, trigger }`; emitted once per product, when it launches. */
  PRODUCT_LAUNCHED: "launchdesk.coming-soon.launched",
} as const
