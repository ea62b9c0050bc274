import type { SqlRunner } from "../../../shared/sql"
import type { StoreLanguageSources } from "../../../shared/locale"

/**
 * Where a store's languages come from, in one statement both lanes run: the Store module's
 * `supported_locales` (its `store_locale` rows, of the first store), and the plugin's own
 * `default_locale` and the tags of the chat texts' `translations` (`chat.*` settings).
 */
export class StoreLanguagesRepository {
  constructor(private readonly sql: SqlRunner) {}

  async read(): Promise<StoreLanguageSources> {
    const [row] = await this.sql<{ store_locales: unknown[] | null; default_locale: unknown; translated: unknown[] | null }>(
      `SELECT
         (SELECT json_agg(l.locale_code ORDER BY l.created_at, l.id) FROM store_locale l
           WHERE l.deleted_at IS NULL
             AND l.store_id = (SELECT s.id FROM store s WHERE s.deleted_at IS NULL ORDER BY s.created_at, s.id LIMIT 1)
         ) AS store_locales,
         (SELECT value -> 'v' FROM launchdesk_setting WHERE id = 'chat.default_locale' AND deleted_at IS NULL) AS default_locale,
         (SELECT json_agg(tag) FROM launchdesk_setting t,
           jsonb_object_keys(CASE WHEN jsonb_typeof(t.value -> 'v') = 'object' THEN t.value -> 'v' ELSE '{}'::jsonb END) AS tag
           WHERE t.id = 'chat.translations' AND t.deleted_at IS NULL
         ) AS translated`
    )
    return {
      store_locales: row?.store_locales ?? [],
      default_locale: row?.default_locale ?? null,
      translated: row?.translated ?? [],
    }
  }
}
