import type SQLite from 'better-sqlite3'
import { sql, type Kysely } from 'kysely'
import { dialectOf, type Db } from '../db/database.js'
import { MIGRATION_TABLE } from '../db/migrate.js'

// Table-generic reads and writes for moving data between databases: the copy walks every table
// the same way, so these take table and column names as data instead of Kysely's typed schema.
//
// These are the one set of queries that does not go through compiledQuery (db/compiled.ts): its
// placeholders stand for values, never for table or column names, and a list it binds holds at most
// 100 items where a batch here is hundreds of rows. Compiled per table, each table and batch length
// would be a shape of its own, kept for the process's life and prepared on every pooled connection,
// for statements that run once per batch of a one-off copy, where building the SQL costs little beside
// the rows it moves. They run as plain Kysely queries, unnamed (never prepared) on PostgreSQL.

/** One row, as the driver returns it. */
export type Row = Record<string, unknown>

type AnyTables = Record<string, Row>

function loose(db: Db): Kysely<AnyTables> {
  return db as unknown as Kysely<AnyTables>
}

/** The database's own tables (engine internals excluded). */
export async function listTables(db: Db): Promise<string[]> {
  const { rows } =
    dialectOf(db) === 'postgres'
      ? await sql<{ name: string }>`
          select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db)
      : await sql<{ name: string }>`
          select name from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\'`.execute(
          db,
        )
  return rows.map((row) => row.name).sort()
}

/** Names of the migrations applied to the database, in order; empty when it was never migrated. */
export async function appliedMigrations(db: Db): Promise<string[]> {
  if (!(await listTables(db)).includes(MIGRATION_TABLE)) return []
  const rows = await loose(db).selectFrom(MIGRATION_TABLE).select('name').orderBy('name').execute()
  return rows.map((row) => String(row['name']))
}

/** How many rows a table holds. */
export async function countRows(db: Db, table: string): Promise<number> {
  const row = await loose(db)
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

/** Up to `limit` rows in key order, after the row whose key is `after` (from the start when undefined). */
export async function readBatch(
  db: Db,
  table: string,
  key: readonly string[],
  after: readonly unknown[] | undefined,
  limit: number,
): Promise<Row[]> {
  let query = loose(db).selectFrom(table).selectAll()
  if (after !== undefined) {
    // A row-value comparison, so composite keys page the same way as single ones.
    const columns = sql.join(key.map((column) => sql.ref(column)))
    query = query.where(sql<boolean>`(${columns}) > (${sql.join([...after])})`)
  }
  for (const column of key) query = query.orderBy(column)
  return query.limit(limit).execute()
}

/** Inserts rows into a table (the caller's transaction stores a batch whole or not at all). */
export async function insertBatch(db: Db, table: string, rows: Row[]): Promise<void> {
  if (rows.length === 0) return
  await loose(db).insertInto(table).values(rows).execute()
}

/**
 * Moves the numbering behind `column` past the largest value copied into it, and past `floor` (the
 * largest value of another table's column) when given, so the next row numbered by the database
 * follows every number the source handed out that the copy shows. PostgreSQL: the column's sequence.
 * SQLite keeps no counter to move: a rowid follows the rows copied, and the events' insert numbers past
 * the copied floor itself (event-log/event-log.queries.ts).
 */
export async function advanceSequence(
  db: Db,
  table: string,
  column: string,
  floor?: { table: string; column: string },
): Promise<void> {
  if (dialectOf(db) !== 'postgres') return
  const floorValue =
    floor === undefined
      ? sql`0`
      : sql`coalesce((select max(${sql.ref(floor.column)}) from ${sql.table(floor.table)}), 0)`
  await sql`
    select setval(pg_get_serial_sequence(${table}, ${column}),
      greatest(coalesce(max(${sql.ref(column)}), 0), ${floorValue}) + 1, false)
    from ${sql.table(table)}`.execute(db)
}

/**
 * Gives PostgreSQL statistics for freshly loaded tables, so the first requests after a copy are
 * planned from the real data rather than default guesses (autovacuum would get there only later, or
 * never where it is off). SQLite keeps no statistics unless told to, and Quire never tells it.
 */
export async function analyzeAfterLoad(db: Db): Promise<void> {
  if (dialectOf(db) === 'postgres') await sql`analyze`.execute(db)
}

/** SQLite's own consistency check of a database file: true when it reports no problem. */
export function sqliteIntegrityOk(sqlite: SQLite.Database): boolean {
  const rows = sqlite.pragma('integrity_check') as Array<{ integrity_check: string }>
  return rows.length === 1 && rows[0]?.integrity_check === 'ok'
}
