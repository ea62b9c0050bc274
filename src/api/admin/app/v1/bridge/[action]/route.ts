import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { bridgeSettings, testBridgeConnection } from "../../helpers"

// `medusa plugin:build` leaves out every folder named `test`, so `POST /bridge/test` cannot
// live in `bridge/test/route.ts`: it is served through this parameter instead.
const ACTIONS = {
  /** Makes a real authenticated call to the configured team-chat platform: `{ success, message }`. */
  test: async (req: AuthenticatedMedusaRequest) => testBridgeConnection(await bridgeSettings(req.scope)),
}

const isAction = (action: string): action is keyof typeof ACTIONS => Object.prototype.hasOwnProperty.call(ACTIONS, action)

export const POST = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  const { action } = req.params
  if (!isAction(action)) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Unknown bridge action: ${action}`)
  }
  res.json(await ACTIONS[action](req))
}
