import { sql } from 'kysely'
import { compiledQuery } from '../db/compiled.js'
import type { Db } from '../db/database.js'

const ping = compiledQuery(() => sql<{ one: number }>`select 1 as one`)

/** Runs the most trivial query there is; resolves when the database answers. */
export async function pingDatabase(db: Db): Promise<void> {
  await ping.rows(db, {})
}
