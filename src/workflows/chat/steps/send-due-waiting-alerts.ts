import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { SUPPORT_CHAT_MODULE, type SupportChatModuleService } from "../../../modules/support-chat"
import { sendDueWaitingAlerts, waitingAlertConfig, type WaitingAlertCounts } from "../../../chat/waiting-alert"
import { waitingAlertDepsOf } from "../../../medusa/waiting-alert"
import { hasEmailProvider, NO_EMAIL_PROVIDER } from "../../../medusa/email-channel"

export const sendDueWaitingAlertsStepId = "send-due-waiting-alerts"

// A run is bounded whatever the backlog (a provider outage, the option just switched on).
const MAX_ALERTS_PER_RUN = 50
const LEASE_SECONDS = 300
const NONE: WaitingAlertCounts = { sent: 0, alerted: 0, held: 0, failed: 0, unaddressed: 0 }

// Said once per process, not every minute.
let reportedNoProvider = false

/** Emails the waiting alerts that are due (the `waitingAlert` option); safe in any number of processes at once. */
export const sendDueWaitingAlertsStep = createStep(sendDueWaitingAlertsStepId, async (_input: void, { container }) => {
  const config = waitingAlertConfig(container.resolve<SupportChatModuleService>(SUPPORT_CHAT_MODULE).options.waitingAlert)
  if (!config) return new StepResponse(NONE)
  if (!hasEmailProvider(container)) {
    if (!reportedNoProvider) {
      container.resolve(ContainerRegistrationKeys.LOGGER).warn(`launchdesk: waiting alerts are not sent: ${NO_EMAIL_PROVIDER}`)
      reportedNoProvider = true
    }
    return new StepResponse(NONE)
  }
  const counts = await sendDueWaitingAlerts(await waitingAlertDepsOf(container), config, {
    maxPerRun: MAX_ALERTS_PER_RUN,
    leaseSeconds: LEASE_SECONDS,
  })
  return new StepResponse(counts)
})
