import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { DetailWidgetProps, HttpTypes } from "@medusajs/framework/types"
import { CustomerConversations } from "../components/inbox/customer-conversations"

/** The customer page's support conversations (those the shopper had while signed in). */
const CustomerConversationsWidget = ({ data: customer }: DetailWidgetProps<HttpTypes.AdminCustomer>) => (
  <CustomerConversations
    customerId={customer.id}
    heading="Support conversations"
    empty="No support conversations while signed in."
  />
)

export const config = defineWidgetConfig({ zone: "customer.details.after" })

export default CustomerConversationsWidget
