import { parseArgs } from 'node:util'
import { ConfigError, loadConfig, type DatabaseConfig } from '../config.js'
import { createDb } from '../db/database.js'
import { BackupFailed, backupSqlite } from './backup.js'
import { copyDatabase, CopyRefused, type TableReport } from './copy.js'
import { progressBar } from './progress.js'

// `npm run data -- copy --from URL --to URL` and `npm run data -- backup FILE`. Exit codes: 0 done,
// 1 refused or failed (one line on stderr says why), 2 wrong usage.

const USAGE = `usage:
  npm run data -- copy --from URL --to URL [--batch-rows N]
      copy every row into an empty database (sqlite:PATH or postgres://…, either direction)
  npm run data -- backup FILE [--from sqlite:PATH]
      online, consistent backup of the SQLite database (default: DATABASE_URL) into a new FILE`

class UsageError extends Error {}

/** Parses a database URL as DATABASE_URL would be, without a statement timeout: a copy has long statements. */
function databaseFrom(option: string, url: string | undefined): DatabaseConfig {
  if (url === undefined) throw new UsageError(`${option} is required`)
  try {
    return loadConfig({ DATABASE_URL: url, DATABASE_STATEMENT_TIMEOUT: '0', LOG_LEVEL: 'silent' }).database
  } catch (error) {
    if (error instanceof ConfigError)
      throw new UsageError(`${option}: ${error.message.replace('DATABASE_URL', 'the URL')}`)
    throw error
  }
}

function sameDatabase(a: DatabaseConfig, b: DatabaseConfig): boolean {
  return a.kind === 'sqlite' && b.kind === 'sqlite'
    ? a.path === b.path
    : a.kind === b.kind && a.kind === 'postgres' && b.kind === 'postgres' && a.url === b.url
}

function printReport(reports: TableReport[], ms: number): boolean {
  const lines = [`${'table'.padEnd(16)} ${'source'.padStart(10)} ${'target'.padStart(10)}  checksum`]
  for (const report of reports) {
    lines.push(
      `${report.table.padEnd(16)} ${String(report.sourceRows).padStart(10)} ${String(report.targetRows).padStart(10)}  ` +
        (report.matches ? `ok ${report.sourceChecksum.slice(0, 16)}` : 'MISMATCH'),
    )
  }
  const rows = reports.reduce((sum, report) => sum + report.sourceRows, 0)
  const matches = reports.every((report) => report.matches)
  lines.push(
    matches
      ? `copied ${rows} rows in ${(ms / 1000).toFixed(1)} s; every table's count and checksum match`
      : 'the target differs from the source (see MISMATCH above)',
  )
  process.stdout.write(`${lines.join('\n')}\n`)
  return matches
}

async function copy(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { from: { type: 'string' }, to: { type: 'string' }, 'batch-rows': { type: 'string' } },
  })
  const from = databaseFrom('--from', values.from)
  const to = databaseFrom('--to', values.to)
  if (sameDatabase(from, to)) throw new UsageError('--from and --to are the same database')
  const batchText = values['batch-rows'] ?? '500'
  const batchRows = /^\d{1,5}$/.test(batchText) ? Number(batchText) : 0
  if (batchRows < 1)
    throw new UsageError(`--batch-rows must be an integer from 1 to 99999 (got ${batchText})`)

  const source = createDb(from)
  const target = createDb(to)
  try {
    const startedAt = Date.now()
    let reports: TableReport[]
    try {
      reports = await copyDatabase(source, target, { batchRows, onProgress: progressBar(process.stderr) })
    } catch (error) {
      if (error instanceof CopyRefused) throw error
      const reason = error instanceof Error ? error.message : String(error)
      throw new Error(
        `${reason}. The target may hold part of the data: recreate it empty before trying again`,
        {
          cause: error,
        },
      )
    }
    return printReport(reports, Date.now() - startedAt) ? 0 : 1
  } finally {
    await source.destroy()
    await target.destroy()
  }
}

async function backup(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: { from: { type: 'string' } },
    allowPositionals: true,
  })
  const [file, ...extra] = positionals
  if (file === undefined || extra.length > 0) throw new UsageError('backup takes exactly one FILE')
  const database = databaseFrom(
    '--from',
    values.from ?? process.env['DATABASE_URL'] ?? 'sqlite:./data/quire.db',
  )
  if (database.kind !== 'sqlite') {
    throw new UsageError(
      'backup is for SQLite; back PostgreSQL up with pg_dump (see docs/operations.md, "Backups")',
    )
  }
  const { bytes, pages } = await backupSqlite(database.path, file)
  process.stdout.write(
    `backed up ${database.path} to ${file}: ${pages} pages, ${bytes} bytes, integrity ok\n`,
  )
  return 0
}

/** Runs one command line; resolves with the process exit code. */
export async function runDataCommand(argv: string[]): Promise<number> {
  const [command, ...args] = argv
  try {
    if (command === 'copy') return await copy(args)
    if (command === 'backup') return await backup(args)
    throw new UsageError(command === undefined ? 'a command is required' : `unknown command ${command}`)
  } catch (error) {
    if (
      error instanceof UsageError ||
      (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))
    ) {
      process.stderr.write(`quire data: ${error.message}\n${USAGE}\n`)
      return 2
    }
    if (error instanceof CopyRefused || error instanceof BackupFailed) {
      process.stderr.write(`quire data: refused: ${error.message}\n`)
      return 1
    }
    process.stderr.write(`quire data: failed: ${error instanceof Error ? error.message : String(error)}\n`)
    return 1
  }
}

process.exitCode = await runDataCommand(process.argv.slice(2))
