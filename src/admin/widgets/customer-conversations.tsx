import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { DetailWidgetProps, HttpTypes } from "@medusajs/framework/types"
import { CustomerConversations } from "../components/inbox/customer-conversations"
import { useT } from "../lib/i18n"

/** The customer page's support conversations (those the shopper had while signed in). */
const CustomerConversationsWidget = ({ data: customer }: DetailWidgetProps<HttpTypes.AdminCustomer>) => {
  const { t } = useT()
  return (
    <CustomerConversations
      customerId={customer.id}
      heading={t("widgets.heading")}
      empty={t("widgets.customerEmpty")}
    />
  )
}

export const config = defineWidgetConfig({ zone: "customer.details.after" })

export default CustomerConversationsWidget
