import type { Knex } from "@medusajs/framework/mikro-orm/knex"

/**
 * Runs one parameterised statement (`?` placeholders) and returns its rows.
 * The Medusa modules and the fast lane both hand their knex instance to the same stores.
 */
export type SqlRunner = <Row = Record<string, unknown>>(
  text: string,
  params?: readonly unknown[]
) => Promise<Row[]>

export function knexRunner(knex: Knex): SqlRunner {
  return async <Row>(text: string, params: readonly unknown[] = []) => {
    const result = await knex.raw(text, params as Knex.RawBinding[])
    return result.rows as Row[]
  }
}

/** What Medusa registers in each module's container: the module's entity manager, over its pool. */
export type ModuleConnection = { manager: { getKnex(): Knex } }
