import { sql } from 'kysely'
import { compiledQuery } from '../db/compiled.js'
import { dialectOf, type Db } from '../db/database.js'
import type { NewSessionRow, SessionRow, UserRow } from '../db/tables.js'
import {
  pageWindow,
  paginate,
  toPage,
  type Page,
  type PageRequest,
  type PageWindow,
} from '../db/pagination.js'

interface SessionIfCurrent {
  id: string
  userId: string
  tokenHash: string
  userAgent: string | null
  ip: string | null
  createdAt: number
  updatedAt: number
  credentialsVersion: number
}

const insertSessionIfCurrentQuery = compiledQuery(
  (db, v: SessionIfCurrent) => {
    // Values are cast so PostgreSQL knows their types in a SELECT list (no column to infer them from).
    let source = db
      .selectFrom('users')
      .select([
        sql<string>`cast(${v.id} as text)`.as('id'),
        'users.id as user_id',
        sql<string>`cast(${v.tokenHash} as text)`.as('token_hash'),
        sql<string | null>`cast(${v.userAgent} as text)`.as('user_agent'),
        sql<string | null>`cast(${v.ip} as text)`.as('ip'),
        sql<number>`cast(${v.createdAt} as bigint)`.as('created_at'),
        sql<number>`cast(${v.updatedAt} as bigint)`.as('updated_at'),
      ])
      .where('users.id', '=', v.userId)
      .where('users.credentials_version', '=', v.credentialsVersion)
      .where('users.disabled', '=', 0)
    if (dialectOf(db) === 'postgres') source = source.forShare()
    return db
      .insertInto('sessions')
      .columns(['id', 'user_id', 'token_hash', 'user_agent', 'ip', 'created_at', 'updated_at'])
      .expression(source)
    // A new session: no copy of the session cache holds it.
  },
  { sessionCache: 'kept-in-step' },
)

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
  const inserted = await insertSessionIfCurrentQuery.changed(db, {
    id: row.id,
    userId: row.user_id,
    tokenHash: row.token_hash,
    userAgent: row.user_agent ?? null,
    ip: row.ip ?? null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    credentialsVersion,
  })
  return inserted > 0
}

/** A session as authentication needs it, with its user's whole row. */
export interface SessionWithUser {
  session: Pick<SessionRow, 'id' | 'token_hash' | 'created_at' | 'updated_at'>
  user: UserRow
}

const sessionWithUser = compiledQuery((db, v: { tokenHash: string }) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select([
      'sessions.id as session_id',
      'sessions.token_hash as session_token_hash',
      'sessions.created_at as session_created_at',
      'sessions.updated_at as session_updated_at',
    ])
    .where('sessions.token_hash', '=', v.tokenHash)
    // A disabled account's sessions are deleted when it is disabled; this keeps any other out too.
    .where('users.disabled', '=', 0),
)

/**
 * The session whose token hashes to this value, and its user, in one statement (every authenticated
 * request runs it). The user is written out field by field: a rest spread (`...user`) copies the
 * row's properties one by one at run time, on every authenticated request; a column
 * added to the users table fails to compile here until it is listed.
 */
export async function findSessionWithUserByTokenHash(
  db: Db,
  tokenHash: string,
): Promise<SessionWithUser | undefined> {
  const row = await sessionWithUser.first(db, { tokenHash })
  if (!row) return undefined
  return {
    session: {
      id: row.session_id,
      token_hash: row.session_token_hash,
      created_at: row.session_created_at,
      updated_at: row.session_updated_at,
    },
    user: {
      id: row.id,
      email: row.email,
      password_hash: row.password_hash,
      display_name: row.display_name,
      preferences: row.preferences,
      version: row.version,
      credentials_version: row.credentials_version,
      created_at: row.created_at,
      updated_at: row.updated_at,
      email_verified: row.email_verified,
      totp_enabled: row.totp_enabled,
      storage_bytes: row.storage_bytes,
      role: row.role,
      disabled: row.disabled,
    },
  }
}

const touchSessionQuery = compiledQuery(
  (db, v: { id: string; now: number }) =>
    db.updateTable('sessions').set({ updated_at: v.now }).where('id', '=', v.id),
  // The caller moves the cache's copy with the row (sessions/authenticate.ts).
  { sessionCache: 'kept-in-step' },
)

/** Records that a session was used now (the caller updates the session cache's copy). */
export async function touchSession(db: Db, id: string, now: number): Promise<void> {
  await touchSessionQuery.changed(db, { id, now })
}

const deleteSessionQuery = compiledQuery((db, v: { id: string }) =>
  db.deleteFrom('sessions').where('id', '=', v.id),
)

/** Deletes one session by ID. */
export async function deleteSessionById(db: Db, id: string): Promise<void> {
  await deleteSessionQuery.changed(db, { id })
}

const deleteUserSessionQuery = compiledQuery((db, v: { userId: string; id: string }) =>
  db.deleteFrom('sessions').where('id', '=', v.id).where('user_id', '=', v.userId).returning('id'),
)

/** Deletes one of a user's sessions; false when the user has no session with that ID. */
export async function deleteUserSession(db: Db, userId: string, id: string): Promise<boolean> {
  return (await deleteUserSessionQuery.first(db, { userId, id })) !== undefined
}

const deleteOtherUserSessionsQuery = compiledQuery((db, v: { userId: string; keepId: string }) =>
  db.deleteFrom('sessions').where('user_id', '=', v.userId).where('id', '!=', v.keepId).returning('id'),
)

/** Deletes every session of a user except one; returns the IDs of those that went. */
export async function deleteOtherUserSessions(db: Db, userId: string, keepId: string): Promise<string[]> {
  return (await deleteOtherUserSessionsQuery.rows(db, { userId, keepId })).map((row) => row.id)
}

const deleteAllUserSessionsQuery = compiledQuery((db, v: { userId: string }) =>
  db.deleteFrom('sessions').where('user_id', '=', v.userId),
)

/** Deletes every session of a user (a password reset signs out everywhere); returns how many went. */
export function deleteAllUserSessions(db: Db, userId: string): Promise<number> {
  return deleteAllUserSessionsQuery.changed(db, { userId })
}

const evictSessionsQuery = compiledQuery((db, v: { userId: string; keep: number }) =>
  db
    .deleteFrom('sessions')
    .where('user_id', '=', v.userId)
    .where('id', 'not in', (recent) =>
      recent
        .selectFrom('sessions')
        .select('id')
        .where('user_id', '=', v.userId)
        .orderBy('updated_at', 'desc')
        .orderBy('id', 'desc')
        .limit(v.keep),
    )
    .returning('id'),
)

/** Keeps a user's `keep` most recently used sessions and deletes the rest; returns the IDs that went. */
export async function evictLeastRecentlyUsedSessions(
  db: Db,
  userId: string,
  keep: number,
): Promise<string[]> {
  return (await evictSessionsQuery.rows(db, { userId, keep })).map((row) => row.id)
}

const userSessions = compiledQuery((db, v: { userId: string } & PageWindow) =>
  paginate(db.selectFrom('sessions').selectAll().where('user_id', '=', v.userId), 'sessions', v),
)

/** One page of a user's sessions, newest first. */
export async function listUserSessions(db: Db, userId: string, page: PageRequest): Promise<Page<SessionRow>> {
  return toPage(await userSessions.rows(db, { userId, ...pageWindow(page) }), page)
}

const deleteExpiredSessionsQuery = compiledQuery(
  (db, v: { idleCutoff: number; createdCutoff: number | undefined; limit: number }) =>
    db.deleteFrom('sessions').where('id', 'in', (eb) =>
      eb
        .selectFrom('sessions')
        .select('id')
        .where((eb) =>
          v.createdCutoff === undefined
            ? eb('updated_at', '<', v.idleCutoff)
            : eb.or([eb('updated_at', '<', v.idleCutoff), eb('created_at', '<', v.createdCutoff)]),
        )
        .limit(v.limit),
    ),
)

/**
 * Deletes up to `limit` sessions idle since before `idleCutoff` or, with an absolute cap, created before
 * `createdCutoff`; returns how many.
 */
export function deleteExpiredSessions(
  db: Db,
  limit: number,
  idleCutoff: number,
  createdCutoff?: number,
): Promise<number> {
  return deleteExpiredSessionsQuery.changed(db, { idleCutoff, createdCutoff, limit })
}

const sessionsByIdsQuery = compiledQuery((db, v: { ids: string[] }) =>
  db.selectFrom('sessions').select(['id', 'user_id', 'created_at', 'updated_at']).where('id', 'in', v.ids),
)

/**
 * The sessions among these IDs that still exist (at most 100 IDs), read from the database itself and
 * not the session cache: open event streams end when theirs is gone.
 */
export function findSessionsByIds(
  db: Db,
  ids: string[],
): Promise<Array<Pick<SessionRow, 'id' | 'user_id' | 'created_at' | 'updated_at'>>> {
  return sessionsByIdsQuery.rows(db, { ids })
}
