import { Button, Input, Label, RadioGroup, Textarea, toast, usePrompt } from "@medusajs/ui"
import { useState } from "react"
import { errorMessage, formatMoney } from "../../lib/format"
import { useT } from "../../lib/i18n"
import { MAX_REFUND_NOTE_LENGTH, useCancelOrder, useRefundOrder } from "../../lib/order-action-hooks"
import type { ContextOrder } from "../../lib/types"
import { FieldLabel, FormField } from "../form-field"
import { ActionDrawer } from "./action-drawer"

/** Cancel and Refund for one order of the pane, each behind a confirmation that says what will happen. */
export function OrderActions({ conversationId, order }: { conversationId: number; order: ContextOrder }) {
  const { t } = useT()
  const prompt = usePrompt()
  const cancel = useCancelOrder()
  const [refunding, setRefunding] = useState(false)
  const canCancel = order.status !== "canceled"
  // What was captured and not refunded yet.
  const canRefund = order.refundable_amount > 0
  if (!canCancel && !canRefund) return null

  const confirmCancel = async () => {
    const confirmed = await prompt({
      title: t("orderActions.cancelTitle", { number: order.display_id }),
      description: t("orderActions.cancelDescription", { number: order.display_id, total: formatMoney(order.total, order.currency_code) }),
      confirmText: t("orderActions.cancelConfirm"),
      cancelText: t("orderActions.keep"),
      variant: "danger",
    })
    if (!confirmed) return
    try {
      await cancel.mutateAsync({ conversationId, orderId: order.id })
      toast.success(t("orderActions.canceled", { number: order.display_id }))
    } catch (error) {
      // Medusa's own message, as it came (a fulfilled order, one already canceled).
      toast.error(t("orderActions.refused"), { description: errorMessage(error) })
    }
  }

  return (
    <div className="flex items-center gap-x-2" role="group" aria-label={t("orderActions.actionsFor", { number: order.display_id })}>
      {canCancel && (
        <Button size="small" variant="transparent" onClick={confirmCancel} isLoading={cancel.isPending} data-action="cancel-order">
          {t("orderActions.cancel")}
        </Button>
      )}
      {canRefund && (
        <Button size="small" variant="transparent" onClick={() => setRefunding(true)} data-action="refund-order">
          {t("orderActions.refund")}
        </Button>
      )}
      {refunding && <RefundDrawer conversationId={conversationId} order={order} onClose={() => setRefunding(false)} />}
    </div>
  )
}

/** The refund form: full or partial, the amount, an optional note for the team, and Medusa's refusal as it came. */
function RefundDrawer({ conversationId, order, onClose }: { conversationId: number; order: ContextOrder; onClose: () => void }) {
  const { t } = useT()
  const refund = useRefundOrder()
  const [mode, setMode] = useState<"full" | "partial">("full")
  const [typed, setTyped] = useState("")
  const [note, setNote] = useState("")
  const [refusal, setRefusal] = useState<string>()
  const amount = mode === "full" ? order.refundable_amount : Number(typed.replace(",", "."))
  const valid = Number.isFinite(amount) && amount > 0
  const money = (value: number) => formatMoney(value, order.currency_code)

  const submit = async () => {
    setRefusal(undefined)
    try {
      await refund.mutateAsync({ conversationId, orderId: order.id, amount, note: note.trim() || undefined })
      toast.success(t("orderActions.refunded", { amount: money(amount), number: order.display_id }))
      onClose()
    } catch (error) {
      setRefusal(errorMessage(error))
    }
  }

  return (
    <ActionDrawer
      title={t("orderActions.refundTitle", { number: order.display_id })}
      summary={valid ? t("orderActions.refundSummary", { amount: money(amount), number: order.display_id }) : t("orderActions.amountInvalid")}
      refusal={refusal}
      submitLabel={valid ? t("orderActions.refundConfirm", { amount: money(amount) }) : t("orderActions.refund")}
      action="confirm-refund"
      valid={valid}
      pending={refund.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <RadioGroup value={mode} onValueChange={(value) => setMode(value as "full" | "partial")} className="flex flex-col gap-y-2">
        <div className="flex items-center gap-x-2">
          <RadioGroup.Item value="full" id="refund-full" />
          <Label htmlFor="refund-full" size="small">
            {t("orderActions.refundFull", { amount: money(order.refundable_amount) })}
          </Label>
        </div>
        <div className="flex items-center gap-x-2">
          <RadioGroup.Item value="partial" id="refund-partial" />
          <Label htmlFor="refund-partial" size="small">
            {t("orderActions.refundPartial")}
          </Label>
        </div>
      </RadioGroup>
      {mode === "partial" && (
        <FormField label={<FieldLabel htmlFor="refund-amount">{t("orderActions.refundAmount", { currency: order.currency_code.toUpperCase() })}</FieldLabel>}>
          <Input id="refund-amount" type="number" inputMode="decimal" min={0} step="any" value={typed} onChange={(event) => setTyped(event.target.value)} />
        </FormField>
      )}
      <FormField label={<FieldLabel htmlFor="refund-note">{t("orderActions.refundNote")}</FieldLabel>}>
        <Textarea id="refund-note" rows={2} maxLength={MAX_REFUND_NOTE_LENGTH} value={note} onChange={(event) => setNote(event.target.value)} />
      </FormField>
    </ActionDrawer>
  )
}
