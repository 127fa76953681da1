import { sql, type Kysely } from 'kysely'
import { dialectOf } from '../database.js'

/**
 * On PostgreSQL the rate-limit keys compare byte by byte (the "C" collation), as SQLite's do already:
 * forgetting every counter of one account is then one range of the primary key's index, whatever
 * collation the database was created with (a language's collation orders punctuation and letters in
 * ways that break a prefix's range). The keys are ASCII, so nothing else about them changes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`alter table rate_limits alter column key type text collate "C"`.execute(db)
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`alter table rate_limits alter column key type text collate "default"`.execute(db)
  }
}
