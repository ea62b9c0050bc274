import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { SignupRow } from "../../modules/coming-soon/sql/signup-repository"
import type { RecordSignupInput } from "../../coming-soon/signup"
import { comingSoonConfigOf, comingSoonModule } from "../../medusa/coming-soon"
import { syncLeaseSeconds } from "../../coming-soon/sync"

export type InsertedComingSoonSignup = { signup: SignupRow; created: boolean }

export const insertComingSoonSignupStepId = "insert-coming-soon-signup"

/**
 * Adds a signup to the ledger unless (email, product) is there already. A new `pending` row
 * is claimed for this request's own sync attempt (the sync job leaves it alone meanwhile).
 * Compensation removes a row this step created.
 */
export const insertComingSoonSignupStep = createStep(
  insertComingSoonSignupStepId,
  async (input: RecordSignupInput, { container }) => {
    const store = await comingSoonModule(container).signups()
    const inserted = await store.insertSignup({ ...input, leaseSeconds: syncLeaseSeconds(comingSoonConfigOf(container)) })
    return new StepResponse<InsertedComingSoonSignup, string | null>(inserted, inserted.created ? inserted.signup.id : null)
  },
  async (createdId, { container }) => {
    if (!createdId) return
    await comingSoonModule(container).deleteCsSignups(createdId)
  }
)
