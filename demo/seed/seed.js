// Seeds the demo store. Runs inside the host: `medusa exec <this file> <result.json>`, with
// DEMO_STOREFRONT_URL set (product images are served by the demo storefront).
// Every step looks its record up first, so a second run reuses everything and adds nothing.
const fs = require("node:fs")
const { ContainerRegistrationKeys, Modules, ProductStatus } = require("@medusajs/framework/utils")
const {
  createApiKeysWorkflow,
  createProductsWorkflow,
  createRegionsWorkflow,
  createUserAccountWorkflow,
  linkSalesChannelsToApiKeyWorkflow,
  updateStoresWorkflow,
} = require("@medusajs/medusa/core-flows")
const { ADMIN, CANNED_RESPONSES, COMING_SOON, PRODUCTS, PUBLISHABLE_KEY_TITLE, REGION } = require("./demo-data")

/** @typedef {import("@medusajs/framework/types").MedusaContainer} MedusaContainer */

// The plugin's module keys (src/modules/*). Not imported: the seed must not load plugin code.
const SUPPORT_CHAT_MODULE = "supportChat"
const COMING_SOON_MODULE = "comingSoon"

/** @param {MedusaContainer} container */
async function ensureAdminUser(container) {
  const [existing] = await container.resolve(Modules.USER).listUsers({ email: ADMIN.email })
  if (existing) {
    return { user: existing, created: false }
  }
  const authIdentityId = await ensureAdminLogin(container)
  const { result: user } = await createUserAccountWorkflow(container).run({
    input: { authIdentityId, userData: { email: ADMIN.email, first_name: "Demo", last_name: "Admin" } },
  })
  return { user, created: true }
}

/**
 * The email/password login behind the admin user. A run stopped between the login and the
 * user leaves a login with no user: reuse it rather than fail on "identity exists".
 * @param {MedusaContainer} container
 */
async function ensureAdminLogin(container) {
  const auth = container.resolve(Modules.AUTH)
  const [identity] = await auth.listProviderIdentities({ provider: "emailpass", entity_id: ADMIN.email })
  if (identity?.auth_identity_id) {
    return identity.auth_identity_id
  }
  const { authIdentity, error } = await auth.register("emailpass", { body: ADMIN })
  if (error || !authIdentity) {
    throw new Error(`Could not register the demo admin login: ${error}`)
  }
  return authIdentity.id
}

/**
 * The store Medusa creates on boot, with a default region so /store/products can price
 * variants without a region_id. An existing default region is kept.
 * @param {MedusaContainer} container
 */
async function ensureStoreDefaults(container) {
  const [store] = await container.resolve(Modules.STORE).listStores({}, { take: 1 })
  if (!store?.default_sales_channel_id) {
    throw new Error("The store has no default sales channel: Medusa creates one on boot, was the database migrated?")
  }
  if (store.default_region_id) {
    return { salesChannelId: store.default_sales_channel_id, regionCreated: false }
  }
  const { region, created } = await ensureRegion(container)
  await updateStoresWorkflow(container).run({
    input: { selector: { id: store.id }, update: { default_region_id: region.id } },
  })
  return { salesChannelId: store.default_sales_channel_id, regionCreated: created }
}

/** @param {MedusaContainer} container */
async function ensureRegion(container) {
  const [existing] = await container.resolve(Modules.REGION).listRegions({ name: REGION.name })
  if (existing) {
    return { region: existing, created: false }
  }
  const { result } = await createRegionsWorkflow(container).run({ input: { regions: [REGION] } })
  return { region: result[0], created: true }
}

/**
 * @param {(typeof PRODUCTS)[number]} product
 * @param {{ salesChannelId: string, storefrontUrl: string }} context
 */
function productInput(product, { salesChannelId, storefrontUrl }) {
  const image = `${storefrontUrl}/images/${product.handle}.svg`
  const prices = Object.entries(product.prices).map(([currency_code, amount]) => ({ currency_code, amount }))
  return {
    title: product.title,
    handle: product.handle,
    description: product.description,
    status: ProductStatus.PUBLISHED,
    thumbnail: image,
    images: [{ url: image }],
    options: [{ title: "Size", values: product.sizes }],
    variants: product.sizes.map((size) => ({
      title: size,
      sku: `${product.handle}-${size}`.toUpperCase().replace(/\s+/g, "-"),
      options: { Size: size },
      prices,
      // No stock locations in the demo: a variant that does not track its inventory is always
      // available, one that does (`soldOut`) never is.
      manage_inventory: (product.soldOut ?? []).includes(size),
    })),
    sales_channels: [{ id: salesChannelId }],
  }
}

/**
 * @param {MedusaContainer} container
 * @param {{ salesChannelId: string, storefrontUrl: string }} context
 */
async function ensureProducts(container, context) {
  const handles = PRODUCTS.map((product) => product.handle)
  const existing = await container.resolve(Modules.PRODUCT).listProducts({ handle: handles }, { select: ["handle"] })
  const existingHandles = new Set(existing.map((product) => product.handle))
  const missing = PRODUCTS.filter((product) => !existingHandles.has(product.handle))
  if (missing.length) {
    await createProductsWorkflow(container).run({
      input: { products: missing.map((product) => productInput(product, context)) },
    })
  }
  return { handles, created: missing.length }
}

/**
 * @param {MedusaContainer} container
 * @param {{ createdBy: string, salesChannelId: string }} options
 */
async function ensurePublishableKey(container, { createdBy, salesChannelId }) {
  const keys = await container
    .resolve(Modules.API_KEY)
    .listApiKeys({ title: PUBLISHABLE_KEY_TITLE, type: "publishable" })
  let key = keys.find((candidate) => !candidate.revoked_at)
  const created = !key
  if (!key) {
    const { result } = await createApiKeysWorkflow(container).run({
      input: { api_keys: [{ title: PUBLISHABLE_KEY_TITLE, type: "publishable", created_by: createdBy }] },
    })
    key = result[0]
  }
  await ensureKeySalesChannel(container, key.id, salesChannelId)
  return { token: key.token, created }
}

/**
 * Checked on every run, not only after creating the key: a run may have stopped in between.
 * @param {MedusaContainer} container
 * @param {string} keyId
 * @param {string} salesChannelId
 */
async function ensureKeySalesChannel(container, keyId, salesChannelId) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "api_key", fields: ["sales_channels.id"], filters: { id: keyId } })
  const linked = (data[0]?.sales_channels ?? []).some((channel) => channel?.id === salesChannelId)
  if (!linked) {
    await linkSalesChannelsToApiKeyWorkflow(container).run({ input: { id: keyId, add: [salesChannelId] } })
  }
}

/** @param {MedusaContainer} container */
async function ensureCannedResponses(container) {
  const supportChat = container.resolve(SUPPORT_CHAT_MODULE)
  const questions = CANNED_RESPONSES.map((canned) => canned.question)
  const existing = await supportChat.listCannedResponses({ question: questions })
  const existingQuestions = new Set(existing.map((canned) => canned.question))
  const missing = CANNED_RESPONSES.filter((canned) => !existingQuestions.has(canned.question))
  if (missing.length) {
    await supportChat.createCannedResponses(missing)
  }
  return { created: missing.length }
}

const isoDay = (date) => date.toISOString().slice(0, 10)

/**
 * Marks the COMING_SOON products as coming soon: the settings record and its link to the
 * product (what the admin route's workflow does). A date that has passed moves forward.
 * @param {MedusaContainer} container
 */
async function ensureComingSoon(container) {
  const comingSoon = container.resolve(COMING_SOON_MODULE)
  const products = await container
    .resolve(Modules.PRODUCT)
    .listProducts({ handle: COMING_SOON.map((entry) => entry.handle) }, { select: ["id", "handle"] })
  let created = 0
  // The demo seeds again once the first of these has come (see demo/lib/seed-if-needed.js).
  const arrivalDates = []
  for (const entry of COMING_SOON) {
    const product = products.find((candidate) => candidate.handle === entry.handle)
    if (!product) continue
    const arrival_date = isoDay(new Date(Date.now() + entry.arrivalInDays * 86400_000))
    const [existing] = await comingSoon.listCsProductSettings({ product_id: product.id })
    if (existing) {
      if (!existing.arrival_date || existing.arrival_date <= isoDay(new Date())) {
        await comingSoon.updateCsProductSettings({ id: existing.id, arrival_date })
        arrivalDates.push(arrival_date)
      } else {
        arrivalDates.push(existing.arrival_date)
      }
      continue
    }
    arrivalDates.push(arrival_date)
    const setting = await comingSoon.createCsProductSettings({
      product_id: product.id,
      enabled: true,
      arrival_date,
      offer_description: entry.offer_description,
      email_provider: "mailer",
      mailer_group_id: entry.mailer_group_id,
    })
    await container.resolve(ContainerRegistrationKeys.LINK).create({
      [Modules.PRODUCT]: { product_id: product.id },
      [COMING_SOON_MODULE]: { cs_product_setting_id: setting.id },
    })
    created += 1
  }
  return { handles: COMING_SOON.map((entry) => entry.handle), created, arrivalDates }
}

/** @param {{ container: MedusaContainer, args: string[] }} params */
async function seedDemo({ container, args }) {
  const [resultFile] = args
  const storefrontUrl = process.env.DEMO_STOREFRONT_URL || "http://localhost:8000"

  const admin = await ensureAdminUser(container)
  const store = await ensureStoreDefaults(container)
  const products = await ensureProducts(container, { salesChannelId: store.salesChannelId, storefrontUrl })
  const key = await ensurePublishableKey(container, {
    createdBy: admin.user.id,
    salesChannelId: store.salesChannelId,
  })
  const canned = await ensureCannedResponses(container)
  const comingSoon = await ensureComingSoon(container)

  const result = {
    admin: { email: ADMIN.email, password: ADMIN.password },
    publishableKey: key.token,
    productHandles: products.handles,
    comingSoonHandles: comingSoon.handles,
    comingSoonArrivalDates: comingSoon.arrivalDates,
    created: {
      adminUser: admin.created,
      region: store.regionCreated,
      products: products.created,
      publishableKey: key.created,
      cannedResponses: canned.created,
      comingSoonProducts: comingSoon.created,
    },
  }
  fs.writeFileSync(resultFile, JSON.stringify(result, null, 2))
}

exports.default = seedDemo
