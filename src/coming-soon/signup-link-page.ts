import type { SignupLinkPurpose } from "./signup-link-token"

const PAGES: Record<SignupLinkPurpose, { done: [string, string]; invalid: string }> = {
  unsubscribe: {
    done: ["You are unsubscribed", "You will get no more emails about this product's launch."],
    invalid: "The unsubscribe link is incomplete or was not issued by this store. Open it again from the email.",
  },
  confirm: {
    done: ["Your signup is confirmed", "Thank you. We will let you know when the product arrives."],
    invalid: "The confirmation link is incomplete or was not issued by this store. Open it again from the email.",
  },
}

/** The plain page a link in an email opens: no script, no outside resource, nothing from the request echoed. */
export function signupLinkPage(purpose: SignupLinkPurpose, valid: boolean): { status: number; html: string } {
  const [title, text] = valid ? PAGES[purpose].done : ["This link is not valid", PAGES[purpose].invalid]
  return {
    status: valid ? 200 : 400,
    html: `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#111}h1{font-size:1.4rem}</style></head>
<body><h1>${title}</h1><p>${text}</p></body>
</html>
`,
  }
}

/** Headers of that page: it may not run or load anything, and is never cached or framed. */
export const SIGNUP_LINK_PAGE_HEADERS = {
  "content-type": "text/html; charset=utf-8",
  "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  "cache-control": "no-store",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
} as const
