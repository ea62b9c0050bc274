import { isIPv4, isIPv6 } from "node:net"
import proxyaddr from "proxy-addr"

/**
 * Express's `trust proxy` values: `false` (the socket's peer is the client), `true` (the
 * left-most X-Forwarded-For entry), a hop count, or addresses / CIDRs / "loopback" /
 * "linklocal" / "uniquelocal" (a list, or one comma-separated string).
 */
export type TrustProxy = boolean | number | string | string[]

/** The plugin option `clientIp`, read the same way by the Medusa routes and the fast lane. */
export type ClientIpOptions = {
  /** Which proxies in front of the app may name the client. Default `false`: nobody. */
  trustProxy?: TrustProxy
}

// Nothing in front of the app is trusted unless the store says so: a directly reachable
// process must not let a request choose its own address by sending X-Forwarded-For.
export const DEFAULT_TRUST_PROXY: TrustProxy = false

/** Who a request counts as for the per-IP rules. */
export type ClientAddress = {
  /** The address itself (IPv4-mapped IPv6 read as IPv4), for a CAPTCHA's `remoteip`; absent when not an address. */
  address?: string
  /** What per-IP limits count: the IPv4 address, or the IPv6 address's /64. */
  key: string
}

/** The key of a client whose nearest untrusted X-Forwarded-For entry is not an address. */
export const INVALID_CLIENT_KEY = "invalid"

type TrustFn = (address: string, hop: number) => boolean

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

/** Express's compileTrust, refusing at start-up what Express would only trip over later. */
function compileTrust(trust: TrustProxy): TrustFn {
  if (trust === true) return () => true
  if (trust === false) return () => false
  if (typeof trust === "number") {
    if (!Number.isInteger(trust) || trust < 0) {
      throw new Error(`launchdesk: clientIp.trustProxy must be a boolean, a hop count or addresses, got ${trust}`)
    }
    return (_address, hop) => hop < trust
  }
  const list = (Array.isArray(trust) ? trust : trust.split(",")).map((entry) => String(entry).trim()).filter(Boolean)
  if (list.length === 0) return () => false
  try {
    return proxyaddr.compile(list)
  } catch (error) {
    throw new Error(`launchdesk: clientIp.trustProxy: ${error instanceof Error ? error.message : String(error)}`)
  }
}

/** The eight 16-bit groups of an IPv6 address (zone dropped), or null. */
function ipv6Groups(text: string): number[] | null {
  const address = text.split("%")[0]
  if (!isIPv6(address)) return null
  let tail: number[] = []
  let rest = address
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(address)
  if (v4) {
    const [a, b, c, d] = v4[1].split(".").map(Number)
    tail = [(a << 8) | b, (c << 8) | d]
    rest = address.slice(0, -v4[1].length)
    if (rest.endsWith(":") && !rest.endsWith("::")) rest = rest.slice(0, -1)
  }
  const hex = (part: string) => (part === "" ? [] : part.split(":").map((group) => parseInt(group, 16)))
  const [head, after] = rest.split("::")
  const front = hex(head)
  const back = [...(after === undefined ? [] : hex(after)), ...tail]
  if (after === undefined) return [...front, ...back]
  return [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back]
}

/**
 * The limiter's view of an address: IPv4 as is, IPv4-mapped IPv6 as its IPv4 address, any
 * other IPv6 address as its /64 (one subscriber's usual allocation, so rotating through it
 * gains nothing). Anything else shares one bucket.
 */
export function clientOfAddress(raw: string): ClientAddress {
  const text = raw.trim()
  if (isIPv4(text)) return { address: text, key: text }
  const groups = ipv6Groups(text)
  if (!groups) return { key: INVALID_CLIENT_KEY }
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const ipv4 = [groups[6] >> 8, groups[6] & 255, groups[7] >> 8, groups[7] & 255].join(".")
    return { address: ipv4, key: ipv4 }
  }
  const address = text.split("%")[0].toLowerCase()
  return { address, key: `${groups.slice(0, 4).map((group) => group.toString(16)).join(":")}::/64` }
}

/**
 * Compiles `clientIp.trustProxy` once (throws on a value Express would not accept) and returns
 * the function both lanes call per request: Express's `req.ip` rule over the socket's peer
 * and X-Forwarded-For, then `clientOfAddress`. Undefined when the socket has no address.
 */
export function clientIpResolver(
  options: ClientIpOptions | undefined
): (socketAddress: string | undefined, forwardedFor: string | string[] | undefined) => ClientAddress | undefined {
  const trust = compileTrust(options?.trustProxy ?? DEFAULT_TRUST_PROXY)
  return (socketAddress, forwardedFor) => {
    if (!socketAddress) return undefined
    const header = Array.isArray(forwardedFor) ? forwardedFor.join(",") : (forwardedFor ?? "")
    // proxy-addr's walk (what Express's `req.ip` does): from the socket's peer towards the
    // left-most X-Forwarded-For entry, stopping at the first hop that is not trusted.
    const hops = [socketAddress, ...header.split(",").map((entry) => entry.trim()).filter(Boolean).reverse()]
    let hop = 0
    while (hop < hops.length - 1 && trust(hops[hop], hop)) hop++
    return clientOfAddress(hops[hop])
  }
}
