import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { createApiKeysWorkflow } from "@medusajs/medusa/core-flows"
import type { AxiosResponse } from "axios"

type Api = {
  post: (url: string, body?: unknown, config?: object) => Promise<AxiosResponse>
}

export type AdminCredentials = {
  userId: string
  /** Headers for each way Medusa authenticates an admin call. */
  bearer: Record<string, string>
  session: Record<string, string>
  secretApiKey: Record<string, string>
}

/**
 * Registers an admin user through Medusa's own auth routes and returns the three kinds of
 * admin credentials: a JWT, a session cookie and a secret API key.
 */
export async function createAdmin(
  api: Api,
  container: MedusaContainer,
  { email = "ada@launchdesk.test", first_name = "Ada", last_name = "Agent" } = {}
): Promise<AdminCredentials> {
  const password = "correct horse battery staple"
  const registration = await api.post("/auth/user/emailpass/register", { email, password })
  const authModule = container.resolve(Modules.AUTH)
  const user = await container.resolve(Modules.USER).createUsers({ email, first_name, last_name })
  const { auth_identity_id } = decodeJwt(registration.data.token)
  await authModule.updateAuthIdentities({ id: auth_identity_id, app_metadata: { user_id: user.id } })

  const login = await api.post("/auth/user/emailpass", { email, password })
  const bearer = { authorization: `Bearer ${login.data.token}` }
  const session = await api.post("/auth/session", {}, { headers: bearer })
  const cookie = session.headers["set-cookie"]!.map((line: string) => line.split(";")[0]).join("; ")

  const { result } = await createApiKeysWorkflow(container).run({
    input: { api_keys: [{ title: "Integration", type: "secret", created_by: user.id }] },
  })
  const basic = Buffer.from(`${result[0].token}:`).toString("base64")

  return {
    userId: user.id,
    bearer,
    session: { cookie },
    secretApiKey: { authorization: `Basic ${basic}` },
  }
}

function decodeJwt(token: string): { auth_identity_id: string } {
  return JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString("utf8"))
}
