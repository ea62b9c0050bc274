const net = require("node:net")
const { freePort } = require("../database")

const listen = (port) =>
  new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once("error", reject)
    server.listen(port, "127.0.0.1", () => resolve(server))
  })

describe("freePort", () => {
  afterEach(() => jest.restoreAllMocks())

  it("hands out a port below the outgoing connections' range that a server can then listen on", async () => {
    const port = await freePort()
    expect(port).toBeGreaterThanOrEqual(20000)
    expect(port).toBeLessThan(32768)
    const server = await listen(port)
    await new Promise((resolve) => server.close(resolve))
  })

  it("passes over a port something already listens on, on any address", async () => {
    // A port of the range, taken on the loopback address only.
    const taken = await freePort()
    const holder = await listen(taken)
    try {
      const fractionOf = (port) => (port - 20000) / (32767 - 20000 + 1) + 1e-9
      const free = await freePort()
      jest.spyOn(Math, "random").mockReturnValueOnce(fractionOf(taken)).mockReturnValueOnce(fractionOf(free))
      expect(await freePort()).toBe(free)
      expect(Math.random).toHaveBeenCalledTimes(2)
    } finally {
      await new Promise((resolve) => holder.close(resolve))
    }
  })
})
