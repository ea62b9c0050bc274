import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { eraseSignup, type SignupErasure } from "../../../coming-soon/erasure"
import { signupErasureDepsOf } from "../../../medusa/coming-soon-erasure"

export type EraseComingSoonSignupInput = { id: string }

export const eraseComingSoonSignupStepId = "erase-coming-soon-signup"

/**
 * Erases one signup (see `eraseSignup`): MailerLite's subscriber, the row's Notification
 * records, its unused code, the row. No compensation: an erasure is not undone.
 */
export const eraseComingSoonSignupStep = createStep(
  eraseComingSoonSignupStepId,
  async (input: EraseComingSoonSignupInput, { container }) => {
    const result: SignupErasure = await eraseSignup(await signupErasureDepsOf(container), input.id)
    return new StepResponse(result)
  }
)
