import { sql } from 'kysely'
import { compiledQuery } from '../db/compiled.js'
import type { Db } from '../db/database.js'

/** A counter's state after a hit or read. */
interface Counter {
  count: number
  resetAt: number
}

const hitCounterQuery = compiledQuery((db, v: { key: string; now: number; resetAt: number }) =>
  db
    .insertInto('rate_limits')
    .values({ key: v.key, count: 1, reset_at: v.resetAt })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        count: sql<number>`case when rate_limits.reset_at <= ${v.now} then 1 else rate_limits.count + 1 end`,
        reset_at: sql<number>`case when rate_limits.reset_at <= ${v.now} then ${v.resetAt} else rate_limits.reset_at end`,
      }),
    )
    .returning(['count', 'reset_at']),
)

/**
 * Adds one to a fixed-window counter and returns it, in one atomic statement so that several
 * instances sharing the database count together. A window that has ended starts again at one.
 */
export async function hitCounter(db: Db, key: string, windowMs: number, now: number): Promise<Counter> {
  const row = await hitCounterQuery.first(db, { key, now, resetAt: now + windowMs })
  if (!row) throw new Error('the counter upsert returned no row')
  return { count: row.count, resetAt: row.reset_at }
}

const findCounterQuery = compiledQuery((db, v: { key: string; now: number }) =>
  db
    .selectFrom('rate_limits')
    .select(['count', 'reset_at'])
    .where('key', '=', v.key)
    .where('reset_at', '>', v.now),
)

/** A counter's state in its current window, without counting; undefined when none is running. */
export async function findCounter(db: Db, key: string, now: number): Promise<Counter | undefined> {
  const row = await findCounterQuery.first(db, { key, now })
  return row ? { count: row.count, resetAt: row.reset_at } : undefined
}

const deleteCounterQuery = compiledQuery((db, v: { key: string }) =>
  db.deleteFrom('rate_limits').where('key', '=', v.key),
)

/** Forgets a counter (e.g. failed logins after a success). */
export async function deleteCounter(db: Db, key: string): Promise<void> {
  await deleteCounterQuery.changed(db, { key })
}

const deleteCounterRangeQuery = compiledQuery((db, v: { from: string; to: string }) =>
  db.deleteFrom('rate_limits').where('key', '>=', v.from).where('key', '<', v.to),
)

/**
 * Forgets every counter whose key starts with `prefix` (ASCII). Such keys are exactly those from the
 * prefix up to the prefix with its last character raised by one, in the key column's byte order
 * (SQLite's BINARY, PostgreSQL's "C" collation): one range of the primary key's index, never a scan.
 */
export async function deleteCountersByPrefix(db: Db, prefix: string): Promise<void> {
  const last = prefix.charCodeAt(prefix.length - 1)
  if (prefix === '' || last >= 0x7f)
    throw new Error('a counter prefix must end with a printable ASCII character')
  await deleteCounterRangeQuery.changed(db, {
    from: prefix,
    to: prefix.slice(0, -1) + String.fromCharCode(last + 1),
  })
}

const deleteExpiredCountersQuery = compiledQuery((db, v: { now: number; limit: number }) =>
  db
    .deleteFrom('rate_limits')
    .where('key', 'in', (eb) =>
      eb.selectFrom('rate_limits').select('key').where('reset_at', '<=', v.now).limit(v.limit),
    ),
)

/** Removes up to `limit` counters whose window has ended; returns how many. */
export function deleteExpiredCounters(db: Db, limit: number, now: number): Promise<number> {
  return deleteExpiredCountersQuery.changed(db, { now, limit })
}
