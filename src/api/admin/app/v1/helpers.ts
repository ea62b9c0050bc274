import type { AuthenticatedMedusaRequest } from "@medusajs/framework/http"
import { Modules } from "@medusajs/framework/utils"
import { SUPPORT_CHAT_MODULE, type SupportChatModuleService } from "../../../../modules/support-chat"

export const chatModule = (req: AuthenticatedMedusaRequest) =>
  req.scope.resolve<SupportChatModuleService>(SUPPORT_CHAT_MODULE)

/** The signed-in user's display name for the messages they write; null for API keys. */
export async function staffName(req: AuthenticatedMedusaRequest): Promise<string | null> {
  if (req.auth_context?.actor_type !== "user") {
    return null
  }
  const [user] = await req.scope
    .resolve(Modules.USER)
    .listUsers({ id: req.auth_context.actor_id }, { select: ["first_name", "last_name", "email"] })
  if (!user) {
    return null
  }
  const name = [user.first_name, user.last_name].filter(Boolean).join(" ")
  return name || user.email
}
