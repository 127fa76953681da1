import { sql, type Kysely } from 'kysely'
import { dialectOf } from '../database.js'

/**
 * On PostgreSQL the rate-limit counters become an UNLOGGED table: their writes go to no WAL, so a
 * commit that only counts (the per-user quota of every post and comment, every login attempt) does
 * not wait for a disk flush, which is most of such a commit's time (docs/performance.md). What it gives up is acceptable for counters and nothing else:
 * after a crash of the database server the table is emptied, and standbys do not receive it, so a
 * failover starts every window afresh. SQLite has no such table kind (its counters commit without a
 * flush in WAL mode with `synchronous=NORMAL` already).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') await sql`alter table rate_limits set unlogged`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') await sql`alter table rate_limits set logged`.execute(db)
}
