import { outsideCommits, watchWrites, type Db, type WriteWatch } from '../db/database.js'
import { KEPT_IN_STEP_WITH_SESSION_CACHE, type SessionWithUser } from './sessions.queries.js'

// Authenticating a request reads its session and user in one statement; on SQLite that statement
// (with its file locks) costs more than the rest of a small authenticated request. This process sees
// every change it makes itself: a session read moments ago, with no write to the sessions or users
// tables since, is still what the database holds. Such reads are kept here, by token hash, for a
// short time; any other write to those tables from this process (a logout, a password change, a
// profile edit, an expiry sweep, an admin's statement through the same handle) sets every entry
// aside, and the next request reads the database again.
//
// Other processes' writes are unseen by that count. With several workers on one file, each use of an
// entry first asks SQLite whether any other connection has committed since it was read (its
// `data_version`, a far smaller statement than the lookup), and any commit sets the entry aside.
// Alone on its file, the process skips that question: the time limit bounds what an operator's shell
// writing the same file may leave unseen.

/** Most sessions kept: each entry holds one session's and one user's row (about 1 KB). */
const SESSION_CACHE_ENTRIES = 10_000

/** Tables whose rows an entry copies: a write naming either sets every entry aside. */
const COPIED_TABLES = /\b(users|sessions)\b/i

/** What the database had seen when a session was read: compared when its copy is used. */
export interface CacheStamp {
  /** This process's writes to the copied tables (see WriteWatch). */
  writes: number
  /** Other processes' commits (SQLite's data_version), when they are asked about; else 0. */
  outside: number
}

interface Entry {
  found: SessionWithUser
  stamp: CacheStamp
  readAt: number
}

/** Sessions with their users, as last read from the database by this process (see above). */
export class SessionCache {
  readonly #entries = new Map<string, Entry>()
  readonly #watch: WriteWatch
  readonly #lifeMs: number
  readonly #outside: (() => number) | undefined

  constructor(watch: WriteWatch, lifeMs: number, outside?: () => number) {
    this.#watch = watch
    this.#lifeMs = lifeMs
    this.#outside = outside
  }

  /** Where the database stands: take it before reading a session, and hand it to `keep` with what was read. */
  stamp(): CacheStamp | undefined {
    const outside = this.#outsideNow()
    return outside === undefined ? undefined : { writes: this.#watch.count, outside }
  }

  /** The session and user read for this token hash, if they are still what the database holds. */
  get(tokenHash: string, now: number): SessionWithUser | undefined {
    const entry = this.#entries.get(tokenHash)
    if (entry === undefined) return undefined
    if (
      entry.stamp.writes !== this.#watch.count ||
      now - entry.readAt >= this.#lifeMs ||
      entry.stamp.outside !== this.#outsideNow()
    ) {
      this.#entries.delete(tokenHash)
      return undefined
    }
    return entry.found
  }

  /** Keeps what was read for this token hash after the database stood at `stamp`. */
  keep(tokenHash: string, found: SessionWithUser, stamp: CacheStamp, now: number): void {
    if (stamp.writes !== this.#watch.count) return // changed meanwhile: the next request reads again
    this.#entries.delete(tokenHash) // re-inserted last, so the oldest read is the first to go
    if (this.#entries.size >= SESSION_CACHE_ENTRIES) {
      const oldest = this.#entries.keys().next().value
      if (oldest !== undefined) this.#entries.delete(oldest)
    }
    this.#entries.set(tokenHash, { found, stamp, readAt: now })
  }

  /** Sets one token's entry aside (its session expired, say); the next request reads the database. */
  forget(tokenHash: string): void {
    this.#entries.delete(tokenHash)
  }

  /** Other processes' commits so far (0 when not asked about); undefined when SQLite cannot say now. */
  #outsideNow(): number | undefined {
    if (this.#outside === undefined) return 0
    try {
      return this.#outside()
    } catch {
      return undefined // a busy database: use no copy and keep none
    }
  }
}

/**
 * The session cache of an app on SQLite, kept for `lifeMs`: with `workers` > 1 it asks about other
 * processes' commits on every use (see above). Undefined on PostgreSQL, where other instances write
 * unseen and asking would cost a round trip, or when `lifeMs` is 0 (off).
 */
export function sessionCacheFor(db: Db, lifeMs: number, workers: number): SessionCache | undefined {
  if (lifeMs <= 0) return undefined
  const watch = watchWrites(
    db,
    (sql) => COPIED_TABLES.test(sql) && !sql.includes(KEPT_IN_STEP_WITH_SESSION_CACHE),
  )
  if (watch === undefined) return undefined
  return new SessionCache(watch, lifeMs, workers > 1 ? outsideCommits(db) : undefined)
}
