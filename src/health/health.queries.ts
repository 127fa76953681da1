import { sql } from 'kysely'
import type { Db } from '../db/database.js'

/** Runs the most trivial query there is; resolves when the database answers. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db)
}
