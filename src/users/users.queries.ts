import type { Db } from '../db/database.js'
import type { NewUserRow, UserRow } from '../db/tables.js'

/** Inserts a user; a duplicate email fails with a unique violation. */
export async function insertUser(db: Db, row: NewUserRow): Promise<void> {
  await db.insertInto('users').values(row).execute()
}

/** The user with this ID. */
export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()
}

/** The user with this (already lower-cased) email. */
export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst()
}

/** True when an account already uses this (lower-cased) email. */
export async function emailExists(db: Db, email: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()
  return row !== undefined
}

/** Changes a user's profile, password hash, email or flags and bumps its version; with `expectedVersion`, only
 * if nobody changed it meanwhile. Returns the updated row, or undefined when the condition failed. */
export async function updateUser(
  db: Db,
  id: string,
  changes: Partial<
    Pick<
      UserRow,
      'display_name' | 'preferences' | 'password_hash' | 'email' | 'email_verified' | 'totp_enabled'
    >
  >,
  now: number,
  expectedVersion?: number,
): Promise<UserRow | undefined> {
  let update = db
    .updateTable('users')
    .set((eb) => ({ ...changes, updated_at: now, version: eb('version', '+', 1) }))
    .where('id', '=', id)
  if (expectedVersion !== undefined) update = update.where('version', '=', expectedVersion)
  return update.returningAll().executeTakeFirst()
}

/** Replaces a password hash without touching the profile's version (a transparent re-hash). */
export async function replacePasswordHash(db: Db, id: string, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', id).execute()
}

/** Deletes a user; sessions, posts, attachments and comments go with it (foreign-key cascades). */
export async function deleteUser(db: Db, id: string): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute()
}
