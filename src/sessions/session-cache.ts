import { declarationOf } from '../db/compiled.js'
import type { Db } from '../db/database.js'
import { rowCacheFor, type RowCache, type RowCacheOptions } from '../row-cache/row-cache.js'
import type { SessionWithUser } from './sessions.queries.js'

// Authenticating a request reads its session and user in one statement; on SQLite that statement
// (with its file locks) costs more than the rest of a small authenticated request. So a session read
// moments ago is kept, by token hash, in a row cache (row-cache/row-cache.ts says what keeps a copy
// true), whose rule is below.

/** Most sessions kept: each entry holds one session's and one user's row (about 1 KB). */
const SESSION_CACHE_ENTRIES = 10_000

/** Tables whose rows an entry copies: a write naming either sets every entry aside. */
const COPIED_TABLES = /\b(users|sessions)\b/i

/**
 * The session cache's rule for a write statement: it may change a row a copy holds when its SQL names
 * the users or sessions table, unless its compiled query is declared `sessionCache: 'kept-in-step'`.
 */
export function writesCopiedRows(sql: string): boolean {
  return COPIED_TABLES.test(sql) && declarationOf(sql)?.sessionCache !== 'kept-in-step'
}

/** The session cache of an app, kept for `lifeMs` (SESSION_CACHE; 0 = none). Close it on shutdown. */
export function sessionCacheFor(
  db: Db,
  lifeMs: number,
  workers: number,
  log?: RowCacheOptions['log'],
): Promise<RowCache<SessionWithUser> | undefined> {
  return rowCacheFor<SessionWithUser>(db, {
    lifeMs,
    maxEntries: SESSION_CACHE_ENTRIES,
    covers: writesCopiedRows,
    workers,
    ...(log ? { log } : {}),
  })
}
