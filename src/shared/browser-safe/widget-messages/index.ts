// The widget's and the block's own texts, every language in one module: for the React bindings
// (an app's bundler splits its own code; the script tag loads one language at a time instead:
// launchdesk-locale-<tag>.js) and the admin (the defaults a store overrides).
import ar from "./ar.json"
import de from "./de.json"
import en from "./en.json"
import es from "./es.json"
import fr from "./fr.json"
import it from "./it.json"
import ja from "./ja.json"
import nl from "./nl.json"
import pl from "./pl.json"
import ptBR from "./pt-BR.json"
import sv from "./sv.json"

export const BUNDLED_MESSAGES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  en, de, fr, es, it, nl, pl, "pt-BR": ptBR, sv, ja, ar,
}
