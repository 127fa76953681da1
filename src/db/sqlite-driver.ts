import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises'
import type SQLite from 'better-sqlite3'
import {
  CompiledQuery,
  SqliteDialect,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from 'kysely'
import { WriteWatch } from './write-watch.js'

// Kysely's own SQLite driver runs every query through an asynchronous mutex and lets better-sqlite3
// build each row as an object, property by property; both cost more than the statement itself on
// the hot paths. This driver keeps prepared statements, builds rows with one generated constructor
// per statement, and runs a statement at once when no transaction holds the connection.
//
// It also owns waiting for another process's write lock (WORKERS=N, a backup, an admin's shell).
// SQLite's own busy handler sleeps inside the call, holding the event loop, so it is off
// (`busy_timeout = 0`): a busy statement is retried here on timers, with backoff, until the busy
// timeout, then fails with SQLITE_BUSY (answered as 503). Transactions begin IMMEDIATE, taking the
// write lock up front, so no statement inside one can meet a lock it cannot wait for.

const STATEMENT_CACHE_SIZE = 500
const BEGIN_IMMEDIATE = CompiledQuery.raw('begin immediate')
const COMMIT = CompiledQuery.raw('commit')
const ROLLBACK_SQL = 'rollback'
const ROLLBACK = CompiledQuery.raw(ROLLBACK_SQL)
// Another worker's write usually ends within a fraction of a millisecond: the first retries come after
// the event loop's other work (no timer), then on growing timers.
const BUSY_RETRY_DELAYS_MS = [0, 0, 1, 2, 5, 10, 20, 50]
/**
 * The most atomic units one group commit takes (runAtomically): a unit's writes take tens of
 * microseconds, so a group holds the event loop for a few milliseconds at most; more wait for the next.
 */
export const GROUP_COMMIT_MAX_UNITS = 64

/** What runs a prepared statement and shapes its rows. */
interface Prepared {
  statement: SQLite.Statement
  reader: boolean
  /** Builds one row object from better-sqlite3's raw row array; undefined for writes. */
  rowOf: ((values: unknown[]) => Record<string, unknown>) | undefined
  /** The write watches this statement moves (see WriteWatch); empty for read-only statements. */
  watches: WriteWatch[]
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'))
}

/**
 * A constructor for rows with these columns: one object literal, so every row has the same shape
 * from the start. The names come from our own SQL; `__proto__` would set the literal's prototype
 * instead of a property, and no query of ours names a column so.
 */
function rowConstructor(columns: string[]): (values: unknown[]) => Record<string, unknown> {
  if (columns.includes('__proto__')) throw new Error('a result column may not be named __proto__')
  const fields = columns.map((name, index) => `${JSON.stringify(name)}: values[${index}]`).join(', ')
  // Generated once per statement from our own SQL's column names (quoted), as Ajv and
  // fast-json-stringify generate their code: a literal gives every row one shape at once.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  return new Function('values', `return { ${fields} }`) as (values: unknown[]) => Record<string, unknown>
}

/** Runs compiled queries on the one better-sqlite3 connection, synchronously. */
class SqliteConnection implements DatabaseConnection {
  readonly #sqlite: SQLite.Database
  readonly #busyTimeoutMs: number
  readonly #prepared = new Map<string, Prepared>()
  readonly #watches: WriteWatch[] = []
  /** Watches moved by writes of the open transaction: told of its commit, forgotten at its rollback. */
  readonly #uncommitted = new Set<WriteWatch>()

  constructor(sqlite: SQLite.Database, busyTimeoutMs: number) {
    this.#sqlite = sqlite
    this.#busyTimeoutMs = busyTimeoutMs
  }

  #prepare(sql: string): Prepared {
    let prepared = this.#prepared.get(sql)
    if (prepared === undefined) {
      if (this.#prepared.size >= STATEMENT_CACHE_SIZE) {
        const oldest = this.#prepared.keys().next().value
        if (oldest !== undefined) this.#prepared.delete(oldest)
      }
      const statement = this.#sqlite.prepare(sql)
      const reader = statement.reader
      if (reader) statement.raw(true)
      const rowOf = reader ? rowConstructor(statement.columns().map((column) => column.name)) : undefined
      // `readonly`, not `reader`: an INSERT … RETURNING returns rows and writes.
      const watches = statement.readonly ? [] : this.#watches.filter((watch) => watch.covers(sql))
      prepared = { statement, reader, rowOf, watches }
      this.#prepared.set(sql, prepared)
    }
    return prepared
  }

  /** Adds a write watch; statements prepared before it are prepared again, so they know of it. */
  watch(watch: WriteWatch): void {
    this.#watches.push(watch)
    this.#prepared.clear()
  }

  /** Runs a query now; throws what SQLite throws (SQLITE_BUSY included). */
  runNow<R>(query: CompiledQuery): QueryResult<R> {
    const { statement, rowOf, watches } = this.#prepare(query.sql)
    const parameters = query.parameters as unknown[]
    // Counted before the write runs: a cache that reads the count, then the rows, never keeps rows
    // older than the count it read (a read waiting for a transaction runs after its commit).
    for (const watch of watches) watch.count++
    if (rowOf !== undefined) {
      const raw = statement.all(parameters) as unknown[][]
      const rows = new Array<R>(raw.length)
      for (let index = 0; index < raw.length; index++) rows[index] = rowOf(raw[index] ?? []) as R
      // An INSERT … RETURNING returns rows and writes.
      if (watches.length > 0) this.#settle(query.sql, watches)
      return { rows }
    }
    const { changes, lastInsertRowid } = statement.run(parameters)
    if (watches.length > 0 || this.#uncommitted.size > 0) this.#settle(query.sql, watches)
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] }
  }

  /**
   * After a write or a transaction's end: tells the watches of what committed (`WriteWatch.committed`,
   * called in the call, so it must not query), keeps those of an open transaction's writes for its
   * end, and forgets them at a rollback.
   */
  #settle(sql: string, watches: readonly WriteWatch[]): void {
    if (sql === ROLLBACK_SQL) {
      this.#uncommitted.clear()
      return
    }
    if (this.#sqlite.inTransaction) {
      for (const watch of watches) this.#uncommitted.add(watch)
      return
    }
    const done = new Set([...this.#uncommitted, ...watches])
    this.#uncommitted.clear()
    for (const watch of done) watch.committed()
  }

  /** BEGIN IMMEDIATE, `queries` and COMMIT, now; a failure rolls them all back and throws. */
  runAtomically(queries: readonly CompiledQuery[]): void {
    this.runNow(BEGIN_IMMEDIATE)
    try {
      for (const query of queries) this.runNow(query)
      this.runNow(COMMIT)
    } catch (error) {
      if (this.#sqlite.inTransaction) this.runNow(ROLLBACK)
      throw error
    }
  }

  /** Runs a query, waiting on timers (never in the call) while another process holds the lock. */
  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return retryWhileBusy(this.#busyTimeoutMs, () => this.runNow<R>(query))
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    const { statement, rowOf } = this.#prepare(query.sql)
    if (rowOf === undefined) throw new Error('Only queries that return rows can be streamed')
    for (const values of statement.iterate(query.parameters) as Iterable<unknown[]>) {
      yield { rows: [rowOf(values) as R] }
    }
  }
}

/**
 * Runs `attempt` until it does not fail with SQLITE_BUSY, waiting between tries — a turn of the event
 * loop at first, then growing timers — and gives up after `timeoutMs` with the last SQLITE_BUSY.
 * `ready`, when given, is awaited before each try (a transaction to end, say), until it returns
 * nothing to wait for, so the try runs at once after that check.
 */
async function retryWhileBusy<T>(
  timeoutMs: number,
  attempt: () => T,
  ready?: () => Promise<void> | undefined,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (let tries = 0; ; tries++) {
    // Until `ready` has nothing to wait for: what it waited for may be taken again before this resumes.
    for (let waiting = ready?.(); waiting !== undefined; waiting = ready?.()) await waiting
    try {
      return attempt()
    } catch (error) {
      if (!isBusy(error) || Date.now() >= deadline) throw error
    }
    const delay = BUSY_RETRY_DELAYS_MS[Math.min(tries, BUSY_RETRY_DELAYS_MS.length - 1)] ?? 50
    if (delay === 0) await nextTurn()
    else await sleep(Math.max(1, Math.min(delay, deadline - Date.now())))
  }
}

/** Who holds the connection: a transaction, or a query that is waiting out a busy database. */
class ConnectionLock {
  #held = false
  #waiting: Array<() => void> = []

  get held(): boolean {
    return this.#held
  }

  /** Takes the connection once it is free; the check and the taking happen in one step. */
  async acquire(): Promise<void> {
    while (this.#held) await this.#released()
    this.#held = true
  }

  release(): void {
    this.#held = false
    const waiting = this.#waiting
    this.#waiting = []
    for (const wake of waiting) wake()
  }

  /**
   * Resolves once nobody holds the connection, without taking it. Another waiter may take it before
   * the caller resumes, so check `held` again after awaiting.
   */
  async free(): Promise<void> {
    while (this.#held) await this.#released()
  }

  #released(): Promise<void> {
    return new Promise<void>((resolve) => {
      this.#waiting.push(resolve)
    })
  }
}

/** Quire's SQLite driver for Kysely (see the top of this file). */
export class QuireSqliteDriver implements Driver {
  readonly #sqlite: SQLite.Database
  readonly #connection: SqliteConnection
  readonly #lock = new ConnectionLock()
  readonly #busyTimeoutMs: number
  #destroyed = false
  /** Units waiting for the next group commit (runAtomically). */
  #group: AtomicUnit[] = []
  #dataVersion: SQLite.Statement | undefined

  constructor(sqlite: SQLite.Database, busyTimeoutMs: number) {
    this.#sqlite = sqlite
    this.#busyTimeoutMs = busyTimeoutMs
    this.#connection = new SqliteConnection(sqlite, busyTimeoutMs)
  }

  async init(): Promise<void> {
    // The connection is open from the start (see createDb).
  }

  /**
   * SQLite's `data_version`: a number that changes whenever another connection (another process)
   * commits to the file, never for this connection's own commits. One small statement, run at once:
   * a caller that cannot read it (a busy database) should assume that something changed.
   */
  dataVersion(): number {
    this.#dataVersion ??= this.#sqlite.prepare('pragma data_version').pluck()
    return this.#dataVersion.get() as number
  }

  /** Starts counting the write statements whose SQL `covers` picks out (see WriteWatch). */
  watchWrites(covers: (sql: string) => boolean): WriteWatch {
    const watch = new WriteWatch(covers)
    this.#connection.watch(watch)
    return watch
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#lock.acquire()
    return this.#connection
  }

  async releaseConnection(): Promise<void> {
    this.#lock.release()
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    // A read-only transaction (a consistent snapshot to copy from) must not block other writers.
    const begin = settings.accessMode === 'read only' ? 'begin deferred' : 'begin immediate'
    await connection.executeQuery(CompiledQuery.raw(begin))
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'))
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(ROLLBACK)
  }

  async destroy(): Promise<void> {
    if (this.#destroyed) return
    this.#destroyed = true
    this.#sqlite.close()
  }

  /** Runs a query outside any transaction (see #whenFree). */
  run<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.#whenFree(runOne<R>, query)
  }

  /**
   * Runs writes as one atomic unit outside any transaction (see #whenFree): BEGIN IMMEDIATE, the
   * writes and COMMIT in one synchronous call, so no other query of this process runs in between and
   * no lock is held across a turn of the event loop. A write that fails rolls back its unit and throws;
   * a busy database is waited for before anything is written.
   *
   * Units asked for in the same turn of the event loop commit together (group commit): a commit writes
   * every page it changed to the WAL, and a checkpoint copies each again to the database file; units
   * that change the same pages (the newest comments of a post, the outbox's last page) write them once
   * for all. A unit is never split; when one fails, the group rolls back and each unit runs on its own,
   * so one unit's failure is only its own.
   */
  runAtomically(queries: readonly CompiledQuery[]): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.#group.push({ queries, resolve, reject })
      if (this.#group.length === 1) setImmediate(this.#commitGroup)
    })
  }

  readonly #commitGroup = (): void => {
    const group = this.#group.splice(0, GROUP_COMMIT_MAX_UNITS)
    if (this.#group.length > 0) setImmediate(this.#commitGroup)
    if (group.length === 1) {
      const [unit] = group as [AtomicUnit]
      this.#whenFree(runAll, unit.queries).then(unit.resolve, unit.reject)
      return
    }
    this.#whenFree(runGroup, group).then(
      (failure) => {
        if (failure === undefined) for (const unit of group) unit.resolve()
        else for (const unit of group) this.#whenFree(runAll, unit.queries).then(unit.resolve, unit.reject)
      },
      (error: unknown) => {
        for (const unit of group) unit.reject(error)
      },
    )
  }

  /**
   * Runs `work` on the connection outside any transaction: at once when no transaction holds the
   * connection (the usual case, with no promise in between), otherwise once it is free. A busy database
   * is waited for on timers without holding the connection, so this process's other queries go on
   * meanwhile.
   */
  #whenFree<I, T>(work: (connection: SqliteConnection, input: I) => T, input: I): Promise<T> {
    if (!this.#destroyed && !this.#lock.held) {
      // The usual case, without the retry loop's promise and closures: a busy database falls to it.
      try {
        return Promise.resolve(work(this.#connection, input))
      } catch (error) {
        if (!isBusy(error)) return Promise.reject(error instanceof Error ? error : new Error(String(error)))
      }
    }
    return retryWhileBusy(
      this.#busyTimeoutMs,
      () => {
        if (this.#destroyed) throw new Error('the database has been closed')
        return work(this.#connection, input)
      },
      () => (this.#lock.held ? this.#lock.free() : undefined),
    )
  }
}

function runOne<R>(connection: SqliteConnection, query: CompiledQuery): QueryResult<R> {
  return connection.runNow<R>(query)
}

function runAll(connection: SqliteConnection, queries: readonly CompiledQuery[]): void {
  connection.runAtomically(queries)
}

/** Writes that must commit together or not at all, and who waits for them (runAtomically). */
interface AtomicUnit {
  queries: readonly CompiledQuery[]
  resolve: () => void
  reject: (error: unknown) => void
}

/**
 * Commits every unit of a group in one transaction. Returns the error that rolled it back, if a unit's
 * write failed; throws SQLITE_BUSY (nothing written), so the group is waited for and run again.
 */
function runGroup(connection: SqliteConnection, group: readonly AtomicUnit[]): unknown {
  try {
    connection.runAtomically(group.flatMap((unit) => unit.queries))
    return undefined
  } catch (error) {
    if (isBusy(error)) throw error
    return error ?? new Error('a grouped write failed')
  }
}

/** A Kysely SQLite dialect running on QuireSqliteDriver. */
export class QuireSqliteDialect extends SqliteDialect {
  readonly #driver: QuireSqliteDriver

  constructor(driver: QuireSqliteDriver) {
    super({ database: {} as never })
    this.#driver = driver
  }

  override createDriver(): Driver {
    return this.#driver
  }
}
