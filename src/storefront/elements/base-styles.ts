// What both shadow roots start from: the theme's custom properties (set on the element or any
// ancestor, e.g. `launchdesk-chat { --launchdesk-accent: #0a7 }`) and the reset rules.

/** Declarations for each element's `:host`. */
export const THEME_PROPERTIES = `
  --_accent: var(--launchdesk-accent, #111827);
  --_accent-text: var(--launchdesk-accent-text, #ffffff);
  --_surface: var(--launchdesk-surface, #ffffff);
  --_text: var(--launchdesk-text, #1f2328);
  --_muted: var(--launchdesk-muted, #5f6672);
  --_radius: var(--launchdesk-radius, 16px);
  --_danger: var(--launchdesk-danger, #b42318);`

export const BASE_RULES = `
* { box-sizing: border-box; }
[hidden] { display: none !important; }
.sr-only {
  position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px;
  overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0;
}
:focus-visible { outline: 3px solid var(--launchdesk-focus, #2563eb); outline-offset: 2px; }`
