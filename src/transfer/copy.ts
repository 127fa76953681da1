import { createHash } from 'node:crypto'
import { dialectOf, type Db } from '../db/database.js'
import { MIGRATION_NAMES, MIGRATION_TABLE, migrateToLatest } from '../db/migrate.js'
import { TABLES_IN_ORDER, type TableCopyPlan } from '../db/tables.js'
import {
  advanceSequence,
  analyzeAfterLoad,
  appliedMigrations,
  countRows,
  insertBatch,
  listTables,
  readBatch,
  type Row,
} from './transfer.queries.js'

// Copies every row of one Quire database into an empty other one, SQLite or PostgreSQL either way:
// the target is migrated to this build's schema, each table is read in key order in batches and
// written one transaction per batch, and both sides are then counted and checksummed table by table.

/** A copy that must not start; its message is shown to the operator as it is. */
export class CopyRefused extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'CopyRefused'
  }
}

/** One table's outcome. */
export interface TableReport {
  table: string
  sourceRows: number
  targetRows: number
  sourceChecksum: string
  targetChecksum: string
  matches: boolean
}

/** Called as rows are copied, to draw progress. */
type ProgressListener = (table: string, copied: number, total: number) => void

const DEFAULT_BATCH_ROWS = 500
const CHECKSUM_MODULUS = 1n << 256n
const BOOKKEEPING_TABLES = new Set([MIGRATION_TABLE, `${MIGRATION_TABLE}_lock`])

/** The tables to copy, in dependency order. */
export function tablesInOrder(): Array<[string, TableCopyPlan]> {
  return Object.entries(TABLES_IN_ORDER)
}

// One canonical form for a value whichever engine read it: bytes as hex, booleans and bigints as
// numbers (SQLite has neither), so equal rows hash equally on both sides.
function canonical(value: unknown): unknown {
  if (value === null || value === undefined) return null
  if (value instanceof Uint8Array) return `bytes:${Buffer.from(value).toString('hex')}`
  if (typeof value === 'boolean') return value ? 1 : 0
  if (typeof value === 'bigint') return Number(value)
  if (value instanceof Date) return value.getTime()
  return value
}

/**
 * A table's checksum: the sum of its rows' SHA-256 values. A sum does not depend on the order rows
 * are read in (the engines collate text differently), and unlike XOR, equal rows do not cancel.
 */
class TableChecksum {
  private sum = 0n

  add(row: Row): void {
    const fields = Object.keys(row)
      .sort()
      .map((column) => [column, canonical(row[column])])
    const digest = createHash('sha256').update(JSON.stringify(fields)).digest('hex')
    this.sum = (this.sum + BigInt(`0x${digest}`)) % CHECKSUM_MODULUS
  }

  toString(): string {
    return this.sum.toString(16).padStart(64, '0')
  }
}

// better-sqlite3 cannot bind booleans; PostgreSQL reads 1 and 0 as booleans, so numbers suit both.
function forTarget(target: Db, rows: Row[]): Row[] {
  if (dialectOf(target) === 'postgres') return rows
  return rows.map((row) =>
    Object.fromEntries(
      Object.entries(row).map(([column, value]) => [
        column,
        typeof value === 'boolean' ? Number(value) : value,
      ]),
    ),
  )
}

/** Walks a table in key order, batch by batch. */
async function* batches(
  db: Db,
  table: string,
  plan: TableCopyPlan,
  batchRows: number,
): AsyncGenerator<Row[]> {
  const limit = plan.batchRows ?? batchRows
  let after: unknown[] | undefined
  for (;;) {
    const rows = await readBatch(db, table, plan.key, after, limit)
    if (rows.length === 0) return
    yield rows
    if (rows.length < limit) return
    const last = rows[rows.length - 1] ?? {}
    after = plan.key.map((column) => last[column])
  }
}

async function checksumOf(db: Db, table: string, plan: TableCopyPlan): Promise<TableChecksum> {
  const checksum = new TableChecksum()
  for await (const rows of batches(db, table, plan, DEFAULT_BATCH_ROWS)) {
    for (const row of rows) checksum.add(row)
  }
  return checksum
}

/** Refuses a source this build cannot read faithfully: other migrations, or tables it does not know. */
async function checkSource(source: Db): Promise<void> {
  const applied = await appliedMigrations(source)
  if (applied.join() !== MIGRATION_NAMES.join()) {
    throw new CopyRefused(
      applied.length === 0
        ? 'the source holds no Quire database (no migrations applied)'
        : `the source's schema (${applied.length} migrations, last ${applied[applied.length - 1] ?? ''}) ` +
            `is not this build's (${MIGRATION_NAMES.length}, last ${MIGRATION_NAMES[MIGRATION_NAMES.length - 1] ?? ''}): ` +
            'start this version of Quire on it once, then copy',
    )
  }
  const known = new Set(Object.keys(TABLES_IN_ORDER))
  const unknown = (await listTables(source)).filter(
    (name) => !known.has(name) && !BOOKKEEPING_TABLES.has(name),
  )
  if (unknown.length > 0) {
    throw new CopyRefused(`the source has tables this build would not copy: ${unknown.join(', ')}`)
  }
}

/** Migrates the target and refuses it unless every table is empty. */
async function prepareTarget(target: Db): Promise<void> {
  await migrateToLatest(target)
  const filled: string[] = []
  for (const [table] of tablesInOrder()) {
    const rows = await countRows(target, table)
    if (rows > 0) filled.push(`${table} (${rows} rows)`)
  }
  if (filled.length > 0) {
    throw new CopyRefused(
      `the target is not empty: ${filled.join(', ')}. Copy only into a new, empty database; nothing was written`,
    )
  }
}

/**
 * Copies every row from `source` into the empty `target` and compares both, table by table. Reads
 * happen in one transaction (repeatable read on PostgreSQL), so the copy is one consistent
 * snapshot even if something writes to the source meanwhile.
 */
export async function copyDatabase(
  source: Db,
  target: Db,
  options: { batchRows?: number; onProgress?: ProgressListener } = {},
): Promise<TableReport[]> {
  const batchRows = options.batchRows ?? DEFAULT_BATCH_ROWS
  await checkSource(source)
  await prepareTarget(target)

  // Read-only: on SQLite it holds no write lock, so a live server keeps writing meanwhile.
  const snapshot = source.transaction().setAccessMode('read only')
  const read = dialectOf(source) === 'postgres' ? snapshot.setIsolationLevel('repeatable read') : snapshot
  const copied = await read.execute(async (trx) => {
    const results: Array<{ table: string; rows: number; checksum: TableChecksum }> = []
    for (const [table, plan] of tablesInOrder()) {
      const total = await countRows(trx, table)
      const checksum = new TableChecksum()
      let rows = 0
      options.onProgress?.(table, 0, total)
      for await (const batch of batches(trx, table, plan, batchRows)) {
        // One transaction a batch: it is stored whole or not at all.
        await target.transaction().execute((write) => insertBatch(write, table, forTarget(target, batch)))
        for (const row of batch) checksum.add(row)
        rows += batch.length
        options.onProgress?.(table, rows, total)
      }
      results.push({ table, rows, checksum })
    }
    return results
  })
  for (const [table, plan] of tablesInOrder()) {
    if (plan.sequence !== undefined) await advanceSequence(target, table, plan.sequence, plan.sequenceFloor)
  }
  await analyzeAfterLoad(target)

  const reports: TableReport[] = []
  for (const { table, rows, checksum } of copied) {
    const plan = TABLES_IN_ORDER[table as keyof typeof TABLES_IN_ORDER]
    const targetRows = await countRows(target, table)
    const targetChecksum = (await checksumOf(target, table, plan)).toString()
    reports.push({
      table,
      sourceRows: rows,
      targetRows,
      sourceChecksum: checksum.toString(),
      targetChecksum,
      matches: rows === targetRows && checksum.toString() === targetChecksum,
    })
  }
  return reports
}
