import { dialectOf, outsideCommits, watchWrites, type Db, type WriteWatch } from '../db/database.js'
import { soleInstance, type SoleInstance } from './sole-instance.js'

// Copies of rows this process read moments ago, answered from memory instead of a statement (the
// session cache, sessions/session-cache.ts; who may see a post, posts/post-access.ts). Each cache has
// a rule: the write statements that may change a row it copies. This process sees every change it
// makes itself: a row read moments ago, with no write its rule picks out since, is still what the
// database holds. Such reads are kept for a short time (the cache's life); any write the rule picks
// out from this process (the write watch, db/write-watch.ts) sets every entry aside, and the next
// use reads the database again.
//
// Other processes' writes are unseen by that count. With several workers on one SQLite file, each use
// of an entry first asks SQLite whether any other connection has committed since it was read (its
// `data_version`, a far smaller statement than most lookups), and any commit sets the entry aside.
// Alone on its file, the process skips that question: the time limit bounds what an operator's shell
// writing the same file may leave unseen. On PostgreSQL, where asking would be a round trip, entries
// are used only while this instance is the only one on the database (sole-instance.ts, one lock
// connection per process shared by its caches: an arriving instance makes it stop before writing
// anything); the same time limit bounds an operator's psql. Losing that hold sets every entry aside
// before anything else runs, so a hold taken again starts from nothing. And while this instance is
// not counted among those on the database (its hold lost, or taken again moments ago), another may be
// alone and answering from copies this instance's writes make stale, with nothing to tell it: the
// answer to each such write waits the cache's life (and a margin for the two processes' timers), by
// which time every copy read before the write has expired.

/** Added to the cache's life when a write's answer waits for others' copies to expire: timers run late. */
const HOLD_MARGIN_MS = 100

/** What the database had seen when a row was read: compared when its copy is used. */
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

/** Rows as last read from the database by this process, by key (see above); `Found` is what a lookup returns. */
export class RowCache<Found> {
  readonly #entries = new Map<string, Entry<Found>>()
  readonly #watch: WriteWatch
  readonly #lifeMs: number
  readonly #maxEntries: number
  readonly #outside: ((now?: number) => number | undefined) | undefined
  readonly #close: (() => Promise<void>) | undefined

  /**
   * `outside` tells where other processes stand (a number that changes when they may have written),
   * or undefined when that cannot be told now: then no copy is used or kept. `close` ends what it asks.
   */
  constructor(
    watch: WriteWatch,
    lifeMs: number,
    maxEntries: number,
    outside?: (now?: number) => number | undefined,
    close?: () => Promise<void>,
  ) {
    this.#watch = watch
    this.#lifeMs = lifeMs
    this.#maxEntries = maxEntries
    this.#outside = outside
    this.#close = close
  }

  /** Where the database stands: take it before reading a row, and hand it to `keep` with what was read. */
  stamp(): CacheStamp | undefined {
    const outside = this.#outsideNow()
    return outside === undefined ? undefined : { writes: this.#watch.count, outside }
  }

  /** What was read for this key, if it is still what the database holds. */
  get(key: string, now: number): Found | undefined {
    const entry = this.#entries.get(key)
    if (entry === undefined) return undefined
    if (
      entry.stamp.writes !== this.#watch.count ||
      now - entry.readAt >= this.#lifeMs ||
      entry.stamp.outside !== this.#outsideNow(now)
    ) {
      this.#entries.delete(key)
      return undefined
    }
    return entry.found
  }

  /** Keeps what was read for this key after the database stood at `stamp`. */
  keep(key: string, found: Found, stamp: CacheStamp, now: number): void {
    // Changed meanwhile (a read on PostgreSQL takes a while): the next request reads again.
    if (
      stamp.writes !== this.#watch.count ||
      (this.#outside !== undefined && stamp.outside !== this.#outsideNow())
    ) {
      return
    }
    this.#entries.delete(key) // re-inserted last, so the oldest read is the first to go
    if (this.#entries.size >= this.#maxEntries) {
      const oldest = this.#entries.keys().next().value
      if (oldest !== undefined) this.#entries.delete(oldest)
    }
    this.#entries.set(key, { found, stamp, readAt: now })
  }

  /** Sets one key's entry aside (its session expired, say); the next use reads the database. */
  forget(key: string): void {
    this.#entries.delete(key)
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
 * A row cache on PostgreSQL, used while `sole` is alone on the database: emptied the moment it stops
 * being so, and holding back the answers to this process's writes its watch covers while it is not
 * counted among the instances there (see the top of this file). `close` ends the cache's use of
 * `sole` (by default, closes it).
 */
export function cacheWhileAlone<Found>(
  sole: SoleInstance,
  watch: WriteWatch,
  lifeMs: number,
  maxEntries: number,
  close: () => Promise<void> = () => sole.close(),
): RowCache<Found> {
  const cache = new RowCache<Found>(watch, lifeMs, maxEntries, (now) => sole.tenure(now), close)
  sole.whenNotAlone(() => {
    cache.clear()
  })
  watch.holdMs = () => (sole.counted() ? 0 : lifeMs + HOLD_MARGIN_MS)
  return cache
}

/** What a row cache keeps and what keeps it true. */
export interface RowCacheOptions {
  /** How long a copy is used (0 = no cache). */
  lifeMs: number
  /** Most entries kept; the oldest read goes first. */
  maxEntries: number
  /** The cache's rule: whether a write statement (its SQL) may change a row a copy holds. */
  covers: (sql: string) => boolean
  /** The server's processes on one SQLite file (WORKERS). */
  workers: number
  /** Where the sole-instance watch reports (PostgreSQL); one watch serves a handle's caches, and reports to the first one's. */
  log?: (level: 'info' | 'warn', message: string) => void
}

/** A row cache's `log` on the app's logger: what it says concerns every cache of the process. */
export function rowCacheLog(logger: {
  info: (fields: object, message: string) => void
  warn: (fields: object, message: string) => void
}): NonNullable<RowCacheOptions['log']> {
  return (level, message) => {
    logger[level]({ component: 'row caches' }, `row caches: ${message}`)
  }
}

/** Each database handle's sole-instance watch, one lock connection shared by its row caches. */
const soleInstances = new WeakMap<Db, { joined: Promise<SoleInstance | undefined>; users: number }>()

/** The handle's shared sole-instance watch and how to let go of it (closed with its last user); undefined without a direct URL. */
async function sharedSoleInstance(
  db: Db,
  log: RowCacheOptions['log'],
): Promise<{ sole: SoleInstance; release: () => Promise<void> } | undefined> {
  let shared = soleInstances.get(db)
  if (shared === undefined) {
    shared = { joined: soleInstance(db, log), users: 0 }
    soleInstances.set(db, shared)
  }
  const entry = shared
  entry.users++
  const release = async (): Promise<void> => {
    if (--entry.users > 0) return
    soleInstances.delete(db)
    await (await entry.joined.catch(() => undefined))?.close()
  }
  let sole: SoleInstance | undefined
  try {
    sole = await entry.joined
  } catch (error) {
    await release()
    throw error
  }
  if (sole === undefined) {
    await release()
    return undefined
  }
  return { sole, release }
}

/**
 * A row cache of an app (undefined when `lifeMs` is 0). On SQLite with `workers` > 1 it asks about
 * other processes' commits on every use; on PostgreSQL it is used while this instance is alone on the
 * database, and is undefined when no direct URL reaches PostgreSQL (see above). Close it on shutdown.
 */
export async function rowCacheFor<Found>(
  db: Db,
  options: RowCacheOptions,
): Promise<RowCache<Found> | undefined> {
  const { lifeMs, maxEntries, covers, workers, log } = options
  if (lifeMs <= 0) return undefined
  if (dialectOf(db) === 'postgres') {
    // Joined first: without a direct URL there is no cache, and no watch should count every statement.
    const shared = await sharedSoleInstance(db, log)
    if (shared === undefined) return undefined
    const watch = watchWrites(db, covers)
    if (watch === undefined) {
      await shared.release()
      return undefined
    }
    return cacheWhileAlone<Found>(shared.sole, watch, lifeMs, maxEntries, shared.release)
  }
  const watch = watchWrites(db, covers)
  if (watch === undefined) return undefined
  const commits = workers > 1 ? outsideCommits(db) : undefined
  if (commits === undefined) return new RowCache<Found>(watch, lifeMs, maxEntries)
  return new RowCache<Found>(watch, lifeMs, maxEntries, () => {
    try {
      return commits()
    } catch {
      return undefined // a busy database: use no copy and keep none
    }
  })
}
