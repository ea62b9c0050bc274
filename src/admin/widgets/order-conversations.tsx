import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { DetailWidgetProps, HttpTypes } from "@medusajs/framework/types"
import { Container, Heading, Text } from "@medusajs/ui"
import { CustomerConversations } from "../components/inbox/customer-conversations"
import { useT } from "../lib/i18n"
import type { ConversationListItem } from "../lib/types"

// "Around the order": conversations still active from a week before it was placed (questions
// before buying) and everything after (where is it, returns).
const BEFORE_ORDER_MS = 7 * 24 * 3600 * 1000

const aroundOrder = (placedAt: string) => (conversation: ConversationListItem) =>
  new Date(conversation.last_message_at ?? conversation.created_at).getTime() >= new Date(placedAt).getTime() - BEFORE_ORDER_MS

/** The order page's side column: the support conversations of its customer around this order. */
const OrderConversationsWidget = ({ data: order }: DetailWidgetProps<HttpTypes.AdminOrder>) => {
  const { t } = useT()
  // The order page asks for `*customer` but not `customer_id` among its fields.
  const customerId = order.customer_id ?? order.customer?.id
  if (!customerId) {
    return (
      <Container className="px-6 py-4" aria-label={t("widgets.heading")} data-launchdesk-widget="order-conversations">
        <Heading level="h2">{t("widgets.heading")}</Heading>
        <Text size="small" className="text-ui-fg-subtle mt-2">
          {t("widgets.guestOrder")}
        </Text>
      </Container>
    )
  }
  return (
    <CustomerConversations
      customerId={customerId}
      heading={t("widgets.heading")}
      keep={aroundOrder(String(order.created_at))}
      empty={t("widgets.orderEmpty")}
    />
  )
}

export const config = defineWidgetConfig({ zone: "order.details.side.after" })

export default OrderConversationsWidget
