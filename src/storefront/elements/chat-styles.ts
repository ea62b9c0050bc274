import { BASE_RULES, THEME_PROPERTIES } from "./base-styles"

// Inside the element's shadow root, so the store's CSS cannot break it. Sides are logical
// (inline-start/end): with dir="rtl" on the element (Arabic) the whole widget mirrors.
export const CHAT_CSS = `
:host {${THEME_PROPERTIES}
  --_bubble: var(--launchdesk-bubble, #f1f2f4);
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
  border-radius: 11px; background: var(--_danger); color: #fff;
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
@media (max-width: 480px) {
  .panel { inset: 0; width: 100vw; height: 100%; border-radius: 0; bottom: 0; inset-inline-end: 0; }
}

.header {
  display: flex; align-items: flex-start; gap: 12px; padding: 16px 16px 14px;
  background: var(--_accent); color: var(--_accent-text);
}
.header h2 { margin: 0; font-size: 17px; font-weight: 700; }
.header p { margin: 2px 0 0; font-size: 13px; opacity: .85; }
.header > div { flex: 1; }
.close {
  border: 0; background: transparent; color: inherit; padding: 4px; border-radius: 8px; display: grid;
}
.close:hover { background: rgba(255, 255, 255, .15); }

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
.message.agent .text, .message.bridge .text, .message.auto .text { border-end-start-radius: 4px; }
:host([dir="rtl"]) .primary svg { transform: scaleX(-1); }
.message.auto .text { background: transparent; border: 1px dashed rgba(0, 0, 0, .2); }
.message.system { align-self: center; text-align: center; }
.message.system .text { background: transparent; color: var(--_muted); font-size: 13px; padding: 2px 8px; }
.message[data-read]::after { content: attr(data-read); font-size: 12px; color: var(--_muted); }
.typing { margin: 0 16px 8px; font-size: 13px; color: var(--_muted); font-style: italic; }
.empty { align-self: center; margin: auto 0; text-align: center; color: var(--_muted); font-size: 14px; max-width: 240px; }

.notice {
  margin: 0 16px 10px; padding: 9px 12px; border-radius: 10px; font-size: 14px;
  background: #fef3f2; color: var(--_danger); border: 1px solid #fecdca;
}
.notice.rate_limited { background: #fffaeb; color: #93370d; border-color: #fedf89; }
.notice.away { background: #eff8ff; color: #175cd3; border-color: #b2ddff; }

.email-offer {
  margin: 0 16px 10px; padding: 12px; border-radius: 12px; background: var(--_bubble); font-size: 14px;
}
.email-offer p { margin: 0 0 8px; }
.email-offer .row { display: flex; gap: 6px; }
.email-offer input {
  flex: 1; min-width: 0; padding: 8px 10px; border-radius: 8px; border: 1px solid rgba(0, 0, 0, .2); background: #fff;
}
.email-offer .error { color: var(--_danger); margin: 6px 0 0; }
.link { border: 0; background: none; padding: 0; margin-top: 6px; color: var(--_muted); text-decoration: underline; font-size: 13px; }

.composer { display: flex; gap: 8px; align-items: flex-end; padding: 12px 16px 16px; border-top: 1px solid rgba(0, 0, 0, .08); }
.clip { border: 0; background: none; height: 44px; color: var(--_muted); }
.composer textarea {
  flex: 1; resize: none; min-height: 44px; max-height: 140px; padding: 10px 12px;
  border-radius: 12px; border: 1px solid rgba(0, 0, 0, .18); background: #fff;
}
.primary {
  border: 0; border-radius: 12px; padding: 0 14px; height: 44px; display: inline-flex; align-items: center; gap: 6px;
  background: var(--_accent); color: var(--_accent-text); font-weight: 600;
}
.email-offer .primary { height: auto; padding: 8px 12px; border-radius: 8px; }
.primary:disabled { opacity: .55; cursor: not-allowed; }
.honeypot { position: absolute; inset-inline-start: -10000px; top: auto; width: 1px; height: 1px; overflow: hidden; }
`
