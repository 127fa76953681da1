import { compiledQuery } from '../db/compiled.js'
import { dialectOf, type Db } from '../db/database.js'
import type { NewUserRow, UserRow } from '../db/tables.js'

const insertUserQuery = compiledQuery((db, row: NewUserRow) => db.insertInto('users').values(row))

/** Inserts a user; a duplicate email fails with a unique violation. */
export async function insertUser(db: Db, row: NewUserRow): Promise<void> {
  await insertUserQuery.changed(db, row)
}

const userById = compiledQuery((db, v: { id: string }) =>
  db.selectFrom('users').selectAll().where('id', '=', v.id),
)

/** The user with this ID. */
export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return userById.first(db, { id })
}

const lockedUserById = compiledQuery((db, v: { id: string }) => {
  const query = db.selectFrom('users').selectAll().where('id', '=', v.id)
  // Not FOR UPDATE: that also holds off the foreign-key checks of rows being written that name the
  // user (a post, a comment), which need not wait (see storage.queries.ts).
  return dialectOf(db) === 'postgres' ? query.forNoKeyUpdate() : query
})

/**
 * The user with this ID, read under a lock on its row that lasts until the transaction ends: the first
 * statement of a transaction that reads an account's state and then writes from it, so two such
 * transactions queue and the second reads what the first committed. PostgreSQL locks the row (as do
 * the account's other writers, which take it first too); a SQLite transaction holds the database's
 * write lock from its start, so it needs nothing more.
 */
export function lockUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return lockedUserById.first(db, { id })
}

const userByEmail = compiledQuery((db, v: { email: string }) =>
  db.selectFrom('users').selectAll().where('email', '=', v.email),
)

/** The user with this (already lower-cased) email. */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  // No stored email holds NUL, and PostgreSQL refuses it in a query's text (a 500 on login).
  if (email.includes('\u0000')) return undefined
  return userByEmail.first(db, { email })
}

const userIdByEmail = compiledQuery((db, v: { email: string }) =>
  db.selectFrom('users').select('id').where('email', '=', v.email),
)

/** True when an account already uses this (lower-cased) email. */
export async function emailExists(db: Db, email: string): Promise<boolean> {
  return (await userIdByEmail.first(db, { email })) !== undefined
}

type UserChanges = Partial<
  Pick<
    UserRow,
    'display_name' | 'preferences' | 'password_hash' | 'email' | 'email_verified' | 'totp_enabled'
  >
>

const updateUserQuery = compiledQuery(
  (db, v: UserChanges & { id: string; now: number; expectedVersion: number | undefined }) => {
    let update = db
      .updateTable('users')
      .set((eb) => ({
        ...(v.display_name === undefined ? {} : { display_name: v.display_name }),
        ...(v.preferences === undefined ? {} : { preferences: v.preferences }),
        ...(v.password_hash === undefined
          ? {}
          : {
              password_hash: v.password_hash,
              credentials_version: eb('credentials_version', '+', 1),
            }),
        ...(v.email === undefined ? {} : { email: v.email }),
        ...(v.email_verified === undefined ? {} : { email_verified: v.email_verified }),
        ...(v.totp_enabled === undefined ? {} : { totp_enabled: v.totp_enabled }),
        updated_at: v.now,
        version: eb('version', '+', 1),
      }))
      .where('id', '=', v.id)
    if (v.expectedVersion !== undefined) update = update.where('version', '=', v.expectedVersion)
    return update.returningAll()
  },
)

/** Changes a user's profile, password hash, email or flags and bumps its version (a new hash also bumps
 * `credentials_version`, which voids logins checked against the old one); with `expectedVersion`, only
 * if nobody changed it meanwhile. Returns the updated row, or undefined when the condition failed. */
export function updateUser(
  db: Db,
  id: string,
  changes: UserChanges,
  now: number,
  expectedVersion?: number,
): Promise<UserRow | undefined> {
  const { display_name, preferences, password_hash, email, email_verified, totp_enabled } = changes
  return updateUserQuery.first(db, {
    display_name,
    preferences,
    password_hash,
    email,
    email_verified,
    totp_enabled,
    id,
    now,
    expectedVersion,
  })
}

const replacePasswordHashQuery = compiledQuery(
  (db, v: { id: string; credentialsVersion: number; passwordHash: string }) =>
    db
      .updateTable('users')
      .set({ password_hash: v.passwordHash })
      .where('id', '=', v.id)
      .where('credentials_version', '=', v.credentialsVersion),
)

/** Replaces a password hash without touching the profile's version (a transparent re-hash of the
 * same password), unless the password changed since `user` was read. */
export async function replacePasswordHash(
  db: Db,
  user: Pick<UserRow, 'id' | 'credentials_version'>,
  passwordHash: string,
): Promise<void> {
  await replacePasswordHashQuery.changed(db, {
    id: user.id,
    credentialsVersion: user.credentials_version,
    passwordHash,
  })
}

const deleteUserQuery = compiledQuery((db, v: { id: string }) =>
  db.deleteFrom('users').where('id', '=', v.id),
)

/** Deletes a user; sessions, posts, attachments and comments go with it (foreign-key cascades). */
export async function deleteUser(db: Db, id: string): Promise<void> {
  await deleteUserQuery.changed(db, { id })
}
