import { Migrator, type Migration } from 'kysely'
import type { DatabaseConfig } from '../config.js'
import { createDb, type Db } from './database.js'
import * as accounts from './migrations/2026-11-22-01-accounts.js'
import * as content from './migrations/2026-11-22-02-content.js'
import * as credentialsVersion from './migrations/2026-11-23-01-credentials-version.js'
import * as accountRecovery from './migrations/2026-11-23-04-account-recovery.js'
import * as attachmentChunks from './migrations/2026-11-24-01-attachment-chunks.js'
import * as userStorage from './migrations/2026-11-24-02-user-storage.js'
import * as unloggedRateLimits from './migrations/2026-11-25-01-unlogged-rate-limits.js'
import * as totpEnabledRepair from './migrations/2026-11-26-01-totp-enabled-repair.js'
import * as bytewiseRateLimitKeys from './migrations/2026-11-26-02-bytewise-rate-limit-keys.js'
import * as moderation from './migrations/2026-11-27-01-moderation.js'
import * as events from './migrations/2026-11-27-02-events.js'
import * as eventSequence from './migrations/2026-11-27-03-event-sequence.js'
import * as leanEvents from './migrations/2026-11-27-04-lean-events.js'

// Listed explicitly (not read from a folder) so the compiled server and the tests run the same set.
// Names sort in the order they must run.
const MIGRATIONS: Record<string, Migration> = {
  '2026-11-22-01-accounts': accounts,
  '2026-11-22-02-content': content,
  '2026-11-23-01-credentials-version': credentialsVersion,
  '2026-11-23-04-account-recovery': accountRecovery,
  '2026-11-24-01-attachment-chunks': attachmentChunks,
  '2026-11-24-02-user-storage': userStorage,
  '2026-11-25-01-unlogged-rate-limits': unloggedRateLimits,
  '2026-11-26-01-totp-enabled-repair': totpEnabledRepair,
  '2026-11-26-02-bytewise-rate-limit-keys': bytewiseRateLimitKeys,
  '2026-11-27-01-moderation': moderation,
  '2026-11-27-02-events': events,
  '2026-11-27-03-event-sequence': eventSequence,
  '2026-11-27-04-lean-events': leanEvents,
}

/** The names of every migration this build knows, in the order they run. */
export const MIGRATION_NAMES: readonly string[] = Object.keys(MIGRATIONS).sort()

/** The name of the table that records applied migrations. */
export const MIGRATION_TABLE = 'quire_migrations'

function migrator(db: Db): Migrator {
  return new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(MIGRATIONS) },
    migrationTableName: MIGRATION_TABLE,
    migrationLockTableName: 'quire_migrations_lock',
  })
}

/**
 * Brings the schema up to date. Safe to call from several instances at once: Kysely takes a lock
 * (a PostgreSQL advisory lock, or SQLite's write lock) while it migrates.
 */
export async function migrateToLatest(db: Db): Promise<void> {
  await settle(migrator(db).migrateToLatest())
}

/**
 * Brings the schema to the one migration `name` leaves, up or down (`down` of each later one, newest
 * first): for a test of a migration on data written under the schema before it, and for running an
 * older build on the same database (the benchmark's baseline).
 */
export async function migrateTo(db: Db, name: string): Promise<void> {
  await settle(migrator(db).migrateTo(name))
}

/** Throws when a migration failed, naming it. */
async function settle(run: ReturnType<Migrator['migrateToLatest']>): Promise<void> {
  const { error, results } = await run
  const failed = results?.find((result) => result.status === 'Error')
  if (error !== undefined || failed) {
    const name = failed ? ` (${failed.migrationName})` : ''
    throw new Error(
      `database migration failed${name}: ${error instanceof Error ? error.message : String(error)}`,
      {
        cause: error,
      },
    )
  }
}

/**
 * On PostgreSQL, migrates on a connection of its own without the statement timeout (an index build
 * may take long), through DATABASE_MIGRATION_URL when set: a direct connection to PostgreSQL while the
 * app's own pool may go through PgBouncer in transaction mode.
 */
export async function migrateDatabase(database: DatabaseConfig, db: Db): Promise<void> {
  if (database.kind !== 'postgres') {
    await migrateToLatest(db)
    return
  }
  const url = database.migrationUrl ?? database.url
  const direct = createDb({ ...database, url, poolMax: 1, statementTimeoutMs: 0 })
  try {
    await migrateToLatest(direct)
  } finally {
    await direct.destroy()
  }
}
