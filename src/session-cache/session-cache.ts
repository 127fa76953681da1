import { declarationOf } from '../db/compiled.js'
import { dialectOf, outsideCommits, watchWrites, type Db, type WriteWatch } from '../db/database.js'
import { soleInstance, type SoleInstance } from './sole-instance.js'

// Authenticating a request reads its session and user in one statement; on SQLite that statement
// (with its file locks) costs more than the rest of a small authenticated request. This process sees
// every change it makes itself: a session read moments ago, with no write to the sessions or users
// tables since, is still what the database holds. Such reads are kept here, by token hash, for a
// short time; any other write to those tables from this process (a logout, a password change, a
// profile edit, an expiry sweep, an admin's statement through the same handle) sets every entry
// aside, and the next request reads the database again.
//
// Other processes' writes are unseen by that count. With several workers on one SQLite file, each use
// of an entry first asks SQLite whether any other connection has committed since it was read (its
// `data_version`, a far smaller statement than the lookup), and any commit sets the entry aside.
// Alone on its file, the process skips that question: the time limit bounds what an operator's shell
// writing the same file may leave unseen. On PostgreSQL, where asking would be a round trip, entries
// are used only while this instance is the only one on the database (sole-instance.ts:
// an arriving instance makes it stop before writing anything); the same time limit bounds an
// operator's psql. Losing that hold sets every entry aside before anything else runs, so a hold
// taken again starts from nothing. And while this instance is not counted among those on the
// database (its hold lost, or taken again moments ago), another may be alone and answering from
// copies this instance's writes make stale, with nothing to tell it: the answer to each such write
// waits the cache's life (and a margin for the two processes' timers), by which time every copy read
// before the write has expired.

/** Most sessions kept: each entry holds one session's and one user's row (about 1 KB). */
const SESSION_CACHE_ENTRIES = 10_000

/** Added to the cache's life when a write's answer waits for others' copies to expire: timers run late. */
const HOLD_MARGIN_MS = 100

/** Tables whose rows an entry copies: a write naming either sets every entry aside. */
const COPIED_TABLES = /\b(users|sessions)\b/i

/**
 * The session cache's rule for a write statement: it may change a row a copy holds when its SQL names
 * the users or sessions table, unless its compiled query is declared `sessionCache: 'kept-in-step'`.
 */
export function writesCopiedRows(sql: string): boolean {
  return COPIED_TABLES.test(sql) && declarationOf(sql)?.sessionCache !== 'kept-in-step'
}

/** What the database had seen when a session was read: compared when its copy is used. */
interface CacheStamp {
  /** This process's writes to the copied tables (see WriteWatch). */
  writes: number
  /** Other processes' commits (SQLite's data_version), or the tenure of being alone (PostgreSQL); else 0. */
  outside: number
}

interface Entry<Found> {
  found: Found
  stamp: CacheStamp
  readAt: number
}

/**
 * Sessions with their users, as last read from the database by this process (see above). `Found` is
 * what the session lookup returns (sessions/sessions.queries.ts's `SessionWithUser`): the rows of the
 * tables in COPIED_TABLES.
 */
class SessionCache<Found> {
  readonly #entries = new Map<string, Entry<Found>>()
  readonly #watch: WriteWatch
  readonly #lifeMs: number
  readonly #outside: ((now?: number) => number | undefined) | undefined
  readonly #close: (() => Promise<void>) | undefined

  /**
   * `outside` tells where other processes stand (a number that changes when they may have written),
   * or undefined when that cannot be told now: then no copy is used or kept. `close` ends what it asks.
   */
  constructor(
    watch: WriteWatch,
    lifeMs: number,
    outside?: (now?: number) => number | undefined,
    close?: () => Promise<void>,
  ) {
    this.#watch = watch
    this.#lifeMs = lifeMs
    this.#outside = outside
    this.#close = close
  }

  /** Where the database stands: take it before reading a session, and hand it to `keep` with what was read. */
  stamp(): CacheStamp | undefined {
    const outside = this.#outsideNow()
    return outside === undefined ? undefined : { writes: this.#watch.count, outside }
  }

  /** The session and user read for this token hash, if they are still what the database holds. */
  get(tokenHash: string, now: number): Found | undefined {
    const entry = this.#entries.get(tokenHash)
    if (entry === undefined) return undefined
    if (
      entry.stamp.writes !== this.#watch.count ||
      now - entry.readAt >= this.#lifeMs ||
      entry.stamp.outside !== this.#outsideNow(now)
    ) {
      this.#entries.delete(tokenHash)
      return undefined
    }
    return entry.found
  }

  /** Keeps what was read for this token hash after the database stood at `stamp`. */
  keep(tokenHash: string, found: Found, stamp: CacheStamp, now: number): void {
    // Changed meanwhile (a read on PostgreSQL takes a while): the next request reads again.
    if (
      stamp.writes !== this.#watch.count ||
      (this.#outside !== undefined && stamp.outside !== this.#outsideNow())
    ) {
      return
    }
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

  /** Sets every entry aside: what they copy can no longer be trusted (this instance is no longer alone). */
  clear(): void {
    this.#entries.clear()
  }

  /** How many entries are kept. */
  get size(): number {
    return this.#entries.size
  }

  /** Ends what the cache asks other processes (PostgreSQL's lock connection). */
  async close(): Promise<void> {
    this.#entries.clear()
    await this.#close?.()
  }

  /** Where other processes stand (0 when not asked about); undefined when that cannot be told now. */
  #outsideNow(now?: number): number | undefined {
    return this.#outside === undefined ? 0 : this.#outside(now)
  }
}

/**
 * A session cache on PostgreSQL, used while `sole` is alone on the database: emptied the moment it
 * stops being so, and holding back the answers to this process's writes while it is not counted
 * among the instances there (see the top of this file). Closing the cache closes `sole`.
 */
export function cacheWhileAlone<Found>(
  sole: SoleInstance,
  watch: WriteWatch,
  lifeMs: number,
): SessionCache<Found> {
  const cache = new SessionCache<Found>(
    watch,
    lifeMs,
    (now) => sole.tenure(now),
    () => sole.close(),
  )
  sole.whenNotAlone(() => {
    cache.clear()
  })
  watch.holdMs = () => (sole.counted() ? 0 : lifeMs + HOLD_MARGIN_MS)
  return cache
}

/**
 * The session cache of an app, kept for `lifeMs` (0 = none). On SQLite with `workers` > 1 it asks
 * about other processes' commits on every use; on PostgreSQL it is used while this instance is alone
 * on the database, and is undefined when no direct URL reaches PostgreSQL (see above). Close it on
 * shutdown.
 */
export async function sessionCacheFor<Found>(
  db: Db,
  lifeMs: number,
  workers: number,
  log?: (level: 'info' | 'warn', message: string) => void,
): Promise<SessionCache<Found> | undefined> {
  if (lifeMs <= 0) return undefined
  if (dialectOf(db) === 'postgres') {
    // Joined first: without a direct URL there is no cache, and no watch should count every statement.
    const sole = await soleInstance(db, log)
    if (sole === undefined) return undefined
    const watch = watchWrites(db, writesCopiedRows)
    if (watch === undefined) {
      await sole.close()
      return undefined
    }
    return cacheWhileAlone<Found>(sole, watch, lifeMs)
  }
  const watch = watchWrites(db, writesCopiedRows)
  if (watch === undefined) return undefined
  const commits = workers > 1 ? outsideCommits(db) : undefined
  if (commits === undefined) return new SessionCache<Found>(watch, lifeMs)
  return new SessionCache<Found>(watch, lifeMs, () => {
    try {
      return commits()
    } catch {
      return undefined // a busy database: use no copy and keep none
    }
  })
}
