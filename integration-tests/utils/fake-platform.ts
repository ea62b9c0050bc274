import type { ServerResponse } from "node:http"
import { FakeServer, type ReceivedRequest } from "./fake-server"

/**
 * How a fake team-chat platform misbehaves: `error` and `rate_limited` answer as that platform
 * does when it is down or throttling, `hang` holds each request until `recover()` drops it.
 */
export type Outage = "error" | "rate_limited" | "hang" | null

/**
 * What the fake Slack and Discord share: the bot token they accept, the outage a test scripts
 * and the server under them. Each answers requests (and fails during an outage) its own way.
 */
export abstract class FakePlatform {
  outage: Outage = null
  /** The token the fake accepts; change it to simulate a revoked one. */
  validToken: string
  protected readonly server = new FakeServer((request, res) => this.handle(request, res))

  constructor(token: string, private readonly apiPath: string) {
    this.validToken = token
  }

  /** Listens on a free port; resolves to the API base URL (`http://127.0.0.1:<port><apiPath>`). */
  async start(): Promise<string> {
    return `${await this.server.start()}${this.apiPath}`
  }

  stop(): Promise<void> {
    this.outage = null
    return this.server.stop()
  }

  /** Ends an outage; requests it held lose their connection, as after a platform restart. */
  recover() {
    this.outage = null
    this.server.releaseHeld()
  }

  get heldCount() {
    return this.server.heldCount
  }

  protected abstract handle(request: ReceivedRequest, res: ServerResponse): void
}
