import { MedusaService } from "@medusajs/framework/utils"
import { knexRunner, type ModuleConnection } from "../../shared/sql"
import { checkPluginOptions } from "../../shared/plugin-options"
import { escapeLike, SIGNUP_FIELDS, SignupRepository, type SignupFilters, type SignupRow } from "./sql/signup-repository"
import {
  PRODUCT_SETTING_FIELDS,
  ProductSettingRepository,
  type ProductSettingRow,
  type ProductSettingValues,
} from "./sql/product-setting-repository"
import { LaunchRepository } from "./sql/launch-repository"
import { ConfirmationRepository } from "./sql/confirmation-repository"
import { BackInStockRepository } from "./sql/back-in-stock-repository"
import { PreorderRepository } from "./sql/preorder-repository"
import { WelcomeRepository } from "./sql/welcome-repository"
import { WaitlistRepository } from "./sql/waitlist-repository"
import { ReferralRewardRepository } from "./sql/referral-reward-repository"
import { ProductSetting } from "./models/product-setting"
import { Signup } from "./models/signup"
import { Launch } from "./models/launch"
import { BackInStock } from "./models/back-in-stock"
import { RestockRound } from "./models/restock-round"
import { Preorder } from "./models/preorder"
import type { ComingSoonOptions } from "./types"

/**
 * Product settings and the signup ledger; `options` are the plugin options. The keys repeat
 * the model names (`cs_…`): Query calls `listCsProductSettings` when it follows the link.
 */
class ComingSoonModuleService extends MedusaService({ CsSignup: Signup, CsProductSetting: ProductSetting, CsLaunch: Launch, CsBackInStock: BackInStock, CsRestockRound: RestockRound, CsPreorder: Preorder }) {
  readonly options: ComingSoonOptions
  private readonly signups_: SignupRepository
  private readonly productSettings_: ProductSettingRepository
  private readonly launches_: LaunchRepository
  private readonly confirmations_: ConfirmationRepository
  private readonly backInStockConfirmations_: ConfirmationRepository
  private readonly backInStock_: BackInStockRepository
  private readonly preorders_: PreorderRepository
  private readonly waitlist_: WaitlistRepository
  private readonly welcomes_: WelcomeRepository
  private readonly referralRewards_: ReferralRewardRepository

  constructor(container: ModuleConnection, options: ComingSoonOptions = {}) {
    // eslint-disable-next-line prefer-rest-params -- forwards all the module loader gives, as Medusa's own module services do
    super(...arguments)
    // A bad option value stops the start here, naming the option, before anything reads it.
    checkPluginOptions(options)
    this.options = options
    const sql = knexRunner(container.manager.getKnex())
    this.signups_ = new SignupRepository(sql, { maxSyncAttempts: options.maxDeliveryAttempts })
    this.productSettings_ = new ProductSettingRepository(sql)
    this.launches_ = new LaunchRepository(sql, { maxNotifyAttempts: options.maxDeliveryAttempts })
    this.confirmations_ = new ConfirmationRepository(sql, { maxAttempts: options.maxDeliveryAttempts })
    this.backInStockConfirmations_ = new ConfirmationRepository(sql, { maxAttempts: options.maxDeliveryAttempts, table: "cs_back_in_stock" })
    this.backInStock_ = new BackInStockRepository(sql)
    this.preorders_ = new PreorderRepository(sql)
    this.waitlist_ = new WaitlistRepository(sql)
    this.welcomes_ = new WelcomeRepository(sql, { maxAttempts: options.maxDeliveryAttempts })
    this.referralRewards_ = new ReferralRewardRepository(sql, { maxAttempts: options.maxDeliveryAttempts })
  }

  /** Launches, their emails' claims and progress (CONTRACT §7). */
  async launches(): Promise<LaunchRepository> {
    return this.launches_
  }

  /** Back in stock (CONTRACT §12): subscriptions, restock claims, conversions, demand. */
  async backInStock(): Promise<BackInStockRepository> {
    return this.backInStock_
  }

  /** Pre-orders (CONTRACT §12): the products that take them, each order's rows, the stats. */
  async preorders(): Promise<PreorderRepository> {
    return this.preorders_
  }

  /** Place in line (CONTRACT §12): a row's position and its standing. */
  async waitlist(): Promise<WaitlistRepository> {
    return this.waitlist_
  }

  /** The welcome emails' claims (CONTRACT §12). */
  async welcomes(): Promise<WelcomeRepository> {
    return this.welcomes_
  }

  /** Referral rewards (CONTRACT §12): the rewards opened per signup and step, their codes' and emails' claims. */
  async referralRewards(): Promise<ReferralRewardRepository> {
    return this.referralRewards_
  }

  /** Double opt-in: the confirmation emails' claims and the confirmation itself. */
  async confirmations(): Promise<ConfirmationRepository> {
    return this.confirmations_
  }

  /** Double opt-in for back-in-stock subscriptions: the same emails and links, on their own rows. */
  async backInStockConfirmations(): Promise<ConfirmationRepository> {
    return this.backInStockConfirmations_
  }

  /** The ledger's writes and sync claims, and the export's walk over it. */
  async signups(): Promise<SignupRepository> {
    return this.signups_
  }

  /** A page of the ledger, newest first (ties by id, so pages never overlap). */
  async listSignups(
    filters: SignupFilters,
    page: { limit: number; offset: number }
  ): Promise<{ items: SignupRow[]; total: number }> {
    const pattern = filters.search ? `%${escapeLike(filters.search)}%` : undefined
    const [rows, total] = await this.listAndCountCsSignups(
      {
        ...(filters.product_id ? { product_id: filters.product_id } : {}),
        ...(filters.sync_status ? { sync_status: filters.sync_status } : {}),
        ...(pattern
          ? {
              $or: [
                { email: { $ilike: pattern } },
                { mailer_id: { $ilike: pattern } },
                { referrer_id: { $ilike: pattern } },
                { referral_code: { $ilike: pattern } },
              ],
            }
          : {}),
      },
      { select: [...SIGNUP_FIELDS], order: { created_at: "DESC", id: "DESC" }, take: page.limit, skip: page.offset }
    )
    return { items: rows, total }
  }

  async findProductSetting(productId: string): Promise<ProductSettingRow | null> {
    const [setting] = await this.listCsProductSettings(
      { product_id: productId },
      { select: [...PRODUCT_SETTING_FIELDS], take: 1 }
    )
    return setting
      ? {
          ...setting,
          translations: (setting.translations ?? null) as ProductSettingRow["translations"],
          referral_rewards: (setting.referral_rewards ?? null) as ProductSettingRow["referral_rewards"],
        }
      : null
  }

  /** Creates or replaces a product's settings; `created` tells which. */
  async upsertProductSetting(
    productId: string,
    values: ProductSettingValues
  ): Promise<{ setting: ProductSettingRow; created: boolean }> {
    return this.productSettings_.upsert(productId, values)
  }
}

export default ComingSoonModuleService
