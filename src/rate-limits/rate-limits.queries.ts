import { sql } from 'kysely'
import type { Db } from '../db/database.js'

/** A counter's state after a hit or read. */
export interface Counter {
  count: number
  resetAt: number
}

/**
 * Adds one to a fixed-window counter and returns it, in one atomic statement so that several
 * instances sharing the database count together. A window that has ended starts again at one.
 */
export async function hitCounter(db: Db, key: string, windowMs: number, now: number): Promise<Counter> {
  const row = await db
    .insertInto('rate_limits')
    .values({ key, count: 1, reset_at: now + windowMs })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        count: sql<number>`case when rate_limits.reset_at <= ${now} then 1 else rate_limits.count + 1 end`,
        reset_at: sql<number>`case when rate_limits.reset_at <= ${now} then ${now + windowMs} else rate_limits.reset_at end`,
      }),
    )
    .returning(['count', 'reset_at'])
    .executeTakeFirstOrThrow()
  return { count: row.count, resetAt: row.reset_at }
}

/** Forgets a counter (e.g. failed logins after a success). */
export async function deleteCounter(db: Db, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute()
}

/** Removes counters whose window has ended; returns how many. */
export async function deleteExpiredCounters(db: Db, now: number): Promise<number> {
  const result = await db.deleteFrom('rate_limits').where('reset_at', '<=', now).executeTakeFirst()
  return Number(result.numDeletedRows)
}
