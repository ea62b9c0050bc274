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
      expect(service.visitorDeps()).toBe(service.visitorDeps())
      expect(service.visitorDeps().pollSource).toBe(push.pollCache)
      expect(service.bridgeDelivery()).toBe(service.bridgeDelivery())

      await push.listener.whenLive()
      expect(push.listener.backendPid).toEqual(expect.any(Number))

      await service.__hooks.onApplicationShutdown()
      expect(push.listener.backendPid).toBeNull()
    })
  },
})
