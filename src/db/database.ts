import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import SQLite from 'better-sqlite3'
import {
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  type ColumnDataType,
  type CompiledQuery,
  type QueryResult,
} from 'kysely'
import type pg from 'pg'
import type { DatabaseConfig, PostgresConfig } from '../config.js'
import { pgModule } from './pg-module.js'
import { DatabaseUnreachableError, watchPoolLiveness } from './postgres-liveness.js'
import { useBinaryCopy } from './postgres-binary-copy.js'
import { usePreparedStatements } from './postgres-prepared.js'
import { listenOnChannel, type ChannelListener, type ListenHandlers } from './postgres-listen.js'
import { QuireSqliteDialect, QuireSqliteDriver } from './sqlite-driver.js'
import { PoolWriteWatches, type WriteWatch } from './write-watch.js'
import type { Tables } from './tables.js'

// This module is the only place that knows which database engine is underneath. Everything else
// speaks Kysely's portable query builder, so SQLite and PostgreSQL run the same queries.

/** The application's database handle. */
export type Db = Kysely<Tables>

/** Which engine a Kysely instance talks to. */
type DialectName = 'sqlite' | 'postgres'

/** How long a SQLite write waits for another process's lock before failing (503), by default. */
const SQLITE_BUSY_TIMEOUT_DEFAULT_MS = 1000

/** Opens better-sqlite3 with the pragmas a server needs. */
function openSqlite(path: string): SQLite.Database {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true })
  const sqlite = new SQLite(path)
  sqlite.pragma('journal_mode = WAL') // readers never block the writer
  sqlite.pragma('synchronous = NORMAL') // durable across process crashes; WAL makes FULL unnecessary
  sqlite.pragma('foreign_keys = ON') // cascades and references are enforced, as on PostgreSQL
  // Another process's write lock is waited for by the driver, on timers: SQLite's own busy handler
  // would sleep inside the call and hold the event loop (see sqlite-driver.ts).
  sqlite.pragma('busy_timeout = 0')
  return sqlite
}

// The SQLite driver of each root database handle, for queries that run outside a transaction.
const sqliteDrivers = new WeakMap<object, QuireSqliteDriver>()

/** What the layer keeps about each root handle on PostgreSQL. */
interface PostgresState {
  watches: PoolWriteWatches
  /** A URL that reaches PostgreSQL itself, not a pooler in transaction mode; null when none is known. */
  directUrl: string | null
  connectTimeoutMs: number
  /** Called when a connection of the pool is lost, and when the liveness watch declares the database unreachable. */
  onTrouble: Set<() => void>
}
const postgresStates = new WeakMap<object, PostgresState>()

type TypeId = Parameters<typeof pg.types.getTypeParser>[0]

function typeParser(oid: TypeId): (value: string) => unknown {
  const { types } = pgModule()
  if (oid === types.builtins.INT8 || oid === types.builtins.NUMERIC) return Number
  // pg-types declares its parsers as `any`; they all take the column's text.
  return types.getTypeParser(oid) as (value: string) => unknown
}

/** What the caller hears from the database layer outside any query. */
interface DbOptions {
  /** Errors of PostgreSQL connections no query is waiting on (an idle connection lost, a server restart). */
  onPoolError?: (error: Error) => void
  /** PostgreSQL was declared unreachable: requests answer 503 until a probe gets through. */
  onUnreachable?: (error: Error) => void
  /** PostgreSQL answers again after being declared unreachable. */
  onReachable?: () => void
}

// ---- PostgreSQL pool (the liveness watch is in postgres-liveness.ts) ----

function openPostgresPool(config: PostgresConfig, options: DbOptions, state: PostgresState): pg.Pool {
  const pool = new (pgModule().Pool)({
    connectionString: config.url,
    max: config.poolMax,
    idleTimeoutMillis: 30_000,
    // Bounds both opening a connection and waiting for a free one, so an outage answers quickly.
    connectionTimeoutMillis: config.connectTimeoutMs,
    // A startup parameter: applied by the server to every statement on the connection.
    ...(config.statementTimeoutMs > 0 ? { statement_timeout: config.statementTimeoutMs } : {}),
    // Lets an operator find (and a test end) Quire's connections in pg_stat_activity; a URL's own wins.
    fallback_application_name: 'quire',
    types: {
      // Timestamps (epoch ms) and counts are BIGINT; all fit a JS number, so read them as numbers
      // and let both engines hand back the same row shapes.
      getTypeParser: typeParser as typeof pg.types.getTypeParser,
    },
  })
  // An idle connection the server ends (restart, failover, an admin) is reported here; unheard, the
  // error would crash the process. The pool has already dropped it and the next query reconnects.
  // Connections the liveness watch ends are reported once, as the outage, not one by one.
  pool.on('error', (error) => {
    if (!(error instanceof DatabaseUnreachableError)) options.onPoolError?.(error)
  })
  pool.on('connect', (client) => {
    // While a connection is checked out the pool stops listening to it; a connection lost mid-query
    // then emits an error nobody hears, which would crash the process. The query itself fails with
    // the same error and the pool discards the connection on release. A client's error always means
    // its connection is gone (pg emits none for a connection it ends itself): told to those who care.
    client.on('error', () => {
      for (const listener of state.onTrouble) listener()
    })
  })
  if (config.preparedStatements) usePreparedStatements(pool)
  // After the prepared statements' layer, so a binary COPY is taken aside before it (COPY cannot be
  // prepared), and before the liveness watch, which then watches it as any query.
  useBinaryCopy(pool)
  watchPoolLiveness(pool, {
    url: config.url,
    probeTimeoutMs: config.probeTimeoutMs,
    // A connection silent past the server's own limit plus a connect timeout is lost, probes or not.
    silentLimitMs: config.statementTimeoutMs > 0 ? config.statementTimeoutMs + config.connectTimeoutMs : 0,
    onUnreachable: (error) => {
      for (const listener of state.onTrouble) listener()
      options.onUnreachable?.(error)
    },
    onReachable: options.onReachable,
  })
  // Outermost: a write's answer the watches hold back (WriteWatch.holdMs) is not a silent server.
  state.watches.attach(pool)
  return pool
}

/** Opens the configured database. Call `db.destroy()` to close it. */
export function createDb(config: DatabaseConfig, options: DbOptions = {}): Db {
  if (config.kind === 'sqlite') {
    const driver = new QuireSqliteDriver(
      openSqlite(config.path),
      config.busyTimeoutMs ?? SQLITE_BUSY_TIMEOUT_DEFAULT_MS,
    )
    const db = new Kysely<Tables>({ dialect: new QuireSqliteDialect(driver) })
    sqliteDrivers.set(db, driver)
    return db
  }
  const state: PostgresState = {
    watches: new PoolWriteWatches(),
    // Without a pooler (no migration URL) the URL is direct, unless prepared statements were turned
    // off, which is what a pooler in transaction mode needs: then no URL is known to be direct.
    directUrl: config.migrationUrl ?? (config.preparedStatements ? config.url : null),
    connectTimeoutMs: config.connectTimeoutMs,
    onTrouble: new Set(),
  }
  const db = new Kysely<Tables>({
    dialect: new PostgresDialect({ pool: openPostgresPool(config, options, state) }),
  })
  postgresStates.set(db, state)
  return db
}

/**
 * Runs a compiled query on `db` (the root handle or a transaction). On SQLite outside a transaction it
 * goes straight to the driver, skipping Kysely's connection hand-over, which costs more than a
 * prepared statement.
 */
export function executeCompiled<R>(db: Db, query: CompiledQuery<R>): Promise<QueryResult<R>> {
  const driver = sqliteDrivers.get(db)
  return driver === undefined ? db.executeQuery(query) : driver.run<R>(query)
}

/**
 * SQLite: runs compiled writes as one atomic unit. On the root handle, BEGIN IMMEDIATE, the writes and
 * COMMIT in one synchronous call (sqlite-driver.ts), which needs no transaction of the caller's; in a
 * transaction (`trx`), one after another within it. Not for PostgreSQL's root handle, where the atomic
 * unit without a transaction is one statement.
 */
export async function runAtomically(db: Db, queries: readonly CompiledQuery[]): Promise<void> {
  const driver = sqliteDrivers.get(db)
  if (driver !== undefined) return driver.runAtomically(queries)
  if (!db.isTransaction) throw new Error('runAtomically takes a SQLite database or a transaction')
  for (const query of queries) await db.executeQuery(query)
}

/**
 * Counts, from now on, this process's write statements on `db` whose SQL `covers` picks out (see
 * WriteWatch): a cache of rows compares the count before and after to know they may have changed.
 * Another process's writes are not counted (see `outsideCommits`, and row-cache/sole-instance.ts).
 */
export function watchWrites(db: Db, covers: (sql: string) => boolean): WriteWatch | undefined {
  return sqliteDrivers.get(db)?.watchWrites(covers) ?? postgresStates.get(db)?.watches.add(covers)
}

export type { WriteWatch }

/**
 * Calls `committed` after each commit of this process's writes whose SQL `covers` picks out (a
 * transaction's COMMIT, or a write outside one), never after a rollback. On SQLite it is called in the
 * call that committed, so it must not query; other processes' commits are not seen.
 */
export function watchCommits(
  db: Db,
  covers: (sql: string) => boolean,
  committed: () => void,
): WriteWatch | undefined {
  const watch = watchWrites(db, covers)
  if (watch !== undefined) watch.committed = committed
  return watch
}

/**
 * A number that changes whenever another process commits to this SQLite database (its
 * `data_version`); undefined on PostgreSQL. Each call runs one small statement; it throws what
 * SQLite throws (a busy database), which a caller should take as "something changed".
 */
export function outsideCommits(db: Db): (() => number) | undefined {
  const driver = sqliteDrivers.get(db)
  return driver === undefined ? undefined : () => driver.dataVersion()
}

/** A connection of one's own to PostgreSQL itself, as this layer knows how to open one. */
interface DirectConnection {
  /** Reaches PostgreSQL itself, not a pooler in transaction mode. */
  url: string
  connectTimeoutMs: number
  /** Called when a connection of the pool is lost, and when the database is declared unreachable. */
  trouble: Set<() => void>
}

/**
 * On PostgreSQL, how to reach the server itself on a connection of one's own (for what a pooler in
 * transaction mode would break: session locks, LISTEN), and where to hear of the pool's trouble;
 * undefined on SQLite, or when no direct URL is configured (a pooler without DATABASE_MIGRATION_URL).
 */
export function directConnection(db: Db): DirectConnection | undefined {
  const state = postgresStates.get(db)
  if (state === undefined || state.directUrl === null) return undefined
  return { url: state.directUrl, connectTimeoutMs: state.connectTimeoutMs, trouble: state.onTrouble }
}

/**
 * On PostgreSQL, listens on `channel` on a connection of its own (postgres-listen.ts); undefined on
 * SQLite, or when no direct URL is configured (LISTEN does not survive a pooler in transaction mode).
 */
export function listenForNotifications(
  db: Db,
  channel: string,
  handlers: ListenHandlers,
): ChannelListener | undefined {
  const direct = directConnection(db)
  if (direct === undefined) return undefined
  return listenOnChannel(direct.url, direct.connectTimeoutMs, channel, handlers)
}

export type { ChannelListener }

/** The engine behind a Kysely instance (typed `Kysely<any>` in migrations). */
export function dialectOf<T>(db: Kysely<T>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite'
}

/** Column types whose names differ between the engines; migrations use these instead of naming one. */
export function columnTypes(db: Kysely<unknown>): { binary: ColumnDataType } {
  return { binary: dialectOf(db) === 'postgres' ? 'bytea' : 'blob' }
}

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined
}

/** True when a write failed because it would duplicate a unique key. */
export function isUniqueViolation(error: unknown): boolean {
  const code = errorCode(error)
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
}

/** True when a write referenced a row that no longer exists (e.g. deleted concurrently). */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = errorCode(error)
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY'
}

// Connection-level failures: the server is gone, refusing, shutting down, out of connections, or a
// statement hit its time limit. node-postgres reports lost and timed-out connections by message only.
// Also the conflicts PostgreSQL settles by cancelling one transaction, a deadlock (40P01) or a
// serialization failure (40001), as SQLite's busy lock below: the same request sent again goes through.
const UNAVAILABLE_SQLSTATE = /^(08|57P0[1-3]|53300|57014|40001|40P01)/
const UNAVAILABLE_SYSTEM_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
])
const UNAVAILABLE_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'timeout expired',
  'no answer from the database',
  'Client has encountered a connection error and is not queryable',
]
const SQLITE_BUSY = /^SQLITE_(BUSY|LOCKED)/

/**
 * True when an error means the database cannot be reached or cannot take the work right now (as
 * opposed to a bug or a bad query): the request should answer 503 and be retried.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const code = errorCode(error)
  if (
    code !== undefined &&
    (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_SYSTEM_CODES.has(code) || SQLITE_BUSY.test(code))
  ) {
    return true
  }
  if (error instanceof AggregateError) return error.errors.some(isDatabaseUnavailable)
  const message = error instanceof Error ? error.message : ''
  return UNAVAILABLE_MESSAGES.some((known) => message.startsWith(known))
}
