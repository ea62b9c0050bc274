import { Button, Table, Text } from "@medusajs/ui"
import { useState } from "react"
import { Link } from "react-router-dom"
import { useDeadDeliveries, useRetryDelivery } from "../../lib/chat-hooks"
import { formatDateTime } from "../../lib/format"
import { toastAction } from "../../lib/toast-action"
import type { ChatDelivery } from "../../lib/types"
import { ListStates, PagedTable } from "../list-parts"
import { SettingsSection } from "../settings-section"

const PER_PAGE = 10

const what = (delivery: ChatDelivery) =>
  delivery.kind === "bridge_post"
    ? `Team-chat post of message ${delivery.message_id ?? "?"}`
    : delivery.kind === "transcript_email"
      ? "Transcript email"
      : `Fast-lane event ${delivery.effect ?? "?"}${delivery.message_id ? ` of message ${delivery.message_id}` : ""}`

/** Deliveries that kept failing and were set aside: each with its last error and a Retry button. */
export function FailedDeliveries() {
  const [page, setPage] = useState(1)
  const deliveries = useDeadDeliveries(page, PER_PAGE)
  const retry = useRetryDelivery()

  const retryOne = (delivery: ChatDelivery) =>
    toastAction(() => retry.mutateAsync(delivery.id), {
      success: "Queued again: it goes out with the next delivery run",
      failure: "Not queued",
    })

  return (
    <SettingsSection
      title="Failed deliveries"
      description="Team-chat posts and fast-lane events that kept failing are set aside here after their last attempt, so the ones behind them go out. Retry one once the cause is fixed."
    >
      <ListStates
        query={deliveries}
        rows={2}
        loadingLabel="Loading failed deliveries"
        empty={
          <Text size="small" className="text-ui-fg-subtle" data-failed-deliveries="none">
            None: every delivery went out or is still being tried.
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
                <Table.HeaderCell>Delivery</Table.HeaderCell>
                <Table.HeaderCell>Last error</Table.HeaderCell>
                <Table.HeaderCell>Attempts</Table.HeaderCell>
                <Table.HeaderCell>Set aside</Table.HeaderCell>
                <Table.HeaderCell />
              </>
            }
            row={(delivery) => (
              <Table.Row key={delivery.id} data-delivery-id={delivery.id}>
                <Table.Cell>
                  {delivery.conversation_id ? (
                    <Link className="text-ui-fg-interactive hover:underline" to={`/support-inbox?id=${delivery.conversation_id}`}>
                      {what(delivery)}
                    </Link>
                  ) : (
                    what(delivery)
                  )}
                </Table.Cell>
                <Table.Cell className="max-w-[320px] truncate" title={delivery.last_error ?? undefined}>
                  {delivery.last_error ?? "–"}
                </Table.Cell>
                <Table.Cell>{delivery.attempts}</Table.Cell>
                <Table.Cell>{formatDateTime(delivery.updated_at)}</Table.Cell>
                <Table.Cell className="text-right">
                  <Button
                    type="button"
                    size="small"
                    variant="secondary"
                    onClick={() => retryOne(delivery)}
                    isLoading={retry.isPending && retry.variables === delivery.id}
                  >
                    Retry
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
