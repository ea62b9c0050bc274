// What a store owner does by hand in a fresh store before a storefront can call /store
// routes: create an admin user with the CLI, sign in, create a publishable API key in the
// Admin API. Going through the public routes (not the module) checks the installed host.
const { medusa } = require("./host-app")

const OWNER = { email: "admin@test.dev", password: "launchdesk-owner-pw" }

async function postJson(url, body, headers = {}) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  })
  const text = await response.text()
  if (!response.ok) {
    throw new Error(`POST ${url} answered ${response.status}: ${text}`)
  }
  return JSON.parse(text)
}

/**
 * Creates the admin user (once per database; not when `ownerExists`, as in a database copied
 * from scripts/lib/host-template.js), signs in and returns the admin JWT for
 * `authorization: Bearer …`.
 * @param {{ dir: string, env: Record<string, string>, baseUrl: string, ownerExists?: boolean }} options
 * @returns {Promise<string>}
 */
async function signInOwner({ dir, env, baseUrl, ownerExists = false }) {
  if (!ownerExists) await medusa(dir, ["user", "-e", OWNER.email, "-p", OWNER.password], env)
  const { token } = await postJson(`${baseUrl}/auth/user/emailpass`, OWNER)
  return token
}

/**
 * Creates the admin user (once per database, see signInOwner) and returns a publishable key's token.
 * @param {{ dir: string, env: Record<string, string>, baseUrl: string, title?: string, ownerExists?: boolean }} options
 * @returns {Promise<string>}
 */
async function createPublishableKey({ dir, env, baseUrl, title = "Storefront", ownerExists = false }) {
  const token = await signInOwner({ dir, env, baseUrl, ownerExists })
  const { api_key } = await postJson(
    `${baseUrl}/admin/api-keys`,
    { title, type: "publishable" },
    { authorization: `Bearer ${token}` }
  )
  return api_key.token
}

module.exports = { OWNER, createPublishableKey, postJson, signInOwner }
