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
  /**
   * The locales the request asks for, in order (src/shared/locale.ts `requestedLocales`): the
   * `x-medusa-locale` header, then the `locale` query parameter. Unchecked: anything may arrive.
   */
  locales?: readonly unknown[]
  body?: unknown
  query?: Record<string, unknown>
}
