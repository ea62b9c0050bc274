import { MedusaService } from "@medusajs/framework/utils"
import { Signup } from "./models/signup"

class ComingSoonModuleService extends MedusaService({ Signup }) {}

export default ComingSoonModuleService
