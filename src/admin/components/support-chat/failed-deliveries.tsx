import { Button, Table, Text } from "@medusajs/ui"
import { useState } from "react"
import { Link } from "react-router-dom"
import { useDeadDeliveries, useRetryDelivery } from "../../lib/chat-hooks"
import { formatDateTime, formatNumber } from "../../lib/format"
import { t as translate, useT } from "../../lib/i18n"
import { toastAction } from "../../lib/toast-action"
import type { ChatDelivery } from "../../lib/types"
import { ListStates, PagedTable } from "../list-parts"
import { SettingsSection } from "../settings-section"

const PER_PAGE = 10

const what = (delivery: ChatDelivery) =>
  delivery.kind === "bridge_post"
    ? translate("deliveries.bridgePost", { id: delivery.message_id ?? "?" })
    : delivery.kind === "transcript_email"
      ? translate("deliveries.transcriptEmail")
      : delivery.message_id
        ? translate("deliveries.fastLaneEventOfMessage", { effect: delivery.effect ?? "?", id: delivery.message_id })
        : translate("deliveries.fastLaneEvent", { effect: delivery.effect ?? "?" })

/** Deliveries that kept failing and were set aside: each with its last error and a Retry button. */
export function FailedDeliveries() {
  const { t } = useT()
  const [page, setPage] = useState(1)
  const deliveries = useDeadDeliveries(page, PER_PAGE)
  const retry = useRetryDelivery()

  const retryOne = (delivery: ChatDelivery) =>
    toastAction(() => retry.mutateAsync(delivery.id), {
      success: t("deliveries.toastQueued"),
      failure: t("common.notQueued"),
    })

  return (
    <SettingsSection
      title={t("deliveries.title")}
      description={t("deliveries.description")}
    >
      <ListStates
        query={deliveries}
        rows={2}
        loadingLabel={t("deliveries.loading")}
        empty={
          <Text size="small" className="text-ui-fg-subtle" data-failed-deliveries="none">
            {t("deliveries.none")}
          </Text>
        }
      >
        {(list) => (
          <PagedTable
            data-failed-deliveries={list.total}
            list={list}
            pageSize={PER_PAGE}
            onPage={setPage}
            head={
              <>
                <Table.HeaderCell>{t("deliveries.delivery")}</Table.HeaderCell>
                <Table.HeaderCell>{t("deliveries.lastError")}</Table.HeaderCell>
                <Table.HeaderCell>{t("deliveries.attempts")}</Table.HeaderCell>
                <Table.HeaderCell>{t("deliveries.setAside")}</Table.HeaderCell>
                <Table.HeaderCell />
              </>
            }
            row={(delivery) => (
              <Table.Row key={delivery.id} data-delivery-id={delivery.id}>
                <Table.Cell>
                  {delivery.conversation_id ? (
                    <Link className="text-ui-fg-interactive-hover hover:underline" to={`/support-inbox?id=${delivery.conversation_id}`}>
                      {what(delivery)}
                    </Link>
                  ) : (
                    what(delivery)
                  )}
                </Table.Cell>
                <Table.Cell className="max-w-[320px] truncate" title={delivery.last_error ?? undefined}>
                  {delivery.last_error ?? "–"}
                </Table.Cell>
                <Table.Cell>{formatNumber(delivery.attempts)}</Table.Cell>
                <Table.Cell>{formatDateTime(delivery.updated_at)}</Table.Cell>
                <Table.Cell className="text-right">
                  <Button
                    type="button"
                    size="small"
                    variant="secondary"
                    onClick={() => retryOne(delivery)}
                    isLoading={retry.isPending && retry.variables === delivery.id}
                  >
                    {t("common.retry")}
                  </Button>
                </Table.Cell>
              </Table.Row>
            )}
          />
        )}
      </ListStates>
    </SettingsSection>
  )
}
