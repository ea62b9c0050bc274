import type { IncomingMessage } from "node:http"
import proxyaddr from "proxy-addr"

/** Express's `trust proxy` setting: a flag, a hop count, or addresses / subnets / names. */
export type TrustProxy = boolean | number | string[]

/** Reads TRUST_PROXY as Express reads `app.set("trust proxy", value)` from a string. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? ""
  if (text === "" || text === "false") return false
  if (text === "true") return true
  if (/^\d+$/.test(text)) return Number(text)
  return text
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean)
}

/**
 * The client's address as Express's `req.ip` gives it for the same setting: without trust,
 * the socket's peer; with it, the nearest `X-Forwarded-For` entry not trusted as a proxy.
 */
export function clientIpResolver(trust: TrustProxy): (req: IncomingMessage) => string | undefined {
  const trusts: (address: string, hop: number) => boolean =
    trust === true
      ? () => true
      : trust === false
        ? () => false
        : typeof trust === "number"
          ? (_address, hop) => hop < trust
          : proxyaddr.compile(trust)
  return (req) => proxyaddr(req, trusts)
}
