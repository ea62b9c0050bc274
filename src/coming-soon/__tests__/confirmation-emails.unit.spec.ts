import type { ConfirmationClaim } from "../../modules/coming-soon/sql/confirmation-repository"
import { sendDueConfirmations, sendNewConfirmation, type ConfirmationEmailDeps } from "../confirmation-emails"

const NO_PROVIDER = 'no Notification provider for the "email" channel'

const claim = (id: string): ConfirmationClaim => ({ id, email: `${id}@example.com`, product_id: "prod_1", confirm_attempts: 1, confirmed_at: null, locale: null })

/** A store whose due rows are `rows`, claimed once; every send fails as a store without an email provider's. */
function failingRun(rows: ConfirmationClaim[]) {
  const warnings: string[] = []
  let due = [...rows]
  const failed: string[] = []
  const store: ConfirmationEmailDeps["store"] = {
    claimDueConfirmations: async (limit: number) => due.splice(0, limit),
    markConfirmationFailed: async (row: ConfirmationClaim) => {
      failed.push(row.id)
      return "retrying" as const
    },
    releaseConfirmation: async () => true,
    markConfirmationSent: async () => true,
    markConfirmationSkipped: async () => true,
  }
  const deps: ConfirmationEmailDeps = {
    store,
    send: async () => {
      throw new Error(NO_PROVIDER)
    },
    productTitle: async () => "Aurora lamp",
    confirmUrl: (id) => `https://shop.example/confirm/${id}`,
    unsubscribeUrl: (id) => `https://shop.example/unsubscribe/${id}`,
    budget: { take: async () => ({ granted: true, retryInMs: 0 }), perTake: 2 },
    log: { warn: (message) => warnings.push(message) },
  }
  return { deps, warnings, failed, reset: () => (due = [...rows]) }
}

describe("confirmation emails that fail", () => {
  it("are logged once per run with their count, not once per row", async () => {
    const run = failingRun([claim("a"), claim("b"), claim("c")])
    const counts = await sendDueConfirmations(run.deps, { batchSize: 2, maxRows: 10, leaseSeconds: 60 })
    expect(counts).toMatchObject({ failed: 3, sent: 0 })
    expect(run.failed).toEqual(["a", "b", "c"])
    expect(run.warnings).toEqual([`launchdesk: 3 confirmation emails failed in this run: ${NO_PROVIDER}`])
  })

  it("are not logged by the signup request that tried first: the row keeps its error for the job's run", async () => {
    const run = failingRun([])
    expect(await sendNewConfirmation(run.deps, claim("d"))).toBe("failed")
    expect(run.failed).toEqual(["d"])
    expect(run.warnings).toEqual([])
  })
})
