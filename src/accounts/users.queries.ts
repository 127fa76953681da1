import { sql } from 'kysely'
import { compiledQuery } from '../db/compiled.js'
import {
  pageWindow,
  paginate,
  toPage,
  type Page,
  type PageRequest,
  type PageWindow,
} from '../db/pagination.js'
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
    | 'display_name'
    | 'preferences'
    | 'password_hash'
    | 'email'
    | 'email_verified'
    | 'totp_enabled'
    | 'role'
    | 'disabled'
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
        ...(v.role === undefined ? {} : { role: v.role }),
        ...(v.disabled === undefined ? {} : { disabled: v.disabled }),
        updated_at: v.now,
        version: eb('version', '+', 1),
      }))
      .where('id', '=', v.id)
    if (v.expectedVersion !== undefined) update = update.where('version', '=', v.expectedVersion)
    return update.returningAll()
  },
)

/** Changes a user's profile, password hash, email, flags, role or disabled state and bumps its version (a new hash also bumps
 * `credentials_version`, which voids logins checked against the old one); with `expectedVersion`, only
 * if nobody changed it meanwhile. Returns the updated row, or undefined when the condition failed. */
export function updateUser(
  db: Db,
  id: string,
  changes: UserChanges,
  now: number,
  expectedVersion?: number,
): Promise<UserRow | undefined> {
  const { display_name, preferences, password_hash, email, email_verified, totp_enabled, role, disabled } =
    changes
  return updateUserQuery.first(db, {
    display_name,
    preferences,
    password_hash,
    email,
    email_verified,
    totp_enabled,
    role,
    disabled,
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

const userRowForDeletionQuery = compiledQuery((db, v: { id: string }) => {
  const query = db.selectFrom('users').select('id').where('id', '=', v.id)
  return dialectOf(db) === 'postgres' ? query.forUpdate() : query
})

/**
 * Takes the lock the account's deletion takes on its row (FOR UPDATE on PostgreSQL; SQLite's one writer
 * already holds everything): the posts and comments being written that name the user commit first,
 * and none is written after, so what the deletion reads next is all its cascade will take.
 */
export async function lockUserForDeletion(db: Db, id: string): Promise<void> {
  await userRowForDeletionQuery.first(db, { id })
}

const deleteUserQuery = compiledQuery((db, v: { id: string }) =>
  db.deleteFrom('users').where('id', '=', v.id),
)

/** Deletes a user; sessions, posts, attachments and comments go with it (foreign-key cascades). */
export async function deleteUser(db: Db, id: string): Promise<void> {
  await deleteUserQuery.changed(db, { id })
}

const activeAdminIds = compiledQuery((db, v: { role: 'admin' }) => {
  const query = db
    .selectFrom('users')
    .select('id')
    .where('role', '=', v.role)
    .where('disabled', '=', 0)
    .orderBy('id')
  return dialectOf(db) === 'postgres' ? query.forNoKeyUpdate() : query
})

/**
 * The IDs of the enabled admins, locked until the transaction ends (in ID order, so two transactions
 * queue instead of deadlocking): two admins stepping down at once cannot both see the other remain.
 */
export async function lockActiveAdminIds(db: Db): Promise<string[]> {
  return (await activeAdminIds.rows(db, { role: 'admin' })).map((row) => row.id)
}

/** The highest code point: every string that starts with a prefix sorts below the prefix followed by it. */
const AFTER_EVERY_CHARACTER = '\u{10FFFF}'

const usersPage = compiledQuery(
  (db, v: { from: string | undefined; to: string | undefined } & PageWindow) => {
    let query = db.selectFrom('users').selectAll()
    if (v.from !== undefined && v.to !== undefined) {
      // A prefix is a range of the email index, compared byte by byte: SQLite's index already is; on
      // PostgreSQL the migration made an index of the "C" collation, which this expression uses.
      const email = dialectOf(db) === 'postgres' ? sql<string>`email collate "C"` : sql<string>`email`
      query = query.where(email, '>=', v.from).where(email, '<', v.to)
    }
    return paginate(query, 'users', v)
  },
)

/** One page of the accounts, newest first; with `emailPrefix` (lower-cased), those whose email starts so. */
export async function listUsers(
  db: Db,
  emailPrefix: string | undefined,
  page: PageRequest,
): Promise<Page<UserRow>> {
  const range =
    emailPrefix === undefined || emailPrefix === ''
      ? { from: undefined, to: undefined }
      : { from: emailPrefix, to: emailPrefix + AFTER_EVERY_CHARACTER }
  return toPage(await usersPage.rows(db, { ...range, ...pageWindow(page) }), page)
}
