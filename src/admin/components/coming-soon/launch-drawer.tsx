import { Alert, Drawer, Input, Select, Text, toast } from "@medusajs/ui"
import { useState, type FormEvent } from "react"
import { useComingSoonSettings, useLaunchProduct } from "../../lib/coming-soon-hooks"
import { errorMessage, formatNumber } from "../../lib/format"
import { useT } from "../../lib/i18n"
import { offerOf } from "../../lib/promotion-form"
import type { LaunchInput } from "../../lib/types"
import { useOnChange } from "../../lib/use-on-change"
import { FieldLabel, FormField, Toggle } from "../form-field"
import { DrawerHeader, DrawerSaveFooter } from "../list-parts"

type Offer = "none" | "percentage" | "fixed"
type Form = { notify: boolean; offer: Offer; value: string; currency_code: string; expires_in_days: string }

const EMPTY: Form = { notify: true, offer: "none", value: "", currency_code: "", expires_in_days: "" }

/** The form as the API takes it, or what is wrong with it. */
function launchBody(form: Form): { body: Partial<LaunchInput> } | { error: string } {
  if (!form.notify || form.offer === "none") return { body: { notify: form.notify } }
  const checked = offerOf({ ...form, type: form.offer })
  return "error" in checked ? checked : { body: { notify: true, promotion: checked.offer } }
}

type Props = { productId: string; signups: number; open: boolean; onOpenChange: (open: boolean) => void }

/** "Launch now": what the waitlist gets (an email, optionally a code of their own), then the launch. */
export function LaunchDrawer({ productId, signups, open, onOpenChange }: Props) {
  const { t } = useT()
  const [form, setForm] = useState(EMPTY)
  const [error, setError] = useState<string>()
  const launch = useLaunchProduct(productId)
  // Without an email provider the waitlist cannot be emailed: the switch is off and says why.
  const noEmailProvider = useComingSoonSettings().data?.can_send_email === false
  const notify = form.notify && !noEmailProvider

  // Each opening starts empty.
  useOnChange(open, (opened) => {
    if (opened) {
      setForm(EMPTY)
      setError(undefined)
    }
  })

  const set = <Key extends keyof Form>(key: Key) => (value: Form[Key]) => setForm((current) => ({ ...current, [key]: value }))

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const checked = launchBody({ ...form, notify })
    if ("error" in checked) return setError(checked.error)
    setError(undefined)
    try {
      await launch.mutateAsync(checked.body)
    } catch (failure) {
      return setError(errorMessage(failure))
    }
    toast.success(t("launch.toastLaunched"))
    onOpenChange(false)
  }

  return (
    <Drawer open={open} onOpenChange={onOpenChange}>
      <Drawer.Content aria-describedby={undefined} data-launchdesk-overlay="launch">
        <form onSubmit={submit} noValidate className="flex h-full flex-col overflow-hidden" aria-label={t("launch.label")}>
          <DrawerHeader title={t("launch.now")} />
          <Drawer.Body className="flex flex-col gap-y-6 overflow-y-auto">
            <Text size="small" className="text-ui-fg-subtle">
              {t("launch.warning")}
            </Text>
            <Toggle
              id="launch-notify"
              label={t("launch.notify", { count: signups, formatted: formatNumber(signups) })}
              hint={noEmailProvider ? t("launch.notifyNoProvider") : t("launch.notifyHint")}
              value={notify}
              onChange={set("notify")}
              disabled={noEmailProvider}
            />
            {notify && (
              <FormField label={<FieldLabel htmlFor="launch-offer">{t("launch.code")}</FieldLabel>} hint={t("launch.codeHint")}>
                <Select value={form.offer} onValueChange={(value) => set("offer")(value as Offer)}>
                  <Select.Trigger id="launch-offer">
                    <Select.Value />
                  </Select.Trigger>
                  <Select.Content>
                    <Select.Item value="none">{t("launch.noCode")}</Select.Item>
                    <Select.Item value="percentage">{t("launch.percentageOff")}</Select.Item>
                    <Select.Item value="fixed">{t("launch.amountOff")}</Select.Item>
                  </Select.Content>
                </Select>
              </FormField>
            )}
            {notify && form.offer !== "none" && (
              <div className="grid grid-cols-2 gap-4">
                <FormField label={<FieldLabel htmlFor="launch-value">{form.offer === "percentage" ? t("launch.percentOff") : t("launch.amountOff")}</FieldLabel>}>
                  <Input id="launch-value" inputMode="decimal" value={form.value} onChange={(event) => set("value")(event.target.value)} />
                </FormField>
                {form.offer === "fixed" && (
                  <FormField label={<FieldLabel htmlFor="launch-currency">{t("launch.currency")}</FieldLabel>}>
                    <Input id="launch-currency" maxLength={3} placeholder={t("launch.currencyPlaceholder")} value={form.currency_code} onChange={(event) => set("currency_code")(event.target.value)} />
                  </FormField>
                )}
                <FormField label={<FieldLabel htmlFor="launch-expiry">{t("launch.expiry")}</FieldLabel>}>
                  <Input id="launch-expiry" inputMode="numeric" value={form.expires_in_days} onChange={(event) => set("expires_in_days")(event.target.value)} />
                </FormField>
              </div>
            )}
            {error && <Alert variant="error">{error}</Alert>}
          </Drawer.Body>
          <DrawerSaveFooter saving={launch.isPending} label={t("launch.label")} />
        </form>
      </Drawer.Content>
    </Drawer>
  )
}
