import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { grantReferralRewardsStep, type GrantReferralRewardsInput } from "./steps/grant-referral-rewards"

export const grantReferralRewardsWorkflowId = "launchdesk-grant-referral-rewards"

/** Referral rewards: one single-use code by email per signup and step reached, retried with backoff. */
export const grantReferralRewardsWorkflow = createWorkflow(grantReferralRewardsWorkflowId, (input: GrantReferralRewardsInput) => {
  return new WorkflowResponse(grantReferralRewardsStep(input))
})
