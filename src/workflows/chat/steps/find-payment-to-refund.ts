import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { MedusaError } from "@medusajs/framework/utils"
import { paymentToRefund } from "../../../medusa/customer-context"

export type FindPaymentToRefundInput = { order_id: string; display_id: number; amount: number }

export const findPaymentToRefundStepId = "find-payment-to-refund"

/** The order's payment a refund is taken from; 400 when the order has no payment to refund. */
export const findPaymentToRefundStep = createStep(
  findPaymentToRefundStepId,
  async (input: FindPaymentToRefundInput, { container }) => {
    const paymentId = await paymentToRefund(container, input.order_id, input.amount)
    if (!paymentId) {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `Order #${input.display_id} has no payment to refund`)
    }
    return new StepResponse(paymentId)
  }
)
