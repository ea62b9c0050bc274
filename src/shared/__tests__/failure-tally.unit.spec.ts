import { FailureTally } from "../failure-tally"

describe("a run's failed sends", () => {
  it("are logged once per reason with their count, not once per row, and only once", () => {
    const warnings: string[] = []
    const log = { warn: (message: string) => warnings.push(message) }
    const tally = new FailureTally()
    for (let row = 0; row < 40; row++) tally.add('no Notification provider for the "email" channel', row < 3)
    tally.add("550 mailbox unavailable")
    tally.report(log, "launch emails")
    expect(warnings).toEqual([
      'launchdesk: 40 launch emails failed in this run (3 out of attempts, set aside: retry them in the admin): no Notification provider for the "email" channel',
      "launchdesk: 1 launch emails failed in this run: 550 mailbox unavailable",
    ])
    tally.report(log, "launch emails")
    expect(warnings).toHaveLength(2)
  })

  it("say nothing for a run without failures", () => {
    const warnings: string[] = []
    new FailureTally().report({ warn: (message) => warnings.push(message) }, "back-in-stock emails")
    expect(warnings).toEqual([])
  })
})
