// Over 300 lines on purpose: page markup copied whole from the starter and a theme, so that the bundle meets the DOM it will meet in a shop.
// Storefront pages for the browser tests: the same script tag on markup of different shops.
// `starterProductPage` copies the DOM Medusa's DTC starter (medusajs/dtc-starter,
// apps/storefront) renders for a product: src/modules/products/templates and
// components/product-actions, data-testid attributes included, with the sticky bar of
// product-actions/mobile-actions.tsx that phones get once the actions scroll out of view.
// `auroraThemePage` is a theme the bundle has never heard of.

const escape = (value: string) =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

export type TagOptions = { backendUrl: string; publishableKey: string; attributes?: Record<string, string> }

/** The one tag a store adds. */
export function launchdeskTag({ backendUrl, publishableKey, attributes = {} }: TagOptions) {
  const extra = Object.entries(attributes)
    .map(([name, value]) => ` ${name}="${escape(value)}"`)
    .join("")
  return `<script src="/launchdesk/launchdesk.js" data-publishable-key="${escape(publishableKey)}" data-backend-url="${escape(backendUrl)}"${extra} defer></script>`
}

// The Tailwind classes of the starter's mobile bar (lg is 1024 px), as its build would emit them.
const STARTER_UTILITIES = `
  .fixed { position: fixed; } .inset-x-0 { left: 0; right: 0; } .bottom-0 { bottom: 0; } .z-50 { z-index: 50; }
  .pointer-events-none { pointer-events: none; } .bg-white { background: #fff; } .border-t { border-top: 1px solid #e5e7eb; }
  .p-4 { padding: 16px; } .flex { display: flex; } .flex-col { flex-direction: column; } .gap-y-3 { row-gap: 12px; }
  .items-center { align-items: center; } .justify-center { justify-content: center; } .gap-x-2 { column-gap: 8px; }
  .grid { display: grid; } .grid-cols-2 { grid-template-columns: 1fr 1fr; } .gap-x-4 { column-gap: 16px; } .w-full { width: 100%; }
  .btn-secondary { height: 40px; border: 1px solid #e5e7eb; border-radius: 8px; background: #fff; }
  @media (min-width: 1024px) { .lg\\:hidden { display: none; } }
`

const STARTER_CSS = `
  * { box-sizing: border-box; }
  body { margin: 0; font-family: Inter, ui-sans-serif, system-ui, sans-serif; color: #111827; background: #fff; }
  header { display: flex; justify-content: space-between; align-items: center; padding: 0 32px; height: 64px; border-bottom: 1px solid #e5e7eb; font-size: 14px; }
  header a { color: #4b5563; text-decoration: none; }
  .brand { font-weight: 600; letter-spacing: .06em; text-transform: uppercase; color: #111827; }
  .content-container { max-width: 1280px; margin: 0 auto; padding: 24px 32px; display: flex; gap: 32px; align-items: flex-start; }
  .info { width: 300px; display: flex; flex-direction: column; gap: 12px; padding-top: 32px; }
  .info .collection { color: #6b7280; font-size: 14px; }
  .info h2 { margin: 0; font-size: 30px; font-weight: 400; }
  .info p { margin: 0; color: #4b5563; line-height: 1.6; font-size: 14px; }
  .gallery { flex: 1; display: flex; flex-direction: column; gap: 16px; }
  .gallery .image { aspect-ratio: 29 / 34; border-radius: 12px; background: linear-gradient(135deg, #f3f4f6, #e5e7eb); display: grid; place-items: center; font-size: 64px; color: #9ca3af; }
  .actions-column { width: 300px; padding-top: 32px; display: flex; flex-direction: column; gap: 48px; }
  .cta { border: 1px solid #e5e7eb; border-radius: 12px; padding: 16px; font-size: 14px; color: #4b5563; }
  .flex-col { display: flex; flex-direction: column; gap: 8px; }
  .option-label { font-size: 14px; }
  .options { display: flex; gap: 8px; }
  .options button { flex: 1; height: 40px; border: 1px solid #e5e7eb; border-radius: 6px; background: #f9fafb; }
  .price { font-size: 20px; margin: 8px 0; }
  .btn-primary { width: 100%; height: 40px; border: 0; border-radius: 8px; background: #111827; color: #fff; font-weight: 500; cursor: pointer; }
  .related { max-width: 1280px; margin: 48px auto; padding: 0 32px; }
  .related h3 { font-size: 14px; color: #6b7280; text-align: center; font-weight: 400; }
  footer { border-top: 1px solid #e5e7eb; }
  footer .footer-inner { max-width: 1280px; margin: 0 auto; padding: 0 32px; }
  footer .columns { display: flex; gap: 48px; padding: 160px 0; font-size: 14px; }
  footer .columns div { display: flex; flex-direction: column; gap: 8px; }
  footer a { color: #6b7280; }
  footer .bottom { display: flex; justify-content: space-between; margin-bottom: 64px; font-size: 14px; color: #6b7280; }
  @media (max-width: 1023px) {
    header { padding: 0 16px; }
    .content-container { flex-direction: column; align-items: stretch; padding: 12px 16px; gap: 24px; }
    .info, .actions-column { width: 100%; padding-top: 0; }
  }
${STARTER_UTILITIES}
`

/** The starter's mobile bar content (mobile-actions.tsx), rendered while the product actions are out of view. */
function starterMobileBar(title: string) {
  return `<div class="bg-white flex flex-col gap-y-3 justify-center items-center text-large-regular p-4 h-full w-full border-t border-gray-200" data-testid="mobile-actions">
            <div class="flex items-center gap-x-2"><span data-testid="mobile-title">${escape(title)}</span><span>—</span><div class="flex items-end gap-x-2 text-ui-fg-base"><span>€69.00</span></div></div>
            <div class="grid grid-cols-2 w-full gap-x-4">
              <button type="button" class="btn-secondary w-full" data-testid="mobile-actions-button">Select Options</button>
              <button type="button" class="btn-primary w-full" data-testid="mobile-cart-button">Add to cart</button>
            </div>
          </div>`
}

/**
 * The Medusa DTC starter's product page for `handle` (served at /[countryCode]/products/[handle]):
 * an option button per variant, and a pick names its variant in the URL (`?v_id=`).
 */
export function starterProductPage(product: { title: string; description: string; variants: { id: string; title: string }[] }, tag: string) {
  const options = product.variants
    .map(({ id, title }) => `<button type="button" data-testid="option-button" data-variant-id="${escape(id)}">${escape(title)}</button>`)
    .join("")
  const actions = `
        <div class="options" data-testid="product-options">${options}</div>
        <div class="price" data-testid="product-price">€69.00</div>
        <button class="btn-primary w-full h-10" data-testid="add-product-button" type="button">Add to cart</button>
        <div class="lg:hidden inset-x-0 bottom-0 fixed z-50 pointer-events-none" id="mobile-actions-root"></div>`
  return `<!doctype html>
<html lang="en" data-mode="light">
<head>
  <meta charset="utf-8" />
  <meta name="viewport" content="width=device-width, initial-scale=1" />
  <title>${escape(product.title)} | Medusa Store</title>
  <meta property="og:title" content="${escape(product.title)}" />
  <style>${STARTER_CSS}</style>
  ${tag}
</head>
<body>
  <header data-testid="nav-container">
    <a href="#" data-testid="nav-menu-button">Menu</a>
    <a href="/" class="brand" data-testid="nav-store-link">Medusa Store</a>
    <a href="#" data-testid="nav-cart-link">Cart (0)</a>
  </header>
  <main class="relative">
    <div class="content-container" data-testid="product-container">
      <div class="info" id="product-info">
        <a class="collection" href="#">Launch collection</a>
        <h2 data-testid="product-title">${escape(product.title)}</h2>
        <p data-testid="product-description">${escape(product.description)}</p>
      </div>
      <div class="gallery">${'<div class="image">◎</div>'.repeat(3)}</div>
      <div class="actions-column">
        <div class="cta" data-testid="product-onboarding-cta">Free shipping on orders over €50.</div>
        <div class="flex-col" id="product-actions">${actions}
        </div>
      </div>
    </div>
    <div class="related" data-testid="related-products-container"><h3>Related products</h3></div>
  </main>
  <footer>
    <div class="footer-inner">
      <div class="columns">
        <div><span>Categories</span><a href="#">Shirts</a><a href="#">Sweatshirts</a></div>
        <div><span>Collections</span><a href="#">Latest drops</a></div>
        <div><span>Medusa</span><a href="#">GitHub</a><a href="#">Documentation</a></div>
      </div>
      <div class="bottom">
        <span>© 2026 Medusa Store. All rights reserved.</span>
        <span data-testid="medusa-cta">Powered by <a href="https://www.medusajs.com">Medusa</a> &amp; <a href="https://nextjs.org">Next.js</a></span>
      </div>
    </div>
  </footer>
  <script>
    // MobileActions: show={!inView} of the actions (useIntersection), mounted and unmounted as
    // the starter's <Transition> does; below lg only (lg:hidden).
    const bar = ${JSON.stringify(starterMobileBar(product.title))}
    let inView = true
    const syncBar = () => {
      const root = document.getElementById("mobile-actions-root")
      root.classList.toggle("pointer-events-none", inView)
      root.innerHTML = inView ? "" : bar
    }
    new IntersectionObserver(([entry]) => {
      inView = entry.isIntersecting
      syncBar()
    }).observe(document.getElementById("product-actions"))
    // ProductActions: the picked variant goes into the URL with router.replace (history.replaceState).
    document.addEventListener("click", (event) => {
      const option = event.target.closest("[data-variant-id]")
      if (!option) return
      const url = new URL(location.href)
      url.searchParams.set("v_id", option.getAttribute("data-variant-id"))
      history.replaceState(null, "", url)
    })
    // ProductActions' add to cart (addToCart in lib/data/cart.ts): the picked variant, else the
    // only one, into the shopper's cart through the store API (a cart made on the first add).
    document.addEventListener("click", async (event) => {
      if (!event.target.closest('[data-testid="add-product-button"], [data-testid="mobile-cart-button"]')) return
      const store = document.querySelector("script[data-backend-url]")
      if (!store) return
      const api = (path, body) =>
        fetch(store.getAttribute("data-backend-url") + path, {
          method: "POST",
          headers: { "content-type": "application/json", "x-publishable-api-key": store.getAttribute("data-publishable-key") },
          body: JSON.stringify(body),
        }).then((response) => response.json())
      const variantId = new URL(location.href).searchParams.get("v_id") ?? document.querySelector("[data-variant-id]").getAttribute("data-variant-id")
      let cartId = localStorage.getItem("_medusa_cart_id")
      if (!cartId) {
        cartId = (await api("/store/carts", {})).cart.id
        localStorage.setItem("_medusa_cart_id", cartId)
      }
      const { cart } = await api("/store/carts/" + cartId + "/line-items", { variant_id: variantId, quantity: 1 })
      const count = cart ? cart.items.reduce((sum, item) => sum + item.quantity, 0) : 0
      document.querySelector('[data-testid="nav-cart-link"]').textContent = "Cart (" + count + ")"
    })
    // Like the starter's <Suspense>: the product actions render again once the real data is in.
    setTimeout(() => {
      document.getElementById("product-actions").innerHTML = ${JSON.stringify(actions)}
      syncBar()
      window.__rerendered = true
    }, 700)
  </script>
</body>
</html>`
}

const AURORA_CSS = `
  body { margin: 0; font-family: Georgia, "Times New Roman", serif; background: #fbf8f3; color: #2b2118; }
  .announcement { background: #2b2118; color: #fbf8f3; text-align: center; font: 13px/2.4 system-ui, sans-serif; letter-spacing: .08em; }
  .site-header { display: flex; justify-content: space-between; align-items: center; padding: 20px 48px; font-family: system-ui, sans-serif; }
  .site-header .logo { font-size: 26px; font-family: Georgia, serif; font-style: italic; }
  .site-header nav a { margin-left: 22px; color: inherit; text-decoration: none; font-size: 15px; }
  #MainContent { max-width: 1100px; margin: 0 auto; padding: 24px 48px; }
  .pdp { display: grid; grid-template-columns: 1fr 1fr; gap: 56px; }
  .pdp__media { aspect-ratio: 1; background: radial-gradient(circle at 30% 30%, #f1d9c4, #c98f69); border-radius: 4px; }
  .pdp__title { font-size: 40px; font-weight: 400; margin: 0 0 8px; }
  .money { font: 20px system-ui, sans-serif; }
  .pdp-form { margin: 28px 0; display: flex; gap: 12px; align-items: flex-end; font-family: system-ui, sans-serif; }
  .pdp-form input { width: 64px; height: 44px; padding: 0 10px; border: 1px solid #2b2118; background: transparent; }
  .pdp-form__cta { flex: 1; height: 46px; border: 0; background: #b4532a; color: #fff; font-size: 15px; letter-spacing: .12em; text-transform: uppercase; }
  .pdp__description { line-height: 1.7; font-size: 17px; }
  .related-products { margin-top: 64px; border-top: 1px solid #e3d8cb; padding-top: 24px; }
  .related-products article { display: inline-block; width: 200px; margin-right: 24px; font-family: system-ui, sans-serif; }
  .related-products .thumb { height: 140px; background: #efe4d6; margin-bottom: 8px; }
  .quick-add { width: 100%; height: 36px; border: 1px solid #2b2118; background: transparent; }
  .sticky-atc { position: fixed; left: 0; right: 0; bottom: 0; display: flex; gap: 12px; align-items: center; padding: 12px 16px; background: #fbf8f3; border-top: 1px solid #e3d8cb; font-family: system-ui, sans-serif; }
  .sticky-atc button { flex: 1; height: 46px; border: 0; background: #b4532a; color: #fff; }
  @media (min-width: 750px) { .sticky-atc { display: none; } }
`

/** A theme the bundle knows nothing about: only the scan can find its add-to-cart. */
export function auroraThemePage(product: { id: string; title: string; description: string }, tag: string) {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8" />
  <title>${escape(product.title)} – Aurora Goods</title>
  <style>${AURORA_CSS}</style>
  ${tag}
</head>
<body class="template-product">
  <div class="announcement">Handmade in small batches · Free returns</div>
  <header class="site-header">
    <span class="logo">Aurora Goods</span>
    <nav><a href="#">Shop</a><a href="#">Journal</a><a href="/cart" class="header-cart">Bag</a></nav>
  </header>
  <main id="MainContent">
    <section class="pdp" data-launchdesk-product-id="${escape(product.id)}">
      <div class="pdp__media"></div>
      <div class="pdp__info">
        <h1 class="pdp__title">${escape(product.title)}</h1>
        <span class="money">€69,00</span>
        <form action="/cart/add" method="post" class="pdp-form" id="pdp-form">
          <label>Qty <input type="number" name="quantity" value="1" min="1" /></label>
          <button type="submit" name="add" class="pdp-form__cta">Add to cart</button>
        </form>
        <div class="pdp__description"><p>${escape(product.description)}</p></div>
      </div>
    </section>
    <aside class="related-products">
      <h2>You may also like</h2>
      <article><div class="thumb"></div><h3>Ember Mug</h3><button type="button" class="quick-add" data-testid="quick-add">Add to cart</button></article>
      <article><div class="thumb"></div><h3>Linen Tote</h3><button type="button" class="quick-add">Add to cart</button></article>
    </aside>
  </main>
  <div class="sticky-atc" data-testid="aurora-sticky-bar"><span>${escape(product.title)}</span><button type="button" data-testid="aurora-sticky-add">Add to cart</button></div>
</body>
</html>`
}

/** A plain content page: only the chat. */
export function homePage(tag: string) {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8" />
  <title>Orbit Supply</title>
  <style>body { margin: 0; font-family: system-ui, sans-serif; background: #faf7f2; color: #16181d; } main { max-width: 720px; margin: 80px auto; padding: 0 24px; } h1 { font-size: 44px; letter-spacing: -.03em; }</style>
  ${tag}
</head>
<body>
  <main>
    <h1>New drops every Friday</h1>
    <p>Organic cotton basics, made to last. Questions? Our team answers in the chat.</p>
  </main>
</body>
</html>`
}

/**
 * A page with nothing inline (its CSS at `/a11y/page.css`), so it can be served under the strict
 * Content-Security-Policy of CONTRACT §10: a link, some text and, for a product, an add-to-cart
 * marked with the product's id. `accent` is the store's accent colour, set in that stylesheet.
 */
export function plainPage(tag: string, { product, accent }: { product?: { id: string; title: string }; accent: string }) {
  const actions = product
    ? `<section data-launchdesk-product-id="${escape(product.id)}"><h2>${escape(product.title)}</h2><button type="button" class="add">Add to cart</button></section>`
    : ""
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8" />
  <meta name="viewport" content="width=device-width, initial-scale=1" />
  <title>Plain shop</title>
  <link rel="stylesheet" href="/a11y/page.css?accent=${encodeURIComponent(accent)}" />
  ${tag}
</head>
<body>
  <a href="#main" class="skip">Skip to content</a>
  <main id="main"><h1>Plain shop</h1><p>${"Organic cotton basics, made to last. ".repeat(40)}</p>${actions}</main>
</body>
</html>`
}

/** `plainPage`'s stylesheet: the store's accent on both elements, and a page tall enough to scroll. */
export const plainPageCss = (accent: string) => `
  body { margin: 0; font: 16px/1.5 system-ui, sans-serif; color: #16181d; background: #fff; }
  main { max-width: 640px; margin: 0 auto; padding: 24px 16px 1200px; }
  launchdesk-chat, launchdesk-coming-soon { --launchdesk-accent: ${accent}; }
`

/** The React bindings' page: its script is the test's own bundle of medusa-plugin-launchdesk/react. */
export function reactPage(config: object) {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8" />
  <meta name="viewport" content="width=device-width, initial-scale=1" />
  <title>React storefront</title>
  <style>body { margin: 0; font-family: system-ui, sans-serif; } main { max-width: 560px; margin: 40px auto; padding: 0 16px; }
  .btn-primary { height: 40px; border: 0; border-radius: 8px; background: #111827; color: #fff; }
  ${STARTER_UTILITIES}</style>
  <script>window.__TEST_CONFIG__ = ${JSON.stringify(config)}</script>
  <script src="/react-app.js" defer></script>
</head>
<body><main id="root"></main></body>
</html>`
}

/** The React app of `reactPage`: bundled by the test against the installed package. */
export const REACT_APP_SOURCE = `
import { createElement as h, useState } from "react"
import { createRoot } from "react-dom/client"
import { BackInStockGate, ComingSoonGate, LaunchDeskProvider, SupportChat, useComingSoon } from "medusa-plugin-launchdesk/react"

const config = window.__TEST_CONFIG__

function AddToCart({ handle }) {
  return h("button", { type: "button", "data-testid": "react-add-to-cart-" + handle }, "Add to cart")
}

function Phase({ product }) {
  const { state } = useComingSoon(product)
  return h("p", { "data-testid": "phase-" + product.handle }, state.phase)
}

function ProductActions({ product }) {
  return h(
    "section",
    { "data-testid": "product-" + product.handle },
    h("h2", null, product.title),
    h(Phase, { product }),
    h(ComingSoonGate, { product, fallback: h("p", null, "Checking…") }, h(AddToCart, { handle: product.handle }))
  )
}

// The DTC starter's product-actions/index.tsx as the README tells to change it: one
// <ComingSoonGate> around the add-to-cart <Button> and <MobileActions> (mobile-actions.tsx),
// and inside it <BackInStockGate> with the picked variant.
function MobileActions({ product }) {
  return h(
    "div",
    { className: "lg:hidden inset-x-0 bottom-0 fixed z-50" },
    h(
      "div",
      { className: "bg-white flex flex-col gap-y-3 justify-center items-center p-4 w-full border-t", "data-testid": "mobile-actions" },
      h("span", { "data-testid": "mobile-title" }, product.title),
      h("button", { type: "button", className: "btn-primary w-full", "data-testid": "mobile-cart-button" }, "Add to cart")
    )
  )
}

function StarterProductActions({ product }) {
  const [variant, setVariant] = useState(null)
  const options = (product.variants || []).map((option) =>
    h("button", { key: option.id, type: "button", "data-testid": "option-button", onClick: () => setVariant(option.id) }, option.title)
  )
  return h(
    "div",
    { className: "flex flex-col gap-y-3", "data-testid": "product-" + product.handle },
    h("h2", null, product.title),
    h(Phase, { product }),
    h("div", { "data-testid": "product-options" }, ...options),
    h(
      ComingSoonGate,
      { product },
      h(
        BackInStockGate,
        { product, variant },
        // The store's own handler: the pre-order path of a product that takes them presses it.
        h(
          "button",
          { type: "button", className: "btn-primary w-full", "data-testid": "add-product-button", onClick: () => (window.__addedToCart = product.handle) },
          "Add to cart"
        ),
        h(MobileActions, { product })
      )
    )
  )
}

createRoot(document.getElementById("root")).render(
  h(
    LaunchDeskProvider,
    { publishableKey: config.publishableKey, backendUrl: config.backendUrl, locale: config.locale, labels: config.labels },
    ...config.products.map((product) =>
      h(config.starter ? StarterProductActions : ProductActions, { key: product.id, product })
    ),
    h(SupportChat, config.starter ? { bottomOffset: config.bottomOffset } : { position: "left" })
  )
)
`

/**
 * A stand-in for the CAPTCHA provider's browser script with the shared explicit-render API
 * (`render(container, { sitekey, callback })`, `reset`, `?onload=`): its checkbox fetches a
 * token the siteverify double will accept, as solving the real challenge would.
 */
export const FAKE_TURNSTILE_SCRIPT = `
(() => {
  const onload = new URL(document.currentScript.src).searchParams.get("onload")
  window.turnstile = {
    render(container, params) {
      const button = document.createElement("button")
      button.type = "button"
      button.dataset.testid = "fake-captcha"
      button.dataset.sitekey = params.sitekey
      button.textContent = "I am human"
      button.addEventListener("click", async () => {
        const token = await (await fetch("/captcha-token")).text()
        button.textContent = "Verified"
        params.callback(token)
      })
      container.appendChild(button)
      return "widget-1"
    },
    reset() {},
  }
  if (onload && typeof window[onload] === "function") window[onload]()
})()
`
