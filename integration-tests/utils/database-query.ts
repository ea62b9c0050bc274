import { Client } from "pg"

/** A query on a host's database from a connection of the test's own, closed after it. */
export async function queryDatabase<T>(databaseUrl: string, text: string, params: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    return (await client.query(text, params)).rows
  } finally {
    await client.end()
  }
}
