import { Text } from "@medusajs/ui"
import { formatDateTime } from "../../lib/format"
import { useT } from "../../lib/i18n"
import type { ConversationRating as Rating } from "../../lib/types"

const MAX_SCORE = 5

/** The shopper's latest rating: stars, "4/5", when, and their comment as plain text. */
export function ConversationRating({ rating }: { rating: Rating }) {
  const { t } = useT()
  const stars = "★".repeat(rating.score) + "☆".repeat(MAX_SCORE - rating.score)
  return (
    <div className="flex flex-col gap-y-0.5" data-field="rating" data-score={rating.score}>
      <Text size="small" className="text-ui-fg-subtle">
        <span aria-hidden className="text-ui-tag-orange-icon mr-1">
          {stars}
        </span>
        <span>
          {t("rating.rated", { score: rating.score, max: MAX_SCORE, date: formatDateTime(rating.created_at) })}
        </span>
      </Text>
      {rating.comment && (
        <Text size="small" className="whitespace-pre-wrap break-words" data-field="rating-comment">
          “{rating.comment}”
        </Text>
      )}
    </div>
  )
}
