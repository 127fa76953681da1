import type { FastifyInstance } from 'fastify'
import type { Db } from '../src/db/database.js'
import type { AuditEventRow, Role } from '../src/db/tables.js'
import { registerAndLogin, type TestUser } from './helpers.js'

// The cast of the moderation tests: accounts of each role, made through HTTP and promoted in the
// database (through the app's own handle, so its session cache sees the change at once).

/** Gives an account a role, as an admin or the command line would. */
export async function grantRole(db: Db, userId: string, role: Role): Promise<void> {
  await db.updateTable('users').set({ role }).where('id', '=', userId).execute()
}

/** A member who writes the content, another member, a moderator and an admin. */
interface Cast {
  author: TestUser
  member: TestUser
  moderator: TestUser
  admin: TestUser
}

/** Registers the cast and gives the moderator and admin their roles. */
export async function castOf(app: FastifyInstance, db: Db): Promise<Cast> {
  const [author, member, moderator, admin] = await Promise.all([
    registerAndLogin(app, 'author'),
    registerAndLogin(app, 'member'),
    registerAndLogin(app, 'moderator'),
    registerAndLogin(app, 'admin'),
  ])
  await grantRole(db, moderator.id, 'moderator')
  await grantRole(db, admin.id, 'admin')
  return { author, member, moderator, admin }
}

/** Every audit row, oldest first. */
export function auditRows(db: Db): Promise<AuditEventRow[]> {
  return db.selectFrom('audit_events').selectAll().orderBy('id').execute()
}
