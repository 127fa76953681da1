import { existsSync, renameSync, rmSync, statSync } from 'node:fs'
import SQLite from 'better-sqlite3'
import { sqliteIntegrityOk } from './transfer.queries.js'

// An online SQLite backup through SQLite's backup API, safe while the server keeps writing.

/** A backup that must not start or did not succeed; its message is shown to the operator. */
export class BackupFailed extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'BackupFailed'
  }
}

// All remaining pages in one step: one read snapshot (WAL lets the server go on writing meanwhile),
// where small steps would restart each time another process writes.
const ALL_PAGES = 0x7fffffff

/**
 * Copies the SQLite database at `path` into the new file `destination` as one consistent snapshot,
 * then checks the copy's integrity. Never overwrites: an existing destination is refused. Written
 * beside the destination first and renamed into place, so a failed backup leaves no partial file.
 */
export async function backupSqlite(
  path: string,
  destination: string,
): Promise<{ bytes: number; pages: number }> {
  if (!existsSync(path)) throw new BackupFailed(`no database at ${path}`)
  if (existsSync(destination)) throw new BackupFailed(`${destination} exists; choose a new file name`)
  const partial = `${destination}.partial`
  rmSync(partial, { force: true })
  const source = new SQLite(path, { fileMustExist: true })
  let pages = 0
  try {
    source.pragma('busy_timeout = 5000')
    await source.backup(partial, {
      progress: (info) => {
        pages = info.totalPages
        return ALL_PAGES
      },
    })
  } catch (error) {
    rmSync(partial, { force: true })
    throw new BackupFailed(`backup failed: ${error instanceof Error ? error.message : String(error)}`)
  } finally {
    source.close()
  }

  const copy = new SQLite(partial, { readonly: true, fileMustExist: true })
  let intact: boolean
  try {
    intact = sqliteIntegrityOk(copy)
  } finally {
    copy.close()
  }
  if (!intact) {
    rmSync(partial, { force: true })
    throw new BackupFailed('the backup failed its integrity check; nothing was kept')
  }
  renameSync(partial, destination)
  return { bytes: statSync(destination).size, pages }
}
