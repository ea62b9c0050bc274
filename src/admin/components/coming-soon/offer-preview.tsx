import { Text } from "@medusajs/ui"
import { useT } from "../../lib/i18n"

// Plain type for the preview; the storefront's own styles differ.
const FRAME_STYLE =
  "<style>body{margin:8px;font:13px/1.5 Inter,system-ui,sans-serif;color:#18181b}img{max-width:100%}</style>"

/**
 * The offer description as the server stored it (sanitised on save), shown in a sandboxed
 * frame: even if something unsafe got through, it could neither run nor reach the dashboard.
 */
export function OfferPreview({ html }: { html: string | null }) {
  const { t } = useT()
  if (!html) {
    return (
      <Text size="small" className="text-ui-fg-subtle">
        {t("comingSoon.noOffer")}
      </Text>
    )
  }
  return (
    <iframe
      title={t("comingSoon.offerPreview")}
      sandbox=""
      srcDoc={`<!doctype html><meta charset="utf-8">${FRAME_STYLE}${html}`}
      className="bg-ui-bg-base h-[160px] w-full rounded-md border"
    />
  )
}
