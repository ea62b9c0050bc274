// What the demo prints once everything answers.

/** "created 3 products, 5 canned responses" or a note that everything was reused. */
function seedSummary({ created }) {
  const parts = [
    created.adminUser && "the admin user",
    created.region && "a default region",
    created.products && `${created.products} products`,
    created.publishableKey && "the publishable key",
    created.cannedResponses && `${created.cannedResponses} canned responses`,
    created.comingSoonProducts && `${created.comingSoonProducts} coming-soon product`,
  ].filter(Boolean)
  return parts.length ? `created ${parts.join(", ")}` : "reused the existing data, created nothing"
}

/**
 * @param {{ seconds: string, backendUrl: string, fastLaneUrl: string, storefrontUrl: string, logDir: string,
 *   seeded: { admin: { email: string, password: string }, publishableKey: string, created: Record<string, number | boolean> } }} ready
 */
function printReady({ seconds, backendUrl, fastLaneUrl, storefrontUrl, logDir, seeded }) {
  const key = seeded.publishableKey
  const keyHeader = `-H "x-publishable-api-key: ${key}"`
  const api = `${backendUrl}/store/app/v1`
  console.log(`
Launchdesk demo is ready (${seconds}s). Seed: ${seedSummary(seeded)}.

  Admin dashboard   ${backendUrl}/app
    email           ${seeded.admin.email}
    password        ${seeded.admin.password}
  Storefront        ${storefrontUrl}  (chat bubble bottom right)
  Coming soon       ${storefrontUrl}/?product=${seeded.comingSoonHandles?.[0] ?? ""}
  Publishable key   ${key}
  Chat fast lane    ${fastLaneUrl}/store/app/v1 (the visitor routes of ${api}, without Medusa's HTTP stack)
  Logs              ${logDir}/medusa.log (emails sent through the Notification module show up there)

Try the chat API:
  curl -i -X POST ${api}/session ${keyHeader}

A whole exchange, keeping the visitor cookie in a jar:
  curl -s -c /tmp/launchdesk-demo.jar -X POST ${api}/session ${keyHeader}
  curl -s -b /tmp/launchdesk-demo.jar -X POST ${api}/send ${keyHeader} -H "content-type: application/json" -d '{"message":"Hi there!"}'
  curl -s -b /tmp/launchdesk-demo.jar "${api}/poll?since_id=0" ${keyHeader}

Press Ctrl+C to stop.
`)
}

module.exports = { printReady }
