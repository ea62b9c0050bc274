import { BookOpen } from "@medusajs/icons"
import { Button, Input, Popover, Text } from "@medusajs/ui"
import { useState } from "react"
import { matchLocale } from "../../../shared/browser-safe/locale"
import { useT } from "../../lib/i18n"
import { useCannedResponses } from "../../lib/chat-hooks"
import type { CannedResponse } from "../../lib/types"

const SHOWN = 20

type Shown = { item: CannedResponse; question: string; response: string; variant?: string }

/**
 * A canned response as the shopper will read it: its variant for the conversation's language
 * when it has one (matched as the server matches it), else its default text.
 */
function shownIn(item: CannedResponse, locale: string | null | undefined): Shown {
  const variant = locale ? matchLocale(locale, Object.keys(item.translations ?? {})) : undefined
  const texts = variant ? item.translations?.[variant] : undefined
  return texts ? { item, question: texts.question || item.question, response: texts.response, variant } : { item, ...item }
}

/**
 * A searchable list of canned responses, those written in the conversation's language (`locale`)
 * first and shown in it; picking one hands it to `onPick`, which fills it in as the shopper reads it.
 */
export function CannedPicker({ onPick, locale }: { onPick: (canned: CannedResponse) => void; locale?: string | null }) {
  const { t } = useT()
  const [open, setOpen] = useState(false)
  const [search, setSearch] = useState("")
  const canned = useCannedResponses({ search: search.trim(), page: 1, per_page: SHOWN }, { enabled: open })

  const pick = (item: CannedResponse) => {
    onPick(item)
    setOpen(false)
    setSearch("")
  }

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <Button type="button" size="small" variant="secondary">
          <BookOpen />
          {t("picker.button")}
        </Button>
      </Popover.Trigger>
      <Popover.Content side="top" align="start" className="flex w-[360px] flex-col gap-y-1 p-2" data-launchdesk-overlay="canned-picker">
        {/* The popover focuses its first field, this search box, when it opens. */}
        <Input
          size="small"
          type="search"
          placeholder={t("canned.searchLabel")}
          aria-label={t("canned.searchLabel")}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <div className="max-h-[280px] overflow-y-auto" role="listbox" aria-label={t("nav.cannedResponses")}>
          {canned.isLoading && (
            <Text size="small" className="text-ui-fg-subtle px-2 py-3">
              {t("common.loadingEllipsis")}
            </Text>
          )}
          {canned.isError && (
            <Text size="small" className="text-ui-fg-error px-2 py-3">
              {t("picker.loadFailed")}
            </Text>
          )}
          {canned.data && !canned.data.items.length && (
            <Text size="small" className="text-ui-fg-subtle px-2 py-3">
              {search ? t("picker.nothingMatches") : t("picker.none")}
            </Text>
          )}
          {canned.data?.items
            .map((item) => shownIn(item, locale))
            // A stable sort: the variants in the conversation's language first, each group as the server ordered it.
            .sort((a, b) => Number(Boolean(b.variant)) - Number(Boolean(a.variant)))
            .map(({ item, question, response, variant }) => (
            <button
              key={item.id}
              type="button"
              role="option"
              aria-selected={false}
              onClick={() => pick(item)}
              className="hover:bg-ui-bg-base-hover focus-visible:bg-ui-bg-base-hover flex w-full flex-col rounded-md px-2 py-1.5 text-left outline-none"
            >
              <Text size="small" weight="plus" leading="compact" className="truncate" lang={variant}>
                {question}
              </Text>
              <Text size="xsmall" leading="compact" className="text-ui-fg-subtle line-clamp-2" lang={variant} data-variant={variant}>
                {response}
              </Text>
            </button>
          ))}
        </div>
      </Popover.Content>
    </Popover>
  )
}
