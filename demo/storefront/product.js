// The product page: one seeded product from the Store API (?product=<handle> picks which),
// and the others as "Complete the look" cards. Text goes in with textContent only.
;(() => {
  const config = window.DEMO_CONFIG
  const byId = (id) => document.getElementById(id)
  // The Store API returns variants in no particular order.
  const SIZE_ORDER = ["XS", "S", "M", "L", "XL", "XXL"]
  const sizeRank = (variant) => {
    const rank = SIZE_ORDER.indexOf(variant.title)
    return rank === -1 ? SIZE_ORDER.length : rank
  }

  const formatPrice = (price) =>
    price
      ? new Intl.NumberFormat(undefined, { style: "currency", currency: price.currency_code }).format(
          price.calculated_amount
        )
      : "Price unavailable"

  async function fetchProducts(handles) {
    const params = new URLSearchParams({ fields: "*variants.calculated_price" })
    handles.forEach((handle) => params.append("handle", handle))
    const response = await fetch(`${config.backendUrl}/store/products?${params}`, {
      headers: { "x-publishable-api-key": config.publishableKey },
    })
    const body = await response.json()
    if (!response.ok) throw new Error(body.message || `HTTP ${response.status}`)
    return body.products
  }

  function renderSizes(product) {
    const options = byId("size-options")
    const variants = [...product.variants].sort((a, b) => sizeRank(a) - sizeRank(b))
    const buttons = variants.map((variant) => {
      const button = document.createElement("button")
      button.type = "button"
      button.className = "size"
      button.textContent = variant.title
      button.setAttribute("aria-pressed", "false")
      button.addEventListener("click", () => {
        buttons.forEach((other) => other.setAttribute("aria-pressed", String(other === button)))
        // Tells the LaunchDesk script which variant the shopper picked (back in stock follows it).
        byId("product").setAttribute("data-launchdesk-variant-id", variant.id)
        byId("add-to-bag").disabled = false
        byId("product-notice").textContent = ""
      })
      return button
    })
    options.replaceChildren(...buttons)
    byId("product-sizes").hidden = false
    // A single size needs no choice.
    if (buttons.length === 1) buttons[0].click()
  }

  function renderProduct(product) {
    document.title = `${product.title} · Orbit Supply`
    byId("product-title").textContent = product.title
    byId("product-price").textContent = formatPrice(product.variants[0]?.calculated_price)
    byId("product-description").textContent = product.description ?? ""
    const image = byId("product-image")
    image.src = product.thumbnail
    image.alt = product.title
    renderSizes(product)
    // Tells the LaunchDesk script which product this page shows (it checks whether it is coming soon).
    byId("product").setAttribute("data-launchdesk-product-id", product.id)
    byId("product").setAttribute("aria-busy", "false")
  }

  function relatedCard(product) {
    const link = document.createElement("a")
    link.className = "related__card"
    link.href = `/?product=${encodeURIComponent(product.handle)}`
    const image = document.createElement("img")
    image.src = product.thumbnail
    image.alt = ""
    const name = document.createElement("p")
    name.className = "related__name"
    name.textContent = product.title
    if (config.comingSoonHandles?.includes(product.handle)) {
      const badge = document.createElement("span")
      badge.className = "related__badge"
      badge.textContent = "Coming soon"
      name.append(" ", badge)
    }
    const price = document.createElement("p")
    price.className = "related__price"
    price.textContent = formatPrice(product.variants[0]?.calculated_price)
    link.append(image, name, price)
    const item = document.createElement("li")
    item.append(link)
    return item
  }

  let bagCount = 0
  byId("add-to-bag").addEventListener("click", () => {
    bagCount += 1
    byId("bag-count").textContent = String(bagCount)
    byId("product-notice").textContent = "Added to your bag. (This demo stops here: there is no checkout.)"
  })

  async function main() {
    const requested = new URLSearchParams(location.search).get("product")
    const handle = config.productHandles.includes(requested) ? requested : config.productHandles[0]
    try {
      const products = await fetchProducts(config.productHandles)
      const product = products.find((candidate) => candidate.handle === handle)
      if (!product) throw new Error(`no product with handle "${handle}" in this sales channel`)
      renderProduct(product)
      byId("related-list").replaceChildren(
        ...products.filter((other) => other.handle !== handle).map(relatedCard)
      )
    } catch (error) {
      byId("product-title").textContent = "Product unavailable"
      byId("product-notice").textContent = `Could not load the product: ${error.message}`
    }
  }

  main()
})()
