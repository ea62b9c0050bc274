import { BASE_RULES, THEME_PROPERTIES } from "./base-styles"

// Inside the element's shadow root, so the store's CSS cannot break it. Sides are logical
// (inline-start/end): with dir="rtl" on the element (Arabic) the whole widget mirrors.
export const CHAT_CSS = `
:host {${THEME_PROPERTIES}
  all: initial;
  font: var(--launchdesk-font, 15px/1.45 ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif);
  color: var(--_text);
}
${BASE_RULES}
button, input, textarea { font: inherit; color: inherit; }
button { cursor: pointer; }

.launcher {
  position: fixed; bottom: calc(20px + var(--_lift, 0px)); inset-inline-end: 20px; z-index: 2147483000;
  width: 58px; height: 58px; border-radius: 50%; border: 0;
  display: grid; place-items: center;
  background: var(--_accent); color: var(--_accent-text);
  box-shadow: 0 10px 30px rgba(0, 0, 0, .22);
  transition: transform .15s ease;
}
.launcher:hover { transform: translateY(-2px); }
:host([position="left"]) .launcher { inset-inline: 20px auto; }
.badge {
  position: absolute; top: -4px; inset-inline-end: -4px; min-width: 22px; height: 22px; padding: 0 6px;
  border-radius: 11px; background: var(--_danger); color: var(--_surface);
  font-size: 12px; font-weight: 700; line-height: 22px; text-align: center;
}

.panel {
  position: fixed; bottom: calc(92px + var(--_lift, 0px)); inset-inline-end: 20px; z-index: 2147483000;
  width: min(370px, calc(100vw - 40px)); height: min(560px, calc(100vh - 120px - var(--_lift, 0px)));
  display: flex; flex-direction: column; overflow: hidden;
  background: var(--_surface); border-radius: var(--_radius);
  box-shadow: 0 24px 60px rgba(0, 0, 0, .24), 0 0 0 1px rgba(0, 0, 0, .06);
}
:host([position="left"]) .panel { inset-inline: 20px auto; }
/* A phone: the whole visible viewport (the keyboard's too: --_vh from visualViewport while open), inside the safe areas. */
@media (max-width: 480px) {
  .panel {
    inset: var(--_vt, 0px) 0 auto; width: 100%; height: 100%; height: var(--_vh, 100dvh); border-radius: 0;
    padding: env(safe-area-inset-top) env(safe-area-inset-right) env(safe-area-inset-bottom) env(safe-area-inset-left);
  }
}

.header {
  display: flex; align-items: flex-start; gap: 12px; padding: 16px 16px 14px;
  background: var(--_accent); color: var(--_accent-text);
}
.header h2 { margin: 0; font-size: 17px; font-weight: 700; }
.header p { margin: 2px 0 0; font-size: 13px; }
.header > div { flex: 1; }
.close {
  border: 0; background: transparent; color: inherit; padding: 4px; border-radius: 8px; display: grid;
}
.close:hover { background: #8883; }

.messages {
  flex: 1; overflow-y: auto; margin: 0; padding: 16px; list-style: none;
  display: flex; flex-direction: column; gap: 10px; overscroll-behavior: contain;
}
.message { max-width: 85%; display: flex; flex-direction: column; gap: 3px; }
.message .meta { font-size: 12px; color: var(--_muted); }
.message .text {
  margin: 0; padding: 9px 12px; border-radius: 14px; background: var(--_bubble);
  white-space: pre-wrap; overflow-wrap: anywhere;
}
.message.visitor { align-self: flex-end; align-items: flex-end; }
.message.visitor .text { background: var(--_accent); color: var(--_accent-text); border-end-end-radius: 4px; }
.message:not(.visitor) .text { border-end-start-radius: 4px; }
:host([dir="rtl"]) .primary svg { transform: scaleX(-1); }
.message.auto .text { background: transparent; border: 1px dashed var(--_line); }
.message.system { align-self: center; text-align: center; }
.message.system .text { background: transparent; color: var(--_muted); font-size: 13px; padding: 2px 8px; }
.message[data-read]::after { content: attr(data-read); font-size: 12px; color: var(--_muted); }
.typing { margin: 0 16px 8px; font-size: 13px; color: var(--_muted); font-style: italic; }
.empty { align-self: center; margin: auto 0; text-align: center; color: var(--_muted); font-size: 14px; max-width: 240px; }

/* Text on the bubble colour in both themes; the kind shows in the inline-start bar. */
.notice {
  margin: 0 16px 10px; padding: 9px 12px; border-radius: 10px; font-size: 14px;
  background: var(--_bubble); border-inline-start: 4px solid var(--_danger);
}
.notice.rate_limited { border-color: #dc6803; }
.notice.away { border-color: #2e90fa; }

.composer { display: flex; gap: 8px; align-items: flex-end; padding: 12px 16px 16px; border-top: 1px solid var(--_line); }
.clip { border: 0; background: none; height: 44px; color: var(--_muted); }
.composer textarea {
  flex: 1; resize: none; min-height: 44px; max-height: 140px; height: var(--_input-h, auto); padding: 10px 12px;
  border-radius: 12px; border: 1px solid var(--_line); background: var(--_field);
}
.primary {
  border: 0; border-radius: 12px; padding: 0 14px; height: 44px; display: inline-flex; align-items: center; gap: 6px;
  background: var(--_accent); color: var(--_accent-text); font-weight: 600;
}
.primary:disabled { opacity: .55; cursor: not-allowed; }
`
