import { ShoppingBag } from "@medusajs/icons"
import { Button, Input, Popover, Text } from "@medusajs/ui"
import { useState } from "react"
import { useT } from "../../lib/i18n"
import { useProductSearch, type PickedProduct } from "../../lib/chat-hooks"
import { useDebouncedValue } from "../../lib/use-debounced-value"

/** The most product cards one reply may carry (as the server checks, src/chat/product-cards). */
export const MAX_CARDS = 4

/**
 * Searches the store's products through Medusa's own admin product list and hands each pick
 * to `onPick`, up to `MAX_CARDS` in all (`picked` already chosen); the reply shows them as cards.
 */
export function ProductPicker({ picked, onPick }: { picked: PickedProduct[]; onPick: (product: PickedProduct) => void }) {
  const { t } = useT()
  const [open, setOpen] = useState(false)
  const [search, setSearch] = useState("")
  const q = useDebouncedValue(search.trim(), 250)
  const products = useProductSearch(q, { enabled: open })
  const full = picked.length >= MAX_CARDS

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <Button type="button" size="small" variant="secondary" title={t("reply.productsTitle", { max: MAX_CARDS })}>
          <ShoppingBag />
          {t("reply.products")}
        </Button>
      </Popover.Trigger>
      <Popover.Content side="top" align="start" className="flex w-[360px] flex-col gap-y-1 p-2" data-launchdesk-overlay="product-picker">
        <Input
          size="small"
          type="search"
          placeholder={t("reply.productSearch")}
          aria-label={t("reply.productSearch")}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          data-field="product-search"
        />
        {full && (
          <Text size="xsmall" className="text-ui-fg-subtle px-2" role="status">
            {t("reply.productsFull", { max: MAX_CARDS })}
          </Text>
        )}
        <div className="max-h-[280px] overflow-y-auto" role="listbox" aria-label={t("reply.products")}>
          {products.isLoading && (
            <Text size="small" className="text-ui-fg-subtle px-2 py-3">
              {t("common.loadingEllipsis")}
            </Text>
          )}
          {products.isError && (
            <Text size="small" className="text-ui-fg-error px-2 py-3">
              {t("reply.productsFailed")}
            </Text>
          )}
          {products.data && !products.data.length && (
            <Text size="small" className="text-ui-fg-subtle px-2 py-3">
              {t("reply.productsNone")}
            </Text>
          )}
          {products.data?.map((product) => {
            const chosen = picked.some((item) => item.id === product.id)
            return (
              <button
                key={product.id}
                type="button"
                role="option"
                aria-selected={chosen}
                disabled={chosen || full}
                onClick={() => onPick(product)}
                className="hover:bg-ui-bg-base-hover focus-visible:bg-ui-bg-base-hover flex w-full items-center gap-x-2 rounded-md px-2 py-1.5 text-left outline-none disabled:opacity-50"
              >
                {product.thumbnail ? (
                  <img src={product.thumbnail} alt="" className="h-8 w-8 shrink-0 rounded object-cover" />
                ) : (
                  <span className="bg-ui-bg-component h-8 w-8 shrink-0 rounded" />
                )}
                <Text size="small" leading="compact" className="truncate">
                  {product.title}
                </Text>
              </button>
            )
          })}
        </div>
      </Popover.Content>
    </Popover>
  )
}
