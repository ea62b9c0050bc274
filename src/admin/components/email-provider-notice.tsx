import { Alert } from "@medusajs/ui"

/**
 * Said up front where the admin offers or counts emails: the store has no Notification provider
 * for the `email` channel (`can_send_email: false` in the settings), so nothing is emailed.
 */
export const NoEmailProviderNotice = ({ text }: { text: string }) => (
  <Alert variant="warning" data-email-provider="missing">
    {text}
  </Alert>
)
