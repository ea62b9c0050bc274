import { Button, Drawer, Text } from "@medusajs/ui"
import { useId, type FormEvent, type ReactNode } from "react"
import { useT } from "../../lib/i18n"
import { DrawerHeader } from "../list-parts"

type Props = {
  title: string
  /** Says what submitting will do (or what is missing), and describes the drawer to screen readers. */
  summary: string
  /** Medusa's refusal of the last try, as it came. */
  refusal?: string
  /** The submit button's words, and its `data-action` (also the drawer's `data-launchdesk-overlay`). */
  submitLabel: string
  action: string
  valid: boolean
  pending: boolean
  onSubmit: () => void
  onClose: () => void
  /** The form's fields. */
  children: ReactNode
}

/**
 * A pane action's form in a drawer (a refund, a discount): its fields, a line that says what
 * will happen before it does, Medusa's refusal shown as it came, Cancel and the action's button.
 */
export function ActionDrawer({ title, summary, refusal, submitLabel, action, valid, pending, onSubmit, onClose, children }: Props) {
  const { t } = useT()
  const summaryId = useId()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (valid && !pending) onSubmit()
  }
  return (
    <Drawer open onOpenChange={(open) => !open && onClose()}>
      <Drawer.Content aria-describedby={summaryId} data-launchdesk-overlay={action}>
        <form onSubmit={submit} className="flex h-full flex-col overflow-hidden">
          <DrawerHeader title={title} />
          <Drawer.Body className="flex flex-col gap-y-4 overflow-y-auto">
            {children}
            <Text id={summaryId} size="small" className="text-ui-fg-subtle">
              {summary}
            </Text>
            {refusal && (
              <Text size="small" className="text-ui-fg-error" role="alert" data-field="action-error">
                {refusal}
              </Text>
            )}
          </Drawer.Body>
          <Drawer.Footer>
            <Drawer.Close asChild>
              <Button variant="secondary" size="small" type="button">
                {t("common.cancel")}
              </Button>
            </Drawer.Close>
            <Button size="small" type="submit" isLoading={pending} disabled={!valid} data-action={action}>
              {submitLabel}
            </Button>
          </Drawer.Footer>
        </form>
      </Drawer.Content>
    </Drawer>
  )
}
