import type { AxiosInstance } from "axios"

export type SignedInCustomer = { id: string; email: string; token: string }

let registered = 0

/**
 * A customer registered and signed in as a storefront does it: Medusa's emailpass
 * registration, the store customer made with that token, then a login's bearer token. Each
 * gets an address of its own (`prefix`, a count and the time).
 */
export async function signedInCustomer(
  api: AxiosInstance,
  publishableKey: string,
  { prefix = "shopper", first_name = "Ada", last_name = "Shopper", email }: { prefix?: string; first_name?: string; last_name?: string; email?: string } = {}
): Promise<SignedInCustomer> {
  const address = email ?? `${prefix}${++registered}-${Date.now()}@example.com`
  const password = "a long shopper password"
  const registration = await api.post("/auth/customer/emailpass/register", { email: address, password })
  const created = await api.post(
    "/store/customers",
    { email: address, first_name, last_name },
    { headers: { "x-publishable-api-key": publishableKey, authorization: `Bearer ${registration.data.token}` } }
  )
  const login = await api.post("/auth/customer/emailpass", { email: address, password })
  return { id: created.data.customer.id, email: address, token: login.data.token }
}

/** The session cookie Medusa's `/auth/session` sets for a bearer token: the other way a storefront stays signed in. */
export async function sessionCookieFor(api: AxiosInstance, token: string): Promise<string> {
  const session = await api.post("/auth/session", {}, { headers: { authorization: `Bearer ${token}` } })
  const cookie = (session.headers["set-cookie"] ?? []).find((line: string) => line.startsWith("connect.sid="))
  if (!cookie) throw new Error("/auth/session set no session cookie")
  return cookie.split(";")[0]
}
