import express from "express"
import { clientIpResolver, clientOfAddress, INVALID_CLIENT_KEY, parseTrustProxy } from "../client-ip"

const keyOf = (trustProxy: Parameters<typeof clientIpResolver>[0], socket: string | undefined, xff?: string | string[]) =>
  clientIpResolver(trustProxy)(socket, xff)?.key

describe("clientIpResolver", () => {
  it("uses the socket address by default and with trustProxy false, whatever X-Forwarded-For says", () => {
    expect(keyOf(undefined, "198.51.100.7", "203.0.113.1")).toBe("198.51.100.7")
    expect(keyOf({}, "198.51.100.7", "203.0.113.1, 203.0.113.2")).toBe("198.51.100.7")
    expect(keyOf({ trustProxy: false }, "198.51.100.7", "203.0.113.1")).toBe("198.51.100.7")
    expect(keyOf({ trustProxy: [] }, "198.51.100.7", "203.0.113.1")).toBe("198.51.100.7")
  })

  it("takes the left-most entry with trustProxy true", () => {
    expect(keyOf({ trustProxy: true }, "10.0.0.2", "203.0.113.1, 198.51.100.9")).toBe("203.0.113.1")
    expect(keyOf({ trustProxy: true }, "10.0.0.2")).toBe("10.0.0.2")
  })

  it("counts hops: 1 is the right-most entry, whatever the client put before it", () => {
    expect(keyOf({ trustProxy: 1 }, "10.0.0.2", "6.6.6.6, 203.0.113.5")).toBe("203.0.113.5")
    expect(keyOf({ trustProxy: 1 }, "10.0.0.2", "203.0.113.5")).toBe("203.0.113.5")
    expect(keyOf({ trustProxy: 2 }, "10.0.0.2", "6.6.6.6, 203.0.113.5, 10.0.0.1")).toBe("203.0.113.5")
    // No header: the socket's peer is all there is.
    expect(keyOf({ trustProxy: 1 }, "10.0.0.2")).toBe("10.0.0.2")
    expect(keyOf({ trustProxy: 0 }, "10.0.0.2", "203.0.113.5")).toBe("10.0.0.2")
  })

  it("trusts only the listed proxies, names and CIDRs included", () => {
    const lb = { trustProxy: ["loopback", "10.0.0.0/8"] }
    expect(keyOf(lb, "127.0.0.1", "203.0.113.5")).toBe("203.0.113.5")
    expect(keyOf(lb, "::ffff:127.0.0.1", "203.0.113.5")).toBe("203.0.113.5")
    expect(keyOf(lb, "127.0.0.1", "6.6.6.6, 203.0.113.5, 10.1.2.3")).toBe("203.0.113.5")
    // A client that is not a listed proxy cannot name someone else.
    expect(keyOf(lb, "198.51.100.7", "203.0.113.5")).toBe("198.51.100.7")
    expect(keyOf({ trustProxy: "loopback, uniquelocal" }, "192.168.1.1", "203.0.113.5")).toBe("203.0.113.5")
    expect(keyOf({ trustProxy: "10.0.0.1" }, "10.0.0.1", "203.0.113.5, 10.0.0.1")).toBe("203.0.113.5")
  })

  it("joins repeated X-Forwarded-For headers as one list", () => {
    expect(keyOf({ trustProxy: 1 }, "10.0.0.2", ["6.6.6.6", "203.0.113.5"])).toBe("203.0.113.5")
  })

  it("has no client without a socket address", () => {
    expect(clientIpResolver({ trustProxy: true })(undefined, "203.0.113.5")).toBeUndefined()
    expect(clientIpResolver(undefined)("", undefined)).toBeUndefined()
  })

  it("reads IPv4-mapped IPv6 as IPv4, from the socket and from the header", () => {
    expect(clientIpResolver(undefined)("::ffff:198.51.100.7", undefined)).toEqual({ address: "198.51.100.7", key: "198.51.100.7" })
    expect(keyOf({ trustProxy: 1 }, "10.0.0.2", "::FFFF:203.0.113.5")).toBe("203.0.113.5")
    expect(keyOf({ trustProxy: 1 }, "10.0.0.2", "0:0:0:0:0:ffff:cb00:7105")).toBe("203.0.113.5")
  })

  it("counts IPv6 per /64", () => {
    const a = keyOf(undefined, "2001:db8:1:2::1")
    expect(a).toBe("2001:db8:1:2::/64")
    expect(keyOf(undefined, "2001:DB8:1:2:ffff:ffff:ffff:fffe")).toBe(a)
    expect(keyOf({ trustProxy: 1 }, "10.0.0.2", "2001:0db8:0001:0002:0:0:0:9")).toBe(a)
    expect(keyOf(undefined, "2001:db8:1:3::1")).not.toBe(a)
    expect(keyOf(undefined, "2001:db9:1:2::1")).not.toBe(a)
    expect(keyOf(undefined, "fe80::1%eth0")).toBe("fe80:0:0:0::/64")
    expect(keyOf(undefined, "::1")).toBe("0:0:0:0::/64")
    // The address itself is kept for a CAPTCHA's remoteip.
    expect(clientIpResolver(undefined)("2001:db8:1:2::1", undefined)?.address).toBe("2001:db8:1:2::1")
  })

  it.each([
    ["not-an-ip"],
    ["203.0.113.5.6"],
    ["<script>"],
    ["203.0.113.5:8080"],
    ["[2001:db8::1]"],
    ["unknown"],
    ["x".repeat(5000)],
  ])("puts a garbage entry %#  in one shared bucket, with no address", (garbage) => {
    expect(clientIpResolver({ trustProxy: 1 })("10.0.0.2", `203.0.113.9, ${garbage}`)).toEqual({ key: INVALID_CLIENT_KEY })
    expect(clientIpResolver({ trustProxy: true })("10.0.0.2", garbage)).toEqual({ key: INVALID_CLIENT_KEY })
  })

  it("ignores empty entries and spaces in X-Forwarded-For", () => {
    expect(keyOf({ trustProxy: 1 }, "10.0.0.2", " , 203.0.113.5 ,, ")).toBe("203.0.113.5")
    expect(keyOf({ trustProxy: true }, "10.0.0.2", ",,,")).toBe("10.0.0.2")
  })

  it.each([[{ trustProxy: -1 }], [{ trustProxy: 1.5 }], [{ trustProxy: ["10.0.0.0/99"] }], [{ trustProxy: "proxy.internal" }]])(
    "refuses trustProxy %p at start-up",
    (options) => {
      expect(() => clientIpResolver(options)).toThrow("clientIp.trustProxy")
    }
  )
})

describe("the same client as Express's req.ip", () => {
  /** `req.ip` of an Express app with `trust proxy` set to `trust`, for this socket peer and header. */
  const expressIp = (trust: boolean | number | string | string[], socket: string, xff: string | undefined): string | undefined => {
    const app = express()
    app.set("trust proxy", trust)
    const req = Object.create(app.request, {
      socket: { value: { remoteAddress: socket } },
      connection: { value: { remoteAddress: socket } },
      headers: { value: xff === undefined ? {} : { "x-forwarded-for": xff } },
    })
    return req.ip
  }

  const trusts = [false, true, 0, 1, 2, 3, "loopback", "loopback, 10.0.0.0/8", ["uniquelocal"], ["10.0.0.1", "2001:db8::/32"]]
  const sockets = ["127.0.0.1", "::ffff:127.0.0.1", "10.0.0.1", "198.51.100.7", "2001:db8::5"]
  const headers = [undefined, "", "203.0.113.5", "6.6.6.6, 203.0.113.5", "6.6.6.6, 10.0.0.9, 127.0.0.1", "2001:db8:1:2::3, 10.0.0.1", "junk, 10.0.0.1"]

  it("for every trust setting, socket peer and header of a matrix", () => {
    for (const trustProxy of trusts) {
      const resolve = clientIpResolver({ trustProxy })
      for (const socket of sockets) {
        for (const xff of headers) {
          const expected = expressIp(trustProxy, socket, xff)
          expect({ trustProxy, socket, xff, key: resolve(socket, xff)?.key }).toEqual({
            trustProxy,
            socket,
            xff,
            key: expected === undefined ? undefined : clientOfAddress(expected).key,
          })
        }
      }
    }
  })
})

describe("clientOfAddress", () => {
  it("keeps IPv4 and trims", () => {
    expect(clientOfAddress(" 203.0.113.5 ")).toEqual({ address: "203.0.113.5", key: "203.0.113.5" })
  })
})

describe("parseTrustProxy", () => {
  it("reads the TRUST_PROXY variable as Express reads a string", () => {
    expect(parseTrustProxy(undefined)).toBe(false)
    expect(parseTrustProxy("false")).toBe(false)
    expect(parseTrustProxy("true")).toBe(true)
    expect(parseTrustProxy("2")).toBe(2)
    expect(parseTrustProxy("loopback, 10.0.0.0/8")).toEqual(["loopback", "10.0.0.0/8"])
  })
})
