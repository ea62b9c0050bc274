import { Badge, Heading, Text, clx } from "@medusajs/ui"
import { Link } from "react-router-dom"
import { useConversationContext } from "../../lib/chat-hooks"
import { formatDate, formatMoney, humanStatus, userName } from "../../lib/format"
import type { ContextOrder } from "../../lib/types"

type Props = {
  conversationId: number
  /** The order canned responses are filled in with; the latest when none is picked. */
  selectedOrderId?: string
  onSelectOrder: (orderId: string | undefined) => void
}

const itemsLine = (items: { title: string; quantity: number }[]) =>
  items.map((item) => (item.quantity > 1 ? `${item.quantity} × ${item.title}` : item.title)).join(", ")

function OrderRow({ order, selected, selectable, onSelect }: { order: ContextOrder; selected: boolean; selectable: boolean; onSelect: () => void }) {
  return (
    <li
      className={clx("flex flex-col gap-y-0.5 rounded-md px-2 py-1.5", selected && "bg-ui-bg-highlight")}
      data-order-id={order.id}
    >
      <div className="flex items-center justify-between gap-x-2">
        <Link to={`/orders/${order.id}`} className="text-ui-fg-interactive txt-compact-small-plus hover:underline">
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
            className="text-ui-fg-interactive txt-compact-xsmall ml-auto hover:underline"
          >
            {selected ? "Used in replies" : "Use in replies"}
          </button>
        )}
      </div>
      <Text size="xsmall" className="text-ui-fg-muted line-clamp-1">
        {itemsLine(order.items)}
      </Text>
    </li>
  )
}

/**
 * Who the conversation is with: the signed-in customer (their account, latest orders and open
 * cart), or for a guest who left an email the account and orders that address matches, marked
 * unverified: the shopper never proved they own it.
 */
export function CustomerCard({ conversationId, selectedOrderId, onSelectOrder }: Props) {
  const context = useConversationContext(conversationId)
  const data = context.data
  if (!data) {
    return context.isError ? (
      <Text size="small" className="text-ui-fg-error px-6 py-3">
        Could not load the customer.
      </Text>
    ) : null
  }
  if (!data.customer && !data.orders.length) {
    return (
      <Text size="small" className="text-ui-fg-subtle border-b px-6 py-3" data-field="customer" data-customer="guest">
        Guest: not signed in{data.matched_by === null ? ", no orders match their email" : ""}.
      </Text>
    )
  }
  const verified = data.verified
  const latestId = data.orders[0]?.id
  return (
    <section className="flex flex-col gap-y-2 border-b px-6 py-3" aria-label="Customer" data-field="customer" data-customer={verified ? "account" : "email-match"}>
      <div className="flex flex-wrap items-center gap-2">
        <Heading level="h3">
          {data.customer ? (
            <Link to={`/customers/${data.customer.id}`} className="hover:underline">
              {userName(data.customer)}
            </Link>
          ) : (
            "Orders placed with this email"
          )}
        </Heading>
        {verified ? (
          <Badge size="2xsmall" color="green">
            Signed in
          </Badge>
        ) : (
          <Badge size="2xsmall" color="orange" data-unverified>
            Unverified (matched by email)
          </Badge>
        )}
      </div>
      {data.customer && (
        <Text size="small" className="text-ui-fg-subtle" data-field="customer-summary">
          {data.customer.email} · member since {formatDate(data.customer.created_at)} · {data.customer.orders_count}{" "}
          {data.customer.orders_count === 1 ? "order" : "orders"}
          {data.customer.total_spent.length > 0 &&
            ` · ${data.customer.total_spent.map((spent) => formatMoney(spent.amount, spent.currency_code)).join(" + ")} spent`}
        </Text>
      )}
      {data.orders.length > 0 && (
        <ul className="flex max-h-[220px] flex-col overflow-y-auto" aria-label="Latest orders">
          {data.orders.map((order) => (
            <OrderRow
              key={order.id}
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
          Open cart: {itemsLine(data.cart.items)} · {formatMoney(data.cart.total, data.cart.currency_code)} (updated{" "}
          {formatDate(data.cart.updated_at)})
        </Text>
      )}
    </section>
  )
}
