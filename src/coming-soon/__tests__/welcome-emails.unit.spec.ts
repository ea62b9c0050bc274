import type { WelcomeClaim } from "../../modules/coming-soon/sql/welcome-repository"
import { sendDueWelcomes, type WelcomeEmail, type WelcomeEmailDeps } from "../welcome-emails"

const claim = (id: string): WelcomeClaim => ({ id, email: `${id}@example.com`, product_id: "prod_1", referral_code: `code-${id}`, welcome_attempts: 1, locale: null })
const LIMITS = { batchSize: 2, maxRows: 10, leaseSeconds: 60 }

/** A store whose due rows are `rows`, each claimed once, and what the run did with them. */
function run(rows: WelcomeClaim[], overrides: Partial<WelcomeEmailDeps> = {}) {
  const due = [...rows]
  const outcome = { sent: [] as WelcomeEmail[], done: [] as string[], skipped: [] as string[], failed: [] as string[], released: [] as string[], setAside: 0, warnings: [] as string[] }
  const deps: WelcomeEmailDeps = {
    store: {
      claimDueWelcomes: async (limit) => due.splice(0, limit),
      markWelcomeSent: async (row) => Boolean(outcome.done.push(row.id)),
      markWelcomeSkipped: async (row) => Boolean(outcome.skipped.push(row.id)),
      markWelcomeFailed: async (row) => {
        outcome.failed.push(row.id)
        return "retrying" as const
      },
      releaseWelcome: async (row) => Boolean(outcome.released.push(row.id)),
      setAsideDueWelcomes: async () => (outcome.setAside = due.splice(0).length),
    },
    enabled: async () => true,
    send: async (email) => {
      outcome.sent.push(email)
    },
    productTitle: async () => "Aurora lamp",
    placeOf: async (id) => (id === "gone" ? null : { position: 7, total: 40 }),
    shareUrl: async (_product, code) => `https://shop.example/products/aurora?shared_by=${code}`,
    statusUrl: (id) => `https://api.shop.example/store/coming-soon/status?token=${id}`,
    unsubscribeUrl: (id) => `https://api.shop.example/store/coming-soon/unsubscribe?token=${id}`,
    budget: { take: async () => ({ granted: true, retryInMs: 0 }), perTake: 2 },
    log: { warn: (message) => outcome.warnings.push(message) },
    ...overrides,
  }
  return { deps, outcome }
}

describe("welcome emails", () => {
  it("carry the row's place, code, share, status and unsubscribe links, in its locale (the store's default when none)", async () => {
    const { deps, outcome } = run([claim("a"), { ...claim("b"), locale: "de" }, claim("gone")])
    expect(await sendDueWelcomes(deps, LIMITS)).toEqual({ sent: 2, skipped: 1, failed: 0, waiting: 0 })
    expect(outcome.sent[0]).toEqual({
      to: "a@example.com",
      signup_id: "a",
      attempt: 1,
      data: {
        product_id: "prod_1",
        product_title: "Aurora lamp",
        email: "a@example.com",
        position: 7,
        total: 40,
        referral_code: "code-a",
        share_url: "https://shop.example/products/aurora?shared_by=code-a",
        status_url: "https://api.shop.example/store/coming-soon/status?token=a",
        unsubscribe_url: "https://api.shop.example/store/coming-soon/unsubscribe?token=a",
        locale: "en",
      },
    })
    expect(outcome.sent[1].data.locale).toBe("de")
    // A row erased between its claim and its email stands in no line: nothing is sent.
    expect(outcome.skipped).toEqual(["gone"])
    expect(outcome.done).toEqual(["a", "b"])
  })

  it("hand a batch back untried when the shared rate has no room, and keep failures for a retry, logged once per run", async () => {
    const full = run([claim("a"), claim("b")], { budget: { take: async () => ({ granted: false, retryInMs: 4000 }), perTake: 2 } })
    expect(await sendDueWelcomes(full.deps, LIMITS)).toMatchObject({ waiting: 2, sent: 0 })
    expect(full.outcome.released).toEqual(["a", "b"])

    const failing = run([claim("a"), claim("b"), claim("c")], {
      send: async () => {
        throw new Error("provider down")
      },
    })
    expect(await sendDueWelcomes(failing.deps, LIMITS)).toMatchObject({ failed: 3 })
    expect(failing.outcome.failed).toEqual(["a", "b", "c"])
    expect(failing.outcome.warnings).toEqual(["launchdesk: 3 welcome emails failed in this run: provider down"])
  })

  it("are set aside, not sent, while the store has them off", async () => {
    const { deps, outcome } = run([claim("a")], { enabled: async () => false })
    expect(await sendDueWelcomes(deps, LIMITS)).toEqual({ sent: 0, skipped: 1, failed: 0, waiting: 0 })
    expect(outcome.sent).toEqual([])
    expect(outcome.setAside).toBe(1)
  })
})
