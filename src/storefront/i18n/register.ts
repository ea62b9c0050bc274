import type { LocaleModule } from "../core/shopper-locale"
import { compileLabels } from "./compile-labels"

/** What launchdesk-locale-<tag>.js does: hands launchdesk.js the language's messages and the compiler. */
export function registerLocale(tag: string, messages: LocaleModule["messages"]) {
  ;(window.LaunchDeskLocales ??= {})[tag] = { messages, compile: compileLabels }
}
