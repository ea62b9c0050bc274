import { Badge, Button, Input, Select, Text, toast } from "@medusajs/ui"
import { useState } from "react"
import { errorMessage, formatDate, formatMoney } from "../../lib/format"
import { useT } from "../../lib/i18n"
import { useConversationContext } from "../../lib/chat-hooks"
import { useSendDiscount, type DiscountInput } from "../../lib/order-action-hooks"
import type { ConversationContext } from "../../lib/types"
import { FieldLabel, FormField } from "../form-field"
import { ActionDrawer } from "./action-drawer"

/** The pane's discount section, from the conversation's context (the customer card's query). */
export function ConversationDiscounts({ conversationId }: { conversationId: number }) {
  const context = useConversationContext(conversationId)
  if (!context.data) return null
  return <DiscountPanel conversationId={conversationId} discounts={context.data.discounts ?? []} />
}

/** The codes sent in this conversation, each with whether it was used, and "Send a discount". */
export function DiscountPanel({ conversationId, discounts }: { conversationId: number; discounts: ConversationContext["discounts"] }) {
  const { t } = useT()
  const [sending, setSending] = useState(false)
  return (
    <section className="flex flex-col gap-y-1 border-b px-6 py-3" aria-label={t("discounts.title")} data-field="discounts">
      <div className="flex items-center justify-between gap-x-2">
        <Text size="small" weight="plus">
          {t("discounts.title")}
        </Text>
        <Button size="small" variant="secondary" onClick={() => setSending(true)} data-action="send-discount">
          {t("discounts.send")}
        </Button>
      </div>
      {discounts.length === 0 ? (
        <Text size="xsmall" className="text-ui-fg-muted">
          {t("discounts.none")}
        </Text>
      ) : (
        <ul className="flex flex-col gap-y-1">
          {discounts.map((discount) => (
            <li key={discount.promotion_id} className="flex items-center justify-between gap-x-2" data-code={discount.code}>
              <Text size="xsmall" className="font-mono">
                {discount.code}
              </Text>
              <div className="flex items-center gap-x-2">
                <Text size="xsmall" className="text-ui-fg-muted">
                  {formatDate(discount.created_at)}
                </Text>
                <Badge size="2xsmall" color={discount.used ? "green" : "grey"}>
                  {discount.used ? t("discounts.used") : t("discounts.unused")}
                </Badge>
              </div>
            </li>
          ))}
        </ul>
      )}
      {sending && <DiscountDrawer conversationId={conversationId} onClose={() => setSending(false)} />}
    </section>
  )
}

const numberOf = (text: string) => (text.trim() === "" ? undefined : Number(text.replace(",", ".")))

/** The form: type, value, currency for a fixed amount, expiry in days and products; says what the shopper gets before sending. */
function DiscountDrawer({ conversationId, onClose }: { conversationId: number; onClose: () => void }) {
  const { t } = useT()
  const send = useSendDiscount()
  const [type, setType] = useState<DiscountInput["type"]>("percentage")
  const [value, setValue] = useState("")
  const [currency, setCurrency] = useState("")
  const [days, setDays] = useState("")
  const [products, setProducts] = useState("")
  const [refusal, setRefusal] = useState<string>()

  const amount = numberOf(value)
  const expiry = numberOf(days)
  const currencyCode = currency.trim().toLowerCase()
  const productIds = products
    .split(/[\s,]+/)
    .map((id) => id.trim())
    .filter(Boolean)
  const valid =
    amount !== undefined &&
    Number.isFinite(amount) &&
    amount > 0 &&
    (type === "fixed" ? /^[a-z]{3}$/.test(currencyCode) : amount <= 100) &&
    (expiry === undefined || (Number.isInteger(expiry) && expiry >= 1 && expiry <= 365))

  const summary = !valid
    ? t("discounts.incomplete")
    : type === "percentage"
      ? t("discounts.summaryPercentage", { value: amount })
      : t("discounts.summaryFixed", { amount: formatMoney(amount ?? 0, currencyCode) })

  const submit = async () => {
    if (amount === undefined) return
    setRefusal(undefined)
    const discount: DiscountInput = {
      type,
      value: amount,
      ...(type === "fixed" ? { currency_code: currencyCode } : {}),
      ...(expiry !== undefined ? { expires_in_days: expiry } : {}),
      ...(productIds.length ? { product_ids: productIds } : {}),
    }
    try {
      const sent = await send.mutateAsync({ conversationId, discount })
      toast.success(t("discounts.sent", { code: sent.code }))
      onClose()
    } catch (error) {
      setRefusal(errorMessage(error))
    }
  }

  return (
    <ActionDrawer
      title={t("discounts.send")}
      summary={summary}
      refusal={refusal}
      submitLabel={t("discounts.confirm")}
      action="confirm-discount"
      valid={valid}
      pending={send.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <FormField label={<FieldLabel htmlFor="discount-type">{t("discounts.type")}</FieldLabel>}>
        <Select value={type} onValueChange={(next) => setType(next as DiscountInput["type"])}>
          <Select.Trigger id="discount-type">
            <Select.Value />
          </Select.Trigger>
          <Select.Content>
            <Select.Item value="percentage">{t("discounts.percentage")}</Select.Item>
            <Select.Item value="fixed">{t("discounts.fixed")}</Select.Item>
          </Select.Content>
        </Select>
      </FormField>
      <FormField label={<FieldLabel htmlFor="discount-value">{t("discounts.value")}</FieldLabel>}>
        <Input id="discount-value" type="number" inputMode="decimal" min={0} step="any" value={value} onChange={(event) => setValue(event.target.value)} />
      </FormField>
      {type === "fixed" && (
        <FormField label={<FieldLabel htmlFor="discount-currency">{t("discounts.currency")}</FieldLabel>}>
          <Input id="discount-currency" maxLength={3} value={currency} onChange={(event) => setCurrency(event.target.value)} />
        </FormField>
      )}
      <FormField label={<FieldLabel htmlFor="discount-days">{t("discounts.expiresInDays")}</FieldLabel>}>
        <Input id="discount-days" type="number" inputMode="numeric" min={1} max={365} step={1} value={days} onChange={(event) => setDays(event.target.value)} />
      </FormField>
      <FormField label={<FieldLabel htmlFor="discount-products">{t("discounts.products")}</FieldLabel>}>
        <Input id="discount-products" value={products} onChange={(event) => setProducts(event.target.value)} />
      </FormField>
    </ActionDrawer>
  )
}
