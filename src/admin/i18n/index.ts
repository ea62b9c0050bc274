import de from "./json/de.json"
import en from "./json/en.json"
import es from "./json/es.json"
import fr from "./json/fr.json"
import it from "./json/it.json"
import nl from "./json/nl.json"
import pl from "./json/pl.json"
import ptBR from "./json/ptBR.json"
import sv from "./json/sv.json"

// The dashboard merges these into its own translations and follows the admin user's language
// (Profile → Language). Keys are the dashboard's language codes ("ptBR"); the plugin's strings
// live in a namespace of their own. A language missing here shows English.
export default {
  en: { launchdesk: en },
  de: { launchdesk: de },
  fr: { launchdesk: fr },
  es: { launchdesk: es },
  it: { launchdesk: it },
  nl: { launchdesk: nl },
  pl: { launchdesk: pl },
  ptBR: { launchdesk: ptBR },
  sv: { launchdesk: sv },
}
