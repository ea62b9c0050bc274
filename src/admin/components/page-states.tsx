import { Alert, Button, Skeleton, Text } from "@medusajs/ui"
import type { ReactNode } from "react"
import { errorMessage } from "../lib/format"
import { useT } from "../lib/i18n"

/** Placeholder rows while a list or form loads. */
export function LoadingState({ rows = 3, label }: { rows?: number; label?: string }) {
  const { t } = useT()
  return (
    <div className="flex flex-col gap-y-3 px-6 py-4" role="status" aria-label={label ?? t("common.loading")}>
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} className="h-8 w-full" />
      ))}
    </div>
  )
}

export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useT()
  return (
    <div className="px-6 py-4">
      <Alert variant="error">
        <div className="flex items-center justify-between gap-x-4">
          <span>{t("common.couldNotLoad", { message: errorMessage(error) })}</span>
          {onRetry && (
            <Button size="small" variant="secondary" onClick={onRetry}>
              {t("common.retry")}
            </Button>
          )}
        </div>
      </Alert>
    </div>
  )
}

export const EmptyState = ({ title, description, action }: { title: string; description?: string; action?: ReactNode }) => (
  <div className="flex flex-col items-center justify-center gap-y-2 px-6 py-10 text-center">
    <Text size="small" weight="plus" leading="compact">
      {title}
    </Text>
    {description && (
      <Text size="small" className="text-ui-fg-subtle">
        {description}
      </Text>
    )}
    {action}
  </div>
)

type Query<Data> = { isLoading: boolean; isError: boolean; error: unknown; data?: Data; refetch: () => unknown }

/** Loading and error states of a single-record query; `children` draws the record once it is there. */
export function QueryStates<Data>({
  query,
  rows,
  label,
  children,
}: {
  query: Query<Data>
  rows?: number
  label?: string
  children: (data: Data) => ReactNode
}) {
  if (query.isLoading) return <LoadingState rows={rows} label={label} />
  if (query.isError || !query.data) return <ErrorState error={query.error} onRetry={() => query.refetch()} />
  return <>{children(query.data)}</>
}
