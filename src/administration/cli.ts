import { normalizeEmail } from '../accounts/credentials.js'
import { isRole, ROLES } from '../accounts/roles.js'
import { findUserByEmail } from '../accounts/users.queries.js'
import { logAudited } from '../audit/audit.js'
import { ConfigError, loadConfig } from '../config.js'
import { createDb } from '../db/database.js'
import { migrateDatabase } from '../db/migrate.js'
import { ApiError } from '../errors.js'
import { createLogger } from '../logging.js'
import { changeAccount } from './account-changes.js'

// `npm run admin -- role EMAIL ROLE`: the way to make the first admin (Quire has no built-in one and
// no admin password in the environment), on either engine, with the server running or not. Reads
// DATABASE_URL (and the other DATABASE_* settings) like the server. The change is audited with
// `actor_id` null and logged as a security event on stderr. Exit codes: 0 done, 1 refused or failed
// (one line on stderr says why), 2 wrong usage.

const USAGE = `usage:
  npm run admin -- role EMAIL ROLE
      give the account with this EMAIL the ROLE ${ROLES.join(' | ')}`

class UsageError extends Error {}

/** The server's database settings from the environment, without its other (unneeded) settings. */
function databaseSettings(): Record<string, string> {
  const settings: Record<string, string> = { LOG_LEVEL: 'silent' }
  for (const [name, value] of Object.entries(process.env)) {
    if (name.startsWith('DATABASE_') && value !== undefined) settings[name] = value
  }
  return settings
}

async function setRole(args: string[]): Promise<number> {
  const [emailText, role, ...extra] = args
  if (emailText === undefined || role === undefined || extra.length > 0) {
    throw new UsageError('role takes exactly an EMAIL and a ROLE')
  }
  if (!isRole(role)) throw new UsageError(`ROLE must be one of ${ROLES.join(', ')} (got ${role})`)
  let database
  try {
    database = loadConfig(databaseSettings()).database
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(error.message)
    throw error
  }
  const db = createDb(database)
  try {
    await migrateDatabase(database, db)
    const email = normalizeEmail(emailText)
    const user = await findUserByEmail(db, email)
    if (!user) {
      process.stderr.write(`quire admin: refused: no account has the email ${email}\n`)
      return 1
    }
    const { audited } = await db.transaction().execute((trx) => changeAccount(trx, user.id, { role }, null))
    logAudited(createLogger('info', process.stderr), audited)
    process.stdout.write(
      audited.length === 0
        ? `${email} already has the role ${role}\n`
        : `${email} now has the role ${role}\n`,
    )
    return 0
  } finally {
    await db.destroy()
  }
}

/** Runs one command line; resolves with the process exit code. */
export async function runAdminCommand(argv: string[]): Promise<number> {
  const [command, ...args] = argv
  try {
    if (command === 'role') return await setRole(args)
    throw new UsageError(command === undefined ? 'a command is required' : `unknown command ${command}`)
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`quire admin: ${error.message}\n${USAGE}\n`)
      return 2
    }
    if (error instanceof ApiError) {
      process.stderr.write(`quire admin: refused: ${error.message}\n`)
      return 1
    }
    process.stderr.write(`quire admin: failed: ${error instanceof Error ? error.message : String(error)}\n`)
    return 1
  }
}

process.exitCode = await runAdminCommand(process.argv.slice(2))
