import { MedusaService, InjectManager, MedusaContext } from "@medusajs/framework/utils"
import type { Context } from "@medusajs/framework/types"
import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/postgresql"
import { knexRunner } from "../../shared/sql"
import { ComingSoonSqlStore } from "./coming-soon-sql-store"
import { ProductSetting } from "./models/product-setting"
import { Signup } from "./models/signup"
import type { ComingSoonOptions } from "./types"

/**
 * Product settings and the signup ledger; `options` are the plugin options. The keys repeat
 * the model names (`cs_…`): Query calls `listCsProductSettings` when it follows the link.
 */
class ComingSoonModuleService extends MedusaService({ CsSignup: Signup, CsProductSetting: ProductSetting }) {
  readonly options: ComingSoonOptions
  private store_?: ComingSoonSqlStore

  constructor(container: Record<string, unknown>, options: ComingSoonOptions = {}) {
    super(...arguments)
    this.options = options
  }

  /** The ledger and settings statements over this module's connection pool. */
  async comingSoonStore(): Promise<ComingSoonSqlStore> {
    const store = this.store_ ?? new ComingSoonSqlStore(knexRunner((await this.manager_()).getKnex()))
    this.store_ = store
    return store
  }

  @InjectManager()
  protected async manager_(@MedusaContext() sharedContext: Context = {}): Promise<SqlEntityManager> {
    return sharedContext.manager as SqlEntityManager
  }
}

export default ComingSoonModuleService
