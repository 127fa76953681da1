import { watchWrites, type Db, type WriteWatch } from '../db/database.js'
import { KEPT_IN_STEP_WITH_SESSION_CACHE, type SessionWithUser } from './sessions.queries.js'

// Authenticating a request reads its session and user in one statement; on SQLite that statement
// (with its file locks) costs more than the rest of a small authenticated request. When this process
// is the only one writing its database, it sees every change to those rows: a session read moments
// ago, with no write to the sessions or users tables since, is still what the database holds. Such
// reads are kept here, by token hash, for a short time; any other write to those tables from this
// process (a logout, a password change, a profile edit, an expiry sweep, an admin's statement through
// the same handle) sets every entry aside, and the next request reads the database again. The time
// limit bounds what another process writing the same file (an operator's shell) may leave unseen.

/** Most sessions kept: each entry holds one session's and one user's row (about 1 KB). */
export const SESSION_CACHE_ENTRIES = 10_000

/** Tables whose rows an entry copies: a write naming either sets every entry aside. */
const COPIED_TABLES = /\b(users|sessions)\b/i

interface Entry {
  found: SessionWithUser
  /** The write count before the rows were read: the entry stands while no write has happened since. */
  writes: number
  readAt: number
}

/** Sessions with their users, as last read from the database by this process (see above). */
export class SessionCache {
  readonly #entries = new Map<string, Entry>()
  readonly #watch: WriteWatch
  readonly #lifeMs: number

  constructor(watch: WriteWatch, lifeMs: number) {
    this.#watch = watch
    this.#lifeMs = lifeMs
  }

  /** The write count to take before reading a session, and to hand to `keep` with what was read. */
  writes(): number {
    return this.#watch.count
  }

  /** The session and user read for this token hash, if they are still what the database holds. */
  get(tokenHash: string, now: number): SessionWithUser | undefined {
    const entry = this.#entries.get(tokenHash)
    if (entry === undefined) return undefined
    if (entry.writes !== this.#watch.count || now - entry.readAt >= this.#lifeMs) {
      this.#entries.delete(tokenHash)
      return undefined
    }
    return entry.found
  }

  /** Keeps what was read for this token hash after the write count was `writes`. */
  keep(tokenHash: string, found: SessionWithUser, writes: number, now: number): void {
    if (writes !== this.#watch.count) return // something changed meanwhile: the next request reads again
    this.#entries.delete(tokenHash) // re-inserted last, so the oldest read is the first to go
    if (this.#entries.size >= SESSION_CACHE_ENTRIES) {
      const oldest = this.#entries.keys().next().value
      if (oldest !== undefined) this.#entries.delete(oldest)
    }
    this.#entries.set(tokenHash, { found, writes, readAt: now })
  }

  /** Sets one token's entry aside (its session expired, say); the next request reads the database. */
  forget(tokenHash: string): void {
    this.#entries.delete(tokenHash)
  }
}

/**
 * The session cache of an app whose process alone writes `db` (SQLite with one server process), kept
 * for `lifeMs`; undefined where other processes write the same rows unseen (PostgreSQL, WORKERS > 1)
 * or when `lifeMs` is 0 (off).
 */
export function sessionCacheFor(db: Db, lifeMs: number, workers: number): SessionCache | undefined {
  if (lifeMs <= 0 || workers > 1) return undefined
  const watch = watchWrites(
    db,
    (sql) => COPIED_TABLES.test(sql) && !sql.includes(KEPT_IN_STEP_WITH_SESSION_CACHE),
  )
  return watch === undefined ? undefined : new SessionCache(watch, lifeMs)
}
