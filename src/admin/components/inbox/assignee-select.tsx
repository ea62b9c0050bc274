import { Select, toast } from "@medusajs/ui"
import { useT } from "../../lib/i18n"
import { useAssignConversation, useUsers } from "../../lib/chat-hooks"
import { errorMessage, userName } from "../../lib/format"

// Select items cannot have an empty value.
const UNASSIGNED = "none"

/** Who handles the conversation: any Medusa user, or nobody. */
export function AssigneeSelect({ conversationId, assignedTo }: { conversationId: number; assignedTo: string | null }) {
  const { t } = useT()
  const users = useUsers()
  const assign = useAssignConversation()

  const change = async (value: string) => {
    const assignee = value === UNASSIGNED ? null : value
    try {
      await assign.mutateAsync({ conversationId, assignedTo: assignee })
      const user = users.data?.find((candidate) => candidate.id === assignee)
      toast.success(user ? t("assignee.toastAssigned", { name: userName(user) }) : t("inbox.unassigned"))
    } catch (error) {
      toast.error(errorMessage(error))
    }
  }

  return (
    <Select size="small" value={assignedTo ?? UNASSIGNED} onValueChange={change} disabled={assign.isPending}>
      <Select.Trigger className="w-[200px]" aria-label={t("assignee.label")}>
        <Select.Value placeholder={t("assignee.placeholder")} />
      </Select.Trigger>
      <Select.Content>
        <Select.Item value={UNASSIGNED}>{t("inbox.unassigned")}</Select.Item>
        {users.data?.map((user) => (
          <Select.Item key={user.id} value={user.id}>
            {userName(user)}
          </Select.Item>
        ))}
        {/* Keeps a user who is no longer listed (deleted, or past the first 100) showable. */}
        {assignedTo && users.data && !users.data.some((user) => user.id === assignedTo) && (
          <Select.Item value={assignedTo}>{assignedTo}</Select.Item>
        )}
      </Select.Content>
    </Select>
  )
}
