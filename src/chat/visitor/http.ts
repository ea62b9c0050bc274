/** A visitor request as both lanes see it, independent of Express or node:http. */
export type VisitorRequest = {
  /**
   * Who the request counts as for per-IP rules: the key `clientIpResolver` (src/shared/client-ip.ts)
   * gives by the plugin's `clientIp` option, an IPv4 address or an IPv6 /64; undefined when the
   * socket has no address.
   */
  ip?: string
  cookies: Record<string, string | undefined>
  /**
   * The Medusa customer the lane verified the request's authentication to be (session or
   * bearer token); absent for a guest. Never read from the body.
   */
  customerId?: string | null
  body?: unknown
  query?: Record<string, unknown>
}
