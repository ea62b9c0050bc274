import { moduleIntegrationTestRunner } from "@medusajs/test-utils"
import { SUPPORT_CHAT_MODULE } from ".."
import type SupportChatModuleService from "../service"

jest.setTimeout(60 * 1000)

moduleIntegrationTestRunner<SupportChatModuleService>({
  moduleName: SUPPORT_CHAT_MODULE,
  resolve: "./src/modules/support-chat",
  testSuite: ({ service }) => {
    it("keeps one runtime for the process, whichever call asks, and closes it on shutdown", async () => {
      const push = await service.push()
      expect(await service.push()).toBe(push)
      // What the Medusa glue builds over it is built once, and dropped with the runtime.
      const part = Symbol("a part")
      const built = service.perProcess(part, () => ({ push }))
      expect(service.perProcess(part, () => ({ push: null }))).toBe(built)

      await push.listener.whenLive()
      expect(push.listener.backendPid).toEqual(expect.any(Number))

      await service.__hooks.onApplicationShutdown()
      expect(push.listener.backendPid).toBeNull()
      expect(service.perProcess(part, () => "built again")).toBe("built again")
    })
  },
})
