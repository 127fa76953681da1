import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect, type ColumnDataType } from 'kysely'
import pg from 'pg'
import type { DatabaseConfig } from '../config.js'
import type { Tables } from './tables.js'

// This module is the only place that knows which database engine is underneath. Everything else
// speaks Kysely's portable query builder, so SQLite and PostgreSQL run the same queries.

/** The application's database handle. */
export type Db = Kysely<Tables>

/** Which engine a Kysely instance talks to. */
export type DialectName = 'sqlite' | 'postgres'

const STATEMENT_CACHE_SIZE = 500

/** Opens better-sqlite3 with the pragmas a server needs, caching prepared statements by SQL text. */
function openSqlite(path: string): SQLite.Database {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true })
  const sqlite = new SQLite(path)
  sqlite.pragma('journal_mode = WAL') // readers never block the writer
  sqlite.pragma('synchronous = NORMAL') // durable across process crashes; WAL makes FULL unnecessary
  sqlite.pragma('foreign_keys = ON') // cascades and references are enforced, as on PostgreSQL
  sqlite.pragma('busy_timeout = 5000') // wait for another process's write lock instead of failing
  return sqlite
}

function cachingSqlite(sqlite: SQLite.Database) {
  // Kysely prepares every query anew; the same few dozen statements repeat, so keep them prepared.
  const statements = new Map<string, SQLite.Statement>()
  return {
    close: () => sqlite.close(),
    prepare(sqlText: string): SQLite.Statement {
      let statement = statements.get(sqlText)
      if (!statement) {
        if (statements.size >= STATEMENT_CACHE_SIZE) {
          const oldest = statements.keys().next().value
          if (oldest !== undefined) statements.delete(oldest)
        }
        statement = sqlite.prepare(sqlText)
        statements.set(sqlText, statement)
      }
      return statement
    },
  }
}

type TypeId = Parameters<typeof pg.types.getTypeParser>[0]
const NUMERIC_TYPES = new Set<TypeId>([pg.types.builtins.INT8, pg.types.builtins.NUMERIC])

function typeParser(oid: TypeId): (value: string) => unknown {
  if (NUMERIC_TYPES.has(oid)) return Number
  // pg-types declares its parsers as `any`; they all take the column's text.
  return pg.types.getTypeParser(oid) as (value: string) => unknown
}

function openPostgresPool(url: string): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
    types: {
      // Timestamps (epoch ms) and counts are BIGINT; all fit a JS number, so read them as numbers
      // and let both engines hand back the same row shapes.
      getTypeParser: typeParser as typeof pg.types.getTypeParser,
    },
  })
  // An idle connection the server ends (restart, failover, an admin) is reported here; unheard, the
  // error would crash the process. The pool has already dropped it and the next query reconnects.
  pool.on('error', () => undefined)
  return pool
}

/** Opens the configured database. Call `db.destroy()` to close it. */
export function createDb(config: DatabaseConfig): Db {
  if (config.kind === 'sqlite') {
    const sqlite = openSqlite(config.path)
    return new Kysely<Tables>({ dialect: new SqliteDialect({ database: cachingSqlite(sqlite) }) })
  }
  return new Kysely<Tables>({ dialect: new PostgresDialect({ pool: openPostgresPool(config.url) }) })
}

/** The engine behind a Kysely instance (typed `Kysely<any>` in migrations). */
export function dialectOf(db: Pick<Kysely<unknown>, 'getExecutor'>): DialectName {
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
