import { Badge, Heading, Text, clx } from "@medusajs/ui"
import { Link } from "react-router-dom"
import { useConversationContext } from "../../lib/chat-hooks"
import { formatDate, formatMoney, formatNumber, humanStatus, userName } from "../../lib/format"
import { useT } from "../../lib/i18n"
import type { ContextOrder } from "../../lib/types"
import { OrderActions } from "./order-actions"

type Props = {
  conversationId: number
  /** The order canned responses are filled in with; the latest when none is picked. */
  selectedOrderId?: string
  onSelectOrder: (orderId: string | undefined) => void
}

const itemsLine = (items: { title: string; quantity: number }[]) =>
  items.map((item) => (item.quantity > 1 ? `${item.quantity} × ${item.title}` : item.title)).join(", ")

type OrderRowProps = { conversationId: number; order: ContextOrder; selected: boolean; selectable: boolean; onSelect: () => void }

function OrderRow({ conversationId, order, selected, selectable, onSelect }: OrderRowProps) {
  const { t } = useT()
  return (
    <li
      className={clx("flex flex-col gap-y-0.5 rounded-md px-2 py-1.5", selected && "bg-ui-bg-highlight")}
      data-order-id={order.id}
    >
      <div className="flex items-center justify-between gap-x-2">
        <Link to={`/orders/${order.id}`} className="text-ui-fg-interactive-hover txt-compact-small-plus hover:underline">
          #{order.display_id}
        </Link>
        <Text size="xsmall" className="text-ui-fg-subtle">
          {formatDate(order.created_at)} · {formatMoney(order.total, order.currency_code)}
        </Text>
      </div>
      <div className="flex flex-wrap items-center gap-1">
        <Badge size="2xsmall">{humanStatus(order.status)}</Badge>
        <Badge size="2xsmall" color={order.payment_status === "captured" ? "green" : "grey"}>
          {humanStatus(order.payment_status)}
        </Badge>
        <Badge size="2xsmall" color={order.fulfillment_status === "delivered" ? "green" : "grey"}>
          {humanStatus(order.fulfillment_status)}
        </Badge>
        {selectable && (
          <button
            type="button"
            onClick={onSelect}
            aria-pressed={selected}
            className="text-ui-fg-interactive-hover txt-compact-xsmall ml-auto hover:underline"
          >
            {selected ? t("customer.usedInReplies") : t("customer.useInReplies")}
          </button>
        )}
      </div>
      <Text size="xsmall" className="text-ui-fg-subtle line-clamp-1">
        {itemsLine(order.items)}
      </Text>
      <OrderActions conversationId={conversationId} order={order} />
    </li>
  )
}

/**
 * Who the conversation is with: the signed-in customer (their account, latest orders and open
 * cart), or for a guest who left an email the account and orders that address matches, marked
 * unverified: the shopper never proved they own it.
 */
export function CustomerCard({ conversationId, selectedOrderId, onSelectOrder }: Props) {
  const { t } = useT()
  const context = useConversationContext(conversationId)
  const data = context.data
  if (!data) {
    return context.isError ? (
      <Text size="small" className="text-ui-fg-error px-6 py-3">
        {t("customer.loadFailed")}
      </Text>
    ) : null
  }
  if (!data.customer && !data.orders.length) {
    return (
      <Text size="small" className="text-ui-fg-subtle border-b px-6 py-3" data-field="customer" data-customer="guest">
        {data.matched_by === null ? t("customer.guestNoMatch") : t("customer.guest")}
      </Text>
    )
  }
  const verified = data.verified
  const latestId = data.orders[0]?.id
  return (
    <section className="flex flex-col gap-y-2 border-b px-6 py-3" aria-label={t("customer.label")} data-field="customer" data-customer={verified ? "account" : "email-match"}>
      <div className="flex flex-wrap items-center gap-2">
        <Heading level="h3">
          {data.customer ? (
            <Link to={`/customers/${data.customer.id}`} className="hover:underline">
              {userName(data.customer)}
            </Link>
          ) : (
            t("customer.ordersWithEmail")
          )}
        </Heading>
        {verified ? (
          <Badge size="2xsmall" color="green">
            {t("customer.signedIn")}
          </Badge>
        ) : (
          <Badge size="2xsmall" color="orange" data-unverified>
            {t("customer.unverified")}
          </Badge>
        )}
      </div>
      {data.customer && (
        <Text size="small" className="text-ui-fg-subtle" data-field="customer-summary">
          {[
            data.customer.email,
            t("customer.memberSince", { date: formatDate(data.customer.created_at) }),
            t("customer.orders", { count: data.customer.orders_count, formatted: formatNumber(data.customer.orders_count) }),
            ...(data.customer.total_spent.length > 0
              ? [
                  t("customer.spent", {
                    amount: data.customer.total_spent.map((spent) => formatMoney(spent.amount, spent.currency_code)).join(" + "),
                  }),
                ]
              : []),
          ].join(" · ")}
        </Text>
      )}
      {data.orders.length > 0 && (
        <ul className="flex max-h-[220px] flex-col overflow-y-auto" aria-label={t("customer.latestOrders")}>
          {data.orders.map((order) => (
            <OrderRow
              key={order.id}
              conversationId={conversationId}
              order={order}
              // Only a signed-in customer's orders fill canned responses.
              selectable={verified}
              selected={verified && (selectedOrderId ?? latestId) === order.id}
              onSelect={() => onSelectOrder(order.id === latestId ? undefined : order.id)}
            />
          ))}
        </ul>
      )}
      {data.cart && (
        <Text size="small" className="text-ui-fg-subtle" data-field="cart">
          {t("customer.openCart", {
            items: itemsLine(data.cart.items),
            total: formatMoney(data.cart.total, data.cart.currency_code),
            date: formatDate(data.cart.updated_at),
          })}
        </Text>
      )}
    </section>
  )
}
