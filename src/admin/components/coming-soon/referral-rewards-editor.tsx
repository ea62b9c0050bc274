import { Plus, Trash } from "@medusajs/icons"
import { Button, IconButton, Input, Select, Text } from "@medusajs/ui"
import { useT } from "../../lib/i18n"
import { EMPTY_OFFER } from "../../lib/promotion-form"
import { MAX_REWARD_STEPS, type RewardRow } from "../../lib/referral-rewards-form"
import { Toggle } from "../form-field"

type Props = {
  rows: RewardRow[] | null
  onChange: (rows: RewardRow[] | null) => void
  error?: string
  /** The store's own steps (its settings page): always a list, with no switch to the store's. */
  storeWide?: boolean
}

/**
 * Referral reward steps. A product's: off, the store's steps apply; on, its own (none at all
 * turns rewards off for the product). Each step: the confirmed referrals that reach it and the
 * single-use code it earns, in the launch code's terms.
 */
export function ReferralRewardsEditor({ rows, onChange, error, storeWide = false }: Props) {
  const { t } = useT()
  const change = (index: number, next: Partial<RewardRow>) =>
    onChange((rows ?? []).map((row, position) => (position === index ? { ...row, ...next } : row)))
  return (
    <section className="flex flex-col gap-y-3" aria-label={t("referralRewards.title")} data-referral-rewards="">
      {storeWide ? (
        <Text size="xsmall" className="text-ui-fg-subtle">
          {t("referralRewards.storeStepsHint")}
        </Text>
      ) : (
        <Toggle
          id="cs-referral-rewards"
          label={t("referralRewards.ownSteps")}
          hint={t("referralRewards.ownStepsHint")}
          value={rows !== null}
          onChange={(own) => onChange(own ? [] : null)}
        />
      )}
      {rows?.length === 0 && (
        <Text size="xsmall" className="text-ui-fg-subtle">
          {storeWide ? t("referralRewards.noStoreSteps") : t("referralRewards.noSteps")}
        </Text>
      )}
      {rows?.map((row, index) => {
        const id = `cs-reward-${index}`
        return (
          <div key={index} className="grid grid-cols-2 gap-2 rounded-md border p-3" data-reward-step={index}>
            <Input
              id={`${id}-referrals`}
              size="small"
              inputMode="numeric"
              value={row.referrals}
              onChange={(event) => change(index, { referrals: event.target.value })}
              aria-label={t("referralRewards.referrals")}
              placeholder={t("referralRewards.referrals")}
            />
            <Select size="small" value={row.type} onValueChange={(value) => change(index, { type: value as RewardRow["type"] })}>
              <Select.Trigger id={`${id}-type`} aria-label={t("launch.code")}>
                <Select.Value />
              </Select.Trigger>
              <Select.Content>
                <Select.Item value="percentage">{t("launch.percentageOff")}</Select.Item>
                <Select.Item value="fixed">{t("launch.amountOff")}</Select.Item>
              </Select.Content>
            </Select>
            <Input
              id={`${id}-value`}
              size="small"
              inputMode="decimal"
              value={row.value}
              onChange={(event) => change(index, { value: event.target.value })}
              aria-label={row.type === "percentage" ? t("launch.percentOff") : t("launch.amountOff")}
              placeholder={row.type === "percentage" ? t("launch.percentOff") : t("launch.amountOff")}
            />
            {row.type === "fixed" ? (
              <Input
                id={`${id}-currency`}
                size="small"
                maxLength={3}
                value={row.currency_code}
                onChange={(event) => change(index, { currency_code: event.target.value })}
                aria-label={t("launch.currency")}
                placeholder={t("launch.currencyPlaceholder")}
              />
            ) : (
              <span />
            )}
            <Input
              id={`${id}-expiry`}
              size="small"
              inputMode="numeric"
              value={row.expires_in_days}
              onChange={(event) => change(index, { expires_in_days: event.target.value })}
              aria-label={t("launch.expiry")}
              placeholder={t("launch.expiry")}
            />
            <IconButton
              type="button"
              size="small"
              variant="transparent"
              className="justify-self-end"
              aria-label={t("referralRewards.removeStep")}
              onClick={() => onChange((rows ?? []).filter((_, position) => position !== index))}
            >
              <Trash />
            </IconButton>
          </div>
        )
      })}
      {error && (
        <Text size="xsmall" className="text-ui-fg-error" role="alert">
          {error}
        </Text>
      )}
      {rows !== null && rows.length < MAX_REWARD_STEPS && (
        <Button type="button" size="small" variant="secondary" className="self-start" onClick={() => onChange([...rows, { referrals: "", ...EMPTY_OFFER }])}>
          <Plus />
          {t("referralRewards.addStep")}
        </Button>
      )}
    </section>
  )
}
