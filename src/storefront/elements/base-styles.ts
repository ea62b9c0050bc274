// What both shadow roots start from: the theme's custom properties (set on the element or any
// ancestor, e.g. `launchdesk-chat { --launchdesk-accent: #0a7 }`) and the reset rules.
// `--_accent-text` is picked at run time for 4.5:1 on the accent unless the store sets it.

/** Declarations for each element's `:host`. */
export const THEME_PROPERTIES = `
  --_accent: var(--launchdesk-accent, #111827);
  --_accent-text: var(--launchdesk-accent-text, #fff);
  --_surface: var(--launchdesk-surface, #fff);
  --_text: var(--launchdesk-text, #1f2328);
  --_muted: var(--launchdesk-muted, #5f6672);
  --_bubble: var(--launchdesk-bubble, #f1f2f4);
  --_field: var(--launchdesk-field, #fff);
  --_line: var(--launchdesk-line, #00000033);
  --_radius: var(--launchdesk-radius, 16px);
  --_danger: var(--launchdesk-danger, #b42318);`

// The dark palette: every surface, field and line above (a store keeps its own with `theme: "light"`).
const DARK_PROPERTIES = `
  --_surface: #1c1e23;
  --_text: #eceef2;
  --_muted: #a9b0bb;
  --_bubble: #2b2e35;
  --_field: #14161a;
  --_line: #ffffff3d;
  --_danger: #ff9b8f;
  color-scheme: dark;`

export const BASE_RULES = `
:host([theme="dark"]) {${DARK_PROPERTIES}}
@media (prefers-color-scheme: dark) { :host(:not([theme="light"])) {${DARK_PROPERTIES}} }
@media (prefers-reduced-motion: reduce) { * { transition: none !important; animation: none !important; scroll-behavior: auto !important; } }
* { box-sizing: border-box; }
[hidden] { display: none !important; }
.sr-only {
  position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px;
  overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0;
}
:focus-visible { outline: 3px solid var(--launchdesk-focus, #2563eb); outline-offset: 2px; }`

/**
 * A signup's confirmation colour for the forms (coming soon, back in stock): the store's
 * `--launchdesk-success`, lighter on a dark theme. `SUCCESS_PROPERTY` goes in `:host`,
 * `SUCCESS_RULES` after BASE_RULES.
 */
export const SUCCESS_PROPERTY = `--_success: var(--launchdesk-success, #067647);`
export const SUCCESS_RULES = `:host([theme="dark"]) { --_success: #6ee7a8; }
@media (prefers-color-scheme: dark) { :host(:not([theme="light"])) { --_success: #6ee7a8; } }
.status.success { color: var(--_success); font-weight: 600; }`
