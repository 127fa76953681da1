import { sql } from 'kysely'
import { dialectOf, type Db } from '../db/database.js'
import type { NewSessionRow, SessionRow } from '../db/tables.js'
import { paginate, toPage, type Page, type PageRequest } from '../http/pagination.js'

/**
 * Inserts a login's session in one statement, and only while its user still exists with the
 * credentials the login checked (`credentialsVersion`): a login racing a password change or an account
 * deletion creates nothing. On PostgreSQL the user row is share-locked, so a concurrent password
 * change waits for this insert (then deletes the new session with the others) or this insert waits
 * for it (then sees the new version). SQLite runs one writer at a time. False when nothing was inserted.
 */
export async function insertSessionIfCredentialsCurrent(
  db: Db,
  row: NewSessionRow,
  credentialsVersion: number,
): Promise<boolean> {
  // Values are cast so PostgreSQL knows their types in a SELECT list (no column to infer them from).
  let source = db
    .selectFrom('users')
    .select([
      sql<string>`cast(${row.id} as text)`.as('id'),
      'users.id as user_id',
      sql<string>`cast(${row.token_hash} as text)`.as('token_hash'),
      sql<string | null>`cast(${row.user_agent ?? null} as text)`.as('user_agent'),
      sql<string | null>`cast(${row.ip ?? null} as text)`.as('ip'),
      sql<number>`cast(${row.created_at} as bigint)`.as('created_at'),
      sql<number>`cast(${row.updated_at} as bigint)`.as('updated_at'),
    ])
    .where('users.id', '=', row.user_id)
    .where('users.credentials_version', '=', credentialsVersion)
  if (dialectOf(db) === 'postgres') source = source.forShare()
  const result = await db
    .insertInto('sessions')
    .columns(['id', 'user_id', 'token_hash', 'user_agent', 'ip', 'created_at', 'updated_at'])
    .expression(source)
    .executeTakeFirst()
  return (result.numInsertedOrUpdatedRows ?? 0n) > 0n
}

/** The session whose token hashes to this value. */
export function findSessionByTokenHash(db: Db, tokenHash: string): Promise<SessionRow | undefined> {
  return db.selectFrom('sessions').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst()
}

/** Records that a session was used now. */
export async function touchSession(db: Db, id: string, now: number): Promise<void> {
  await db.updateTable('sessions').set({ updated_at: now }).where('id', '=', id).execute()
}

/** Deletes one session by ID. */
export async function deleteSessionById(db: Db, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute()
}

/** Deletes one of a user's sessions; false when the user has no session with that ID. */
export async function deleteUserSession(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('sessions')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return result.numDeletedRows > 0n
}

/** Deletes every session of a user except one; returns how many went. */
export async function deleteOtherUserSessions(db: Db, userId: string, keepId: string): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('id', '!=', keepId)
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}

/** Deletes every session of a user (a password reset signs out everywhere); returns how many went. */
export async function deleteAllUserSessions(db: Db, userId: string): Promise<number> {
  const result = await db.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst()
  return Number(result.numDeletedRows)
}

/** Keeps a user's `keep` most recently used sessions and deletes the rest. */
export async function evictLeastRecentlyUsedSessions(db: Db, userId: string, keep: number): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('id', 'not in', (recent) =>
      recent
        .selectFrom('sessions')
        .select('id')
        .where('user_id', '=', userId)
        .orderBy('updated_at', 'desc')
        .orderBy('id', 'desc')
        .limit(keep),
    )
    .execute()
}

/** One page of a user's sessions, newest first. */
export async function listUserSessions(db: Db, userId: string, page: PageRequest): Promise<Page<SessionRow>> {
  const rows = await paginate(
    db.selectFrom('sessions').selectAll().where('user_id', '=', userId),
    'sessions',
    page,
  ).execute()
  return toPage(rows, page)
}

/** Deletes sessions idle since before `idleCutoff` or, with an absolute cap, created before `createdCutoff`. */
export async function deleteExpiredSessions(
  db: Db,
  idleCutoff: number,
  createdCutoff?: number,
): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where((eb) =>
      createdCutoff === undefined
        ? eb('updated_at', '<', idleCutoff)
        : eb.or([eb('updated_at', '<', idleCutoff), eb('created_at', '<', createdCutoff)]),
    )
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}
