import { moduleIntegrationTestRunner } from "@medusajs/test-utils"
import { LAUNCHDESK_MODULE } from ".."
import type LaunchDeskModuleService from "../service"
import { SigningKeyRepository } from "../sql/signing-key-repository"
import { knexRunner } from "../../../shared/sql"

jest.setTimeout(60 * 1000)

moduleIntegrationTestRunner<LaunchDeskModuleService>({
  moduleName: LAUNCHDESK_MODULE,
  resolve: "./src/modules/launchdesk",
  testSuite: ({ service, MikroOrmWrapper }) => {
    const repository = () => new SigningKeyRepository(knexRunner(MikroOrmWrapper.forkManager().getKnex()))

    it("makes one random 32-byte key when processes start at once, and every one reads it", async () => {
      const keys = await Promise.all(Array.from({ length: 8 }, () => repository().key()))
      expect(keys[0]).toHaveLength(32)
      expect(new Set(keys.map((key) => key.toString("hex"))).size).toBe(1)
      const rows = await MikroOrmWrapper.forkManager().execute(`SELECT count(*)::int AS n FROM launchdesk_signing_key`)
      expect(rows[0].n).toBe(1)
    })

    it("keeps the key: a later start reads the one made before", async () => {
      const first = await service.signingKey()
      expect((await repository().key()).equals(first)).toBe(true)
      expect((await service.signingKey()).equals(first)).toBe(true)
    })
  },
})
