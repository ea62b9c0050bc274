import { BASE_RULES, SUCCESS_PROPERTY, SUCCESS_RULES, THEME_PROPERTIES } from "./base-styles"

// Shadow-root styles of the coming-soon block; loaded only on a coming-soon product page. Sides
// are logical and the countdown a grid: with dir="rtl" on the element the block mirrors (days
// at the inline start, on the right).
export const COMING_SOON_CSS = `
:host {${THEME_PROPERTIES}
  --_box: var(--launchdesk-box, var(--_bubble));
  ${SUCCESS_PROPERTY}
  display: block;
  margin: 8px 0;
  font: var(--launchdesk-font, inherit);
  color: var(--_text);
}
${BASE_RULES}
${SUCCESS_RULES}
.block {
  padding: 20px; border-radius: var(--_radius); background: var(--_surface);
  border: 1px solid var(--_line);
}
.unavailable { margin: 0; font-weight: 600; }
.eyebrow {
  display: inline-block; margin: 0 0 6px; padding: 3px 10px; border-radius: 999px;
  background: var(--_accent); color: var(--_accent-text);
  font-size: 12px; font-weight: 700; letter-spacing: .08em; text-transform: uppercase;
}
.arrives { margin: 4px 0 0; color: var(--_muted); font-size: 15px; }
.countdown {
  display: grid; grid-template-columns: repeat(4, minmax(0, 1fr)); gap: 8px; margin: 16px 0 4px;
  container-type: inline-size;
}
.unit {
  display: flex; flex-direction: column; align-items: center; min-width: 0; padding: 10px 2px;
  border-radius: 12px; background: var(--_box);
}
/* Sized by the block's width, and smaller again for a day count of three digits or more. */
.value { font-size: 24px; font-size: min(26px, 10cqi); font-weight: 700; font-variant-numeric: tabular-nums; line-height: 1.1; }
.countdown.long .value { font-size: 18px; font-size: min(26px, 6.5cqi); }
.label { font-size: 11px; text-transform: uppercase; letter-spacing: .08em; color: var(--_muted); }
.offer { margin: 14px 0 0; line-height: 1.55; }
.offer p { margin: 0 0 8px; }
.offer a { color: inherit; }
.intro { margin: 16px 0 8px; font-weight: 600; }
form { display: flex; flex-wrap: wrap; gap: 8px; }
input[type="email"] {
  flex: 1 1 200px; min-width: 0; height: 46px; padding: 0 14px; font: inherit; color: inherit;
  border-radius: 12px; border: 1px solid var(--_line); background: var(--_field);
}
.primary {
  height: 46px; padding: 0 20px; border: 0; border-radius: 12px; font: inherit; font-weight: 600; cursor: pointer;
  background: var(--_accent); color: var(--_accent-text);
}
.primary:disabled { opacity: .6; cursor: progress; }
.captcha { flex-basis: 100%; }
.consent { flex-basis: 100%; display: flex; align-items: flex-start; gap: 8px; font-size: 0.875em; }
.consent input { margin: 0.2em 0 0; flex: none; width: 1.1em; height: 1.1em; }
.status { margin: 10px 0 0; font-size: 14px; }
.status:empty { display: none; }
.status.error { color: var(--_danger); }
.forms-embed { width: 100%; min-height: 320px; border: 0; margin-top: 12px; border-radius: 12px; }
.share { margin-top: 14px; display: flex; flex-wrap: wrap; align-items: center; gap: 8px; }
.share p { margin: 0; flex-basis: 100%; color: var(--_muted); font-size: 14px; }
.share .place { color: inherit; font-size: 16px; font-weight: 600; }
.share a {
  display: inline-flex; align-items: center; height: 40px; padding: 0 14px; border-radius: 10px;
  text-decoration: none; font-weight: 600; font-size: 14px; color: #fff;
}
/* Facebook's own blue is 4.2:1 under white text: a darker one of its family. */
.share .facebook { background: #1463d0; }
.share .x { background: #000; }
.preorder { margin-top: 14px; display: flex; flex-wrap: wrap; align-items: center; gap: 8px; }
.preorder p { margin: 0; flex-basis: 100%; color: var(--_muted); font-size: 14px; }
.preorder button {
  height: 46px; padding: 0 20px; border: 1px solid currentColor; border-radius: 12px; background: transparent;
  color: inherit; font: inherit; font-weight: 600; cursor: pointer;
}
`
