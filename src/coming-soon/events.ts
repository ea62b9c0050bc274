/** Event names the coming-soon feature emits on Medusa's event bus. */
export const COMING_SOON_EVENTS = {
  /** Data: `{ id, product_id, email, referrer_id }`; emitted once per new ledger row. */
  SIGNUP_CREATED: "launchdesk.signup.created",
} as const
