import type { Db } from '../db/database.js'
import type { NewSessionRow, SessionRow } from '../db/tables.js'
import { paginate, toPage, type Page, type PageRequest } from '../http/pagination.js'

/** Inserts a session. */
export async function insertSession(db: Db, row: NewSessionRow): Promise<void> {
  await db.insertInto('sessions').values(row).execute()
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
