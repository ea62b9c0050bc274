import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { emitEventStep } from "@medusajs/medusa/core-flows"
import { COMING_SOON_EVENTS } from "../coming-soon/events"
import type { RecordSignupInput } from "../coming-soon/signup"
import { insertComingSoonSignupStep } from "./steps/insert-coming-soon-signup"
import { syncComingSoonSignupStep } from "./steps/sync-coming-soon-signup"

export const createComingSoonSignupWorkflowId = "launchdesk-create-coming-soon-signup"

/**
 * Records a waitlist signup (steps 7 and 8 of the signup action): the ledger row, the
 * provider subscribe, and `launchdesk.signup.created` for a new row. Returns
 * `{ mailer_id, referral_code, confirmed }`: the code is the ledger's, whatever the provider did.
 */
export const createComingSoonSignupWorkflow = createWorkflow(
  createComingSoonSignupWorkflowId,
  (input: RecordSignupInput) => {
    const inserted = insertComingSoonSignupStep(input)
    const synced = syncComingSoonSignupStep(inserted)

    when({ inserted }, ({ inserted }) => inserted.created).then(() => {
      emitEventStep({
        eventName: COMING_SOON_EVENTS.SIGNUP_CREATED,
        data: transform({ inserted }, ({ inserted }) => ({
          id: inserted.signup.id,
          product_id: inserted.signup.product_id,
          email: inserted.signup.email,
          referrer_id: inserted.signup.referrer_id,
        })),
      })
    })

    return new WorkflowResponse(
      transform({ inserted, synced }, ({ inserted, synced }) => ({
        mailer_id: synced.mailer_id,
        referral_code: inserted.signup.referral_code,
        confirmed: inserted.signup.confirmed_at !== null,
      }))
    )
  }
)
