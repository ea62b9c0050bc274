import { moduleIntegrationTestRunner } from "@medusajs/test-utils"
import { LAUNCHDESK_MODULE } from ".."
import type LaunchDeskModuleService from "../service"

jest.setTimeout(60 * 1000)

moduleIntegrationTestRunner<LaunchDeskModuleService>({
  moduleName: LAUNCHDESK_MODULE,
  resolve: "./src/modules/launchdesk",
  testSuite: ({ service }) => {
    it("saves several keys, replaces and removes them, per namespace", async () => {
      const settings = await service.settings()
      await settings.write("chat", { greeting: "Hi", limits: { max: 3 }, enabled: false })
      await settings.write("other", { greeting: "Elsewhere" })
      await settings.write("chat", { greeting: "Hello", limits: null })
      expect(await settings.read("chat")).toEqual({ greeting: "Hello", enabled: false })
      expect(await settings.read("other")).toEqual({ greeting: "Elsewhere" })
    })

    it("writes a multi-key save as one statement: a failing entry stores none of them", async () => {
      const settings = await service.settings()
      await settings.write("chat", { greeting: "Hi" })
      // A lone surrogate is valid in a JS string but not in PostgreSQL's jsonb.
      await expect(settings.write("chat", { greeting: "Changed", broken: "\ud800" })).rejects.toThrow()
      expect(await settings.read("chat")).toEqual({ greeting: "Hi" })
    })

    it("does nothing for an empty save", async () => {
      const settings = await service.settings()
      await settings.write("chat", {})
      expect(await settings.read("chat")).toEqual({})
    })
  },
})
