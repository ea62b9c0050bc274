// Spec files of the HTTP suite that `npm test` runs on one booted Medusa app per group
// (integration-tests/http/shared-app.group.ts): booting is most of a small spec's time. A spec
// joins a group only if it configures the app as the others do; run alone, it boots its own.
// Paths are relative to this folder.
module.exports = {
  inbox: [
    "admin-inbox/admin-inbox.spec.ts",
    "admin-inbox/canned-macros.spec.ts",
    "admin-inbox/canned-workflows.spec.ts",
    "admin-inbox/discount.spec.ts",
    "admin-inbox/inbox-search-and-cursor.spec.ts",
    "admin-inbox/notes-and-labels.spec.ts",
    "admin-inbox/order-actions.spec.ts",
    "admin-inbox/reports-and-export.spec.ts",
    "admin-inbox/product-cards.spec.ts",
  ],
  storefront: [
    "visitor-chat/visitor-chat.spec.ts",
    "visitor-chat/typing-and-read.spec.ts",
    "visitor-chat/bounded-work.spec.ts",
    "customer-context/customer-context.spec.ts",
    "customer-link/customer-link.spec.ts",
  ],
  languages: [
    "languages/canned-translations.spec.ts",
    "languages/chat-texts.spec.ts",
    "languages/locale-resolution.spec.ts",
    "languages/widget-labels.spec.ts",
    "coming-soon/coming-soon-admin.spec.ts",
    "coming-soon/coming-soon-not-for-sale.spec.ts",
  ],
  // Each sends email through the email double.
  emails: [
    "languages/shopper-emails.spec.ts",
    "visitor-chat/email-and-transcript-integrity.spec.ts",
    "visitor-chat/rating-transcript.spec.ts",
    "back-in-stock/back-in-stock.spec.ts",
  ],
  "fast-lane": ["fast-lane/fast-lane.spec.ts", "fast-lane/publishable-key.spec.ts", "fast-lane/stream-paging.spec.ts"],
}
