import { BASE_RULES, SUCCESS_PROPERTY, SUCCESS_RULES, THEME_PROPERTIES } from "./base-styles"

// Shadow-root styles of the back-in-stock form, in the add-to-cart's place. Sides are logical:
// with dir="rtl" on the element the form mirrors.
export const BACK_IN_STOCK_CSS = `
:host {${THEME_PROPERTIES}
  ${SUCCESS_PROPERTY}
  display: block;
  margin-block: 8px;
  font: var(--launchdesk-font, inherit);
  color: var(--_text);
}
${BASE_RULES}
${SUCCESS_RULES}
.block {
  padding: 16px; border-radius: var(--_radius); background: var(--_surface);
  border: 1px solid var(--_line);
}
.intro { margin: 0 0 10px; font-weight: 600; }
form { display: flex; flex-wrap: wrap; gap: 8px; }
input[type="email"] {
  flex: 1 1 200px; min-inline-size: 0; block-size: 46px; padding-inline: 14px; font: inherit; color: inherit;
  border-radius: 12px; border: 1px solid var(--_line); background: var(--_field);
}
.primary {
  flex: 1 1 auto; min-block-size: 46px; padding-inline: 20px; border: 0; border-radius: 12px;
  font: inherit; font-weight: 600; cursor: pointer; background: var(--_accent); color: var(--_accent-text);
}
.primary:disabled { opacity: .6; cursor: progress; }
.captcha { flex-basis: 100%; }
.consent { flex-basis: 100%; display: flex; align-items: flex-start; gap: 8px; font-size: 0.875em; }
.consent input { margin: 0.2em 0 0; flex: none; width: 1.1em; height: 1.1em; }
.status { margin: 10px 0 0; font-size: 14px; }
/* Empty, it takes no room but stays in the page: a live region must be there before its text is. */
.status:empty { margin: 0; }
.status.error { color: var(--_danger); }
`
